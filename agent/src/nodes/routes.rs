//! The routing functions: where the run goes after each node. Pure functions of the state.

use tandem_policy::PolicyDecision;

use super::NodeId;
use crate::action::Action;
use crate::config::AgentConfig;
use crate::graph::Route;
use crate::plan::StopMeaning;
use crate::state::{AgentMode, AgentState};
use crate::timeline::RunOutcome;

/// Final nodes: they run even after a cancel or past the limit, then end the run.
pub(crate) fn is_final(node: NodeId) -> bool {
    match node {
        NodeId::FinalizeDone
        | NodeId::FinalizeDenied
        | NodeId::FinalizeCancelled
        | NodeId::FinalizeBlocked
        | NodeId::FinalizeLimit
        | NodeId::FinalizeFailed => true,
        NodeId::IngestUserInput
        | NodeId::RespondChat
        | NodeId::MaybeObserve
        | NodeId::PlanAction
        | NodeId::ValidateAction
        | NodeId::PolicyGate
        | NodeId::ConfirmInterrupt
        | NodeId::ManualInterrupt
        | NodeId::AskUser
        | NodeId::ExecuteAction
        | NodeId::MaybeStopOrContinue => false,
    }
}

/// The routing function of `node`.
pub(crate) fn route(node: NodeId, state: &AgentState, config: &AgentConfig) -> Route<NodeId> {
    if is_final(node) {
        return Route::End;
    }
    if let Some(ending) = &state.ending {
        return Route::To(finalize_node(ending.outcome));
    }
    Route::To(match node {
        NodeId::IngestUserInput => after_ingest(state),
        NodeId::RespondChat => NodeId::FinalizeDone,
        NodeId::MaybeObserve => after_observe(state),
        NodeId::PlanAction => after_plan(state, config),
        NodeId::ValidateAction => after_validate(state, config),
        NodeId::PolicyGate => after_gate(state),
        NodeId::ConfirmInterrupt => after_confirm(state),
        NodeId::ManualInterrupt | NodeId::AskUser => NodeId::MaybeObserve,
        NodeId::ExecuteAction => NodeId::MaybeStopOrContinue,
        NodeId::MaybeStopOrContinue => after_maybe_stop(state, config),
        NodeId::FinalizeDone
        | NodeId::FinalizeDenied
        | NodeId::FinalizeCancelled
        | NodeId::FinalizeBlocked
        | NodeId::FinalizeLimit
        | NodeId::FinalizeFailed => return Route::End,
    })
}

/// The `finalize_*` node of an outcome.
pub(crate) fn finalize_node(outcome: RunOutcome) -> NodeId {
    match outcome {
        RunOutcome::Done => NodeId::FinalizeDone,
        RunOutcome::Denied => NodeId::FinalizeDenied,
        RunOutcome::Cancelled => NodeId::FinalizeCancelled,
        RunOutcome::Blocked => NodeId::FinalizeBlocked,
        RunOutcome::Limit => NodeId::FinalizeLimit,
        RunOutcome::Failed => NodeId::FinalizeFailed,
    }
}

/// Both modes observe first: chat mode reads the page (read-only) to talk about it.
fn after_ingest(_state: &AgentState) -> NodeId {
    NodeId::MaybeObserve
}

fn after_observe(state: &AgentState) -> NodeId {
    if state.needs_observe {
        // The observation failed (a tool error, counted): try again.
        NodeId::MaybeObserve
    } else {
        match state.mode {
            AgentMode::Chat => NodeId::RespondChat,
            AgentMode::Agent => NodeId::PlanAction,
        }
    }
}

fn after_plan(state: &AgentState, config: &AgentConfig) -> NodeId {
    if state.planned_action.is_some() {
        NodeId::ValidateAction
    } else {
        // The planner produced no usable action (counted as invalid).
        replan_or_block(state, config)
    }
}

fn after_validate(state: &AgentState, config: &AgentConfig) -> NodeId {
    let valid = state
        .planned_action
        .as_ref()
        .is_some_and(|planned| planned.invalid.is_none());
    if valid {
        NodeId::PolicyGate
    } else {
        replan_or_block(state, config)
    }
}

/// Back to planning, or blocked at the invalid-action limit.
fn replan_or_block(state: &AgentState, config: &AgentConfig) -> NodeId {
    if state.invalid_actions >= config.max_invalid_actions {
        NodeId::FinalizeBlocked
    } else {
        NodeId::PlanAction
    }
}

fn after_gate(state: &AgentState) -> NodeId {
    let Some(planned) = &state.planned_action else {
        return NodeId::PlanAction;
    };
    let Some((_, decision)) = &planned.gate else {
        return NodeId::PlanAction;
    };
    match decision {
        PolicyDecision::Deny { .. } => NodeId::FinalizeDenied,
        PolicyDecision::RequireTakeover { .. } => NodeId::ManualInterrupt,
        PolicyDecision::RequireConfirmation { .. } => NodeId::ConfirmInterrupt,
        PolicyDecision::Allow { .. } => match planned.action() {
            Action::AskUser { .. } => NodeId::AskUser,
            Action::NeedUser { .. } => NodeId::ManualInterrupt,
            Action::Stop { .. } => NodeId::MaybeStopOrContinue,
            Action::Navigate { .. }
            | Action::Click { .. }
            | Action::Type { .. }
            | Action::SelectOption { .. }
            | Action::Check { .. }
            | Action::Uncheck { .. }
            | Action::PressKey { .. }
            | Action::Scroll { .. }
            | Action::Wait { .. }
            | Action::Back
            | Action::Tool { .. } => NodeId::ExecuteAction,
        },
    }
}

/// A confirmed action runs; a declined one does not, and the run plans again (through the
/// step limit check).
fn after_confirm(state: &AgentState) -> NodeId {
    let confirmed = state
        .planned_action
        .as_ref()
        .is_some_and(|planned| planned.confirmed_hash.is_some());
    if confirmed {
        NodeId::ExecuteAction
    } else {
        NodeId::MaybeStopOrContinue
    }
}

fn after_maybe_stop(state: &AgentState, config: &AgentConfig) -> NodeId {
    let stopping = state
        .planned_action
        .as_ref()
        .filter(|p| matches!(p.action(), Action::Stop { .. }));
    if let Some(stop) = stopping {
        match stop.plan.stop_meaning {
            StopMeaning::Finished => NodeId::FinalizeDone,
            // A planner that gave up did not do what was asked: the run failed.
            StopMeaning::GaveUp => NodeId::FinalizeFailed,
            StopMeaning::PersonAsked => NodeId::FinalizeCancelled,
        }
    } else if state.actions >= config.max_actions {
        NodeId::FinalizeLimit
    } else {
        NodeId::MaybeObserve
    }
}
