//! Text from the client's model through MCP sampling (`sampling/createMessage`, server to
//! client).
//!
//! The site tools stay model-agnostic: when the connected client declared the sampling
//! capability, a tool asks it for text (the daemon's agent answers with its own model client;
//! an external MCP client with its model); otherwise [`Sampler::of`] is `None` and the tool
//! works from templates. Each request carries `metadata.stage` (the tool asking) so the client
//! can log it.
#![allow(deprecated)] // rmcp marks sampling deprecated (SEP-2577); it is the protocol we serve.

use rmcp::model::{CreateMessageRequestParams, Role, SamplingMessage};
use rmcp::service::{Peer, RequestContext, RoleServer};
use serde_json::json;

use super::error::SiteError;

/// Longest answer asked for, in tokens.
pub const MAX_ANSWER_TOKENS: u32 = 8_000;

/// A client that can answer sampling requests.
#[derive(Clone)]
pub struct Sampler {
    peer: Peer<RoleServer>,
}

impl Sampler {
    /// The request's client, if it declared sampling.
    pub fn of(context: &RequestContext<RoleServer>) -> Option<Self> {
        let info = context.peer.peer_info()?;
        info.capabilities.sampling.as_ref()?;
        Some(Self {
            peer: context.peer.clone(),
        })
    }

    /// Asks for one text answer at `stage`.
    pub async fn ask(&self, stage: &str, system: &str, prompt: &str) -> Result<String, SiteError> {
        let mut params = CreateMessageRequestParams::new(
            vec![SamplingMessage::user_text(prompt)],
            MAX_ANSWER_TOKENS,
        )
        .with_system_prompt(system);
        params.metadata = Some(json!({ "stage": stage }));
        tracing::info!(stage, "asking the client's model through sampling");
        let result = self
            .peer
            .create_message(params)
            .await
            .map_err(|error| SiteError::ModelAnswer(format!("sampling failed: {error}")))?;
        if result.message.role != Role::Assistant {
            return Err(SiteError::ModelAnswer(
                "the answer is not the assistant's".into(),
            ));
        }
        let text: String = result
            .message
            .content
            .iter()
            .filter_map(|block| block.as_text().map(|t| t.text.clone()))
            .collect::<Vec<_>>()
            .join("\n");
        if text.trim().is_empty() {
            return Err(SiteError::ModelAnswer("the model answered no text".into()));
        }
        Ok(text)
    }
}

/// The inside of a Markdown code fence, or the trimmed text when there is none.
pub fn strip_fence(text: &str) -> &str {
    let trimmed = text.trim();
    let Some(rest) = trimmed.strip_prefix("```") else {
        return trimmed;
    };
    let body = rest.split_once('\n').map_or("", |(_, body)| body);
    body.trim_end().strip_suffix("```").unwrap_or(body).trim()
}

#[cfg(test)]
#[path = "sampling_tests.rs"]
mod tests;
