//! A value typed into a field that suggests entries as one types ("from: Anvik, AK" into a
//! From field whose list offers "Anvik, AK (ANV)"): a sweep of [`Step::Suggested`].
//!
//! In: the field's name, the value, each new snapshot and the step's state. Out: type the value
//! (clearing the field), then click the one shown suggestion whose words hold every word of the
//! value ("MOT" → "Minot, ND (MOT)"); of several, the ones that start with the value, and of
//! those the one with the fewest other words ("Leeds" → "Leeds (LDS)", not "Leeds Bradford
//! Airport (LBA)"); several that each carry the value as their code in brackets ("GPT" in
//! "Biloxi/Gulfport, MS (GPT)" and "Gulfport, MS (GPT)") are one place, the first is chosen;
//! still several, the person is asked. No suggestion after two short waits: the typed value stays
//! and the step is done (a plain text field).
//!
//! [`Step::Suggested`]: super::step::Step::Suggested

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::affixes::{WAIT_MS, WAITS, suggestion};
use super::decision::{Decision, act, click, stopped};
use super::locate::{ask_which, locate};
use super::matching::normalize;
use super::progress::StepState;
use super::report::describe;
use super::resolve::Intent;
use super::step::Target;
use super::value_format;
use crate::action::{Action, WaitFor};

/// The sweep's next decision (see the module docs).
pub(super) fn decide(
    target: &Target,
    value: &str,
    snap: &Snapshot,
    state: &StepState,
) -> Result<Decision, Decision> {
    if let Some(el) = state.unacted_choice(snap) {
        return Ok(click(el));
    }
    let clicks: Vec<&Element> = state.acted.iter().filter(|a| !a.editable).collect();
    let typed = state.acted.len() - clicks.len();
    let field = match state.acted.iter().find(|a| a.editable) {
        Some(typed) => match snap.elements.iter().find(|el| el.eid == typed.eid) {
            Some(field) => field,
            // The field is gone: the page moved on with the choice.
            None if !clicks.is_empty() => return Ok(chose(&clicks)),
            None => typed,
        },
        None => locate(snap, target, Intent::Type, state)?,
    };
    // A suggestion was clicked: done once the field holds the value's words; a field that
    // took another entry is typed into again once, then the run stops saying so.
    if let Some(last) = clicks.last().filter(|_| typed == clicks.len()) {
        let holds = field.value.as_deref().unwrap_or("");
        if holds_words(holds, value) {
            return Ok(chose(&clicks));
        }
        if clicks.len() >= 2 {
            return Err(stopped(&format!(
                "I chose {} for \"{value}\", but {} shows \"{holds}\".",
                describe(last),
                describe(field)
            )));
        }
    }
    if typed <= clicks.len() {
        return Ok(act(
            Action::Type {
                eid: field.eid.clone(),
                text: value_format::for_element(field, value),
                clear: true,
                submit: false,
            },
            format!("type \"{value}\" into {}", describe(field)),
        ));
    }
    let fitting = fitting(value, field, snap);
    match fitting.as_slice() {
        [one] => Ok(click(one)),
        [] if state.waits < WAITS * u32::try_from(typed).unwrap_or(1) => Ok(act(
            Action::Wait {
                until: WaitFor::Millis { ms: WAIT_MS },
            },
            format!("wait for the suggestions of {}", describe(field)),
        )),
        [] => Ok(Decision::Skip {
            note: format!("typed \"{value}\" into {}", describe(field)),
        }),
        several => Ok(ask_which(state, value, several)),
    }
}

fn chose(clicks: &[&Element]) -> Decision {
    Decision::Skip {
        note: clicks
            .last()
            .map_or_else(String::new, |el| format!("chose {}", describe(el))),
    }
}

/// Whether `text` holds every word of `value` (case and punctuation aside).
fn holds_words(text: &str, value: &str) -> bool {
    let text = normalize(text);
    let have: Vec<&str> = text.split(' ').collect();
    normalize(value)
        .split(' ')
        .filter(|w| !w.is_empty())
        .all(|w| have.contains(&w))
}

/// The shown suggestions (other than the field) that hold every word of `value`; of several,
/// those that start with it.
fn fitting<'s>(value: &str, field: &Element, snap: &'s Snapshot) -> Vec<&'s Element> {
    let wanted = normalize(value);
    if wanted.trim().is_empty() {
        return Vec::new();
    }
    let holding: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| el.in_viewport && el.eid != field.eid && suggestion(el))
        .filter(|el| holds_words(&el.name, value))
        .collect();
    let starting: Vec<&Element> = holding
        .iter()
        .copied()
        .filter(|el| normalize(&el.name).starts_with(&wanted))
        .collect();
    let candidates = if holding.len() > 1 && !starting.is_empty() {
        starting
    } else {
        holding
    };
    // "Leeds" is "Leeds (LDS)" rather than "Leeds Bradford Airport (LBA)": the fewest other
    // words, when one suggestion alone has them.
    let size = |el: &Element| normalize(&el.name).split(' ').count();
    let fewest = candidates.iter().map(|el| size(el)).min().unwrap_or(0);
    let closest: Vec<&Element> = candidates
        .iter()
        .copied()
        .filter(|el| size(el) == fewest)
        .collect();
    if closest.len() == 1 {
        return closest;
    }
    // "GPT" with "Biloxi/Gulfport, MS (GPT)" and "Gulfport, MS (GPT)": every one carries the
    // value as its code in brackets, so they are one place under two names; the first is it.
    if candidates.len() > 1 && candidates.iter().all(|el| coded(&el.name, &wanted)) {
        return candidates.into_iter().take(1).collect();
    }
    candidates
}

/// Whether `name` carries `code` (normalized) as the whole text of a part in brackets.
fn coded(name: &str, code: &str) -> bool {
    name.split(['(', '['])
        .skip(1)
        .filter_map(|part| part.split([')', ']']).next())
        .any(|inner| normalize(inner) == code)
}

#[cfg(test)]
#[path = "suggested_tests.rs"]
mod tests;
