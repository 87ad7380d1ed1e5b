//! Projects outlive the daemon: a project reopened after a restart goes on from its memory and
//! keeps its site; the project list renames and deletes; a daemon killed with SIGKILL mid-run
//! leaves a sound database whose project opens with the run marked interrupted (its committed
//! steps kept) and never re-run.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use futures::{SinkExt, StreamExt};
use support::{TestDaemon, WAIT, WsClient};
use tandem_protocol::{
    ClientMessage, ProjectSummary, RunOutcome, RunStatus, RunStatusOnDisk, ServerMessage,
    StepResult,
};
use tandem_server::Config;
use tandem_tests::FixtureSite;
use tokio_tungstenite::tungstenite::Message;

use crate::support;

fn config_in(dir: &std::path::Path) -> Config {
    let mut config = Config::default();
    config.sessions.store_dir = Some(dir.join("store"));
    config
}

async fn projects(client: &mut WsClient) -> Vec<ProjectSummary> {
    client.send(&ClientMessage::Projects {}).await;
    match client
        .wait_for(|f| {
            matches!(
                f,
                ServerMessage::Projects { .. } | ServerMessage::Error { .. }
            )
        })
        .await
    {
        ServerMessage::Projects { projects } => projects,
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn a_project_reopened_after_a_restart_goes_on_from_its_memory_and_keeps_its_site() {
    let site = FixtureSite::start().await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let daemon = TestDaemon::start_with(config_in(dir.path())).await;
    let mut client = daemon.client().await;
    let project = client.session_id().await;
    client
        .send(&ClientMessage::UserMessage {
            text: "build a small site for a bakery with a menu and a contact page".into(),
        })
        .await;
    client.expect_done().await;
    client
        .send(&ClientMessage::UserMessage {
            text: format!(
                "open {} then type Ada into Full name",
                site.url("/form.html")
            ),
        })
        .await;
    client.expect_done().await;
    drop(client);
    daemon.stop().await;

    let restarted = TestDaemon::start_with(config_in(dir.path())).await;
    let mut lister = restarted.client().await;
    let _fresh = lister.session_id().await;
    let listed = projects(&mut lister).await;
    let ours = listed.iter().find(|p| p.id == project).expect("listed");
    assert_eq!(
        (ours.name.as_str(), ours.runs, ours.has_site, ours.live),
        (
            "build a small site for a bakery with a menu and a contact page",
            2,
            true,
            false
        ),
        "{listed:?}"
    );
    let page = restarted
        .raw_http(&format!(
            "GET /sites/{project}/pages/menu.html HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\
             Connection: close\r\n\r\n",
            restarted.port
        ))
        .await;
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");

    let mut reopened = restarted.open_project(&project).await;
    assert_eq!(
        reopened.session_id().await,
        project,
        "the session is the project's"
    );
    let ServerMessage::Transcript { runs: shown } = reopened
        .wait_for(|f| matches!(f, ServerMessage::Transcript { .. }))
        .await
    else {
        unreachable!()
    };
    assert_eq!(
        shown.iter().map(|r| r.outcome).collect::<Vec<_>>(),
        [Some(RunOutcome::Done), Some(RunOutcome::Done)],
        "the conversation as it was shown"
    );
    // The instruction planner resolves this from the memory of the run before the restart.
    reopened
        .send(&ClientMessage::UserMessage {
            text: "do the same with Grace".into(),
        })
        .await;
    reopened.expect_done().await;
    reopened
        .send(&ClientMessage::History { session_id: None })
        .await;
    let ServerMessage::History { runs, .. } = reopened
        .wait_for(|f| matches!(f, ServerMessage::History { .. }))
        .await
    else {
        unreachable!()
    };
    assert_eq!(runs.len(), 3, "{runs:?}");
    let steps = runs[2].steps.join("\n");
    assert!(steps.contains("Grace"), "{steps}");
    let listed = projects(&mut lister).await;
    assert!(
        listed
            .iter()
            .any(|p| p.id == project && p.live && p.runs == 3)
    );
    restarted.stop().await;
}

#[tokio::test]
async fn the_project_list_renames_and_deletes_and_refuses_what_does_not_fit() {
    let dir = tempfile::tempdir().unwrap();
    let daemon = TestDaemon::start_with(config_in(dir.path())).await;
    let mut client = daemon.client().await;
    let project = client.session_id().await;
    client
        .send(&ClientMessage::RenameProject {
            project_id: project.clone(),
            name: "  Bakery  ".into(),
        })
        .await;
    let ServerMessage::Projects { projects: listed } = client
        .wait_for(|f| matches!(f, ServerMessage::Projects { .. }))
        .await
    else {
        unreachable!()
    };
    assert_eq!(listed[0].name, "Bakery");
    for (frame, code) in [
        (
            ClientMessage::RenameProject {
                project_id: project.clone(),
                name: " ".into(),
            },
            "bad_project_name",
        ),
        (
            ClientMessage::DeleteProject {
                project_id: "../x".into(),
            },
            "bad_message",
        ),
        (
            ClientMessage::Attach {
                session_id: None,
                project_id: Some("no-such-project".into()),
            },
            "unknown_project",
        ),
    ] {
        client.send(&frame).await;
        let error = client
            .wait_for(|f| matches!(f, ServerMessage::Error { .. }))
            .await;
        assert!(
            matches!(&error, ServerMessage::Error { code: c, .. } if c == code),
            "{error:?}"
        );
    }
    client
        .send(&ClientMessage::DeleteProject {
            project_id: project.clone(),
        })
        .await;
    let ServerMessage::Projects { projects: listed } = client
        .wait_for(|f| matches!(f, ServerMessage::Projects { .. }))
        .await
    else {
        unreachable!()
    };
    assert!(listed.iter().all(|p| p.id != project), "{listed:?}");
    let mut again = daemon.open_project(&project).await;
    let error = again
        .wait_for(|f| matches!(f, ServerMessage::Error { .. }))
        .await;
    assert!(
        matches!(&error, ServerMessage::Error { code, .. } if code == "unknown_project"),
        "{error:?}"
    );
    daemon.stop().await;
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(port: u16, token: &str, attach: ClientMessage) -> Socket {
    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://127.0.0.1:{port}/ws"))
        .await
        .unwrap();
    for frame in [
        ClientMessage::Auth {
            token: token.to_owned(),
        },
        attach,
    ] {
        let text = serde_json::to_string(&frame).unwrap();
        socket.send(Message::Text(text.into())).await.unwrap();
    }
    socket
}

async fn send(socket: &mut Socket, frame: &ClientMessage) {
    let text = serde_json::to_string(frame).unwrap();
    socket.send(Message::Text(text.into())).await.unwrap();
}

async fn wait_for(socket: &mut Socket, pred: impl Fn(&ServerMessage) -> bool) -> ServerMessage {
    tokio::time::timeout(WAIT, async {
        while let Some(Ok(message)) = socket.next().await {
            if let Message::Text(text) = message
                && let Ok(frame) = serde_json::from_str::<ServerMessage>(&text)
                && pred(&frame)
            {
                return frame;
            }
        }
        panic!("the socket closed while waiting");
    })
    .await
    .expect("the frame arrives in time")
}

#[tokio::test]
async fn a_daemon_killed_mid_run_leaves_a_sound_database_and_the_run_interrupted() {
    let site = FixtureSite::start().await.unwrap();
    let data = tempfile::tempdir().unwrap();
    let token = "a-test-token-of-at-least-thirty-two-characters";
    let (mut daemon, port, _stdout) = support::serve_process(data.path(), token).await;
    let mut socket = connect(
        port,
        token,
        ClientMessage::Attach {
            session_id: None,
            project_id: None,
        },
    )
    .await;
    let ServerMessage::Session {
        session_id: project,
        ..
    } = wait_for(&mut socket, |f| matches!(f, ServerMessage::Session { .. })).await
    else {
        unreachable!()
    };
    let goal = format!(
        "open {} then type Ada into Full name then wait for \"a text this page never shows\"",
        site.url("/form.html")
    );
    send(
        &mut socket,
        &ClientMessage::UserMessage { text: goal.clone() },
    )
    .await;
    // The typing step was committed (its frame is written before it is sent); the run now
    // waits for a text that never comes.
    wait_for(&mut socket, |f| {
        matches!(f, ServerMessage::Step { summary, result: StepResult::Success, .. }
            if summary.contains("Ada"))
    })
    .await;
    daemon.kill().await.unwrap();
    daemon.wait().await.unwrap();
    drop(socket);

    let database = data.path().join(tandem_server::store::DATABASE_FILE);
    let check = rusqlite::Connection::open(&database).unwrap();
    let integrity: String = check
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(integrity, "ok");
    drop(check);

    let (_restarted, port, _restarted_stdout) = support::serve_process(data.path(), token).await;
    let mut socket = connect(
        port,
        token,
        ClientMessage::Attach {
            session_id: None,
            project_id: Some(project.clone()),
        },
    )
    .await;
    let session = wait_for(&mut socket, |f| matches!(f, ServerMessage::Session { .. })).await;
    let ServerMessage::Session {
        session_id, status, ..
    } = session
    else {
        unreachable!()
    };
    assert_eq!(session_id, project);
    assert_eq!(status, RunStatus::Idle, "nothing is re-run");
    let ServerMessage::Transcript { runs: shown } = wait_for(&mut socket, |f| {
        matches!(f, ServerMessage::Transcript { .. })
    })
    .await
    else {
        unreachable!()
    };
    let [interrupted] = shown.as_slice() else {
        panic!("one run shown: {shown:?}");
    };
    assert_eq!(
        (
            interrupted.goal.as_str(),
            interrupted.outcome,
            interrupted.final_response.as_deref()
        ),
        (
            goal.as_str(),
            None,
            Some(tandem_server::store::INTERRUPTED_TEXT)
        ),
        "shown as interrupted"
    );
    send(&mut socket, &ClientMessage::History { session_id: None }).await;
    let ServerMessage::History { runs, .. } =
        wait_for(&mut socket, |f| matches!(f, ServerMessage::History { .. })).await
    else {
        unreachable!()
    };
    let [run] = runs.as_slice() else {
        panic!("one run: {runs:?}");
    };
    assert_eq!(
        (run.goal.as_str(), run.status),
        (goal.as_str(), RunStatusOnDisk::Interrupted)
    );
    assert!(
        run.steps
            .iter()
            .any(|s| s.contains("Ada") && s.ends_with("success")),
        "the committed step is kept: {:?}",
        run.steps
    );
    assert!(run.final_response.is_none());
}

/// A message sent during a run waits for it; a Stop withdraws it before it started. The
/// project's history then holds the stopped run only: the withdrawn message is no run (it
/// used to show as an interrupted run with no steps).
#[tokio::test]
async fn a_message_withdrawn_by_stop_before_it_started_is_no_run_in_the_history() {
    let site = FixtureSite::start().await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let daemon = TestDaemon::start_with(config_in(dir.path())).await;
    let mut client = daemon.client().await;
    let _project = client.session_id().await;
    let goal = format!(
        "open {} then wait for \"a text this page never shows\"",
        site.url("/form.html")
    );
    client
        .send(&ClientMessage::UserMessage { text: goal.clone() })
        .await;
    client
        .wait_for(|f| {
            matches!(f, ServerMessage::Step { summary, result: StepResult::Success, .. }
                if summary.contains("form.html"))
        })
        .await;
    client
        .send(&ClientMessage::UserMessage {
            text: "open the form again".into(),
        })
        .await;
    client.send(&ClientMessage::Cancel {}).await;
    // The notice and the run's end, in whichever order they come.
    let (mut withdrawn, mut finished) = (false, false);
    while !(withdrawn && finished) {
        match client
            .wait_for(|f| {
                matches!(f, ServerMessage::RunFinished { .. })
                    || matches!(f, ServerMessage::Error { code, .. } if code == "messages_withdrawn")
            })
            .await
        {
            ServerMessage::RunFinished { .. } => finished = true,
            _ => withdrawn = true,
        }
    }
    client
        .send(&ClientMessage::History { session_id: None })
        .await;
    let ServerMessage::History { runs, .. } = client
        .wait_for(|f| matches!(f, ServerMessage::History { .. }))
        .await
    else {
        unreachable!()
    };
    let goals: Vec<(&str, RunStatusOnDisk)> =
        runs.iter().map(|r| (r.goal.as_str(), r.status)).collect();
    assert_eq!(goals.len(), 1, "the stopped run only: {goals:?}");
    assert_eq!(goals[0].0, goal.as_str(), "{goals:?}");
    assert_ne!(goals[0].1, RunStatusOnDisk::Interrupted, "{goals:?}");
}
