//! The routing functions: where the run goes after each node. Pure functions of the state and
//! the person's mode.

use tandem_policy::Effect;
use tandem_protocol::{Mode, RunOutcome};

use super::NodeId;
use crate::action::{Action, ActionClass};
use crate::config::AgentConfig;
use crate::graph::Route;
use crate::plan::StopMeaning;
use crate::state::AgentState;

/// The outcome a `finalize_*` node ends its run with; `None` for every other node.
pub(crate) fn finalize_outcome(node: NodeId) -> Option<RunOutcome> {
    match node {
        NodeId::FinalizeDone => Some(RunOutcome::Done),
        NodeId::FinalizeDenied => Some(RunOutcome::Denied),
        NodeId::FinalizeCancelled => Some(RunOutcome::Cancelled),
        NodeId::FinalizeBlocked => Some(RunOutcome::Blocked),
        NodeId::FinalizeLimit => Some(RunOutcome::Limit),
        NodeId::FinalizeFailed => Some(RunOutcome::Failed),
        NodeId::IngestUserInput
        | NodeId::FoldMemory
        | NodeId::DocFromMessage
        | NodeId::PatchDoc
        | NodeId::RespondChat
        | NodeId::MaybeObserve
        | NodeId::PlanAction
        | NodeId::ValidateAction
        | NodeId::PolicyGate
        | NodeId::ConfirmInterrupt
        | NodeId::ManualInterrupt
        | NodeId::AskUser
        | NodeId::ExecuteAction
        | NodeId::MaybeStopOrContinue => None,
    }
}

/// Final nodes: they run even after a cancel or past the limit, then end the run.
pub(crate) fn is_final(node: NodeId) -> bool {
    finalize_outcome(node).is_some()
}

/// The routing function of `node`, in the person's current `mode`.
pub(crate) fn route(
    node: NodeId,
    state: &AgentState,
    config: &AgentConfig,
    mode: Mode,
) -> Route<NodeId> {
    if is_final(node) {
        return Route::End;
    }
    if let Some(ending) = &state.run.ending {
        return Route::To(finalize_node(ending.outcome));
    }
    Route::To(match node {
        NodeId::IngestUserInput => after_ingest(state, config),
        NodeId::FoldMemory => after_fold(state, config),
        NodeId::DocFromMessage => after_doc_from_message(state),
        NodeId::PatchDoc => after_patch_doc(state),
        NodeId::RespondChat => NodeId::FinalizeDone,
        NodeId::MaybeObserve => after_observe(state, mode),
        NodeId::PlanAction => after_plan(state, config),
        NodeId::ValidateAction => after_validate(state, config),
        NodeId::PolicyGate => after_gate(state),
        NodeId::ConfirmInterrupt => after_confirm(state),
        NodeId::ManualInterrupt => NodeId::MaybeObserve,
        NodeId::AskUser => patch_doc_then(state, NodeId::MaybeObserve),
        NodeId::ExecuteAction => patch_doc_then(state, NodeId::MaybeStopOrContinue),
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

/// A run starts by folding long earlier runs into the memory, when there are some.
fn after_ingest(state: &AgentState, config: &AgentConfig) -> NodeId {
    if state.session.memory.has_runs_to_fold() {
        NodeId::FoldMemory
    } else {
        after_fold(state, config)
    }
}

/// Then, in a session that keeps a Product Doc, a message that may carry something for it (a
/// site project, or an answer to the agent's question: [`message_for_doc`]) is read for it;
/// any other message costs no request. Both modes then observe: chat mode reads the page
/// (read-only) to talk about it.
fn after_fold(state: &AgentState, config: &AgentConfig) -> NodeId {
    if message_for_doc(state, config) {
        NodeId::DocFromMessage
    } else {
        NodeId::MaybeObserve
    }
}

fn after_doc_from_message(state: &AgentState) -> NodeId {
    patch_doc_then(state, NodeId::MaybeObserve)
}

/// `patch_doc` when the node that just ran collected patches for the Product Doc, else `next`.
fn patch_doc_then(state: &AgentState, next: NodeId) -> NodeId {
    if state.run.doc_patches.is_empty() {
        next
    } else {
        NodeId::PatchDoc
    }
}

/// After patching, the run goes on as it would have from the node that collected the patches:
/// to the first observation (the message, at the run's start, before any action is planned), to
/// observing again (answers to `ask_user`), or to the stop and limit check (a tool's result).
fn after_patch_doc(state: &AgentState) -> NodeId {
    match state
        .run
        .planned_action
        .as_ref()
        .map(|planned| planned.action())
    {
        None | Some(Action::AskUser { .. }) => NodeId::MaybeObserve,
        Some(_) => NodeId::MaybeStopOrContinue,
    }
}

fn after_observe(state: &AgentState, mode: Mode) -> NodeId {
    if state.page.needs_observe {
        // The observation failed (a tool error, counted): try again.
        NodeId::MaybeObserve
    } else {
        match mode {
            Mode::Chat => NodeId::RespondChat,
            Mode::Agent => NodeId::PlanAction,
        }
    }
}

fn after_plan(state: &AgentState, config: &AgentConfig) -> NodeId {
    if state.run.planned_action.is_some() {
        NodeId::ValidateAction
    } else {
        // The planner produced no usable action (counted as invalid).
        replan_or_block(state, config)
    }
}

fn after_validate(state: &AgentState, config: &AgentConfig) -> NodeId {
    let valid = state
        .run
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
    if state.run.invalid_actions >= config.max_invalid_actions {
        NodeId::FinalizeBlocked
    } else {
        NodeId::PlanAction
    }
}

fn after_gate(state: &AgentState) -> NodeId {
    let Some(planned) = &state.run.planned_action else {
        return NodeId::PlanAction;
    };
    let Some((_, decision)) = &planned.gate else {
        return NodeId::PlanAction;
    };
    match decision.effect() {
        Effect::Deny => NodeId::FinalizeDenied,
        Effect::Takeover => NodeId::ManualInterrupt,
        Effect::Confirm => NodeId::ConfirmInterrupt,
        Effect::Allow => match planned.action().class() {
            ActionClass::Ask => NodeId::AskUser,
            ActionClass::Handover => NodeId::ManualInterrupt,
            ActionClass::Stop => NodeId::MaybeStopOrContinue,
            ActionClass::Browser | ActionClass::Tool => NodeId::ExecuteAction,
        },
    }
}

/// A confirmed action runs; a declined one does not, and the run plans again (through the
/// step limit check).
fn after_confirm(state: &AgentState) -> NodeId {
    let confirmed = state
        .run
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
        .run
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
    } else if state.run.actions >= config.max_actions {
        NodeId::FinalizeLimit
    } else {
        NodeId::MaybeObserve
    }
}

/// Whether the run's message may carry something for the Product Doc: a doc is kept and either
/// a site project is under way (the doc has sections, or was saved by an earlier daemon), the
/// message speaks of a site, or it follows a run that ended with a question to the person.
fn message_for_doc(state: &AgentState, config: &AgentConfig) -> bool {
    let Some(path) = config.product_doc_path.as_deref() else {
        return false;
    };
    let under_way = match &state.session.product_doc {
        Some(doc) => !doc.sections.is_empty(),
        None => path.exists(),
    };
    under_way
        || crate::product_doc::speaks_of_a_site(state.run.goal())
        || state.session.messages.iter().rev().nth(1).is_some_and(|m| {
            m.author == tandem_protocol::Author::Agent && m.text.trim_end().ends_with('?')
        })
}
