//! A pop-up that disabled the step's element is dismissed with its own close control, and the
//! step is tried again (`popup`).

use super::builder::{Page, click, failed, plan, refused, succeeded, typed};
use crate::action::Action;
use tandem_mcp_browser::snapshot::Snapshot;

const GOAL: &str = "type \"kim\" into the Username field, then click Sign in";

fn sign_in(disabled: bool, dismiss: &[&str]) -> Snapshot {
    let mut page = Page::new("https://app.test/", "Sign in").textbox("Username");
    if disabled {
        page = page.disabled();
    }
    page = page.button("Sign in");
    for name in dismiss {
        page = page.button(name);
    }
    page.build()
}

#[test]
fn a_step_whose_field_turned_disabled_dismisses_the_pop_up_then_types_again() {
    let calm = sign_in(false, &[]);
    let first = plan(GOAL, Some(&calm), &[]);
    assert_eq!(first.action, typed("e1", "kim"));
    let mut history = vec![failed(
        &first,
        "element `the \"Username\" field` is disabled",
    )];

    let covered = sign_in(true, &["OK", "Cancel"]);
    let aside = plan(GOAL, Some(&covered), &history);
    assert_eq!(aside.action, click("e4"), "Cancel, never OK");
    history.push(succeeded(&aside));

    // The dismissal completed nothing: the step is typed again, then the run goes on.
    let again = plan(GOAL, Some(&calm), &history);
    assert_eq!(again.action, typed("e1", "kim"));
    history.push(succeeded(&again));
    assert_eq!(plan(GOAL, Some(&calm), &history).action, click("e2"));
}

#[test]
fn a_click_refused_under_an_overlay_dismisses_it_then_clicks_again() {
    const CLICK: &str = "click Sign in";
    let calm = sign_in(false, &[]);
    let first = plan(CLICK, Some(&calm), &[]);
    assert_eq!(first.action, click("e2"));
    let mut history = vec![refused(
        &first,
        "covered",
        "the \"10% off\" dialog covers e2 (button \"Sign in\"); a click there would land on it \
         instead: dismiss or close it first",
    )];
    // Nothing is disabled: the overlay only covers the page.
    let covered = sign_in(false, &["Get my code", "Close dialog"]);
    let aside = plan(CLICK, Some(&covered), &history);
    assert_eq!(aside.action, click("e4"), "Close dialog, never Get my code");
    history.push(succeeded(&aside));
    assert_eq!(plan(CLICK, Some(&calm), &history).action, click("e2"));
}

#[test]
fn a_click_an_arriving_overlay_caught_dismisses_it_then_clicks_again() {
    const CLICK: &str = "click Sign in";
    let calm = sign_in(false, &[]);
    let first = plan(CLICK, Some(&calm), &[]);
    let history = vec![refused(
        &first,
        "click_missed",
        "the click meant for e2 (button \"Sign in\") landed on the \"10% off\" dialog instead",
    )];
    let covered = sign_in(false, &["Get my code", "Close dialog"]);
    let aside = plan(CLICK, Some(&covered), &history);
    assert_eq!(aside.action, click("e4"), "Close dialog, never Get my code");
}

#[test]
fn a_pop_up_is_dismissed_once_a_step() {
    let calm = sign_in(false, &[]);
    let first = plan(GOAL, Some(&calm), &[]);
    let covered = sign_in(true, &["Close"]);
    let mut history = vec![failed(
        &first,
        "element `the \"Username\" field` is disabled",
    )];
    let aside = plan(GOAL, Some(&covered), &history);
    assert_eq!(aside.action, click("e3"));
    history.push(succeeded(&aside));
    // Still covered: no second dismissal; the step asks about its disabled field instead.
    let next = plan(GOAL, Some(&covered), &history);
    assert_ne!(next.action, click("e3"));
}

#[test]
fn no_dismissal_without_a_disabled_failure_or_with_only_accepting_controls() {
    let calm = sign_in(false, &[]);
    let first = plan(GOAL, Some(&calm), &[]);
    // Another failure: retried as before, nothing dismissed.
    let other = vec![failed(&first, "element not found")];
    assert_eq!(
        plan(GOAL, Some(&sign_in(false, &["Cancel"])), &other).action,
        typed("e1", "kim")
    );
    // A pop-up that offers only OK / Exit: nothing is pressed on the person's behalf.
    let disabled = vec![failed(
        &first,
        "element `the \"Username\" field` is disabled",
    )];
    let accepting = plan(GOAL, Some(&sign_in(true, &["OK", "Exit"])), &disabled);
    assert!(!matches!(
        accepting.action,
        crate::action::Action::Click { .. }
    ));
    // Two dismissers: which one is meant is unclear, so none is pressed.
    let two = plan(GOAL, Some(&sign_in(true, &["Cancel", "Close"])), &disabled);
    assert!(!matches!(two.action, crate::action::Action::Click { .. }));
}

#[test]
fn a_click_covered_by_something_with_no_close_control_waits_once_for_it_to_go() {
    const CLICK: &str = "click Sign in";
    let calm = sign_in(false, &[]);
    let first = plan(CLICK, Some(&calm), &[]);
    let mut history = vec![refused(
        &first,
        "covered",
        "the \"Tu\" element covers e2 (button \"Sign in\"); a click there would land on it \
         instead: dismiss or close it first",
    )];
    let wait = plan(CLICK, Some(&calm), &history);
    assert!(
        matches!(wait.action, Action::Wait { .. }),
        "a fading picker: wait, got {}",
        wait.action
    );
    history.push(succeeded(&wait));
    assert_eq!(plan(CLICK, Some(&calm), &history).action, click("e2"));
    // Covered again after the wait: no second wait, the click is tried as the step allows.
    history.push(refused(&first, "covered", "still covered"));
    assert!(!matches!(
        plan(CLICK, Some(&calm), &history).action,
        Action::Wait { .. }
    ));
}
