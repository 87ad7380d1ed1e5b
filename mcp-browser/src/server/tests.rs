//! The tools' argument checks and schemas, over a real rmcp connection. Arguments are checked
//! before the session is touched, so no browser is started here.

use rmcp::model::{CallToolRequestParams, CallToolResult, Tool};
use rmcp::service::{RoleClient, RunningService};
use rmcp::{ServiceExt, serve_server};
use serde_json::{Value, json};

use super::BrowserServer;
use crate::{BrowserConfig, BrowserHost};

async fn connected() -> RunningService<RoleClient, ()> {
    let (server_end, client_end) = tokio::io::duplex(1 << 16);
    let server = BrowserServer::new(BrowserHost::new(BrowserConfig::default()));
    tokio::spawn(async move {
        if let Ok(running) = serve_server(server, server_end).await {
            let _ = running.waiting().await;
        }
    });
    ().serve(client_end).await.unwrap()
}

async fn call(client: &RunningService<RoleClient, ()>, tool: &str, args: Value) -> CallToolResult {
    let Value::Object(arguments) = args else {
        panic!("arguments are an object");
    };
    let params = CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments);
    client.call_tool(params).await.unwrap()
}

/// The refusal's message, after checking it has the shape of every other tool error.
fn refused(result: &CallToolResult) -> String {
    assert_eq!(result.is_error, Some(true), "{result:?}");
    let body = result
        .structured_content
        .as_ref()
        .expect("a structured error");
    assert_eq!(body["error"], "invalid_argument", "{body}");
    let message = body["message"].as_str().expect("a message").to_owned();
    assert!(message.starts_with("invalid argument: "), "{message}");
    message
}

fn tool<'a>(tools: &'a [Tool], name: &str) -> &'a Tool {
    tools
        .iter()
        .find(|t| t.name == name)
        .expect("the tool is listed")
}

#[tokio::test]
async fn bad_arguments_are_refused_like_any_other_tool_error_naming_the_field() {
    let client = connected().await;
    let cases = [
        ("navigate", json!({}), "missing field `url`"),
        ("click", json!({ "eid": 12 }), "`eid`: invalid type"),
        (
            "click",
            json!({ "eid": "e1", "force": true }),
            "unknown field `force`",
        ),
        ("list_tabs", json!({ "all": true }), "unknown field `all`"),
        (
            "scroll",
            json!({ "direction": "sideways" }),
            "`direction`: unknown variant",
        ),
        (
            "observe",
            json!({ "quality": 300 }),
            "`quality`: invalid value",
        ),
        (
            "observe",
            json!({ "quality": 0 }),
            "`quality` is 1 to 100, not 0",
        ),
        (
            "screenshot",
            json!({ "quality": 101 }),
            "`quality` is 1 to 100, not 101",
        ),
        (
            "wait",
            json!({ "for": { "time": { "ms": "soon" } } }),
            "`for`: ",
        ),
    ];
    for (name, args, expected) in cases {
        let message = refused(&call(&client, name, args.clone()).await);
        assert!(message.contains(expected), "{name} {args}: {message}");
    }
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn contradictory_scroll_targets_are_refused() {
    let client = connected().await;
    for args in [
        json!({ "direction": "up", "to": "bottom" }),
        json!({ "eid": "e3", "to": "top" }),
        json!({ "eid": "e3", "direction": "down" }),
        json!({ "eid": "e3", "amount_px": 200 }),
        json!({ "to": "top", "amount_px": 200 }),
    ] {
        let message = refused(&call(&client, "scroll", args.clone()).await);
        assert!(message.contains("contradict"), "{args}: {message}");
    }
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn a_fixed_wait_longer_than_its_timeout_is_refused_not_waited_out() {
    let client = connected().await;
    let started = std::time::Instant::now();
    let message = refused(
        &call(
            &client,
            "wait",
            json!({ "for": { "time": { "ms": 3000 } }, "timeout_ms": 100 }),
        )
        .await,
    );
    assert!(message.contains("longer than `timeout_ms`"), "{message}");
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    let message = refused(
        &call(
            &client,
            "wait",
            json!({ "for": { "time": { "ms": 45_000 } } }),
        )
        .await,
    );
    assert!(message.contains("at most 30000"), "{message}");
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn the_schemas_state_the_limits_the_tools_enforce() {
    let client = connected().await;
    let tools = client.list_all_tools().await.unwrap();
    for name in ["observe", "screenshot"] {
        let quality =
            Value::Object((*tool(&tools, name).input_schema).clone())["properties"]["quality"]
                .clone();
        assert_eq!(quality["minimum"], 1, "{name}: {quality}");
        assert_eq!(quality["maximum"], 100, "{name}: {quality}");
    }
    let wait = tool(&tools, "wait");
    assert_eq!(wait.input_schema["required"], json!(["for"]));
    let timeout = wait.input_schema["properties"]["timeout_ms"]["description"].to_string();
    assert!(timeout.contains("refused"), "{timeout}");
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn every_served_tool_states_its_effect_as_annotations() {
    let client = connected().await;
    let tools = client.list_all_tools().await.unwrap();
    let effect =
        |name: &str| crate::tool::Effect::of_annotations(tool(&tools, name).annotations.as_ref());
    for listed in &tools {
        let hints = listed.annotations.as_ref().expect("annotations");
        assert!(
            hints.read_only_hint.is_some() && hints.open_world_hint.is_some(),
            "{listed:?}"
        );
    }
    assert!(effect("observe").read_only && effect("list_pages").read_only);
    assert!(!effect("generate_page").read_only && !effect("generate_page").open_world);
    assert!(effect("click").destructive && !effect("click").read_only);
    client.cancel().await.unwrap();
}
