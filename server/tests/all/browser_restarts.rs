//! Browser supervision against the daemon, with the real Chromium process killed by its pid
//! (SIGKILL, as an out-of-memory kill does): a message that meets a dead browser runs on the
//! restarted one with one `browser_restarted` on its timeline; a run in flight ends promptly
//! naming the crash; a browser that dies at every start gives a clear error after the cap, and
//! the daemon stays healthy.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::os::unix::fs::PermissionsExt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use support::{TestDaemon, WsClient, session_id};
use tandem_agent::{AgentConfig, RunRecord, TimelineItem};
use tandem_mcp_browser::{BrowserConfig, BrowserHost};
use tandem_policy::PolicyGate;
use tandem_protocol::{ClientMessage, RunOutcome, ServerMessage, StepResult};
use tandem_server::session::{SessionFactory, SessionRegistry};
use tandem_tests::FixtureSite;

use crate::support;

/// What one run sent: its outcome and final text, and the restart and error frames on the way.
struct RunFrames {
    outcome: RunOutcome,
    text: String,
    restarts: Vec<String>,
    errors: Vec<String>,
}

async fn finish(client: &mut WsClient) -> RunFrames {
    let mut restarts = Vec::new();
    let mut errors = Vec::new();
    loop {
        match client.wait_for(|_| true).await {
            ServerMessage::RunFinished { outcome, text } => {
                return RunFrames {
                    outcome,
                    text,
                    restarts,
                    errors,
                };
            }
            ServerMessage::BrowserRestarted { reason } => restarts.push(reason),
            ServerMessage::Error { code, message } => errors.push(format!("{code}: {message}")),
            _ => {}
        }
    }
}

async fn run_goal(client: &mut WsClient, goal: String) -> RunFrames {
    client
        .send(&ClientMessage::UserMessage { text: goal })
        .await;
    finish(client).await
}

fn last_run(daemon: &TestDaemon, id: &str) -> RunRecord {
    daemon
        .state
        .sessions
        .get(id)
        .unwrap()
        .agent
        .runs()
        .pop()
        .unwrap()
}

fn restarts_on(run: &RunRecord) -> Vec<String> {
    run.timeline
        .entries()
        .iter()
        .filter_map(|entry| match &entry.item {
            TimelineItem::BrowserRestarted { reason } => Some(reason.clone()),
            _ => None,
        })
        .collect()
}

async fn assert_healthy(daemon: &TestDaemon) {
    let request = format!(
        "GET /health HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
        daemon.port
    );
    let response = daemon.raw_http(&request).await;
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
}

#[tokio::test]
async fn a_browser_killed_between_messages_costs_no_message() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let mut client = daemon.client().await;
    let id = session_id(&client.next().await.unwrap());
    let first = run_goal(&mut client, format!("open {}", site.url("/form.html"))).await;
    assert_eq!(first.outcome, RunOutcome::Done, "{}", first.text);

    daemon.kill_browser().await;
    let next = run_goal(&mut client, format!("open {}", site.url("/links.html"))).await;
    assert_eq!(
        next.outcome,
        RunOutcome::Done,
        "{} {:?}",
        next.text,
        next.errors
    );
    assert_eq!(next.restarts.len(), 1, "{:?}", next.restarts);
    assert!(next.restarts[0].contains("SIGKILL"), "{:?}", next.restarts);
    let run = last_run(&daemon, &id);
    assert_eq!(restarts_on(&run).len(), 1, "{:?}", run.timeline);
    assert_eq!(
        run.timeline
            .entries()
            .iter()
            .filter(
                |e| matches!(&e.item, TimelineItem::Observation { title, .. } if title == "Links")
            )
            .count(),
        1,
        "the message ran on the restarted browser"
    );

    // Other sessions get a fresh tab on their next message too.
    let mut other = daemon.client().await;
    other.next().await.unwrap();
    let theirs = run_goal(&mut other, format!("open {}", site.url("/form.html"))).await;
    assert_eq!(theirs.outcome, RunOutcome::Done, "{}", theirs.text);
    daemon.stop().await;
}

#[tokio::test]
async fn a_browser_killed_mid_run_ends_the_run_promptly_and_the_next_message_works() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let mut client = daemon.client().await;
    let id = session_id(&client.next().await.unwrap());
    let goal = format!(
        "open {}\nwait for \"this text never appears\"\nclick Buy now",
        site.url("/shop.html")
    );
    client
        .send(&ClientMessage::UserMessage { text: goal })
        .await;
    client
        .wait_for(|f| {
            matches!(f, ServerMessage::Step { node, summary, result: StepResult::Pending, .. }
                if node == "execute_action" && summary.starts_with("wait"))
        })
        .await;
    let killed_at = Instant::now();
    daemon.kill_browser().await;
    let ended = finish(&mut client).await;
    assert_eq!(ended.outcome, RunOutcome::Failed, "{}", ended.text);
    assert!(
        ended.text.contains("SIGKILL"),
        "names the crash: {}",
        ended.text
    );
    assert!(
        ended
            .errors
            .iter()
            .any(|e| e.starts_with("browser_crashed")),
        "{:?}",
        ended.errors
    );
    assert!(
        killed_at.elapsed() < Duration::from_secs(5),
        "ended {:?} after the kill",
        killed_at.elapsed()
    );
    let run = last_run(&daemon, &id);
    assert!(
        !run.timeline
            .actions()
            .any(|(action, _)| action.to_string().contains("Buy now")),
        "no step after the crash ran: {:?}",
        run.timeline
    );

    let next = run_goal(&mut client, format!("open {}", site.url("/form.html"))).await;
    assert_eq!(next.outcome, RunOutcome::Done, "{}", next.text);
    assert_eq!(next.restarts.len(), 1, "{:?}", next.restarts);
    daemon.stop().await;
}

#[tokio::test]
async fn a_browser_that_dies_at_every_start_gives_a_clear_error_after_the_cap() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("dying-chrome");
    std::fs::write(
        &script,
        "#!/bin/sh\necho 'this browser dies at once' >&2\nexit 3\n",
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let factory = SessionFactory {
        host: BrowserHost::new(BrowserConfig {
            executable: Some(script.clone()),
            ..tandem_tests::browser_config()
        }),
        planner: Arc::new(tandem_agent::planner::InstructionPlanner::new()),
        planner_label: "restart cap".to_owned(),
        gate: Arc::new(PolicyGate::with_defaults().unwrap()),
        agent: AgentConfig::default(),
        extra_tools: Vec::new(),
    };
    let daemon = TestDaemon::with_sessions(SessionRegistry::new(factory)).await;
    let mut client = daemon.client().await;
    client.next().await.unwrap();

    let started = Instant::now();
    let capped = run_goal(&mut client, "open http://127.0.0.1:9/".to_owned()).await;
    assert_eq!(capped.outcome, RunOutcome::Failed, "{}", capped.text);
    for said in [
        "failed 4 times within 60s",
        // The cause names the browser that failed (its stderr is not always read before it
        // exits, so the test does not rely on it).
        "dying-chrome",
        "--chrome",
        "restart the daemon",
    ] {
        assert!(capped.text.contains(said), "`{said}` in: {}", capped.text);
    }
    assert!(
        capped
            .errors
            .iter()
            .any(|e| e.starts_with("browser_restart_limit")),
        "{:?}",
        capped.errors
    );
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "{:?}",
        started.elapsed()
    );

    // Past the cap nothing is started again: the next message gets the error at once.
    let again_at = Instant::now();
    let again = run_goal(&mut client, "open http://127.0.0.1:9/".to_owned()).await;
    assert_eq!(again.outcome, RunOutcome::Failed, "{}", again.text);
    assert!(again.text.contains("failed 4 times"), "{}", again.text);
    assert!(
        again_at.elapsed() < Duration::from_secs(4),
        "{:?}",
        again_at.elapsed()
    );

    assert_healthy(&daemon).await;
    let mut other = daemon.client().await;
    assert!(matches!(
        other.next().await,
        Some(ServerMessage::Session { .. })
    ));
    daemon.stop().await;
}
