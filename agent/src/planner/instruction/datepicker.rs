//! Calendar date pickers: a date for a field that takes no typing (read-only, or a button that
//! opens a calendar).
//!
//! In: the field, the wanted date (already `YYYY-MM-DD`), the snapshot and the step's state.
//! Out: one [`Decision`] per call (a sweep): open the calendar by clicking the field, move month
//! by month with the calendar's next / previous controls until its heading shows the wanted
//! month, then click the day. Done (`Skip`) once the field shows the date in any common form,
//! or once a day was clicked. Reads only the page's own words: a heading such as "April 2025",
//! controls named "Next month" / "›", days named by their number.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, act};
use super::locate::ask_again;
use super::matching::normalize;
use super::progress::StepState;
use super::report::describe;
use super::value_format;
use crate::action::Action;

const NEXT: &[&str] = &["next", "next month", "›", "»", ">", "→", "▶", "forward"];
const PREVIOUS: &[&str] = &[
    "previous",
    "prev",
    "previous month",
    "‹",
    "«",
    "<",
    "←",
    "◀",
    "back",
];

fn ymd(iso: &str) -> Option<(i32, u32, u32)> {
    let mut parts = iso.split('-');
    Some((
        parts.next()?.parse().ok()?,
        parts.next()?.parse().ok()?,
        parts.next()?.parse().ok()?,
    ))
}

/// The month a calendar shows, from a text such as "April 2025".
fn shown_month(snap: &Snapshot) -> Option<(i32, u32)> {
    let texts = snap
        .texts
        .iter()
        .map(|t| t.text.as_str())
        .chain(snap.elements.iter().map(|e| e.name.as_str()));
    texts
        .filter(|t| t.split_whitespace().count() == 2)
        .find_map(|t| {
            let iso = value_format::month_of(t)?;
            let (y, m) = iso.split_once('-')?;
            // Only month names count: "04 2025" is not a calendar heading.
            t.chars()
                .any(char::is_alphabetic)
                .then(|| Some((y.parse().ok()?, m.parse().ok()?)))
                .flatten()
        })
}

fn named_any(el: &Element, words: &[&str]) -> bool {
    let name = normalize(&el.name);
    let raw = el.name.trim();
    words.iter().any(|w| name == *w || raw == *w)
}

/// Whether `field` already shows `iso` in some common written form.
fn shows(field: &Element, iso: &str) -> bool {
    field
        .value
        .as_deref()
        .filter(|v| !v.trim().is_empty())
        .and_then(value_format::date)
        .is_some_and(|shown| shown == iso)
}

/// Decides the next action for picking `iso` in the calendar of `field`.
pub(crate) fn pick(field: &Element, iso: &str, snap: &Snapshot, state: &StepState) -> Decision {
    let Some((year, month, day)) = ymd(iso) else {
        return ask_again(state, format!("\"{iso}\" is not a date I can pick."));
    };
    let field_now = snap
        .elements
        .iter()
        .find(|el| el.eid == field.eid)
        .unwrap_or(field);
    if shows(field_now, iso)
        || state
            .acted
            .iter()
            .any(|el| el.name.trim() == day.to_string())
    {
        return Decision::Skip {
            note: format!("{} shows {iso}", describe(field_now)),
        };
    }
    let Some((shown_year, shown_month)) = shown_month(snap) else {
        if state.acted.iter().any(|el| el.eid == field.eid) {
            return ask_again(
                state,
                format!("{} opened no calendar I can read.", describe(field)),
            );
        }
        return act(
            Action::Click {
                eid: field.eid.clone(),
            },
            format!("open the calendar of {}", describe(field)),
        );
    };
    let wanted = (year, month);
    let shown = (shown_year, shown_month);
    if wanted != shown {
        let words = if wanted > shown { NEXT } else { PREVIOUS };
        return match snap
            .elements
            .iter()
            .find(|el| !el.disabled && named_any(el, words))
        {
            Some(control) => act(
                Action::Click {
                    eid: control.eid.clone(),
                },
                format!(
                    "show the {} month",
                    if wanted > shown { "next" } else { "previous" }
                ),
            ),
            None => ask_again(
                state,
                "the calendar has no control to change the month.".to_owned(),
            ),
        };
    }
    // Days of the neighbouring months may fill the first and last rows: an early day is the
    // first of its number, a late day the last.
    let days: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| !el.disabled && el.eid != field.eid && el.name.trim() == day.to_string())
        .collect();
    let chosen = if day <= 15 { days.first() } else { days.last() };
    match chosen {
        Some(el) => act(
            Action::Click {
                eid: el.eid.clone(),
            },
            format!("pick day {day} in the calendar"),
        ),
        None => ask_again(state, format!("the calendar shows no day {day}.")),
    }
}
