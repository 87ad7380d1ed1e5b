//! The client side of MCP sampling: [`ClientSide`] is the rmcp client handler of
//! [`crate::McpBrowserClient`]. With a [`SamplingAnswerer`] it declares the sampling capability
//! and answers the server's `sampling/createMessage` requests (the site tools asking for text);
//! without one it declares nothing and the tools fall back to their templates.
#![allow(deprecated)] // rmcp marks sampling deprecated (SEP-2577); it is the protocol we answer.

use std::sync::Arc;

use async_trait::async_trait;
use rmcp::model::{
    ClientCapabilities, ClientInfo, CreateMessageRequestParams, CreateMessageResult, Role,
    SamplingMessage,
};
use rmcp::service::{RequestContext, RoleClient};
use rmcp::{ClientHandler, ErrorData};

/// One sampling request, reduced to what a chat model needs.
#[derive(Debug, Clone, PartialEq)]
pub struct SamplingRequest {
    /// The server's system prompt, if any.
    pub system: Option<String>,
    /// The messages' text in order, as (role is assistant, text).
    pub messages: Vec<(bool, String)>,
    /// `metadata.stage` of the request (the tool asking), or `sampling`.
    pub stage: String,
    pub max_tokens: u32,
}

/// Answers sampling requests with a model.
#[async_trait]
pub trait SamplingAnswerer: Send + Sync {
    /// The model's text (its name second), or why there is none.
    async fn answer(&self, request: SamplingRequest) -> Result<(String, String), String>;
}

/// The MCP client handler: answers sampling when it has an answerer.
#[derive(Clone, Default)]
pub struct ClientSide {
    answerer: Option<Arc<dyn SamplingAnswerer>>,
}

impl ClientSide {
    pub fn with_sampling(answerer: Arc<dyn SamplingAnswerer>) -> Self {
        Self {
            answerer: Some(answerer),
        }
    }
}

impl ClientHandler for ClientSide {
    fn get_info(&self) -> ClientInfo {
        let capabilities = if self.answerer.is_some() {
            ClientCapabilities::builder().enable_sampling().build()
        } else {
            ClientCapabilities::default()
        };
        let mut info = ClientInfo::default();
        info.capabilities = capabilities;
        info
    }

    async fn create_message(
        &self,
        params: CreateMessageRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<CreateMessageResult, ErrorData> {
        let Some(answerer) = &self.answerer else {
            return Err(ErrorData::invalid_request("this client has no model", None));
        };
        let stage = params
            .metadata
            .as_ref()
            .and_then(|meta| meta.get("stage"))
            .and_then(|stage| stage.as_str())
            .unwrap_or("sampling")
            .to_owned();
        let messages = params
            .messages
            .iter()
            .map(|message| {
                let text: Vec<String> = message
                    .content
                    .iter()
                    .filter_map(|block| block.as_text().map(|t| t.text.clone()))
                    .collect();
                (message.role == Role::Assistant, text.join("\n"))
            })
            .collect();
        let request = SamplingRequest {
            system: params.system_prompt.clone(),
            messages,
            stage,
            max_tokens: params.max_tokens,
        };
        let (text, model) = answerer
            .answer(request)
            .await
            .map_err(|message| ErrorData::internal_error(message, None))?;
        let mut result = CreateMessageResult::new(
            SamplingMessage::new(
                Role::Assistant,
                rmcp::model::SamplingMessageContentBlock::text(text),
            ),
            model,
        );
        result.stop_reason = Some(CreateMessageResult::STOP_REASON_END_TURN.to_owned());
        Ok(result)
    }
}
