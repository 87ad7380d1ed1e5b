//! Sessions: one agent (and one isolated browser context) each, with a fan-out of protocol frames
//! to every client watching it. A session is a thin transport — queues, fan-out, status, id; the
//! agent state lives in the agent's graph.
//!
//! Contract: the first valid answer to a question wins and every watcher gets
//! `question_cleared`; a confirmation left unanswered for [`CONFIRM_EXPIRY`] is denied; closing
//! the registry denies pending confirmations, ends every run and closes the browser contexts.
//!
//! Lifetime: a session lives while a client holds an [`Attachment`] to it, a run is going or a
//! question is pending. Once none of that holds (the last client detached, the run ended, the
//! pending confirmation expired), its expiry task waits [`SessionLifetime::idle_grace`]; an
//! attachment or a new run in that time cancels the wait, otherwise the session leaves the
//! registry (its id is then unknown) and is closed, which disposes of its browser context. A
//! session made by [`SessionRegistry::create`] and never attached belongs to its creator (the
//! CLI, scenarios) and is closed by [`SessionRegistry::shutdown`]. At most
//! [`SessionLifetime::max_sessions`] sessions live at once.

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::Duration;

use tandem_agent::interrupt::{Interrupt, InterruptKind, Resume};
use tandem_agent::planner::Planner;
use tandem_agent::{
    Agent, AgentConfig, AgentError, AgentHandle, BrowserTools, ExternalServer, Lifecycle,
    QuestionEnd, ToolHub,
};
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::{BrowserHost, ClientError, McpBrowserClient};
use tandem_policy::PolicyGate;
use tokio::sync::{broadcast, watch};
use tokio_util::sync::CancellationToken;

use crate::protocol::{ClearedBy, RunStatus, ServerMessage};
use crate::translate;

/// How long a confirmation may wait before it is denied.
pub const CONFIRM_EXPIRY: Duration = Duration::from_secs(600);

/// How long a session nobody is attached to may sit idle before it is closed.
pub const DEFAULT_IDLE_GRACE: Duration = Duration::from_secs(600);

/// Live sessions allowed at once by default.
pub const DEFAULT_MAX_SESSIONS: NonZeroUsize = match NonZeroUsize::new(32) {
    Some(max) => max,
    None => NonZeroUsize::MIN,
};

/// How long sessions live and how many may live at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionLifetime {
    /// How long a session with no client attached, no run going and no question pending is
    /// kept before it is closed.
    pub idle_grace: Duration,
    /// Live sessions at most; creating one more fails with [`SessionError::TooMany`].
    pub max_sessions: NonZeroUsize,
    /// How long a confirmation may wait before it is denied ([`CONFIRM_EXPIRY`]).
    pub confirm_expiry: Duration,
}

impl Default for SessionLifetime {
    fn default() -> Self {
        Self {
            idle_grace: DEFAULT_IDLE_GRACE,
            max_sessions: DEFAULT_MAX_SESSIONS,
            confirm_expiry: CONFIRM_EXPIRY,
        }
    }
}

/// Why no session could be made.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The registry holds [`SessionLifetime::max_sessions`] sessions. Sent to the client as
    /// `too_many_sessions`; its socket stays open and it may re-attach to a live session.
    #[error(
        "{limit} sessions are open, the most this daemon allows: re-attach to one of them, or \
         try again once an idle session nobody is attached to has closed"
    )]
    TooMany { limit: usize },
    /// The session's browser tools could not be connected. Sent as `session_failed`.
    #[error("starting the session's browser tools: {0}")]
    Browser(#[from] ClientError),
}

impl SessionError {
    /// The protocol's error code.
    pub fn code(&self) -> &'static str {
        match self {
            Self::TooMany { .. } => "too_many_sessions",
            Self::Browser(_) => "session_failed",
        }
    }
}

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
    status: Mutex<RunStatus>,
    reasoning: std::sync::atomic::AtomicBool,
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

    pub fn status(&self) -> RunStatus {
        *lock(&self.status)
    }

    /// The person's reasoning toggle.
    pub fn reasoning(&self) -> bool {
        self.reasoning.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Sets the reasoning toggle (owned by the person).
    pub fn set_reasoning(&self, on: bool) {
        self.reasoning
            .store(on, std::sync::atomic::Ordering::Relaxed);
        self.agent.set_reasoning(on);
    }

    /// The `session` frame a (re-)attaching client gets: status and pending question.
    pub fn describe(&self) -> ServerMessage {
        let agent = self.agent.status();
        ServerMessage::Session {
            session_id: self.id.clone(),
            mode: translate::mode_of(agent.mode),
            reasoning: self.reasoning(),
            status: self.status(),
            pending: self
                .agent
                .pending_question()
                .as_ref()
                .map(translate::question),
        }
    }

    /// Answers the pending question; on success every watcher learns it is gone (from the
    /// agent's own `QuestionCleared` event, in order with what the run does next).
    pub async fn answer(&self, interrupt_id: &str, resume: Resume) -> Result<(), AgentError> {
        self.agent.resume(interrupt_id, resume).await
    }

    /// The hash a confirmation of `interrupt_id` must carry, when that is the pending question.
    pub fn pending_confirm_hash(&self, interrupt_id: &str) -> Option<String> {
        match self.agent.pending_question() {
            Some(Interrupt {
                id,
                kind: InterruptKind::Confirm { action_hash, .. },
            }) if id == interrupt_id => Some(action_hash),
            _ => None,
        }
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
        let pending = self.agent.pending_question().map(|question| question.id);
        self.agent.shutdown().await;
        self.forwarder.abort();
        // The agent's own notice may not have been forwarded before the fan-out stopped.
        if let Some(interrupt_id) = pending {
            self.publish_cleared(interrupt_id, ClearedBy::Cancelled);
        }
        self.browser.lock().await.close().await;
        self.client.close().await;
    }

    /// Denies a pending confirmation nobody answered in time.
    async fn expire_pending(&self) {
        if let Some(Interrupt {
            id,
            kind: InterruptKind::Confirm { action_hash, .. },
        }) = self.agent.pending_question()
        {
            let deny = Resume::Confirm {
                approved: false,
                action_hash,
                remember: false,
            };
            if let Err(error) = self.agent.resume_as(&id, deny, QuestionEnd::Expired).await {
                tracing::debug!(%error, "the expired confirmation was already gone");
            }
        }
    }

    /// Publishes `question_cleared` once per question, however many paths report it.
    fn publish_cleared(&self, interrupt_id: String, by: ClearedBy) {
        let mut last = lock(&self.last_cleared);
        if last.as_deref() == Some(interrupt_id.as_str()) {
            return;
        }
        *last = Some(interrupt_id.clone());
        self.publish(ServerMessage::QuestionCleared { interrupt_id, by });
    }
}

/// A client's hold on a session: the session is not expired while one exists. Dropping it
/// detaches (a closed socket, or a re-attach elsewhere).
pub struct Attachment {
    session: Arc<Session>,
}

impl Attachment {
    fn new(session: Arc<Session>) -> Self {
        *lock(&session.attached).get_or_insert(0) += 1;
        session.changed.send_replace(());
        Self { session }
    }

    pub fn session(&self) -> &Arc<Session> {
        &self.session
    }
}

impl Drop for Attachment {
    fn drop(&mut self) {
        if let Some(count) = lock(&self.session.attached).as_mut() {
            *count = count.saturating_sub(1);
        }
        self.session.changed.send_replace(());
    }
}

/// All live sessions of the daemon.
pub struct SessionRegistry {
    factory: SessionFactory,
    lifetime: SessionLifetime,
    live: Mutex<Live>,
}

/// The sessions, and how many are being made (they count against the cap already).
#[derive(Default)]
struct Live {
    sessions: HashMap<String, Arc<Session>>,
    opening: usize,
}

/// A place reserved under the cap while a session is made: filled by the session, or given
/// back when dropped (the session could not be made, or the caller went away).
struct Reservation<'a> {
    registry: &'a SessionRegistry,
    filled: bool,
}

impl Reservation<'_> {
    fn fill(mut self, session: &Arc<Session>) {
        let mut live = lock(&self.registry.live);
        live.sessions
            .insert(session.id.clone(), Arc::clone(session));
        live.opening = live.opening.saturating_sub(1);
        self.filled = true;
    }
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        if !self.filled {
            let mut live = lock(&self.registry.live);
            live.opening = live.opening.saturating_sub(1);
        }
    }
}

impl SessionRegistry {
    /// A registry with the default [`SessionLifetime`].
    pub fn new(factory: SessionFactory) -> Arc<Self> {
        Self::with_lifetime(factory, SessionLifetime::default())
    }

    /// A registry whose sessions expire and are capped as `lifetime` says.
    pub fn with_lifetime(factory: SessionFactory, lifetime: SessionLifetime) -> Arc<Self> {
        Arc::new(Self {
            factory,
            lifetime,
            live: Mutex::new(Live::default()),
        })
    }

    pub fn host(&self) -> &Arc<BrowserHost> {
        &self.factory.host
    }

    /// Which planner new sessions use.
    pub fn planner_label(&self) -> &str {
        &self.factory.planner_label
    }

    /// How long this registry's sessions live and how many there may be.
    pub fn lifetime(&self) -> &SessionLifetime {
        &self.lifetime
    }

    /// The session with this id, if it is live.
    pub fn get(&self, id: &str) -> Option<Arc<Session>> {
        lock(&self.live).sessions.get(id).cloned()
    }

    /// Attaches a client to the live session with this id.
    pub fn attach(&self, id: &str) -> Option<Attachment> {
        // Under the registry's lock, so the expiry task cannot remove it in between.
        let live = lock(&self.live);
        live.sessions.get(id).cloned().map(Attachment::new)
    }

    /// A new session with a client attached to it.
    pub async fn open(self: &Arc<Self>) -> Result<Attachment, SessionError> {
        self.create().await.map(Attachment::new)
    }

    pub fn len(&self) -> usize {
        lock(&self.live).sessions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A new session with its own agent and browser context. Until a client attaches, it is
    /// the caller's and is not expired.
    pub async fn create(self: &Arc<Self>) -> Result<Arc<Session>, SessionError> {
        let reservation = self.reserve()?;
        let session = self.build().await?;
        reservation.fill(&session);
        Ok(session)
    }

    fn reserve(&self) -> Result<Reservation<'_>, SessionError> {
        let mut live = lock(&self.live);
        let limit = self.lifetime.max_sessions.get();
        if live.sessions.len() + live.opening >= limit {
            return Err(SessionError::TooMany { limit });
        }
        live.opening += 1;
        Ok(Reservation {
            registry: self,
            filled: false,
        })
    }

    async fn build(self: &Arc<Self>) -> Result<Arc<Session>, SessionError> {
        let id = uuid::Uuid::new_v4().to_string();
        let server = BrowserServer::new(Arc::clone(&self.factory.host));
        let browser_session = Arc::clone(server.session());
        let client = Arc::new(McpBrowserClient::in_process(server).await?);
        let browser: Arc<dyn BrowserTools> = if self.factory.extra_tools.is_empty() {
            client.clone()
        } else {
            Arc::new(ToolHub::new(
                client.clone(),
                self.factory.extra_tools.clone(),
            ))
        };
        let mut config = self.factory.agent.clone();
        config.session_id = id.clone();
        let agent = Agent::spawn(
            config,
            Arc::clone(&self.factory.planner),
            browser,
            Arc::clone(&self.factory.gate),
        );
        let (outbox, _) = broadcast::channel(FANOUT_CAPACITY);
        let (changed, wake) = watch::channel(());
        let confirm_expiry = self.lifetime.confirm_expiry;
        let session = Arc::new_cyclic(|weak: &Weak<Session>| {
            let forwarder = tokio::spawn(forward(agent.clone(), weak.clone(), confirm_expiry));
            Session {
                id,
                agent,
                browser: browser_session,
                outbox,
                status: Mutex::new(RunStatus::Idle),
                reasoning: std::sync::atomic::AtomicBool::new(false),
                forwarder,
                client,
                attached: Mutex::new(None),
                changed,
                closing: CancellationToken::new(),
                last_cleared: Mutex::new(None),
            }
        });
        tokio::spawn(expire_when_idle(
            Arc::downgrade(self),
            Arc::downgrade(&session),
            wake,
            self.lifetime.idle_grace,
        ));
        Ok(session)
    }

    /// Takes the session out when it is still expirable; checked under the registry's lock, so
    /// no client can attach in between.
    fn remove_if_expirable(&self, id: &str) -> Option<Arc<Session>> {
        let mut live = lock(&self.live);
        if !live.sessions.get(id).is_some_and(|s| s.expirable()) {
            return None;
        }
        live.sessions.remove(id)
    }

    /// Denies pending confirmations, ends every run, closes every browser context.
    pub async fn shutdown(&self) {
        let sessions: Vec<Arc<Session>> =
            lock(&self.live).sessions.drain().map(|(_, s)| s).collect();
        futures::future::join_all(sessions.iter().map(|session| session.close())).await;
    }
}

/// The session's expiry task: whenever the session becomes expirable, waits the grace period
/// (restarting it at every change) and then closes the session if it still is.
async fn expire_when_idle(
    registry: Weak<SessionRegistry>,
    session: Weak<Session>,
    mut wake: watch::Receiver<()>,
    grace: Duration,
) {
    loop {
        wake.borrow_and_update();
        let Some((expirable, closing)) = session
            .upgrade()
            .map(|s| (s.expirable(), s.closing.clone()))
        else {
            return;
        };
        let grace_over = async {
            if expirable {
                tokio::time::sleep(grace).await;
            } else {
                std::future::pending::<()>().await;
            }
        };
        tokio::select! {
            () = closing.cancelled() => return,
            woken = wake.changed() => {
                if woken.is_err() {
                    return;
                }
            }
            () = grace_over => {
                let Some(registry) = registry.upgrade() else {
                    return;
                };
                let Some(session) = session.upgrade() else {
                    return;
                };
                if let Some(session) = registry.remove_if_expirable(&session.id) {
                    tracing::info!(
                        session = %session.id,
                        ?grace,
                        "closing a session left idle with no client"
                    );
                    session.close().await;
                    return;
                }
            }
        }
    }
}

/// Turns the agent's events into frames for the session's watchers, tracks the status, and
/// denies confirmations nobody answers in time.
async fn forward(agent: AgentHandle, session: Weak<Session>, confirm_expiry: Duration) {
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
            && matches!(interrupt.kind, InterruptKind::Confirm { .. })
        {
            tokio::spawn(expire(
                Arc::downgrade(&session),
                interrupt.id.clone(),
                confirm_expiry,
            ));
        }
        for frame in translate::frames(&event) {
            match frame {
                ServerMessage::QuestionCleared { interrupt_id, by } => {
                    session.publish_cleared(interrupt_id, by);
                }
                frame => {
                    if let ServerMessage::Status { status } = &frame {
                        *lock(&session.status) = *status;
                    }
                    session.publish(frame);
                }
            }
        }
        if matches!(event, tandem_agent::AgentEvent::Status { .. }) {
            // A run started or ended, or a question was asked: the expiry task re-checks.
            session.changed.send_replace(());
        }
    }
}

/// Denies the confirmation `interrupt_id` if it is still pending after `after`.
async fn expire(session: Weak<Session>, interrupt_id: String, after: Duration) {
    tokio::time::sleep(after).await;
    let Some(session) = session.upgrade() else {
        return;
    };
    if session.pending_confirm_hash(&interrupt_id).is_some() {
        tracing::info!(%interrupt_id, "a confirmation expired; denying it");
        session.expire_pending().await;
    }
}
