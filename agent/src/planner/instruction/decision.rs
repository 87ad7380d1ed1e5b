//! The vocabulary of the instruction planner's decisions: what to do about one step
//! ([`Decision`]) and what the step may look at besides itself ([`Situation`]). Shared by
//! `decide` and the modules it asks (`locate`, `submit`, `choose`, `prose`, `explore`,
//! `datepicker`); it uses none of them.

use tandem_mcp_browser::snapshot::{Eid, Element, Snapshot};

use super::progress::StepState;
use super::report::describe;
use super::step::is_checkable;
use crate::action::Action;
use tandem_protocol::Question;

/// What to do about one step.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Decision {
    Act {
        action: Action,
        note: String,
    },
    /// An action on the step's way that does not carry it out (a next page of results): the
    /// step is planned again after it (`progress::aside_cursor`).
    Aside {
        action: Action,
        note: String,
    },
    Skip {
        note: String,
    },
    Ask {
        question: Question,
        note: String,
    },
    Stop {
        reason: Option<String>,
    },
}

/// What a step may look at besides itself.
pub(crate) struct Situation<'a> {
    pub snapshot: Option<&'a Snapshot>,
    pub state: &'a StepState,
    pub last_typed: Option<&'a Eid>,
}

/// The run stops here, saying `problem` ("Stopped: …").
pub(crate) fn stopped(problem: &str) -> Decision {
    Decision::Stop {
        reason: Some(format!("Stopped: {problem}")),
    }
}

/// Acting with `action`, told as `note`.
pub(crate) fn act(action: Action, note: String) -> Decision {
    Decision::Act { action, note }
}

/// Ticks (`on`) or unticks the box `el`: skipped when it already is; a click for a box that is
/// not a native checkbox. A drop-down list is never a box: a click on it sets nothing, so the
/// run stops there and says so instead of reporting a tick that did not happen.
pub(crate) fn check(el: &Element, on: bool) -> Decision {
    let verb = if on { "check" } else { "uncheck" };
    if el.tag == "select" {
        return Decision::Stop {
            reason: Some(format!(
                "{} is a list to choose from, not a box to {verb}: say which of its options to \
                 choose",
                describe(el)
            )),
        };
    }
    if el.checked == Some(on) {
        return Decision::Skip {
            note: format!("{} is already {verb}ed", describe(el)),
        };
    }
    let eid = el.eid.clone();
    let action = match (is_checkable(el), on) {
        (true, true) => Action::Check { eid },
        (true, false) => Action::Uncheck { eid },
        (false, _) => Action::Click { eid },
    };
    act(action, format!("{verb} {}", describe(el)))
}

/// Clicking `el`.
pub(crate) fn click(el: &Element) -> Decision {
    act(
        Action::Click {
            eid: el.eid.clone(),
        },
        format!("click {}", describe(el)),
    )
}
