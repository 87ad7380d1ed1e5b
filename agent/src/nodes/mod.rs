//! The agent graph of DESIGN §2: node ids, the runtime the nodes share, and the [`Graph`]
//! implementation that dispatches to one function per node and one routing function per node.
//!
//! ```text
//! ingest_user_input ─▶ [fold_memory] ─▶ [doc_from_message] ─▶ [patch_doc] ─▶ maybe_observe
//!
//! maybe_observe ─chat─▶ respond_chat ─▶ finalize_done
//!       │agent (the observation failed: maybe_observe again)
//!       ▼
//! plan_action ─▶ validate_action ─invalid─▶ plan_action (3 in a row: finalize_blocked)
//!                       │valid
//!                       ▼
//!                  policy_gate ─deny─▶ finalize_denied
//!                   │ │ │ └─confirm─▶ confirm_interrupt ─yes─▶ execute_action
//!                   │ │ │                   └─no─▶ maybe_stop_or_continue
//!                   │ │ └─takeover / need_user─▶ manual_interrupt ─▶ maybe_observe
//!                   │ └─ask_user─▶ ask_user ─▶ [patch_doc] ─▶ maybe_observe
//!                   ▼allow (stop: straight to maybe_stop_or_continue)
//!              execute_action ─▶ [patch_doc] ─▶ maybe_stop_or_continue
//!
//! maybe_stop_or_continue ─stop─▶ finalize_done (gave up: finalize_failed; the person asked:
//!        │                                      finalize_cancelled)
//!        ├─action limit─▶ finalize_limit
//!        └─▶ maybe_observe
//! ```
//! A node in brackets runs only when it has something to do: `fold_memory` when earlier runs
//! have long facts to fold, `doc_from_message` when the session keeps a Product Doc,
//! `patch_doc` when the node before it collected patches for it.
//! Any node may set [`crate::state::Run::ending`]; its routing function then goes to the
//! matching `finalize_*` node (denied landing, fatal browser error, too many tool errors...). A
//! cancel goes to `finalize_cancelled`, the transition limit to `finalize_limit`, from any node.
//! Every node's work is in its own module; routing functions are in [`routes`].

mod chat;
mod doc;
pub use finalize::CHAT_LIMIT_HINT;

mod execute;
mod finalize;
mod gate;
mod ingest;
mod interrupts;
mod measure;
mod memory_fold;
mod observe;
pub(crate) mod plan;
mod routes;
mod validate;

use std::sync::Arc;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use tandem_policy::PolicyGate;
use tandem_protocol::Mode;
use tokio::sync::broadcast;

use crate::browser::BrowserTools;
use crate::config::AgentConfig;
use crate::events::AgentEvent;
use crate::graph::{Flow, Graph, Limits, NodeName, Route};
use crate::interrupt::{Interrupt, Resume};
use crate::planner::{PlanContext, Planner};
use crate::settings::SharedSettings;
use crate::state::AgentState;

/// The nodes of the agent graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, strum::IntoStaticStr)]
#[cfg_attr(test, derive(strum::VariantArray))]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum NodeId {
    /// Appends the person's message.
    IngestUserInput,
    /// Folds long earlier runs into summaries for the session's memory.
    FoldMemory,
    /// Asks the planner for Product Doc patches from the person's message.
    DocFromMessage,
    /// Applies the Product Doc patches the run collected.
    PatchDoc,
    /// Chat mode: answers without acting.
    RespondChat,
    /// Observes (screenshot + snapshot) when needed.
    MaybeObserve,
    /// Asks the planner for one action.
    PlanAction,
    /// Checks the action against the observation.
    ValidateAction,
    /// Asks the policy.
    PolicyGate,
    /// Pauses for a confirmation.
    ConfirmInterrupt,
    /// Pauses for a takeover.
    ManualInterrupt,
    /// Pauses for answers.
    AskUser,
    /// Calls the browser.
    ExecuteAction,
    /// Stops, hits the limit or goes on.
    MaybeStopOrContinue,
    /// The planner stopped.
    FinalizeDone,
    /// The policy denied.
    FinalizeDenied,
    /// Cancelled or declined.
    FinalizeCancelled,
    /// Too many invalid actions.
    FinalizeBlocked,
    /// Node limit reached.
    FinalizeLimit,
    /// Unrecoverable error.
    FinalizeFailed,
}

impl NodeName for NodeId {
    /// The serde name (`plan_action`, `finalize_done`, ...).
    fn name(self) -> &'static str {
        self.into()
    }
}

/// What the nodes share: the planner, the browser, the policy, the configuration, the event
/// channel and the person's settings.
pub(crate) struct Runtime {
    pub config: AgentConfig,
    pub planner: Arc<dyn Planner>,
    pub browser: Arc<dyn BrowserTools>,
    pub gate: Arc<PolicyGate>,
    pub events: broadcast::Sender<AgentEvent>,
    /// The person's settings (their one source).
    pub settings: SharedSettings,
}

impl Runtime {
    /// Sends an event to the subscribers (none listening is fine).
    pub fn emit(&self, event: AgentEvent) {
        let _ = self.events.send(event);
    }

    /// The person's current mode.
    pub fn mode(&self) -> Mode {
        self.settings.get().mode
    }

    /// The person's reasoning flag.
    pub fn reasoning(&self) -> bool {
        self.settings.get().reasoning
    }

    /// The context of a model request for `state`'s run, whatever its stage (plan, chat,
    /// doc_patch, memory fold): the run's goal, the session and run ids, and the person's mode
    /// and reasoning flag as they are now, so every request logs the true ones.
    pub fn request_context<'a>(
        &'a self,
        state: &'a AgentState,
        snapshot: Option<&'a tandem_mcp_browser::snapshot::Snapshot>,
        history: &'a [crate::plan::StepRecord],
    ) -> PlanContext<'a> {
        let settings = self.settings.get();
        PlanContext::new(state.run.goal(), snapshot, history)
            .with_ids(Some(&self.config.session_id), Some(state.run.id()))
            .with_mode(settings.mode)
            .with_reasoning(settings.reasoning)
            .with_policy(&self.gate)
    }

    /// The invariant of every model request: its mode and reasoning flag are the session's,
    /// and it offers tools only to a planner that plans with them. Checked in debug builds
    /// just before the request goes to the planner.
    pub fn check_request(&self, ctx: &PlanContext<'_>) {
        let settings = self.settings.get();
        debug_assert_eq!(ctx.mode, settings.mode, "a model request with another mode");
        debug_assert_eq!(
            ctx.reasoning, settings.reasoning,
            "a model request with another reasoning flag"
        );
        debug_assert!(
            ctx.tools.is_empty() || self.planner.uses_tools(),
            "tools offered to a planner that does not plan with them"
        );
        debug_assert_eq!(ctx.session_id, Some(self.config.session_id.as_str()));
    }

    /// The runner limits of this agent.
    pub fn limits(&self) -> Limits<NodeId> {
        Limits {
            max_steps: self.config.max_transitions,
            on_limit: NodeId::FinalizeLimit,
            on_cancel: NodeId::FinalizeCancelled,
        }
    }
}

/// The agent graph over a runtime.
pub(crate) struct AgentGraph<'a> {
    pub rt: &'a Runtime,
}

#[async_trait]
impl Graph for AgentGraph<'_> {
    type Node = NodeId;
    type State = AgentState;
    type Interrupt = Interrupt;
    type Resume = Resume;

    async fn run_node(
        &self,
        node: NodeId,
        state: &mut AgentState,
        resume: Option<Resume>,
    ) -> Flow<Interrupt> {
        let rt = self.rt;
        match node {
            NodeId::IngestUserInput => ingest::ingest_user_input(state),
            NodeId::FoldMemory => memory_fold::fold_memory(rt, state).await,
            NodeId::DocFromMessage => doc::doc_from_message(rt, state).await,
            NodeId::PatchDoc => doc::patch_doc(rt, state),
            NodeId::RespondChat => chat::respond_chat(rt, state).await,
            NodeId::MaybeObserve => observe::maybe_observe(rt, state).await,
            NodeId::PlanAction => plan::plan_action(rt, state).await,
            NodeId::ValidateAction => validate::validate_action(rt, state).await,
            NodeId::PolicyGate => gate::policy_gate(rt, state),
            NodeId::ConfirmInterrupt => interrupts::confirm_interrupt(state, resume),
            NodeId::ManualInterrupt => interrupts::manual_interrupt(state, resume),
            NodeId::AskUser => interrupts::ask_user(state, resume),
            NodeId::ExecuteAction => execute::execute_action(rt, state).await,
            NodeId::MaybeStopOrContinue => Flow::Next,
            NodeId::FinalizeDone
            | NodeId::FinalizeDenied
            | NodeId::FinalizeCancelled
            | NodeId::FinalizeBlocked
            | NodeId::FinalizeLimit
            | NodeId::FinalizeFailed => finalize::finalize(rt, node, state),
        }
    }

    fn route(&self, node: NodeId, state: &AgentState) -> Route<NodeId> {
        routes::route(node, state, &self.rt.config, self.rt.mode())
    }

    fn is_final(&self, node: NodeId) -> bool {
        routes::is_final(node)
    }
}

#[cfg(test)]
#[path = "mod_tests.rs"]
mod tests;
