//! The run record: the ordered, typed outputs of one run that the UI renders and tests assert
//! on.
//!
//! In: appended by the nodes as the run goes (the person's message, observations, actions and
//! their results, questions, the agent's text). Out: [`RunRecord`] in
//! [`crate::AgentHandle::runs`]. Contract: entries are only appended, except that an action's
//! [`ActionResult::Pending`] (waiting for a confirmation or a takeover) becomes
//! [`ActionResult::Success`] or [`ActionResult::Error`] in place.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::graph::Transition;
use crate::interrupt::Interrupt;
use crate::model::RunUsage;

/// Who wrote a text entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Author {
    /// The person.
    User,
    /// The agent.
    Agent,
}

/// The result of an action entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum ActionResult {
    /// Waiting for the person (a confirmation or a takeover) or still running.
    Pending {
        /// The interrupt it waits for, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        interrupt_id: Option<String>,
    },
    /// Done.
    Success {
        /// What happened, one line.
        summary: String,
    },
    /// Failed, refused, denied or cancelled.
    Error {
        /// Why, one line.
        message: String,
    },
}

/// One typed output of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TimelineItem {
    /// A message.
    Text {
        /// Who wrote it.
        author: Author,
        /// The message.
        text: String,
    },
    /// An action or tool call and its result.
    Action {
        /// The action (secret text masked).
        action: Action,
        /// The planner's note for the person.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<String>,
        /// Its result, updated in place while pending.
        result: ActionResult,
    },
    /// An observation of the page.
    Observation {
        /// Page URL.
        url: String,
        /// Page title.
        title: String,
        /// Reference of the screenshot taken with it (`obs-<n>` within the run).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        screenshot: Option<String>,
    },
    /// A question for the person.
    Question {
        /// The interrupt as shown.
        interrupt: Interrupt,
    },
    /// The browser had died and was started again before this point of the run: earlier pages
    /// are gone.
    BrowserRestarted {
        /// How it died (killed, exited, DevTools connection lost).
        reason: String,
    },
}

/// One entry: a sequence number, a time and the item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TimelineEntry {
    /// Position in the run, from 0.
    pub seq: usize,
    /// Milliseconds since the Unix epoch.
    pub at_ms: u64,
    /// The output.
    pub item: TimelineItem,
}

/// The ordered outputs of one run.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Timeline {
    entries: Vec<TimelineEntry>,
}

impl Timeline {
    /// Appends an item and returns its sequence number.
    pub fn push(&mut self, item: TimelineItem) -> usize {
        let seq = self.entries.len();
        self.entries.push(TimelineEntry {
            seq,
            at_ms: crate::graph::now_ms(),
            item,
        });
        seq
    }

    /// Sets the result of the action entry `seq` (no-op for other entries).
    pub fn set_result(&mut self, seq: usize, new: ActionResult) {
        if let Some(TimelineEntry {
            item: TimelineItem::Action { result, .. },
            ..
        }) = self.entries.get_mut(seq)
        {
            *result = new;
        }
    }

    /// Marks every still pending action as failed with `message` (the run ended before it
    /// finished). Returns the sequence numbers of the entries it closed, oldest first.
    pub fn close_pending(&mut self, message: &str) -> Vec<usize> {
        let mut closed = Vec::new();
        for entry in &mut self.entries {
            if let TimelineItem::Action { result, .. } = &mut entry.item
                && matches!(result, ActionResult::Pending { .. })
            {
                *result = ActionResult::Error {
                    message: message.to_owned(),
                };
                closed.push(entry.seq);
            }
        }
        closed
    }

    /// The entries, oldest first.
    pub fn entries(&self) -> &[TimelineEntry] {
        &self.entries
    }

    /// The action entries with their results, oldest first.
    pub fn actions(&self) -> impl Iterator<Item = (&Action, &ActionResult)> {
        self.entries.iter().filter_map(|entry| match &entry.item {
            TimelineItem::Action { action, result, .. } => Some((action, result)),
            TimelineItem::Text { .. }
            | TimelineItem::Observation { .. }
            | TimelineItem::Question { .. }
            | TimelineItem::BrowserRestarted { .. } => None,
        })
    }
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
    /// `done`, `denied`, ...
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

/// Everything recorded about one run.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    /// Id of the run.
    pub run_id: String,
    /// The person's message that started it.
    pub goal: String,
    /// How it ended (`None` while it runs or is paused).
    pub outcome: Option<RunOutcome>,
    /// The final message to the person.
    pub final_response: Option<String>,
    /// The typed outputs.
    pub timeline: Timeline,
    /// Every transition of the graph, with the state summary after each node.
    pub transitions: Vec<Transition<StateSummary>>,
    /// Model tokens and cost of the run (zero with the instruction planner).
    #[serde(default)]
    pub usage: RunUsage,
}

impl RunRecord {
    /// A new record for a run of `goal`.
    pub fn new(run_id: String, goal: String) -> Self {
        Self {
            run_id,
            goal,
            outcome: None,
            final_response: None,
            timeline: Timeline::default(),
            transitions: Vec::new(),
            usage: RunUsage::default(),
        }
    }

    /// The names of the nodes executed, in order.
    pub fn nodes(&self) -> Vec<&str> {
        self.transitions.iter().map(|t| t.node.as_str()).collect()
    }
}

/// What the runner records at every transition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StateSummary {
    /// Graph transitions so far.
    pub transitions: usize,
    /// Actions executed so far.
    pub actions: usize,
    /// Invalid actions in a row.
    pub invalid_actions: u32,
    /// Tool errors in a row.
    pub consecutive_errors: u32,
    /// Whether the next plan needs a fresh observation.
    pub needs_observe: bool,
    /// The planned action, one line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planned_action: Option<String>,
    /// The current page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}
