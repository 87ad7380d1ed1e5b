//! Menus whose items open a submenu under the mouse: "Select File>Export>PDF", "click Settings >
//! Privacy", and "click Send to back" when that item shows only while its parent item is
//! hovered.
//!
//! In: a clause ([`parse`]: a verb that picks, then a path of names joined by `>`, `›` or `→`),
//! or a click whose target does not show ([`hover_to_find`]); the snapshot, whose
//! [`Element::expanded`] says which items hold a closed submenu, and the step's
//! [`StepState`] (its asides: the items it hovered). Out: one [`Decision`].
//!
//! Contract: an item that opens a submenu is never clicked on the way (on many menus that click
//! chooses the item itself): each level whose next level does not show is *hovered*, as an
//! aside of the step ([`Decision::Aside`], which completes nothing), and only the last level
//! is clicked. A level whose next level already shows is not touched. A hover that showed
//! nothing new is waited on once (a submenu slower than the hover's own wait), never repeated:
//! the step asks instead.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, act};
use super::explore::names;
use super::locate::ask_again;
use super::matching::{EXACT, normalize, quality};
use super::progress::StepState;
use super::report::describe;
use super::split::first_word;
use super::step::{Step, Target, is_editable};
use crate::action::{Action, WaitFor};

/// Verbs that pick an item of a menu ("select", "go to").
const PICKING: &[&str] = &[
    "select", "choose", "pick", "click", "press", "tap", "open", "go", "navigate",
];

/// What joins the levels of a path.
const JOINERS: &[char] = &['>', '›', '→'];

/// How long a click's look through menus waits once for a submenu slower than the hover.
const SLOW_SUBMENU_MS: u64 = 700;

/// The longest level name, in words: a longer piece is a sentence, not a menu item.
const LEVEL_WORDS: usize = 5;

/// The path step of `text` ("select File>Export>PDF"), if it is one.
pub(crate) fn parse(text: &str) -> Option<Vec<Step>> {
    let (verb, rest) = first_word(text.trim());
    if !PICKING.contains(&verb.as_str()) {
        return None;
    }
    let rest = rest.trim();
    let rest = match verb.as_str() {
        "go" | "navigate" => rest.strip_prefix("to ")?,
        _ => rest.strip_prefix("on ").unwrap_or(rest),
    };
    let levels = path_levels(rest)?;
    Some(vec![Step::Path { levels }])
}

/// The levels of `text` when it is a path of two or more short names.
fn path_levels(text: &str) -> Option<Vec<Target>> {
    if !text.contains(JOINERS) {
        return None;
    }
    let parts: Vec<&str> = text
        .trim()
        .trim_end_matches(['.', '!'])
        .split(JOINERS)
        .map(|part| part.trim().trim_matches(['"', '\'', '“', '”']).trim())
        .collect();
    let short = |part: &&str| !part.is_empty() && part.split_whitespace().count() <= LEVEL_WORDS;
    if parts.len() < 2 || !parts.iter().all(short) {
        return None;
    }
    Some(parts.into_iter().map(Target::parse).collect())
}

/// The element of the page that shows `level`'s name (the exact name first), if any.
fn shown<'s>(level: &Target, snap: &'s Snapshot) -> Option<&'s Element> {
    let wanted = normalize(&level.full);
    snap.elements
        .iter()
        .filter(|el| !is_editable(el) && names(&level.full, &el.name))
        .max_by_key(|el| {
            (
                quality(&wanted, &normalize(&el.name)) == EXACT,
                el.role == "menuitem",
            )
        })
}

/// Hovered by this step already (one of its asides targeted it).
fn hovered(el: &Element, state: &StepState) -> bool {
    state.aside_acted.iter().any(|done| done.eid == el.eid)
}

fn hover(el: &Element, why: String) -> Decision {
    Decision::Aside {
        action: Action::Hover {
            eid: el.eid.clone(),
        },
        note: why,
    }
}

/// The next action of a path step: click the last level once it shows, else hover the deepest
/// level that shows whose next level does not.
pub(crate) fn decide(levels: &[Target], snap: &Snapshot, state: &StepState) -> Decision {
    let Some((last, above)) = levels.split_last() else {
        return ask_again(state, "The menu path names no item.".to_owned());
    };
    if let Some(el) = shown(last, snap) {
        return act(
            Action::Click {
                eid: el.eid.clone(),
            },
            format!("click {}", describe(el)),
        );
    }
    let deepest = above
        .iter()
        .enumerate()
        .rev()
        .find_map(|(at, level)| shown(level, snap).map(|el| (at, el)));
    let Some((at, el)) = deepest else {
        return ask_again(
            state,
            format!("I can't find \"{}\" on this page.", above[0].phrase),
        );
    };
    let next = levels.get(at + 1).unwrap_or(last);
    if hovered(el, state) && state.aside_waits == 0 {
        // A submenu slower than the hover's own wait: wait for its item once.
        let name = if next.name.is_empty() {
            &next.full
        } else {
            &next.name
        };
        return Decision::Aside {
            action: Action::Wait {
                until: WaitFor::Text { text: name.clone() },
            },
            note: format!("wait for \"{}\" to show", next.phrase),
        };
    }
    if hovered(el, state) {
        return ask_again(
            state,
            format!("Hovering {} showed no \"{}\".", describe(el), next.phrase),
        );
    }
    hover(
        el,
        format!("hover over {} to show \"{}\"", describe(el), next.phrase),
    )
}

/// For a click whose target does not show: hover the next menu item that holds a closed
/// submenu, which this step has not hovered yet (an aside); `None` when the target shows or no
/// such item is left.
pub(crate) fn hover_to_find(
    target: &Target,
    snap: &Snapshot,
    state: &StepState,
) -> Option<Decision> {
    let name = if target.name.is_empty() {
        &target.full
    } else {
        &target.name
    };
    if name.is_empty()
        || snap
            .elements
            .iter()
            .any(|el| names(name, &el.name) || super::icons::marks(el, name))
    {
        return None;
    }
    // The item hovered last still shows its submenu closed: a slow submenu, waited for once.
    let last = state.aside_acted.last().and_then(|done| {
        snap.elements
            .iter()
            .find(|el| el.eid == done.eid && el.expanded == Some(false))
    });
    if let Some(item) = last
        && (state.aside_waits as usize) < state.aside_acted.len()
    {
        return Some(Decision::Aside {
            action: Action::Wait {
                until: WaitFor::Millis {
                    ms: SLOW_SUBMENU_MS,
                },
            },
            note: format!("wait for the submenu of {} to show", describe(item)),
        });
    }
    let item = snap.elements.iter().find(|el| {
        el.role == "menuitem" && el.expanded == Some(false) && !el.disabled && !hovered(el, state)
    })?;
    Some(hover(
        item,
        format!(
            "hover over {} to look for \"{}\"",
            describe(item),
            target.phrase
        ),
    ))
}
