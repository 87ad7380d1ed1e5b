//! Sliders: "select 5 with the slider", "set the volume slider to 3". A slider is moved the
//! way a person does it with the keyboard: focus its handle, then press the arrow keys one at a
//! time while watching the value it shows, until it shows the number asked for.
//!
//! In: the clause (`parse`); a set step's target and value, the snapshot and the step's state
//! (`decide`). Out: a `Set` step on the slider; then a click on the handle, an arrow key, or a
//! skip once the slider shows the value. `None` when the target is no slider of the page, the
//! value is no number, or the slider shows no number (nothing to watch): the caller goes on as
//! for any other set step. The slider's value comes from the page (`aria-valuenow`, an
//! `<input type=range>`, or the number the page shows beside a handle without ARIA).

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, act, click};
use super::matching::normalize;
use super::report::describe;
use super::step::{Step, Target};
use crate::action::Action;

/// Verbs that move a slider to a value.
const VERBS: &[&str] = &[
    "select", "set", "choose", "pick", "move", "slide", "drag", "put",
];
/// Words that name a slider.
const KINDS: &[&str] = &["slider", "range slider", "range", "scale"];

/// "select 5 with the slider", "choose -3 on the range": a set step on the slider.
pub(super) fn parse(text: &str) -> Option<Vec<Step>> {
    let lower = text.trim().trim_end_matches(['.', '!']).to_lowercase();
    let (verb, rest) = lower.split_once(' ')?;
    if !VERBS.contains(&verb) {
        return None;
    }
    let rest = rest.strip_prefix("the value ").unwrap_or(rest);
    let (value, place) = ["with", "on", "using", "in"].iter().find_map(|prep| {
        let (value, place) = rest.split_once(&format!(" {prep} "))?;
        Some((value.trim().trim_matches('"'), place.trim()))
    })?;
    let kind = place
        .strip_prefix("the ")
        .or_else(|| place.strip_prefix("a "))
        .unwrap_or(place);
    if !KINDS.contains(&kind) || number(value).is_none() {
        return None;
    }
    Some(vec![Step::Set {
        target: Target::parse(kind),
        value: value.to_owned(),
    }])
}

/// The next move of a set step whose target is a slider showing a number (a sweep: it goes on
/// until the slider shows the value, at most `Step::sweep_budget` moves).
pub(super) fn decide(target: &Target, value: &str, snap: &Snapshot) -> Option<Decision> {
    let wanted = number(value)?;
    let el = the_slider(target, snap)?;
    let shown = number(el.value.as_deref()?)?;
    if (shown - wanted).abs() < f64::EPSILON {
        return Some(Decision::Skip {
            note: format!("{} shows {value}", describe(el)),
        });
    }
    if !el.focused {
        return Some(click(el));
    }
    let key = if wanted > shown {
        "ArrowRight"
    } else {
        "ArrowLeft"
    };
    // The handle keeps the focus; each key moves it one step.
    Some(act(
        Action::PressKey {
            key: key.to_owned(),
        },
        format!(
            "press {key} on {} (shows {shown}, wanted {wanted})",
            describe(el)
        ),
    ))
}

/// The one enabled slider `target` names: by its name, else by the kind word alone when the
/// page has exactly one slider.
fn the_slider<'s>(target: &Target, snap: &'s Snapshot) -> Option<&'s Element> {
    let sliders: Vec<&Element> = snap
        .elements
        .iter()
        // A native `<input type=range>` takes its value directly (`set_value`).
        .filter(|el| el.role == "slider" && el.tag != "input" && !el.disabled)
        .collect();
    let named: Vec<&Element> = sliders
        .iter()
        .copied()
        .filter(|el| !target.name.is_empty() && normalize(&el.name) == target.name)
        .collect();
    match (named.as_slice(), sliders.as_slice()) {
        ([one], _) => Some(one),
        ([], [one]) if names_a_slider(target) => Some(one),
        _ => None,
    }
}

/// "the slider", "the volume slider", "the range".
fn names_a_slider(target: &Target) -> bool {
    let full = target.full.as_str();
    KINDS
        .iter()
        .any(|kind| full == *kind || full.ends_with(&format!(" {kind}")))
}

/// A number as written ("-3", "+2", "4.5", "−1").
fn number(text: &str) -> Option<f64> {
    text.trim().replace('\u{2212}', "-").parse().ok()
}
