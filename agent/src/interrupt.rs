//! Interrupts: a run paused for the person, and the payloads that resume it.
//!
//! In: raised by `confirm_interrupt`, `manual_interrupt` and `ask_user`. Out: shown to the
//! person (the UI renders [`Interrupt`] from [`crate::AgentEvent::Question`]), answered with a
//! [`Resume`] that names the interrupt's id.
//!
//! Contract: an interrupt id is a fresh UUID, used at most once. A [`Resume`] must match the
//! interrupt's kind ([`Resume::Confirm`] for [`InterruptKind::Confirm`], [`Resume::ManualDone`]
//! for [`InterruptKind::Manual`], [`Resume::Answer`] for [`InterruptKind::Ask`]); a confirmation
//! carries the [`InterruptKind::Confirm::action_hash`] it was shown, so it can only ever approve
//! that exact action, and an answer must fit the questions asked
//! ([`crate::question::check_answers`]: known question ids, values among a question's options).
//! A [`Resume::Message`] (the person wrote instead of using the question's controls) fits a
//! confirmation or an ask, and is never an approval.
//! Every refusal is an [`InterruptError`] and leaves the run paused.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tandem_protocol::{ActionTarget, AgentQuestionKind, Answer, Question, TakeoverTarget};
use thiserror::Error;

use crate::action::Action;
use crate::question::{AnswerError, check_answers};

/// A pause that waits for the person.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Interrupt {
    /// Single-use id that the resume must name.
    pub id: String,
    /// What the person is asked.
    #[serde(flatten)]
    pub kind: InterruptKind,
}

impl Interrupt {
    /// A new interrupt with a fresh id.
    pub fn new(kind: InterruptKind) -> Self {
        Self {
            id: uuid::Uuid::new_v4().to_string(),
            kind,
        }
    }
}

/// The three kinds of pause.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum InterruptKind {
    /// The policy wants the person to confirm this exact action before it runs.
    Confirm {
        /// The action, as it will run if confirmed (secret text is masked).
        action: Action,
        /// One line for the person: `click button "Buy now" (e4)`.
        summary: String,
        /// [`action_hash`] of the action on its page; the confirmation must carry it.
        action_hash: String,
        /// Why the policy asks.
        reason: String,
        /// The policy rule that asked.
        rule: String,
        /// The element the action aims at, as the person sees it (role and accessible name).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<ActionTarget>,
        /// The page the action happens on (for a navigation: the page it leaves).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        page_url: Option<String>,
    },
    /// The person should do something in the browser (log in, solve a CAPTCHA, type a
    /// password) and say when done.
    Manual {
        /// What to do, in one or two sentences.
        text: String,
        /// Why the agent hands over.
        reason: String,
        /// The policy rule that asked for the takeover (`None` when the planner asked).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
        /// The element to act on, with its box for the live view to outline (`None` when the
        /// takeover is about no one element).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<TakeoverTarget>,
    },
    /// The planner asks structured questions.
    Ask {
        /// The questions, asked together.
        questions: Vec<Question>,
    },
}

impl InterruptKind {
    /// The kind of question card it is shown as.
    pub fn question_kind(&self) -> AgentQuestionKind {
        match self {
            InterruptKind::Confirm { .. } => AgentQuestionKind::Confirm,
            InterruptKind::Manual { .. } => AgentQuestionKind::Manual,
            InterruptKind::Ask { .. } => AgentQuestionKind::Ask,
        }
    }

    /// `confirm`, `manual` or `ask`: its question kind's name.
    pub fn name(&self) -> &'static str {
        self.question_kind().name()
    }
}

/// The person's reply to an [`Interrupt`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::IntoStaticStr)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[strum(serialize_all = "snake_case")]
pub enum Resume {
    /// Reply to [`InterruptKind::Confirm`].
    Confirm {
        /// True runs the action; false declines it: a failed step the planner reads, and the
        /// run goes on without it (an expired confirmation ends the run).
        approved: bool,
        /// The `action_hash` of the interrupt being answered.
        action_hash: String,
        /// "Don't ask again for this exact action in this session".
        #[serde(default)]
        remember: bool,
        /// Why not (a decline's optional reason, shown to the planner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// Reply to [`InterruptKind::Manual`]: the person is done and hands the browser back.
    ManualDone {
        /// What the person said, possibly empty.
        #[serde(default)]
        message: String,
    },
    /// Reply to [`InterruptKind::Ask`].
    Answer {
        /// One answer per answered question.
        answers: Vec<Answer>,
    },
    /// The person wrote a message while a confirmation or an ask was pending, instead of using
    /// the question's controls. Never an approval, whatever it says: at a confirmation it
    /// declines the action with the message as the reason; at an ask it is the answer when it
    /// fits the questions ([`crate::question::answers_from_message`]), and otherwise declines
    /// the question the same way. The run goes on and its planner reads the message.
    Message {
        /// The person's words, as typed.
        text: String,
    },
}

impl Resume {
    /// `confirm`, `manual_done`, `answer` or `message`: the serde tag.
    pub fn name(&self) -> &'static str {
        self.into()
    }

    /// Checks that this reply fits `interrupt`: its kind, for confirmations the action hash, for
    /// answers the questions asked ([`check_answers`]).
    pub fn check_against(&self, interrupt: &Interrupt) -> Result<(), InterruptError> {
        match (&interrupt.kind, self) {
            (
                InterruptKind::Confirm { action_hash, .. },
                Resume::Confirm {
                    action_hash: given, ..
                },
            ) => {
                if action_hash == given {
                    Ok(())
                } else {
                    Err(InterruptError::ActionChanged)
                }
            }
            (InterruptKind::Ask { questions }, Resume::Answer { answers }) => {
                Ok(check_answers(questions, answers)?)
            }
            (InterruptKind::Manual { .. }, Resume::ManualDone { .. })
            | (InterruptKind::Confirm { .. } | InterruptKind::Ask { .. }, Resume::Message { .. }) => {
                Ok(())
            }
            (
                InterruptKind::Confirm { .. }
                | InterruptKind::Manual { .. }
                | InterruptKind::Ask { .. },
                Resume::Confirm { .. }
                | Resume::ManualDone { .. }
                | Resume::Answer { .. }
                | Resume::Message { .. },
            ) => Err(InterruptError::WrongKind {
                expected: interrupt.kind.name(),
                got: self.name(),
            }),
        }
    }
}

/// Why a resume was refused. In every case the run stays paused and its interrupt stays
/// pending (except that nothing is pending for [`InterruptError::NoPendingInterrupt`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InterruptError {
    /// The session has no paused run. Shown to the client; nothing changes.
    #[error("there is no pending question in this session")]
    NoPendingInterrupt,
    /// The id is not the pending interrupt's (an older one, another session's, or made up).
    /// Shown to the client, which should answer the pending question instead.
    #[error("interrupt `{0}` is not the pending question of this session")]
    StaleId(String),
    /// The id was already answered, or its run ended without an answer (cancelled, replaced
    /// by a new message). Shown to the client; nothing is applied.
    #[error("interrupt `{0}` is no longer pending: it was answered, or its run ended")]
    AlreadyUsed(String),
    /// The reply is of another kind than the question.
    #[error("the pending question expects a `{expected}` reply, not `{got}`")]
    WrongKind {
        /// The reply kind the interrupt expects.
        expected: &'static str,
        /// The reply kind that was sent.
        got: &'static str,
    },
    /// The confirmation names another action than the one it was asked for.
    #[error("the confirmation does not match the action it was asked for")]
    ActionChanged,
    /// The answer does not fit the questions asked (a question id that was not asked, a value
    /// that is not one of the question's options, several values for a one-value question).
    /// Shown to the client, which should answer the pending question again; nothing of the
    /// reply is used.
    #[error("the answer does not fit the question: {0}")]
    InvalidAnswer(#[from] AnswerError),
}

/// The hash a confirmation is bound to: SHA-256 over the page URL and the action's JSON.
pub fn action_hash(action: &Action, page_url: Option<&str>) -> String {
    let mut hasher = Sha256::new();
    hasher.update(page_url.unwrap_or("").as_bytes());
    hasher.update([0u8]);
    // Serialising our own enum cannot fail; an empty body would still bind to the URL.
    hasher.update(serde_json::to_vec(action).unwrap_or_default());
    let digest = hasher.finalize();
    let mut hex = String::with_capacity(digest.len() * 2);
    for byte in digest {
        hex.push(char::from(HEX[usize::from(byte >> 4)]));
        hex.push(char::from(HEX[usize::from(byte & 0x0f)]));
    }
    hex
}

const HEX: &[u8; 16] = b"0123456789abcdef";
