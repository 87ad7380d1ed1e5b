use super::parse;
use crate::planner::instruction::step::Step;

fn ticks(verb: &str, rest: &str) -> Option<String> {
    match parse(verb, rest)? {
        Step::Check { target, on: true } => Some(target.full),
        _ => None,
    }
}

#[test]
fn a_box_is_ticked_by_what_it_states() {
    assert_eq!(
        ticks("tick", "that you've read it"),
        Some("read".to_owned())
    );
    assert_eq!(
        ticks("tick", "that I've read and understood it"),
        Some("read and understood".to_owned())
    );
    assert_eq!(
        ticks("check", "the box to say you agree to the terms"),
        Some("agree to terms".to_owned())
    );
    assert_eq!(
        ticks("mark", "that we are over 18"),
        Some("over 18".to_owned())
    );
}

#[test]
fn other_clauses_are_left_alone() {
    assert_eq!(ticks("check", "that the total is right"), None);
    assert_eq!(ticks("tick", "Remember me"), None);
    assert_eq!(ticks("tick", "that it"), None);
    assert_eq!(ticks("choose", "that you've read it"), None);
}
