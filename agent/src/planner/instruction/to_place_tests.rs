//! Tests of `to_place.rs`.

use super::{described_one, parse, quantity};
use crate::planner::instruction::step::{Step, Target};

fn found(name: &str) -> Step {
    Step::Reveal {
        target: Target::named(name, None),
    }
}

fn act(clause: &str, previous: &Step) -> Option<(Vec<String>, String)> {
    match parse(clause, Some(previous))? {
        Step::Act { verbs, object, .. } => Some((verbs, object.name)),
        _ => None,
    }
}

#[test]
fn a_pronoun_put_in_a_place_is_the_thing_found_before() {
    let table = found("walnut side table");
    let (verbs, thing) = act("save it to my wishlist", &table).unwrap();
    assert_eq!(thing, "walnut side table");
    assert_eq!(verbs[..2], ["save to wishlist", "wishlist"]);
    let (verbs, _) = act("pop it in the basket", &table).unwrap();
    assert_eq!(verbs[..2], ["pop to basket", "basket"]);
    // No bare verb: "add" alone would name the card's "Add to shopping bag".
    let (verbs, _) = act("add them to my favourites", &table).unwrap();
    assert!(!verbs.contains(&"add".to_owned()), "{verbs:?}");
}

#[test]
fn a_number_put_in_a_place_is_the_quantity() {
    let steps = quantity("add two to the bag").unwrap();
    assert!(
        matches!(&steps[0], Step::Set { target, value } if target.name == "quantity" && value == "2")
    );
    assert!(matches!(&steps[1], Step::Act { verbs, .. } if verbs[0] == "add to bag"));
    assert!(quantity("add 3 of them to my basket").is_some());
    assert!(quantity("add the napkins to the basket").is_none());
    assert!(quantity("add Mum to my favourites").is_none());
}

#[test]
fn other_clauses_are_left_to_the_other_phrasings() {
    let table = found("walnut side table");
    assert_eq!(act("add the lamp to my wishlist", &table), None);
    assert_eq!(act("save it", &table), None);
    let typed = Step::Type {
        text: "Ada".to_owned(),
        target: Some(Target::named("name", None)),
    };
    assert_eq!(act("save it to my wishlist", &typed), None);
}

#[test]
fn the_thing_described_by_its_options_has_them_chosen_then_is_put_in_the_place() {
    let steps = described_one("add the large one in charcoal to my bag").unwrap();
    assert!(
        matches!(&steps[0], Step::Select { option, target: None } if option == "large charcoal"),
        "{steps:?}"
    );
    assert!(matches!(&steps[1], Step::Act { verbs, .. } if verbs[0] == "add to bag"));
    let steps = described_one("put a blue one in my basket").unwrap();
    assert!(matches!(&steps[0], Step::Select { option, .. } if option == "blue"));
    assert!(matches!(&steps[1], Step::Act { verbs, .. } if verbs[0] == "put to basket"));
    // Not the page's own thing: a thing named, or nothing described.
    assert!(described_one("add the napkins to the basket").is_none());
    assert!(described_one("add one to the basket").is_none());
    assert!(described_one("add two to the bag").is_none());
}
