//! Sessions: one agent (and one isolated browser context) each, with a fan-out of protocol frames
//! to every client watching it. A session is a thin transport — queues, fan-out, status, id; the
//! agent state lives in the agent's graph.
//!
//! Contract: the first valid answer to a question wins and every watcher gets
//! `question_cleared`; a confirmation left unanswered for [`CONFIRM_EXPIRY`] is denied; closing
//! the registry denies pending confirmations, ends every run and closes the browser contexts.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tandem_agent::interrupt::{Interrupt, InterruptKind, Resume};
use tandem_agent::planner::Planner;
use tandem_agent::{
    Agent, AgentConfig, AgentError, AgentHandle, BrowserTools, ExternalServer, ToolHub,
};
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::{BrowserHost, McpBrowserClient};
use tandem_policy::PolicyGate;
use tokio::sync::broadcast;

use crate::protocol::{ClearedBy, RunStatus, ServerMessage};
use crate::translate;

/// How long a confirmation may wait before it is denied.
pub const CONFIRM_EXPIRY: Duration = Duration::from_secs(600);

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

    /// Answers the pending question; on success every watcher learns it is gone.
    pub async fn answer(&self, interrupt_id: &str, resume: Resume) -> Result<(), AgentError> {
        self.agent.resume(interrupt_id, resume).await?;
        self.publish(ServerMessage::QuestionCleared {
            interrupt_id: interrupt_id.to_owned(),
            by: ClearedBy::Answered,
        });
        Ok(())
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

    /// Denies a pending confirmation (expiry, shutdown).
    async fn deny_pending(&self, by: ClearedBy) {
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
            if self.agent.resume(&id, deny).await.is_ok() {
                self.publish(ServerMessage::QuestionCleared {
                    interrupt_id: id,
                    by,
                });
            }
        }
    }
}

/// All live sessions of the daemon.
pub struct SessionRegistry {
    factory: SessionFactory,
    sessions: Mutex<HashMap<String, Arc<Session>>>,
    clients: Mutex<Vec<Arc<McpBrowserClient>>>,
}

impl SessionRegistry {
    pub fn new(factory: SessionFactory) -> Arc<Self> {
        Arc::new(Self {
            factory,
            sessions: Mutex::new(HashMap::new()),
            clients: Mutex::new(Vec::new()),
        })
    }

    pub fn host(&self) -> &Arc<BrowserHost> {
        &self.factory.host
    }

    /// Which planner new sessions use.
    pub fn planner_label(&self) -> &str {
        &self.factory.planner_label
    }

    /// The session with this id, if it is live.
    pub fn get(&self, id: &str) -> Option<Arc<Session>> {
        lock(&self.sessions).get(id).cloned()
    }

    pub fn len(&self) -> usize {
        lock(&self.sessions).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A new session with its own agent and browser context.
    pub async fn create(self: &Arc<Self>) -> anyhow::Result<Arc<Session>> {
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
        let session = Arc::new_cyclic(|weak: &std::sync::Weak<Session>| {
            let forwarder = tokio::spawn(forward(agent.clone(), weak.clone()));
            Session {
                id: id.clone(),
                agent,
                browser: browser_session,
                outbox,
                status: Mutex::new(RunStatus::Idle),
                reasoning: std::sync::atomic::AtomicBool::new(false),
                forwarder,
            }
        });
        lock(&self.sessions).insert(id, Arc::clone(&session));
        lock(&self.clients).push(client);
        Ok(session)
    }

    /// Denies pending confirmations, ends every run, closes every browser context.
    pub async fn shutdown(&self) {
        let sessions: Vec<Arc<Session>> = lock(&self.sessions).drain().map(|(_, s)| s).collect();
        for session in &sessions {
            session.deny_pending(ClearedBy::Cancelled).await;
            session.agent.shutdown().await;
            session.forwarder.abort();
        }
        let clients: Vec<Arc<McpBrowserClient>> = lock(&self.clients).drain(..).collect();
        for client in clients {
            client.close().await;
        }
    }
}

/// Turns the agent's events into frames for the session's watchers, tracks the status, and
/// denies confirmations nobody answers in time.
async fn forward(agent: AgentHandle, session: std::sync::Weak<Session>) {
    let mut events = agent.subscribe();
    loop {
        let event = match events.recv().await {
            Ok(event) => event,
            Err(broadcast::error::RecvError::Lagged(missed)) => {
                tracing::warn!(missed, "session fan-out fell behind");
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
            tokio::spawn(expire(Arc::downgrade(&session), interrupt.id.clone()));
        }
        for frame in translate::frames(&event) {
            if let ServerMessage::Status { status } = &frame {
                *lock(&session.status) = *status;
            }
            session.publish(frame);
        }
    }
}

/// Denies the confirmation `interrupt_id` if it is still pending after [`CONFIRM_EXPIRY`].
async fn expire(session: std::sync::Weak<Session>, interrupt_id: String) {
    tokio::time::sleep(CONFIRM_EXPIRY).await;
    let Some(session) = session.upgrade() else {
        return;
    };
    if session.pending_confirm_hash(&interrupt_id).is_some() {
        tracing::info!(%interrupt_id, "a confirmation expired; denying it");
        session.deny_pending(ClearedBy::Expired).await;
    }
}
