//! Run history across a daemon restart: a run written as it happened is returned by the
//! `history` request and, after a restart, by the token-protected HTTP route.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use support::TestDaemon;
use tandem_protocol::{ClientMessage, RunOutcome, RunStatusOnDisk, ServerMessage};
use tandem_server::Config;
use tandem_tests::FixtureSite;

use crate::support;

/// The session's one run, as the `history` request returns it.
async fn the_only_run(client: &mut support::WsClient) -> tandem_protocol::StoredRun {
    client
        .send(&ClientMessage::History { session_id: None })
        .await;
    let ServerMessage::History { mut runs, .. } = client
        .wait_for(|f| matches!(f, ServerMessage::History { .. }))
        .await
    else {
        unreachable!()
    };
    assert_eq!(runs.len(), 1, "one run: {runs:?}");
    runs.remove(0)
}

fn config_with_history(dir: &std::path::Path) -> Config {
    let mut config = Config::default();
    config.sessions.store_dir = Some(dir.to_path_buf());
    config
}

#[tokio::test]
async fn a_sessions_runs_survive_a_daemon_restart_and_are_served_with_the_token_only() {
    let site = FixtureSite::start().await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let daemon = TestDaemon::start_with(config_with_history(dir.path())).await;
    let mut client = daemon.client().await;
    let session_id = client.session_id().await;
    let goal = format!(
        "open {} then type Ada into Full name",
        site.url("/form.html")
    );
    client
        .send(&ClientMessage::UserMessage { text: goal.clone() })
        .await;
    client.expect_done().await;
    let run = the_only_run(&mut client).await;
    assert_eq!(
        (run.goal.as_str(), run.status),
        (goal.as_str(), RunStatusOnDisk::Ended(RunOutcome::Done))
    );
    assert!(run.timeline.actions().count() >= 2, "{:?}", run.timeline);
    assert!(
        run.screenshots
            .first()
            .is_some_and(|(reference, url)| reference == "obs-1" && url.starts_with("data:image/")),
        "each observation's screenshot is kept"
    );
    drop(client);
    daemon.stop().await;

    let restarted = TestDaemon::start_with(config_with_history(dir.path())).await;
    let path = format!("/api/sessions/{session_id}/runs");
    let request = |auth: &str| {
        format!(
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n{auth}Connection: close\r\n\r\n",
            restarted.port
        )
    };
    let refused = restarted.raw_http(&request("")).await;
    assert!(refused.starts_with("HTTP/1.1 401"), "{refused}");
    let answered = restarted
        .raw_http(&request(&format!(
            "Authorization: Bearer {}\r\n",
            restarted.token
        )))
        .await;
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
    let body = answered.split("\r\n\r\n").nth(1).unwrap();
    let value: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(value["runs"][0]["goal"], goal.as_str());
    assert_eq!(value["runs"][0]["status"], "done");
    restarted.stop().await;
}

/// Every file under `dir`, read as text.
fn files_under(dir: &std::path::Path) -> Vec<(std::path::PathBuf, String)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(files_under(&path));
        } else {
            // The daemon has stopped: its store is closed and no file changes any more.
            let bytes = std::fs::read(&path).unwrap();
            found.push((path, String::from_utf8_lossy(&bytes).into_owned()));
        }
    }
    found
}

#[tokio::test]
async fn a_password_written_in_the_message_is_typed_after_one_confirm_and_never_stored() {
    let site = FixtureSite::start().await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let daemon = TestDaemon::start_with(config_with_history(dir.path())).await;
    let mut client = daemon.client().await;
    let secret = "hunter2"; // the password the fixture accepts
    let goal = format!(
        "open {} then type the username \"ada\" and the password \"{secret}\" into the fields \
         and click Log in, then wait for \"Welcome, ada\"",
        site.url("/login.html")
    );
    client
        .send(&ClientMessage::UserMessage { text: goal })
        .await;
    // Every question is approved as the person would; the first is the secret's confirm.
    let mut questions = Vec::new();
    let outcome = loop {
        match client
            .wait_for(|f| {
                matches!(
                    f,
                    ServerMessage::AgentQuestion(_) | ServerMessage::RunFinished { .. }
                )
            })
            .await
        {
            ServerMessage::AgentQuestion(asked) => {
                assert_eq!(asked.kind, tandem_protocol::AgentQuestionKind::Confirm);
                questions.push(serde_json::to_string(&asked).unwrap());
                client.approve(&asked.interrupt_id).await;
            }
            ServerMessage::RunFinished { outcome, .. } => break outcome,
            _ => unreachable!(),
        }
    };
    assert_eq!(outcome, RunOutcome::Done, "{questions:?}");
    let first = questions.first().expect("the secret is confirmed once");
    assert!(
        first.contains("••••") && first.contains("127.0.0.1"),
        "{first}"
    );
    assert!(!first.contains(secret), "the card masks the value: {first}");
    let run = the_only_run(&mut client).await;
    assert!(run.goal.contains("the password \"••••••\""), "{}", run.goal);
    drop(client);
    daemon.stop().await;
    for (path, text) in files_under(dir.path()) {
        assert!(
            !text.contains(secret),
            "{} holds the password",
            path.display()
        );
    }
}
