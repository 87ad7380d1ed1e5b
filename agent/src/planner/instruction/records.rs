//! Records in people's words (issue #30): a new note ("make a note titled Groceries saying
//! eggs, milk", "new note - title: Call plumber, text: Thursday after 3pm") and a field of an
//! existing item changed ("change Omar Haddad's role to Billing admin", "change the title of
//! the note Wifi to Cabin wifi"). ("rename X to Y" is the item's Rename control: `verbs`.)
//!
//! In: a clause (lead-ins stripped). Out: a [`Step::Record`]: the item (none for a new note)
//! and each value with the key that names its field: a label's words ("role", "title"), or
//! [`NAME`] (the item's own name) or [`BODY`] (the form's multi-line field, a note's text,
//! which has no label word). The page then decides which fields those are (`record_form`).

use super::split::{first_word, quote_spans, split_at_first, split_at_last, value};
use super::step::{Step, target};

/// The key of the item's own name (its title).
pub(crate) const NAME: &str = "name";
/// The key of the form's multi-line field (a note's body).
pub(crate) const BODY: &str = "";

/// Nouns of the things a "new … titled X saying Y" writes.
const NOTE_NOUNS: &[&str] = &["note", "memo"];
/// Verbs that write a new note.
const WRITING: &[&str] = &[
    "make", "add", "create", "write", "new", "take", "jot", "leave", "start",
];
/// Words that start a note's title.
const TITLE_MARKS: &[&str] = &[
    "titled",
    "entitled",
    "called",
    "named",
    "with the title",
    "title",
];
/// Words that start a note's text.
const BODY_MARKS: &[&str] = &[
    "saying",
    "that says",
    "which says",
    "reading",
    "with the text",
    "with text",
    "text",
    "body",
    "content",
    "contents",
];
/// Verbs that change a field of an item ("change Omar's role to …").
const CHANGING: &[&str] = &["change", "set", "update", "switch", "make"];
/// Words for an item's name.
pub(crate) const NAME_WORDS: &[&str] = &["name", "title", "subject", "heading"];

/// The record a clause writes or changes, if it is one.
pub(super) fn parse(text: &str) -> Option<Step> {
    let (verb, rest) = first_word(text);
    if CHANGING.contains(&verb.as_str())
        && let Some(step) = change(rest)
    {
        return Some(step);
    }
    note(text)
}

/// "Omar Haddad's role to Billing admin", "the title of the note Wifi to Cabin wifi".
fn change(rest: &str) -> Option<Step> {
    let (what, new_value) = split_at_last(rest, &["to"])?;
    let what = what.trim();
    let quotes = quote_spans(what);
    // "Omar Haddad's role": the possessive, outside quotes, and a field of one or two words.
    let possessive = ["'s ", "’s "].iter().find_map(|mark| {
        what.match_indices(mark)
            .map(|(at, _)| at)
            .find(|at| !quotes.iter().any(|(open, close)| at >= open && at < close))
            .map(|at| (&what[..at], &what[at + mark.len()..]))
    });
    let (thing, field) = match possessive {
        Some(pair) => (pair.0.to_owned(), pair.1.to_owned()),
        None => {
            // "the title of the note Wifi at the cabin"
            let lower = what.to_lowercase();
            let after_the = lower.strip_prefix("the ")?;
            let (field, thing) = split_at_first(&what[what.len() - after_the.len()..], &["of"])?;
            // (Only an item's name is named this way: "the colour of the text" is a style.)
            if !NAME_WORDS.contains(&field.trim().to_lowercase().as_str()) {
                return None;
            }
            (thing, field)
        }
    };
    let field = field.trim().to_lowercase();
    if field.is_empty() || field.split_whitespace().count() > 2 || thing.trim().is_empty() {
        return None;
    }
    let key = if NAME_WORDS.contains(&field.as_str()) {
        NAME
    } else {
        field.as_str()
    };
    changed(&thing, key, &new_value)
}

fn changed(thing: &str, key: &str, new_value: &str) -> Option<Step> {
    let object = target(thing.trim())?;
    let new_value = value(new_value);
    (!new_value.is_empty()).then(|| Step::Record {
        object: Some(object),
        values: vec![(key.to_owned(), new_value)],
    })
}

/// "make a note titled Groceries saying eggs, spinach", "new note - title: X, text: Y",
/// "create a note called Dentist that says Tuesday 9:40", "a note saying call Kofi".
fn note(text: &str) -> Option<Step> {
    let lower = text.to_lowercase();
    let mut at = 0;
    let mut words = lower.split_whitespace().peekable();
    // Up to four words before the noun: a writing verb, "down", an article, "new", "quick".
    let mut seen_verb = false;
    for _ in 0..5 {
        let word = words.peek()?.trim_matches(|c: char| !c.is_alphanumeric());
        if NOTE_NOUNS.contains(&word) {
            break;
        }
        let lead = WRITING.contains(&word)
            || ["down", "a", "an", "the", "new", "quick", "me"].contains(&word);
        if !lead {
            return None;
        }
        seen_verb |= WRITING.contains(&word);
        let taken = words.next()?;
        at = lower[at..].find(taken).map(|i| at + i + taken.len())?;
    }
    let noun = words.next()?;
    if !seen_verb {
        return None;
    }
    at = lower[at..].find(noun).map(|i| at + i + noun.len())?;
    let rest = text[at..].trim_start_matches(|c: char| c.is_whitespace() || "-–—:,".contains(c));
    let (title, body) = title_and_body(rest)?;
    Some(Step::Record {
        object: None,
        values: title
            .map(|title| (NAME.to_owned(), title))
            .into_iter()
            .chain(std::iter::once((BODY.to_owned(), body)))
            .collect(),
    })
}

/// The title (after one of [`TITLE_MARKS`]) and the text (after one of [`BODY_MARKS`]).
fn title_and_body(rest: &str) -> Option<(Option<String>, String)> {
    let starts = |text: &str, marks: &[&str]| -> Option<usize> {
        let lower = text.to_lowercase();
        marks.iter().find_map(|mark| {
            lower
                .strip_prefix(mark)
                .filter(|after| after.starts_with([' ', ':']))
                .map(|_| mark.len())
        })
    };
    let after_mark = |text: &str, len: usize| {
        text[len..]
            .trim_start_matches(|c: char| c.is_whitespace() || c == ':')
            .to_owned()
    };
    if let Some(len) = starts(rest, BODY_MARKS) {
        let body = value(&after_mark(rest, len));
        return (!body.is_empty()).then_some((None, body));
    }
    let len = starts(rest, TITLE_MARKS)?;
    let titled = after_mark(rest, len);
    // The text starts at the first body mark after the title, outside quotes.
    let spans = quote_spans(&titled);
    let lower = titled.to_lowercase();
    let (title_end, body_start) = BODY_MARKS
        .iter()
        .flat_map(|mark| {
            lower
                .match_indices(&format!(" {mark}"))
                .map(move |(at, _)| (at, at + 1 + mark.len()))
                .collect::<Vec<_>>()
        })
        .filter(|(at, end)| {
            !spans.iter().any(|(open, close)| at >= open && at < close)
                && titled[*end..].starts_with([' ', ':'])
        })
        .min_by_key(|(at, end)| (*at, std::cmp::Reverse(*end)))?;
    let title = value(
        titled[..title_end]
            .trim()
            .trim_end_matches([',', '-', '–', ';']),
    );
    let body =
        value(titled[body_start..].trim_start_matches(|c: char| c.is_whitespace() || c == ':'));
    (!title.is_empty() && !body.is_empty()).then_some((Some(title), body))
}

#[cfg(test)]
mod tests {
    use super::{BODY, NAME, parse};
    use crate::planner::instruction::step::Step;

    fn record(text: &str) -> (Option<String>, Vec<(String, String)>) {
        match parse(text) {
            Some(Step::Record { object, values }) => (object.map(|o| o.phrase), values),
            other => panic!("{text}: {other:?}"),
        }
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn a_new_note_has_a_title_and_a_text_in_several_wordings() {
        assert_eq!(
            record("make a note titled Groceries saying eggs, spinach, oat milk"),
            (
                None,
                pairs(&[(NAME, "Groceries"), (BODY, "eggs, spinach, oat milk")])
            )
        );
        assert_eq!(
            record("new note - title: Call plumber, text: Thursday after 3pm"),
            (
                None,
                pairs(&[(NAME, "Call plumber"), (BODY, "Thursday after 3pm")])
            )
        );
        assert_eq!(
            record("jot down a note called 'Say what?' that says ask Kofi."),
            (None, pairs(&[(NAME, "Say what?"), (BODY, "ask Kofi")]))
        );
        assert_eq!(
            record("add a note saying call the bank"),
            (None, pairs(&[(BODY, "call the bank")]))
        );
        for text in [
            "note that the shop is closed",
            "make a list of groceries",
            "a note",
        ] {
            assert_eq!(parse(text), None, "{text}");
        }
    }

    #[test]
    fn a_field_of_an_item_is_named_by_a_possessive_or_of() {
        assert_eq!(
            record("change Omar Haddad's role to Billing admin"),
            (
                Some("Omar Haddad".to_owned()),
                pairs(&[("role", "Billing admin")])
            )
        );
        assert_eq!(
            record("change the title of the note Wifi at the cabin to Cabin wifi"),
            (
                Some("note Wifi at the cabin".to_owned()),
                pairs(&[(NAME, "Cabin wifi")])
            )
        );
        // A list's value is no item's field.
        assert_eq!(parse("change the language to Svenska"), None);
        assert_eq!(parse("set the colour of the text to red"), None);
    }
}
