//! The planner interface: one typed [`Action`] per call, decided from a [`PlanContext`].
//!
//! In: the user's goal, the latest snapshot and the records of this run's earlier steps. Out: a
//! [`Plan`] (the action plus a short note for the person, plus an optional [`Plan::cursor`]).
//! Planners keep no state between calls; whatever they need to continue is in the context,
//! which is why the runtime copies [`Plan::cursor`] into the [`StepRecord`] of the step it
//! executes.

pub mod instruction;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use tandem_mcp_browser::snapshot::Snapshot;

use crate::action::Action;
use crate::error::PlannerError;
use crate::question::Answer;

pub use instruction::InstructionPlanner;

/// Decides the next action. Implementations: the model planner and [`InstructionPlanner`].
#[async_trait]
pub trait Planner: Send + Sync {
    /// Plans exactly one action for the current state.
    async fn plan(&self, ctx: &PlanContext<'_>) -> Result<Plan, PlannerError>;
}

/// A planner's decision.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    /// The action to validate, gate and execute.
    pub action: Action,
    /// Short reason shown to the person ("clicking the Sign in button").
    pub note: Option<String>,
    /// Planner-defined position in its own plan. The runtime must copy it unchanged into
    /// [`StepRecord::cursor`] of the record it writes for this action (including records for
    /// invalid, failed or answered actions). The instruction planner puts the index of the
    /// instruction step here; planners that do not need it leave `None`.
    pub cursor: Option<usize>,
}

impl Plan {
    /// A plan with no note and no cursor.
    pub fn new(action: Action) -> Self {
        Self {
            action,
            note: None,
            cursor: None,
        }
    }
}

/// Everything a planner may use for one decision.
#[derive(Debug, Clone, Copy)]
pub struct PlanContext<'a> {
    /// The person's latest message in agent mode: the goal or the instructions of this run.
    pub goal: &'a str,
    /// The latest observation. The graph observes before planning, so this is `None` only when
    /// no page has been opened yet in this session.
    pub snapshot: Option<&'a Snapshot>,
    /// The steps of this run so far, oldest first. A run starts at the person's message; steps
    /// of earlier runs are not included.
    pub history: &'a [StepRecord],
}

impl<'a> PlanContext<'a> {
    /// A context for `goal` with the given snapshot and history.
    pub fn new(goal: &'a str, snapshot: Option<&'a Snapshot>, history: &'a [StepRecord]) -> Self {
        Self {
            goal,
            snapshot,
            history,
        }
    }
}

/// What happened to one planned action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepRecord {
    /// The action as planned.
    pub action: Action,
    /// How it ended.
    pub outcome: StepOutcome,
    /// [`Plan::cursor`] of the plan that produced `action`, copied unchanged.
    #[serde(default)]
    pub cursor: Option<usize>,
}

impl StepRecord {
    /// A record for `plan` with the given outcome (copies the plan's cursor).
    pub fn of(plan: &Plan, outcome: StepOutcome) -> Self {
        Self {
            action: plan.action.clone(),
            outcome,
            cursor: plan.cursor,
        }
    }
}

/// The result of one planned action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum StepOutcome {
    /// The action was executed and the tool reported success.
    Succeeded {
        /// The tool's short result ("clicked e12", "navigated to …").
        summary: String,
    },
    /// The action was executed but the tool reported an error (element gone, timeout...).
    Failed {
        /// The tool's error message.
        error: String,
    },
    /// `validate_action` rejected the action before execution.
    Invalid {
        /// Why it was rejected.
        error: String,
    },
    /// The person answered an `ask_user` action.
    Answered {
        /// One answer per question (questions left unanswered are absent).
        answers: Vec<Answer>,
    },
    /// The person finished a manual takeover (after `need_user` or a policy takeover of this
    /// action) and handed the browser back.
    UserDone {
        /// What the person said when handing back, possibly empty.
        message: String,
    },
}
