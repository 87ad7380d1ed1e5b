//! Unit tests of the model planner: parsing, schema, prompts, secrets, untrusted page text, and
//! whole planning steps against a wiremock chat-completions server.

mod logging;
mod parsing;
mod planning;
mod strict_schema;

use serde_json::{Value, json};
use tandem_mcp_browser::snapshot::{Element, Rect, Snapshot, TextBlock, Viewport};
use wiremock::MockServer;

use crate::model::{ModelConfig, TierModels};

pub(super) fn config_for(server: &MockServer) -> ModelConfig {
    ModelConfig {
        base_url: format!("{}/v1", server.uri()),
        fast: Some(TierModels::new("fast-model")),
        standard: Some(TierModels::new("standard-model")),
        powerful: Some(TierModels::new("powerful-model")),
        retry_base_ms: 1,
        retry_max_ms: 5,
        max_retries: 1,
        ..ModelConfig::default()
    }
}

pub(super) fn completion(content: &str) -> Value {
    json!({
        "choices": [{ "message": { "role": "assistant", "content": content }, "finish_reason": "stop" }],
        "usage": { "prompt_tokens": 100, "completion_tokens": 10 },
    })
}

pub(super) fn element(eid: &str, role: &str, name: &str) -> Element {
    Element {
        eid: eid.into(),
        role: role.to_owned(),
        name: name.to_owned(),
        tag: "button".to_owned(),
        in_viewport: true,
        editable: role == "textbox",
        rect: Rect {
            x: 0.0,
            y: 10.0,
            w: 100.0,
            h: 20.0,
        },
        ..Element::default()
    }
}

pub(super) fn page(texts: &[&str]) -> Snapshot {
    Snapshot {
        url: "https://shop.test/account".to_owned(),
        title: "Account".to_owned(),
        viewport: Viewport {
            width: 1280.0,
            height: 800.0,
            scroll_x: 0.0,
            scroll_y: 0.0,
            page_height: 800.0,
        },
        elements: vec![
            element("e1", "textbox", "Email"),
            element("e2", "button", "Delete all"),
        ],
        texts: texts
            .iter()
            .map(|t| TextBlock {
                kind: "text".to_owned(),
                level: None,
                text: (*t).to_owned(),
                in_viewport: true,
                y: 0.0,
                ..TextBlock::default()
            })
            .collect(),
        truncated: false,
        timing_ms: None,
    }
}

/// The request bodies the mock received.
pub(super) async fn bodies(server: &MockServer) -> Vec<Value> {
    server
        .received_requests()
        .await
        .unwrap_or_default()
        .iter()
        .map(|r| serde_json::from_slice(&r.body).unwrap_or(Value::Null))
        .collect()
}

/// The text of every message of a request, joined.
pub(super) fn all_text(body: &Value) -> String {
    body["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| match &m["content"] {
            Value::String(text) => text.clone(),
            Value::Array(parts) => parts
                .iter()
                .filter_map(|p| p["text"].as_str())
                .collect::<Vec<_>>()
                .join("\n"),
            _ => String::new(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}
