//! The instruction planner: follows plain imperative instructions with no model and no network.
//!
//! In: a [`PlanContext`] — the person's message (the instructions), the latest snapshot and the
//! run's history. Out: one [`Plan`] per call. Deterministic: the same context gives the same
//! plan.
//!
//! # How it works
//! 1. The message is split into steps (`split`, `parse`): lines, list items, ";", "then",
//!    sentences, and commas/"and" that are followed by a known verb; never inside quotes.
//! 2. The history is replayed (`progress`) to find the current step.
//! 3. The current step is matched against the snapshot (`resolve`, `locate`, `decide`): the
//!    planner acts, skips the step when the page is already as asked (a checked box, a selected
//!    option, text already shown, an element already in view) and moves on, asks, or stops.
//!
//! # Progress contract (for the graph runtime)
//! - Every plan carries `cursor = Some(step index)`. The runtime copies it into the
//!   [`StepRecord`] it writes for that action ([`StepRecord::of`]), whatever the outcome. A
//!   record without a cursor is taken as belonging to the current step.
//! - `Succeeded` completes the step → the next plan is for the following step. So does
//!   `UserDone` on a non-`need_user` action (the person performed that action during a takeover).
//! - `Failed` / `Invalid` do not advance. The step is planned again once; at the second failure
//!   of the same step the planner returns `stop` with a report naming the step and the error.
//! - `AskUser` is answered with `Answered`: question `choice` (radio, value = eid) picks among
//!   equally good elements; `option` (radio or text) picks a list option; `target` (text) names
//!   the element again. The next plan for the step uses the answer. Answering "skip" completes
//!   the step without action; "stop" ends the run. A step asks at most twice, then stops.
//! - Records whose cursor is lower than the current step are ignored; a record with a higher
//!   cursor marks the steps in between as skipped (they needed no action when planned).
//! - The runtime also records the element the action targeted ([`StepRecord::element`], as on
//!   the page the action was planned on). The report names each done step by that element (or
//!   by the step's own words when there is none); eids are never looked up on a later page.
//! - When every step is done the plan is `stop` with a report: what was done, what was skipped,
//!   what was not understood, and the current page's title and URL.
//! - A message with no recognisable instruction gives `stop` explaining the vocabulary.
//! - A `stop` that gives up ([`StopMeaning::GaveUp`]: a step failed twice, a step it could not
//!   carry out, nothing it could follow) ends the run `failed`; one at the person's "stop"
//!   answer ([`StopMeaning::PersonAsked`]) ends it `cancelled`; a `stop` after every step or at
//!   a "stop" step of the instructions ends it `done`.
//! - `snapshot = None` happens only before any page is open: navigation, key, wait and stop
//!   steps still work; steps that need an element give `stop` explaining that no page is open.
//! - Not found → `ask_user` (text question `target`); several equally good matches →
//!   `ask_user` (radio question `choice`). The planner never guesses between equals.

mod address;
mod decide;
mod keys;
mod locate;
mod matching;
mod parse;
mod progress;
mod report;
mod resolve;
mod site_request;
mod split;
mod step;
mod submit;

#[cfg(test)]
mod tests;

use async_trait::async_trait;

use self::decide::{Decision, Situation, decide};
use self::parse::{Instructions, parse_message};
use self::progress::{MAX_FAILURES, Progress, Status, replay};
use self::report::{final_report, nothing_to_follow, source_shown};
use crate::action::Action;
use crate::error::PlannerError;
use crate::planner::{Plan, PlanContext, Planner, StopMeaning};

/// The offline planner that follows step-by-step instructions (see the module docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct InstructionPlanner;

impl InstructionPlanner {
    /// A new instruction planner (it has no configuration).
    pub fn new() -> Self {
        Self
    }

    /// The synchronous core of [`Planner::plan`]; never fails.
    pub fn plan_now(&self, ctx: &PlanContext<'_>) -> Plan {
        // "build a small site for …" is a request shape of its own (see `site_request`).
        if let Some(plan) = site_request::plan(ctx) {
            return plan;
        }
        let instructions = parse_message(ctx.goal);
        if instructions.steps.is_empty() {
            return give_up(nothing_to_follow(&instructions), None);
        }
        let mut progress = replay(ctx.history, instructions.steps.len());
        let report = |headline: &str, progress: &Progress| {
            final_report(headline, &instructions, progress, ctx.snapshot)
        };
        if progress.stop_requested {
            return stop_as_asked(report("Stopped as you asked.", &progress));
        }
        let total = instructions.steps.len();
        let mut index = progress.current;
        let mut skipped_notes = Vec::new();
        while let Some((step, source)) = instructions.steps.get(index) {
            let state = &progress.states[index];
            if state.failures >= MAX_FAILURES {
                let error = state.last_error.clone().unwrap_or_default();
                let headline = format!(
                    "Stopped: step {} ({}) failed twice: {error}.",
                    index + 1,
                    source_shown(step, source)
                );
                return give_up(report(&headline, &progress), Some(index));
            }
            let situation = Situation {
                snapshot: ctx.snapshot,
                state,
                last_typed: progress.last_typed.as_ref(),
            };
            let note = |what: &str, skipped: &[String]| {
                let mut text = format!("Step {}/{total}: {what}", index + 1);
                if !skipped.is_empty() {
                    text.push_str(&format!(" (skipped: {})", skipped.join("; ")));
                }
                text
            };
            match decide(step, &situation) {
                Decision::Act { action, note: what } => {
                    return plan(action, note(&what, &skipped_notes), index);
                }
                Decision::Ask {
                    question,
                    note: what,
                } => {
                    let action = Action::AskUser {
                        questions: vec![question],
                    };
                    return plan(action, note(&what, &skipped_notes), index);
                }
                Decision::Stop { reason: None } => {
                    return stop(report("Stopped as instructed.", &progress), Some(index));
                }
                Decision::Stop {
                    reason: Some(reason),
                } => return give_up(report(&reason, &progress), Some(index)),
                Decision::Skip { note: why } => {
                    progress.states[index].status = Status::Skipped;
                    skipped_notes.push(why);
                    index += 1;
                }
            }
        }
        stop(report("All steps done.", &progress), Some(total))
    }

    /// Parses `message` and lists the understood steps (for previews and diagnostics).
    pub fn understood_steps(&self, message: &str) -> Vec<String> {
        let Instructions { steps, .. } = parse_message(message);
        steps.into_iter().map(|(_, source)| source).collect()
    }
}

#[async_trait]
impl Planner for InstructionPlanner {
    async fn plan(&self, ctx: &PlanContext<'_>) -> Result<Plan, PlannerError> {
        Ok(self.plan_now(ctx))
    }
}

fn plan(action: Action, note: String, index: usize) -> Plan {
    Plan {
        action,
        note: Some(note),
        cursor: Some(index),
        stop_meaning: StopMeaning::Finished,
    }
}

/// A `stop` that ends the run as asked.
fn stop(answer: String, cursor: Option<usize>) -> Plan {
    Plan {
        action: Action::Stop { answer },
        note: None,
        cursor,
        stop_meaning: StopMeaning::Finished,
    }
}

/// A `stop` without having done what was asked: the run fails with `answer`.
fn give_up(answer: String, cursor: Option<usize>) -> Plan {
    Plan {
        stop_meaning: StopMeaning::GaveUp,
        ..stop(answer, cursor)
    }
}

/// A `stop` because the person answered "stop": the run is cancelled with `answer`.
fn stop_as_asked(answer: String) -> Plan {
    Plan {
        stop_meaning: StopMeaning::PersonAsked,
        ..stop(answer, None)
    }
}
