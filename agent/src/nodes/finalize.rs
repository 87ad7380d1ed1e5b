//! The `finalize_*` nodes: write the final response, record it and tell the person.
//!
//! In: the node (which outcome), the run's ending reason or the planner's `stop` answer. Out:
//! `final_response`, the run record's outcome, the agent's message in the chat history, the
//! timeline and a message event. Actions still pending on the timeline (a cancelled call, an
//! unanswered confirmation) are closed as errors. `RunFinished` is sent by the agent task once
//! the record is published.

use super::{NodeId, Runtime};
use crate::action::Action;
use crate::events::AgentEvent;
use crate::graph::Flow;
use crate::interrupt::Interrupt;
use crate::state::{AgentState, ChatMessage};
use crate::timeline::{Author, RunOutcome, TimelineItem};

pub(crate) fn finalize(rt: &Runtime, node: NodeId, state: &mut AgentState) -> Flow<Interrupt> {
    let outcome = outcome_of(node);
    let ending = state.ending.take().filter(|e| e.outcome == outcome);
    let text = match outcome {
        RunOutcome::Done => done_text(state),
        RunOutcome::Denied => ending
            .map(|e| e.message)
            .unwrap_or_else(|| "I stopped: the policy does not allow this.".to_owned()),
        RunOutcome::Cancelled => ending
            .map(|e| e.message)
            .unwrap_or_else(|| "Cancelled. I stopped and did nothing more.".to_owned()),
        RunOutcome::Blocked => format!(
            "I stopped: {} planned actions in a row were not valid on this page. Last problem: {}",
            state.invalid_actions,
            state
                .failures
                .last()
                .map(String::as_str)
                .unwrap_or("unknown")
        ),
        RunOutcome::Limit => format!(
            "I stopped after {} steps, the limit for one run ({}). Send another message to go on.",
            state.tool_steps.saturating_sub(1),
            rt.config.max_tool_steps
        ),
        RunOutcome::Failed => ending
            .map(|e| e.message)
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
    state.run.timeline.close_pending(closing);
    state.run.timeline.push(TimelineItem::Text {
        author: Author::Agent,
        text: text.clone(),
    });
    state.messages.push(ChatMessage {
        author: Author::Agent,
        text: text.clone(),
    });
    rt.emit(AgentEvent::Message {
        run_id: state.run.run_id.clone(),
        text: text.clone(),
    });
    state.finish(outcome, text);
    Flow::Next
}

fn done_text(state: &AgentState) -> String {
    if let Some(text) = &state.final_response {
        return text.clone();
    }
    match state.planned_action.as_ref().map(|p| p.action()) {
        Some(Action::Stop { answer }) => answer.clone(),
        _ => "Done.".to_owned(),
    }
}

fn outcome_of(node: NodeId) -> RunOutcome {
    match node {
        NodeId::FinalizeDenied => RunOutcome::Denied,
        NodeId::FinalizeCancelled => RunOutcome::Cancelled,
        NodeId::FinalizeBlocked => RunOutcome::Blocked,
        NodeId::FinalizeLimit => RunOutcome::Limit,
        NodeId::FinalizeFailed => RunOutcome::Failed,
        NodeId::FinalizeDone
        | NodeId::IngestUserInput
        | NodeId::RespondChat
        | NodeId::MaybeObserve
        | NodeId::PlanAction
        | NodeId::ValidateAction
        | NodeId::PolicyGate
        | NodeId::ConfirmInterrupt
        | NodeId::ManualInterrupt
        | NodeId::AskUser
        | NodeId::ExecuteAction
        | NodeId::MaybeStopOrContinue => RunOutcome::Done,
    }
}
