//! The chat UI in real headless Chromium, driven by Tandem's own MCP browser tools: open the page
//! with the token, send a goal, see the confirm card, approve, see the run finish. A screenshot
//! of the UI is saved as a test artifact. A browser killed between two messages shows as one
//! "browser restarted" line on the UI's timeline.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

mod support;

use base64::Engine;
use support::TestDaemon;
use tandem_mcp_browser::McpBrowserClient;
use tandem_mcp_browser::browser::WaitCondition;
use tandem_mcp_browser::snapshot::Snapshot;
use tandem_tests::{FixtureSite, TestBrowser};

fn eid(snapshot: &Snapshot, role: &str, name: &str) -> String {
    snapshot
        .elements
        .iter()
        .find(|e| e.role == role && e.name == name)
        .unwrap_or_else(|| {
            let all: Vec<String> = snapshot
                .elements
                .iter()
                .map(|e| format!("{} {:?}", e.role, e.name))
                .collect();
            panic!("no {role} {name:?} in {all:?}")
        })
        .eid
        .to_string()
}

async fn wait_text(client: &McpBrowserClient, text: &str) {
    let condition = WaitCondition::Text { text: text.into() };
    if let Err(error) = client.wait(&condition, Some(30_000)).await {
        panic!("the UI never showed {text:?}: {error}");
    }
}

#[tokio::test]
async fn a_person_approves_a_confirmation_in_the_chat_ui() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let person = TestBrowser::start().await.unwrap();
    let ui = &person.client;

    let address = format!("{}#token={}", daemon.url("/"), daemon.token);
    ui.navigate(&address).await.unwrap();
    wait_text(ui, "idle").await;
    let page = ui.observe(None).await.unwrap().observation.snapshot;
    assert!(
        !page.url.contains("token="),
        "the token leaves the address bar: {}",
        page.url
    );

    let goal = format!(
        "open {} then type Ada into Full name then click Create account",
        site.url("/form.html")
    );
    ui.type_text(
        &eid(&page, "textbox", "Message to Tandem"),
        &goal,
        true,
        false,
    )
    .await
    .unwrap();
    ui.click(&eid(&page, "button", "Send")).await.unwrap();

    let approve = WaitCondition::Element {
        name: "Approve for this session".into(),
        role: Some("button".into()),
    };
    ui.wait(&approve, Some(30_000)).await.unwrap();
    let card = ui.observe(None).await.unwrap();
    assert!(
        card.text.contains("Create account"),
        "the card names the target: {}",
        card.text
    );
    let shot = ui
        .call("screenshot", serde_json::json!({ "image_format": "png" }))
        .await
        .unwrap();
    let (mime, data) = shot.images.first().cloned().expect("an image");
    assert_eq!(mime, "image/png");
    let artifacts = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("artifacts");
    std::fs::create_dir_all(&artifacts).unwrap();
    let image = base64::engine::general_purpose::STANDARD
        .decode(data)
        .unwrap();
    std::fs::write(artifacts.join("ui-confirm-card.png"), image).unwrap();

    ui.click(&eid(&card.observation.snapshot, "button", "Approve"))
        .await
        .unwrap();
    wait_text(ui, "completed").await;
    let done = ui.observe(None).await.unwrap();
    assert!(
        !done.text.contains("Approve for this session"),
        "the card is gone"
    );

    person.shutdown().await;
    daemon.stop().await;
}

/// Types `text` into the composer and sends it.
async fn say(ui: &McpBrowserClient, text: &str) {
    let page = ui.observe(None).await.unwrap().observation.snapshot;
    ui.type_text(
        &eid(&page, "textbox", "Message to Tandem"),
        text,
        true,
        false,
    )
    .await
    .unwrap();
    ui.click(&eid(&page, "button", "Send")).await.unwrap();
}

#[tokio::test]
async fn a_browser_restart_shows_as_one_line_on_the_chat_timeline() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let person = TestBrowser::start().await.unwrap();
    let ui = &person.client;
    ui.navigate(&format!("{}#token={}", daemon.url("/"), daemon.token))
        .await
        .unwrap();
    wait_text(ui, "idle").await;
    say(ui, &format!("open {}", site.url("/form.html"))).await;
    wait_text(ui, "completed").await;

    daemon.kill_browser().await;
    say(ui, &format!("open {}", site.url("/links.html"))).await;
    wait_text(ui, "The browser was restarted").await;
    let shown = ui.observe(None).await.unwrap().text;
    assert_eq!(
        shown.matches("The browser was restarted").count(),
        1,
        "{shown}"
    );
    assert!(shown.contains("SIGKILL"), "the reason is shown: {shown}");

    person.shutdown().await;
    daemon.stop().await;
}
