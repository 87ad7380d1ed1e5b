//! Structured questions the agent asks the person, and the person's answers.
//!
//! In: a planner puts [`Question`]s into [`crate::Action::AskUser`]. Out: the runtime pauses, the
//! UI renders them, and the reply comes back as [`Answer`]s in
//! [`crate::planner::StepOutcome::Answered`].

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

/// One choice of a `radio` or `checkbox` question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct QuestionOption {
    /// Machine value returned in the answer when this option is picked.
    pub value: String,
    /// Text shown to the person.
    pub label: String,
}

/// The person's answer to one [`Question`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
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
