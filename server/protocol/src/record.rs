//! The run record: the ordered, typed outputs of one run ([`Timeline`]) and everything else
//! kept about it ([`RunRecord`]: outcome, final answer, graph transitions, usage). The UI renders
//! it, tests assert on it, the history stores it.
//!
//! The record is generic over what only the agent knows: its action type `A`, its interrupt
//! type `I` and its state summary `S` (recorded with every graph transition). The agent records
//! with its own types (`tandem_agent::RunRecord`); whoever only stores or relays a record (the
//! history, a client) reads it with the defaults, JSON values, and so never depends on the
//! agent. Both serialise to the same JSON.
//!
//! Contract: entries are only appended, except that an action's [`ActionResult::Pending`]
//! (waiting for a confirmation or a takeover) becomes [`ActionResult::Success`] or
//! [`ActionResult::Error`] in place.

use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::run::RunOutcome;
use crate::usage::RunUsage;

/// Milliseconds since the Unix epoch, as records and history lines count time (0 if the clock
/// is before it).
pub fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

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
pub enum TimelineItem<A = Value, I = Value> {
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
        action: A,
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
        interrupt: I,
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
pub struct TimelineEntry<A = Value, I = Value> {
    /// Position in the run, from 0.
    pub seq: usize,
    /// Milliseconds since the Unix epoch.
    pub at_ms: u64,
    /// The output.
    pub item: TimelineItem<A, I>,
}

/// The ordered outputs of one run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Timeline<A = Value, I = Value> {
    entries: Vec<TimelineEntry<A, I>>,
}

impl<A, I> Default for Timeline<A, I> {
    fn default() -> Self {
        Self {
            entries: Vec::new(),
        }
    }
}

impl<A, I> Timeline<A, I> {
    /// Appends an item and returns its sequence number.
    pub fn push(&mut self, item: TimelineItem<A, I>) -> usize {
        let seq = self.entries.len();
        self.entries.push(TimelineEntry {
            seq,
            at_ms: unix_ms(),
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

    /// The same timeline with every action and interrupt converted by `action` and
    /// `interrupt`; sequence numbers and times are kept.
    pub fn map<B, J>(
        self,
        mut action: impl FnMut(A) -> B,
        mut interrupt: impl FnMut(I) -> J,
    ) -> Timeline<B, J> {
        let entries = self
            .entries
            .into_iter()
            .map(|entry| TimelineEntry {
                seq: entry.seq,
                at_ms: entry.at_ms,
                item: match entry.item {
                    TimelineItem::Text { author, text } => TimelineItem::Text { author, text },
                    TimelineItem::Action {
                        action: a,
                        note,
                        result,
                    } => TimelineItem::Action {
                        action: action(a),
                        note,
                        result,
                    },
                    TimelineItem::Observation {
                        url,
                        title,
                        screenshot,
                    } => TimelineItem::Observation {
                        url,
                        title,
                        screenshot,
                    },
                    TimelineItem::Question { interrupt: i } => TimelineItem::Question {
                        interrupt: interrupt(i),
                    },
                    TimelineItem::BrowserRestarted { reason } => {
                        TimelineItem::BrowserRestarted { reason }
                    }
                },
            })
            .collect();
        Timeline { entries }
    }

    /// The entries, oldest first.
    pub fn entries(&self) -> &[TimelineEntry<A, I>] {
        &self.entries
    }

    /// The action entries with their results, oldest first.
    pub fn actions(&self) -> impl Iterator<Item = (&A, &ActionResult)> {
        self.entries.iter().filter_map(|entry| match &entry.item {
            TimelineItem::Action { action, result, .. } => Some((action, result)),
            TimelineItem::Text { .. }
            | TimelineItem::Observation { .. }
            | TimelineItem::Question { .. }
            | TimelineItem::BrowserRestarted { .. } => None,
        })
    }
}

/// One executed node of the agent's graph and where the run went next.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Transition<S = Value> {
    /// The node that ran.
    pub node: String,
    /// The node chosen next (`None` when the run ended or paused there).
    pub next: Option<String>,
    /// True when the node paused the run with an interrupt.
    pub paused: bool,
    /// When the node finished, in milliseconds since the Unix epoch.
    pub at_ms: u64,
    /// How long the node ran, in microseconds.
    pub took_us: u64,
    /// The state after the node.
    pub summary: S,
}

/// Everything recorded about one run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunRecord<A = Value, I = Value, S = Value> {
    /// Id of the run.
    pub run_id: String,
    /// The person's message that started it.
    pub goal: String,
    /// How it ended (`None` while it runs or is paused).
    pub outcome: Option<RunOutcome>,
    /// The final message to the person.
    pub final_response: Option<String>,
    /// The typed outputs.
    pub timeline: Timeline<A, I>,
    /// Every transition of the graph, with the state summary after each node.
    pub transitions: Vec<Transition<S>>,
    /// Model tokens and cost of the run (zero with the instruction planner).
    #[serde(default)]
    pub usage: RunUsage,
}

impl<A, I, S> Default for RunRecord<A, I, S> {
    fn default() -> Self {
        Self::new(String::new(), String::new())
    }
}

impl<A, I, S> RunRecord<A, I, S> {
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

/// An action as a client shows it again (in the `transcript` frame): the line the live `step`
/// frames showed for it, beside the action's own fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShownAction {
    /// The action in words, as its `step` frames said it (`type "Ada" into e1`).
    pub line: String,
    /// The action's fields (`action`, `eid`, `text`, ...), secrets masked.
    #[serde(flatten)]
    pub action: Value,
}

/// A run as a (re-)attaching client renders it: its record, each action with its line, and no
/// transitions (the graph's bookkeeping stays with the agent and the history).
pub type TranscriptRun = RunRecord<ShownAction, Value, Value>;
