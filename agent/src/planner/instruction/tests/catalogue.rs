//! Catalogue items in people's words (issue #30): "look for the X" is a find of X (the target
//! keeps no "for the"), a last "for me" is politeness, and a name shows in any word order
//! ("the walnut side table" is "Side table, walnut").

use super::super::parse::parse_message;
use super::super::step::Step;
use super::builder::{Page, click, run_all};

fn found(message: &str) -> String {
    match parse_message(message).steps.as_slice() {
        // (A find opens what hides the thing, then opens the thing.)
        [(Step::Reveal { target }, _), ..] => target.name.clone(),
        other => panic!("{message}: {other:?}"),
    }
}

#[test]
fn look_for_the_thing_is_a_find_of_the_thing() {
    assert_eq!(
        found("look for the Bjursta console table"),
        "bjursta console table"
    );
    assert_eq!(
        found("could you look for the Norrby media unit for me"),
        "norrby media unit"
    );
}

#[test]
fn a_name_in_another_word_order_shows_the_thing_and_the_find_stops_opening() {
    let page = Page::new("https://shop.test/living", "Living room")
        .button("Show more")
        .link("Hovås Side table, walnut £119", "https://shop.test/#/p/14")
        .build();
    let (actions, answer) = run_all("look for the walnut side table", &page);
    // Already shown: nothing is opened ("Show more" stays unpressed).
    assert!(!actions.contains(&click("e1")), "{actions:?} {answer}");
}

#[test]
fn a_name_inside_a_longer_one_in_its_own_order_is_another_thing() {
    use super::super::explore::same_words;
    assert!(same_words(
        "walnut side table",
        "hovås side table walnut 119"
    ));
    // In its own order inside a longer name: another thing ("budget-2023.xlsx").
    assert!(!same_words("budget xlsx", "budget 2023 xlsx"));
    assert!(!same_words("budget xlsx", "old budget xlsx"));
    assert!(!same_words("walnut table", "side table oak"));
}
