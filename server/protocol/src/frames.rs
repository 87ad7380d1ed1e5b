//! The WebSocket frames (documented in `docs/protocol.md`): [`ClientMessage`] from the client,
//! [`ServerMessage`] from the daemon, both JSON objects tagged by `type`.
//!
//! Client frames are parsed strictly: an unknown `type` or an unknown field is an error frame back
//! to the client, never a guess.

use serde::{Deserialize, Serialize};

use crate::input::UserInput;
use crate::mode::Mode;
use crate::product_doc::ProductDoc;
use crate::project::ProjectSummary;
use crate::question::{AgentQuestion, Answer, QuestionEnd};
use crate::record::TranscriptRun;
use crate::run::{RunOutcome, RunStatus, StepResult};
use crate::stored_run::StoredRun;

/// A frame from the client.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Must be the first frame: the launch token.
    Auth { token: String },
    /// Start a new session in a new project (no id), re-attach to a live session, or open a
    /// project (its live session, else a new session of it).
    Attach {
        #[serde(default)]
        session_id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        project_id: Option<String>,
    },
    /// The person's goal or instructions (chat text in chat mode). Empty or whitespace-only text
    /// is refused with `empty_message`.
    UserMessage { text: String },
    /// Answer to a confirm question.
    Confirm {
        interrupt_id: String,
        approved: bool,
        /// Approve this exact action for the rest of the session.
        #[serde(default)]
        remember: bool,
        /// With `approved: false`: why not, in the person's words (optional). The planner
        /// reads it with the declined step.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// The person finished a takeover.
    ManualDone {
        interrupt_id: String,
        #[serde(default)]
        message: Option<String>,
    },
    /// Answers to an ask question.
    Answer {
        interrupt_id: String,
        answers: Vec<Answer>,
    },
    /// The person takes the browser: a running run pauses at a manual question before its next
    /// step (never cancelled); with no run the browser is simply theirs. Answered by `takeover`
    /// frames.
    Takeover {
        #[serde(default)]
        reason: Option<String>,
    },
    /// The person hands the browser back (the run re-observes and goes on), with an optional
    /// note for the planner. `no_takeover` when they do not have it.
    HandBack {
        #[serde(default)]
        message: Option<String>,
    },
    /// Start (`on: true`) or stop watching the session's page live (binary live frames, [`crate::LiveFrame`]).
    LiveView { on: bool },
    /// The person's clicks, wheel and keys on the live view, in viewport CSS pixels; accepted
    /// only while they have the browser (`no_takeover` otherwise), rate-bounded (`input_rate`).
    Input { events: Vec<UserInput> },
    /// End the current run; with no run, `nothing_running`. (An empty struct, so unknown fields
    /// are refused like elsewhere.)
    Cancel {},
    /// Change the user-owned mode and reasoning toggle.
    SetMode {
        #[serde(default)]
        mode: Option<Mode>,
        #[serde(default)]
        reasoning: Option<bool>,
    },
    /// The runs of a session from the daemon's history (the attached session when no id is
    /// given; an id works for sessions that are gone, after a restart too). Answered with a
    /// `history` frame to this client only.
    History {
        #[serde(default)]
        session_id: Option<String>,
    },
    /// The project list, answered with a `projects` frame to this client only.
    Projects {},
    /// Renames a project (answered with `projects`).
    RenameProject { project_id: String, name: String },
    /// Deletes a project: its live session is closed, its history, memory, site and logins are
    /// removed (answered with `projects`).
    DeleteProject { project_id: String },
    /// Forgets a project's saved logins (cookies and local storage): its live session's browser
    /// context is closed and its saved state removed (answered with `projects`). Refused with
    /// `busy` while a run of it is going.
    ForgetLogins { project_id: String },
}

/// A frame from the server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    Session {
        session_id: String,
        mode: Mode,
        reasoning: bool,
        status: RunStatus,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pending: Option<AgentQuestion>,
        /// The person has the browser (a takeover is going on).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        takeover: bool,
    },
    /// The person got the browser (`active: true`) or gave it back.
    Takeover {
        active: bool,
    },
    Status {
        status: RunStatus,
    },
    AgentMessage {
        text: String,
    },
    AgentQuestion(AgentQuestion),
    QuestionCleared {
        interrupt_id: String,
        by: QuestionEnd,
    },
    Observation {
        url: String,
        title: String,
        /// A `data:image/…;base64,` URL.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        screenshot: Option<String>,
    },
    Step {
        node: String,
        /// The same for every frame about one planned action of a run (additive: absent for
        /// steps that belong to no action); a client updates that step's line in place.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        step_id: Option<String>,
        summary: String,
        result: StepResult,
        elapsed_ms: u64,
    },
    RunFinished {
        outcome: RunOutcome,
        text: String,
    },
    /// The browser had died and was restarted (or reconnected) before this point of the run;
    /// `reason` says how it died. Earlier pages are gone.
    BrowserRestarted {
        reason: String,
    },
    /// A model request was answered: the run's totals so far (tokens and cost).
    Usage {
        requests: u32,
        prompt_tokens: u64,
        completion_tokens: u64,
        cost: f64,
    },
    /// The session's Product Doc changed: the sections that changed, the project card and the
    /// whole doc.
    ProductDocUpdated {
        changed: Vec<String>,
        card: String,
        doc: ProductDoc,
    },
    /// Sent right after the `session` frame of an attach: the conversation so far, as the agent
    /// recorded it (its kept runs, oldest first, then the going or paused run's record so far).
    /// A client shows exactly this in place of what it showed before.
    Transcript {
        runs: Vec<TranscriptRun>,
    },
    /// The answer to a `history` request: the session's runs, oldest first.
    History {
        session_id: String,
        runs: Vec<StoredRun>,
    },
    /// The projects, latest activity first.
    Projects {
        projects: Vec<ProjectSummary>,
    },
    Error {
        code: String,
        message: String,
    },
}

impl ServerMessage {
    /// An `error` frame.
    pub fn error(code: &str, message: impl Into<String>) -> Self {
        Self::Error {
            code: code.to_owned(),
            message: message.into(),
        }
    }
}
