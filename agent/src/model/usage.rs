//! Token usage and cost per request ([`RequestUsage`]; the counts and the run's sum are the
//! protocol's `TokenUsage` and `RunUsage`).
//!
//! In: the `usage` block of each chat completion (estimated from the text when a server sends
//! none), priced with [`crate::model::Price`]. Out: recorded by the planner into the
//! [`UsageMeter`] the graph passes in the planning context; the graph adds each request to the
//! run record and publishes it as an event.

use std::sync::{Mutex, PoisonError};

use serde::{Deserialize, Serialize};
use tandem_protocol::TokenUsage;

use super::config::Tier;

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
