//! Errors of the agent crate.
//!
//! A planner that *can* plan but finds the step impossible returns an action (`ask_user` or
//! `stop`), not an error: errors are for planners that could not decide at all.

use thiserror::Error;

/// Why a [`crate::planner::Planner`] could not produce a plan.
#[derive(Debug, Error)]
pub enum PlannerError {
    /// The planner's backend (a model endpoint) could not be reached or kept failing after the
    /// planner's own retries. Handling: the run ends through `finalize_failed` and the message is
    /// shown to the person; nothing is retried by the graph.
    #[error("planner backend unavailable: {message}")]
    Unavailable {
        /// What failed, safe to show to the person (no secrets).
        message: String,
    },
    /// The backend answered, but not with a usable action even after repair. Handling: counted
    /// like an invalid action (`invalid_actions += 1`) and planned again; the third ends the run
    /// through `finalize_blocked`.
    #[error("planner produced no usable action: {message}")]
    InvalidOutput {
        /// What was wrong with the output.
        message: String,
    },
    /// The run was cancelled while planning. Handling: the run ends as cancelled, silently.
    #[error("planning cancelled")]
    Cancelled,
    /// The planning context broke the planner's contract (a bug in the caller). Handling: the
    /// run ends through `finalize_failed`; logged as an error.
    #[error("bad planning context: {message}")]
    BadContext {
        /// Which part of the contract was broken.
        message: String,
    },
}

/// What the agent's handle and graph can meet.
#[derive(Debug, Error)]
pub enum AgentError {
    /// A resume was refused. Handling: returned to the caller of
    /// [`crate::AgentHandle::resume`]; the run stays paused with the same question.
    #[error(transparent)]
    Interrupt(#[from] crate::interrupt::InterruptError),
    /// The browser cannot be used (crashed, cannot launch, connection closed). Handling: the run
    /// ends through `finalize_failed` with this message; the next run starts a new browser.
    #[error("the browser failed: {message}")]
    Browser {
        /// The browser error code (`browser_crashed`, `launch_failed`, `transport`...).
        code: String,
        /// What happened, safe to show.
        message: String,
    },
    /// The planner could not plan. Handling: see [`PlannerError`] (unavailable and bad context
    /// end the run through `finalize_failed`; invalid output counts as an invalid action).
    #[error(transparent)]
    Planner(#[from] PlannerError),
    /// "Hand back" or input for the page while the person does not have the browser.
    /// Handling: returned to the caller; nothing changes.
    #[error("you do not have the browser: press Take over first")]
    NotTakenOver,
    /// The agent task has ended (shut down or panicked). Handling: returned to the caller; the
    /// session needs a new agent.
    #[error("the agent has stopped")]
    Closed,
}

impl AgentError {
    /// A short machine-readable code for events and the WebSocket protocol.
    pub fn code(&self) -> &str {
        match self {
            AgentError::Interrupt(error) => match error {
                crate::interrupt::InterruptError::NoPendingInterrupt => "no_pending_interrupt",
                crate::interrupt::InterruptError::StaleId(_) => "stale_interrupt",
                crate::interrupt::InterruptError::AlreadyUsed(_) => "interrupt_already_used",
                crate::interrupt::InterruptError::WrongKind { .. } => "wrong_reply_kind",
                crate::interrupt::InterruptError::ActionChanged => "action_changed",
                crate::interrupt::InterruptError::InvalidAnswer(_) => "invalid_answer",
            },
            AgentError::Browser { code, .. } => code,
            AgentError::Planner(error) => match error {
                PlannerError::Unavailable { .. } => "planner_unavailable",
                PlannerError::InvalidOutput { .. } => "planner_invalid_output",
                PlannerError::Cancelled => "cancelled",
                PlannerError::BadContext { .. } => "planner_bad_context",
            },
            AgentError::NotTakenOver => "no_takeover",
            AgentError::Closed => "closed",
        }
    }
}
