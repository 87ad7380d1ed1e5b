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
//!    Values are put in the control's form first (`value_format`); compound clauses give several
//!    steps (`compound`); prose values are placed by the form's labels (`prose`); custom lists,
//!    finding and date pickers are sweeps (`choose`, `explore`, `datepicker`); "expand the
//!    section below" opens the page's one collapsed section (`disclose`); "the email by Ada"
//!    is the list item that shows Ada (`items`); answers by question, topic or read aloud
//!    (`questions`, `terse_answers`), every box but some (`all_but`), a box by what it states
//!    (`acknowledge`), a found thing put in a place (`to_place`), a variant described by its
//!    parts (`variants`). What it
//!    understands is listed for people in `docs/instructions.md`.
//!
//! # Progress contract (for the graph runtime)
//! - Every plan carries `cursor = Some(step index)`. The runtime copies it into the
//!   [`StepRecord`] it writes for that action ([`StepRecord::of`]), whatever the outcome. A
//!   record without a cursor is taken as belonging to the current step.
//! - `Succeeded` completes the step → the next plan is for the following step. So does
//!   `UserDone` on a non-`need_user` action (the person performed that action during a takeover).
//! - Sweep steps ((`Step::sweep_budget`): set, select, check every box, find, prose
//!   values) are not completed by a success: they act until a later plan finds the page as asked
//!   (a skip), or until their budget of successful actions is spent. Their state remembers the
//!   elements they acted on (`StepState::acted`), so nothing is opened or chosen twice.
//! - `Failed` / `Invalid` do not advance. The step is planned again once; at the second failure
//!   of the same step the planner returns `stop` with a report naming the step and the error.
//! - `AskUser` is answered with `Answered`: question `choice` (radio, value = eid) picks among
//!   equally good elements; `option` (radio or text) picks a list option; `target` (text) names
//!   the element again. The next plan for the step uses the answer. Answering "skip" completes
//!   the step without action; "stop" ends the run. A step asks at most twice, then stops.
//! - Records whose cursor is lower than the current step are ignored; a record with a higher
//!   cursor marks the steps in between as skipped (they needed no action when planned).
//! - An aside (a pop-up dismissed because it disabled the step's element, `popup`; a next
//!   page of results, `paged_results`) carries `progress::aside_cursor(step, step count)`: it
//!   completes nothing; the step's state counts its asides and the elements they targeted.
//! - The runtime also records the element the action targeted ([`StepRecord::element`], as on
//!   the page the action was planned on). The report names each done step by that element (or
//!   by the step's own words when there is none); eids are never looked up on a later page.
//! - When every step is done the plan is `stop` with a report: what was done, what was skipped,
//!   what was not understood, and the current page's title and URL. After a message that only
//!   filled a form whose page has one submit control, the send is offered first (`offer`): a
//!   click with [`Plan::offered`] set and the final stop's cursor (the step count); the run
//!   ends once it was answered (sent, declined: left unsent, or failed).
//! - A message with no recognisable instruction gives `stop` explaining the vocabulary (the run
//!   fails), except a question ("which fields are empty?"): it is answered from the page the way
//!   chat mode answers it without a model, and the run ends `done`.
//! - A `stop` that gives up ([`StopMeaning::GaveUp`]: a step failed twice, a step it could not
//!   carry out, nothing it could follow) ends the run `failed`; one at the person's "stop"
//!   answer ([`StopMeaning::PersonAsked`]) ends it `cancelled`; a `stop` after every step or at
//!   a "stop" step of the instructions ends it `done`.
//! - A `Declined` record (the person declined the step's confirmation) stops the run there,
//!   `cancelled`, with a report that names the declined step and the person's reason.
//! - `snapshot = None` happens only before any page is open: navigation, key, wait and stop
//!   steps still work; steps that need an element give `stop` explaining that no page is open.
//! - Not found → `ask_user` (text question `target`); several equally good matches →
//!   `ask_user` (radio question `choice`). The planner never guesses between equals.

mod absorbed;
mod acknowledge;
mod address;
mod affixes;
mod all_but;
mod best_item;
mod booking;
mod booking_words;
mod byline;
mod caution;
mod choose;
mod compound;
mod containers;
mod conversation;
mod datepicker;
mod decide;
mod decision;
mod described;
mod disclose;
mod dismissal;
mod every;
mod explore;
mod feed;
mod field_words;
mod fields;
mod icons;
mod items;
mod keeping;
mod keys;
mod kinds;
mod likeness;
mod locate;
mod mail;
mod matching;
mod measures;
mod menus;
mod offer;
mod own_names;
mod paged_results;
mod parse;
mod passive;
mod phrases;
mod popup;
mod progress;
mod prose;
mod questions;
mod record_form;
mod records;
mod reply_box;
mod report;
mod resolve;
mod results;
mod risky;
mod rows;
mod same_name;
mod scroll_box;
mod several_options;
mod sign_in;
mod sign_in_sender;
mod site_intent;
pub(crate) use self::site_intent::is_site_request;
mod site_refine;
mod site_request;
mod slider;
mod split;
mod step;
mod step_class;
mod submit;
mod suggested;
mod superlative;
mod terse_answers;
mod to_place;
mod twins;
mod ui_synonyms;
mod value_format;
mod variants;
mod verb_phrases;
mod verbs;
mod with_choice;

#[cfg(test)]
mod snapshot_parts;
#[cfg(test)]
mod tests;

use async_trait::async_trait;

use self::decide::decide;
use self::decision::{Decision, Situation};
use self::parse::parse_message;
/// Ids of the questions this planner asks about elements (not about the person's project).
pub(crate) use self::progress::ELEMENT_QUESTIONS;
use self::progress::{MAX_FAILURES, Progress, Status, replay};
use self::report::{final_report, nothing_to_follow, source_shown};
use self::step::Instructions;
use crate::action::Action;
use crate::chat::answer_offline;
use crate::error::PlannerError;
use crate::memory::follow_up::{self, FollowUp};
use crate::message_secrets::mask_message_secrets;
use crate::plan::{Plan, StopMeaning};
use crate::planner::{PlanContext, Planner};

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
        // "make the header green" after a site was built: changed in place (see `site_refine`).
        if let Some(plan) = site_refine::plan(ctx) {
            return plan;
        }
        // "again", "do the same with Bob", "undo that": resolved from the session's memory.
        let follow_up = ctx
            .memory
            .and_then(|memory| follow_up::resolve(ctx.goal, memory));
        let goal = match &follow_up {
            Some(FollowUp::Instructions(instructions)) => instructions.as_str(),
            Some(FollowUp::Answer(answer)) => return stop(answer.clone(), None),
            None => ctx.goal,
        };
        // "…, but don't send it": no step, and no offer at the end.
        let (to_follow, keep_unsent) = offer::without_sending(goal);
        let instructions = parse_message(to_follow);
        if instructions.steps.is_empty() {
            // "what is on this page?": answered the way chat mode answers it, and done.
            if is_question(goal) {
                let memory = ctx.memory.cloned().unwrap_or_default();
                return stop(answer_offline(goal, ctx.snapshot, &memory), None);
            }
            return give_up(nothing_to_follow(&instructions), None);
        }
        let sweeps: Vec<Option<u32>> = instructions
            .steps
            .iter()
            .map(|(step, _)| step.sweep_budget())
            .collect();
        let mut progress = replay(ctx.history, &sweeps);
        let report = |headline: &str, progress: &Progress| {
            final_report(headline, &instructions, progress, ctx.snapshot)
        };
        if progress.stop_requested {
            return stop_as_asked(report("Stopped as you asked.", &progress), None);
        }
        let total = instructions.steps.len();
        // The send offered after the last step was answered: the run ends there, whatever the
        // page shows now (a sent form may show an empty one again).
        if let Some(end) = offer::outcome(ctx.history, total) {
            return stop(report(&offer::headline(&end), &progress), Some(total));
        }
        let mut index = progress.current;
        let mut skipped_notes = Vec::new();
        while let Some((step, source)) = instructions.steps.get(index) {
            let state = &progress.states[index];
            if let Some(reason) = &state.declined {
                let headline = declined_headline(index, &source_shown(step, source), reason);
                return stop_as_asked(report(&headline, &progress), Some(index));
            }
            if state.failures >= MAX_FAILURES || state.final_failure {
                let error = state.last_error.clone().unwrap_or_default().message;
                let times = if state.failures > 1 { " twice" } else { "" };
                let headline = format!(
                    "Stopped: step {} ({}) failed{times}: {error}.",
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
            // "Save and close" split in two by the words is one button of the page.
            // A pop-up that disabled the step's element is dismissed first (an aside).
            let (decision, cursor) = match (
                popup::in_the_way(state, ctx.snapshot),
                own_names::joined_click(&instructions.steps, index, ctx.snapshot),
            ) {
                (Some(aside), _) => (aside, index),
                (None, Some(el)) => (decision::click(el), index + 1),
                (None, None) => (decide(step, &situation), index),
            };
            match decision {
                Decision::Act { action, note: what } => {
                    if !instructions.ignored.is_empty()
                        && caution::commits(&action, ctx.snapshot, ctx.policy, ctx.mode)
                    {
                        let shown = source_shown(step, source);
                        let headline =
                            caution::stopped_before(index + 1, &shown, &instructions.ignored);
                        return give_up(report(&headline, &progress), Some(index));
                    }
                    return plan(action, note(&what, &skipped_notes), cursor);
                }
                Decision::Aside { action, note: what } => {
                    let aside = progress::aside_cursor(index, total);
                    return plan(action, note(&what, &skipped_notes), aside);
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
                    let state = &mut progress.states[index];
                    // A sweep that acted before is done, not skipped.
                    if state.acted.is_empty() {
                        state.status = Status::Skipped;
                    }
                    skipped_notes.push(why);
                    index += 1;
                }
            }
        }
        if !instructions.ignored.is_empty() {
            let headline = caution::not_all_understood(&instructions.ignored);
            return give_up(report(&headline, &progress), Some(total));
        }
        let offered = offer::control(
            &instructions,
            &progress,
            ctx.history,
            ctx.snapshot,
            ctx.mode,
            goal,
        );
        if let Some(control) = offered {
            let click = Action::Click {
                eid: control.eid.clone(),
            };
            return Plan {
                offered: true,
                ..plan(click, offer::note(control), total)
            };
        }
        let headline = if keep_unsent {
            "All steps done; the form is left unsent, as you asked."
        } else {
            "All steps done."
        };
        stop(report(headline, &progress), Some(total))
    }

    /// Parses `message` and lists the understood steps (for previews and diagnostics).
    pub fn understood_steps(&self, message: &str) -> Vec<String> {
        let Instructions { steps, .. } = parse_message(offer::without_sending(message).0);
        steps.into_iter().map(|(_, source)| source).collect()
    }
}

#[async_trait]
impl Planner for InstructionPlanner {
    async fn plan(&self, ctx: &PlanContext<'_>) -> Result<Plan, PlannerError> {
        Ok(self.plan_now(ctx))
    }
}

/// Notes and answers quote the person's words: the secrets those give stay masked there.
fn plan(action: Action, note: String, index: usize) -> Plan {
    Plan {
        action,
        note: Some(mask_message_secrets(&note)),
        cursor: Some(index),
        stop_meaning: StopMeaning::Finished,
        offered: false,
    }
}

/// A message that asks rather than tells: it ends with "?" or starts with a question word.
/// "Can you add Sam to my favourites?" is a request said politely, not a question about the
/// page: only asking to be told or shown something is.
fn is_question(message: &str) -> bool {
    let message = message.trim();
    let words: Vec<String> = message
        .split_whitespace()
        .take(3)
        .map(str::to_lowercase)
        .collect();
    let first = words.first().map_or("", String::as_str);
    let polite = matches!(first, "can" | "could" | "would" | "will")
        && words.get(1).is_some_and(|w| w == "you");
    if polite {
        return words.get(2).is_some_and(|verb| {
            matches!(
                verb.as_str(),
                "tell" | "show" | "list" | "explain" | "describe" | "read" | "see" | "say"
            )
        });
    }
    message.ends_with('?') || matches!(first, "what" | "which" | "where" | "who" | "how" | "what's")
}

/// A `stop` that ends the run as asked.
fn stop(answer: String, cursor: Option<usize>) -> Plan {
    Plan {
        action: Action::Stop {
            answer: mask_message_secrets(&answer),
        },
        note: None,
        cursor,
        stop_meaning: StopMeaning::Finished,
        offered: false,
    }
}

/// A `stop` without having done what was asked: the run fails with `answer`.
fn give_up(answer: String, cursor: Option<usize>) -> Plan {
    Plan {
        stop_meaning: StopMeaning::GaveUp,
        ..stop(answer, cursor)
    }
}

/// A `stop` because the person answered "stop" or declined a step: the run is cancelled with
/// `answer`.
fn stop_as_asked(answer: String, cursor: Option<usize>) -> Plan {
    Plan {
        stop_meaning: StopMeaning::PersonAsked,
        ..stop(answer, cursor)
    }
}

/// "Stopped: step 2 (click Buy now) was declined: too expensive." The planner never tries a
/// declined step another way: the instructions named that very action. (Not "you declined":
/// a terminal run with no input declines without asking anyone.)
fn declined_headline(index: usize, shown: &str, reason: &Option<String>) -> String {
    match reason.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
        Some(reason) => format!(
            "Stopped: step {} ({shown}) was declined: {reason}.",
            index + 1
        ),
        None => format!("Stopped: step {} ({shown}) was declined.", index + 1),
    }
}
