//! A password field over MCP, as a person meets it: the gate hands the step over by URL
//! elicitation; the person opens the address in their own browser (a second headless
//! Chromium), sees the live view on the takeover stage, clicks the field on it, types with real
//! key events and presses Hand back; the tool call returns with what changed (the password's
//! length, never its value). Over stdio (`tandem mcp`) and over streamable HTTP (`/mcp`).

use std::sync::Arc;

use rmcp::model::CallToolResult;
use serde_json::json;
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::snapshot::{Rect, Snapshot};
use tandem_mcp_browser::{BrowserHost, McpBrowserClient};
use tandem_protocol::{PointerButton, UserInput};
use tandem_tests::browser_config;

use super::person::Person;
use super::shop::Shop;
use super::{Client, call, eid_of, over_http, over_stdio, text};
use crate::support::TestDaemon;
use crate::support::ui::{click, snapshot, wait_element, wait_text};

const SECRET: &str = "s3cret-kettle";

/// The element box of `name` on the client's page (CSS pixels of its 1280-wide viewport).
async fn rect_of(client: &Client, name: &str) -> (f64, f64, f64, f64) {
    let result = call(client, "observe", json!({"include_json": true})).await;
    let snapshot = &result.structured_content.as_ref().unwrap()["snapshot"];
    let element = snapshot["elements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|element| element["name"] == name)
        .unwrap_or_else(|| panic!("no {name}: {snapshot}"))
        .clone();
    let rect = &element["rect"];
    let number = |key: &str| rect[key].as_f64().unwrap_or_else(|| panic!("{rect}"));
    (number("x"), number("y"), number("w"), number("h"))
}

/// The live view's image box, once the first frame is shown (the image is hidden before).
async fn live_image(eyes: &McpBrowserClient) -> Rect {
    let shown = async {
        loop {
            let page: Snapshot = snapshot(eyes).await;
            if let Some(image) = page
                .elements
                .iter()
                .find(|e| e.tag == "img" && e.role == "clickable")
            {
                return image.rect;
            }
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(30), shown)
        .await
        .expect("the live view never showed the page")
}

/// The step as the chat page's takeover card words it: the field by its name, the text masked.
const STEP: &str = "type \"••••••\" into the \"Password\" field";

/// `screen_width`: the person's browser, 1280 (a laptop) or 390 (a phone, 844 tall).
async fn a_password_is_handed_over_typed_on_the_live_view_and_handed_back(
    client: Client,
    person: &Person,
    shop: &Shop,
    screen_width: u32,
) {
    call(&client, "navigate", json!({"url": shop.url("/login")})).await;
    let field = rect_of(&client, "Password").await;
    let password = eid_of(&client, "Password").await;
    let typing = tokio::spawn(async move {
        let result: CallToolResult =
            call(&client, "type", json!({"eid": password, "text": SECRET})).await;
        (client, result)
    });

    // The person opens the address in their own browser.
    let address = person.address_opened().await;
    assert!(
        address.starts_with("http://127.0.0.1:") && address.contains("/handover.html#"),
        "a loopback handover address: {address}"
    );
    let asked = &person.asked()[0];
    assert!(
        asked.contains("Rule: takeover-") && asked.contains(STEP) && !asked.contains(SECRET),
        "{asked}"
    );
    let host = BrowserHost::new(tandem_mcp_browser::BrowserConfig {
        viewport_width: screen_width,
        viewport_height: if screen_width < 600 { 844 } else { 800 },
        ..browser_config()
    });
    let server = BrowserServer::new(Arc::clone(&host));
    let hands = Arc::clone(server.session());
    let eyes = McpBrowserClient::in_process(server).await.unwrap();
    eyes.invoke(&tandem_mcp_browser::server::params::NavigateParams {
        url: address.clone(),
    })
    .await
    .unwrap();
    wait_text(&eyes, "Rule: takeover-").await;
    wait_text(&eyes, STEP).await;
    wait_element(&eyes, "button", "Hand back").await;
    let shot = format!("mcp-handover-{screen_width}.png");
    crate::support::ui::save_screenshot(&eyes, &shot).await;

    // Click the password field where the live view shows it, then type with real keys.
    let image = live_image(&eyes).await;
    let scale = image.w / 1280.0;
    let (x, y, w, h) = field;
    let point = UserInput::Click {
        x: image.x + (x + w / 2.0) * scale,
        y: image.y + (y + h / 2.0) * scale,
        button: PointerButton::Left,
        count: 1,
    };
    {
        let mut hands = hands.lock().await;
        hands.dispatch_input(&point).await.unwrap();
        for key in SECRET.chars() {
            let key = key.to_string();
            hands.dispatch_input(&UserInput::Key { key }).await.unwrap();
        }
    }
    click(&eyes, &snapshot(&eyes).await, "button", "Hand back").await;
    wait_text(&eyes, "Handed back").await;

    let (client, result) = typing.await.unwrap();
    let said = text(&result);
    assert_ne!(result.is_error, Some(true), "{said}");
    let body = result.structured_content.as_ref().unwrap();
    assert_eq!(body["handed_back"], true, "{body}");
    let changed = body["changed"].as_str().unwrap_or_default();
    assert!(
        changed.contains(&format!("typed {} characters into Password", SECRET.len())),
        "what changed names the typing, not the text: {changed}"
    );
    assert!(
        !said.contains(SECRET),
        "the password never reaches the client"
    );

    // The link works once: opening it again (a fresh load) gets no live view.
    eyes.invoke(&tandem_mcp_browser::server::params::NavigateParams {
        url: "about:blank".to_owned(),
    })
    .await
    .unwrap();
    eyes.invoke(&tandem_mcp_browser::server::params::NavigateParams { url: address })
        .await
        .unwrap();
    wait_text(&eyes, "Each link works once").await;
    eyes.close().await;
    host.shutdown().await;
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn stdio_a_password_is_typed_by_the_person_on_the_live_view() {
    let shop = Shop::start().await;
    let person = Person::with_url();
    let client = over_stdio(person.clone(), &[]).await;
    a_password_is_handed_over_typed_on_the_live_view_and_handed_back(client, &person, &shop, 1280)
        .await;
}

/// Over HTTP, the person's browser is a phone's.
#[tokio::test]
async fn http_a_password_is_typed_by_the_person_on_the_live_view() {
    let shop = Shop::start().await;
    let daemon = TestDaemon::start().await;
    let person = Person::with_url();
    let client = over_http(person.clone(), &daemon).await;
    a_password_is_handed_over_typed_on_the_live_view_and_handed_back(client, &person, &shop, 390)
        .await;
    daemon.stop().await;
}
