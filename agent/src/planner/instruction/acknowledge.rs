//! "tick that you've read it", "tick the box to say I have read and understood the terms": a
//! box ticked by what it states, not by its name.
//!
//! In: the verb and the rest of one clause. Out: a [`Step::Check`] (on) whose target is the
//! statement's own words, without the person and without the thing it points back to ("that
//! you've read it" → "read"; "I've read and understood it" → "read and understood"), or `None`.
//! The box is then found as any box is, by those words in its label ("I have read and
//! understood the privacy policy"). "check that …" stays a request to verify, not to tick.

use super::split::{first_word, strip_words};
use super::step::{Step, target};

/// What leads from the box to its statement.
const LEADS: &[&str] = &[
    "the box to say that",
    "the box to say",
    "the box saying that",
    "the box saying",
    "the box to confirm that",
    "the box to confirm",
    "box to say",
    "box to confirm",
    "to say that",
    "to say",
    "to confirm that",
    "to confirm",
    "that",
];
/// The person stating it: "you've", "I have", "we've".
const PEOPLE: &[&str] = &[
    "i have", "i've", "ive", "you have", "you've", "youve", "we have", "we've", "i am", "i'm",
    "you are", "you're", "we are", "we're", "i", "you", "we",
];
/// Words that point back to what the step before named.
const BACK: &[&str] = &["it", "them", "this", "that", "all of it", "everything"];

/// The box for "tick that …" (see the module docs).
pub(super) fn parse(verb: &str, rest: &str) -> Option<Step> {
    let statement = match verb {
        "tick" | "mark" => lead(rest, LEADS)?,
        // "check that the total is right" verifies; "check the box to say …" ticks.
        "check" => lead(rest, &LEADS[..LEADS.len() - 1])?,
        _ => return None,
    };
    let statement = statement.replace('\u{2019}', "'");
    let statement = strip_words(statement.trim_end_matches(['.', '!']), PEOPLE);
    let mut words: Vec<&str> = statement.split_whitespace().collect();
    while let Some(last) = words.last() {
        let last = last
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        if BACK.contains(&last.as_str()) {
            words.pop();
        } else {
            break;
        }
    }
    if words.is_empty() {
        return None;
    }
    target(&words.join(" ")).map(|target| Step::Check { target, on: true })
}

/// The words after the first of `leads` that `rest` starts with.
fn lead<'t>(rest: &'t str, leads: &[&str]) -> Option<&'t str> {
    let stripped = strip_words(rest, leads);
    let (first, _) = first_word(stripped);
    (stripped.len() < rest.len() && !first.is_empty()).then_some(stripped)
}

#[cfg(test)]
#[path = "acknowledge_tests.rs"]
mod tests;
