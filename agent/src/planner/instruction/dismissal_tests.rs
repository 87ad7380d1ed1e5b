//! Tests of `dismissal.rs`.

use super::parse;
use crate::planner::instruction::step::Step;

fn control(clause: &str) -> Option<String> {
    match parse(clause)? {
        Step::Click { target } => Some(target.phrase),
        _ => None,
    }
}

#[test]
fn the_control_is_the_manner_the_words_give_else_close() {
    assert_eq!(
        control("get rid of the cookie popup (reject everything)").as_deref(),
        Some("reject everything")
    );
    assert_eq!(
        control("close the newsletter pop-up by clicking No thanks").as_deref(),
        Some("No thanks")
    );
    assert_eq!(control("hide the banner").as_deref(), Some("close"));
    assert_eq!(
        control("Remove the cookie notice.").as_deref(),
        Some("close")
    );
}

#[test]
fn a_thing_that_is_no_pop_up_or_words_left_over_are_not_a_dismissal() {
    assert_eq!(control("remove the candles"), None);
    assert_eq!(control("get rid of the folder Photos for Mum"), None);
    assert_eq!(control("close the popup (reject all) and add it"), None);
    assert_eq!(control("close the dialogue box window"), None);
    assert_eq!(
        control("remove the banner image from the page (the blue one)"),
        None
    );
}
