//! The item of a repeated list that is best by a value it shows: a sweep of [`Step::Best`]
//! ("book the cheapest flight", "pick the shortest delivery", "the earliest train").
//!
//! In: the verb, the superlative's [`Order`], each new snapshot and the step's state. Out: the
//! next decision.
//! - Items: controls repeated down the page (the same role, left edge and width, two or
//!   more). An item is its control and the band above it, down from the control before it
//!   (the first item is as tall as the second). Its value is the first value of the
//!   superlative's kind in the control's own name, else in the band's texts, top down.
//! - Of several such lists, the one whose controls say the verb ("Book flight for $120" for
//!   "book"); else the only one.
//! - The search is sent first when the message gave its values (`search`: "from X to Y on
//!   DATE"), else when no item shows yet: the control the filled fields' form submits with,
//!   else the page's one control that says search, find or submit. Then the items are waited
//!   for (twice 0.7 s).
//! - Every item of the list must show a value; the item with the least (most) is pressed. Two
//!   items equally best: the person is asked. No list, an item without a value, or no search
//!   to send: the run stops and says so (never a guess).
//!
//! [`Step::Best`]: super::step::Step::Best

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::affixes::{WAIT_MS, WAITS};
use super::decision::{Decision, act, click, stopped};
use super::feed::ItemBand;
use super::locate::ask_which;
use super::matching::normalize;
use super::measures::{Measure, Order, value_in};
use super::progress::StepState;
use super::report::describe;
use super::resolve::is_button;
use crate::action::{Action, WaitFor};

/// Words of a control that sends a search.
const SENDS: &[&str] = &["search", "find", "submit", "go", "show", "look"];

/// The sweep's next decision (see the module docs).
pub(super) fn decide(
    verb: &str,
    order: &Order,
    (thing, search): (&str, bool),
    snap: &Snapshot,
    state: &StepState,
) -> Result<Decision, Decision> {
    if let Some(el) = state.unacted_choice(snap) {
        return Ok(click(el));
    }
    if let Some(done) = state.acted.iter().find(|a| !sends(a)) {
        return Ok(Decision::Skip {
            note: format!("pressed {}, the {} {thing}", describe(done), order.word),
        });
    }
    // The message gave the search's values: its results are the items, not what showed before.
    if search && state.acted.is_empty() {
        return match search_control(snap) {
            Some(control) => Ok(click(control)),
            None => Err(stopped(&format!(
                "I found no control that sends the search for the {} {thing}.",
                order.word
            ))),
        };
    }
    let Some(items) = list(verb, order.measure, snap) else {
        if state.acted.is_empty() {
            return match search_control(snap) {
                Some(control) => Ok(click(control)),
                None => Err(stopped(&format!(
                    "I found no {thing} showing a {} to compare, and no search to send.",
                    kind(order.measure)
                ))),
            };
        }
        if state.waits < WAITS {
            return Ok(act(
                Action::Wait {
                    until: WaitFor::Millis { ms: WAIT_MS },
                },
                format!("wait for the {thing} to show"),
            ));
        }
        return Err(stopped(&format!(
            "after the search, I found no {thing} showing a {} to compare.",
            kind(order.measure)
        )));
    };
    let valued: Vec<(&Element, f64)> = items
        .iter()
        .filter_map(|(el, v)| v.map(|v| (*el, v)))
        .collect();
    if valued.len() < items.len() {
        return Err(stopped(&format!(
            "some {thing} show no {} to compare, so I cannot tell which is the {}.",
            kind(order.measure),
            order.word
        )));
    }
    let best = valued
        .iter()
        .map(|(_, v)| *v)
        .reduce(|a, b| if order.least { a.min(b) } else { a.max(b) });
    let tied: Vec<&Element> = valued
        .iter()
        .filter(|(_, v)| Some(*v) == best)
        .map(|(el, _)| *el)
        .collect();
    match tied.as_slice() {
        [one] => Ok(act(
            Action::Click {
                eid: one.eid.clone(),
            },
            format!("press {}: the {} {thing}", describe(one), order.word),
        )),
        several => Err(ask_which(
            state,
            &format!("the {} {thing}", order.word),
            several,
        )),
    }
}

fn kind(measure: Measure) -> &'static str {
    match measure {
        Measure::Price => "price",
        Measure::Duration => "duration",
        Measure::Clock => "time",
    }
}

/// A control that sends a search (by its words or as its form's submit control).
fn sends(el: &Element) -> bool {
    let name = normalize(&el.name);
    let first = name.split(' ').next().unwrap_or("");
    SENDS.contains(&first)
        || el
            .form_submit
            .as_deref()
            .is_some_and(|s| s.trim() == el.name.trim())
}

/// The control that sends the search: the submit control of the form a filled field is in,
/// else the page's one enabled control that says search, find or submit.
fn search_control(snap: &Snapshot) -> Option<&Element> {
    let controls = || {
        snap.elements
            .iter()
            .filter(|el| !el.disabled && (is_button(el) || el.role == "clickable"))
    };
    let filled = snap
        .elements
        .iter()
        .filter(|el| el.editable && el.value.as_deref().is_some_and(|v| !v.trim().is_empty()))
        .find_map(|el| el.form_submit.as_deref());
    if let Some(label) = filled
        && let Some(button) = controls().find(|el| el.name.trim() == label.trim())
    {
        return Some(button);
    }
    let named: Vec<&Element> = controls().filter(|el| sends(el)).collect();
    match named.as_slice() {
        [one] => Some(one),
        _ => None,
    }
}

/// The repeated items and each one's value (see the module docs); `None` when the page shows
/// no list of two items or more with values of the kind, or several lists none of which says
/// the verb.
fn list<'s>(
    verb: &str,
    measure: Measure,
    snap: &'s Snapshot,
) -> Option<Vec<(&'s Element, Option<f64>)>> {
    let controls: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| {
            !el.disabled
                && !el.editable
                && (is_button(el) || matches!(el.role.as_str(), "clickable" | "link" | "radio"))
        })
        .collect();
    let mut groups: Vec<Vec<&Element>> = Vec::new();
    for el in controls {
        let peer = |o: &&Element| {
            o.role == el.role
                && (o.rect.x - el.rect.x).abs() < 4.0
                && (o.rect.w - el.rect.w).abs() < 4.0
        };
        match groups.iter_mut().find(|g| g.first().is_some_and(&peer)) {
            Some(group) => group.push(el),
            None => groups.push(vec![el]),
        }
    }
    let valued: Vec<Vec<(&Element, Option<f64>)>> = groups
        .into_iter()
        .filter(|g| g.len() >= 2)
        .map(|mut g| {
            g.sort_by(|a, b| a.rect.y.total_cmp(&b.rect.y));
            (0..g.len())
                .map(|i| (g[i], value_of(&g, i, measure, snap)))
                .collect::<Vec<_>>()
        })
        .filter(|g: &Vec<(&Element, Option<f64>)>| {
            g.iter().filter(|(_, v)| v.is_some()).count() >= 2
        })
        .collect();
    let verb = normalize(verb);
    let saying: Vec<&Vec<(&Element, Option<f64>)>> = valued
        .iter()
        .filter(|g| {
            g.iter()
                .all(|(el, _)| normalize(&el.name).split(' ').any(|w| w == verb))
        })
        .collect();
    match (saying.as_slice(), valued.as_slice()) {
        ([one], _) => Some((*one).clone()),
        ([], [one]) => Some(one.clone()),
        _ => None,
    }
}

/// The value of item `i` of `group` (sorted top down): in the control's own name, else in
/// the texts of its item (`feed::ItemBand`), top down.
fn value_of(group: &[&Element], i: usize, measure: Measure, snap: &Snapshot) -> Option<f64> {
    let el = group[i];
    if let Some(v) = value_in(&el.name, measure) {
        return Some(v);
    }
    let mut band: Vec<_> = ItemBand::of(el, group)?.texts(snap).collect();
    band.sort_by(|a, b| a.y.total_cmp(&b.y).then(a.x.total_cmp(&b.x)));
    band.iter().find_map(|t| value_in(&t.text, measure))
}

#[cfg(test)]
#[path = "best_item_tests.rs"]
mod tests;
