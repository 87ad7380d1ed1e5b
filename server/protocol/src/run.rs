//! Where a run is and how it ended: [`Lifecycle`], [`RunOutcome`], [`RunStatus`] (the two
//! together, as a client sees them) and a step's [`StepResult`].

use serde::{Deserialize, Serialize};

/// Where the agent is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lifecycle {
    /// No run; waiting for a message.
    Idle,
    /// A run is executing.
    Running,
    /// A run is paused at a question.
    Paused,
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunOutcome {
    /// The planner stopped with an answer (or chat mode answered).
    Done,
    /// The policy denied an action or a place the browser went to.
    Denied,
    /// The person cancelled or declined a confirmation.
    Cancelled,
    /// Too many invalid actions in a row.
    Blocked,
    /// The node limit was reached.
    Limit,
    /// An unrecoverable error (browser gone, planner unavailable, too many tool errors).
    Failed,
}

impl RunOutcome {
    /// `done`, `denied`, ... (as in JSON).
    pub fn name(self) -> &'static str {
        match self {
            RunOutcome::Done => "done",
            RunOutcome::Denied => "denied",
            RunOutcome::Cancelled => "cancelled",
            RunOutcome::Blocked => "blocked",
            RunOutcome::Limit => "limit",
            RunOutcome::Failed => "failed",
        }
    }
}

/// Where a session's run is. The last six say how the latest run ended, one per way it can
/// end, so a client tells a refusal from a crash without reading the `run_finished` text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    /// No run yet.
    Idle,
    /// A run is acting.
    Running,
    /// A run waits for the person (confirm, takeover, question).
    WaitingInput,
    /// The run did what was asked.
    Completed,
    /// The policy refused an action.
    Denied,
    /// Too many invalid actions in a row.
    Blocked,
    /// The run reached its action or transition limit.
    Limit,
    /// The run failed (model, browser or tool errors; the planner gave up).
    Failed,
    /// The person cancelled the run.
    Cancelled,
}

impl RunStatus {
    /// The status of a session whose agent is in `lifecycle` and whose latest finished run
    /// ended as `last`: the lifecycle while a run goes, else how the latest run ended.
    pub fn of(lifecycle: Lifecycle, last: Option<RunOutcome>) -> Self {
        match (lifecycle, last) {
            (Lifecycle::Idle, Some(outcome)) => outcome.into(),
            (lifecycle, _) => lifecycle.into(),
        }
    }
}

impl From<Lifecycle> for RunStatus {
    fn from(lifecycle: Lifecycle) -> Self {
        match lifecycle {
            Lifecycle::Idle => RunStatus::Idle,
            Lifecycle::Running => RunStatus::Running,
            Lifecycle::Paused => RunStatus::WaitingInput,
        }
    }
}

impl From<RunOutcome> for RunStatus {
    /// The status once a run ended this way.
    fn from(outcome: RunOutcome) -> Self {
        match outcome {
            RunOutcome::Done => RunStatus::Completed,
            RunOutcome::Denied => RunStatus::Denied,
            RunOutcome::Cancelled => RunStatus::Cancelled,
            RunOutcome::Blocked => RunStatus::Blocked,
            RunOutcome::Limit => RunStatus::Limit,
            RunOutcome::Failed => RunStatus::Failed,
        }
    }
}

/// Result of a step in the timeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepResult {
    Success,
    Error,
    Pending,
}

impl StepResult {
    /// `success`, `error` or `pending` (as in JSON).
    pub fn name(self) -> &'static str {
        match self {
            StepResult::Success => "success",
            StepResult::Error => "error",
            StepResult::Pending => "pending",
        }
    }
}
