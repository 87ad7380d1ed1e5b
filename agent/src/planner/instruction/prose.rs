//! Values given in prose, matched to the labelled fields of a form.
//!
//! In: the person's sentence ("find jazz albums released by Monk in 1957") and the snapshot.
//! Out: the field values it can place, then one [`Decision`] per call (a sweep): fill the next
//! field that does not hold its value yet, then click the form's submit control, then skip.
//!
//! Placing is by the form's own words, never by a list of known sites:
//! 1. a `<select>` takes the option whose label appears in the sentence (placeholder options
//!    such as "Any" or "Choose…" excepted);
//! 2. a field labelled with a linking word ("From", "To", "By", "With") takes the words that
//!    follow that word in the sentence;
//! 3. a field whose label says "year" (else one that says "date" and is not a calendar input)
//!    takes a four-digit year; number fields take the other numbers, in order;
//! 4. a phrase introduced by "by", "named", "called", "titled", "about" or "with" goes to the
//!    one text field whose label shares the stem of the word before it ("directed by Bowen" →
//!    "Director"); one remaining text field takes the one remaining such phrase;
//! 5. the one text field still empty takes the phrase the sentence starts with ("action movies
//!    directed by …" → "action": a last plural word names the things searched for, not a value).
//!
//! Then the form is sent with its submit control (else the page's one "Search" or "Submit"
//! control, else the page's only control).
//!
//! When some values fit no field one-to-one (two names for one free field, a number with no
//! number field) the step asks, naming those words, before filling anything; when nothing can
//! be placed the step says so (the caller falls back or asks).

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, act};
use super::locate::ask_again;
use super::matching::normalize;
use super::progress::StepState;
use super::report::describe;
use super::resolve::is_button;
use super::step::{is_editable, is_select};
use super::value_format;
use crate::action::Action;

/// Words that end a phrase in the sentence.
const STOPS: &[&str] = &[
    "by", "from", "to", "in", "on", "at", "for", "with", "and", "or", "released", "made",
    "written", "named", "called", "titled", "about", "of", "the", "a", "an", "please", "then",
];
/// Words that introduce a phrase for a remaining text field.
const INTRODUCERS: &[&str] = &["by", "named", "called", "titled", "about", "with"];
/// Option labels that mean "no choice".
const PLACEHOLDERS: &[&str] = &[
    "any",
    "all",
    "choose",
    "select",
    "none",
    "",
    "please choose",
];
/// Labels that are linking words.
const LINKING: &[&str] = &["from", "to", "by", "with", "via", "near", "at", "for"];

/// True when `text` reads like a description with values rather than a name.
pub(crate) fn looks_like_prose(text: &str) -> bool {
    let words: Vec<String> = normalize(text).split(' ').map(str::to_owned).collect();
    words.len() >= 3
        && words.iter().any(|w| {
            matches!(
                w.as_str(),
                "by" | "from" | "in" | "for" | "with" | "released"
            ) || w.chars().all(|c| c.is_ascii_digit())
        })
}

/// One field and the value placed in it.
struct Placed<'s> {
    field: &'s Element,
    value: String,
}

fn tokens(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|t| t.trim_matches(|c: char| !c.is_alphanumeric()).to_owned())
        .filter(|t| !t.is_empty())
        .collect()
}

fn label(el: &Element) -> String {
    let name = normalize(&el.name);
    if name.is_empty() {
        el.context.as_deref().map(normalize).unwrap_or_default()
    } else {
        name
    }
}

fn is_number_field(el: &Element) -> bool {
    el.input_type.as_deref() == Some("number") || el.role == "spinbutton"
}

fn is_number(token: &str) -> bool {
    value_format::number(token).is_some()
}

/// The words after `word` (its first unused occurrence) up to a stop word or number, with the
/// word before `word` ("directed" in "directed by Bowen").
fn phrase_after(toks: &[String], used: &mut [bool], word: &str) -> Option<(Option<usize>, String)> {
    let at = toks
        .iter()
        .enumerate()
        .position(|(i, t)| !used[i] && t.eq_ignore_ascii_case(word))?;
    let mut end = at + 1;
    while end < toks.len()
        && !used[end]
        && !STOPS.contains(&toks[end].to_lowercase().as_str())
        && !is_number(&toks[end])
    {
        end += 1;
    }
    if end == at + 1 {
        return None;
    }
    let before = at.checked_sub(1).filter(|i| !used[*i]);
    for flag in used.iter_mut().take(end).skip(at) {
        *flag = true;
    }
    Some((before, toks[at + 1..end].join(" ")))
}

/// Whether two words share a stem of at least five letters ("directed" / "director").
fn same_stem(a: &str, b: &str) -> bool {
    let common = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
    a == b || common >= 5
}

/// The phrase the sentence starts with: up to the first stop word, number or placed word,
/// without a last plural word of two or more ("action movies" → "action").
fn head_phrase(toks: &[String], used: &[bool]) -> Option<String> {
    let len = (0..toks.len())
        .position(|i| {
            used[i] || STOPS.contains(&toks[i].to_lowercase().as_str()) || is_number(&toks[i])
        })
        .unwrap_or(toks.len());
    if len == 0 {
        return None;
    }
    let last = &toks[len - 1];
    let plural = len >= 2 && last.len() >= 4 && last.ends_with('s') && !last.ends_with("ss");
    Some(toks[..if plural { len - 1 } else { len }].join(" "))
}

/// Places the sentence's values into the page's fields.
/// The values placed, and the value words that fit no field one-to-one.
fn place<'s>(text: &str, snap: &'s Snapshot) -> (Vec<Placed<'s>>, Vec<String>) {
    let toks = tokens(text);
    let lower: Vec<String> = toks.iter().map(|t| normalize(t)).collect();
    let mut used = vec![false; toks.len()];
    let fields: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| !el.disabled && (el.tag == "select" || is_editable(el)))
        .filter(|el| el.input_type.as_deref() != Some("password"))
        .collect();
    let mut placed: Vec<Placed<'s>> = Vec::new();
    let taken = |placed: &[Placed<'_>], el: &Element| placed.iter().any(|p| p.field.eid == el.eid);
    // 1. Options named in the sentence.
    for field in fields.iter().filter(|f| is_select(f) && f.tag == "select") {
        let best = field
            .options
            .iter()
            .filter(|o| !PLACEHOLDERS.contains(&normalize(&o.label).as_str()))
            .filter_map(|o| {
                let words: Vec<String> =
                    normalize(&o.label).split(' ').map(str::to_owned).collect();
                (0..lower.len())
                    .find(|&i| {
                        i + words.len() <= lower.len()
                            && (0..words.len()).all(|k| !used[i + k] && lower[i + k] == words[k])
                    })
                    .map(|i| (words.len(), i, o))
            })
            .max_by_key(|(len, _, _)| *len);
        if let Some((len, i, option)) = best {
            used[i..i + len].iter_mut().for_each(|u| *u = true);
            placed.push(Placed {
                field,
                value: option.label.clone(),
            });
        }
    }
    // 2. Fields labelled with a linking word.
    for field in &fields {
        let name = label(field);
        if LINKING.contains(&name.as_str())
            && !taken(&placed, field)
            && let Some((_, value)) = phrase_after(&toks, &mut used, &name)
        {
            placed.push(Placed { field, value });
        }
    }
    // 3. Years, then other numbers.
    let says = |f: &Element, word: &str| label(f).split(' ').any(|w| w == word);
    let mut year_fields: Vec<&&Element> = fields.iter().filter(|f| says(f, "year")).collect();
    if year_fields.is_empty() {
        year_fields = fields
            .iter()
            .filter(|f| says(f, "date") && f.input_type.as_deref() != Some("date"))
            .collect();
    }
    for field in year_fields {
        let year = (0..toks.len()).find(|&i| {
            !used[i] && toks[i].len() == 4 && toks[i].chars().all(|c| c.is_ascii_digit())
        });
        if let Some(i) = year
            && !taken(&placed, field)
        {
            used[i] = true;
            placed.push(Placed {
                field,
                value: toks[i].clone(),
            });
        }
    }
    for field in fields.iter().filter(|f| is_number_field(f)) {
        if taken(&placed, field) {
            continue;
        }
        if let Some(i) = (0..toks.len()).find(|&i| !used[i] && is_number(&toks[i])) {
            used[i] = true;
            placed.push(Placed {
                field,
                value: toks[i].clone(),
            });
        }
    }
    // 4. Phrases after an introducer: to the field the word before it names, else one
    // remaining phrase into one remaining text field.
    let open = |placed: &[Placed<'s>]| -> Vec<&'s Element> {
        fields
            .iter()
            .copied()
            .filter(|f| f.tag != "select" && !is_number_field(f) && !taken(placed, f))
            .collect()
    };
    let mut phrases = Vec::new();
    for word in INTRODUCERS {
        while let Some((before, value)) = phrase_after(&toks, &mut used, word) {
            let before_word = before.map(|i| normalize(&toks[i]));
            let named: Vec<&Element> = open(&placed)
                .into_iter()
                .filter(|f| {
                    before_word
                        .as_deref()
                        .is_some_and(|b| label(f).split(' ').any(|w| same_stem(b, w)))
                })
                .collect();
            match (named.as_slice(), before) {
                ([field], Some(i)) => {
                    used[i] = true;
                    placed.push(Placed { field, value });
                }
                _ => phrases.push(value),
            }
        }
    }
    let mut unplaced = Vec::new();
    match (open(&placed).as_slice(), phrases.as_slice()) {
        ([field], [value]) => placed.push(Placed {
            field,
            value: value.clone(),
        }),
        (_, []) => {}
        (_, many) => unplaced.extend(many.iter().cloned()),
    }
    // 5. The phrase the sentence starts with, into the one text field left.
    if unplaced.is_empty()
        && !placed.is_empty()
        && let [field] = open(&placed).as_slice()
        && let Some(value) = head_phrase(&toks, &used)
    {
        placed.push(Placed { field, value });
    }
    unplaced.extend(
        (0..toks.len())
            .filter(|&i| !used[i] && toks[i].chars().all(|c| c.is_ascii_digit()))
            .map(|i| toks[i].clone()),
    );
    (placed, unplaced)
}

fn holds(el: &Element, value: &str) -> bool {
    let want = value_format::for_element(el, value);
    el.value
        .as_deref()
        .is_some_and(|v| normalize(v) == normalize(&want) || normalize(v) == normalize(value))
}

/// The next action for a prose step, or `None` when nothing in `text` fits this page.
pub(crate) fn fill(text: &str, snap: &Snapshot, state: &StepState) -> Option<Decision> {
    let (placed, unplaced) = place(text, snap);
    if placed.is_empty() {
        return None;
    }
    // Never a silent half: values that fit no field one-to-one are named before anything is
    // filled in.
    if !unplaced.is_empty() && state.acted.is_empty() {
        let words: Vec<String> = unplaced.iter().map(|w| format!("\"{w}\"")).collect();
        return Some(ask_again(
            state,
            format!(
                "I could not tell which field of this form {} is for.",
                words.join(", ")
            ),
        ));
    }
    if let Some(next) = placed.iter().find(|p| !holds(p.field, &p.value)) {
        let el = next.field;
        let action = if el.tag == "select" {
            Action::SelectOption {
                eid: el.eid.clone(),
                option: next.value.clone(),
            }
        } else {
            Action::Type {
                eid: el.eid.clone(),
                text: value_format::for_element(el, &next.value),
                clear: true,
                submit: false,
            }
        };
        return Some(act(
            action,
            format!("put \"{}\" into {}", next.value, describe(el)),
        ));
    }
    if state
        .acted
        .iter()
        .any(|el| is_button(el) || el.role == "clickable")
    {
        return Some(Decision::Skip {
            note: "the form is filled and sent".to_owned(),
        });
    }
    let submit_label = placed.iter().find_map(|p| p.field.form_submit.as_deref());
    let button = match submit_label {
        Some(label) => snap
            .elements
            .iter()
            .find(|el| is_button(el) && !el.disabled && el.name.trim() == label.trim()),
        None => sending_control(snap),
    };
    Some(match button {
        Some(b) => act(
            Action::Click { eid: b.eid.clone() },
            format!("send the form with {}", describe(b)),
        ),
        None => Decision::Skip {
            note: "the form is filled".to_owned(),
        },
    })
}

/// A form with no submit control of its own: the page's one control named "Search" or
/// "Submit", else the page's only control.
fn sending_control(snap: &Snapshot) -> Option<&Element> {
    let controls: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| !el.disabled && (is_button(el) || el.role == "clickable"))
        .collect();
    let named: Vec<&Element> = controls
        .iter()
        .copied()
        .filter(|el| matches!(normalize(&el.name).as_str(), "search" | "submit"))
        .collect();
    match (named.as_slice(), controls.as_slice()) {
        ([one], _) | ([], [one]) => Some(one),
        _ => None,
    }
}
