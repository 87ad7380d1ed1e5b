//! The `finalize_*` nodes: write the final response, record it and tell the person.
//!
//! In: the node (which outcome), the run's ending reason or the planner's `stop` answer. Out:
//! `final_response`, the run record's outcome, the agent's message in the chat history, the
//! timeline and a message event. Actions still pending on the timeline (a cancelled call, an
//! unanswered confirmation) are closed as errors, each with a final step event, so no step
//! stays `pending`. A `stop` the planner gave up with ends here as `failed`, and one the person
//! asked for as `cancelled`, its answer the message. `RunFinished` is sent by the agent task once the record is published.

use tandem_protocol::{ActionResult, Author, RunOutcome};

use super::{NodeId, Runtime};
use crate::action::Action;
use crate::events::{AgentEvent, StepTimings};
use crate::graph::{Flow, NodeName};
use crate::interrupt::Interrupt;
use crate::memory::ChatMessage;
use crate::memory::RunSummary;
use crate::plan::StepOutcome;
use crate::policy_bridge::describe;
use crate::state::{AgentState, PlannedAction};
use crate::timeline::TimelineItem;

/// The last sentence of the action limit's message: what the person in the chat does to go on
/// (a terminal says its own).
pub const CHAT_LIMIT_HINT: &str = "Send another message to go on.";

/// How many of the actions done before a cancel its message names (the latest ones).
const DONE_SHOWN: usize = 8;

pub(crate) fn finalize(rt: &Runtime, node: NodeId, state: &mut AgentState) -> Flow<Interrupt> {
    let outcome = super::routes::finalize_outcome(node).unwrap_or(RunOutcome::Done);
    let ending = state.run.ending.take().filter(|e| e.outcome == outcome);
    let text = match outcome {
        RunOutcome::Done => done_text(state),
        RunOutcome::Denied => ending
            .map(|e| e.message)
            .unwrap_or_else(|| "I stopped: the policy does not allow this.".to_owned()),
        RunOutcome::Cancelled => ending
            .map(|e| e.message)
            .or_else(|| stop_answer(state).map(str::to_owned))
            .unwrap_or_else(|| cancelled_text(state)),
        RunOutcome::Blocked => format!(
            "I stopped: {} planned actions in a row were not valid on this page. Last problem: {}",
            state.run.invalid_actions,
            state
                .run
                .failures
                .last()
                .map(String::as_str)
                .unwrap_or("unknown")
        ),
        RunOutcome::Limit => limit_text(rt, state),
        RunOutcome::Failed => ending
            .map(|e| e.message)
            .or_else(|| stop_answer(state).map(str::to_owned))
            .unwrap_or_else(|| "The run failed.".to_owned()),
    };
    let closing = match outcome {
        RunOutcome::Cancelled => "cancelled",
        RunOutcome::Done
        | RunOutcome::Denied
        | RunOutcome::Blocked
        | RunOutcome::Limit
        | RunOutcome::Failed => "not finished: the run ended",
    };
    for seq in state.run.record.timeline.close_pending(closing) {
        let Some(TimelineItem::Action { action, result, .. }) = state.run.timeline_item(seq) else {
            continue;
        };
        // The pending entry is the planned action's (a paused or cancelled step): same line.
        let planned = state
            .run
            .planned_action
            .as_ref()
            .filter(|planned| planned.timeline_seq == Some(seq));
        rt.emit(AgentEvent::Step {
            run_id: state.run.id().to_owned(),
            node: node.name().to_owned(),
            step_id: planned.and_then(|planned| planned.step_id.clone()),
            action: Some(action.clone()),
            target: planned.and_then(PlannedAction::target),
            result: Some(result.clone()),
            timings: StepTimings::default(),
        });
    }
    close_stop_step(rt, node, state, outcome);
    state.run.record.timeline.push(TimelineItem::Text {
        author: Author::Agent,
        text: text.clone(),
    });
    state.session.messages.push(ChatMessage {
        author: Author::Agent,
        text: text.clone(),
    });
    rt.emit(AgentEvent::Message {
        run_id: state.run.id().to_owned(),
        text: text.clone(),
    });
    state.run.finish(outcome, text);
    let summary = RunSummary::of(&state.run.record, &state.run.steps);
    state.session.memory.remember(summary);
    Flow::Next
}

/// The planner's `stop` is a step too: its line (pending since it was planned) ends with the
/// run, a success when the run is done and an error otherwise.
fn close_stop_step(rt: &Runtime, node: NodeId, state: &AgentState, outcome: RunOutcome) {
    let Some(planned) = state.run.planned_action.as_ref() else {
        return;
    };
    let (Action::Stop { .. }, Some(step_id)) = (planned.action(), planned.step_id.as_ref()) else {
        return;
    };
    let result = match outcome {
        RunOutcome::Done => ActionResult::Success {
            summary: "run finished".to_owned(),
        },
        RunOutcome::Denied
        | RunOutcome::Cancelled
        | RunOutcome::Blocked
        | RunOutcome::Limit
        | RunOutcome::Failed => ActionResult::Error {
            message: format!("run ended: {}", node.name()),
        },
    };
    rt.emit(AgentEvent::Step {
        run_id: state.run.id().to_owned(),
        node: node.name().to_owned(),
        step_id: Some(step_id.clone()),
        action: Some(planned.action().clone()),
        target: None,
        result: Some(result),
        timings: StepTimings::default(),
    });
}

/// Which limit ended the run, in the person's words: the action limit they can raise, or the
/// transition guard that stops a loop which executes nothing.
fn limit_text(rt: &Runtime, state: &AgentState) -> String {
    if state.run.actions >= rt.config.max_actions {
        format!(
            "I stopped after {} actions, the action limit for one run ({}). {CHAT_LIMIT_HINT}",
            state.run.actions, rt.config.max_actions
        )
    } else {
        format!(
            "I stopped after {} graph transitions, the transition limit that guards against \
             loops ({}), having done {} of at most {} actions: the run was going in circles.",
            state.run.transitions.saturating_sub(1),
            rt.config.max_transitions,
            state.run.actions,
            rt.config.max_actions
        )
    }
}

fn done_text(state: &AgentState) -> String {
    if let Some(text) = &state.run.final_response {
        return text.clone();
    }
    stop_answer(state).map_or_else(|| "Done.".to_owned(), str::to_owned)
}

/// The answer of the planner's `stop`, when that is what ends the run.
fn stop_answer(state: &AgentState) -> Option<&str> {
    match state.run.planned_action.as_ref().map(|p| p.action()) {
        Some(Action::Stop { answer }) => Some(answer),
        _ => None,
    }
}

/// What a run cancelled without a reason of its own had done, and what it left unfinished:
/// the page may have changed, and the person should know how far it got. A wait changed
/// nothing and is not told.
fn cancelled_text(state: &AgentState) -> String {
    let done: Vec<String> = state
        .run
        .steps
        .iter()
        .filter(|record| matches!(record.outcome, StepOutcome::Succeeded { .. }))
        .filter(|record| !matches!(record.action, Action::Wait { .. }))
        .map(|record| describe(&record.action, record.element.as_ref()))
        .collect();
    let unfinished = state.run.planned_action.as_ref().and_then(|planned| {
        let seq = planned.timeline_seq?;
        match state.run.timeline_item(seq) {
            Some(TimelineItem::Action {
                result: ActionResult::Pending { interrupt_id },
                ..
            }) => Some((
                describe(planned.action(), planned.element.as_ref()),
                interrupt_id.is_some(),
            )),
            _ => None,
        }
    });
    if done.is_empty() && unfinished.is_none() {
        return "Cancelled before I did anything.".to_owned();
    }
    let mut text = "Cancelled.".to_owned();
    if !done.is_empty() {
        let earlier = done.len().saturating_sub(DONE_SHOWN);
        let shown = done[earlier..].join("; ");
        match earlier {
            0 => text.push_str(&format!(" Done before that: {shown}.")),
            n => text.push_str(&format!(
                " Done before that: {n} earlier actions, then {shown}."
            )),
        }
    }
    match unfinished {
        Some((action, true)) => {
            text.push_str(&format!(
                " Not done: {action} (it was waiting for an answer)."
            ));
        }
        Some((action, false)) => {
            text.push_str(&format!(
                " Cut short: {action} (it may have partly happened)."
            ));
        }
        None => {}
    }
    text.push_str(" Nothing more was done.");
    text
}
