//! A list item named by what it shows: "the email by Audrey", "the message from Cora", "the
//! post by @kim", "an order from Bo's Bakery".
//!
//! In: the words after "find" / "open" / "locate". Out: the [`Target`] of the text the item
//! shows (the sender, the author), or `None` when the words are no such item. Finding the item
//! is opening it: `parse` makes it a find, then a click on the element that shows that text (a
//! clickable row of an inbox or a feed is named by its text, sender first). A name longer than
//! a few words, or one that goes on with "and …", is left to the other phrasings.
//! [`without_purpose`] cuts what a click will do to the item ("the trash icon to delete it").

use super::step::Target;

/// Nouns of the things a list, inbox or feed holds (hyphens dropped: "e-mail" is "email").
const ITEMS: &[&str] = &[
    "email",
    "mail",
    "message",
    "post",
    "tweet",
    "comment",
    "review",
    "thread",
    "conversation",
    "entry",
    "order",
    "ticket",
    "notification",
    "invitation",
    "invite",
    "note",
    "letter",
];

/// Whether `word` (lower case, hyphens dropped) names a thing a list holds ("email", "posts").
pub(crate) fn is_item_noun(word: &str) -> bool {
    let singular = word.strip_suffix('s').unwrap_or(word);
    ITEMS.contains(&word) || ITEMS.contains(&singular)
}

/// Words between the noun and the text the item shows.
const LINKS: &[&[&str]] = &[
    &["sent", "by"],
    &["written", "by"],
    &["posted", "by"],
    &["sent", "from"],
    &["by"],
    &["from"],
];

/// Most words a shown name may have.
const MAX_NAME_WORDS: usize = 4;

/// The item "the email by Audrey" names, as the target of its shown text ("Audrey").
pub(crate) fn described_item(rest: &str) -> Option<Target> {
    let words: Vec<&str> = rest
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| ",.;:!?\"'“”".contains(c)))
        .filter(|w| !w.is_empty())
        .collect();
    let lower: Vec<String> = words
        .iter()
        .map(|w| w.to_lowercase().replace('-', ""))
        .collect();
    let mut at = usize::from(
        lower
            .first()
            .is_some_and(|w| matches!(w.as_str(), "the" | "a" | "an" | "that" | "this")),
    );
    let noun = lower.get(at)?;
    let singular = noun.strip_suffix('s').unwrap_or(noun);
    if !ITEMS.contains(&noun.as_str()) && !ITEMS.contains(&singular) {
        return None;
    }
    at += 1;
    let link = LINKS.iter().find(|link| {
        link.iter()
            .enumerate()
            .all(|(i, w)| lower.get(at + i).is_some_and(|l| l == w))
    })?;
    at += link.len();
    let name = words.get(at..)?;
    if name.is_empty()
        || name.len() > MAX_NAME_WORDS
        || name.iter().any(|w| w.eq_ignore_ascii_case("and"))
    {
        return None;
    }
    let target = Target::parse(&name.join(" "));
    (!target.full.is_empty()).then_some(target)
}

/// Pronouns that end a purpose said about the item ("to delete it").
const PRONOUNS: &[&str] = &["it", "them", "this", "that", "him", "her"];

/// A control named with what it will do to the item: "the trash icon to delete it", "the star
/// to mark it as important" -> "the trash icon", "the star". Only a purpose about "it" (or
/// them, this, …) is cut: "Go to checkout" and "Add to cart" keep their words.
pub(crate) fn without_purpose(phrase: &str) -> &str {
    let lower = phrase.to_ascii_lowercase();
    for (i, _) in lower.match_indices(" to ") {
        let mut after = lower[i + 4..].split_whitespace();
        let (Some(_verb), Some(object)) = (after.next(), after.next()) else {
            continue;
        };
        let object = object.trim_end_matches(|c: char| !c.is_alphanumeric());
        if PRONOUNS.contains(&object) && i > 0 {
            return phrase[..i].trim_end();
        }
    }
    phrase
}

#[cfg(test)]
#[path = "items_tests.rs"]
mod tests;
