//! A pop-up got rid of, in people's words: "get rid of the cookie popup (reject everything)",
//! "close the newsletter pop-up by clicking No thanks", "hide the banner". The thing named is the
//! pop-up itself, which has no control of that name: the control is the one the words give for
//! how (in brackets, or "by clicking …"), else the pop-up's close control.
//!
//! In: one clause. Out: a click on that control, or `None` when the clause does not name a
//! pop-up as its object, or leaves words after the brackets (they would not be placed).

use super::matching::lower_keeping_offsets;
use super::step::{Step, target};

/// Verbs that get rid of a pop-up.
const VERBS: &[&str] = &["get rid of", "remove", "hide", "close", "dismiss", "shut"];

/// Words that name a pop-up (the thing, not a control in it).
const POP_UP_WORDS: &[&str] = &[
    "popup", "pop-up", "pop up", "banner", "dialog", "dialogue", "modal", "overlay", "notice",
];

/// "by clicking X": the verbs of the manner whose object is the control's name.
const PRESSING: &[&str] = &[
    "clicking",
    "pressing",
    "tapping",
    "hitting",
    "choosing",
    "selecting",
];

/// The click that gets rid of the pop-up the clause names (see the module docs).
pub(super) fn parse(clause: &str) -> Option<Step> {
    let text = clause.trim().trim_end_matches(['.', '!']);
    let lower = lower_keeping_offsets(text);
    let start = VERBS.iter().find_map(|verb| {
        lower
            .strip_prefix(verb)
            .filter(|rest| rest.starts_with(' '))
            .map(|rest| text.len() - rest.len())
    })?;
    let rest = &text[start..];
    let lower_rest = &lower[start..];
    let (object, manner) = if let Some(open) = rest.find('(') {
        let close = open + rest[open..].find(')')?;
        if !rest[close + 1..].trim().is_empty() {
            return None;
        }
        (&lower_rest[..open], Some(rest[open + 1..close].trim()))
    } else if let Some((at, by)) = PRESSING.iter().find_map(|verb| {
        let by = format!(" by {verb} ");
        lower_rest.find(&by).map(|at| (at, by.len()))
    }) {
        (&lower_rest[..at], Some(rest[at + by..].trim()))
    } else {
        (lower_rest, None)
    };
    // The pop-up is the head of the phrase: "the cookie popup", not "the banner image".
    let object = format!(" {}", object.trim());
    if !POP_UP_WORDS
        .iter()
        .any(|word| object.ends_with(&format!(" {word}")))
    {
        return None;
    }
    let control = manner.filter(|m| !m.is_empty()).unwrap_or("close");
    target(control).map(|target| Step::Click { target })
}

#[cfg(test)]
#[path = "dismissal_tests.rs"]
mod tests;
