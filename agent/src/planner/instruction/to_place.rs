//! "find the walnut side table and save it to my wishlist": a pronoun put in a place names the
//! thing the step before found or opened.
//!
//! In: one clause and the step before it. Out: a [`Step::Act`] on that step's thing whose
//! control is named by the place ("Save to wishlist", "Add to basket", "Wishlist"), or `None`.
//! The bare verb never names the control here: on a card with "Add to shopping bag" beside
//! "Save to wishlist", "add it to my wishlist" must not reach the bag.
//!
//! "add two to the bag", "put 3 in my basket": a number of the thing on its own page is its
//! quantity: the Quantity field set to it, then the place's control (`quantity`).

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::matching::normalize;
use super::progress::StepState;
use super::split::{first_word, split_at_last};
use super::step::{Step, Target};
use super::value_format::number;
use super::verbs::{clickable, says_verb, thing_words};

/// Words that stand for the thing named before.
const PRONOUNS: &[&str] = &["it", "them", "this", "that", "this one", "that one"];
/// Words between the link and the place.
const OWNERS: &[&str] = &["my", "the", "your", "our", "a"];

/// The step for "VERB it to / on / in my PLACE" after a step that found or opened a thing.
pub(super) fn parse(clause: &str, previous: Option<&Step>) -> Option<Step> {
    let object = match previous? {
        Step::Click { target } | Step::Reveal { target } | Step::OpenItem { shown: target } => {
            target.clone()
        }
        _ => return None,
    };
    let (verb, rest) = first_word(clause);
    if verb.len() < 3 || !verb.chars().all(char::is_alphabetic) {
        return None;
    }
    let (thing, place) = split_at_last(rest, &["to", "on", "onto", "in", "into"])?;
    if !PRONOUNS.contains(&normalize(&thing).as_str()) {
        return None;
    }
    let place = normalize(&place);
    let place: Vec<&str> = place
        .split(' ')
        .filter(|w| !w.is_empty() && !OWNERS.contains(w))
        .collect();
    if place.is_empty() || place.len() > 3 {
        return None;
    }
    let place = place.join(" ");
    let mut verbs = vec![format!("{verb} to {place}"), place.clone()];
    verbs.extend(super::verb_phrases::controls_for_place(&place));
    Some(Step::Act {
        verbs,
        object,
        message: None,
        renames: false,
    })
}

/// "add two to the bag": the Quantity set to the number, then the place's control for the
/// thing whose page this is (no thing named: `verbs` takes the page's one such control).
pub(super) fn quantity(clause: &str) -> Option<Vec<Step>> {
    let (verb, rest) = first_word(clause);
    if !matches!(verb.as_str(), "add" | "put" | "pop") {
        return None;
    }
    let (count, place) = split_at_last(rest, &["to", "in", "into"])?;
    let count = count
        .trim()
        .trim_end_matches(" of them")
        .trim_end_matches(" of it");
    if count.contains(' ') {
        return None;
    }
    let count = number(count)?;
    let place: Vec<String> = normalize(&place)
        .split(' ')
        .filter(|w| !w.is_empty() && !OWNERS.contains(w))
        .map(str::to_owned)
        .collect();
    if place.is_empty() || place.len() > 3 {
        return None;
    }
    let place = place.join(" ");
    Some(vec![
        Step::Set {
            target: Target::named("quantity", None),
            value: count,
        },
        Step::Act {
            verbs: vec![format!("{verb} to {place}"), place],
            object: Target::named("it", None),
            message: None,
            renames: false,
        },
    ])
}

/// "add it to the basket" with no thing named, on the thing's own page: the page's one control
/// that best says the verb and the place ("Add to basket"), when a place was named and the
/// step has not acted yet.
pub(super) fn own_page_control<'s>(
    verbs: &[String],
    object: &Target,
    snap: &'s Snapshot,
    state: &StepState,
) -> Option<&'s Element> {
    let placed = verbs.first().is_some_and(|v| v.contains(" to "));
    if !placed || !thing_words(object).is_empty() || !state.acted.is_empty() {
        return None;
    }
    let best = snap
        .elements
        .iter()
        .filter(|el| clickable(el))
        .map(|el| says_verb(el, verbs))
        .max()
        .unwrap_or(0);
    let mut top = snap
        .elements
        .iter()
        .filter(|el| clickable(el) && best > 0 && says_verb(el, verbs) == best);
    match (top.next(), top.next()) {
        (Some(one), None) => Some(one),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{parse, quantity};
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
}
