//! The `/ws` endpoint. Before the upgrade: the access check (target, Host, Origin; 403
//! otherwise). After it: the first data frame must be `auth` with the launch token (else close
//! 4401; pings and pongs before it are answered or ignored as the WebSocket spec says), then
//! `attach`, then the person's operations. A frame that does not parse gets an `error` and changes
//! nothing.
//!
//! The socket closes with a code saying why: 1009 for a frame over [`MAX_FRAME_BYTES`], 1007 for
//! a text frame that is not UTF-8, 1002 for any other breach of the WebSocket protocol, 4429 for
//! more than [`RATE_PER_SECOND`] frames a second (beyond a burst), and 1001 when the daemon shuts
//! down, after its sessions are closed (so a denied confirmation's frames arrive first). After
//! its close frame the daemon waits up to [`CLOSE_WAIT`] for the client's, discarding what the
//! client still sends, so the code reaches even a client that floods without reading.
//!
//! The socket is split into a send task (fed by an mpsc queue) and the receive loop in this
//! task; the session's fan-out is forwarded into the same queue.

mod close;
mod operate;
mod projects;
mod read;
mod sockets;

use std::sync::Arc;

use axum::Extension;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, Uri};
use axum::response::Response;
use futures::{SinkExt, StreamExt};
use tandem_protocol::{ClientMessage, CloseCode, ServerMessage};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

pub use self::close::CLOSE_WAIT;
pub use self::sockets::OpenSockets;

use self::close::await_client_close;
use self::operate::operate;
use self::projects::{ProjectOp, project_op};
use self::read::{RateLimit, Received, receive};
use crate::security::AUTH_TIMEOUT;
use crate::session::{Attachment, LiveWatch, Session};
use crate::state::AppState;

/// Largest accepted frame (checked by the daemon, see `read.rs`).
pub const MAX_FRAME_BYTES: usize = 64 * 1024;
/// tungstenite's own limit, above ours so an oversized frame is read whole and answered with a
/// close handshake; only a frame over this one breaks the stream.
const TRANSPORT_FRAME_BYTES: usize = 16 * MAX_FRAME_BYTES;
/// Sustained frames per second allowed per connection.
pub const RATE_PER_SECOND: f64 = 20.0;
/// Frames allowed in a burst above the rate.
pub const RATE_BURST: f64 = 40.0;

/// `GET /ws`: checks the target, Host and Origin, then upgrades.
pub async fn upgrade(
    State(state): State<Arc<AppState>>,
    Extension(sockets): Extension<OpenSockets>,
    target: Uri,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let access = state.access.clone();
    let upgrade = move |socket| {
        let tasks = sockets.tasks.clone();
        tasks.track_future(connection(state, sockets, socket))
    };
    let what = "a WebSocket upgrade";
    access.admit_socket(
        (&target, &headers),
        what,
        ws,
        TRANSPORT_FRAME_BYTES,
        upgrade,
    )
}

/// What the receive loop wants the send task to do.
enum Outgoing {
    Frame(Box<ServerMessage>),
    /// A binary message (a live-view frame, `tandem_protocol::LiveFrame`).
    Binary(Bytes),
    Close(CloseCode),
}

type Stream = futures::stream::SplitStream<WebSocket>;

async fn connection(state: Arc<AppState>, sockets: OpenSockets, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (out_tx, mut out_rx) = mpsc::channel::<Outgoing>(256);
    let send_task = tokio::spawn(async move {
        while let Some(outgoing) = out_rx.recv().await {
            let message = match outgoing {
                Outgoing::Frame(frame) => match serde_json::to_string(&*frame) {
                    Ok(text) => Message::Text(Utf8Bytes::from(text)),
                    Err(_) => continue,
                },
                Outgoing::Binary(bytes) => Message::Binary(bytes),
                Outgoing::Close(close) => {
                    let _ = sink
                        .send(Message::Close(Some(CloseFrame {
                            code: close.code(),
                            reason: Utf8Bytes::from_static(close.reason()),
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
        state: Arc::clone(&state),
        out: out_tx,
        session: None,
        attachment: None,
        fanout: None,
        live: None,
        closing: sockets.closing.clone(),
    };
    let ending = tokio::select! {
        ending = connection.run(&mut stream) => ending,
        () = state.shutdown.cancelled() => {
            // No more operations. The close frame waits until the daemon has closed the
            // sessions, and follows whatever they published last (a denied confirmation).
            sockets.closing.cancelled().await;
            if let Some(fanout) = connection.fanout.take() {
                let _ = fanout.await;
            }
            Ending::readable(Some(CloseCode::GoingAway))
        }
    };
    if let Some(fanout) = connection.fanout.take() {
        fanout.abort();
    }
    connection.stop_live_view();
    if let Some(goodbye) = ending.goodbye {
        connection.close(goodbye).await;
        await_client_close(&mut stream, ending.readable).await;
    }
    // Detaches: the session may now expire once idle.
    drop(connection);
    let _ = send_task.await;
}

/// How the receive loop ended: the close frame to send (`None` when the peer closed or is
/// gone), and whether the socket can still be read to await the client's close.
struct Ending {
    goodbye: Option<CloseCode>,
    readable: bool,
}

impl Ending {
    /// The socket can still be read after this ending.
    fn readable(goodbye: Option<CloseCode>) -> Self {
        Self {
            goodbye,
            readable: true,
        }
    }

    /// A read error ended the stream.
    fn broken(goodbye: Option<CloseCode>) -> Self {
        Self {
            goodbye,
            readable: false,
        }
    }
}

struct Connection {
    state: Arc<AppState>,
    out: mpsc::Sender<Outgoing>,
    session: Option<Arc<Session>>,
    /// Keeps the attached session from expiring; dropped on re-attach or when the socket ends.
    attachment: Option<Attachment>,
    fanout: Option<tokio::task::JoinHandle<()>>,
    /// Forwards the live view while this client watches it (holds its [`LiveWatch`]).
    live: Option<tokio::task::JoinHandle<()>>,
    /// Cancelled when the socket is to close for shutdown: the fan-out forwards what is left,
    /// then ends.
    closing: CancellationToken,
}

impl Connection {
    async fn send(&self, frame: ServerMessage) {
        let _ = self.out.send(Outgoing::Frame(Box::new(frame))).await;
    }

    async fn close(&self, goodbye: CloseCode) {
        let _ = self.out.send(Outgoing::Close(goodbye)).await;
    }

    /// Serves the socket until it is to end, and says how.
    async fn run(&mut self, stream: &mut Stream) -> Ending {
        if let Err(ending) = self.authenticate(stream).await {
            return ending;
        }
        // A fresh bucket: what was sent before `auth` does not eat into the session's.
        let mut rate = RateLimit::new();
        loop {
            let text = match receive(stream.next().await, &mut rate) {
                Received::Text(text) => text,
                Received::Control => continue,
                Received::Binary => {
                    self.send(ServerMessage::error(
                        "bad_message",
                        "frames must be JSON text",
                    ))
                    .await;
                    continue;
                }
                Received::End(goodbye) => return Ending::readable(goodbye),
                Received::Broken(goodbye) => return Ending::broken(goodbye),
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

    /// Waits for the first data frame, which must be `auth` with the launch token; pings and
    /// pongs before it do not count (but are rate-limited). `Err` says how to end the socket:
    /// 4401 when that frame is missing, wrong or late, or what a failed read calls for.
    async fn authenticate(&self, stream: &mut Stream) -> Result<(), Ending> {
        let deadline = tokio::time::Instant::now() + AUTH_TIMEOUT;
        let mut rate = RateLimit::new();
        let authenticated = loop {
            let Ok(read) = tokio::time::timeout_at(deadline, stream.next()).await else {
                break false;
            };
            match receive(read, &mut rate) {
                Received::Control => continue,
                Received::End(goodbye) => return Err(Ending::readable(goodbye)),
                Received::Broken(goodbye) => return Err(Ending::broken(goodbye)),
                Received::Binary => break false,
                Received::Text(text) => {
                    break match serde_json::from_str::<ClientMessage>(text.as_str()) {
                        Ok(ClientMessage::Auth { token }) => self.state.token.matches(&token),
                        _ => false,
                    };
                }
            }
        };
        if authenticated {
            Ok(())
        } else {
            tracing::warn!("a WebSocket client failed to authenticate");
            Err(Ending::readable(Some(CloseCode::Unauthorized)))
        }
    }

    async fn handle(&mut self, message: ClientMessage) {
        match message {
            ClientMessage::Auth { .. } => {
                self.send(ServerMessage::error("bad_message", "already authenticated"))
                    .await;
            }
            ClientMessage::Attach {
                session_id,
                project_id,
            } => self.attach(session_id, project_id).await,
            ClientMessage::History { session_id } => {
                let current = self.session.as_ref().map(|session| session.id.clone());
                let frame = history_frame(&self.state, session_id.or(current)).await;
                self.send(frame).await;
            }
            ClientMessage::Projects {} => self.project_op(ProjectOp::List).await,
            ClientMessage::RenameProject { project_id, name } => {
                self.project_op(ProjectOp::Rename {
                    id: project_id,
                    name,
                })
                .await;
            }
            ClientMessage::DeleteProject { project_id } => {
                self.project_op(ProjectOp::Delete { id: project_id }).await;
            }
            ClientMessage::ForgetLogins { project_id } => {
                self.project_op(ProjectOp::ForgetLogins { id: project_id })
                    .await;
            }
            ClientMessage::LiveView { .. }
            | ClientMessage::UserMessage { .. }
            | ClientMessage::Confirm { .. }
            | ClientMessage::ManualDone { .. }
            | ClientMessage::Answer { .. }
            | ClientMessage::Takeover { .. }
            | ClientMessage::HandBack { .. }
            | ClientMessage::Input { .. }
            | ClientMessage::Cancel {}
            | ClientMessage::SetMode { .. } => self.handle_attached(message).await,
        }
    }

    /// A frame about the attached session: refused with `not_attached` before `attach`.
    async fn handle_attached(&mut self, message: ClientMessage) {
        let Some(session) = self.session.clone() else {
            self.send(ServerMessage::error(
                "not_attached",
                "send `attach` before anything else",
            ))
            .await;
            return;
        };
        if let ClientMessage::LiveView { on } = message {
            self.stop_live_view();
            if on {
                self.live = Some(tokio::spawn(forward_live(
                    session.live.watch(),
                    self.out.clone(),
                )));
            }
        } else if let Err(refusal) = operate(&session, message).await {
            self.send(ServerMessage::error(refusal.code(), refusal.to_string()))
                .await;
        }
    }

    async fn project_op(&mut self, op: ProjectOp) {
        let frame = project_op(&self.state.sessions, op).await;
        self.send(frame).await;
    }

    async fn attach(&mut self, session_id: Option<String>, project_id: Option<String>) {
        let attachment = match (session_id, project_id) {
            (_, Some(project)) => match self.state.sessions.open_project(&project).await {
                Ok(attachment) => attachment,
                Err(error) => {
                    self.send(ServerMessage::error(error.code(), error.to_string()))
                        .await;
                    return;
                }
            },
            (Some(id), None) => match self.state.sessions.attach(&id) {
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
            (None, None) => match self.state.sessions.open().await {
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
        // The live view is the previous session's: the client asks again for this one's.
        self.stop_live_view();
        // Subscribe before describing, so nothing published in between is lost.
        let mut frames = session.watch();
        self.send(session.describe()).await;
        // The conversation so far. A frame published while it is taken may be shown twice
        // (steps update their line in place); none is lost.
        for frame in session.catch_up().await {
            self.send(frame).await;
        }
        let out = self.out.clone();
        let closing = self.closing.clone();
        self.fanout = Some(tokio::spawn(async move {
            loop {
                // Frames first: once closing, whatever was published before is still forwarded.
                let received = tokio::select! {
                    biased;
                    received = frames.recv() => received,
                    () = closing.cancelled() => return,
                };
                match received {
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

/// The `history` frame for `session_id` (its project's runs), or the error that says why
/// there is none.
async fn history_frame(state: &AppState, session_id: Option<String>) -> ServerMessage {
    let Some(session_id) = session_id else {
        return ServerMessage::error("not_attached", "attach, or name a session_id");
    };
    let Some(store) = state.sessions.store().cloned() else {
        return ServerMessage::error("no_history", "this daemon keeps no run history");
    };
    let id = session_id.clone();
    match crate::store::blocking(move || store.runs(&id)).await {
        Ok(runs) => ServerMessage::History { session_id, runs },
        Err(error @ crate::store::StoreError::BadId(_)) => {
            ServerMessage::error("bad_message", error.to_string())
        }
        Err(error) => ServerMessage::error("history_failed", error.to_string()),
    }
}

impl Connection {
    fn stop_live_view(&mut self) {
        if let Some(live) = self.live.take() {
            live.abort();
        }
    }
}

/// Sends each new frame of the live view to the client as a binary [`LiveFrame`] message. A
/// slow client skips frames: only the latest one waits to be sent.
async fn forward_live(mut watch: LiveWatch, out: mpsc::Sender<Outgoing>) {
    loop {
        let frame = watch.frames.borrow_and_update().clone();
        if let Some(frame) = frame {
            let message = crate::session::live_frame_message(&frame);
            if out
                .send(Outgoing::Binary(Bytes::from(message)))
                .await
                .is_err()
            {
                return;
            }
        }
        if watch.frames.changed().await.is_err() {
            return;
        }
    }
}
