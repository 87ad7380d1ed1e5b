//! The WebSocket protocol on a real loopback port with tokio-tungstenite, against a real agent
//! and real headless Chromium on the fixture site.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use support::{TestDaemon, WsClient, code, session_id};
use tandem_protocol::{
    AgentQuestionKind, Author, ClientMessage, QuestionEnd, RunOutcome, ServerMessage, ShownAction,
    TimelineItem,
};
use tandem_tests::FixtureSite;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{CloseCode, Data, OpCode};

use crate::support;

#[tokio::test]
async fn foreign_origins_null_origins_and_rebinding_hosts_are_refused_before_the_upgrade() {
    let daemon = TestDaemon::start().await;
    for origin in [
        "https://evil.example",
        "null",
        "http://127.0.0.1.evil.example",
    ] {
        let refused = WsClient::connect(&daemon, Some(origin)).await;
        assert!(refused.is_err(), "{origin} must be refused");
    }
    let own = format!("http://127.0.0.1:{}", daemon.port);
    assert!(WsClient::connect(&daemon, Some(&own)).await.is_ok());

    // A rebinding attack arrives with the attacker's host name.
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = daemon.ws_url().into_client_request().unwrap();
    request.headers_mut().insert(
        "Host",
        format!("attacker.example:{}", daemon.port).parse().unwrap(),
    );
    assert!(tokio_tungstenite::connect_async(request).await.is_err());
    daemon.stop().await;
}

#[tokio::test]
async fn the_launch_token_is_required_first() {
    let daemon = TestDaemon::start().await;
    let mut wrong = WsClient::connect(&daemon, None).await.unwrap();
    wrong
        .send(&ClientMessage::Auth {
            token: "0".repeat(64),
        })
        .await;
    assert_eq!(wrong.closed_with().await, Some(4401));

    let mut skipped = WsClient::connect(&daemon, None).await.unwrap();
    skipped
        .send(&ClientMessage::Attach {
            session_id: None,
            project_id: None,
        })
        .await;
    assert_eq!(skipped.closed_with().await, Some(4401));

    let mut right = daemon.client().await;
    assert!(matches!(
        right.next().await,
        Some(ServerMessage::Session { .. })
    ));
    daemon.stop().await;
}

#[tokio::test]
async fn pings_and_pongs_before_auth_are_answered_not_taken_as_the_first_frame() {
    let daemon = TestDaemon::start().await;
    let mut client = WsClient::connect(&daemon, None).await.unwrap();
    client
        .send_message(Message::Ping(b"are you there".to_vec().into()))
        .await;
    assert_eq!(
        client.next_message().await,
        Some(Message::Pong(b"are you there".to_vec().into()))
    );
    // An unsolicited pong is a heartbeat, allowed by the spec, and needs no answer.
    client.send_message(Message::Pong(Vec::new().into())).await;
    let attach = ClientMessage::Attach {
        session_id: None,
        project_id: None,
    };
    client.authenticate(&daemon.token, attach).await;
    let attached = client.next().await;
    assert!(
        matches!(attached, Some(ServerMessage::Session { .. })),
        "{attached:?}"
    );
    daemon.stop().await;
}

/// A single, final text frame carrying `payload` as it is (valid UTF-8 or not).
fn text_frame(payload: &[u8]) -> Frame {
    Frame::message(payload.to_vec(), OpCode::Data(Data::Text), true)
}

#[tokio::test]
async fn broken_frames_close_the_socket_with_the_code_for_what_is_wrong() {
    let daemon = TestDaemon::start().await;
    // Text that is not UTF-8: 1007 (invalid frame payload data), before auth or after.
    let not_utf8 = b"{\"type\":\"user_message\",\"text\":\"\xC3\x28\"}";
    let mut early = WsClient::connect(&daemon, None).await.unwrap();
    early
        .send_message(Message::Frame(text_frame(not_utf8)))
        .await;
    assert_eq!(early.closed_with().await, Some(1007));
    let mut attached = daemon.client().await;
    attached.next().await.unwrap();
    attached
        .send_message(Message::Frame(text_frame(not_utf8)))
        .await;
    assert_eq!(attached.closed_with().await, Some(1007));

    // A reserved bit set with no extension negotiated breaks the protocol: 1002.
    let mut breach = daemon.client().await;
    breach.next().await.unwrap();
    let mut frame = text_frame(br#"{"type":"set_mode","reasoning":true}"#);
    frame.header_mut().rsv1 = true;
    breach.send_message(Message::Frame(frame)).await;
    assert_eq!(breach.closed_with().await, Some(1002));
    daemon.stop().await;
}

#[tokio::test]
async fn bad_frames_get_errors_and_the_session_keeps_working() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let mut client = daemon.client().await;
    client.next().await.unwrap();
    for bad in [
        "not json",
        r#"{"type":"approve_everything"}"#,
        r#"{"type":"cancel","please":true}"#,
        r#"{"type":"confirm","interrupt_id":"x"}"#,
        r#"{"type":"auth","token":"again"}"#,
    ] {
        client.send_raw(bad).await;
        let frame = client
            .wait_for(|f| matches!(f, ServerMessage::Error { .. }))
            .await;
        assert!(matches!(frame, ServerMessage::Error { .. }), "{bad}");
    }
    let goal = format!("open {} then click Show details", site.url("/links.html"));
    client
        .send(&ClientMessage::UserMessage { text: goal })
        .await;
    client.expect_done().await;
    daemon.stop().await;
}

#[tokio::test]
async fn a_confirmation_is_answered_once_and_cleared_for_every_watcher() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let mut first = daemon.client().await;
    let id = session_id(&first.next().await.unwrap());

    let mut second = daemon.attach(&id).await;
    assert_eq!(session_id(&second.next().await.unwrap()), id);

    let goal = format!(
        "open {} then type Ada into Full name then click Create account",
        site.url("/form.html")
    );
    first.send(&ClientMessage::UserMessage { text: goal }).await;
    let question = |f: &ServerMessage| matches!(f, ServerMessage::AgentQuestion(_));
    let ServerMessage::AgentQuestion(asked) = first.wait_for(question).await else {
        unreachable!()
    };
    assert_eq!(asked.kind, AgentQuestionKind::Confirm);
    assert!(asked.rule.is_some(), "the rule that asked is shown");
    let action = asked.action.clone().expect("the exact action is shown");
    assert_eq!(action.kind, "click");
    let target = action.target.clone().expect("the target element is shown");
    assert_eq!(
        (target.role.as_str(), target.name.as_str()),
        ("button", "Create account")
    );
    assert_eq!(action.url.as_deref(), Some(site.url("/form.html").as_str()));
    assert_eq!(action.host.as_deref(), Some("127.0.0.1"));
    second.wait_for(question).await;

    // A stale id is refused and the question stays.
    second
        .send(&ClientMessage::Confirm {
            interrupt_id: "not-the-id".into(),
            approved: true,
            remember: false,
            reason: None,
        })
        .await;
    let refused = second
        .wait_for(|f| matches!(f, ServerMessage::Error { .. }))
        .await;
    assert!(
        matches!(&refused, ServerMessage::Error { code, .. } if code == "stale_interrupt"),
        "{refused:?}"
    );

    // Typed text is never an approval... but re-attaching shows the question again.
    let mut third = daemon.attach(&id).await;
    match third.next().await.unwrap() {
        ServerMessage::Session {
            pending: Some(pending),
            ..
        } => {
            assert_eq!(pending.interrupt_id, asked.interrupt_id)
        }
        other => panic!("re-attach must carry the pending question: {other:?}"),
    }
    // ...then the conversation so far as the agent recorded it: the paused run's goal, its
    // typing in the words its step frame used, the question; then the page last observed.
    let runs = match third.next().await.unwrap() {
        ServerMessage::Transcript { runs } => runs,
        other => panic!("a transcript follows the session frame: {other:?}"),
    };
    let paused = runs.last().expect("the paused run is in the transcript");
    assert!(paused.outcome.is_none(), "{paused:?}");
    let items: Vec<&TimelineItem<ShownAction>> =
        paused.timeline.entries().iter().map(|e| &e.item).collect();
    assert!(
        items.iter().any(|item| matches!(item,
            TimelineItem::Text { author: Author::User, text } if text.contains("type Ada"))),
        "{items:?}"
    );
    assert!(
        items.iter().any(|item| matches!(item,
            TimelineItem::Action { action, .. } if action.line.starts_with("type \"Ada\" into"))),
        "{items:?}"
    );
    assert!(
        matches!(items.last(), Some(TimelineItem::Question { interrupt })
            if interrupt["interrupt_id"] == asked.interrupt_id.as_str()),
        "{items:?}"
    );
    assert!(
        paused.transitions.is_empty(),
        "the graph's bookkeeping stays with the agent"
    );
    assert!(
        matches!(third.next().await.unwrap(), ServerMessage::Observation { url, .. }
            if url == site.url("/form.html")),
        "the last page follows"
    );

    first.approve(&asked.interrupt_id).await;
    for watcher in [&mut first, &mut second, &mut third] {
        let cleared = watcher
            .wait_for(|f| matches!(f, ServerMessage::QuestionCleared { .. }))
            .await;
        assert!(matches!(
            cleared,
            ServerMessage::QuestionCleared {
                by: QuestionEnd::Answered,
                ..
            }
        ));
    }
    // The same answer again is refused.
    second
        .send(&ClientMessage::Confirm {
            interrupt_id: asked.interrupt_id.clone(),
            approved: true,
            remember: false,
            reason: None,
        })
        .await;
    let again = second
        .wait_for(|f| matches!(f, ServerMessage::Error { .. }))
        .await;
    assert!(matches!(again, ServerMessage::Error { .. }));

    first.expect_done().await;
    daemon.stop().await;
}

#[tokio::test]
async fn oversized_frames_and_floods_close_the_socket() {
    let daemon = TestDaemon::start().await;
    let mut big = daemon.client().await;
    big.next().await.unwrap();
    let text = "x".repeat(100 * 1024);
    big.send_raw(&format!(r#"{{"type":"user_message","text":"{text}"}}"#))
        .await;
    assert_eq!(big.closed_with().await, Some(1009));

    let mut flood = daemon.client().await;
    flood.next().await.unwrap();
    for _ in 0..200 {
        flood
            .send_raw(r#"{"type":"set_mode","reasoning":false}"#)
            .await;
    }
    assert_eq!(flood.closed_with().await, Some(4429));
    let _ = code(4429) == CloseCode::Library(4429);

    // Other clients are unaffected.
    let mut fine = daemon.client().await;
    assert!(matches!(
        fine.next().await,
        Some(ServerMessage::Session { .. })
    ));
    daemon.stop().await;
}

#[tokio::test]
async fn shutting_down_denies_a_pending_confirmation_then_closes_every_socket_going_away() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let mut client = daemon.client().await;
    let id = session_id(&client.next().await.unwrap());
    let goal = format!("open {} then click Create account", site.url("/form.html"));
    client
        .send(&ClientMessage::UserMessage { text: goal })
        .await;
    client
        .wait_for(|f| matches!(f, ServerMessage::AgentQuestion(_)))
        .await;
    let session = daemon.state.sessions.get(&id).unwrap();
    let agent = session.agent.clone();
    drop(session);
    let mut idle = daemon.client().await;
    idle.next().await.unwrap();
    let mut unauthenticated = WsClient::connect(&daemon, None).await.unwrap();

    daemon.stop().await;
    assert!(
        agent.pending_question().is_none(),
        "no confirmation survives the daemon"
    );
    let run = agent.runs().pop().expect("the paused run was ended");
    assert_eq!(
        run.outcome,
        Some(tandem_protocol::RunOutcome::Cancelled),
        "{run:?}"
    );
    // The denial reaches the socket, then the close frame: 1001, going away.
    let cleared = client
        .wait_for(|f| matches!(f, ServerMessage::QuestionCleared { .. }))
        .await;
    assert!(
        matches!(
            cleared,
            ServerMessage::QuestionCleared {
                by: QuestionEnd::Cancelled,
                ..
            }
        ),
        "{cleared:?}"
    );
    for socket in [&mut client, &mut idle, &mut unauthenticated] {
        assert_eq!(socket.closed_with().await, Some(1001));
    }
}

#[tokio::test]
async fn cancel_says_so_when_nothing_is_running_and_ends_a_run_waiting_at_a_question() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let mut client = daemon.client().await;
    client.attached().await;
    let nothing_running = |frame: &Option<ServerMessage>| matches!(frame, Some(ServerMessage::Error { code, .. }) if code == "nothing_running");
    client.send(&ClientMessage::Cancel {}).await;
    let reply = client.next().await;
    assert!(nothing_running(&reply), "{reply:?}");

    // A cancel while a run waits at a question ends that run. (A takeover there pauses it
    // instead: see takeover.rs.)
    let goal = format!("open {} then click Create account", site.url("/form.html"));
    let id = client.ask(goal).await.interrupt_id;
    client.send(&ClientMessage::Cancel {}).await;
    let frames = until_run_finished(&mut client).await;
    cleared_before_the_end(&frames, &id, QuestionEnd::Cancelled);
    assert!(
        matches!(
            frames.last(),
            Some(ServerMessage::RunFinished {
                outcome: RunOutcome::Cancelled,
                ..
            })
        ),
        "{frames:?}"
    );

    // Once it has ended, there is nothing to cancel (the run's last status frames may come
    // first).
    client.send(&ClientMessage::Cancel {}).await;
    let reply = client
        .wait_for(|f| matches!(f, ServerMessage::Error { .. }))
        .await;
    assert!(nothing_running(&Some(reply.clone())), "{reply:?}");
    daemon.stop().await;
}

#[tokio::test]
async fn an_empty_message_is_refused_and_the_session_stays_usable() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let mut client = daemon.client().await;
    client.attached().await;
    for empty in ["", "  \n\t "] {
        client
            .send(&ClientMessage::UserMessage { text: empty.into() })
            .await;
        let reply = client.next().await;
        assert!(
            matches!(&reply, Some(ServerMessage::Error { code, .. }) if code == "empty_message"),
            "{empty:?}: {reply:?}"
        );
    }
    let goal = format!("open {} then click Show details", site.url("/links.html"));
    client
        .send(&ClientMessage::UserMessage { text: goal })
        .await;
    client.expect_done().await;
    daemon.stop().await;
}

/// The frames up to and including the next `run_finished`.
async fn until_run_finished(client: &mut WsClient) -> Vec<ServerMessage> {
    let mut frames = Vec::new();
    loop {
        let frame = client
            .next()
            .await
            .expect("the socket closed during the run");
        let last = matches!(frame, ServerMessage::RunFinished { .. });
        frames.push(frame);
        if last {
            return frames;
        }
    }
}

fn cleared_before_the_end(frames: &[ServerMessage], id: &str, expected: QuestionEnd) {
    let cleared = frames.iter().position(|f| {
        matches!(f, ServerMessage::QuestionCleared { interrupt_id, by }
            if interrupt_id == id && *by == expected)
    });
    let Some(cleared) = cleared else {
        panic!("no question_cleared {expected:?} for {id}: {frames:?}");
    };
    assert!(cleared < frames.len() - 1, "{frames:?}");
    let after = &frames[cleared + 1..];
    assert!(
        !after
            .iter()
            .any(|f| matches!(f, ServerMessage::QuestionCleared { .. })),
        "cleared once: {frames:?}"
    );
}

#[tokio::test]
async fn a_question_is_cleared_in_order_however_it_ends() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let mut client = daemon.client().await;
    client.next().await.unwrap();
    let goal = format!(
        "open {} then type Ada into Full name then click Create account",
        site.url("/form.html")
    );
    // Declined: cleared as answered, before the run's end.
    let id = client.ask(goal.clone()).await.interrupt_id;
    client
        .send(&ClientMessage::Confirm {
            interrupt_id: id.clone(),
            approved: false,
            remember: false,
            reason: None,
        })
        .await;
    cleared_before_the_end(
        &until_run_finished(&mut client).await,
        &id,
        QuestionEnd::Answered,
    );

    // Cancelled while pending: cleared as cancelled.
    let id = client.ask(goal.clone()).await.interrupt_id;
    client.send(&ClientMessage::Cancel {}).await;
    cleared_before_the_end(
        &until_run_finished(&mut client).await,
        &id,
        QuestionEnd::Cancelled,
    );

    // A message while pending is the person's reply: it declines the action (cleared as
    // answered) and the same run goes on to its end.
    let id = client.ask(goal.clone()).await.interrupt_id;
    client
        .send(&ClientMessage::UserMessage {
            text: "yes, do it".to_owned(),
        })
        .await;
    cleared_before_the_end(
        &until_run_finished(&mut client).await,
        &id,
        QuestionEnd::Answered,
    );
    daemon.stop().await;
}
