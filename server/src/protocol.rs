//! The WebSocket protocol's messages (documented in `docs/protocol.md`), shared with the tests.
//!
//! Client frames are parsed strictly: an unknown `type` or an unknown field is an error frame back
//! to the client, never a guess.

use serde::{Deserialize, Serialize};

/// A frame from the client.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Must be the first frame: the launch token.
    Auth { token: String },
    /// Start a new session (no id) or re-attach to one.
    Attach {
        #[serde(default)]
        session_id: Option<String>,
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
        answers: Vec<AnswerPayload>,
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
    /// Start (`on: true`) or stop watching the session's page live (`live_frame` frames).
    LiveView { on: bool },
    /// The person's clicks, wheel and keys on the live view, in viewport CSS pixels; accepted
    /// only while they have the browser (`no_takeover` otherwise), rate-bounded (`input_rate`).
    Input {
        events: Vec<tandem_mcp_browser::browser::UserInput>,
    },
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
}

/// One answered question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerPayload {
    pub question_id: String,
    pub values: Vec<String>,
}

/// Agent mode acts in the browser; chat mode only talks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Agent,
    Chat,
}

/// Where a session's run is. The last five say how the latest run ended, one per way it can
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

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunOutcome {
    Done,
    Denied,
    Cancelled,
    Blocked,
    Limit,
    Failed,
}

/// Result of a step in the timeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepResult {
    Success,
    Error,
    Pending,
}

/// Why a question went away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClearedBy {
    Answered,
    Expired,
    Cancelled,
}

/// The kind of question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuestionKind {
    Confirm,
    Manual,
    Ask,
}

/// Exactly what an action will do, for the confirm card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActionView {
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<TargetView>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    /// Typed text, with secrets masked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// One line: `click button "Pay now"`.
    pub summary: String,
}

/// The element an action aims at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TargetView {
    pub eid: String,
    pub role: String,
    pub name: String,
}

/// One question of an ask.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QuestionView {
    pub id: String,
    pub prompt: String,
    /// `radio`, `checkbox` or `text`.
    pub kind: String,
    #[serde(default)]
    pub options: Vec<OptionView>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OptionView {
    pub value: String,
    pub label: String,
}

/// A pending question for the person.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentQuestion {
    pub interrupt_id: String,
    pub kind: QuestionKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<ActionView>,
    pub reason: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub questions: Vec<QuestionView>,
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
    /// One frame of the live view.
    LiveFrame {
        /// A `data:image/jpeg;base64,` URL.
        image: String,
        /// The page area the image shows, in CSS pixels: input maps points on the image to it.
        width: f64,
        height: f64,
        /// When Chromium captured it, in milliseconds since the Unix epoch.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        captured_ms: Option<f64>,
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
        by: ClearedBy,
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
        doc: tandem_agent::product_doc::ProductDoc,
    },
    /// The answer to a `history` request: the session's runs, oldest first.
    History {
        session_id: String,
        runs: Vec<crate::history::StoredRun>,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_frames_parse_strictly() {
        let ok: ClientMessage =
            serde_json::from_str(r#"{"type":"confirm","interrupt_id":"i1","approved":true}"#)
                .unwrap();
        assert_eq!(
            ok,
            ClientMessage::Confirm {
                interrupt_id: "i1".into(),
                approved: true,
                remember: false,
                reason: None,
            }
        );
        for bad in [
            r#"{"type":"confirm","interrupt_id":"i1","approved":true,"extra":1}"#,
            r#"{"type":"approve_everything"}"#,
            r#"{"interrupt_id":"i1"}"#,
            r#"{"type":"cancel","why":"x"}"#,
            r#"[1,2]"#,
        ] {
            assert!(serde_json::from_str::<ClientMessage>(bad).is_err(), "{bad}");
        }
        let cancel: ClientMessage = serde_json::from_str(r#"{"type":"cancel"}"#).unwrap();
        assert_eq!(cancel, ClientMessage::Cancel {});
    }

    #[test]
    fn server_frames_are_type_tagged() {
        let frame = serde_json::to_value(ServerMessage::Status {
            status: RunStatus::WaitingInput,
        })
        .unwrap();
        assert_eq!(
            frame,
            serde_json::json!({"type":"status","status":"waiting_input"})
        );
        let question = ServerMessage::AgentQuestion(AgentQuestion {
            interrupt_id: "i9".into(),
            kind: QuestionKind::Confirm,
            action: None,
            reason: "buys something".into(),
            rule: Some("confirm-purchase".into()),
            questions: vec![],
        });
        let value = serde_json::to_value(&question).unwrap();
        assert_eq!(value["type"], "agent_question");
        assert_eq!(value["interrupt_id"], "i9");
        assert_eq!(value["kind"], "confirm");
    }
}
