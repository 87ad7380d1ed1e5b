//! The person's side of a session over the transport: "Take over", "Hand back" and their input
//! on the live view.
//!
//! Who has the browser is the agent's to know ([`tandem_agent::AgentHandle::taken_over`]): it
//! pauses a running run before its next step, withdraws a pending confirmation or question in
//! favour of a takeover, gives the browser to the person between runs, and tells every change as
//! an event that becomes the `takeover` frame. The session passes the operations on, says when a
//! run will pause for the person, and relays the person's input to the page only while they have
//! the browser. Input is bounded to [`INPUT_PER_SECOND`] events a second per session (beyond a
//! burst of [`INPUT_BURST`]): transport protection. What it carries is never logged.

use std::time::Instant;

use tandem_agent::{AgentError, TakeoverStart};
use tandem_mcp_browser::BrowserError;
use tandem_protocol::{ServerMessage, UserInput};

use super::{Session, lock};

/// Input events allowed per second and session, sustained.
pub const INPUT_PER_SECOND: f64 = 60.0;
/// Input events allowed in a burst above the rate.
pub const INPUT_BURST: f64 = 120.0;
/// Input events one `input` frame may carry.
pub const MAX_INPUT_EVENTS: usize = 64;

/// The input token bucket of a session: tokens left and when it was last filled.
#[derive(Debug)]
pub(crate) struct InputBudget {
    tokens: f64,
    filled: Instant,
}

impl Default for InputBudget {
    fn default() -> Self {
        Self {
            tokens: INPUT_BURST,
            filled: Instant::now(),
        }
    }
}

impl InputBudget {
    /// Spends one token per event; false (nothing spent) when there are too few or the frame
    /// carries too many.
    pub(crate) fn spend(&mut self, events: usize) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.filled).as_secs_f64() * INPUT_PER_SECOND;
        self.tokens = (self.tokens + refill).min(INPUT_BURST);
        self.filled = now;
        let cost = events as f64;
        if events > MAX_INPUT_EVENTS || cost > self.tokens {
            return false;
        }
        self.tokens -= cost;
        true
    }
}

/// Why a takeover operation was refused.
#[derive(Debug, thiserror::Error)]
pub enum TakeoverRefusal {
    /// More input than [`INPUT_PER_SECOND`] allows, or more than [`MAX_INPUT_EVENTS`] in one frame.
    #[error("too much input at once; slow down")]
    TooFast,
    /// The browser refused an input event (a point outside the viewport, an unknown key...).
    #[error("that input could not be sent to the page: {0}")]
    BadInput(#[from] BrowserError),
    /// The agent refused (`no_takeover` when the person does not have the browser).
    #[error(transparent)]
    Agent(#[from] AgentError),
}

impl TakeoverRefusal {
    /// The protocol's error code.
    pub fn code(&self) -> &str {
        match self {
            Self::TooFast => "input_rate",
            Self::BadInput(_) => "bad_input",
            Self::Agent(error) => error.code(),
        }
    }
}

impl Session {
    /// True while the person has the browser.
    pub fn taken_over(&self) -> bool {
        self.agent.taken_over()
    }

    /// The person takes the browser; when a run is executing, they are told it pauses for them
    /// after the step in flight.
    pub async fn take_over(&self) -> Result<(), TakeoverRefusal> {
        match self.agent.request_takeover().await? {
            TakeoverStart::WillPause { .. } => {
                self.publish(ServerMessage::AgentMessage {
                    text: "You will have the browser as soon as the current step is done; the \
                           run waits for you."
                        .to_owned(),
                });
            }
            TakeoverStart::NoRun
            | TakeoverStart::QuestionReplaced { .. }
            | TakeoverStart::AlreadyHanded => {}
        }
        Ok(())
    }

    /// The person hands the browser back, with an optional note for the planner.
    pub async fn hand_back(&self, message: String) -> Result<(), TakeoverRefusal> {
        Ok(self.agent.hand_back(message).await?)
    }

    /// Relays the person's input to the page, if they have the browser.
    pub async fn relay_input(&self, events: &[UserInput]) -> Result<(), TakeoverRefusal> {
        if !self.taken_over() {
            return Err(AgentError::NotTakenOver.into());
        }
        if !lock(&self.input).spend(events.len()) {
            return Err(TakeoverRefusal::TooFast);
        }
        let mut browser = self.browser.lock().await;
        for event in events {
            if let Err(error) = browser.dispatch_input(event).await {
                tracing::debug!(kind = event.kind(), code = error.code(), "input refused");
                return Err(error.into());
            }
        }
        Ok(())
    }
}
