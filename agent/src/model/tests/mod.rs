//! Unit tests of the model client against a wiremock chat-completions server.

mod client;
mod config;

use serde_json::{Value, json};
use wiremock::MockServer;

use crate::model::{ModelConfig, TierModels};

/// A config for the mock with tiny retry delays.
pub(crate) fn config_for(server: &MockServer) -> ModelConfig {
    ModelConfig {
        base_url: format!("{}/v1", server.uri()),
        standard: Some(TierModels::new("standard-model")),
        retry_base_ms: 1,
        retry_max_ms: 5,
        timeout_ms: 2_000,
        ..ModelConfig::default()
    }
}

/// A chat completion answering `content`.
pub(crate) fn completion(content: &str) -> Value {
    json!({
        "id": "cmpl-1",
        "object": "chat.completion",
        "choices": [{
            "index": 0,
            "message": { "role": "assistant", "content": content },
            "finish_reason": "stop",
        }],
        "usage": { "prompt_tokens": 1000, "completion_tokens": 500, "total_tokens": 1500 },
    })
}
