//! Live view and manual takeover over the real WebSocket, against a real agent and real headless
//! Chromium on the fixture site: the person watches the page, gets the browser when the policy
//! or they themselves ask, types a password through the input relay, and hands back; the run
//! goes on and what they typed is nowhere in the record.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::Arc;

use support::ui::snapshot;
use support::{TestDaemon, session_id};
use tandem_mcp_browser::McpBrowserClient;
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::server::params::ObserveParams;
use tandem_protocol::{
    AgentQuestionKind, ClientMessage, QuestionEnd, RunOutcome, ServerMessage, UserInput,
};
use tandem_server::session::Session;
use tandem_tests::FixtureSite;

use crate::support;

fn is_error(code: &'static str) -> impl Fn(&ServerMessage) -> bool {
    move |f| matches!(f, ServerMessage::Error { code: c, .. } if c == code)
}

fn is_takeover(active: bool) -> impl Fn(&ServerMessage) -> bool {
    move |f| matches!(f, ServerMessage::Takeover { active: a } if *a == active)
}

/// The centre of the element named `name`, in viewport CSS pixels, as the person sees it.
pub(crate) async fn centre_of(session: &Session, name: &str) -> (f64, f64) {
    let server = BrowserServer::with_session(Arc::clone(&session.browser));
    let eyes = McpBrowserClient::in_process(server).await.unwrap();
    let page = snapshot(&eyes).await;
    let element = page
        .elements
        .iter()
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("no {name:?} on the page"));
    let rect = element.rect;
    (rect.x + rect.w / 2.0, rect.y + rect.h / 2.0)
}

#[tokio::test]
async fn a_person_types_a_password_through_the_live_view_and_hands_back() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let mut client = daemon.client().await;
    let id = session_id(&client.next().await.unwrap());
    let session = daemon.state.sessions.get(&id).unwrap();

    // Input is refused while the agent has the browser.
    let click = UserInput::Click {
        x: 10.0,
        y: 10.0,
        button: tandem_protocol::PointerButton::Left,
        count: 1,
    };
    client
        .send(&ClientMessage::Input {
            events: vec![click.clone()],
        })
        .await;
    client.wait_for(is_error("no_takeover")).await;

    // Watching starts the screencast: frames are JPEG and no larger than the viewport.
    assert_eq!(session.live.watchers(), 0);
    client.send(&ClientMessage::LiveView { on: true }).await;
    let (frame, jpeg, _) = client.next_live_frame().await;
    assert!(jpeg.starts_with(&[0xff, 0xd8, 0xff]), "a JPEG");
    let (width, height) = (frame.width, frame.height);
    assert!(width > 0.0 && width <= 1280.0 && height > 0.0 && height <= 800.0);
    assert_eq!(session.live.watchers(), 1);

    let goal = format!(
        "open {} then type ada into Username then type your password into Password then click Log in",
        site.url("/login.html")
    );
    let asked = client.ask(goal).await;
    assert_eq!(asked.kind, AgentQuestionKind::Manual, "{asked:?}");
    client.wait_for(is_takeover(true)).await;

    // The person clicks the password field on the live view and types into it.
    let (x, y) = centre_of(&session, "Password").await;
    let outside = UserInput::Click {
        x: 5_000.0,
        y,
        button: tandem_protocol::PointerButton::Left,
        count: 1,
    };
    client
        .send(&ClientMessage::Input {
            events: vec![outside],
        })
        .await;
    client.wait_for(is_error("bad_input")).await;
    client
        .send(&ClientMessage::Input {
            events: vec![
                UserInput::Click {
                    x,
                    y,
                    button: tandem_protocol::PointerButton::Left,
                    count: 1,
                },
                UserInput::Text {
                    text: "hunter2".into(),
                },
            ],
        })
        .await;
    client
        .send(&ClientMessage::HandBack { message: None })
        .await;

    let mut frames = Vec::new();
    loop {
        let frame = client.next().await.expect("the socket stays open");
        let done = matches!(frame, ServerMessage::RunFinished { .. });
        frames.push(frame);
        if done {
            break;
        }
    }
    assert!(
        frames.iter().any(|f| matches!(f, ServerMessage::QuestionCleared { interrupt_id, by: QuestionEnd::Answered } if *interrupt_id == asked.interrupt_id)),
        "{frames:?}"
    );
    assert!(frames.iter().any(is_takeover(false)));
    assert!(
        matches!(
            frames.last(),
            Some(ServerMessage::RunFinished {
                outcome: RunOutcome::Done,
                ..
            })
        ),
        "{:?}",
        frames.last()
    );
    let errors: Vec<_> = frames
        .iter()
        .filter(|f| matches!(f, ServerMessage::Error { .. }))
        .collect();
    assert!(
        errors.is_empty(),
        "the relayed input was accepted: {errors:?}"
    );

    // The run went on from where the person left it: logged in with what they typed.
    let server = BrowserServer::with_session(Arc::clone(&session.browser));
    let eyes = McpBrowserClient::in_process(server).await.unwrap();
    let page = eyes.invoke(&ObserveParams::compact(None)).await.unwrap();
    assert!(page.text.contains("Welcome, ada"), "{}", page.text);

    // The record tells what happened without what was typed.
    let record = serde_json::to_string(&session.agent.runs()).unwrap();
    assert!(
        record.contains("typed 7 characters into Password"),
        "{record}"
    );
    let wire = format!("{frames:?}");
    for place in [&record, &wire] {
        assert!(!place.contains("hunter2"), "the password leaked: {place}");
    }

    // The last watcher leaving stops the screencast.
    client.send(&ClientMessage::LiveView { on: false }).await;
    client.send(&ClientMessage::Cancel {}).await;
    client.wait_for(is_error("nothing_running")).await;
    assert_eq!(session.live.watchers(), 0);
    daemon.stop().await;
}

#[tokio::test]
async fn take_over_pauses_the_run_survives_a_reconnect_and_a_message_hands_back() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let mut client = daemon.client().await;
    let id = session_id(&client.next().await.unwrap());

    // With no run, the browser is simply the person's; cancel gives it back.
    client.send(&ClientMessage::Takeover { reason: None }).await;
    client.wait_for(is_takeover(true)).await;
    client.send(&ClientMessage::Cancel {}).await;
    client.wait_for(is_takeover(false)).await;

    // At a confirmation, "Take over" withdraws it and pauses the same run for the person.
    let goal = format!("open {} then click Create account", site.url("/form.html"));
    let confirm = client.ask(goal).await;
    assert_eq!(confirm.kind, AgentQuestionKind::Confirm);
    client.send(&ClientMessage::Takeover { reason: None }).await;
    client
        .wait_for(|f| matches!(f, ServerMessage::QuestionCleared { interrupt_id, by: QuestionEnd::Cancelled } if *interrupt_id == confirm.interrupt_id))
        .await;
    let handed = client
        .wait_for(|f| matches!(f, ServerMessage::AgentQuestion(_)))
        .await;
    let ServerMessage::AgentQuestion(manual) = handed else {
        unreachable!()
    };
    assert_eq!(manual.kind, AgentQuestionKind::Manual);
    client.wait_for(is_takeover(true)).await;

    // A dropped socket keeps the takeover; the reconnecting client gets it back.
    drop(client);
    let mut client = daemon.attach(&id).await;
    match client.next().await.unwrap() {
        ServerMessage::Session {
            takeover: true,
            pending: Some(pending),
            ..
        } => assert_eq!(pending.interrupt_id, manual.interrupt_id),
        other => panic!("the takeover survives a reconnect: {other:?}"),
    }

    // A chat message hands back (kept as a note): the same run goes on, to the confirmation.
    client
        .send(&ClientMessage::UserMessage {
            text: "I looked around, carry on".into(),
        })
        .await;
    let again = client
        .wait_for(|f| matches!(f, ServerMessage::AgentQuestion(_)))
        .await;
    assert!(
        matches!(&again, ServerMessage::AgentQuestion(q) if q.kind == AgentQuestionKind::Confirm),
        "{again:?}"
    );

    // Cancel during a takeover ends the run cleanly.
    client.send(&ClientMessage::Takeover { reason: None }).await;
    client.wait_for(is_takeover(true)).await;
    client.send(&ClientMessage::Cancel {}).await;
    let finished = client
        .wait_for(|f| matches!(f, ServerMessage::RunFinished { .. }))
        .await;
    assert!(
        matches!(
            finished,
            ServerMessage::RunFinished {
                outcome: RunOutcome::Cancelled,
                ..
            }
        ),
        "{finished:?}"
    );
    let session = daemon.state.sessions.get(&id).unwrap();
    assert!(!session.taken_over());
    let record = serde_json::to_string(&session.agent.runs()).unwrap();
    assert!(record.contains("I looked around, carry on"), "{record}");
    daemon.stop().await;
}
