//! The model client: OpenAI-compatible chat completions (OpenAI, OpenRouter, Ollama, vLLM,
//! llama.cpp, LM Studio) with tiers, retries, fallback and usage accounting.
//!
//! - [`config`]: [`ModelConfig`] from a `[model]` TOML table and/or the environment;
//! - [`client`]: [`ModelClient::complete`] — one request on a tier, retried and falling back;
//! - [`wire`]: the request and response JSON;
//! - [`usage`]: tokens and cost per request and per run, and the [`UsageMeter`] the graph reads;
//! - [`retry`]: which failures are retried and how long to wait;
//! - [`secret`]: [`SecretString`], redacted in `Debug`;
//! - [`error`]: [`ModelError`] and [`ModelConfigError`].

pub mod client;
pub mod config;
pub mod error;
pub(crate) mod retry;
pub mod secret;
pub mod usage;
pub mod wire;

#[cfg(test)]
mod tests;

pub use client::{ChatResponse, ModelClient, RequestMeta};
pub use config::{ModelConfig, Price, SecretEntry, StructuredOutput, Tier, TierModels};
pub use error::{ModelConfigError, ModelError};
pub use secret::SecretString;
pub use usage::{RequestUsage, UsageMeter};
pub use wire::{ChatMessage, ChatRequest, Content, ContentPart, ImageUrl, ResponseFormat, Role};
