//! The vocabulary of one planned step, shared by the planners, the graph's state, the nodes and
//! the session's memory: a planner's decision ([`Plan`]) and what became of it ([`StepRecord`]).
//!
//! Contract: the runtime copies [`Plan::cursor`] unchanged into the [`StepRecord`] of the step
//! it executes ([`StepRecord::of`]), whatever the outcome, so a stateless planner finds its place
//! again. Nothing here depends on the planners, the state or the memory.

use serde::{Deserialize, Serialize};
use tandem_mcp_browser::snapshot::Element;

use crate::action::Action;
use tandem_protocol::Answer;

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
    /// For a `stop`: how the run ends. [`StopMeaning::Finished`] for every other plan.
    #[serde(default)]
    pub stop_meaning: StopMeaning,
    /// The action is offered, not asked for: the person's message did not ask for it (the send
    /// of a form the message only filled). The policy gate tells the policy so (the context
    /// fact `unasked_send`), and the policy asks the person first.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub offered: bool,
}

/// How a `stop` ends the run. In each case the stop's answer is the run's final message.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopMeaning {
    /// What was asked is done, or there is nothing more to do: the run ends `done`.
    #[default]
    Finished,
    /// The planner gave up without doing what was asked (a step kept failing, nothing in the
    /// message could be followed): the run ends `failed`.
    GaveUp,
    /// The person asked to stop (answering "stop" to a question): the run ends `cancelled`.
    PersonAsked,
}

impl Plan {
    /// A plan with no note and no cursor.
    pub fn new(action: Action) -> Self {
        Self {
            action,
            note: None,
            cursor: None,
            stop_meaning: StopMeaning::Finished,
            offered: false,
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
    /// The element `action` targets, as in the observation it was planned on (`None` for
    /// actions without a target). An eid names an element only within one document, so a
    /// planner describing an earlier step reads this, never the current snapshot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub element: Option<Element>,
    /// The structured result of a succeeded `Action::Tool` step (a generated page's address
    /// and placeholders, a read page's HTML), whole: planners read a tool's answer from here,
    /// never by parsing its one-line `summary`, which is shortened for the timeline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<serde_json::Value>,
}

impl StepRecord {
    /// A record for `plan` with the given outcome (copies the plan's cursor; no element).
    pub fn of(plan: &Plan, outcome: StepOutcome) -> Self {
        Self {
            action: plan.action.clone(),
            outcome,
            cursor: plan.cursor,
            element: None,
            data: None,
        }
    }

    /// With the tool's structured result.
    pub fn with_data(mut self, data: Option<serde_json::Value>) -> Self {
        self.data = data;
        self
    }

    /// With the element the action targets, as in the observation it was planned on.
    pub fn with_element(mut self, element: Option<Element>) -> Self {
        self.element = element;
        self
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
        /// The browser error's code (`covered`, `click_missed`, `disabled` …), when the browser
        /// refused the call; `None` for a failure decided in the agent (policy, hand-back).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        code: Option<String>,
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
    /// The person declined the confirmation of this action: it did not run. The run goes on;
    /// the same action (same action hash on the same page) is refused if planned again in this
    /// run, so a planner should try another way or stop and say so.
    Declined {
        /// Why not, in the person's words (the confirm card's optional field).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
}
