//! A choice described by its parts: "choose size M in the Oat colour", "pick the 500 g bag
//! ground for filter". One phrase names options of several choices of the page at once (a
//! size and a colour, a weight and a grind), which no single option or list carries.
//!
//! In: the words of a choose step (option and list together) and the snapshot. Out: the next
//! choice to make, or `None` when the words name fewer than two options of different choices
//! (the step is then an ordinary choice, `choose`). An option is named when every word of its
//! label is a word of the phrase ("M", "Oat", "500 g", "Filter"): a radio, a toggle button
//! (a colour swatch) or an option of a native list. Options of one choice named twice: `None`
//! (not guessed). A sweep: each choice is made once; then the step is done.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::choose::select_in;
use super::decision::{Decision, act, check};
use super::progress::StepState;
use super::report::describe;
use crate::action::Action;

/// Longest label (in words) an option may have to be named by a phrase's words.
const MOST_WORDS: usize = 3;

/// A named option: the element to click, or a native list and its option's label.
enum Named<'s> {
    Toggle(&'s Element),
    InList(&'s Element, String),
}

/// The words as written, lower case, punctuation around them removed ("M," → "m").
fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// Sizes said in words and the letters a size choice labels them with.
const SIZE_LETTERS: &[(&str, &str)] = &[
    ("small", "s"),
    ("medium", "m"),
    ("large", "l"),
    ("x-small", "xs"),
    ("x-large", "xl"),
    ("xx-large", "xxl"),
];

/// The phrase's words with the letters of the sizes it says in words ("large" → "l", "extra
/// large" → "xl" only): a size choice labels its options "S", "M", "L".
fn with_size_letters(words: Vec<String>) -> Vec<String> {
    let mut out = words.clone();
    for (at, word) in words.iter().enumerate() {
        let extra = at > 0 && words[at - 1] == "extra";
        let said = if extra {
            format!("x-{word}")
        } else {
            word.clone()
        };
        if let Some((_, letters)) = SIZE_LETTERS.iter().find(|(name, _)| *name == said) {
            out.push((*letters).to_owned());
        }
    }
    out
}

fn named_by(label: &str, phrase: &[String]) -> bool {
    let label = words(label);
    !label.is_empty() && label.len() <= MOST_WORDS && label.iter().all(|w| phrase.contains(w))
}

/// A choice among options (not a box to tick).
fn is_option(el: &Element) -> bool {
    let radio = el.role == "radio" || el.input_type.as_deref() == Some("radio");
    let toggle = el.role == "button" && el.checked.is_some();
    radio || toggle
}

/// The options the phrase names, with the choice each belongs to.
fn named<'s>(phrase: &[String], snap: &'s Snapshot) -> Vec<(String, Named<'s>)> {
    let mut out = Vec::new();
    for el in snap.elements.iter().filter(|el| !el.disabled) {
        if is_option(el) && named_by(&el.name, phrase) {
            let choice = format!("{}|{}", el.role, el.context.as_deref().unwrap_or_default());
            out.push((choice, Named::Toggle(el)));
        } else if el.tag == "select" {
            for option in el.options.iter().filter(|o| !o.disabled) {
                if named_by(&option.label, phrase) {
                    out.push((
                        el.eid.as_str().to_owned(),
                        Named::InList(el, option.label.clone()),
                    ));
                }
            }
        }
    }
    out
}

/// The next choice the phrase asks for (see the module docs).
pub(super) fn decide(phrase: &str, snap: &Snapshot, state: &StepState) -> Option<Decision> {
    let phrase = with_size_letters(words(phrase));
    let named = named(&phrase, snap);
    let mut choices: Vec<&str> = named.iter().map(|(c, _)| c.as_str()).collect();
    let count = choices.len();
    choices.sort_unstable();
    choices.dedup();
    if choices.len() < 2 || choices.len() != count {
        return None;
    }
    for (_, option) in &named {
        match option {
            Named::Toggle(el) => {
                let acted = state
                    .acted
                    .iter()
                    .any(|done| done.eid == el.eid && done.name == el.name);
                if el.checked != Some(true) && !acted {
                    // (A swatch is a toggle button: pressed by a click, not ticked.)
                    return Some(if el.role == "button" {
                        act(
                            Action::Click {
                                eid: el.eid.clone(),
                            },
                            format!("choose {}", describe(el)),
                        )
                    } else {
                        check(el, true)
                    });
                }
            }
            Named::InList(list, label) => {
                let chosen = list.options.iter().any(|o| o.selected && &o.label == label);
                if !chosen {
                    return Some(select_in(list, label, state));
                }
            }
        }
    }
    let made: Vec<String> = named
        .iter()
        .map(|(_, option)| match option {
            Named::Toggle(el) => describe(el),
            Named::InList(_, label) => format!("\"{label}\""),
        })
        .collect();
    Some(Decision::Skip {
        note: format!("chose {}", made.join(", ")),
    })
}
