//! The `hover` tool in real headless Chromium: a real mouse move onto an element, nothing
//! pressed. A menu item whose submenu opens a moment after the mouse rests on it answers with
//! what appeared; its closed submenu shows in the snapshot as `expanded: false` first (an item
//! with `aria-haspopup` and its own list beside it), and the page saw no click.

use serde_json::{Value, json};
use tandem_mcp_browser::ClientError;
use tandem_mcp_browser::server::params::NavigateParams;
use tandem_tests::{FixtureSite, TestBrowser};

/// The element named `name` in an observation, if it shows.
fn element<'v>(observation: &'v Value, name: &str) -> Option<&'v Value> {
    observation["snapshot"]["elements"]
        .as_array()
        .expect("elements")
        .iter()
        .find(|e| e["name"] == name)
}

async fn observe(client: &tandem_mcp_browser::McpBrowserClient) -> Value {
    client
        .call("observe", json!({ "include_json": true }))
        .await
        .unwrap()
        .structured
        .unwrap()
}

async fn hover(client: &tandem_mcp_browser::McpBrowserClient, eid: &str) -> String {
    let answer = client.call("hover", json!({ "eid": eid })).await.unwrap();
    answer.structured.unwrap()["message"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn hovering_a_menu_item_opens_its_submenu_and_says_what_appeared() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    client
        .invoke(&NavigateParams {
            url: site.url("/instructions/flyout.html"),
        })
        .await
        .unwrap();

    let page = observe(client).await;
    let shape = element(&page, "Shape").expect("the Shape item");
    assert_eq!(shape["expanded"], json!(false), "{shape}");
    assert!(element(&page, "Rotate").is_none(), "the submenu is closed");
    let shape = shape["eid"].as_str().unwrap().to_owned();

    // The submenu opens 250 ms after the mouse arrives (the answer waits for it up to a bound;
    // the test awaits the item itself, never the answer's timing).
    let said = hover(client, &shape).await;
    assert!(
        said.starts_with(&format!("hovered {shape} (menuitem \"Shape\")")),
        "{said}"
    );
    client
        .call(
            "wait",
            json!({ "for": { "element": { "name": "Rotate" } }, "timeout_ms": 30000 }),
        )
        .await
        .unwrap();

    let page = observe(client).await;
    assert_eq!(element(&page, "Shape").unwrap()["expanded"], json!(true));
    let fill = element(&page, "Fill").expect("Fill shows");
    assert_eq!(fill["expanded"], json!(false), "{fill}");
    let fill = fill["eid"].as_str().unwrap().to_owned();
    // Fill's submenu opens at once: the answer names what appeared.
    let said = hover(client, &fill).await;
    assert!(
        said.contains("2 elements appeared") && said.contains("menuitem \"Hatched\""),
        "{said}"
    );

    // Nothing was pressed: the page picked nothing.
    client
        .call(
            "wait",
            json!({ "for": { "text": { "text": "|picked=nothing|" } }, "timeout_ms": 30000 }),
        )
        .await
        .unwrap();

    // An element the page never had: a typed error, and the session goes on.
    match client.call("hover", json!({ "eid": "e99999" })).await {
        Err(ClientError::Tool { code, message }) => assert_eq!(code, "unknown_eid", "{message}"),
        other => panic!("hovered an unknown element: {other:?}"),
    }
    let said = hover(client, &shape).await;
    assert!(said.starts_with(&format!("hovered {shape}")), "{said}");
    browser.shutdown().await;
}
