//! Values described by their spelling, chosen among suggestions (`affixes`).

use super::builder::{Page, click, plan, succeeded_on};
use crate::action::Action;
use tandem_mcp_browser::snapshot::Snapshot;

const GOAL: &str = "Enter an item that starts with \"An\" and ends with \"ica\".";

fn field(value: &str, suggestions: &[&str]) -> Snapshot {
    let mut page = Page::new("https://tags.test/", "Tags")
        .textbox("Tags")
        .with(|el| el.value = Some(value.to_owned()));
    for s in suggestions {
        page = page.element("menuitem", s);
    }
    page.button("Submit").build()
}

#[test]
fn the_start_is_typed_then_the_suggestion_that_fits_is_chosen_and_the_send_only_offered() {
    let empty = field("", &[]);
    let first = plan(GOAL, Some(&empty), &[]);
    assert_eq!(
        first.action,
        Action::Type {
            eid: "e1".into(),
            text: "An".to_owned(),
            clear: true,
            submit: false
        }
    );
    let mut history = vec![succeeded_on(&first, Some(&empty))];
    let listed = field("An", &["Andorra", "Angola", "Antarctica", "Antigua"]);
    let pick = plan(GOAL, Some(&listed), &history);
    assert_eq!(pick.action, click("e4"));
    history.push(succeeded_on(&pick, Some(&listed)));
    let chosen = field("Antarctica", &[]);
    // Nothing is sent unasked: the page's one "Submit" is offered (the policy asks first).
    let end = plan(GOAL, Some(&chosen), &history);
    assert_eq!(end.action, click("e2"));
    assert!(end.offered, "{end:?}");
}

#[test]
fn several_fitting_suggestions_are_a_question() {
    let empty = field("", &[]);
    let first = plan("type a word beginning with an", Some(&empty), &[]);
    let history = vec![succeeded_on(&first, Some(&empty))];
    let listed = field("an", &["Andorra", "Angola"]);
    let ask = plan("type a word beginning with an", Some(&listed), &history);
    assert!(
        matches!(ask.action, Action::AskUser { .. }),
        "{}",
        ask.action
    );
}
