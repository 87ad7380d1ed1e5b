//! A takeover a person can do, in the chat page in real headless Chromium at 1280 and at 390 px
//! wide: a CAPTCHA page is handed over; the live view fills the window with the card, the zoom
//! controls and Hand back; the element the agent asks about is outlined. The person types a word
//! into a field with real key events (no separate field to click first), clicks the outlined
//! button's centre at 1:1 (the page says the check is missing), ticks the box, zooms in and
//! clicks the outlined button again, then hands back: the run finishes with the form sent.
//! Screenshots: `target/tmp/artifacts/ui-takeover-{width}.png` (copied into docs/ui/).

use std::sync::Arc;
use std::time::Duration;

use support::TestDaemon;
use support::ui::{click, open_ui, save_screenshot, say, snapshot, wait_element, wait_text};
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::snapshot::{Element, Rect, Snapshot};
use tandem_mcp_browser::{BrowserConfig, BrowserHost, BrowserSession, McpBrowserClient};
use tandem_protocol::{PointerButton, UserInput};
use tandem_server::session::Session;
use tandem_tests::{FixtureSite, browser_config};
use tokio::sync::Mutex;

use crate::support;

fn find<'a>(page: &'a Snapshot, what: impl Fn(&Element) -> bool, label: &str) -> &'a Element {
    page.elements.iter().find(|e| what(e)).unwrap_or_else(|| {
        let all: Vec<String> = page
            .elements
            .iter()
            .map(|e| format!("{} {:?} {:?}", e.role, e.name, e.rect))
            .collect();
        panic!("no {label} in {all:?}")
    })
}

/// What the agent's browser shows, through its own session.
async fn agent_page(session: &Arc<Session>) -> Snapshot {
    let eyes =
        McpBrowserClient::in_process(BrowserServer::with_session(Arc::clone(&session.browser)))
            .await
            .unwrap();
    snapshot(&eyes).await
}

/// Waits (at most 20 s) until the agent's page satisfies `check`.
async fn agent_page_until(session: &Arc<Session>, what: &str, check: impl Fn(&Snapshot) -> bool) {
    let waited = async {
        loop {
            if check(&agent_page(session).await) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    if tokio::time::timeout(Duration::from_secs(20), waited)
        .await
        .is_err()
    {
        panic!("the agent's page never showed {what}");
    }
}

/// The chat page's live view on the stage: the image's box and the part of the window that
/// shows it (below the zoom controls, down to the window's bottom).
struct LiveView {
    image: Rect,
    surface: Rect,
}

async fn live_view(ui: &McpBrowserClient) -> LiveView {
    let chat = snapshot(ui).await;
    let image = find(
        &chat,
        |e| e.tag == "img" && e.role == "clickable",
        "live image",
    )
    .rect;
    let tools = find(&chat, |e| e.name == "Fit", "the zoom controls").rect;
    let top = tools.y + tools.h;
    let surface = Rect {
        x: 0.0,
        y: top,
        w: chat.viewport.width,
        h: chat.viewport.height - top,
    };
    LiveView { image, surface }
}

/// Clicks with the UI browser's real mouse where the live view shows the centre of `element`
/// (a box in the agent's page, 1280 CSS pixels wide); panics when that point is not on screen.
async fn click_on_live_view(ui: &McpBrowserClient, hands: &Mutex<BrowserSession>, element: Rect) {
    let live = live_view(ui).await;
    let scale = live.image.w / 1280.0;
    let x = live.image.x + (element.x + element.w / 2.0) * scale;
    let y = live.image.y + (element.y + element.h / 2.0) * scale;
    let shown = live.surface;
    assert!(
        x > shown.x && x < shown.x + shown.w && y > shown.y && y < shown.y + shown.h,
        "({x}, {y}) is outside the visible live view {shown:?}"
    );
    hands
        .lock()
        .await
        .dispatch_input(&UserInput::Click {
            x,
            y,
            button: PointerButton::Left,
            count: 1,
        })
        .await
        .unwrap();
}

/// The zoom level the stage shows ("100%").
async fn zoom_label(ui: &McpBrowserClient) -> String {
    let chat = snapshot(ui).await;
    chat.shown_texts()
        .map(str::trim)
        .find(|t| t.ends_with('%') && t.trim_end_matches('%').parse::<u32>().is_ok())
        .unwrap_or_default()
        .to_owned()
}

/// True when `text` holds an element id such as `e12`.
fn has_element_id(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .any(|word| {
            word.len() > 1 && word.starts_with('e') && word[1..].bytes().all(|b| b.is_ascii_digit())
        })
}

async fn a_captcha_page_is_handed_over_and_done_on_the_live_view(width: u32, height: u32) {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let host = BrowserHost::new(BrowserConfig {
        viewport_width: width,
        viewport_height: height,
        ..browser_config()
    });
    let server = BrowserServer::new(Arc::clone(&host));
    let hands: Arc<Mutex<BrowserSession>> = Arc::clone(server.session());
    let ui = McpBrowserClient::in_process(server).await.unwrap();
    open_ui(&daemon, &ui).await;

    say(
        &ui,
        &format!(
            "open {} then type Ada into Name then click Continue",
            site.url("/captcha-form.html")
        ),
    )
    .await;
    // The CAPTCHA is handed over: the stage shows the card, the zoom and the page.
    wait_text(&ui, "Your turn in the browser").await;
    wait_element(&ui, "button", "Fit").await;
    let ids = daemon.state.sessions.ids();
    let session = daemon.state.sessions.get(&ids[0]).unwrap();
    let page = agent_page(&session).await;
    let button = find(&page, |e| e.name == "Continue", "Continue").rect;
    let email = find(&page, |e| e.name == "Email", "Email").rect;
    let robot = find(&page, |e| e.name.contains("not a robot"), "the CAPTCHA box").rect;
    let card = snapshot(&ui).await;
    assert!(
        card.shown_texts()
            .any(|t| t.contains("click the \"Continue\" button")),
        "the card names the button as a person would"
    );
    assert!(
        !card
            .shown_texts()
            .filter(|t| t.contains("Please do this yourself"))
            .any(has_element_id),
        "no element id on the card"
    );
    // The live view is the main thing on screen: at least as wide as the window allows.
    let live = live_view(&ui).await;
    assert!(
        live.image.w > f64::from(width) * 0.9,
        "the live view is {} px wide in a {width} px window",
        live.image.w
    );
    save_screenshot(&ui, &format!("ui-takeover-{width}.png")).await;

    // The keyboard goes to the page: click the field on the live view, then type.
    click_on_live_view(&ui, &hands, email).await;
    {
        let mut hands = hands.lock().await;
        for key in "lovelace".chars() {
            let key = key.to_string();
            hands.dispatch_input(&UserInput::Key { key }).await.unwrap();
        }
    }
    agent_page_until(&session, "the typed email", |page| {
        page.elements
            .iter()
            .any(|e| e.name == "Email" && e.value.as_deref() == Some("lovelace"))
    })
    .await;

    // 1:1, then the outlined button's centre: the page says the check is missing.
    click(&ui, &snapshot(&ui).await, "button", "1:1").await;
    assert_eq!(zoom_label(&ui).await, "100%");
    click_on_live_view(&ui, &hands, button).await;
    agent_page_until(&session, "the missing check", |page| {
        page.shown_texts()
            .any(|t| t.contains("Please complete the check first"))
    })
    .await;

    // Tick the box, zoom in, and click the outlined button again: the form is sent.
    click_on_live_view(&ui, &hands, robot).await;
    click(&ui, &snapshot(&ui).await, "button", "Zoom in").await;
    assert_eq!(zoom_label(&ui).await, "125%");
    click_on_live_view(&ui, &hands, button).await;
    agent_page_until(&session, "the form sent", |page| {
        page.shown_texts().any(|t| t.contains("Sent by Ada"))
    })
    .await;
    save_screenshot(&ui, &format!("ui-takeover-{width}-zoomed.png")).await;

    // Hand back: the run finishes, and the live view is back in its place.
    click(&ui, &snapshot(&ui).await, "button", "Hand back").await;
    wait_text(&ui, "completed").await;
    let chat = snapshot(&ui).await;
    assert!(
        !chat.elements.iter().any(|e| e.name == "Fit"),
        "the stage is gone after Hand back"
    );
    find(
        &chat,
        |e| e.name == "Take over",
        "Take over, back under the chat",
    );
    ui.close().await;
    host.shutdown().await;
    daemon.stop().await;
}

#[tokio::test]
async fn at_1280_px_a_captcha_is_done_on_a_large_live_view() {
    a_captcha_page_is_handed_over_and_done_on_the_live_view(1280, 800).await;
}

#[tokio::test]
async fn at_390_px_a_captcha_is_done_on_the_live_view_filling_the_screen() {
    a_captcha_page_is_handed_over_and_done_on_the_live_view(390, 844).await;
}
