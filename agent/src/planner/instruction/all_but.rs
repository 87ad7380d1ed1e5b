//! "switch off everything except the strictly necessary ones", "untick everything apart from
//! audience measurement", "turn off all the emails but Tips for beginners": every box or switch
//! set one way, the ones named after the exception the other way.
//!
//! In: the verb and the rest of one clause. Out: a [`Step::CheckAll`] with its exceptions, or
//! `None` (no quantifier, or nothing after the exception word). On the page: each enabled box
//! or switch not as asked is set, one per action; a box is an exception when its own name
//! holds at least half the words of an exception (the whole phrase, or a part of it between
//! "and" or commas). An exception is then set the other way ("everything off except X": X on).

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, act};
use super::report::describe;
use super::split::{first_word, split_at_first};
use super::step::{Step, Target, is_checkable, target};
use super::verbs::{own_coverage, thing_words};
use crate::action::Action;

/// Words that begin the exception.
const EXCEPT: &[&str] = &[
    "except for",
    "except",
    "apart from",
    "other than",
    "but",
    "besides",
];

/// The step for "VERB every … except X" (see the module docs).
pub(super) fn parse(verb: &str, rest: &str) -> Option<Step> {
    let (on, rest) = match verb {
        "check" | "tick" | "enable" | "select" => (true, rest),
        "uncheck" | "untick" | "disable" | "clear" | "deselect" => (false, rest),
        "turn" | "switch" => match first_word(rest) {
            (state, rest) if state == "on" => (true, rest),
            (state, rest) if state == "off" => (false, rest),
            _ => return None,
        },
        _ => return None,
    };
    let (every, except) = split_at_first(rest, EXCEPT)?;
    if !quantifies(&every.to_lowercase()) {
        return None;
    }
    let mut parts: Vec<Target> = target(&except).into_iter().collect();
    let pieces: Vec<&str> = except
        .split(',')
        .flat_map(|p| p.split(" and "))
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    if pieces.len() > 1 {
        parts.extend(pieces.iter().filter_map(|p| target(p)));
    }
    (!parts.is_empty()).then_some(Step::CheckAll { on, except: parts })
}

/// "everything", "all", "all the emails", "every cookie": a quantifier and at most three words
/// of kind.
fn quantifies(words: &str) -> bool {
    let words: Vec<&str> = words
        .split_whitespace()
        .filter(|w| !matches!(*w, "the" | "of" | "my"))
        .collect();
    match words.as_slice() {
        ["everything" | "anything"] => true,
        ["all" | "every" | "each", kind @ ..] => kind.len() <= 3,
        _ => false,
    }
}

/// Whether `el` is one of the exceptions.
fn excepted(el: &Element, except: &[Target]) -> bool {
    except.iter().any(|part| {
        let words = thing_words(part);
        !words.is_empty() && own_coverage(el, &words) * 2 >= words.len()
    })
}

/// The sweep's next decision: the next enabled box not as asked, exceptions the other way.
pub(super) fn decide(on: bool, except: &[Target], snap: &Snapshot) -> Decision {
    let next = snap.elements.iter().find(|el| {
        !el.disabled
            && is_checkable(el)
            && el.role != "radio"
            && el.input_type.as_deref() != Some("radio")
            && el.checked == Some(if excepted(el, except) { on } else { !on })
    });
    match next {
        Some(el) => {
            let eid = el.eid.clone();
            let set = on != excepted(el, except);
            let (action, verb) = if set {
                (Action::Check { eid }, "check")
            } else {
                (Action::Uncheck { eid }, "uncheck")
            };
            act(action, format!("{verb} {}", describe(el)))
        }
        None => Decision::Skip {
            note: "every box is as asked".to_owned(),
        },
    }
}

#[cfg(test)]
#[path = "all_but_tests.rs"]
mod tests;
