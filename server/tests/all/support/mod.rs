//! Support for the daemon's tests: a daemon on a free loopback port and a WebSocket client that
//! speaks the protocol and waits for frames (never sleeps).
#![allow(dead_code, clippy::expect_used, clippy::unwrap_used)]

use std::time::Duration;

use futures::{SinkExt, StreamExt};
use tandem_protocol::{ClientMessage, ServerMessage};
use tandem_server::Config;
use tandem_server::cli::ServeArgs;
use tandem_server::cli::serve::Daemon;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

pub mod studio_model;
pub mod ui;

pub const WAIT: Duration = Duration::from_secs(30);

/// A daemon serving on a free port until dropped.
pub struct TestDaemon {
    pub port: u16,
    pub token: String,
    pub state: std::sync::Arc<tandem_server::AppState>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl TestDaemon {
    pub async fn start() -> Self {
        Self::start_with(Config::default()).await
    }

    /// A daemon whose planner asks the model server `model` describes.
    pub async fn with_model(model: tandem_agent::ModelConfig) -> Self {
        Self::start_with(Config {
            model: Some(model),
            ..Config::default()
        })
        .await
    }

    pub async fn start_with(mut config: Config) -> Self {
        config.server.port = 0;
        config.browser = tandem_tests::browser_config();
        // Projects are kept on disk, away from the machine's own data folder, one database
        // per daemon.
        if config.sessions.store_dir.is_none() {
            static DAEMONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
            let n = DAEMONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let dir =
                std::env::temp_dir().join(format!("tandem-test-store-{}-{n}", std::process::id()));
            config.sessions.store_dir = Some(dir);
        }
        let daemon = Daemon::bind(config, &ServeArgs::default()).await.unwrap();
        Self::serve(daemon).await
    }

    /// A daemon on a free loopback port whose sessions are `sessions` (their own factory or
    /// lifetime), with a fresh token and the default access checks.
    pub async fn with_sessions(
        sessions: std::sync::Arc<tandem_server::session::SessionRegistry>,
    ) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let state = std::sync::Arc::new(tandem_server::AppState {
            token: tandem_server::LaunchToken::generate(),
            access: tandem_server::security::AccessPolicy::for_port("127.0.0.1", addr.port(), &[]),
            mcp_gate: tandem_mcp_browser::gate::GateSettings::new(sessions.gate()),
            handover: None,
            sessions,
            shutdown: tokio_util::sync::CancellationToken::new(),
        });
        Self::serve(Daemon {
            listener,
            state,
            addr,
        })
        .await
    }

    /// Serves an already bound daemon (e.g. one with its own session factory).
    pub async fn serve(daemon: Daemon) -> Self {
        let port = daemon.addr.port();
        let token = daemon.state.token.reveal().to_owned();
        let state = std::sync::Arc::clone(&daemon.state);
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            daemon
                .serve(async move {
                    let _ = stopped.await;
                })
                .await
                .unwrap();
        });
        Self {
            port,
            token,
            state,
            stop: Some(stop),
            task: Some(task),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    pub fn ws_url(&self) -> String {
        format!("ws://127.0.0.1:{}/ws", self.port)
    }

    /// Connects, authenticates and attaches to a new session.
    pub async fn client(&self) -> WsClient {
        self.attached_to(None).await
    }

    /// Connects, authenticates and re-attaches to an existing session.
    pub async fn attach(&self, session_id: &str) -> WsClient {
        self.attached_to(Some(session_id.to_owned())).await
    }

    /// Connects, authenticates and opens the stored project `id`.
    pub async fn open_project(&self, id: &str) -> WsClient {
        self.attached(ClientMessage::Attach {
            session_id: None,
            project_id: Some(id.to_owned()),
        })
        .await
    }

    async fn attached_to(&self, session_id: Option<String>) -> WsClient {
        self.attached(ClientMessage::Attach {
            session_id,
            project_id: None,
        })
        .await
    }

    async fn attached(&self, attach: ClientMessage) -> WsClient {
        let mut client = WsClient::connect(self, None).await.unwrap();
        client.authenticate(&self.token, attach).await;
        client
    }

    /// Sends `request` (a whole HTTP/1.1 request, ending the connection) over a plain socket and
    /// answers the whole response.
    pub async fn raw_http(&self, request: &str) -> String {
        let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", self.port))
            .await
            .unwrap();
        tokio::io::AsyncWriteExt::write_all(&mut stream, request.as_bytes())
            .await
            .unwrap();
        let mut response = String::new();
        tokio::time::timeout(
            WAIT,
            tokio::io::AsyncReadExt::read_to_string(&mut stream, &mut response),
        )
        .await
        .unwrap()
        .unwrap();
        response
    }

    /// SIGKILLs the daemon's Chromium by its process id, as an out-of-memory kill does.
    pub async fn kill_browser(&self) {
        let pid = self.state.host().pid().await.expect("a running browser");
        let status = tokio::process::Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status()
            .await
            .unwrap();
        assert!(status.success(), "kill -KILL {pid}");
    }

    /// Stops the daemon gracefully and waits for it.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            tokio::time::timeout(WAIT, task).await.unwrap().unwrap();
        }
    }
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A protocol client over a real WebSocket.
pub struct WsClient {
    socket: Socket,
}

impl WsClient {
    /// Opens the socket with an optional Origin header (the Host header is set by the URL).
    pub async fn connect(daemon: &TestDaemon, origin: Option<&str>) -> Result<Self, WsError> {
        let mut request = daemon.ws_url().into_client_request()?;
        if let Some(origin) = origin {
            request
                .headers_mut()
                .insert("Origin", HeaderValue::from_str(origin).unwrap());
        }
        let (socket, _) = tokio_tungstenite::connect_async(request).await?;
        Ok(Self { socket })
    }

    pub async fn send(&mut self, message: &ClientMessage) {
        self.send_raw(&serde_json::to_string(message).unwrap())
            .await;
    }

    /// Sends the `auth` frame with `token`, then `attach`.
    pub async fn authenticate(&mut self, token: &str, attach: ClientMessage) {
        let auth = ClientMessage::Auth {
            token: token.to_owned(),
        };
        self.send(&auth).await;
        self.send(&attach).await;
    }

    pub async fn send_raw(&mut self, text: &str) {
        self.socket.send(Message::text(text)).await.unwrap();
    }

    /// Sends text frames one after another without reading anything, as a flooding client does.
    /// Send failures are ignored: the server may already have closed its side.
    pub async fn flood(&mut self, text: &str, frames: usize) {
        for _ in 0..frames {
            if self.socket.send(Message::text(text)).await.is_err() {
                return;
            }
        }
    }

    /// Sends any WebSocket message, control frames and hand-made frames included.
    pub async fn send_message(&mut self, message: Message) {
        self.socket.send(message).await.unwrap();
    }

    /// The next WebSocket message as it came (pongs included), or `None` when the socket ended.
    pub async fn next_message(&mut self) -> Option<Message> {
        let message = tokio::time::timeout(WAIT, self.socket.next())
            .await
            .expect("a message within the wait")?;
        message.ok()
    }

    /// The next protocol frame, or `None` when the socket closed.
    pub async fn next(&mut self) -> Option<ServerMessage> {
        loop {
            let message = tokio::time::timeout(WAIT, self.socket.next())
                .await
                .expect("a frame within the wait")?;
            match message {
                Ok(Message::Text(text)) => {
                    return Some(serde_json::from_str(text.as_str()).unwrap());
                }
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => continue,
            }
        }
    }

    /// The frames an attach begins with: the `session` frame, which this returns, then the
    /// `transcript` frame, which it consumes (a session with an observed page sends that
    /// `observation` next).
    pub async fn attached(&mut self) -> ServerMessage {
        let session = self.next().await.expect("a session frame");
        assert!(
            matches!(session, ServerMessage::Session { .. }),
            "{session:?}"
        );
        let transcript = self.next().await;
        assert!(
            matches!(transcript, Some(ServerMessage::Transcript { .. })),
            "the transcript follows the session frame: {transcript:?}"
        );
        session
    }

    /// The id of the session this client is attached to (waits for the `session` frame; an
    /// `error` frame first fails the test with it).
    pub async fn session_id(&mut self) -> String {
        let is_answer = |f: &ServerMessage| {
            matches!(
                f,
                ServerMessage::Session { .. } | ServerMessage::Error { .. }
            )
        };
        session_id(&self.wait_for(is_answer).await)
    }

    /// The next live-view frame (a binary message), skipping text frames: its facts and its
    /// size in bytes as sent. Panics when the socket ends first.
    pub async fn next_live_frame(&mut self) -> (tandem_protocol::LiveFrame, Vec<u8>, usize) {
        loop {
            let message = tokio::time::timeout(WAIT, self.socket.next())
                .await
                .expect("a live frame within the wait")
                .expect("the socket stays open")
                .expect("the socket reads");
            if let Message::Binary(bytes) = message {
                let (frame, jpeg) = tandem_protocol::LiveFrame::decode(&bytes).unwrap();
                return (frame, jpeg.to_vec(), bytes.len());
            }
        }
    }

    /// Sends `goal` and waits for the question the run stops at.
    pub async fn ask(&mut self, goal: String) -> tandem_protocol::AgentQuestion {
        self.send(&ClientMessage::UserMessage { text: goal }).await;
        match self
            .wait_for(|f| matches!(f, ServerMessage::AgentQuestion(_)))
            .await
        {
            ServerMessage::AgentQuestion(asked) => asked,
            _ => unreachable!(),
        }
    }

    /// Waits for the first frame matching `pred`, skipping others.
    pub async fn wait_for(&mut self, pred: impl Fn(&ServerMessage) -> bool) -> ServerMessage {
        loop {
            let frame = self.next().await.expect("the socket closed while waiting");
            if std::env::var_os("TANDEM_TEST_TRACE").is_some() {
                eprintln!("frame: {frame:?}");
            }
            if pred(&frame) {
                return frame;
            }
        }
    }

    /// Approves the confirmation `interrupt_id` (once, not for the session).
    pub async fn approve(&mut self, interrupt_id: &str) {
        self.send(&ClientMessage::Confirm {
            interrupt_id: interrupt_id.to_owned(),
            approved: true,
            remember: false,
            reason: None,
        })
        .await;
    }

    /// Waits for the run to finish and asserts it ended as done.
    pub async fn expect_done(&mut self) {
        let finished = self
            .wait_for(|f| matches!(f, ServerMessage::RunFinished { .. }))
            .await;
        assert!(
            matches!(
                finished,
                ServerMessage::RunFinished {
                    outcome: tandem_protocol::RunOutcome::Done,
                    ..
                }
            ),
            "{finished:?}"
        );
    }

    /// Waits for the server to close the socket and returns the close code.
    pub async fn closed_with(&mut self) -> Option<u16> {
        loop {
            let message = tokio::time::timeout(WAIT, self.socket.next())
                .await
                .expect("the socket closes within the wait");
            match message {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return None,
            }
        }
    }
}

/// The session id a `session` frame names; panics on any other frame.
pub fn session_id(frame: &ServerMessage) -> String {
    match frame {
        ServerMessage::Session { session_id, .. } => session_id.clone(),
        other => panic!("expected a session frame, got {other:?}"),
    }
}

pub fn code(close: u16) -> CloseCode {
    CloseCode::from(close)
}

/// The daemon's standard output, kept open while it runs (it prints to it).
pub type Stdout = tokio::io::Lines<tokio::io::BufReader<tokio::process::ChildStdout>>;

/// `tandem serve` as a child process on a free port, keeping its data in `data`.
pub async fn serve_process(
    data: &std::path::Path,
    token: &str,
) -> (tokio::process::Child, u16, Stdout) {
    let mut daemon = tokio::process::Command::new(env!("CARGO_BIN_EXE_tandem"))
        .args(["serve", "--port", "0"])
        .env("TANDEM_LOG", "warn")
        .env("TANDEM_TOKEN", token)
        .env("TANDEM_DATA_DIR", data)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let stdout = tokio::io::BufReader::new(daemon.stdout.take().unwrap());
    let mut lines = tokio::io::AsyncBufReadExt::lines(stdout);
    let port = tokio::time::timeout(WAIT, async {
        loop {
            let line = lines.next_line().await.unwrap().expect("the address");
            if let Some(rest) = line.trim().strip_prefix("http://127.0.0.1:") {
                return rest.split('/').next().unwrap().parse::<u16>().unwrap();
            }
        }
    })
    .await
    .expect("the daemon prints its address");
    (daemon, port, lines)
}
