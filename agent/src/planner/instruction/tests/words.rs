//! People's words (issue #30): a run never acts on a misunderstanding, and an address given
//! before a step the planner does not know is always opened.

use super::builder::{Page, click, plan, succeeded};
use crate::action::Action;
use crate::plan::StopMeaning;
use crate::planner::instruction::parse::parse_message;

fn reply_page() -> tandem_mcp_browser::snapshot::Snapshot {
    Page::new("https://mail.test/", "Inbox")
        .textbox("Message")
        .button("Send")
        .button("Sent")
        .build()
}

#[test]
fn a_step_not_understood_stops_the_run_before_it_sends() {
    let page = reply_page();
    let goal = "type hi into Message\ncc his assistant\nclick Send";
    let first = plan(goal, Some(&page), &[]);
    assert!(matches!(first.action, Action::Type { .. }), "{first:?}");
    let second = plan(goal, Some(&page), &[succeeded(&first)]);
    let Action::Stop { answer } = &second.action else {
        panic!("expected a stop before Send, got {second:?}");
    };
    assert_eq!(second.stop_meaning, StopMeaning::GaveUp);
    assert!(answer.contains("\"cc his assistant\""), "{answer}");
    assert!(answer.contains("typed"), "{answer}");
}

#[test]
fn a_run_with_a_step_not_understood_never_ends_done() {
    let page = reply_page();
    let goal = "click Sent\ndo the usual";
    let first = plan(goal, Some(&page), &[]);
    assert_eq!(first.action, click("e3"));
    let last = plan(goal, Some(&page), &[succeeded(&first)]);
    assert!(matches!(last.action, Action::Stop { .. }), "{last:?}");
    assert_eq!(last.stop_meaning, StopMeaning::GaveUp);
}

#[test]
fn an_address_is_opened_whatever_verb_follows() {
    for message in [
        "open mail.test/inbox then obliterate the newsletter",
        "Go to https://notes.test/. Rename the note Ideas to Plans",
        "visit projects.test and archive Apollo",
    ] {
        let parsed = parse_message(message);
        assert!(
            matches!(
                parsed.steps.first(),
                Some((crate::planner::instruction::step::Step::Open { .. }, _))
            ),
            "{message}: {parsed:?}"
        );
        assert_eq!(parsed.ignored.len(), 1, "{message}: {parsed:?}");
    }
}
