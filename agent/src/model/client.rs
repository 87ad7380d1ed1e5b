//! [`ModelClient`]: chat completions on any OpenAI-compatible endpoint.
//!
//! In: a [`ChatRequest`], a [`Tier`] and [`RequestMeta`] for the logs. Out: a [`ChatResponse`]
//! (content, usage, cost, latency) or a [`ModelError`]. Per model: retries with exponential
//! backoff and jitter on 408/429/5xx, timeouts and connection errors, honouring
//! `retry-after-ms`/`Retry-After`; other 4xx are not retried. Per tier: primary, then fallback,
//! then [`ModelError::TierFailed`] naming both failures. Every attempt is logged with the
//! session, run, stage, mode, reasoning flag, actions so far, model, tier, latency and tokens — never the key, headers or
//! message content.

use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, HeaderMap, HeaderName, HeaderValue};
use tandem_mcp_browser::snapshot::render::estimate_tokens;
use tandem_protocol::TokenUsage;
use url::Url;

use super::config::{ModelConfig, Tier};
use super::error::ModelError;
use super::retry::{backoff, is_retryable_status, retry_after};
use super::usage::RequestUsage;
use super::wire::{ChatRequest, CompletionBody, provider_message};

/// What a request is, for the logs.
#[derive(Debug, Clone, Copy, Default)]
pub struct RequestMeta<'a> {
    /// The session.
    pub session_id: Option<&'a str>,
    /// The run.
    pub run_id: Option<&'a str>,
    /// The graph stage or planner step: `plan`, `repair`, `compaction`.
    pub stage: &'a str,
    /// The session's mode (`agent`, `chat`); empty when no session asked.
    pub mode: &'a str,
    /// Whether the person turned reasoning on.
    pub reasoning: bool,
    /// Actions executed so far in the run.
    pub actions: usize,
}

/// A model's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct ChatResponse {
    /// The answer text (empty when the model sent none).
    pub content: String,
    /// The model's refusal, when it refused.
    pub refusal: Option<String>,
    /// `stop`, `length`...
    pub finish_reason: Option<String>,
    /// The model asked (primary or fallback).
    pub model: String,
    /// Its tier.
    pub tier: Tier,
    /// Tokens and cost.
    pub usage: TokenUsage,
    /// Wall time, retries included.
    pub latency: Duration,
    /// Attempts made on this model.
    pub attempts: u32,
}

impl ChatResponse {
    /// The usage record of this response for `stage`.
    pub fn usage_record(&self, stage: &str) -> RequestUsage {
        RequestUsage {
            model: self.model.clone(),
            tier: self.tier,
            stage: stage.to_owned(),
            tokens: self.usage,
            latency_ms: u64::try_from(self.latency.as_millis()).unwrap_or(u64::MAX),
        }
    }
}

/// The client. Cheap to clone.
#[derive(Clone)]
pub struct ModelClient {
    http: reqwest::Client,
    endpoint: Url,
    config: Arc<ModelConfig>,
}

impl std::fmt::Debug for ModelClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ModelClient")
            .field("endpoint", &self.endpoint.as_str())
            .field("config", &self.config)
            .finish()
    }
}

/// One attempt's failure.
enum Failure {
    /// Worth another attempt, after the server's wait if it gave one.
    Retry {
        message: String,
        wait: Option<Duration>,
    },
    /// Another attempt cannot help.
    Fatal(ModelError),
}

impl ModelClient {
    /// A client for `config` (validated here).
    pub fn new(config: ModelConfig) -> Result<Self, ModelError> {
        config
            .validate()
            .map_err(|e| ModelError::Client(e.to_string()))?;
        let endpoint = config
            .endpoint()
            .map_err(|e| ModelError::Client(e.to_string()))?;
        let mut headers = HeaderMap::new();
        headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        if let Some(key) = &config.api_key {
            let mut value = HeaderValue::from_str(&format!("Bearer {}", key.expose()))
                .map_err(|_| ModelError::Client("the API key is not a valid header".into()))?;
            value.set_sensitive(true);
            headers.insert(AUTHORIZATION, value);
        }
        for (name, value) in &config.headers {
            let name = HeaderName::from_bytes(name.as_bytes())
                .map_err(|_| ModelError::Client(format!("bad header name {name:?}")))?;
            let mut value = HeaderValue::from_str(value.expose())
                .map_err(|_| ModelError::Client(format!("bad value for header {name}")))?;
            value.set_sensitive(true);
            headers.insert(name, value);
        }
        let http = tandem_mcp_browser::tls::client_builder(None)
            .map_err(ModelError::Client)?
            .default_headers(headers)
            .timeout(config.timeout())
            .connect_timeout(config.connect_timeout())
            .build()
            .map_err(|e| ModelError::Client(e.to_string()))?;
        Ok(Self {
            http,
            endpoint,
            config: Arc::new(config),
        })
    }

    /// The configuration.
    pub fn config(&self) -> &ModelConfig {
        &self.config
    }

    /// Sends `request` to the models of `tier`: primary, then fallback.
    pub async fn complete(
        &self,
        tier: Tier,
        request: &ChatRequest,
        meta: &RequestMeta<'_>,
    ) -> Result<ChatResponse, ModelError> {
        let models = self
            .config
            .models(tier)
            .ok_or(ModelError::NoModel { tier: tier.name() })?;
        let mut errors = Vec::new();
        for model in models.in_order() {
            match self.complete_on(model, tier, request, meta).await {
                Ok(response) => return Ok(response),
                // A weaker format on the same model is the better next try: the planner decides.
                Err(error)
                    if request.response_format.is_some() && error.refuses_response_format() =>
                {
                    return Err(error);
                }
                Err(error) => {
                    tracing::warn!(
                        session = meta.session_id.unwrap_or(""),
                        run = meta.run_id.unwrap_or(""),
                        stage = meta.stage,
                        model,
                        tier = tier.name(),
                        %error,
                        "model failed"
                    );
                    errors.push(error);
                }
            }
        }
        Err(ModelError::TierFailed {
            tier: tier.name(),
            errors,
        })
    }

    /// Sends `request` to `model` with retries.
    pub async fn complete_on(
        &self,
        model: &str,
        tier: Tier,
        request: &ChatRequest,
        meta: &RequestMeta<'_>,
    ) -> Result<ChatResponse, ModelError> {
        let body = serde_json::to_vec(&request.body(model)).map_err(|e| ModelError::Decode {
            model: model.to_owned(),
            message: e.to_string(),
        })?;
        let started = Instant::now();
        let max_attempts = self.config.max_retries.saturating_add(1);
        let mut attempt = 0;
        loop {
            attempt += 1;
            let attempt_started = Instant::now();
            let failure = match self.attempt(model, &body).await {
                Ok(completion) => {
                    let response = self.response(model, tier, completion, &body, started, attempt);
                    log_success(meta, &response, attempt_started);
                    return response;
                }
                Err(failure) => failure,
            };
            let (message, wait) = match failure {
                Failure::Fatal(error) => {
                    log_failure(
                        meta,
                        model,
                        tier,
                        attempt,
                        attempt_started,
                        &error.to_string(),
                    );
                    return Err(error);
                }
                Failure::Retry { message, wait } => (message, wait),
            };
            log_failure(meta, model, tier, attempt, attempt_started, &message);
            if attempt >= max_attempts {
                return Err(ModelError::Unavailable {
                    model: model.to_owned(),
                    attempts: attempt,
                    message,
                });
            }
            let delay = match wait {
                Some(wait) if wait > Duration::from_millis(self.config.max_retry_after_ms) => {
                    return Err(ModelError::Unavailable {
                        model: model.to_owned(),
                        attempts: attempt,
                        message: format!(
                            "{message}; the provider asks to wait {} s, longer than allowed",
                            wait.as_secs()
                        ),
                    });
                }
                Some(wait) => wait,
                None => backoff(
                    attempt - 1,
                    Duration::from_millis(self.config.retry_base_ms),
                    Duration::from_millis(self.config.retry_max_ms),
                    rand::random::<f64>(),
                ),
            };
            tokio::time::sleep(delay).await;
        }
    }

    /// One HTTP round trip.
    async fn attempt(&self, model: &str, body: &[u8]) -> Result<CompletionBody, Failure> {
        let sent = self
            .http
            .post(self.endpoint.clone())
            .body(body.to_vec())
            .send()
            .await;
        let response = match sent {
            Ok(response) => response,
            Err(error) => return Err(transport_failure(&error)),
        };
        let status = response.status().as_u16();
        let wait = retry_after(response.headers(), SystemTime::now());
        let text = match response.text().await {
            Ok(text) => text,
            Err(error) => return Err(transport_failure(&error)),
        };
        if (200..300).contains(&status) {
            return serde_json::from_str(&text).map_err(|e| {
                Failure::Fatal(ModelError::Decode {
                    model: model.to_owned(),
                    message: e.to_string(),
                })
            });
        }
        let message = provider_message(&text);
        if is_retryable_status(status) {
            Err(Failure::Retry {
                message: format!("HTTP {status}: {message}"),
                wait,
            })
        } else {
            Err(Failure::Fatal(ModelError::Rejected {
                model: model.to_owned(),
                status,
                message,
            }))
        }
    }

    fn response(
        &self,
        model: &str,
        tier: Tier,
        completion: CompletionBody,
        body: &[u8],
        started: Instant,
        attempts: u32,
    ) -> Result<ChatResponse, ModelError> {
        let Some(choice) = completion.choices.into_iter().next() else {
            return Err(ModelError::Decode {
                model: model.to_owned(),
                message: "the answer has no choices".to_owned(),
            });
        };
        let content = choice.message.content.unwrap_or_default();
        let (prompt_tokens, completion_tokens, estimated) = match completion.usage {
            Some(usage) => (usage.prompt_tokens, usage.completion_tokens, false),
            None => (
                (body.len() as u64).div_ceil(4),
                estimate_tokens(&content) as u64,
                true,
            ),
        };
        let cost = self
            .config
            .price(model)
            .map(|p| p.cost(prompt_tokens, completion_tokens))
            .unwrap_or(0.0);
        Ok(ChatResponse {
            content,
            refusal: choice.message.refusal,
            finish_reason: choice.finish_reason,
            model: model.to_owned(),
            tier,
            usage: TokenUsage {
                prompt_tokens,
                completion_tokens,
                cost,
                estimated,
            },
            latency: started.elapsed(),
            attempts,
        })
    }
}

fn transport_failure(error: &reqwest::Error) -> Failure {
    let message = if error.is_timeout() {
        "the request timed out".to_owned()
    } else if error.is_connect() {
        "could not connect to the model endpoint".to_owned()
    } else {
        // reqwest's display has no secrets (headers are never shown); the URL is ours.
        format!("transport error: {error}")
    };
    Failure::Retry {
        message,
        wait: None,
    }
}

/// Logs one model request at `$level` (`info`, `warn`): the request's place (session, run,
/// stage, mode, reasoning, actions so far), then the given fields and message.
macro_rules! log_request {
    ($level:ident, $meta:expr, $($rest:tt)*) => {
        tracing::$level!(
            session = $meta.session_id.unwrap_or(""),
            run = $meta.run_id.unwrap_or(""),
            stage = $meta.stage,
            mode = $meta.mode,
            reasoning = $meta.reasoning,
            actions = $meta.actions,
            $($rest)*
        )
    };
}

fn log_success(
    meta: &RequestMeta<'_>,
    response: &Result<ChatResponse, ModelError>,
    since: Instant,
) {
    if let Ok(response) = response {
        log_request!(
            info,
            meta,
            model = %response.model,
            tier = response.tier.name(),
            attempt = response.attempts,
            latency_ms = since.elapsed().as_millis() as u64,
            prompt_tokens = response.usage.prompt_tokens,
            completion_tokens = response.usage.completion_tokens,
            cost = response.usage.cost,
            "model request"
        );
    }
}

fn log_failure(
    meta: &RequestMeta<'_>,
    model: &str,
    tier: Tier,
    attempt: u32,
    since: Instant,
    message: &str,
) {
    log_request!(
        warn,
        meta,
        model,
        tier = tier.name(),
        attempt,
        latency_ms = since.elapsed().as_millis() as u64,
        error = message,
        "model request failed"
    );
}
