//! The chat page in real headless Chromium, used as a person uses it: a run hands over a password
//! field, the person clicks the field on the live view and types the password with real key
//! events, presses Hand back and sees the run finish. Screenshots of each state are saved as test
//! artifacts (`target/tmp/artifacts/`).
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::Arc;

use support::TestDaemon;
use support::ui::{open_ui, save_screenshot, snapshot};
use tandem_mcp_browser::browser::WaitCondition;
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::server::params::{ClickParams, ObserveParams, TypeParams, WaitParams};
use tandem_mcp_browser::snapshot::{Element, Snapshot};
use tandem_mcp_browser::{BrowserHost, BrowserSession, McpBrowserClient};
use tandem_protocol::{PointerButton, UserInput};
use tandem_tests::{FixtureSite, browser_config};
use tokio::sync::Mutex;

use crate::support;

fn find<'a>(snapshot: &'a Snapshot, role: &str, name: &str) -> &'a Element {
    snapshot
        .elements
        .iter()
        .find(|e| e.role == role && e.name.starts_with(name))
        .unwrap_or_else(|| {
            let all: Vec<String> = snapshot
                .elements
                .iter()
                .map(|e| format!("{} {:?}", e.role, e.name))
                .collect();
            panic!("no {role} {name:?} in {all:?}")
        })
}

async fn wait_for(client: &McpBrowserClient, condition: WaitCondition) {
    if let Err(error) = client
        .invoke(&WaitParams {
            condition: condition.clone(),
            timeout_ms: Some(30_000),
        })
        .await
    {
        panic!("the UI never showed {condition:?}: {error}");
    }
}

/// What the agent's browser shows, through its own session.
async fn agent_page(session: &Arc<tandem_server::session::Session>) -> Snapshot {
    let eyes =
        McpBrowserClient::in_process(BrowserServer::with_session(Arc::clone(&session.browser)))
            .await
            .unwrap();
    snapshot(&eyes).await
}

#[tokio::test]
async fn a_person_takes_over_in_the_chat_page_types_a_password_and_hands_back() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let host = BrowserHost::new(browser_config());
    let server = BrowserServer::new(Arc::clone(&host));
    let hands: Arc<Mutex<BrowserSession>> = Arc::clone(server.session());
    let ui = McpBrowserClient::in_process(server).await.unwrap();

    open_ui(&daemon, &ui).await;
    let page = snapshot(&ui).await;
    let goal = format!(
        "open {} then type ada into Username then type your password into Password then click Log in",
        site.url("/login.html")
    );
    ui.invoke(&TypeParams {
        eid: (find(&page, "textbox", "Message to Tandem").eid.as_str()).to_string(),
        text: goal.to_string(),
        clear: true,
        submit: false,
    })
    .await
    .unwrap();
    ui.invoke(&ClickParams {
        eid: (find(&page, "button", "Send").eid.as_str()).to_string(),
    })
    .await
    .unwrap();

    // The policy hands the password over: the live view becomes the person's.
    wait_for(
        &ui,
        WaitCondition::Text {
            text: "Your turn in the browser".into(),
        },
    )
    .await;
    save_screenshot(&ui, "ui-takeover.png").await;

    // Click the password field where the live view shows it, then type with real key events.
    let ids = daemon.state.sessions.ids();
    assert_eq!(ids.len(), 1);
    let session = daemon.state.sessions.get(&ids[0]).unwrap();
    let field = find(&agent_page(&session).await, "textbox", "Password").rect;
    let chat = snapshot(&ui).await;
    // The live image, clickable during a takeover (the only clickable without a role).
    let live = find(&chat, "clickable", "").rect;
    let scale = live.w / 1280.0;
    let x = live.x + (field.x + field.w / 2.0) * scale;
    let y = live.y + (field.y + field.h / 2.0) * scale;
    {
        let mut hands = hands.lock().await;
        hands
            .dispatch_input(&UserInput::Click {
                x,
                y,
                button: PointerButton::Left,
                count: 1,
            })
            .await
            .unwrap();
        for key in "hunter2".chars() {
            hands
                .dispatch_input(&UserInput::Key {
                    key: key.to_string(),
                })
                .await
                .unwrap();
        }
    }
    // The keys reach the page in the agent's browser (batched every 50 ms).
    let typed = async {
        loop {
            let snapshot = agent_page(&session).await;
            let password = find(&snapshot, "textbox", "Password");
            // The snapshot masks the value; its length is what was typed.
            if password.value.as_deref().map(|v| v.chars().count()) == Some(7) {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(20), typed)
        .await
        .expect("the password typed on the live view reaches the page");

    let chat = snapshot(&ui).await;
    ui.invoke(&ClickParams {
        eid: (find(&chat, "button", "Hand back").eid.as_str()).to_string(),
    })
    .await
    .unwrap();
    wait_for(
        &ui,
        WaitCondition::Text {
            text: "completed".into(),
        },
    )
    .await;
    wait_for(
        &ui,
        WaitCondition::Text {
            text: "typed 7 characters into Password".into(),
        },
    )
    .await;
    let after = agent_page(&session).await;
    assert!(
        after.shown_texts().any(|t| t.contains("Welcome, ada")),
        "the run logged in with what the person typed"
    );
    let chat = ui.invoke(&ObserveParams::compact(None)).await.unwrap();
    assert!(!chat.text.contains("hunter2"), "{}", chat.text);
    assert!(
        !chat.text.contains("Your turn in the browser"),
        "the banner is gone: {}",
        chat.text
    );
    save_screenshot(&ui, "ui-handed-back.png").await;

    ui.close().await;
    host.shutdown().await;
    daemon.stop().await;
}
