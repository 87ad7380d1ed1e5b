//! How long sessions live, over real WebSockets against real headless Chromium: a session nobody
//! is attached to is closed once idle for the grace period (its browser context disposed of, its
//! id unknown), a pending question keeps it, and the cap refuses one more with a typed error.
//! Grace periods are short here; every wait is for an observable effect, with a deadline.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::time::Duration;

use support::{TestDaemon, WAIT, WsClient, session_id};
use tandem_mcp_browser::BrowserConfig;
use tandem_protocol::{AgentQuestionKind, ClientMessage, RunOutcome, ServerMessage};
use tandem_server::Config;
use tandem_server::cli::session_factory;
use tandem_server::session::{SessionLifetime, SessionRegistry};
use tandem_tests::{DevtoolsChromium, FixtureSite};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};

use crate::support;

/// A daemon whose sessions follow `[sessions]` settings given as config-file text, with
/// `adjust` applied on top (for what the file does not set).
async fn daemon_with(
    settings: &str,
    browser: BrowserConfig,
    adjust: impl FnOnce(&mut SessionLifetime),
) -> TestDaemon {
    let mut config = Config::parse(settings).unwrap();
    config.browser = browser;
    let mut lifetime = config.sessions.lifetime();
    adjust(&mut lifetime);
    TestDaemon::with_sessions(SessionRegistry::with_lifetime(
        session_factory(&config).unwrap(),
        lifetime,
    ))
    .await
}

/// The body of `GET path` on `authority` (`host:port`), over a plain socket. Read by its
/// `Content-Length`: Chromium's DevTools server keeps the connection open.
async fn get(authority: &str, path: &str) -> String {
    let stream = tokio::net::TcpStream::connect(authority).await.unwrap();
    let mut stream = BufReader::new(stream);
    let request = format!("GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n");
    stream
        .get_mut()
        .write_all(request.as_bytes())
        .await
        .unwrap();
    let reading = async {
        let mut status = String::new();
        stream.read_line(&mut status).await.unwrap();
        assert!(status.starts_with("HTTP/1.1 200"), "{status}");
        let mut length = 0;
        loop {
            let mut header = String::new();
            stream.read_line(&mut header).await.unwrap();
            let header = header.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().unwrap();
            }
        }
        let mut body = vec![0; length];
        stream.read_exact(&mut body).await.unwrap();
        String::from_utf8(body).unwrap()
    };
    tokio::time::timeout(WAIT, reading).await.unwrap()
}

/// The session count `/health` reports.
async fn health_sessions(daemon: &TestDaemon) -> u64 {
    let body = get(&format!("127.0.0.1:{}", daemon.port), "/health").await;
    let health: serde_json::Value = serde_json::from_str(&body).unwrap();
    health["sessions"].as_u64().unwrap()
}

/// The URLs of every page target of the browser at `authority`.
async fn page_urls(authority: &str) -> Vec<String> {
    let targets: serde_json::Value =
        serde_json::from_str(&get(authority, "/json/list").await).unwrap();
    targets
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["type"] == "page")
        .filter_map(|t| t["url"].as_str().map(str::to_owned))
        .collect()
}

/// Polls `check` until it holds; fails the test if it does not within [`WAIT`].
async fn eventually<F: Future<Output = bool>>(what: &str, mut check: impl FnMut() -> F) {
    let deadline = tokio::time::Instant::now() + WAIT;
    while !check().await {
        assert!(
            tokio::time::Instant::now() < deadline,
            "{what} did not happen within {WAIT:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Attaches a new client to a new session; returns it with the session's id.
async fn new_session(daemon: &TestDaemon) -> (WsClient, String) {
    let mut client = daemon.client().await;
    let id = session_id(&client.next().await.unwrap());
    (client, id)
}

/// The next frame is an `error` with this code.
async fn expect_error(client: &mut WsClient, expected: &str) {
    match client.next().await {
        Some(ServerMessage::Error { code, .. }) if code == expected => {}
        other => panic!("expected a `{expected}` error, got {other:?}"),
    }
}

#[tokio::test]
async fn a_session_left_idle_by_its_last_client_closes_after_the_grace_period() {
    let site = FixtureSite::start().await.unwrap();
    let chromium = DevtoolsChromium::start().await.unwrap();
    let devtools = chromium.http_address();
    let browser = BrowserConfig {
        remote_url: Some(chromium.ws_url.clone()),
        ..tandem_tests::browser_config()
    };
    let daemon = daemon_with("[sessions]\nidle_grace_ms = 300\n", browser, |_| {}).await;
    let (mut watched, watched_id) = new_session(&daemon).await;
    let (mut left, left_id) = new_session(&daemon).await;
    let page = site.url("/links.html?left-behind");
    left.send(&ClientMessage::UserMessage {
        text: format!("open {page}"),
    })
    .await;
    left.expect_done().await;
    assert!(
        page_urls(&devtools).await.contains(&page),
        "the session's tab is open"
    );
    assert_eq!(health_sessions(&daemon).await, 2);

    drop(left);
    eventually("closing the idle session", || async {
        health_sessions(&daemon).await == 1
    })
    .await;
    eventually("disposing of its browser context", || async {
        !page_urls(&devtools).await.contains(&page)
    })
    .await;
    let mut late = daemon.attach(&left_id).await;
    expect_error(&mut late, "unknown_session").await;

    // The grace period passed for the idle session; the attached one is kept and still works.
    assert!(daemon.state.sessions.get(&watched_id).is_some());
    watched
        .send(&ClientMessage::UserMessage {
            text: format!("open {}", site.url("/form.html")),
        })
        .await;
    watched.expect_done().await;
    daemon.stop().await;
}

#[tokio::test]
async fn a_detached_session_with_a_pending_confirmation_is_kept_and_answered_on_reattach() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = daemon_with(
        "[sessions]\nidle_grace_ms = 300\n",
        tandem_tests::browser_config(),
        |_| {},
    )
    .await;
    let (mut asking, asking_id) = new_session(&daemon).await;
    let asked = asking
        .ask(format!(
            "open {}, then click Buy now",
            site.url("/shop.html")
        ))
        .await;
    assert_eq!(asked.kind, AgentQuestionKind::Confirm);
    drop(asking);

    // A session detached later than the asking one expires: the grace period has passed for
    // the asking session too, which the pending question kept.
    let (idle, idle_id) = new_session(&daemon).await;
    drop(idle);
    eventually("closing the idle session", || async {
        daemon.state.sessions.get(&idle_id).is_none()
    })
    .await;
    assert!(daemon.state.sessions.get(&asking_id).is_some());

    let mut back = daemon.attach(&asking_id).await;
    match back.next().await.unwrap() {
        ServerMessage::Session {
            pending: Some(pending),
            ..
        } => assert_eq!(pending, asked, "the same question is sent again"),
        other => panic!("re-attaching must carry the pending question: {other:?}"),
    }
    back.send(&ClientMessage::Confirm {
        interrupt_id: asked.interrupt_id.clone(),
        approved: true,
        remember: false,
        reason: None,
    })
    .await;
    back.expect_done().await;

    // Answered and detached, it is idle: it goes too.
    drop(back);
    eventually("closing the answered session", || async {
        daemon.state.sessions.get(&asking_id).is_none()
    })
    .await;
    daemon.stop().await;
}

/// Sends `goal` in a new session of a daemon whose questions expire after 500 ms, detaches at
/// its question, and waits for the session to close; returns the question's kind and the
/// session's last run, which must have ended for the session to close.
async fn ask_then_detach(goal: String) -> (AgentQuestionKind, tandem_agent::RunRecord) {
    let daemon = daemon_with(
        "[sessions]\nidle_grace_ms = 200\n",
        tandem_tests::browser_config(),
        |lifetime| lifetime.confirm_expiry = Duration::from_millis(500),
    )
    .await;
    let (mut asking, id) = new_session(&daemon).await;
    let asked = asking.ask(goal).await;
    let agent = daemon.state.sessions.get(&id).unwrap().agent.clone();
    drop(asking);

    eventually("closing the session once its question ended", || async {
        daemon.state.sessions.get(&id).is_none()
    })
    .await;
    daemon.stop().await;
    (
        asked.kind,
        agent.runs().pop().expect("the paused run ended"),
    )
}

#[tokio::test]
async fn a_confirmation_that_expires_lets_its_detached_session_close() {
    let site = FixtureSite::start().await.unwrap();
    let goal = format!("open {}, then click Buy now", site.url("/shop.html"));
    let (kind, run) = ask_then_detach(goal).await;
    assert_eq!(kind, AgentQuestionKind::Confirm);
    // Expiry only closes an idle session, so the question was declined before it closed.
    assert_eq!(run.outcome, Some(RunOutcome::Cancelled));
    let text = run.final_response.unwrap_or_default();
    assert!(text.starts_with("Nobody confirmed in time"), "{text}");
}

#[tokio::test]
async fn one_session_over_the_cap_is_refused_with_a_typed_error_and_the_socket_stays_usable() {
    let daemon = daemon_with(
        "[sessions]\nmax_live = 2\nidle_grace_ms = 200\n",
        tandem_tests::browser_config(),
        |_| {},
    )
    .await;
    let (_first, first_id) = new_session(&daemon).await;
    let (second, _) = new_session(&daemon).await;

    let mut refused = daemon.client().await;
    expect_error(&mut refused, "too_many_sessions").await;
    assert_eq!(health_sessions(&daemon).await, 2);

    // The same socket can still attach to a live session, and drive it.
    refused
        .send(&ClientMessage::Attach {
            session_id: Some(first_id.clone()),
            project_id: None,
        })
        .await;
    assert_eq!(session_id(&refused.attached().await), first_id);
    refused
        .send(&ClientMessage::SetMode {
            mode: None,
            reasoning: Some(true),
        })
        .await;
    assert!(matches!(
        refused.next().await,
        Some(ServerMessage::Session {
            reasoning: true,
            ..
        })
    ));

    // Once an idle session closes there is room again.
    drop(second);
    eventually("closing the detached session", || async {
        health_sessions(&daemon).await == 1
    })
    .await;
    refused
        .send(&ClientMessage::Attach {
            session_id: None,
            project_id: None,
        })
        .await;
    let new_id = session_id(&refused.next().await.unwrap());
    assert_ne!(new_id, first_id);
    daemon.stop().await;
}

#[tokio::test]
async fn a_takeover_nobody_is_attached_to_answer_ends_its_run_and_the_session_closes() {
    let site = FixtureSite::start().await.unwrap();
    let goal = format!(
        "open {}, then type your password into Password",
        site.url("/login.html")
    );
    let (kind, run) = ask_then_detach(goal).await;
    assert_eq!(kind, AgentQuestionKind::Manual);
    assert_eq!(run.outcome, Some(RunOutcome::Cancelled));
}
