//! A pop-up in the way: a step whose element turned disabled while a pop-up covers the page
//! ("Your session is about to expire. Exit? OK / Cancel"), or whose click the browser refused
//! because an overlay covers the element or whose press an arriving overlay caught (a promotion
//! modal that opened after load), is tried again after the pop-up is dismissed with its own
//! close control.
//!
//! In: the current step's [`StepState`] (its last failure, its asides so far) and the snapshot.
//! Out: the control that dismisses the pop-up, when the step failed because its element was
//! disabled (and something on the page is disabled now) or covered, no dismissal was tried for
//! it yet, and the page shows exactly one enabled control
//! that only dismisses (Cancel, Close, ×, Not now …). Never a control that accepts or leaves
//! (OK, Yes, Exit): only the dismissing word is safe to press on the person's behalf.
//!
//! The click is an aside of the step (`progress::aside_cursor`): it completes nothing, so the
//! step itself is planned again on the page without the pop-up.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::Decision;
use super::matching::normalize;
use super::progress::StepState;
use super::report::describe;
use crate::action::{Action, WaitFor};

/// How many pop-ups one step may dismiss.
const MAX_ASIDES: u32 = 1;

/// Names of controls that close a pop-up without answering it.
const DISMISSERS: &[&str] = &[
    "cancel",
    "close",
    "dismiss",
    "not now",
    "no thanks",
    "maybe later",
    "later",
    "x",
    "×",
    "✕",
    "✖",
    "close dialog",
    "close popup",
    "close pop up",
];

/// How long a step whose click something covers waits, once, for the cover to go when no
/// control dismisses it (a date picker or a toast fading out).
const COVER_WAIT_MS: u64 = 600;

/// The click (an aside) on the control that dismisses the pop-up in the step's way, if the step
/// failed on a disabled element and one such control shows; for a covered click with no such
/// control, one wait (an aside) for the cover to go, when the step has had no aside yet.
pub(super) fn in_the_way(state: &StepState, snapshot: Option<&Snapshot>) -> Option<Decision> {
    if let Some(el) = dismisser(state, snapshot) {
        return Some(Decision::Aside {
            action: Action::Click {
                eid: el.eid.clone(),
            },
            note: format!("dismiss the pop-up in the way: click {}", describe(el)),
        });
    }
    (covered(state) && state.failures > 0 && state.asides == 0).then(|| Decision::Aside {
        action: Action::Wait {
            until: WaitFor::Millis { ms: COVER_WAIT_MS },
        },
        note: "wait for what covers it to go".to_owned(),
    })
}

/// The browser's refusal of a click an overlay would catch, or a press that an overlay arriving
/// between aim and press caught instead (`mcp-browser` error.rs, `Covered` and `ClickMissed`).
fn covered(state: &StepState) -> bool {
    let code = state.last_error.as_ref().and_then(|f| f.code.as_deref());
    matches!(code, Some("covered" | "click_missed"))
}

fn dismisser<'s>(state: &StepState, snapshot: Option<&'s Snapshot>) -> Option<&'s Element> {
    let snapshot = snapshot?;
    let failure = state.last_error.clone().unwrap_or_default();
    let disabled = failure.message.contains("is disabled");
    let covered = covered(state);
    let dismissals = state.asides.saturating_sub(state.aside_waits);
    if !(disabled || covered) || state.failures == 0 || dismissals >= MAX_ASIDES {
        return None;
    }
    // The pop-up disabled the page's own controls: something is disabled now.
    if disabled && !covered && !snapshot.elements.iter().any(|el| el.disabled) {
        return None;
    }
    let mut dismissers = snapshot.elements.iter().filter(|el| is_dismisser(el));
    let one = dismissers.next()?;
    dismissers.next().is_none().then_some(one)
}

fn is_dismisser(el: &Element) -> bool {
    let clickable = matches!(el.role.as_str(), "button" | "link" | "clickable")
        || matches!(el.input_type.as_deref(), Some("button" | "submit"));
    let name = el.name.trim().to_lowercase();
    clickable
        && !el.disabled
        && (DISMISSERS.contains(&name.as_str()) || DISMISSERS.contains(&normalize(&name).as_str()))
}
