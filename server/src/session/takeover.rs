//! Who has the browser: the agent, or the person (a takeover).
//!
//! The person has it while the run is paused at a manual question (raised by the planner, the
//! policy or the person's own "Take over") or, with no run to pause, after they took it between
//! runs (a "free" takeover). Only then is their input relayed to the page.
//!
//! Contract: "Take over" never cancels a run: a running run hands over before its next step (a
//! manual question follows); one paused at a confirmation or an ask has that question withdrawn
//! and hands over at once; one that ends first leaves the browser to the person. "Hand back"
//! answers the manual question (the run re-observes and goes on) or ends a free takeover. Every
//! change is published as a `takeover` frame; a (re)attaching client reads the state in the
//! `session` frame. Input is bounded to [`INPUT_PER_SECOND`] events a second per session (beyond a
//! burst of [`INPUT_BURST`]); what it carries is never logged.

use std::time::Instant;

use tandem_agent::interrupt::{InterruptKind, Resume};
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

/// The takeover part of a session's state.
#[derive(Debug)]
pub(crate) struct TakeoverState {
    /// The person pressed "Take over" during a run that has not paused yet.
    requested: bool,
    /// The person has the browser with no run paused.
    free: bool,
    /// The pending manual question, while the run is paused at one.
    manual: Option<String>,
    /// Input token bucket: tokens left and when it was last filled.
    tokens: f64,
    filled: Instant,
}

impl Default for TakeoverState {
    fn default() -> Self {
        Self {
            requested: false,
            free: false,
            manual: None,
            tokens: INPUT_BURST,
            filled: Instant::now(),
        }
    }
}

impl TakeoverState {
    fn active(&self) -> bool {
        self.free || self.manual.is_some()
    }
}

/// Why a takeover operation was refused.
#[derive(Debug, thiserror::Error)]
pub enum TakeoverRefusal {
    /// `hand_back` or `input` while the person does not have the browser.
    #[error("you do not have the browser: press Take over first")]
    NotTakenOver,
    /// More input than [`INPUT_PER_SECOND`] allows, or more than [`MAX_INPUT_EVENTS`] in one frame.
    #[error("too much input at once; slow down")]
    TooFast,
    /// The browser refused an input event (a point outside the viewport, an unknown key...).
    #[error("that input could not be sent to the page: {0}")]
    BadInput(#[from] BrowserError),
    /// The agent refused.
    #[error(transparent)]
    Agent(#[from] AgentError),
}

impl TakeoverRefusal {
    /// The protocol's error code.
    pub fn code(&self) -> &str {
        match self {
            Self::NotTakenOver => "no_takeover",
            Self::TooFast => "input_rate",
            Self::BadInput(_) => "bad_input",
            Self::Agent(error) => error.code(),
        }
    }
}

impl Session {
    /// True while the person has the browser.
    pub fn taken_over(&self) -> bool {
        lock(&self.takeover).active()
    }

    /// The person takes the browser (see the module contract).
    pub async fn take_over(&self) -> Result<(), TakeoverRefusal> {
        match self.agent.request_takeover().await? {
            TakeoverStart::NoRun => self.set_free(true),
            TakeoverStart::QuestionReplaced { .. } => {}
            TakeoverStart::WillPause { .. } => {
                lock(&self.takeover).requested = true;
                self.publish(ServerMessage::AgentMessage {
                    text: "You will have the browser as soon as the current step is done; the \
                           run waits for you."
                        .to_owned(),
                });
            }
            TakeoverStart::AlreadyHanded => {}
        }
        Ok(())
    }

    /// The person hands the browser back, with an optional note for the planner.
    pub async fn hand_back(&self, message: String) -> Result<(), TakeoverRefusal> {
        let pending = self.agent.pending_question();
        if let Some(question) = pending
            && matches!(question.kind, InterruptKind::Manual { .. })
        {
            self.answer(&question.id, Resume::ManualDone { message })
                .await?;
            return Ok(());
        }
        if !lock(&self.takeover).free {
            return Err(TakeoverRefusal::NotTakenOver);
        }
        self.set_free(false);
        if !message.trim().is_empty() {
            self.agent.submit_user_message(message).await?;
        }
        Ok(())
    }

    /// Ends a free takeover before a new message starts a run or a cancel ends it. Returns
    /// whether there was one.
    pub fn end_free_takeover(&self) -> bool {
        let was = lock(&self.takeover).free;
        if was {
            self.set_free(false);
        }
        was
    }

    /// Relays the person's input to the page, if they have the browser.
    pub async fn relay_input(&self, events: &[UserInput]) -> Result<(), TakeoverRefusal> {
        {
            let mut state = lock(&self.takeover);
            if !state.active() {
                return Err(TakeoverRefusal::NotTakenOver);
            }
            let now = Instant::now();
            let refill = now.duration_since(state.filled).as_secs_f64() * INPUT_PER_SECOND;
            state.tokens = (state.tokens + refill).min(INPUT_BURST);
            state.filled = now;
            let cost = events.len() as f64;
            if events.len() > MAX_INPUT_EVENTS || cost > state.tokens {
                return Err(TakeoverRefusal::TooFast);
            }
            state.tokens -= cost;
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

    /// Follows the agent's events: a manual question gives the person the browser, its end
    /// takes it back; a run that ends before a requested takeover leaves it to the person.
    pub(super) fn track_takeover(&self, event: &tandem_agent::AgentEvent) {
        use tandem_agent::AgentEvent;
        let changed = {
            let mut state = lock(&self.takeover);
            let before = state.active();
            match event {
                AgentEvent::Question { interrupt, .. } => {
                    if matches!(interrupt.kind, InterruptKind::Manual { .. }) {
                        state.manual = Some(interrupt.id.clone());
                        state.requested = false;
                    }
                }
                AgentEvent::QuestionCleared { interrupt_id, .. } => {
                    if state.manual.as_deref() == Some(interrupt_id.as_str()) {
                        state.manual = None;
                    }
                }
                AgentEvent::RunFinished { .. } => {
                    state.manual = None;
                    if std::mem::take(&mut state.requested) {
                        state.free = true;
                    }
                }
                AgentEvent::Status { .. }
                | AgentEvent::BrowserRestarted { .. }
                | AgentEvent::ProductDocUpdated { .. }
                | AgentEvent::Step { .. }
                | AgentEvent::Observation { .. }
                | AgentEvent::Message { .. }
                | AgentEvent::Usage { .. }
                | AgentEvent::Error { .. } => {}
            }
            (state.active() != before).then_some(state.active())
        };
        if let Some(active) = changed {
            self.publish(ServerMessage::Takeover { active });
        }
        if matches!(event, AgentEvent::Observation { .. }) {
            self.live.refresh();
        }
    }

    fn set_free(&self, free: bool) {
        let changed = {
            let mut state = lock(&self.takeover);
            let before = state.active();
            state.free = free;
            state.requested = false;
            state.active() != before
        };
        if changed {
            self.publish(ServerMessage::Takeover {
                active: self.taken_over(),
            });
        }
    }
}
