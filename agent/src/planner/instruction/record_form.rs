//! The form a [`Step::Record`](super::step::Step::Record) is written in (a sweep): find each
//! value's field, open the form when a field is not shown, set the values, keep the record.
//!
//! - A field is named by its key: [`BODY`] is the one multi-line field (a textarea or an
//!   editable box that is not an input) whose name is not an item's name word; [`NAME`] is
//!   the field that holds the item's current name, else one labelled name, title or subject;
//!   any other key is the field whose label holds its words (an exact label first).
//! - A new record (no item) whose fields are not all shown opens its form by clicking its
//!   multi-line field (the page's "Take a note…" box); it never clicks anything else.
//! - An existing item's fields are read only once its editor is open, or in its own row. The
//!   editor is opened by, in order: a control in the item's row named Edit (or Rename, for its
//!   name); the row's menu, then an Edit / Rename entry in it; the item itself.
//! - Once every field holds its value the record is kept: the control nearest to the fields
//!   named Save, Done, OK, Apply, Update or else Close is clicked; a lone name typed into an
//!   input with no such control is confirmed with Enter. The step ends once that happened.
//! - A field that cannot be found after the form was opened stops the step, naming it: never a
//!   guess.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, act, click};
use super::fields::Next;
use super::keeping::{KEEPING, keeps};
use super::locate::ask_which;
use super::matching::normalize;
use super::progress::StepState;
use super::records::{BODY, NAME, NAME_WORDS};
use super::report::describe;
use super::resolve::{Intent, Resolution, resolve};
use super::step::{Target, is_editable, is_select};
use super::verbs::{clickable, coverage, opens_menu, says_verb, thing_words};
use crate::action::Action;

/// Words of a multi-line field's name that say it is a record's text.
const TEXT_WORDS: &[&str] = &[
    "note",
    "body",
    "text",
    "message",
    "content",
    "description",
    "comment",
    "details",
];

/// The sweep's next decision (see the module docs).
pub(super) fn decide<'s>(
    object: Option<&Target>,
    values: &[(String, String)],
    snap: &'s Snapshot,
    state: &StepState,
) -> Result<Next<'s>, Decision> {
    if let Some(kept) = state.acted.iter().find(|el| keeps(el).is_some()) {
        return Ok(Next::Decided(Decision::Skip {
            note: format!("kept it with {}", kept.name),
        }));
    }
    let acted_on = |el: &Element| {
        state
            .acted
            .iter()
            .filter(|done| done.eid == el.eid && done.name == el.name)
            .count()
    };
    // Confirmed with Enter: a lone value typed into an input that nothing near keeps.
    if values.len() == 1
        && object.is_some()
        && state.acted.len() > 1
        && state.acted.last().is_some_and(|el| {
            is_editable(el)
                && el.tag == "input"
                && (!snap.elements.iter().any(|now| now.eid == el.eid)
                    || keeping(snap, el, state).is_none())
        })
    {
        return Ok(Next::Decided(Decision::Skip {
            note: "renamed it".to_owned(),
        }));
    }
    let opened = !state.acted.is_empty();
    let mut found = Vec::new();
    for (key, value) in values {
        match field(key, object, snap, opened, state)? {
            Some(el) => found.push((el, value.as_str())),
            None => return open(object, key, snap, state),
        }
    }
    // (The box clicked to open the form was acted on once before it was typed into.)
    let opener = state.acted.first();
    let typed = |el: &Element| {
        let clicks = usize::from(opener.is_some_and(|o| o.eid == el.eid && o.name == el.name));
        acted_on(el) > clicks
    };
    if let Some((el, value)) = found
        .iter()
        .find(|(el, value)| !holds(el, value) && !typed(el))
    {
        let lone_input = found.len() == 1 && el.tag == "input" && is_editable(el);
        if lone_input && object.is_some() && keeping(snap, el, state).is_none() {
            return Ok(Next::Decided(act(
                Action::Type {
                    eid: el.eid.clone(),
                    text: (*value).to_owned(),
                    clear: true,
                    submit: true,
                },
                format!("type \"{value}\" into {} and press Enter", describe(el)),
            )));
        }
        return Ok(Next::Set(el, (*value).to_owned()));
    }
    let last = found.last().map(|(el, _)| *el);
    match last.and_then(|el| keeping(snap, el, state)) {
        Some(el) => Ok(Next::Decided(click(el))),
        None => Ok(Next::Decided(Decision::Skip {
            note: format!("filled in {} fields", found.len()),
        })),
    }
}

/// Whether a field already holds `value` (a list: its chosen option).
fn holds(el: &Element, value: &str) -> bool {
    let want = normalize(value);
    el.value.as_deref().is_some_and(|v| normalize(v) == want)
        || el
            .options
            .iter()
            .any(|o| o.selected && normalize(&o.label) == want)
}

/// The control nearest to `field` that keeps the form (see [`KEEPING`]).
fn keeping<'s>(snap: &'s Snapshot, field: &Element, state: &StepState) -> Option<&'s Element> {
    let centre = |el: &Element| (el.rect.x + el.rect.w / 2.0, el.rect.y + el.rect.h / 2.0);
    let (fx, fy) = centre(field);
    snap.elements
        .iter()
        .filter(|el| el.frame == field.frame && !state.acted.iter().any(|d| d.eid == el.eid))
        .filter_map(|el| {
            let rank = keeps(el)?;
            let (x, y) = centre(el);
            let distance = (x - fx).abs() + (y - fy).abs();
            // Save-like before Close (closing may discard), then within the form's reach, the
            // better name, the nearer.
            let close = KEEPING[rank] == "close";
            Some((el, (close, distance > 500.0, rank, distance as u64)))
        })
        .min_by_key(|(_, key)| *key)
        .map(|(el, _)| el)
}

/// The field for `key` on this page, if it shows (`Err`: two fields match equally).
fn field<'s>(
    key: &str,
    object: Option<&Target>,
    snap: &'s Snapshot,
    opened: bool,
    state: &StepState,
) -> Result<Option<&'s Element>, Decision> {
    let fields: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| !el.disabled && (is_editable(el) || is_select(el)))
        .filter(|el| el.role != "searchbox" && el.input_type.as_deref() != Some("search"))
        .collect();
    let words_of = |el: &Element| -> Vec<String> {
        let mut text = normalize(&el.name);
        if let Some(placeholder) = &el.placeholder {
            text.push(' ');
            text.push_str(&normalize(placeholder));
        }
        text.split(' ')
            .filter(|w| !w.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let names_item = |el: &Element| {
        words_of(el)
            .iter()
            .any(|w| NAME_WORDS.contains(&w.as_str()))
    };
    // An existing item's fields: in its open editor, or in its own row.
    let thing = object.map(thing_words).unwrap_or_default();
    // (The item's current name is compared with every word of its phrase: "Wifi at the cabin".)
    let phrase = object.map_or(String::new(), |o| normalize(&o.phrase));
    let need = thing.len().div_ceil(2).max(1);
    let reachable = |el: &Element| object.is_none() || opened || coverage(el, &thing, snap) >= need;
    let candidates: Vec<&Element> = if key == BODY {
        let multi: Vec<&Element> = fields
            .iter()
            .copied()
            .filter(|el| is_editable(el) && el.tag != "input" && !names_item(el))
            .collect();
        let texts: Vec<&Element> = multi
            .iter()
            .copied()
            .filter(|el| {
                let words = words_of(el);
                words.is_empty() || words.iter().any(|w| TEXT_WORDS.contains(&w.as_str()))
            })
            .collect();
        if texts.is_empty() { multi } else { texts }
    } else if key == NAME {
        let current: Vec<&Element> = fields
            .iter()
            .copied()
            .filter(|el| is_editable(el) && reachable(el) && object.is_some())
            .filter(|el| {
                let value = normalize(el.value.as_deref().unwrap_or(""));
                let have: Vec<&str> = value.split(' ').filter(|w| !w.is_empty()).collect();
                !have.is_empty() && have.iter().all(|w| phrase.split(' ').any(|t| t == *w))
            })
            .collect();
        if current.is_empty() {
            fields
                .iter()
                .copied()
                .filter(|el| is_editable(el) && reachable(el) && names_item(el))
                .collect()
        } else {
            current
        }
    } else {
        let key_words: Vec<String> = normalize(key).split(' ').map(str::to_owned).collect();
        let labelled: Vec<&Element> = fields
            .iter()
            .copied()
            .filter(|el| reachable(el))
            .filter(|el| {
                let words = words_of(el);
                key_words.iter().all(|k| words.contains(k))
            })
            .collect();
        let exact: Vec<&Element> = labelled
            .iter()
            .copied()
            .filter(|el| normalize(&el.name) == normalize(key))
            .collect();
        if exact.is_empty() { labelled } else { exact }
    };
    match candidates.as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(*one)),
        many => Err(ask_which(
            state,
            if key.is_empty() { "text" } else { key },
            many,
        )),
    }
}

/// A field for `key` is not shown: open the form (see the module docs), or stop.
fn open<'s>(
    object: Option<&Target>,
    key: &str,
    snap: &'s Snapshot,
    state: &StepState,
) -> Result<Next<'s>, Decision> {
    let acted = |el: &Element| {
        state
            .acted
            .iter()
            .any(|d| d.eid == el.eid && d.name == el.name)
    };
    let opener = match object {
        None if state.acted.is_empty() => field(BODY, None, snap, false, state)?,
        None => None,
        Some(object) => editor_opener(object, key, snap, state, &acted),
    };
    match opener {
        Some(el) => Ok(Next::Decided(click(el))),
        None => Err(Decision::Stop {
            reason: Some(format!(
                "Stopped: I could not find the {} field{}, so I did not act on a guess.",
                if key.is_empty() { "text" } else { key },
                object.map_or(String::new(), |o| format!(" of \"{}\"", o.phrase))
            )),
        }),
    }
}

/// What opens the item's editor next (see the module docs).
fn editor_opener<'s>(
    object: &Target,
    key: &str,
    snap: &'s Snapshot,
    state: &StepState,
    acted: &dyn Fn(&Element) -> bool,
) -> Option<&'s Element> {
    let words = thing_words(object);
    let need = words.len().div_ceil(2).max(1);
    let mut verbs = vec!["edit".to_owned()];
    if key == NAME {
        verbs.insert(0, "rename".to_owned());
    }
    let usable = |el: &&Element| clickable(el) && !acted(el);
    let menu_open = state.acted.last().is_some_and(opens_menu);
    // The row's Edit / Rename control, or that entry of the menu just opened.
    let mut controls: Vec<&Element> = snap
        .elements
        .iter()
        .filter(usable)
        .filter(|el| says_verb(el, &verbs) > 0)
        .filter(|el| menu_open || coverage(el, &words, snap) >= need)
        .collect();
    controls.sort_by_key(|el| {
        std::cmp::Reverse((
            coverage(el, &words, snap),
            says_verb(el, &verbs),
            el.in_viewport,
        ))
    });
    if let Some(el) = controls.first() {
        return Some(el);
    }
    if state.acted.is_empty()
        && let Some(menu) = snap
            .elements
            .iter()
            .filter(usable)
            .filter(|el| opens_menu(el) && coverage(el, &words, snap) >= need)
            .max_by_key(|el| (coverage(el, &words, snap), el.in_viewport))
    {
        return Some(menu);
    }
    // The item itself (its title, its card), named with or without its kind ("the note X").
    let bare = object
        .phrase
        .split_once(' ')
        .and_then(|(_, rest)| super::step::target(rest));
    [Some(object.clone()), bare]
        .into_iter()
        .flatten()
        .find_map(|t| match resolve(snap, &t, Intent::Click) {
            Resolution::Found(el) if usable(&el) => Some(el),
            _ => None,
        })
}
