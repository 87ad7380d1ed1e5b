//! Sessions: one agent (and one isolated browser context) each, with a fan-out of protocol frames
//! to every client watching it. A session is a thin transport — queues, fan-out, status, id; the
//! agent state lives in the agent's graph. How sessions are made, kept and closed is in
//! [`SessionRegistry`].
//!
//! The person's side (confirmations bound to their action and their expiry, who has the
//! browser) is the agent's: the session relays its events as frames, the live view and the
//! person's input ([`takeover`]).
//!
//! Contract: the first valid answer to a question wins and every watcher gets
//! `question_cleared` once; a confirmation left unanswered for [`CONFIRM_EXPIRY`] is denied (by
//! the agent); an `ask` or a takeover nobody is attached to answer ends its run; closing the
//! registry denies pending confirmations, ends every run and closes the browser contexts.

mod live;
mod logins;
mod record;
mod registry;
mod takeover;

use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::Duration;

use tandem_agent::interrupt::{Interrupt, InterruptKind, Resume};
use tandem_agent::message_secrets::mask_message_secrets;
use tandem_agent::planner::Planner;
use tandem_agent::{AgentConfig, AgentError, AgentHandle, ExternalServer};
use tandem_mcp_browser::{BrowserHost, McpBrowserClient};
use tandem_policy::PolicyGate;
use tandem_protocol::{Lifecycle, QuestionEnd, RunStatus, ServerMessage};
use tokio::sync::{broadcast, watch};
use tokio_util::sync::CancellationToken;

pub use self::live::{LiveView, LiveWatch, live_frame_message};
pub use self::registry::{
    Attachment, DEFAULT_IDLE_GRACE, DEFAULT_MAX_SESSIONS, SessionError, SessionLifetime,
    SessionRegistry,
};
pub(crate) use self::takeover::InputBudget;
pub use self::takeover::{INPUT_BURST, INPUT_PER_SECOND, MAX_INPUT_EVENTS, TakeoverRefusal};

/// How long a confirmation may wait before it is denied (the agent's
/// [`AgentConfig::confirm_expiry`] for the daemon's sessions).
pub const CONFIRM_EXPIRY: Duration = Duration::from_secs(600);

/// How long an attach waits for the going run's record before sending the finished runs only.
const TRANSCRIPT_WAIT: Duration = Duration::from_secs(3);

/// Frames buffered per session for slow watchers.
const FANOUT_CAPACITY: usize = 1_024;

/// What a new session is built from.
#[derive(Clone)]
pub struct SessionFactory {
    pub host: Arc<BrowserHost>,
    pub planner: Arc<dyn Planner>,
    /// What the planner is, for the start-up line (`instruction planner`, `model planner: …`).
    pub planner_label: String,
    pub gate: Arc<PolicyGate>,
    pub agent: AgentConfig,
    /// Other MCP servers whose tools every session offers next to the browser's.
    pub extra_tools: Vec<ExternalServer>,
}

/// One session: its agent and its watchers' fan-out.
pub struct Session {
    pub id: String,
    pub agent: AgentHandle,
    /// The session's browser context, shared with its agent. A person (or a scenario acting as
    /// one) can drive the same tab through `BrowserServer::with_session(browser)`.
    pub browser: Arc<tokio::sync::Mutex<tandem_mcp_browser::BrowserSession>>,
    outbox: broadcast::Sender<ServerMessage>,
    forwarder: tokio::task::JoinHandle<()>,
    /// The agent's connection to the session's browser tools.
    client: Arc<McpBrowserClient>,
    /// `None` until a client first attaches (the creator owns the session until then), then the
    /// number of clients attached.
    attached: Mutex<Option<usize>>,
    /// Touched when attachments or the agent's lifecycle change: wakes the expiry task.
    changed: watch::Sender<()>,
    /// Cancelled when the session closes: ends its expiry task.
    closing: CancellationToken,
    /// The last question whose `question_cleared` was published.
    last_cleared: Mutex<Option<String>>,
    /// The latest `observation` frame published, shown again to a client that attaches.
    last_observation: Mutex<Option<ServerMessage>>,
    /// Where this session's project lasts (its runs and memory), when the daemon keeps
    /// projects. The session's id is its project's.
    store: Option<Arc<dyn crate::store::ProjectStore>>,
    /// The messages taken but not started yet, noted in the store when they start.
    unstarted: record::Unstarted,
    /// Where the project's logins last, when the daemon keeps them (`logins.rs`).
    logins: Option<crate::logins::LoginVault>,
    /// The records of the project's runs before this session (a reopened project's, from the
    /// store), shown before the agent's own.
    earlier_runs: Vec<tandem_agent::RunRecord>,
    /// The page, live, for the clients that watch it.
    pub live: LiveView,
    /// How much of the person's input the page may still take (`takeover.rs`).
    input: Mutex<takeover::InputBudget>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Session {
    /// A receiver of this session's frames, for one watcher.
    pub fn watch(&self) -> broadcast::Receiver<ServerMessage> {
        self.outbox.subscribe()
    }

    /// Sends a frame to every watcher.
    pub fn publish(&self, frame: ServerMessage) {
        let _ = self.outbox.send(frame);
    }

    /// Where the session's run is, read from the agent (which owns it): its lifecycle while a
    /// run goes, else how the latest run ended.
    pub fn status(&self) -> RunStatus {
        RunStatus::of(self.agent.status().lifecycle, self.agent.last_outcome())
    }

    /// The person's reasoning toggle (the agent owns it).
    pub fn reasoning(&self) -> bool {
        self.agent.reasoning()
    }

    /// Sets the reasoning toggle (owned by the person).
    pub fn set_reasoning(&self, on: bool) {
        self.agent.set_reasoning(on);
    }

    /// The `session` frame a (re-)attaching client gets: status and pending question.
    pub fn describe(&self) -> ServerMessage {
        let agent = self.agent.status();
        ServerMessage::Session {
            session_id: self.id.clone(),
            mode: agent.mode,
            reasoning: self.reasoning(),
            status: self.status(),
            pending: self.agent.pending_question().as_ref().map(Interrupt::view),
            takeover: self.taken_over(),
        }
    }

    /// What a client shows after the `session` frame of an attach: the `transcript` frame of
    /// the agent's records, then the page last observed. When the agent is in the middle of a
    /// long step, the finished runs are sent without waiting for it ([`TRANSCRIPT_WAIT`]).
    pub async fn catch_up(&self) -> Vec<ServerMessage> {
        let runs = match tokio::time::timeout(TRANSCRIPT_WAIT, self.agent.transcript()).await {
            Ok(Ok(runs)) => runs,
            Ok(Err(error)) => {
                tracing::warn!(%error, "the agent gave no transcript; sending its finished runs");
                self.agent.runs()
            }
            Err(_) => self.agent.runs(),
        };
        let runs = self.earlier_runs.iter().cloned().chain(runs).collect();
        let mut frames = vec![tandem_agent::frames::transcript(runs)];
        frames.extend(lock(&self.last_observation).clone());
        frames
    }

    /// The person's message: starts a run (noted in the history with its goal when it starts:
    /// [`record::Unstarted`]), or replies to the paused run's question (a hand-back note, or
    /// words at a confirm or an ask), which keeps that run's goal.
    pub async fn submit(&self, text: String) -> Result<String, AgentError> {
        if self.store.is_none() {
            return self.agent.submit_user_message(text).await;
        }
        let paused = self.agent.status().run_id;
        // The store holds the message as the run records it: secrets masked.
        let goal = mask_message_secrets(&text);
        let submit = self.agent.submit_user_message(text);
        self.unstarted.submit(paused, goal, submit).await
    }

    /// Answers the pending question; on success every watcher learns it is gone (from the
    /// agent's own `QuestionCleared` event, in order with what the run does next).
    pub async fn answer(&self, interrupt_id: &str, resume: Resume) -> Result<(), AgentError> {
        self.agent.resume(interrupt_id, resume).await
    }

    /// True when nothing keeps the session alive: it was attached to, no client is attached any
    /// more, no run is going and no question is pending.
    fn expirable(&self) -> bool {
        *lock(&self.attached) == Some(0)
            && self.agent.status().lifecycle == Lifecycle::Idle
            && self.agent.pending_question().is_none()
    }

    /// Ends the run and closes the session: denies a pending confirmation, stops the agent,
    /// disposes of the browser context (its tabs and renderer processes) and the tools' client.
    async fn close(&self) {
        self.closing.cancel();
        self.live.close();
        let pending = self.agent.pending_question().map(|question| question.id);
        self.agent.shutdown().await;
        self.forwarder.abort();
        // The agent's own notice may not have been forwarded before the fan-out stopped.
        if let Some(interrupt_id) = pending {
            self.publish_cleared(interrupt_id, QuestionEnd::Cancelled);
        }
        // The logins last beyond the context, which goes now.
        self.save_logins().await;
        self.browser.lock().await.close().await;
        self.client.close().await;
    }

    /// Publishes `question_cleared` once per question, however many paths report it.
    fn publish_cleared(&self, interrupt_id: String, by: QuestionEnd) {
        let mut last = lock(&self.last_cleared);
        if last.as_deref() == Some(interrupt_id.as_str()) {
            return;
        }
        *last = Some(interrupt_id.clone());
        self.publish(ServerMessage::QuestionCleared { interrupt_id, by });
    }
}

/// Turns the agent's events into frames for the session's watchers, and wakes the expiry task
/// and the live view when what they follow changed.
async fn forward(agent: AgentHandle, session: Weak<Session>, abandon_after: Duration) {
    let mut events = agent.subscribe();
    loop {
        let event = match events.recv().await {
            Ok(event) => event,
            Err(broadcast::error::RecvError::Lagged(missed)) => {
                tracing::warn!(missed, "session fan-out fell behind");
                // A missed status change must still reach the expiry task.
                if let Some(session) = session.upgrade() {
                    session.changed.send_replace(());
                }
                continue;
            }
            Err(broadcast::error::RecvError::Closed) => return,
        };
        let Some(session) = session.upgrade() else {
            return;
        };
        if let tandem_agent::AgentEvent::Question { interrupt, .. } = &event
            && !matches!(interrupt.kind, InterruptKind::Confirm { .. })
        {
            // A confirmation expires in the agent; nothing else does by itself.
            let (session, id) = (Arc::downgrade(&session), interrupt.id.clone());
            tokio::spawn(cancel_when_abandoned(session, id, abandon_after));
        }
        let frames = event.frames();
        if let Some(store) = &session.store {
            let history = (store, &session.unstarted);
            record::write(&session.agent, history, &event, &frames).await;
        }
        for frame in frames {
            if matches!(frame, ServerMessage::Observation { .. }) {
                *lock(&session.last_observation) = Some(frame.clone());
            }
            match frame {
                ServerMessage::QuestionCleared { interrupt_id, by } => {
                    session.publish_cleared(interrupt_id, by);
                }
                frame => session.publish(frame),
            }
        }
        if matches!(event, tandem_agent::AgentEvent::Observation { .. }) {
            // The active tab may have changed: the live view follows it.
            session.live.refresh();
        }
        if matches!(event, tandem_agent::AgentEvent::Takeover { active: false }) {
            session.takeover_ended();
        }
        if matches!(event, tandem_agent::AgentEvent::Status { .. }) {
            // A run started or ended, or a question was asked: the expiry task re-checks.
            session.changed.send_replace(());
        }
    }
}

/// Cancels the run of a question that cannot expire by itself (an `ask`, a takeover) when it
/// is still pending after `after` and no client is attached to answer it, so the session can
/// then close like any idle one. While someone is attached, it waits another `after`. A
/// session nobody ever attached to belongs to its creator and is left alone.
async fn cancel_when_abandoned(session: Weak<Session>, interrupt_id: String, after: Duration) {
    loop {
        tokio::time::sleep(after).await;
        let Some(session) = session.upgrade() else {
            return;
        };
        let pending = session
            .agent
            .pending_question()
            .is_some_and(|question| question.id == interrupt_id);
        if !pending {
            return;
        }
        if *lock(&session.attached) == Some(0) {
            tracing::info!(%interrupt_id, "nobody is attached to answer a question; cancelling its run");
            session.agent.cancel();
            return;
        }
    }
}
