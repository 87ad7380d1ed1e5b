//! People's words (issue #30): a run never acts on a misunderstanding, and an address given
//! before a step the planner does not know is always opened.

use super::builder::{Page, click, plan, succeeded, succeeded_on};
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
        // The rest is a step of its own: a verb the page gives a meaning to.
        assert_eq!(parsed.steps.len(), 2, "{message}: {parsed:?}");
        assert!(parsed.ignored.is_empty(), "{message}: {parsed:?}");
    }
}

/// A mail list: each row is one clickable element, its actions are buttons inside it.
fn inbox() -> tandem_mcp_browser::snapshot::Snapshot {
    let mut page = Page::new("https://mail.test/", "Inbox");
    for (i, subject) in ["Finance team March report", "Finance team February report"]
        .iter()
        .enumerate()
    {
        let y = 100.0 + 40.0 * i as f64;
        page = page
            .element("clickable", subject)
            .with(|el| el.rect = rect(0.0, y, 1000.0, 40.0))
            .button("Archive")
            .with(|el| el.rect = rect(900.0, y + 5.0, 30.0, 30.0))
            .button("Delete")
            .with(|el| el.rect = rect(940.0, y + 5.0, 30.0, 30.0));
    }
    page.build()
}

fn rect(x: f64, y: f64, w: f64, h: f64) -> tandem_mcp_browser::snapshot::Rect {
    tandem_mcp_browser::snapshot::Rect { x, y, w, h }
}

#[test]
fn an_unknown_verb_is_the_control_of_that_name_in_the_things_row() {
    let page = inbox();
    let first = plan("archive the February report", Some(&page), &[]);
    assert_eq!(first.action, click("e5"), "{first:?}");
    let record = succeeded_on(&first, Some(&page));
    let done = plan("archive the February report", Some(&page), &[record]);
    assert!(matches!(done.action, Action::Stop { .. }), "{done:?}");
    assert_eq!(done.stop_meaning, StopMeaning::Finished, "{done:?}");
}

#[test]
fn an_unknown_verb_with_no_such_control_opens_the_thing_then_stops_without_a_guess() {
    let page = inbox();
    let goal = "snooze the March report";
    let first = plan(goal, Some(&page), &[]);
    assert_eq!(first.action, click("e1"), "the thing is opened: {first:?}");
    let second = plan(goal, Some(&page), &[succeeded_on(&first, Some(&page))]);
    let Action::Stop { answer } = &second.action else {
        panic!("expected a stop, got {second:?}");
    };
    assert_eq!(second.stop_meaning, StopMeaning::GaveUp);
    assert!(answer.contains("snooze"), "{answer}");
}

#[test]
fn a_row_menu_named_for_the_thing_is_opened_first() {
    let page = Page::new("https://projects.test/", "Projects")
        .button("More actions for Website redesign")
        .button("More actions for Website redesign – assets")
        .build();
    let first = plan("archive the Website redesign project", Some(&page), &[]);
    assert_eq!(first.action, click("e1"), "{first:?}");
    let menu = Page::new("https://projects.test/", "Projects")
        .button("More actions for Website redesign")
        .button("More actions for Website redesign – assets")
        .element("menuitem", "Rename")
        .element("menuitem", "Archive")
        .build();
    let second = plan(
        "archive the Website redesign project",
        Some(&menu),
        &[succeeded_on(&first, Some(&page))],
    );
    assert_eq!(second.action, click("e4"), "{second:?}");
}

#[test]
fn words_beside_a_name_are_not_understood_and_nothing_is_pressed() {
    let page = Page::new("https://settings.test/", "Settings")
        .checkbox("Read receipts", true)
        .button("Save changes")
        .build();
    let goal = "turn off read receipts, do whatever you think is best with the rest, and save";
    let first = plan(goal, Some(&page), &[]);
    assert!(
        !matches!(first.action, Action::Uncheck { .. } | Action::Click { .. }),
        "acted on part of the words: {first:?}"
    );
}

#[test]
fn a_polite_request_is_not_a_question_about_the_page() {
    let page = reply_page();
    let last = plan("can you add Sam to my favourites?", Some(&page), &[]);
    assert_ne!(last.stop_meaning, StopMeaning::Finished, "{last:?}");
}

#[test]
fn a_name_split_by_its_own_and_is_one_click() {
    let page = Page::new("https://shop.test/order", "Edit order")
        .button("Save")
        .button("Save and close")
        .build();
    let first = plan("then Save and close", Some(&page), &[]);
    assert_eq!(first.action, click("e2"), "{first:?}");
    let done = plan("then Save and close", Some(&page), &[succeeded(&first)]);
    let Action::Stop { answer } = &done.action else {
        panic!("{done:?}");
    };
    assert_eq!(done.stop_meaning, StopMeaning::Finished, "{answer}");
}

#[test]
fn the_nth_result_is_the_nth_link_with_a_heading_of_its_own() {
    let mut page = Page::new("https://search.test/?q=pans", "pans - Search")
        .link("All", "#all")
        .link("Images", "#images")
        .link("Videos", "#videos");
    for title in ["Seasoning cast iron", "Cast iron care", "Why pans rust"] {
        page = page
            .button("About this result")
            .text(title)
            .with_last_text(|t| t.kind = "heading".to_owned())
            .link(title, "#r");
    }
    let page = page.build();
    for goal in ["open the third result", "click the second of the results"] {
        let first = plan(goal, Some(&page), &[]);
        let want = if goal.contains("third") { "e9" } else { "e7" };
        assert_eq!(first.action, click(want), "{goal}: {first:?}");
    }
}

#[test]
fn crossing_off_ticks_the_box_on_the_things_line() {
    let mut page = Page::new("https://todo.test/", "todos");
    for (i, title) in ["Call mum", "Renew passport"].iter().enumerate() {
        let y = 100.0 + 40.0 * i as f64;
        page = page
            .text(title)
            .with_last_text(|t| t.y = y + 20.0)
            .element("checkbox", "")
            .with(|el| {
                el.checked = Some(false);
                el.rect = rect(10.0, y + 5.0, 30.0, 30.0);
            });
    }
    let page = page.build();
    let first = plan("cross off renew passport", Some(&page), &[]);
    assert_eq!(
        first.action,
        Action::Check { eid: "e2".into() },
        "{first:?}"
    );
}

#[test]
fn a_reply_with_its_message_types_it_into_the_field_the_reply_opened() {
    let goal = "Reply to Priya: thanks, I'll look tonight";
    let list = Page::new("https://mail.test/", "Inbox")
        .element("clickable", "Priya Raman Re: Q2 budget")
        .build();
    let first = plan(goal, Some(&list), &[]);
    assert_eq!(first.action, click("e1"), "the mail is opened: {first:?}");
    let open = Page::new("https://mail.test/#m1", "Re: Q2 budget")
        .button("Reply")
        .build();
    let history = vec![succeeded_on(&first, Some(&list))];
    let second = plan(goal, Some(&open), &history);
    assert_eq!(second.action, click("e1"), "{second:?}");
    let compose = Page::new("https://mail.test/#m1", "Re: Q2 budget")
        .button("Reply")
        .textbox("Message Body")
        .build();
    let history = [history, vec![succeeded_on(&second, Some(&open))]].concat();
    let third = plan(goal, Some(&compose), &history);
    let Action::Type { eid, text, .. } = &third.action else {
        panic!("{third:?}");
    };
    assert_eq!(
        (eid.as_str(), text.as_str()),
        ("e2", "thanks, I'll look tonight")
    );
}
