//! What the MCP tools answer, read the way any MCP program reads it, in real headless Chromium:
//! structured content is always a JSON object (MCP requires it, and the official SDKs refuse
//! anything else), and a bad argument is an `invalid_argument` tool error like any other.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use serde_json::{Value, json};
use tandem_mcp_browser::server::params::{
    LaunchParams, ListTabsParams, NavigateParams, ObserveParams,
};
use tandem_mcp_browser::{ClientError, McpBrowserClient};
use tandem_tests::{FixtureSite, TestBrowser};

/// Calls `tool` and returns its structured content, which must be a JSON object.
async fn object(client: &McpBrowserClient, tool: &str, args: Value) -> Value {
    let output = client
        .call(tool, args.clone())
        .await
        .unwrap_or_else(|e| panic!("{tool} {args}: {e}"));
    let structured = output
        .structured
        .unwrap_or_else(|| panic!("{tool} {args} answered no structured content"));
    assert!(
        structured.is_object(),
        "{tool} {args}: structured content must be an object, not {structured}"
    );
    structured
}

/// The eid of the element named `name` in an object-form observation.
fn eid_of(observation: &Value, name: &str) -> String {
    observation["snapshot"]["elements"]
        .as_array()
        .expect("elements")
        .iter()
        .find(|e| e["name"] == name)
        .and_then(|e| e["eid"].as_str())
        .unwrap_or_else(|| panic!("no element named {name:?}"))
        .to_owned()
}

#[tokio::test]
async fn every_tool_answers_structured_content_as_a_json_object() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;

    let launched = object(client, "launch", json!({ "url": site.url("/popup.html") })).await;
    assert_eq!(
        launched["tabs"].as_array().map(Vec::len),
        Some(1),
        "{launched}"
    );
    let observed = object(client, "observe", json!({ "include_json": true })).await;
    let clicked = object(
        client,
        "click",
        json!({ "eid": eid_of(&observed, "Open offer") }),
    )
    .await;
    assert!(clicked["message"].is_string(), "{clicked}");

    // The popup is reported by the next observation, in both JSON forms.
    let compact = json!({ "include_json": true, "compact_json": true });
    let observed = object(client, "observe", compact).await;
    let popup = observed["notices"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|n| n["kind"] == "tab_opened")
        .and_then(|n| n["tab_id"].as_str())
        .unwrap_or_else(|| panic!("the popup is reported: {}", observed["notices"]))
        .to_owned();
    let listed = object(client, "list_tabs", json!({})).await;
    assert_eq!(listed["tabs"].as_array().map(Vec::len), Some(2), "{listed}");
    let switched = object(client, "switch_tab", json!({ "tab_id": popup })).await;
    let active = switched["tabs"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|t| t["active"] == true);
    assert_eq!(active.map(|t| &t["id"]), Some(&json!(popup)), "{switched}");

    // The popup is the sign-up form: every action answers an object too.
    let form = object(client, "observe", json!({ "include_json": true })).await;
    let email = eid_of(&form, "Email");
    object(client, "type", json!({ "eid": email, "text": "a@b.c" })).await;
    object(client, "press_key", json!({ "key": "Tab" })).await;
    object(client, "scroll", json!({ "to": "bottom" })).await;
    object(client, "wait", json!({ "for": { "time": { "ms": 10 } } })).await;
    object(
        client,
        "navigate",
        json!({ "url": site.url("/links.html") }),
    )
    .await;
    object(client, "back", json!({})).await;

    let closed = object(client, "close_tab", json!({ "tab_id": popup })).await;
    assert_eq!(closed["tabs"].as_array().map(Vec::len), Some(1), "{closed}");

    // The typed client reads the same answers.
    let tabs = client.invoke(&ListTabsParams {}).await.unwrap().tabs;
    assert_eq!(tabs.len(), 1);
    assert!(tabs[0].active);
    assert_eq!(
        client.invoke(&LaunchParams::default()).await.unwrap().tabs,
        tabs
    );
    browser.shutdown().await;
}

#[tokio::test]
async fn bad_arguments_are_invalid_argument_tool_errors_and_the_session_goes_on() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    client
        .invoke(&NavigateParams {
            url: site.url("/links.html").to_string(),
        })
        .await
        .unwrap();

    let cases = [
        (
            "navigate",
            json!({ "address": "x" }),
            "unknown field `address`",
        ),
        ("click", json!({}), "missing field `eid`"),
        ("click", json!({ "eid": 7 }), "`eid`"),
        ("observe", json!({ "quality": 0 }), "`quality`"),
        ("screenshot", json!({ "quality": 250 }), "`quality`"),
        (
            "scroll",
            json!({ "direction": "down", "to": "top" }),
            "contradict",
        ),
        (
            "scroll",
            json!({ "within": "policy" }),
            "`within` needs `to`",
        ),
        (
            "wait",
            json!({ "for": { "time": { "ms": 3000 } }, "timeout_ms": 100 }),
            "timeout_ms",
        ),
    ];
    for (tool, args, names) in cases {
        match client.call(tool, args.clone()).await {
            Err(ClientError::Tool { code, message }) => {
                assert_eq!(code, "invalid_argument", "{tool} {args}: {message}");
                assert!(message.contains(names), "{tool} {args}: {message}");
            }
            other => panic!("{tool} {args}: {other:?}"),
        }
    }
    let page = client.invoke(&ObserveParams::compact(None)).await.unwrap();
    assert_eq!(page.observation.snapshot.title, "Links");
    browser.shutdown().await;
}
