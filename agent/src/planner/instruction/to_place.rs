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
    let (verb, count, place) = put_in_place(clause)?;
    let count = count
        .trim()
        .trim_end_matches(" of them")
        .trim_end_matches(" of it");
    if count.contains(' ') {
        return None;
    }
    let count = number(count)?;
    Some(vec![
        Step::Set {
            target: Target::named("quantity", None),
            value: count,
        },
        into_place(&verb, place),
    ])
}

/// "add the large one in charcoal to my bag", "put a blue one in my basket": the thing whose
/// page this is, described by its options (`one` stands for it): those options chosen (a
/// choice described by its parts, `variants`; one part alone, an ordinary choice), then the
/// place's control.
pub(super) fn described_one(clause: &str) -> Option<Vec<Step>> {
    let (verb, thing, place) = put_in_place(clause)?;
    let words = normalize(&thing);
    let words: Vec<&str> = words.split(' ').filter(|w| !w.is_empty()).collect();
    if !words.contains(&"one") {
        return None;
    }
    let parts: Vec<&str> = words
        .into_iter()
        .filter(|w| !matches!(*w, "one" | "the" | "a" | "an" | "in" | "with"))
        .collect();
    if parts.is_empty() {
        return None;
    }
    Some(vec![
        Step::Select {
            option: parts.join(" "),
            target: None,
        },
        into_place(&verb, place),
    ])
}

/// "add / put / pop WHAT to / in / into PLACE": the verb, what is put, and the place without
/// its owner words ("my bag" → "bag", at most three words).
fn put_in_place(clause: &str) -> Option<(String, String, String)> {
    let (verb, rest) = first_word(clause);
    if !matches!(verb.as_str(), "add" | "put" | "pop") {
        return None;
    }
    let (what, place) = split_at_last(rest, &["to", "in", "into"])?;
    let place: Vec<String> = normalize(&place)
        .split(' ')
        .filter(|w| !w.is_empty() && !OWNERS.contains(w))
        .map(str::to_owned)
        .collect();
    if place.is_empty() || place.len() > 3 {
        return None;
    }
    Some((verb, what, place.join(" ")))
}

/// The place's control for the thing whose page this is ("Add to bag").
fn into_place(verb: &str, place: String) -> Step {
    Step::Act {
        verbs: vec![format!("{verb} to {place}"), place],
        object: Target::named("it", None),
        message: None,
        renames: false,
    }
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
#[path = "to_place_tests.rs"]
mod tests;
