//! A scripted model: an OpenAI-compatible chat-completions server on a free loopback port that
//! answers planning requests with a scenario's replies, in order.
//!
//! In: the scenario's [`ScriptedReply`] list. Out: a [`ModelConfig`] pointing at the server. A
//! reply's `{{eid:Name}}` becomes the eid of the element named `Name` on the page in the request
//! (so a script can name elements of the real page); when there is none, or once the script
//! has run out, the answer is a `stop` that says so. Compaction requests (the FAST tier's model)
//! always get a short summary and do not use the script. The model planner retries once, after
//! a millisecond, so a scripted error answer is seen twice unless the script says otherwise.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::{Value, json};
use tandem_agent::ModelConfig;
use tandem_agent::model::TierModels;

use super::format::ScriptedReply;
use super::loopback::Loopback;

/// The model name planning requests use.
const PLANNING_MODEL: &str = "scripted";
/// The model name compaction requests use.
const SUMMARY_MODEL: &str = "scripted-summary";
/// Longest scripted delay.
const MAX_DELAY: Duration = Duration::from_secs(30);

struct Script {
    replies: Mutex<VecDeque<ScriptedReply>>,
}

/// A running scripted model server; stops when dropped.
pub struct ScriptedModel {
    server: Loopback,
}

impl ScriptedModel {
    /// Serves `replies` on a free loopback port.
    pub async fn start(replies: Vec<ScriptedReply>) -> anyhow::Result<Self> {
        let script = Arc::new(Script {
            replies: Mutex::new(replies.into()),
        });
        let app = Router::new()
            .route("/v1/chat/completions", post(answer))
            .with_state(script);
        let server = Loopback::serve(app, "the scripted model").await?;
        Ok(Self { server })
    }

    /// The model configuration for this server: one quick retry, and a timeout that only a
    /// scripted `delay_ms` reaches (a loaded machine can take seconds to answer at once).
    pub fn config(&self) -> ModelConfig {
        ModelConfig {
            fast: Some(TierModels::new(SUMMARY_MODEL)),
            max_retries: 1,
            retry_base_ms: 1,
            retry_max_ms: 5,
            timeout_ms: 15_000,
            ..ModelConfig::new(format!("http://{}/v1", self.server.addr()), PLANNING_MODEL)
        }
    }
}

async fn answer(State(script): State<Arc<Script>>, body: String) -> Response {
    let request: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
    if request["model"] == SUMMARY_MODEL {
        return completion("Goal: as asked\nProgress: some steps done\nNext steps: continue");
    }
    let next = script
        .replies
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .pop_front();
    let Some(reply) = next else {
        return completion(&stop("the scripted model has no more replies"));
    };
    match reply {
        ScriptedReply::Content(content) => completion(&fill_eids(&content, &request)),
        ScriptedReply::Http(http) => {
            if http.delay_ms > 0 {
                tokio::time::sleep(Duration::from_millis(http.delay_ms).min(MAX_DELAY)).await;
            }
            let status = StatusCode::from_u16(http.status).unwrap_or(StatusCode::OK);
            let mut response = match (http.body, http.content) {
                (Some(body), _) => {
                    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
                }
                (None, Some(content)) => completion(&fill_eids(&content, &request)),
                (None, None) if status.is_success() => completion(&stop("scripted stop")),
                (None, None) => axum::Json(json!({
                    "error": { "message": format!("scripted HTTP {}", status.as_u16()),
                               "type": "server_error" }
                }))
                .into_response(),
            };
            *response.status_mut() = status;
            response
        }
    }
}

/// A chat completion whose content is `content`.
fn completion(content: &str) -> Response {
    axum::Json(json!({
        "id": "cmpl-scripted",
        "object": "chat.completion",
        "choices": [{
            "index": 0,
            "message": { "role": "assistant", "content": content },
            "finish_reason": "stop",
        }],
        "usage": { "prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0 },
    }))
    .into_response()
}

fn stop(answer: &str) -> String {
    json!({ "action": { "action": "stop", "answer": answer } }).to_string()
}

/// `content` with every `{{eid:Name}}` replaced by that element's eid in the request's page.
/// When an element is missing, the whole answer becomes a `stop` naming it.
fn fill_eids(content: &str, request: &Value) -> String {
    let mut out = String::with_capacity(content.len());
    let mut rest = content;
    while let Some(start) = rest.find("{{eid:") {
        let Some(len) = rest[start..].find("}}") else {
            break;
        };
        let name = &rest[start + 6..start + len];
        match eid_of(request, name) {
            Some(eid) => {
                out.push_str(&rest[..start]);
                out.push_str(&eid);
                rest = &rest[start + len + 2..];
            }
            None => return stop(&format!("scripted model: no element named \"{name}\"")),
        }
    }
    out.push_str(rest);
    out
}

/// The text of every message of a request, joined.
fn request_text(request: &Value) -> String {
    let mut text = String::new();
    for message in request["messages"].as_array().into_iter().flatten() {
        match &message["content"] {
            Value::String(content) => text.push_str(content),
            Value::Array(parts) => {
                for part in parts {
                    if let Some(part) = part["text"].as_str() {
                        text.push_str(part);
                        text.push('\n');
                    }
                }
            }
            _ => {}
        }
        text.push('\n');
    }
    text
}

/// The eid of the element whose accessible name is `name` on the request's latest page. The
/// page lists elements as `[e4] button "Buy now" …`.
fn eid_of(request: &Value, name: &str) -> Option<String> {
    let text = request_text(request);
    let page = text.rsplit("<page_content>").next()?;
    let quoted = format!("\"{name}\"");
    page.lines().map(str::trim_start).find_map(|line| {
        let inner = line.strip_prefix('[')?;
        let close = inner.find(']')?;
        let (_role, rest) = inner[close + 1..].trim_start().split_once(' ')?;
        rest.starts_with(&quoted).then(|| inner[..close].to_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(page: &str) -> Value {
        json!({ "messages": [
            { "role": "system", "content": "rules" },
            { "role": "user", "content": format!("goal\n<page_content>\n{page}\n</page_content>") },
        ]})
    }

    #[test]
    fn eids_are_filled_from_the_page_in_the_request() {
        let request = request("[e3] button \"Delete all\"\n[e4] link \"Home\" href=/");
        let content = r#"{"action":{"action":"click","eid":"{{eid:Delete all}}"}}"#;
        assert_eq!(
            fill_eids(content, &request),
            r#"{"action":{"action":"click","eid":"e3"}}"#
        );
        let missing = fill_eids(r#"{"eid":"{{eid:Nope}}"}"#, &request);
        assert!(
            missing.contains("stop") && missing.contains("Nope"),
            "{missing}"
        );
    }
}
