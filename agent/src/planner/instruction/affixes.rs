//! Values described by how they are spelled: "enter an item that starts with "An" and ends
//! with "ica"", "pick a city beginning with Po", "type a word containing "ee"".
//!
//! In: the clause (parse) or the step's spelling and the page (decide). Out: one
//! [`Step::Affixed`]; for it, a sweep: type the start into the field (the named one, else the
//! focused or only one), wait for the suggestions it brings, then click the one suggestion that
//! fits the whole description. Several fit: the person is asked (never a guess). None shows
//! and the field already holds a value that fits: done. None fits: the person is asked.
//! Nothing is submitted: sending the form is a step of its own.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, act, click};
use super::locate::{ask_again, ask_which, locate, usable};
use super::progress::StepState;
use super::report::describe;
use super::resolve::{Intent, default_field};
use super::split::{split_at_last, value};
use super::step::{RoleClass, Step, Target, target};
use crate::action::{Action, WaitFor};

/// Verbs that put a value in a field or choose one.
const VERBS: &[&str] = &[
    "type", "enter", "input", "write", "put", "fill", "choose", "select", "pick", "find",
];

/// The conditions on the spelling, each with what it constrains.
const CONDITIONS: &[(&str, Part)] = &[
    ("starts with ", Part::Start),
    ("start with ", Part::Start),
    ("starting with ", Part::Start),
    ("begins with ", Part::Start),
    ("begin with ", Part::Start),
    ("beginning with ", Part::Start),
    ("ends with ", Part::End),
    ("end with ", Part::End),
    ("ending with ", Part::End),
    ("ends in ", Part::End),
    ("ending in ", Part::End),
    ("contains ", Part::Inside),
    ("containing ", Part::Inside),
    ("includes ", Part::Inside),
    ("including ", Part::Inside),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Start,
    End,
    Inside,
}

/// How long one wait for suggestions lasts, and how many there may be.
pub(super) const WAIT_MS: u64 = 700;
pub(super) const WAITS: u32 = 2;

/// The step of a clause that describes its value by its spelling, if it is one.
pub(crate) fn parse(text: &str) -> Option<Vec<Step>> {
    let text = text.trim().trim_end_matches(['.', '!']);
    let (verb, rest) = text.split_once(char::is_whitespace)?;
    if !VERBS.contains(&verb.to_ascii_lowercase().as_str()) {
        return None;
    }
    // "… into the Country field": the field, named after the description.
    let (described, field) = match split_at_last(rest, &["into", "in"]) {
        Some((before, after)) if !has_condition(&after.to_ascii_lowercase()) => {
            (before, target(&after))
        }
        _ => (rest.to_owned(), None),
    };
    let (starts, ends, contains) = conditions(&described)?;
    Some(vec![Step::Affixed {
        starts,
        ends,
        contains,
        target: field,
    }])
}

fn has_condition(lower: &str) -> bool {
    CONDITIONS.iter().any(|(c, _)| lower.contains(c.trim_end()))
}

/// The start, end and inner part the description asks for (empty: no condition); `None` when
/// the words are not such a description.
fn conditions(described: &str) -> Option<(String, String, String)> {
    let lower = described.to_ascii_lowercase();
    let (first, _) = CONDITIONS
        .iter()
        .filter_map(|(c, part)| lower.find(c).map(|at| (at, *part)))
        .min_by_key(|(at, _)| *at)?;
    // Before the first condition: "an item that", "a country whose name", "one" (a few words).
    let lead: Vec<&str> = lower[..first].split_whitespace().collect();
    let named = lead
        .first()
        .is_some_and(|w| ARTICLES.contains(w) || THINGS.contains(w));
    if lead.len() > 6 || !named {
        return None;
    }
    let (mut starts, mut ends, mut contains) = (String::new(), String::new(), String::new());
    let mut at = first;
    loop {
        let (cond, part) = CONDITIONS
            .iter()
            .find(|(c, _)| lower[at..].starts_with(*c))?;
        at += cond.len();
        let (word, used) = one_value(&described[at..])?;
        at += used;
        let slot = match part {
            Part::Start => &mut starts,
            Part::End => &mut ends,
            Part::Inside => &mut contains,
        };
        if !slot.is_empty() {
            return None;
        }
        *slot = word;
        let tail = lower[at..].trim_start();
        let skipped = lower.len() - at - tail.len();
        let next = ["and ", ", and ", ", "]
            .iter()
            .find(|sep| tail.starts_with(**sep))
            .map(|sep| sep.len());
        match next {
            Some(n) => at += skipped + n,
            None if tail.is_empty() => break,
            None => return None,
        }
        // "… and that ends with", "… and whose name ends with".
        for filler in ["that ", "which ", "it "] {
            if lower[at..].starts_with(filler) {
                at += filler.len();
            }
        }
    }
    Some((starts, ends, contains))
}

/// Words that open the phrase for the thing described ("a country that …").
const ARTICLES: &[&str] = &["a", "an", "the", "one", "any", "some"];

/// Words that may name the thing described ("an item that starts with …").
const THINGS: &[&str] = &[
    "item",
    "one",
    "value",
    "word",
    "name",
    "entry",
    "option",
    "something",
    "anything",
    "country",
    "city",
    "place",
    "suggestion",
    "result",
    "term",
    "tag",
];

/// The value at the start of `text` (a quoted string, else one word) and the bytes it used.
fn one_value(text: &str) -> Option<(String, usize)> {
    let trimmed = text.trim_start();
    let lead = text.len() - trimmed.len();
    let open = trimmed.chars().next()?;
    let close = match open {
        '"' => '"',
        '\'' => '\'',
        '“' => '”',
        '‘' => '’',
        _ => {
            let word_end = trimmed
                .find(|c: char| c.is_whitespace() || c == ',')
                .unwrap_or(trimmed.len());
            let word = value(&trimmed[..word_end]);
            return (!word.is_empty()).then_some((word, lead + word_end));
        }
    };
    let inner = &trimmed[open.len_utf8()..];
    let end = inner.find(close)?;
    let word = inner[..end].to_owned();
    (!word.is_empty()).then_some((word, lead + open.len_utf8() + end + close.len_utf8()))
}

/// Whether `text` is spelled as described (case aside).
fn fits(text: &str, starts: &str, ends: &str, contains: &str) -> bool {
    let text = text.trim().to_lowercase();
    !text.is_empty()
        && text.starts_with(&starts.to_lowercase())
        && text.ends_with(&ends.to_lowercase())
        && text.contains(&contains.to_lowercase())
}

/// Roles of the entries a suggestion list shows.
pub(super) fn suggestion(el: &Element) -> bool {
    matches!(
        el.role.as_str(),
        "option" | "menuitem" | "listitem" | "clickable" | "link" | "gridcell" | "treeitem"
    ) && !el.editable
        && !el.disabled
}

/// The sweep of one [`Step::Affixed`] (see the module docs).
pub(crate) fn decide(
    (starts, ends, contains): (&str, &str, &str),
    target: Option<&Target>,
    snap: &Snapshot,
    state: &StepState,
) -> Result<Decision, Decision> {
    let spelled = spelling(starts, ends, contains);
    // A suggestion the person picked, or one this step clicked: done.
    if let Some(el) = state.unacted_choice(snap) {
        return Ok(click(el));
    }
    if let Some(done) = state.acted.iter().find(|a| !a.editable) {
        return Ok(Decision::Skip {
            note: format!("chose {}", describe(done)),
        });
    }
    let field = match (target, state.acted.iter().find(|a| a.editable)) {
        (_, Some(typed)) => snap
            .elements
            .iter()
            .find(|el| el.eid == typed.eid)
            .unwrap_or(typed),
        (Some(t), None) => locate(snap, t, Intent::Type, state)?,
        (None, None) => {
            let field = Target::named("text field", Some(RoleClass::Editable));
            usable(default_field(snap), &field, snap, state)?
        }
    };
    let typed = state.acted.iter().any(|a| a.eid == field.eid);
    if !typed && !starts.is_empty() {
        return Ok(act(
            Action::Type {
                eid: field.eid.clone(),
                text: starts.to_owned(),
                clear: true,
                submit: false,
            },
            format!(
                "type \"{starts}\" into {} to see the suggestions",
                describe(field)
            ),
        ));
    }
    let shown: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| el.in_viewport && el.eid != field.eid && suggestion(el))
        .collect();
    let fitting: Vec<&Element> = shown
        .iter()
        .copied()
        .filter(|el| fits(&el.name, starts, ends, contains))
        .collect();
    match fitting.as_slice() {
        [one] => Ok(click(one)),
        [] => {
            let holds = field.value.as_deref().unwrap_or("");
            if state.waits < WAITS {
                return Ok(act(
                    Action::Wait {
                        until: WaitFor::Millis { ms: WAIT_MS },
                    },
                    format!("wait for the suggestions of {}", describe(field)),
                ));
            }
            if fits(holds, starts, ends, contains) {
                return Ok(Decision::Skip {
                    note: format!("{} holds \"{holds}\", {spelled}", describe(field)),
                });
            }
            Ok(ask_again(
                state,
                format!("No suggestion of {} is {spelled}.", describe(field)),
            ))
        }
        several => Ok(ask_which(state, &format!("an entry {spelled}"), several)),
    }
}

/// "starting with "An" and ending with "ica"".
fn spelling(starts: &str, ends: &str, contains: &str) -> String {
    let mut parts = Vec::new();
    if !starts.is_empty() {
        parts.push(format!("starting with \"{starts}\""));
    }
    if !ends.is_empty() {
        parts.push(format!("ending with \"{ends}\""));
    }
    if !contains.is_empty() {
        parts.push(format!("containing \"{contains}\""));
    }
    parts.join(" and ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Option<(String, String, String, bool)> {
        match parse(text)?.into_iter().next()? {
            Step::Affixed {
                starts,
                ends,
                contains,
                target,
            } => Some((starts, ends, contains, target.is_some())),
            _ => None,
        }
    }

    fn spelled(s: &str, e: &str, c: &str, named: bool) -> Option<(String, String, String, bool)> {
        Some((s.to_owned(), e.to_owned(), c.to_owned(), named))
    }

    #[test]
    fn reads_descriptions_of_spelling() {
        assert_eq!(
            read("Enter an item that starts with \"An\" and ends with \"ica\"."),
            spelled("An", "ica", "", false)
        );
        assert_eq!(
            read("pick a city beginning with Po"),
            spelled("Po", "", "", false)
        );
        assert_eq!(
            read(
                "type a country whose name begins with 'Ser' and contains 'bi' into the Country field"
            ),
            spelled("Ser", "", "bi", true)
        );
        assert_eq!(
            read("choose one ending in land, starting with Ice"),
            spelled("Ice", "land", "", false)
        );
    }

    #[test]
    fn leaves_other_clauses_alone() {
        assert!(read("type Anderson into Name").is_none());
        assert!(read("enter the code that starts the engine").is_none());
        assert!(read("select the option that starts with A because of reasons").is_none());
        assert!(read("enter Sam who starts with A").is_none());
        assert!(read("click the item that starts with An").is_none());
    }

    #[test]
    fn fits_the_whole_description() {
        assert!(fits("Antarctica", "An", "ica", ""));
        assert!(!fits("Andorra", "An", "ica", ""));
        assert!(fits("Serbia", "ser", "", "bi"));
        assert!(!fits("", "", "", ""));
    }
}
