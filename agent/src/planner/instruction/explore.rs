//! Sweep steps: steps that act several times until the page is as asked.
//!
//! In: the step's words, the snapshot and the step's [`StepState`] (whose `acted` lists the
//! elements its earlier actions targeted). Out: one [`Decision`]; `Skip` once the page is as
//! asked. The progress replay bounds every sweep ([`super::step::Step::sweep_budget`]).
//! - [`reveal`]: opens collapsed sections, tabs, tree folders, menus and next pages, each at most
//!   once (next-page controls again while the page changes), in document order, until the
//!   target shows; it never clicks a control that submits, buys, deletes, leaves the site or
//!   changes data (adds to a basket, saves, marks: [`changes_data`]), nor a button repeated on
//!   every item of a list.
//! - [`choose_in_widget`]: a list that is not a `<select>`: click the option when it shows,
//!   else open the list; done once an element named like the option was clicked or the list
//!   shows the option as its value.
//! - [`check_all`]: one box per action until every checkbox is as asked.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::datepicker::{SHOW_WAIT_MS, SHOW_WAITS};
use super::decision::{Decision, act};
use super::locate::ask_again;
use super::matching::{EXACT, PREFIX, WITHIN, WORDS, normalize, quality};
use super::progress::StepState;
use super::report::describe;
use super::risky::{changes_data, risky};
use super::step::{Target, is_checkable, is_editable};
use crate::action::{Action, WaitFor};

/// Words of controls that show the next part of a list.
const NEXT: &[&str] = &[
    "next",
    "more",
    "load more",
    "show more",
    "older",
    "›",
    "»",
    ">",
    "→",
];

/// Whether `text` (an element's name) names `query` well: exact, prefix or all its words.
pub(crate) fn names(query: &str, text: &str) -> bool {
    strong(query, text)
}

fn strong(query: &str, text: &str) -> bool {
    let q = quality(&normalize(query), &normalize(text));
    matches!(q, EXACT | PREFIX | WORDS)
}

fn is_next(el: &Element) -> bool {
    let name = normalize(&el.name);
    NEXT.iter()
        .any(|w| name == *w || name.starts_with(&format!("{w} ")))
        || el.name.trim().starts_with(['›', '»', '→'])
}

/// Something that opens or shows more without leaving the page's task or changing its data. A
/// control the page reports as expanded is open already: clicking it would close what it shows.
fn is_opener(el: &Element, snap: &Snapshot) -> bool {
    if el.expanded == Some(true) || changes_data(el) {
        return false;
    }
    if el.expanded == Some(false) && !el.disabled && !is_editable(el) && !risky(el) {
        return !matches!(el.role.as_str(), "combobox" | "listbox" | "searchbox");
    }
    if el.disabled
        || is_editable(el)
        || is_checkable(el)
        || is_file_name(&el.name)
        || item_action(el, snap)
    {
        return false;
    }
    match el.role.as_str() {
        "tab" | "treeitem" | "menuitem" | "clickable" | "summary" => true,
        "button" => el.form_submit.as_deref() != Some(el.name.trim()),
        "link" => is_next(el),
        _ => el.tag == "summary",
    }
}

/// A button repeated under the same name on every item of a list ("🛍" on each product card)
/// that says nothing of opening (no open state, not a next-page control): an action on its
/// item, which a look around never takes.
fn item_action(el: &Element, snap: &Snapshot) -> bool {
    const PER_ITEM: usize = 3;
    el.role == "button"
        && el.expanded.is_none()
        && !is_next(el)
        && snap
            .elements
            .iter()
            .filter(|other| other.role == el.role && other.name.trim() == el.name.trim())
            .nth(PER_ITEM - 1)
            .is_some()
}

/// A tab, tree item, disclosure `<summary>`, (non-submit) button or any control the page
/// reports as collapsed: made to open things.
fn made_for_opening(el: &Element) -> bool {
    el.expanded == Some(false)
        || matches!(el.role.as_str(), "tab" | "treeitem" | "summary" | "button")
        || el.tag == "summary"
}

/// A name such as "beach.jpg": a file, which opens nothing.
fn is_file_name(name: &str) -> bool {
    let name = name.trim();
    !name.contains(' ')
        && name.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty()
                && (2..=4).contains(&ext.len())
                && ext.chars().all(char::is_alphanumeric)
        })
}

/// Clicked by this step already. A control whose label changed since ("+" became "-", "Show"
/// became "Hide") is the same control: clicking it again would close what it opened.
fn already_opened(el: &Element, state: &StepState) -> bool {
    state.acted.iter().any(|done| done.eid == el.eid)
}

/// The control this step clicked last, when its own label changed with the click and the page
/// reports no open state for it: it opened something that may still be moving in (a drawn menu
/// spreading out), so the step waits ([`SHOW_WAIT_MS`], at most [`SHOW_WAITS`] times per
/// control) before it opens anything else.
fn still_opening<'s>(snap: &'s Snapshot, state: &StepState) -> Option<&'s Element> {
    let now = toggled_open(snap, state)?;
    let per_control = u32::try_from(state.acted.len()).unwrap_or(u32::MAX);
    (state.waits < SHOW_WAITS.saturating_mul(per_control)).then_some(now)
}

/// The control this step clicked last, when its label changed with the click and the page
/// reports no open state for it (it says it opened something).
fn toggled_open<'s>(snap: &'s Snapshot, state: &StepState) -> Option<&'s Element> {
    let last = state.acted.last()?;
    let now = snap.elements.iter().find(|el| el.eid == last.eid)?;
    (now.name.trim() != last.name.trim() && now.expanded.is_none()).then_some(now)
}

/// Opens what hides `target` until it shows.
pub(crate) fn reveal(target: &Target, snap: &Snapshot, state: &StepState) -> Decision {
    if shows(target, snap) {
        return Decision::Skip {
            note: format!("\"{}\" shows", target.phrase),
        };
    }
    if let Some(opener) = still_opening(snap, state) {
        return act(
            Action::Wait {
                until: WaitFor::Millis { ms: SHOW_WAIT_MS },
            },
            format!(
                "wait for what {} opened to show \"{}\"",
                describe(opener),
                target.phrase
            ),
        );
    }
    // Next-page controls may be used again (each use shows a new part of the list). Controls
    // made to open (tabs, tree items, disclosure buttons) come before other clickable things,
    // which may be the content itself (a wrong link ends a task). Once a control says it opened
    // something (its label changed), the plain clickables it shows are that content: never
    // clicked as openers.
    let opened = toggled_open(snap, state).is_some();
    let openers = |made_to_open: bool| {
        snap.elements.iter().find(|el| {
            is_opener(el, snap)
                && made_for_opening(el) == made_to_open
                && (!already_opened(el, state) || is_next(el))
        })
    };
    let next = openers(true).or_else(|| if opened { None } else { openers(false) });
    match next {
        Some(el) => act(
            Action::Click {
                eid: el.eid.clone(),
            },
            format!("open {} to look for \"{}\"", describe(el), target.phrase),
        ),
        None => ask_again(
            state,
            format!(
                "I opened everything I could ({} places) and did not find \"{}\".",
                state.acted.len(),
                target.phrase
            ),
        ),
    }
}

/// Whether an element named as `target` (of its kind, if it names one) is on the page.
fn shows(target: &Target, snap: &Snapshot) -> bool {
    let name = if target.name.is_empty() {
        &target.full
    } else {
        &target.name
    };
    let name = normalize(name);
    snap.elements.iter().any(|el| {
        let text = normalize(&el.name);
        // "the result Mike" shows as "Mike": one word more in the phrase names the kind.
        let kind_word_more = quality(&name, &text) == WITHIN
            && name.split(' ').count() == text.split(' ').count() + 1;
        (matches!(quality(&name, &text), EXACT | PREFIX)
            || kind_word_more
            || same_words(&name, &text)
            || super::icons::marks(el, &name))
            && target.role.is_none_or(|r| r.fits(el))
    })
}

/// "walnut side table" shows as "Hovås Side table, walnut £119": every word of a name of two
/// words or more, in another order (punctuation is already gone from both). In the same order
/// inside a longer name ("budget 2023 xlsx" for "budget xlsx") it is another thing's name.
pub(super) fn same_words(name: &str, text: &str) -> bool {
    let words: Vec<&str> = name.split(' ').filter(|w| !w.is_empty()).collect();
    let mut shown = text.split(' ');
    let in_order = words.iter().all(|w| shown.any(|t| t == *w));
    words.len() >= 2 && !in_order && words.iter().all(|w| text.split(' ').any(|t| t == *w))
}

/// Chooses `option` in a list that is not a `<select>` (opened by `trigger` when known).
pub(crate) fn choose_in_widget(
    trigger: Option<&Element>,
    option: &str,
    snap: &Snapshot,
    state: &StepState,
) -> Decision {
    if state.acted.iter().any(|done| strong(option, &done.name)) {
        return Decision::Skip {
            note: format!("chose \"{option}\""),
        };
    }
    let shows_value = trigger.is_some_and(|t| {
        t.value.as_deref().is_some_and(|v| strong(option, v))
            || (!state.acted.is_empty() && normalize(&t.name).contains(&normalize(option)))
    });
    if shows_value {
        return Decision::Skip {
            note: format!("\"{option}\" is chosen"),
        };
    }
    let wanted = Target::parse(option);
    let choice = snap
        .elements
        .iter()
        .filter(|el| trigger.is_none_or(|t| t.eid != el.eid) && !el.disabled && !is_editable(el))
        .filter(|el| strong(&wanted.full, &el.name))
        .max_by_key(|el| {
            (
                quality(&wanted.full, &normalize(&el.name)),
                matches!(el.role.as_str(), "option" | "menuitem" | "menuitemradio"),
            )
        });
    if let Some(el) = choice {
        // An option inside a list that scrolls: the click failed, bring it into view first.
        if state.failures > 0 && state.scrolled == 0 {
            return act(
                Action::Scroll {
                    direction: crate::action::ScrollDirection::Down,
                    eid: Some(el.eid.clone()),
                    within: None,
                },
                format!("scroll to {}", describe(el)),
            );
        }
        return act(
            Action::Click {
                eid: el.eid.clone(),
            },
            format!("choose {}", describe(el)),
        );
    }
    match trigger {
        Some(t) if !already_opened(t, state) => act(
            Action::Click { eid: t.eid.clone() },
            format!("open {} to choose \"{option}\"", describe(t)),
        ),
        Some(t) => ask_again(
            state,
            format!("{} shows no option \"{option}\".", describe(t)),
        ),
        None => ask_again(state, format!("I can't find an option \"{option}\".")),
    }
}

/// Checks (`on`) or unchecks the next checkbox that is not as asked.
pub(crate) fn check_all(on: bool, snap: &Snapshot) -> Decision {
    let verb = if on { "check" } else { "uncheck" };
    let next = snap.elements.iter().find(|el| {
        !el.disabled
            && (el.role == "checkbox"
                || el.role == "switch"
                || el.input_type.as_deref() == Some("checkbox"))
            && el.checked == Some(!on)
    });
    match next {
        Some(el) => {
            let eid = el.eid.clone();
            let action = if on {
                Action::Check { eid }
            } else {
                Action::Uncheck { eid }
            };
            act(action, format!("{verb} {}", describe(el)))
        }
        None => Decision::Skip {
            note: format!("every box is {verb}ed"),
        },
    }
}
