//! Calendar date pickers: a date for a field that takes no typing (read-only, or a button that
//! opens a calendar).
//!
//! In: the field, the wanted date (already `YYYY-MM-DD`), the snapshot and the step's state.
//! Out: one [`Decision`] per call (a sweep): open the calendar by clicking the field, move month
//! by month with the calendar's next / previous controls until its heading shows the wanted
//! month, then click the day. Done (`Skip`) once the field shows the date in any common form,
//! or once a day was clicked. Reads only the page's own words: a heading such as "April 2025",
//! controls named "Next month" / "›", days named by their number. A calendar that shows itself
//! with an animation (jQuery UI fades it in from opacity 0) is not readable at once: after the
//! opening click finds none, the sweep waits ([`SHOW_WAIT_MS`], at most [`SHOW_WAITS`] times)
//! before it asks. A calendar
//! whose month controls are no elements one can click (bare anchors) changes month with Page Up
//! / Page Down on its focused field (the ARIA date picker keys, which jQuery UI follows).

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, act};
use super::locate::ask_again;
use super::matching::normalize;
use super::progress::StepState;
use super::report::describe;
use super::value_format;
use crate::action::{Action, WaitFor};

/// How long a calendar that is not readable right after the opening click gets to show itself
/// (jQuery UI's default fade takes 200 ms, "slow" animations 600 ms).
pub(crate) const SHOW_WAIT_MS: u64 = 700;
/// How many such waits (a page slowed by load may need more than one) before the planner asks.
pub(crate) const SHOW_WAITS: u32 = 3;

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

/// The month a calendar shows, from a text such as "April 2025" (or the two texts "April" and
/// "2025" next to each other, as a month and a year in separate elements read).
fn shown_month(snap: &Snapshot) -> Option<(i32, u32)> {
    let texts: Vec<&str> = snap
        .texts
        .iter()
        .map(|t| t.text.as_str())
        .chain(snap.elements.iter().map(|e| e.name.as_str()))
        .collect();
    let pairs = texts
        .windows(2)
        .map(|pair| format!("{} {}", pair[0].trim(), pair[1].trim()));
    texts
        .iter()
        .map(|t| (*t).to_owned())
        .chain(pairs)
        .filter(|t| t.split_whitespace().count() == 2)
        .find_map(|t| {
            let iso = value_format::month_of(&t)?;
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
        if state.acted_on(field) {
            if state.waits < SHOW_WAITS {
                return act(
                    Action::Wait {
                        until: WaitFor::Millis { ms: SHOW_WAIT_MS },
                    },
                    format!("wait for the calendar of {} to show", describe(field)),
                );
            }
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
            // No control to click (jQuery UI draws Prev / Next as bare anchors): the keys of the
            // ARIA date picker pattern, Page Up / Page Down, change the month of a calendar
            // whose field has the focus.
            None if field_now.focused => act(
                Action::PressKey {
                    key: if wanted > shown { "PageDown" } else { "PageUp" }.to_owned(),
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
