//! A control named by the row it sits in: "the Edit button in the row for Hannah Lindqvist",
//! "Edit on Paolo Ricci's row", "the delete icon in the row with invoice 1042".
//!
//! In: the words after a click verb. Out: [`Step::Act`] whose verb is the control's name and
//! whose thing is the row's words, so `verbs` clicks the control of that name in that row (a
//! row that holds more of the thing's words wins; a tie asks). `None` when the words name no
//! row.

use super::matching::lower_keeping_offsets;
use super::step::{Step, target};

/// Words that join a control to the row that holds it ("… in the row for NAME").
const JOINS: &[&str] = &[
    " in the row for ",
    " on the row for ",
    " in the row of ",
    " on the row of ",
    " in the row with ",
    " on the row with ",
    " in the line for ",
    " on the line for ",
];
/// Words that say what kind of control it is; they are not part of its name.
const KINDS: &[&str] = &["button", "icon", "link"];

/// The control and the row's thing (see the module docs).
pub(super) fn control_in_row(words: &str) -> Option<Step> {
    let text = words.trim().trim_end_matches(['.', '!', '?']);
    let lower = lower_keeping_offsets(text);
    let (control, thing) = match JOINS.iter().find_map(|j| lower.find(j).map(|at| (at, j))) {
        Some((at, join)) => (&text[..at], &text[at + join.len()..]),
        // "Edit on Paolo Ricci's row".
        None => {
            let end = ["'s row", "’s row", "s' row"]
                .iter()
                .find_map(|s| lower.ends_with(s).then(|| text.len() - s.len()))?;
            let at = [" on ", " in "]
                .iter()
                .filter_map(|w| lower[..end].rfind(w).map(|at| (at, w.len())))
                .max()?;
            (&text[..at.0], &text[at.0 + at.1..end])
        }
    };
    let mut control: Vec<&str> = control.split_whitespace().collect();
    if control
        .first()
        .is_some_and(|w| ["the", "a", "an"].contains(&w.to_lowercase().as_str()))
    {
        control.remove(0);
    }
    if control.len() > 1
        && control
            .last()
            .is_some_and(|w| KINDS.contains(&w.to_lowercase().as_str()))
    {
        control.pop();
    }
    let thing = thing.trim();
    if control.is_empty() || control.len() > 4 || thing.is_empty() {
        return None;
    }
    Some(Step::Act {
        verbs: vec![control.join(" ").to_lowercase()],
        object: target(thing)?,
        message: None,
        renames: false,
    })
}

#[cfg(test)]
#[path = "rows_tests.rs"]
mod tests;
