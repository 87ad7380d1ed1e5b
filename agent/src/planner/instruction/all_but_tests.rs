use super::parse;
use crate::planner::instruction::step::Step;

fn all_but(verb: &str, rest: &str) -> Option<(bool, Vec<String>)> {
    match parse(verb, rest)? {
        Step::CheckAll { on, except } => Some((on, except.into_iter().map(|t| t.full).collect())),
        _ => None,
    }
}

#[test]
fn every_box_but_the_named_ones() {
    assert_eq!(
        all_but(
            "switch",
            "off everything except the strictly necessary ones"
        ),
        Some((false, vec!["strictly necessary ones".to_owned()]))
    );
    assert_eq!(
        all_but("untick", "everything apart from audience measurement"),
        Some((false, vec!["audience measurement".to_owned()]))
    );
    let (on, except) = all_but("tick", "all the lists but News and offers").unwrap();
    assert!(on);
    assert_eq!(except, ["news and offers", "news", "offers"]);
}

#[test]
fn other_clauses_are_left_alone() {
    assert_eq!(all_but("switch", "off Read receipts"), None);
    assert_eq!(all_but("untick", "Tips for beginners but keep News"), None);
    assert_eq!(all_but("switch", "to the weekly digest but not yet"), None);
    assert_eq!(all_but("choose", "everything except Blue"), None);
}
