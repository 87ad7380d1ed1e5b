//! Driving the chat page in headless Chromium as a person would: find a control by its role and
//! accessible name, wait for what the page shows, send a message, save a screenshot.

use base64::Engine;
use tandem_mcp_browser::McpBrowserClient;
use tandem_mcp_browser::browser::WaitCondition;
use tandem_mcp_browser::server::params::{
    ClickParams, MAX_WAIT_MS, NavigateParams, ObserveParams, TypeParams, WaitParams,
};
use tandem_mcp_browser::snapshot::Snapshot;
use tandem_tests::TestBrowser;

/// Opens the daemon's chat page with its launch token and waits until it is connected and idle.
pub async fn open_ui(daemon: &super::TestDaemon, ui: &McpBrowserClient) {
    ui.invoke(&NavigateParams {
        url: (format!("{}#token={}", daemon.url("/"), daemon.token)).to_string(),
    })
    .await
    .unwrap();
    wait_text(ui, "idle").await;
}

/// A person's own browser (headless Chromium at the default size) with the daemon's chat page
/// open, connected and idle: how most UI tests begin.
pub async fn open_chat(daemon: &super::TestDaemon) -> TestBrowser {
    let person = TestBrowser::start().await.unwrap();
    open_ui(daemon, &person.client).await;
    person
}

/// The eid of the element with exactly this role and name; panics listing what is there.
pub fn eid(snapshot: &Snapshot, role: &str, name: &str) -> String {
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

/// Waits (at most 30 s) until the page shows `text`.
pub async fn wait_text(ui: &McpBrowserClient, text: &str) {
    wait_text_within(ui, text, 30).await;
}

/// Waits (at most `seconds`, a failure cut-off) until the page shows `text`. The wait tool
/// caps one call at `MAX_WAIT_MS`, so a longer cut-off is several calls.
pub async fn wait_text_within(ui: &McpBrowserClient, text: &str, seconds: u64) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    let condition = WaitCondition::Text { text: text.into() };
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        let chunk = u64::try_from(left.as_millis())
            .unwrap_or(MAX_WAIT_MS)
            .clamp(1, MAX_WAIT_MS);
        match ui
            .invoke(&WaitParams {
                condition: condition.clone(),
                timeout_ms: Some(chunk),
            })
            .await
        {
            Ok(_) => return,
            Err(_) if std::time::Instant::now() < deadline => continue,
            Err(error) => panic!("the UI never showed {text:?} within {seconds} s: {error}"),
        }
    }
}

/// Fails listing every element of `page` that sticks out of a 390 px wide viewport.
pub fn assert_fits_phone_width(page: &Snapshot) {
    let overflowing: Vec<String> = page
        .elements
        .iter()
        .filter(|e| e.rect.w > 0.0 && (e.rect.x < -1.0 || e.rect.x + e.rect.w > 391.0))
        .map(|e| format!("{} {:?} at x={} w={}", e.role, e.name, e.rect.x, e.rect.w))
        .collect();
    assert!(overflowing.is_empty(), "wider than 390 px: {overflowing:?}");
}

/// A person's browser at phone size (390×844): its host and an in-process client.
pub async fn phone_client() -> (
    std::sync::Arc<tandem_mcp_browser::BrowserHost>,
    McpBrowserClient,
) {
    let host = tandem_mcp_browser::BrowserHost::new(tandem_mcp_browser::BrowserConfig {
        viewport_width: 390,
        viewport_height: 844,
        ..tandem_tests::browser_config()
    });
    let ui = tandem_tests::connected_client(&host).await.unwrap();
    (host, ui)
}

/// Waits (at most 30 s) until the page has an element with this role and name.
pub async fn wait_element(ui: &McpBrowserClient, role: &str, name: &str) {
    let condition = WaitCondition::Element {
        name: name.into(),
        role: Some(role.into()),
    };
    if let Err(error) = ui
        .invoke(&WaitParams {
            condition: condition.clone(),
            timeout_ms: Some(30_000),
        })
        .await
    {
        panic!("the UI never showed {role} {name:?}: {error}");
    }
}

/// Types `text` into the composer and sends it.
pub async fn say(ui: &McpBrowserClient, text: &str) {
    let page = snapshot(ui).await;
    type_into(ui, &page, ("textbox", "Message to Tandem"), text, true).await;
    click(ui, &page, "button", "Send").await;
}

/// The page's snapshot now.
pub async fn snapshot(ui: &McpBrowserClient) -> Snapshot {
    ui.invoke(&ObserveParams::compact(None))
        .await
        .unwrap()
        .observation
        .snapshot
}

/// Clicks the element with this role and name on `page`.
pub async fn click(ui: &McpBrowserClient, page: &Snapshot, role: &str, name: &str) {
    let eid = eid(page, role, name);
    ui.invoke(&ClickParams { eid }).await.unwrap();
}

/// Types `text` into the element with this role and name on `page`, clearing it first when
/// `clear`.
pub async fn type_into(
    ui: &McpBrowserClient,
    page: &Snapshot,
    (role, name): (&str, &str),
    text: &str,
    clear: bool,
) {
    let params = TypeParams {
        eid: eid(page, role, name),
        text: text.to_owned(),
        clear,
        submit: false,
    };
    ui.invoke(&params).await.unwrap();
}

/// Sends the goal "open the fixture form then type Ada into Full name" and waits until the run
/// completed. Returns the goal.
pub async fn type_ada_into_the_form(
    ui: &McpBrowserClient,
    site: &tandem_tests::FixtureSite,
) -> String {
    let goal = format!(
        "open {} then type Ada into Full name",
        site.url("/form.html")
    );
    say(ui, &goal).await;
    wait_text(ui, "completed").await;
    goal
}

/// Saves a PNG screenshot of the page as `file_name` among the test artifacts
/// (`target/tmp/artifacts/`).
pub async fn save_screenshot(ui: &McpBrowserClient, file_name: &str) {
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
    std::fs::write(artifacts.join(file_name), image).unwrap();
}
