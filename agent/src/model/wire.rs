//! The OpenAI chat-completions wire format: what is sent ([`ChatRequest`]) and what is read
//! back. Only the fields Tandem uses; unknown response fields are ignored.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// Who wrote a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Instructions.
    System,
    /// Input.
    User,
    /// The model's earlier answer (sent back for repair).
    Assistant,
}

/// One message of the conversation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChatMessage {
    /// Author.
    pub role: Role,
    /// Text, or text and image parts.
    pub content: Content,
}

impl ChatMessage {
    /// A text message.
    pub fn text(role: Role, text: impl Into<String>) -> Self {
        Self {
            role,
            content: Content::Text(text.into()),
        }
    }

    /// The text of the message (image parts left out).
    pub fn text_content(&self) -> String {
        match &self.content {
            Content::Text(text) => text.clone(),
            Content::Parts(parts) => parts
                .iter()
                .filter_map(|p| match p {
                    ContentPart::Text { text } => Some(text.as_str()),
                    ContentPart::ImageUrl { .. } => None,
                })
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }
}

/// Message content.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Content {
    /// Plain text.
    Text(String),
    /// Text and images (vision).
    Parts(Vec<ContentPart>),
}

/// One part of a multi-part message.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ContentPart {
    /// Text.
    Text {
        /// The text.
        text: String,
    },
    /// An image as a data URL.
    ImageUrl {
        /// `{ "url": "data:image/jpeg;base64,..." }`.
        image_url: ImageUrl,
    },
}

/// An image reference.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ImageUrl {
    /// `data:` URL.
    pub url: String,
}

/// How the answer must be shaped.
#[derive(Debug, Clone, PartialEq)]
pub enum ResponseFormat {
    /// Strict JSON schema.
    JsonSchema {
        /// Schema name.
        name: String,
        /// The schema.
        schema: Value,
    },
    /// Any JSON object.
    JsonObject,
}

impl ResponseFormat {
    /// The `response_format` value.
    pub fn to_json(&self) -> Value {
        match self {
            ResponseFormat::JsonSchema { name, schema } => json!({
                "type": "json_schema",
                "json_schema": { "name": name, "strict": true, "schema": schema },
            }),
            ResponseFormat::JsonObject => json!({ "type": "json_object" }),
        }
    }
}

/// A request without its model (the client chooses the model from the tier).
#[derive(Debug, Clone, PartialEq)]
pub struct ChatRequest {
    /// The conversation.
    pub messages: Vec<ChatMessage>,
    /// Output shape, if any.
    pub response_format: Option<ResponseFormat>,
    /// Sampling temperature.
    pub temperature: Option<f32>,
    /// Longest answer in tokens.
    pub max_tokens: Option<u32>,
}

impl ChatRequest {
    /// A request of these messages and nothing else.
    pub fn new(messages: Vec<ChatMessage>) -> Self {
        Self {
            messages,
            response_format: None,
            temperature: None,
            max_tokens: None,
        }
    }

    /// The JSON body for `model`.
    pub fn body(&self, model: &str) -> Value {
        let mut body = json!({ "model": model, "messages": self.messages, "stream": false });
        if let Some(format) = &self.response_format {
            body["response_format"] = format.to_json();
        }
        if let Some(temperature) = self.temperature {
            body["temperature"] = json!(temperature);
        }
        if let Some(max_tokens) = self.max_tokens {
            body["max_tokens"] = json!(max_tokens);
        }
        body
    }
}

/// A successful chat-completions body. Providers leave out what they do not have, so every
/// field of these answer types may be missing (serde's `default` on the type).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct CompletionBody {
    pub choices: Vec<Choice>,
    pub usage: Option<UsageBody>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct Choice {
    pub message: AnswerMessage,
    #[serde(default)]
    pub finish_reason: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct AnswerMessage {
    pub content: Option<String>,
    pub refusal: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct UsageBody {
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
}

/// The provider's message in an error body (`{"error":{"message":..}}`, `{"error":".."}`,
/// `{"message":..}`), else the start of the body.
pub(crate) fn provider_message(body: &str) -> String {
    let parsed: Option<Value> = serde_json::from_str(body).ok();
    let found = parsed.as_ref().and_then(|v| {
        v.pointer("/error/message")
            .or_else(|| v.get("error").filter(|e| e.is_string()))
            .or_else(|| v.get("message"))
            .or_else(|| v.get("detail"))
            .and_then(Value::as_str)
            .map(str::to_owned)
    });
    let text = found.unwrap_or_else(|| body.trim().to_owned());
    let mut clipped: String = text.chars().take(300).collect();
    if clipped.is_empty() {
        clipped = "no message".to_owned();
    }
    clipped
}
