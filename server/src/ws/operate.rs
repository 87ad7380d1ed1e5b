//! The person's operations on their session, and why one is refused.

use tandem_agent::AgentError;
use tandem_agent::interrupt::Resume;
use tandem_protocol::{ClientMessage, Lifecycle};

use crate::session::{Session, TakeoverRefusal};

/// Why an operation was refused: sent back to its client as an `error` frame.
#[derive(Debug, thiserror::Error)]
pub(super) enum Refusal {
    /// A `user_message` with no text but whitespace: `empty_message`.
    #[error("the message is empty: say what to do")]
    EmptyMessage,
    /// A `cancel` or `takeover` with no run going or paused: `nothing_running`.
    #[error("nothing is running, so there is nothing to stop")]
    NothingRunning,
    /// The agent refused: its own code (`busy`, `stale_interrupt`...).
    #[error(transparent)]
    Agent(#[from] AgentError),
    /// A takeover operation was refused (`no_takeover`, `input_rate`, `bad_input`).
    #[error(transparent)]
    Takeover(#[from] TakeoverRefusal),
}

impl Refusal {
    pub(super) fn code(&self) -> &str {
        match self {
            Self::EmptyMessage => "empty_message",
            Self::NothingRunning => "nothing_running",
            Self::Agent(error) => error.code(),
            Self::Takeover(refusal) => refusal.code(),
        }
    }
}

/// A run is going, or paused at a question.
fn is_running(session: &Session) -> bool {
    match session.agent.status().lifecycle {
        Lifecycle::Running | Lifecycle::Paused => true,
        Lifecycle::Idle => false,
    }
}

/// Applies one operation of the person to their session.
pub(super) async fn operate(session: &Session, message: ClientMessage) -> Result<(), Refusal> {
    match message {
        // Answered by the socket itself (see `ws::Connection::handle`).
        ClientMessage::Auth { .. }
        | ClientMessage::Attach { .. }
        | ClientMessage::History { .. }
        | ClientMessage::Projects {}
        | ClientMessage::RenameProject { .. }
        | ClientMessage::DeleteProject { .. }
        | ClientMessage::ForgetLogins { .. }
        | ClientMessage::LiveView { .. } => Ok(()),
        ClientMessage::UserMessage { text } => {
            if text.trim().is_empty() {
                return Err(Refusal::EmptyMessage);
            }
            // A message ends a takeover between runs; during a paused run's takeover the agent
            // takes it as the hand-back note.
            session.submit(text).await?;
            Ok(())
        }
        ClientMessage::Confirm {
            interrupt_id,
            approved,
            remember,
            reason,
        } => {
            // The agent binds the confirmation to the action the pending question showed.
            let reason = reason.map(|r| bounded_reason(&r));
            Ok(session
                .agent
                .confirm(&interrupt_id, approved, remember, reason)
                .await?)
        }
        ClientMessage::ManualDone {
            interrupt_id,
            message,
        } => {
            let resume = Resume::ManualDone {
                message: message.unwrap_or_default(),
            };
            Ok(session.answer(&interrupt_id, resume).await?)
        }
        ClientMessage::Answer {
            interrupt_id,
            answers,
        } => Ok(session
            .answer(&interrupt_id, Resume::Answer { answers })
            .await?),
        ClientMessage::Takeover { reason } => {
            if let Some(reason) = reason {
                tracing::info!(session = %session.id, %reason, "the person takes the browser");
            }
            Ok(session.take_over().await?)
        }
        ClientMessage::HandBack { message } => {
            Ok(session.hand_back(message.unwrap_or_default()).await?)
        }
        ClientMessage::Input { events } => Ok(session.relay_input(&events).await?),
        ClientMessage::Cancel {} => {
            // With no run, a cancel ends a takeover between runs (the agent's to end).
            if !is_running(session) && !session.taken_over() {
                return Err(Refusal::NothingRunning);
            }
            session.agent.cancel();
            Ok(())
        }
        ClientMessage::SetMode { mode, reasoning } => {
            if let Some(mode) = mode {
                session.agent.set_mode(mode).await?;
            }
            if let Some(on) = reasoning {
                session.set_reasoning(on);
            }
            session.publish(session.describe());
            Ok(())
        }
    }
}

/// Longest decline reason kept, in characters (the frame's size limit bounds it already; this
/// keeps the planner's step line short).
const MAX_REASON_CHARS: usize = 300;

/// The reason trimmed and cut to [`MAX_REASON_CHARS`].
fn bounded_reason(reason: &str) -> String {
    reason.trim().chars().take(MAX_REASON_CHARS).collect()
}
