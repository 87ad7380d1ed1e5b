//! Sliders moved with the keyboard while watching the value they show (`slider`).

use super::builder::{Page, click, plan, succeeded_on};
use crate::action::Action;
use tandem_mcp_browser::snapshot::Snapshot;

/// A page with one slider (no name, as a handle without ARIA reads) showing `value`, three
/// boxes and Submit.
fn page(value: &str, focused: bool) -> Snapshot {
    Page::new("https://form.test/", "Form")
        .element("slider", "")
        .with(|el| {
            el.tag = "span".to_owned();
            el.value = Some(value.to_owned());
            el.focused = focused;
        })
        .checkbox("", false)
        .checkbox("", false)
        .checkbox("", false)
        .button("Submit")
        .build()
}

fn key(name: &str) -> Action {
    Action::PressKey {
        key: name.to_owned(),
    }
}

const GOAL: &str = "Select -2 with the slider, click the 3rd checkbox, then hit Submit.";

#[test]
fn the_handle_is_focused_then_moved_one_key_at_a_time_until_it_shows_the_value() {
    let mut history = Vec::new();
    let start = page("0", false);
    let focus = plan(GOAL, Some(&start), &history);
    assert_eq!(focus.action, click("e1"));
    history.push(succeeded_on(&focus, Some(&start)));
    for shown in ["0", "-1"] {
        let now = page(shown, true);
        let next = plan(GOAL, Some(&now), &history);
        assert_eq!(next.action, key("ArrowLeft"), "showing {shown}");
        history.push(succeeded_on(&next, Some(&now)));
    }
    // It shows -2: the slider step is done and the next step is planned.
    let there = page("-2", true);
    let next = plan(GOAL, Some(&there), &history);
    assert!(
        matches!(next.action, Action::Check { .. } | Action::Click { .. })
            && next.action != click("e1"),
        "{}",
        next.action
    );
}

#[test]
fn a_larger_value_moves_right_and_a_slider_at_the_value_is_skipped() {
    let up = plan("set the slider to 4", Some(&page("1", true)), &[]);
    assert_eq!(up.action, key("ArrowRight"));
    let done = plan(
        "choose 4 on the slider, then click Submit",
        Some(&page("4", true)),
        &[],
    );
    assert_eq!(done.action, click("e5"));
}

#[test]
fn only_a_number_for_a_slider_is_a_slider_step() {
    let steps = super::super::parse::parse_message("select Red with the mouse");
    assert!(!steps.steps.iter().any(|(step, _)| matches!(
        step,
        super::super::step::Step::Set { value, .. } if value == "Red"
    )));
}
