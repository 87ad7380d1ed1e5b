//! Token usage and cost: per request ([`RequestUsage`]) and per run ([`RunUsage`]).
//!
//! In: the `usage` block of each chat completion (estimated from the text when a server sends
//! none), priced with [`crate::model::Price`]. Out: recorded by the planner into the
//! [`UsageMeter`] the graph passes in the planning context; the graph adds each request to the
//! run record and publishes it as an event.

use std::sync::{Mutex, PoisonError};

use serde::{Deserialize, Serialize};

use super::config::Tier;

/// Tokens and cost of one request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct TokenUsage {
    /// Prompt (input) tokens.
    pub prompt_tokens: u64,
    /// Completion (output) tokens.
    pub completion_tokens: u64,
    /// Cost in the configured currency (0 when the model has no price).
    pub cost: f64,
    /// True when the server sent no usage and the counts are estimates (4 characters a token).
    #[serde(default)]
    pub estimated: bool,
}

impl TokenUsage {
    /// Prompt plus completion tokens.
    pub fn total(&self) -> u64 {
        self.prompt_tokens + self.completion_tokens
    }
}

/// One model request as the run record keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RequestUsage {
    /// The model that answered.
    pub model: String,
    /// Its tier.
    pub tier: Tier,
    /// What the request was for: `plan`, `repair`, `compaction`.
    pub stage: String,
    /// Tokens and cost.
    pub tokens: TokenUsage,
    /// Wall time of the request, retries included, in milliseconds.
    pub latency_ms: u64,
}

/// The sum over a run's requests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct RunUsage {
    /// Requests answered.
    pub requests: u32,
    /// Prompt tokens.
    pub prompt_tokens: u64,
    /// Completion tokens.
    pub completion_tokens: u64,
    /// Cost.
    pub cost: f64,
}

impl RunUsage {
    /// Adds one request.
    pub fn add(&mut self, usage: &RequestUsage) {
        self.requests += 1;
        self.prompt_tokens += usage.tokens.prompt_tokens;
        self.completion_tokens += usage.tokens.completion_tokens;
        self.cost += usage.tokens.cost;
    }
}

/// Where a planner records the requests of one planning step; the graph drains it.
#[derive(Debug, Default)]
pub struct UsageMeter {
    requests: Mutex<Vec<RequestUsage>>,
}

impl UsageMeter {
    /// Records one request.
    pub fn record(&self, usage: RequestUsage) {
        self.requests
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(usage);
    }

    /// Takes the recorded requests, oldest first.
    pub fn take(&self) -> Vec<RequestUsage> {
        std::mem::take(&mut *self.requests.lock().unwrap_or_else(PoisonError::into_inner))
    }
}
