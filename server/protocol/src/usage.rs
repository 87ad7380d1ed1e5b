//! Model tokens and cost: of one request ([`TokenUsage`]) and summed over a run ([`RunUsage`],
//! kept in the run record and sent as the `usage` frame).

use serde::{Deserialize, Serialize};

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
    /// Adds one answered request.
    pub fn add(&mut self, tokens: &TokenUsage) {
        self.requests += 1;
        self.prompt_tokens += tokens.prompt_tokens;
        self.completion_tokens += tokens.completion_tokens;
        self.cost += tokens.cost;
    }
}
