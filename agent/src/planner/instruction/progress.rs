//! Where a run stands: replaying the history against the instruction steps.
//!
//! In: the run's [`StepRecord`]s and the number of steps. Out: [`Progress`]: the current step
//! and, per step, its status, failures, questions asked and the person's latest answer.
//!
//! Contract (see the planner module docs for the full version): a record belongs to the step
//! named by its `cursor` (a record without one belongs to the current step). `Succeeded` and
//! `UserDone` complete their step; `Failed` and `Invalid` count a failure; `Declined` marks the
//! step declined by the person (the run stops there); `Answered` stores the answer (and "skip" completes the step, "stop" ends the run). Records for earlier steps than
//! the current one are ignored; a record for a later step marks the steps in between as skipped
//! (they needed no action when they were planned), except a sweep that already acted: it is done.
//! A record whose cursor is [`aside_cursor`] of a step is an aside of that step (a pop-up
//! dismissed on its way): it is counted in the step's `asides` and completes nothing.

use tandem_mcp_browser::snapshot::{Eid, Element, Snapshot};

use crate::action::Action;
use crate::plan::{StepOutcome, StepRecord};

/// Question id of a radio question choosing between candidate elements (values are eids).
pub(crate) const CHOICE_QUESTION: &str = "choice";
/// Question id of a question choosing a list option (values are option labels).
pub(crate) const OPTION_QUESTION: &str = "option";
/// Question id of a text question naming the element again (or "skip" / "stop").
pub(crate) const TARGET_QUESTION: &str = "target";
/// The ids of this planner's questions about which element was meant: their answers say
/// nothing about the person's project.
pub(crate) const ELEMENT_QUESTIONS: [&str; 3] = [CHOICE_QUESTION, OPTION_QUESTION, TARGET_QUESTION];

/// How often a step may fail before the run stops (the first failure is retried once).
pub(crate) const MAX_FAILURES: u32 = 2;
/// How many questions one step may ask before the run stops.
pub(crate) const MAX_ASKS: u32 = 2;

/// The person's latest answer for a step.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum StepAnswer {
    /// An element picked among candidates (its eid).
    Choice(String),
    /// A list option picked or typed.
    Option(String),
    /// A new name for the element.
    Text(String),
}

/// What became of a step.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) enum Status {
    #[default]
    Pending,
    /// Done by its action, which targeted this element (as on the page the action was planned
    /// on; `None` for actions without a target).
    Done { element: Option<Box<Element>> },
    /// Done by the person during a takeover.
    DoneByUser,
    /// Needed no action when planned.
    Skipped,
    /// Skipped because the person answered "skip".
    SkippedByUser,
}

/// How a step's action failed.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Failure {
    /// The error's message.
    pub message: String,
    /// The browser error's code (`covered`, `click_missed` …), when the browser refused the
    /// action.
    pub code: Option<String>,
}

/// Per-step bookkeeping.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct StepState {
    pub status: Status,
    pub failures: u32,
    /// The last failure is not worth trying again (an address that could not be opened).
    pub final_failure: bool,
    pub last_error: Option<Failure>,
    pub asks: u32,
    pub answer: Option<StepAnswer>,
    /// For sweep steps: the elements its successful actions (other than scrolling) targeted,
    /// oldest first.
    pub acted: Vec<Element>,
    /// For sweep steps: successful actions so far, and how many of them scrolled.
    pub actions: u32,
    pub scrolled: u32,
    /// For sweep steps: how many of its actions were waits.
    pub waits: u32,
    /// The person declined this step's action (with their reason, if they gave one).
    pub declined: Option<Option<String>>,
    /// Actions taken on the step's way that are not the step (a pop-up dismissed, a next page
    /// of results opened), whatever their outcome.
    pub asides: u32,
    /// The elements the step's successful asides targeted, oldest first.
    pub aside_acted: Vec<Element>,
    /// How many of the step's asides were waits (for late content, for a cover to go, for a
    /// slow submenu).
    pub aside_waits: u32,
}

impl StepState {
    /// One more failure of the step, and whether it is not worth trying again at once.
    fn failed(&mut self, failure: Failure, final_failure: bool) {
        self.failures += 1;
        self.final_failure = final_failure;
        self.last_error = Some(failure);
    }
}

impl StepState {
    /// Whether one of the step's successful actions targeted `el` (the same id and name: an id
    /// reused by a redrawn page for another element does not count).
    pub(crate) fn acted_on(&self, el: &Element) -> bool {
        self.acted
            .iter()
            .any(|done| done.eid == el.eid && done.name == el.name)
    }

    /// The element the person chose in answer to the step's question, while it is on the page
    /// and the step has not acted on it yet.
    pub(crate) fn unacted_choice<'s>(&self, snap: &'s Snapshot) -> Option<&'s Element> {
        let Some(StepAnswer::Choice(eid)) = &self.answer else {
            return None;
        };
        snap.elements
            .iter()
            .find(|el| el.eid.as_str() == eid.as_str())
            .filter(|el| !self.acted_on(el))
    }
}

/// The cursor of an aside of step `index` among `step_count` steps: past every step and past
/// the final stop's `step_count`, so it never reads as a step's own record.
pub(crate) fn aside_cursor(index: usize, step_count: usize) -> usize {
    step_count + 1 + index
}

/// Whether a sweep goes on after `action`, which targeted no element: a wait for a widget to
/// show, or a key that moves within one (Page Up / Page Down change a calendar's month, the
/// arrows move a slider's handle). Any other such action ends the sweep (Escape closing a list
/// after the choice).
fn goes_on(action: &Action) -> bool {
    match action {
        Action::Wait { .. } => true,
        Action::PressKey { key } => matches!(
            key.as_str(),
            "PageUp" | "PageDown" | "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown"
        ),
        _ => false,
    }
}

/// The replayed history.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Progress {
    /// Index of the first step not completed yet (== step count when all are done).
    pub current: usize,
    pub states: Vec<StepState>,
    /// The person answered "stop" to a question.
    pub stop_requested: bool,
    /// The field of the last successful `type` action, for "submit".
    pub last_typed: Option<Eid>,
}

/// Replays `history` over steps whose sweep budgets are `sweeps` (one entry per step: `None`
/// for a step done by one action, `Some(n)` for a sweep that acts until the page is as asked,
/// at most `n` times).
pub(crate) fn replay(history: &[StepRecord], sweeps: &[Option<u32>]) -> Progress {
    let step_count = sweeps.len();
    let mut p = Progress {
        states: vec![StepState::default(); step_count],
        ..Progress::default()
    };
    for record in history {
        let index = record.cursor.unwrap_or(p.current);
        if let Some(step) = index.checked_sub(step_count + 1) {
            if let Some(state) = p.states.get_mut(step) {
                state.asides += 1;
                if matches!(record.action, Action::Wait { .. }) {
                    state.aside_waits += 1;
                }
                if matches!(record.outcome, StepOutcome::Succeeded { .. }) {
                    state.aside_acted.extend(record.element.clone());
                }
            }
            continue;
        }
        if index < p.current || index >= step_count {
            continue;
        }
        // A sweep that acted and then found the page as asked is done, not skipped.
        for skipped in p.current..index {
            if p.states[skipped].status == Status::Pending {
                p.states[skipped].status = Status::Skipped;
            }
        }
        p.current = index;
        let asks = matches!(record.action, Action::AskUser { .. });
        let state = &mut p.states[index];
        match &record.outcome {
            StepOutcome::Succeeded { .. } => {
                if is_step_action(&record.action) {
                    if let Action::Type { eid, .. } = &record.action {
                        p.last_typed = Some(eid.clone());
                    }
                    state.status = Status::Done {
                        element: record.element.clone().map(Box::new),
                    };
                    match sweeps[index] {
                        Some(budget) => {
                            state.actions += 1;
                            if matches!(record.action, Action::Scroll { .. }) {
                                state.scrolled += 1;
                            } else {
                                state.acted.extend(record.element.clone());
                            }
                            if matches!(record.action, Action::Wait { .. }) {
                                state.waits += 1;
                            }
                            let ends = record.element.is_none() && !goes_on(&record.action);
                            if state.actions >= budget || ends {
                                p.current = index + 1;
                            }
                        }
                        None => p.current = index + 1,
                    }
                }
            }
            StepOutcome::Failed { error, code } => {
                // An address that could not be opened is not tried again at once: the browser
                // already waited the whole navigation time, and the answer would be the same.
                let navigation = matches!(record.action, Action::Navigate { .. });
                let failure = Failure {
                    message: error.clone(),
                    code: code.clone(),
                };
                state.failed(failure, navigation);
            }
            StepOutcome::Invalid { error } => {
                let failure = Failure {
                    message: error.clone(),
                    code: None,
                };
                state.failed(failure, false);
            }
            StepOutcome::Answered { answers } => {
                if asks {
                    state.asks += 1;
                }
                for answer in answers {
                    let Some(value) = answer.first().map(str::trim) else {
                        continue;
                    };
                    match value.to_lowercase().as_str() {
                        "" => continue,
                        "skip" => {
                            state.status = Status::SkippedByUser;
                            p.current = index + 1;
                        }
                        "stop" | "cancel" => p.stop_requested = true,
                        _ => {}
                    }
                    state.answer = match answer.question_id.as_str() {
                        CHOICE_QUESTION => Some(StepAnswer::Choice(value.to_owned())),
                        OPTION_QUESTION => Some(StepAnswer::Option(value.to_owned())),
                        _ => Some(StepAnswer::Text(value.to_owned())),
                    };
                }
            }
            StepOutcome::Declined { reason } => state.declined = Some(reason.clone()),
            StepOutcome::UserDone { .. } => {
                // The person performed this step's action by hand (a takeover of that very
                // action); a takeover asked by `need_user` itself completes nothing.
                if is_step_action(&record.action) {
                    state.status = Status::DoneByUser;
                    p.current = index + 1;
                }
            }
        }
    }
    p
}

/// Actions that carry out a step (as opposed to asking, handing over or stopping).
fn is_step_action(action: &Action) -> bool {
    action.class().is_step()
}
