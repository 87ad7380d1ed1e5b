//! The person's side of a paused run: the question shown ([`AgentQuestion`]: a confirmation
//! with exactly what the action will do, a takeover, or structured [`Question`]s), the
//! [`Answer`]s that come back and how a question ended ([`QuestionEnd`]).
//!
//! [`Question`] is also part of the agent's `ask_user` action, whose JSON schema is the model's
//! output format: that is why these types derive `JsonSchema`, and why their field docs are
//! written for a model to read.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One question for the person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Question {
    /// Identifier of the question, unique within one `ask_user` action; answers refer to it.
    pub id: String,
    /// The question as shown to the person, one or two short sentences.
    pub prompt: String,
    /// How the person answers: pick one option, pick several, or type free text.
    pub kind: QuestionKind,
    /// Choices for `radio` and `checkbox` questions; empty for `text`.
    #[serde(default)]
    pub options: Vec<QuestionOption>,
}

/// How a [`Question`] is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum QuestionKind {
    /// Exactly one of the options.
    Radio,
    /// Any number of the options.
    Checkbox,
    /// Free text.
    Text,
}

impl QuestionKind {
    /// `radio`, `checkbox` or `text` (as in JSON).
    pub fn name(self) -> &'static str {
        match self {
            QuestionKind::Radio => "radio",
            QuestionKind::Checkbox => "checkbox",
            QuestionKind::Text => "text",
        }
    }
}

/// One choice of a `radio` or `checkbox` question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct QuestionOption {
    /// Machine value returned in the answer when this option is picked.
    pub value: String,
    /// Text shown to the person.
    pub label: String,
}

/// The person's answer to one [`Question`]. Parsed strictly (an unknown field is refused).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    /// The [`Question::id`] this answers.
    pub question_id: String,
    /// Picked option values (`radio`: one, `checkbox`: any number) or the typed text (`text`:
    /// one entry).
    pub values: Vec<String>,
}

impl Answer {
    /// The first value, which is the whole answer for `radio` and `text` questions.
    pub fn first(&self) -> Option<&str> {
        self.values.first().map(String::as_str)
    }
}

/// Why a question stopped being pending (`question_cleared`'s `by`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuestionEnd {
    /// A reply was accepted.
    Answered,
    /// Nobody answered in time: a confirmation is then denied.
    Expired,
    /// The run ended without an answer: cancelled, taken over, replaced by a new message or
    /// shut down.
    Cancelled,
}

/// What a pending question asks of the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AgentQuestionKind {
    /// Confirm (or decline) exactly one action.
    Confirm,
    /// Take the browser, do something, hand it back.
    Manual,
    /// Answer structured questions.
    Ask,
}

impl AgentQuestionKind {
    /// `confirm`, `manual` or `ask` (as in JSON).
    pub fn name(self) -> &'static str {
        match self {
            AgentQuestionKind::Confirm => "confirm",
            AgentQuestionKind::Manual => "manual",
            AgentQuestionKind::Ask => "ask",
        }
    }
}

/// A pending question for the person, as a client shows it (built by the agent from its
/// interrupt).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentQuestion {
    /// The id a reply must name.
    pub interrupt_id: String,
    pub kind: AgentQuestionKind,
    /// For a confirmation: exactly what the action will do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<ActionView>,
    /// Why the person is asked, one line.
    pub reason: String,
    /// The policy rule that asked, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// For an ask: the questions, asked together.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub questions: Vec<Question>,
    /// For a takeover about one element: that element and where the live view shows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<TakeoverTarget>,
}

/// The element a takeover asks the person to act on, for the live view to outline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TakeoverTarget {
    /// Its eid in the observation the takeover was raised on.
    pub eid: String,
    /// Its role (`button`, `checkbox`, ...).
    pub role: String,
    /// Its accessible name.
    pub name: String,
    /// Its box in the viewport when the agent last looked, in the page's CSS pixels (the
    /// coordinates of `live_frame` and `input`).
    pub rect: PageRect,
}

/// A box in the viewport, in CSS pixels from its top-left corner.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PageRect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

/// Exactly what an action will do, for the confirm card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActionView {
    /// The action's kind (`click`, `type`, `navigate`, ...).
    pub kind: String,
    /// The element it aims at.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<ActionTarget>,
    /// The full URL it goes to or happens on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// That URL's host.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    /// Typed text, with secrets masked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// One line: `click button "Pay now"`.
    pub summary: String,
}

/// The element an action aims at, as the person sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionTarget {
    /// Its eid in the observation the action was planned on.
    pub eid: String,
    /// Its role (`button`, `link`, ...).
    pub role: String,
    /// Its accessible name.
    pub name: String,
}
