//! [`MockModel`]: a wiremock server that speaks OpenAI chat completions with scripted answers
//! and records every request, for model planner scenarios.
//!
//! Planning requests (any model but [`FAST_MODEL`]) are answered by the script, one [`Script`]
//! per request, in order; once the script runs out every request gets the fallback
//! ([`MockModel::answer_with`], else a `stop`).
//! Compaction requests (the FAST tier's model) always get [`SUMMARY`]. Scripts can look at the
//! request, so an answer can name the eid the real page gave an element.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use serde_json::{Value, json};
use tandem_agent::model::{ModelConfig, TierModels};
use wiremock::matchers::{body_partial_json, method, path};
use wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate};

/// The FAST tier's model name.
pub const FAST_MODEL: &str = "fast-model";
/// The STANDARD tier's model name.
pub const STANDARD_MODEL: &str = "standard-model";
/// The POWERFUL tier's model name.
pub const POWERFUL_MODEL: &str = "powerful-model";
/// What compaction requests get.
pub const SUMMARY: &str = "Goal: as asked\nProgress: form partly filled\nDecisions: none\n\
Constraints: none\nPages: shipping form\nIssues: none\nNext steps: finish the form";

/// One scripted answer, computed from the request body.
pub type Script = Box<dyn Fn(&Value) -> ResponseTemplate + Send + Sync>;

struct Scripted {
    steps: Arc<Mutex<VecDeque<Script>>>,
    fallback: Arc<Mutex<Option<Arc<Script>>>>,
}

impl Respond for Scripted {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        let body: Value = serde_json::from_slice(&request.body).unwrap_or(Value::Null);
        let next = self
            .steps
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop_front();
        let fallback = self
            .fallback
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        match (next, fallback) {
            (Some(script), _) => script(&body),
            (None, Some(fallback)) => fallback(&body),
            (None, None) => completion(
                &json!({"action": {"action": "stop", "answer": "script ended"}}).to_string(),
            ),
        }
    }
}

/// The mock model server.
pub struct MockModel {
    pub server: MockServer,
    steps: Arc<Mutex<VecDeque<Script>>>,
    fallback: Arc<Mutex<Option<Arc<Script>>>>,
}

impl MockModel {
    /// A server with an empty script (see [`MockModel::script`]).
    pub async fn start() -> Self {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/chat/completions"))
            .and(body_partial_json(json!({ "model": FAST_MODEL })))
            .respond_with(completion(SUMMARY))
            .mount(&server)
            .await;
        let steps = Arc::new(Mutex::new(VecDeque::new()));
        let fallback = Arc::new(Mutex::new(None));
        Mock::given(method("POST"))
            .and(path("/v1/chat/completions"))
            .respond_with(Scripted {
                steps: Arc::clone(&steps),
                fallback: Arc::clone(&fallback),
            })
            .mount(&server)
            .await;
        Self {
            server,
            steps,
            fallback,
        }
    }

    /// Answers every request the script does not with `model`: a scripted model that decides
    /// from each request alone, as a real one does.
    pub fn answer_with(&self, model: Script) {
        *self.fallback.lock().unwrap_or_else(PoisonError::into_inner) = Some(Arc::new(model));
    }

    /// Appends answers to the script.
    pub fn script(&self, answers: Vec<Script>) {
        self.steps
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend(answers);
    }

    /// A configuration for this server: three tiers, tiny retry delays, and a 20 s timeout that
    /// only a deliberately delayed answer reaches (a loaded test machine can take seconds to
    /// answer a request the script answers at once; tests of timeouts set their own).
    pub fn config(&self) -> ModelConfig {
        ModelConfig {
            base_url: format!("{}/v1", self.server.uri()),
            fast: Some(TierModels::new(FAST_MODEL)),
            standard: Some(TierModels::new(STANDARD_MODEL)),
            powerful: Some(TierModels::new(POWERFUL_MODEL)),
            retry_base_ms: 1,
            retry_max_ms: 5,
            timeout_ms: 20_000,
            ..ModelConfig::default()
        }
    }

    /// Every request body received, in order.
    pub async fn requests(&self) -> Vec<Value> {
        self.server
            .received_requests()
            .await
            .unwrap_or_default()
            .iter()
            .map(|r| serde_json::from_slice(&r.body).unwrap_or(Value::Null))
            .collect()
    }

    /// The planning requests received so far (everything but the FAST tier's compaction and
    /// doc-patch requests, which the script never answers and which come when the agent decides).
    pub async fn planning_requests(&self) -> Vec<Value> {
        self.requests()
            .await
            .into_iter()
            .filter(|body| body["model"] != FAST_MODEL)
            .collect()
    }

    /// The raw request bodies, as text.
    pub async fn raw_requests(&self) -> Vec<String> {
        self.server
            .received_requests()
            .await
            .unwrap_or_default()
            .iter()
            .map(|r| String::from_utf8_lossy(&r.body).into_owned())
            .collect()
    }

    /// The `model` of every request, in order.
    pub async fn models(&self) -> Vec<String> {
        self.requests()
            .await
            .iter()
            .map(|b| b["model"].as_str().unwrap_or_default().to_owned())
            .collect()
    }
}

/// A chat completion whose content is `content`.
pub fn completion(content: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({
        "id": "cmpl-test",
        "object": "chat.completion",
        "choices": [{
            "index": 0,
            "message": { "role": "assistant", "content": content },
            "finish_reason": "stop",
        }],
        "usage": { "prompt_tokens": 1200, "completion_tokens": 30, "total_tokens": 1230 },
    }))
}

/// Answers `content` as is (for invalid output).
pub fn reply(content: &str) -> Script {
    let content = content.to_owned();
    Box::new(move |_| completion(&content))
}

/// Answers with this action (wrapped as `{"action": …}`).
pub fn act(action: Value) -> Script {
    Box::new(move |_| completion(&json!({ "action": action }).to_string()))
}

/// Answers with the action `make(eid)` for the element named `name` in the request's page.
pub fn on_element(name: &str, make: impl Fn(&str) -> Value + Send + Sync + 'static) -> Script {
    let name = name.to_owned();
    Box::new(move |body| match eid_of(body, &name) {
        Some(eid) => completion(&json!({ "action": make(&eid) }).to_string()),
        None => completion(
            &json!({"action": {"action": "stop", "answer": format!("no element {name}")}})
                .to_string(),
        ),
    })
}

/// Answers an HTTP error with the provider's `message`.
pub fn status(code: u16, message: &str) -> Script {
    let body = json!({ "error": { "message": message, "type": "server_error" } });
    Box::new(move |_| ResponseTemplate::new(code).set_body_json(body.clone()))
}

/// A 429 asking to wait `retry_after` (the `Retry-After` header, in seconds).
pub fn rate_limited(retry_after_secs: u64) -> Script {
    Box::new(move |_| {
        ResponseTemplate::new(429)
            .insert_header("retry-after", retry_after_secs.to_string().as_str())
            .set_body_json(json!({ "error": { "message": "rate limited" } }))
    })
}

/// `script`'s answer, sent after `delay`.
pub fn delayed(delay: Duration, script: Script) -> Script {
    Box::new(move |body| script(body).set_delay(delay))
}

/// The text of every message of a request, joined.
pub fn request_text(body: &Value) -> String {
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

/// The eid of the element whose accessible name is `name` in the request's latest page.
pub fn eid_of(body: &Value, name: &str) -> Option<String> {
    let text = request_text(body);
    let page = text.rsplit("<page_content>").next()?;
    let quoted = format!("\"{name}\"");
    // Element lines read `[e4] textbox "Email" …`: the name is the first quoted text.
    page.lines()
        .filter(|line| line.starts_with("[e"))
        .find_map(|line| {
            let close = line.find(']')?;
            let (_role, rest) = line[close + 1..].trim_start().split_once(' ')?;
            rest.starts_with(&quoted).then(|| line[1..close].to_owned())
        })
}
