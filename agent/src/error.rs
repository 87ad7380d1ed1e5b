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
