//! [`AgentEvent`]: what an agent tells its subscribers (the WebSocket server, tests, the CLI).
//!
//! Out: broadcast by the agent task (see [`crate::AgentHandle::subscribe`]); a client sees each
//! as the protocol's frames ([`AgentEvent::frames`]). The shared values in events (mode,
//! lifecycle, outcome, how a question ended, usage) are the protocol's. A subscriber that falls
//! more than the configured capacity behind misses events (`RecvError::Lagged`); the run records
//! ([`crate::AgentHandle::transcript`]) and the pending question
//! ([`crate::AgentHandle::pending_question`]) can always be read again.

use serde::{Deserialize, Serialize};
use tandem_protocol::{
    ActionResult, ActionTarget, Lifecycle, Mode, ProductDoc, QuestionEnd, RunOutcome, RunUsage,
};

use crate::action::Action;
use crate::interrupt::Interrupt;
use crate::model::RequestUsage;
use crate::timeline::RunRecord;

/// How long a step took, in microseconds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepTimings {
    /// The whole node.
    pub node_us: u64,
    /// Inside browser / tool calls.
    pub tool_us: u64,
    /// Inside the planner.
    pub planner_us: u64,
}

/// One event of an agent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AgentEvent {
    /// The lifecycle or mode changed.
    Status {
        /// Running, paused or idle.
        lifecycle: Lifecycle,
        /// The current mode.
        mode: Mode,
        /// The run concerned, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        run_id: Option<String>,
    },
    /// A node of the graph did something worth showing (planned, gated or executed an action).
    Step {
        /// The run.
        run_id: String,
        /// The node's name.
        node: String,
        /// The planned action this event is about, the same for every event of that action in
        /// the run (`"{run_id}:{n}"`): a client updates one line per step in place.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        step_id: Option<String>,
        /// The action concerned (secret text masked).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        action: Option<Action>,
        /// The element the action aims at, as the person sees it (role and name): a client's
        /// step line names it by these, never by its id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<ActionTarget>,
        /// The action's result; `pending` when it starts or waits for the person.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        result: Option<ActionResult>,
        /// Time spent.
        timings: StepTimings,
    },
    /// A fresh observation.
    Observation {
        /// The run.
        run_id: String,
        /// Page URL.
        url: String,
        /// Page title.
        title: String,
        /// MIME type of the screenshot.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mime_type: Option<String>,
        /// Base64 screenshot taken with the snapshot.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        screenshot: Option<String>,
    },
    /// The run paused with a question for the person.
    Question {
        /// The run.
        run_id: String,
        /// The question; answer with [`crate::AgentHandle::resume`] naming its id.
        interrupt: Interrupt,
    },
    /// The pending question stopped being pending. Sent before anything the run does next, so
    /// a watcher can clear it in order.
    QuestionCleared {
        /// The run.
        run_id: String,
        /// The question's id.
        interrupt_id: String,
        /// Why it is no longer pending.
        by: QuestionEnd,
    },
    /// The browser had died and was started again (restarted or reconnected); the run's
    /// earlier pages are gone. Sent once per restart a run meets.
    BrowserRestarted {
        /// The run.
        run_id: String,
        /// How the browser died.
        reason: String,
    },
    /// A message from the agent.
    Message {
        /// The run.
        run_id: String,
        /// The text.
        text: String,
    },
    /// A run ended.
    RunFinished {
        /// The run.
        run_id: String,
        /// How it ended.
        outcome: RunOutcome,
        /// The final message.
        text: String,
        /// The run's whole record, for subscribers in the process (the history writer). Not
        /// serialised: on disk and on the wire the record has its own place.
        #[serde(skip)]
        record: Box<RunRecord>,
    },
    /// Who has the browser changed: the person took it (a takeover, during a run or between
    /// runs) or gave it back.
    Takeover {
        /// True while the person has the browser.
        active: bool,
    },
    /// A model request was answered (model planners only): its tokens and cost, and the run's
    /// totals so far.
    Usage {
        /// The run.
        run_id: String,
        /// This request.
        request: RequestUsage,
        /// The run's totals including it.
        run_total: RunUsage,
    },
    /// The session's Product Doc changed (from answers or site-tool results).
    ProductDocUpdated {
        /// The run.
        run_id: String,
        /// Titles of the sections that changed.
        changed: Vec<String>,
        /// The whole doc after the change.
        doc: ProductDoc,
    },
    /// Something went wrong that the person should know about.
    Error {
        /// Machine code (`browser_crashed`, `planner_unavailable`, ...).
        code: String,
        /// One line for the person.
        message: String,
    },
}

impl AgentEvent {
    /// The run this event is about: none for an error, or for a status change outside a run.
    pub fn run_id(&self) -> Option<&str> {
        match self {
            AgentEvent::Step { run_id, .. }
            | AgentEvent::Observation { run_id, .. }
            | AgentEvent::Question { run_id, .. }
            | AgentEvent::QuestionCleared { run_id, .. }
            | AgentEvent::Message { run_id, .. }
            | AgentEvent::RunFinished { run_id, .. }
            | AgentEvent::Usage { run_id, .. }
            | AgentEvent::ProductDocUpdated { run_id, .. }
            | AgentEvent::BrowserRestarted { run_id, .. } => Some(run_id),
            AgentEvent::Status { run_id, .. } => run_id.as_deref(),
            AgentEvent::Takeover { .. } | AgentEvent::Error { .. } => None,
        }
    }
}
