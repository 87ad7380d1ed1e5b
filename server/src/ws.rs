//! The `/ws` endpoint. Before the upgrade: Host and Origin checks (403 otherwise). After it: the
//! first frame must be `auth` with the launch token (else close 4401), then `attach`, then the
//! person's operations. Frames over [`MAX_FRAME_BYTES`] close with 1009; more than
//! [`RATE_PER_SECOND`] frames a second (beyond a burst) close with 4429; a frame that does not
//! parse gets an `error` and changes nothing.
//!
//! The socket is split into a send task (fed by an mpsc queue) and the receive loop in this
//! task; the session's fan-out is forwarded into the same queue.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures::{SinkExt, StreamExt};
use tandem_agent::interrupt::Resume;
use tandem_agent::{AgentError, Answer};
use tokio::sync::mpsc;

use crate::app::AppState;
use crate::protocol::{ClientMessage, ServerMessage};
use crate::session::{Attachment, Session};
use crate::translate;

/// Largest accepted frame.
pub const MAX_FRAME_BYTES: usize = 64 * 1024;
/// Sustained frames per second allowed per connection.
pub const RATE_PER_SECOND: f64 = 20.0;
/// Frames allowed in a burst above the rate.
pub const RATE_BURST: f64 = 40.0;
/// Time allowed for the `auth` frame.
pub const AUTH_TIMEOUT: Duration = Duration::from_secs(10);

/// Close codes.
pub const CLOSE_UNAUTHORIZED: u16 = 4401;
pub const CLOSE_RATE_LIMITED: u16 = 4429;
pub const CLOSE_TOO_BIG: u16 = 1009;

/// `GET /ws`: checks Host and Origin, then upgrades.
pub async fn upgrade(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if let Err(refusal) = state.access.check(&headers) {
        tracing::warn!(%refusal, "refused a WebSocket upgrade");
        return (StatusCode::FORBIDDEN, refusal.to_string()).into_response();
    }
    ws.max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .on_upgrade(move |socket| connection(state, socket))
}

/// A token bucket per connection.
struct RateLimit {
    tokens: f64,
    last: Instant,
}

impl RateLimit {
    fn new() -> Self {
        Self {
            tokens: RATE_BURST,
            last: Instant::now(),
        }
    }

    fn allow(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * RATE_PER_SECOND;
        self.tokens = (self.tokens + refill).min(RATE_BURST);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// What the receive loop wants the send task to do.
enum Outgoing {
    Frame(Box<ServerMessage>),
    Close(u16, &'static str),
}

async fn connection(state: Arc<AppState>, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (out_tx, mut out_rx) = mpsc::channel::<Outgoing>(256);
    let send_task = tokio::spawn(async move {
        while let Some(outgoing) = out_rx.recv().await {
            let message = match outgoing {
                Outgoing::Frame(frame) => match serde_json::to_string(&*frame) {
                    Ok(text) => Message::Text(Utf8Bytes::from(text)),
                    Err(_) => continue,
                },
                Outgoing::Close(code, reason) => {
                    let _ = sink
                        .send(Message::Close(Some(CloseFrame {
                            code,
                            reason: Utf8Bytes::from_static(reason),
                        })))
                        .await;
                    break;
                }
            };
            if sink.send(message).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });

    let mut connection = Connection {
        state,
        out: out_tx,
        session: None,
        attachment: None,
        fanout: None,
    };
    connection.run(&mut stream).await;
    if let Some(fanout) = connection.fanout.take() {
        fanout.abort();
    }
    // Detaches: the session may now expire once idle.
    drop(connection);
    let _ = send_task.await;
}

struct Connection {
    state: Arc<AppState>,
    out: mpsc::Sender<Outgoing>,
    session: Option<Arc<Session>>,
    /// Keeps the attached session from expiring; dropped on re-attach or when the socket ends.
    attachment: Option<Attachment>,
    fanout: Option<tokio::task::JoinHandle<()>>,
}

impl Connection {
    async fn send(&self, frame: ServerMessage) {
        let _ = self.out.send(Outgoing::Frame(Box::new(frame))).await;
    }

    async fn close(&self, code: u16, reason: &'static str) {
        let _ = self.out.send(Outgoing::Close(code, reason)).await;
    }

    async fn run(&mut self, stream: &mut futures::stream::SplitStream<WebSocket>) {
        if !self.authenticate(stream).await {
            return;
        }
        let mut rate = RateLimit::new();
        while let Some(received) = stream.next().await {
            let message = match received {
                Ok(message) => message,
                Err(error) => {
                    // Oversized frames surface here as a protocol error.
                    tracing::debug!(%error, "WebSocket receive failed");
                    self.close(CLOSE_TOO_BIG, "frame too large or malformed")
                        .await;
                    return;
                }
            };
            if !rate.allow() {
                self.close(CLOSE_RATE_LIMITED, "too many frames").await;
                return;
            }
            let text = match message {
                Message::Text(text) => text,
                Message::Close(_) => return,
                Message::Ping(_) | Message::Pong(_) => continue,
                Message::Binary(_) => {
                    self.send(ServerMessage::error(
                        "bad_message",
                        "frames must be JSON text",
                    ))
                    .await;
                    continue;
                }
            };
            match serde_json::from_str::<ClientMessage>(text.as_str()) {
                Ok(message) => self.handle(message).await,
                Err(error) => {
                    self.send(ServerMessage::error("bad_message", error.to_string()))
                        .await;
                }
            }
        }
    }

    /// Waits for the `auth` frame; false (after closing) when it is missing or wrong.
    async fn authenticate(&self, stream: &mut futures::stream::SplitStream<WebSocket>) -> bool {
        let first = tokio::time::timeout(AUTH_TIMEOUT, stream.next()).await;
        let authenticated = match first {
            Ok(Some(Ok(Message::Text(text)))) => {
                match serde_json::from_str::<ClientMessage>(text.as_str()) {
                    Ok(ClientMessage::Auth { token }) => self.state.token.matches(&token),
                    _ => false,
                }
            }
            _ => false,
        };
        if !authenticated {
            tracing::warn!("a WebSocket client failed to authenticate");
            self.close(CLOSE_UNAUTHORIZED, "authentication required")
                .await;
        }
        authenticated
    }

    async fn handle(&mut self, message: ClientMessage) {
        match message {
            ClientMessage::Auth { .. } => {
                self.send(ServerMessage::error("bad_message", "already authenticated"))
                    .await;
            }
            ClientMessage::Attach { session_id } => self.attach(session_id).await,
            other => {
                let Some(session) = self.session.clone() else {
                    self.send(ServerMessage::error(
                        "not_attached",
                        "send `attach` before anything else",
                    ))
                    .await;
                    return;
                };
                if let Err(error) = operate(&session, other).await {
                    self.send(ServerMessage::error(error.code(), error.to_string()))
                        .await;
                }
            }
        }
    }

    async fn attach(&mut self, session_id: Option<String>) {
        let attachment = match session_id {
            Some(id) => match self.state.sessions.attach(&id) {
                Some(attachment) => attachment,
                None => {
                    self.send(ServerMessage::error(
                        "unknown_session",
                        format!("no session `{id}`: attach without an id to start one"),
                    ))
                    .await;
                    return;
                }
            },
            // A refused attach leaves the socket attached to its previous session, if any.
            None => match self.state.sessions.open().await {
                Ok(attachment) => attachment,
                Err(error) => {
                    self.send(ServerMessage::error(error.code(), error.to_string()))
                        .await;
                    return;
                }
            },
        };
        let session = Arc::clone(attachment.session());
        if let Some(previous) = self.fanout.take() {
            previous.abort();
        }
        // Subscribe before describing, so nothing published in between is lost.
        let mut frames = session.watch();
        self.send(session.describe()).await;
        let out = self.out.clone();
        self.fanout = Some(tokio::spawn(async move {
            loop {
                match frames.recv().await {
                    Ok(frame) => {
                        if out.send(Outgoing::Frame(Box::new(frame))).await.is_err() {
                            return;
                        }
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(missed)) => {
                        tracing::warn!(missed, "a watcher fell behind");
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
                }
            }
        }));
        self.session = Some(session);
        // Replacing the previous attachment detaches from the previous session.
        self.attachment = Some(attachment);
    }
}

/// Applies one operation of the person to their session.
async fn operate(session: &Session, message: ClientMessage) -> Result<(), AgentError> {
    match message {
        ClientMessage::Auth { .. } | ClientMessage::Attach { .. } => Ok(()),
        ClientMessage::UserMessage { text } => {
            session.agent.submit_user_message(text).await.map(|_| ())
        }
        ClientMessage::Confirm {
            interrupt_id,
            approved,
            remember,
        } => {
            // The confirmation is bound to the action the pending question showed.
            let action_hash = session
                .pending_confirm_hash(&interrupt_id)
                .unwrap_or_default();
            let resume = Resume::Confirm {
                approved,
                action_hash,
                remember,
            };
            session.answer(&interrupt_id, resume).await
        }
        ClientMessage::ManualDone {
            interrupt_id,
            message,
        } => {
            let resume = Resume::ManualDone {
                message: message.unwrap_or_default(),
            };
            session.answer(&interrupt_id, resume).await
        }
        ClientMessage::Answer {
            interrupt_id,
            answers,
        } => {
            let answers = answers
                .into_iter()
                .map(|a| Answer {
                    question_id: a.question_id,
                    values: a.values,
                })
                .collect();
            session
                .answer(&interrupt_id, Resume::Answer { answers })
                .await
        }
        ClientMessage::Takeover { reason } => {
            session.agent.cancel();
            let note = reason.map(|r| format!(" ({r})")).unwrap_or_default();
            session.publish(ServerMessage::AgentMessage {
                text: format!(
                    "You have the browser{note}. I stopped the run and will not act until you \
                     send a new message."
                ),
            });
            Ok(())
        }
        ClientMessage::Cancel {} => {
            session.agent.cancel();
            Ok(())
        }
        ClientMessage::SetMode { mode, reasoning } => {
            if let Some(mode) = mode {
                session.agent.set_mode(translate::agent_mode(mode)).await?;
            }
            if let Some(on) = reasoning {
                session.set_reasoning(on);
            }
            session.publish(session.describe());
            Ok(())
        }
    }
}
