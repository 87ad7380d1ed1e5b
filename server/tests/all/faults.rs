//! Fault injection against the daemon and the scenario runner: a browser call that hangs past
//! its timeout, a model server that fails, a dropped WebSocket with a question pending, a
//! thousand malformed frames, and an output folder that cannot be written (a killed browser is in
//! `browser_restarts.rs`). Each test checks that the failure is reported clearly, nothing is
//! lost, the daemon still answers `/health`, and the next run in the same session works.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use support::{TestDaemon, WsClient, session_id};
use tandem_agent::planner::Planner;
use tandem_agent::{Action, AgentConfig, ModelPlanner};
use tandem_mcp_browser::{BrowserConfig, BrowserHost};
use tandem_policy::PolicyGate;
use tandem_protocol::{ActionResult, AgentQuestionKind, ClientMessage, RunOutcome, ServerMessage};
use tandem_server::Config;
use tandem_server::cli::ScenarioArgs;
use tandem_server::scenario::{SuiteOptions, run_suite};
use tandem_server::session::{SessionFactory, SessionRegistry};
use tandem_tests::FixtureSite;
use tandem_tests::mock_model::{self, MockModel};

use crate::support;

/// A daemon on a free port whose sessions use this browser config and planner.
async fn daemon_with(browser: BrowserConfig, planner: Arc<dyn Planner>) -> TestDaemon {
    let factory = SessionFactory {
        host: BrowserHost::new(browser),
        planner,
        planner_label: "fault injection".to_owned(),
        gate: Arc::new(PolicyGate::with_defaults().unwrap()),
        agent: AgentConfig::default().with_max_actions(20),
        extra_tools: Vec::new(),
    };
    TestDaemon::with_sessions(SessionRegistry::new(factory)).await
}

/// `GET /health` over a real socket: the daemon answers 200 with `"status":"ok"`.
async fn assert_healthy(daemon: &TestDaemon) {
    let request = format!(
        "GET /health HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
        daemon.port
    );
    let response = daemon.raw_http(&request).await;
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains(r#""status":"ok""#), "{response}");
}

/// Sends a goal and waits for its end: the outcome, the final text and the error frames seen.
async fn run_goal(client: &mut WsClient, goal: String) -> (RunOutcome, String, Vec<String>) {
    client
        .send(&ClientMessage::UserMessage { text: goal })
        .await;
    let mut errors = Vec::new();
    loop {
        match client.wait_for(|_| true).await {
            ServerMessage::RunFinished { outcome, text } => return (outcome, text, errors),
            ServerMessage::Error { code, message } => errors.push(format!("{code}: {message}")),
            _ => {}
        }
    }
}

/// The next run in the same session works: the form page opens and the run is done.
async fn next_run_works(client: &mut WsClient, site: &FixtureSite) {
    let (outcome, text, _) = run_goal(client, format!("open {}", site.url("/form.html"))).await;
    assert_eq!(outcome, RunOutcome::Done, "{text}");
}

#[tokio::test]
async fn a_browser_call_hanging_past_its_timeout_is_reported_and_the_session_recovers() {
    let site = FixtureSite::start().await.unwrap();
    let browser = BrowserConfig {
        // Above what an answered call takes on a loaded machine, far below the page's freeze.
        call_timeout_ms: 5_000,
        navigation_timeout_ms: 10_000,
        ..tandem_tests::browser_config()
    };
    let daemon = daemon_with(
        browser,
        Arc::new(tandem_agent::planner::InstructionPlanner::new()),
    )
    .await;
    let mut client = daemon.client().await;
    let id = session_id(&client.next().await.unwrap());
    // The click freezes the page's main thread for 20 s: the calls that follow hang.
    let goal = format!(
        "open {}\nclick Freeze the page\ntype hello into Note",
        site.url("/busy.html?seconds=20")
    );
    let started = Instant::now();
    let (outcome, text, errors) = run_goal(&mut client, goal).await;
    let took = started.elapsed();
    let run = daemon
        .state
        .sessions
        .get(&id)
        .unwrap()
        .agent
        .runs()
        .pop()
        .unwrap();
    let failures: Vec<String> = run
        .timeline
        .actions()
        .filter_map(|(_, result)| match result {
            ActionResult::Error { message } => Some(message.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(outcome, RunOutcome::Failed, "{text} {errors:?}");
    assert!(
        text.contains("did not answer") && text.contains("within 5000ms"),
        "the run says which call hung and for how long: {text}"
    );
    assert!(
        failures.iter().any(|f| f.contains("`click` within 5000ms")),
        "the frozen click is recorded as timed out: {failures:?}"
    );
    assert!(
        took < Duration::from_secs(90),
        "the run ended after {took:?}"
    );
    assert_healthy(&daemon).await;
    next_run_works(&mut client, &site).await;
    daemon.stop().await;
}

#[tokio::test]
async fn model_server_errors_garbage_and_timeouts_end_runs_clearly_and_the_next_run_works() {
    let site = FixtureSite::start().await.unwrap();
    let model = MockModel::start().await;
    let config = tandem_agent::ModelConfig {
        max_retries: 1,
        // Far below the delayed answers' 30 s, far above what an answered request takes on a
        // loaded machine.
        timeout_ms: 3_000,
        ..model.config()
    };
    let planner = Arc::new(ModelPlanner::from_config(config).unwrap());
    let daemon = daemon_with(tandem_tests::browser_config(), planner).await;
    let mut client = daemon.client().await;
    session_id(&client.next().await.unwrap());
    let goal = || format!("open {} and tell me its title", site.url("/form.html"));

    // 500s: the first attempt and its retry.
    model.script(vec![
        mock_model::status(500, "the model backend is down"),
        mock_model::status(500, "the model backend is down"),
    ]);
    let (outcome, text, errors) = run_goal(&mut client, goal()).await;
    assert_eq!(outcome, RunOutcome::Failed, "{text}");
    let shown = format!("{text} {errors:?}");
    assert!(
        shown.contains("500") || shown.contains("backend is down"),
        "{shown}"
    );
    assert_eq!(
        model.planning_requests().await.len(),
        2,
        "nothing is left in the script"
    );

    // Timeouts: both attempts answer long after the 3 s the client waits.
    let before = model.planning_requests().await.len();
    model.script(vec![
        mock_model::delayed(
            Duration::from_secs(30),
            mock_model::act(json!({"action": "stop", "answer": "late"})),
        ),
        mock_model::delayed(
            Duration::from_secs(30),
            mock_model::act(json!({"action": "stop", "answer": "late"})),
        ),
    ]);
    let (outcome, text, errors) = run_goal(&mut client, goal()).await;
    assert_eq!(outcome, RunOutcome::Failed, "{text}");
    let shown = format!("{text} {errors:?}").to_lowercase();
    assert!(
        shown.contains("timed out") || shown.contains("timeout"),
        "{shown}"
    );
    assert_eq!(model.planning_requests().await.len() - before, 2);

    // Garbage: every answer unusable, repairs included, until the run gives up.
    let before = model.planning_requests().await.len();
    model.script(
        (0..6)
            .map(|_| mock_model::reply("<html>502 Bad Gateway</html>"))
            .collect(),
    );
    let (outcome, text, _) = run_goal(&mut client, goal()).await;
    assert!(
        matches!(outcome, RunOutcome::Blocked | RunOutcome::Failed),
        "{outcome:?}: {text}"
    );
    let used = model.planning_requests().await.len() - before;
    assert_eq!(
        used, 6,
        "every scripted garbage answer was consumed: {used}"
    );

    assert_healthy(&daemon).await;
    model.script(vec![mock_model::act(
        json!({"action": "stop", "answer": "The page is the sign up form."}),
    )]);
    let (outcome, text, _) = run_goal(&mut client, goal()).await;
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    assert!(text.contains("sign up form"), "{text}");
    daemon.stop().await;
}

#[tokio::test]
async fn a_websocket_dropped_while_a_confirmation_is_pending_is_reattached_and_answered() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let mut first = daemon.client().await;
    let id = session_id(&first.next().await.unwrap());
    let goal = format!("open {}, then click Buy now", site.url("/shop.html"));
    first.send(&ClientMessage::UserMessage { text: goal }).await;
    let ServerMessage::AgentQuestion(asked) = first
        .wait_for(|f| matches!(f, ServerMessage::AgentQuestion(_)))
        .await
    else {
        unreachable!()
    };
    assert_eq!(asked.kind, AgentQuestionKind::Confirm);
    drop(first);

    let mut second = daemon.attach(&id).await;
    match second.next().await.unwrap() {
        ServerMessage::Session {
            pending: Some(pending),
            ..
        } => assert_eq!(pending, asked, "the same question is sent again"),
        other => panic!("re-attaching must carry the pending question: {other:?}"),
    }
    second.approve(&asked.interrupt_id).await;
    second.expect_done().await;
    let run = daemon
        .state
        .sessions
        .get(&id)
        .unwrap()
        .agent
        .runs()
        .pop()
        .unwrap();
    let clicks = run
        .timeline
        .actions()
        .filter(|(a, r)| {
            matches!(a, Action::Click { .. }) && matches!(r, ActionResult::Success { .. })
        })
        .count();
    assert_eq!(clicks, 1, "the purchase ran exactly once");
    assert_healthy(&daemon).await;
    next_run_works(&mut second, &site).await;
    daemon.stop().await;
}

#[tokio::test]
async fn a_thousand_malformed_frames_leave_the_daemon_serving_other_sessions() {
    const CONNECTIONS: usize = 25;
    /// Within the per-connection burst, so each connection stays open.
    const PER_CONNECTION: usize = 40;
    let site = FixtureSite::start().await.unwrap();
    let daemon = Arc::new(TestDaemon::start().await);
    let mut good = daemon.client().await;
    session_id(&good.next().await.unwrap());
    let goal = format!("open {}, then click Buy now", site.url("/shop.html"));
    good.send(&ClientMessage::UserMessage { text: goal }).await;

    let malformed = [
        "not json at all",
        "{",
        "[1,2,3]",
        "{}",
        r#"{"type":"approve_everything"}"#,
        r#"{"type":"confirm","interrupt_id":"x"}"#,
        r#"{"type":"user_message","text":42}"#,
        r#"{"type":"cancel","why":"because"}"#,
        r#"{"type":"confirm","interrupt_id":"x","approved":true}"#,
        "\u{0}\u{1}\u{2}",
    ];
    let mut floods = tokio::task::JoinSet::new();
    for c in 0..CONNECTIONS {
        let daemon = Arc::clone(&daemon);
        floods.spawn(async move {
            let mut client = WsClient::connect(&daemon, None).await.unwrap();
            client
                .send(&ClientMessage::Auth {
                    token: daemon.token.clone(),
                })
                .await;
            for i in 0..PER_CONNECTION {
                client.send_raw(malformed[(c + i) % malformed.len()]).await;
            }
            let mut errors = 0;
            while errors < PER_CONNECTION {
                match client.next().await {
                    Some(ServerMessage::Error { .. }) => errors += 1,
                    Some(_) => {}
                    None => break,
                }
            }
            errors
        });
    }
    let mut answered = 0;
    while let Some(errors) = floods.join_next().await {
        answered += errors.unwrap();
    }
    assert_eq!(
        answered,
        CONNECTIONS * PER_CONNECTION,
        "every bad frame got an error"
    );
    assert_eq!(
        daemon.state.sessions.len(),
        1,
        "bad frames created no session"
    );

    // The session that was working meanwhile is unaffected.
    let ServerMessage::AgentQuestion(asked) = good
        .wait_for(|f| matches!(f, ServerMessage::AgentQuestion(_)))
        .await
    else {
        unreachable!()
    };
    good.send(&ClientMessage::Confirm {
        interrupt_id: asked.interrupt_id,
        approved: true,
        remember: false,
        reason: None,
    })
    .await;
    good.expect_done().await;
    assert_healthy(&daemon).await;
    next_run_works(&mut good, &site).await;
    Arc::into_inner(daemon).unwrap().stop().await;
}

#[tokio::test]
async fn an_unwritable_output_folder_is_a_clear_error_not_a_panic() {
    let config = Config {
        browser: tandem_tests::browser_config(),
        ..Config::default()
    };
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("fails.toml");
    std::fs::write(
        &scenario,
        "name = \"fails\"\n[[message]]\ntext = \"stop\"\n[assert]\noutcome = \"denied\"\n",
    )
    .unwrap();

    // An output folder that cannot exist: refused before anything runs.
    let options = SuiteOptions {
        out_dir: Some("/dev/full/results".into()),
        ..SuiteOptions::new(config.clone())
    };
    let error = run_suite(std::slice::from_ref(&scenario), &options, |_, _, _| {})
        .await
        .unwrap_err();
    let message = format!("{error:#}");
    assert!(
        message.contains("cannot create the output folder /dev/full/results"),
        "{message}"
    );

    // A full disk for the JUnit report, and an artifact folder that is taken by a file: the
    // scenario still runs and fails, and both write errors are reported with exit code 2.
    let out = dir.path().join("out");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("fails"), "in the way").unwrap();
    let args = ScenarioArgs {
        files: vec![scenario],
        parallel: 1,
        junit: Some("/dev/full".into()),
        out,
        site: None,
        site_url: None,
    };
    let mut printed = Vec::new();
    let code = tandem_server::cli::scenario::run(config, args, &mut printed)
        .await
        .unwrap();
    let printed = String::from_utf8(printed).unwrap();
    assert_eq!(code, 2, "{printed}");
    assert!(printed.contains("FAIL fails"), "{printed}");
    assert!(
        printed.contains("the JUnit report was not saved") && printed.contains("/dev/full"),
        "{printed}"
    );
    assert!(
        printed.contains("the artifacts of fails were not saved"),
        "{printed}"
    );
}

#[tokio::test]
async fn the_cli_refuses_an_uncreatable_output_folder_and_shared_names_before_running() {
    let config = Config {
        browser: tandem_tests::browser_config(),
        ..Config::default()
    };
    let dir = tempfile::tempdir().unwrap();
    let write = |file: &str, name: &str| {
        let path = dir.path().join(file);
        std::fs::write(
            &path,
            format!("name = \"{name}\"\n[[message]]\ntext = \"stop\"\n"),
        )
        .unwrap();
        path
    };
    let run = |files: Vec<std::path::PathBuf>, out: &str| {
        let args = ScenarioArgs {
            files,
            parallel: 1,
            junit: None,
            out: out.into(),
            site: None,
            site_url: None,
        };
        let config = config.clone();
        async move {
            let mut printed = Vec::new();
            let code = tandem_server::cli::scenario::run(config, args, &mut printed)
                .await
                .unwrap();
            (code, String::from_utf8(printed).unwrap())
        }
    };

    let (code, printed) = run(vec![write("one.toml", "one")], "/dev/full/results").await;
    assert_eq!(code, 2, "{printed}");
    assert!(
        printed.contains("cannot create the output folder /dev/full/results"),
        "{printed}"
    );

    let out = dir.path().join("out");
    let files = vec![write("a.toml", "same"), write("b.toml", "same")];
    let (code, printed) = run(files, out.to_str().unwrap()).await;
    assert_eq!(code, 2, "{printed}");
    assert!(
        printed.contains("two scenarios are named `same`"),
        "{printed}"
    );
    assert!(
        !printed.contains("PASS") && !printed.contains("FAIL"),
        "{printed}"
    );
}
