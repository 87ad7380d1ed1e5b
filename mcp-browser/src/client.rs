//! [`McpBrowserClient`]: the typed MCP client the agent uses to drive the browser tools, over
//! an in-process duplex pipe or a child process's stdio (or any rmcp transport).
//!
//! Tool-level failures come back as [`ClientError::Tool`] (the planner reads them); server-side
//! failures as [`ClientError::Server`]; a broken connection as [`ClientError::Transport`].

use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock, Tool};
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::transport::TokioChildProcess;
use rmcp::{ServiceExt, serve_server};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use crate::browser::{ActionOutcome, ScrollTarget, WaitCondition};
use crate::error::ClientError;
use crate::observation::{Observation, TabInfo};
use crate::sampling_client::{ClientSide, SamplingAnswerer};
use crate::server::{BrowserServer, TabList};
use crate::snapshot::wire;

/// Size of the in-process pipe; observations with screenshots are a few hundred KB.
const DUPLEX_BUFFER: usize = 1 << 20;

/// The widest screenshot an agent's observation carries, in pixels (JPEG, the observe tool's
/// `max_width`): what a vision model is sent with a planning request, and what the chat shows.
/// A 1280x800 viewport is kept as is; a high-density one is downscaled.
pub const OBSERVE_MAX_WIDTH: u32 = 1280;

/// A tool's answer in its three parts.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ToolOutput {
    /// All text blocks joined by new lines.
    pub text: String,
    pub structured: Option<Value>,
    /// `(mime type, base64 data)` of each image block.
    pub images: Vec<(String, String)>,
}

/// An observation as the agent needs it: the structured form and the model-ready text.
#[derive(Debug, Clone, PartialEq)]
pub struct ObservedPage {
    pub observation: Observation,
    /// The compact rendering (notices, tabs, elements) under the requested token budget.
    pub text: String,
}

/// A connected MCP client for the browser tools (or any MCP server).
pub struct McpBrowserClient {
    service: RunningService<RoleClient, ClientSide>,
    server_task: Option<tokio::task::JoinHandle<()>>,
}

impl McpBrowserClient {
    /// Serves `server` in this process over a duplex pipe and connects to it.
    pub async fn in_process(server: BrowserServer) -> Result<Self, ClientError> {
        Self::in_process_as(server, ClientSide::default()).await
    }

    /// Like [`McpBrowserClient::in_process`], answering the server's sampling requests (the
    /// site tools asking for text) with `answerer`'s model.
    pub async fn in_process_with_sampling(
        server: BrowserServer,
        answerer: std::sync::Arc<dyn SamplingAnswerer>,
    ) -> Result<Self, ClientError> {
        Self::in_process_as(server, ClientSide::with_sampling(answerer)).await
    }

    async fn in_process_as(server: BrowserServer, side: ClientSide) -> Result<Self, ClientError> {
        let (server_end, client_end) = tokio::io::duplex(DUPLEX_BUFFER);
        let server_task = tokio::spawn(async move {
            match serve_server(server, server_end).await {
                Ok(running) => {
                    let _ = running.waiting().await;
                }
                Err(error) => tracing::warn!(%error, "in-process MCP server failed to start"),
            }
        });
        let service = side
            .serve(client_end)
            .await
            .map_err(|e| ClientError::Transport(e.to_string()))?;
        Ok(Self {
            service,
            server_task: Some(server_task),
        })
    }

    /// Starts an MCP server as a child process and talks to it over its stdio.
    pub async fn spawn(command: tokio::process::Command) -> Result<Self, ClientError> {
        let transport =
            TokioChildProcess::new(command).map_err(|e| ClientError::Transport(e.to_string()))?;
        let service = ClientSide::default()
            .serve(transport)
            .await
            .map_err(|e| ClientError::Transport(e.to_string()))?;
        Ok(Self {
            service,
            server_task: None,
        })
    }

    /// Connects to an MCP server over streamable HTTP (`http://…/mcp` or `https://…/mcp`),
    /// sending `bearer` as `Authorization: Bearer …` when given. HTTPS certificates are checked
    /// against the system's authorities plus those in the PEM file `extra_roots`.
    pub async fn connect_http(
        url: &str,
        bearer: Option<&str>,
        extra_roots: Option<&std::path::Path>,
    ) -> Result<Self, ClientError> {
        use rmcp::transport::StreamableHttpClientTransport;
        use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;

        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(ClientError::Transport(format!(
                "`{url}`: an MCP server URL starts with http:// or https://"
            )));
        }
        let client = crate::tls::http_client(extra_roots).map_err(ClientError::Transport)?;
        let mut config = StreamableHttpClientTransportConfig::with_uri(url.to_owned());
        if let Some(token) = bearer {
            config = config.auth_header(token.to_owned());
        }
        let transport = StreamableHttpClientTransport::with_client(client.clone(), config);
        let service = match ClientSide::default().serve(transport).await {
            Ok(service) => service,
            Err(error) => {
                // rmcp keeps only the top of reqwest's error ("error sending request"): ask once
                // more to learn why (an untrusted certificate, a refused connection...).
                let why = match client.head(url).send().await {
                    Err(probe) => format!(" ({})", with_causes(&probe)),
                    Ok(_) => String::new(),
                };
                return Err(ClientError::Transport(format!("{url}: {error}{why}")));
            }
        };
        Ok(Self {
            service,
            server_task: None,
        })
    }

    /// The server's tools, fetched afresh.
    pub async fn list_tools(&self) -> Result<Vec<Tool>, ClientError> {
        self.service.list_all_tools().await.map_err(service_error)
    }

    /// Calls a tool by name with JSON object arguments.
    pub async fn call(&self, name: &str, arguments: Value) -> Result<ToolOutput, ClientError> {
        let arguments: Map<String, Value> = match arguments {
            Value::Object(map) => map,
            Value::Null => Map::new(),
            other => {
                return Err(ClientError::Server {
                    code: "invalid_argument".into(),
                    message: format!("tool arguments must be a JSON object, not {other}"),
                });
            }
        };
        let params = CallToolRequestParams::new(name.to_owned()).with_arguments(arguments);
        let result = self
            .service
            .call_tool(params)
            .await
            .map_err(service_error)?;
        into_output(result)
    }

    async fn call_as<T: DeserializeOwned>(
        &self,
        name: &str,
        arguments: Value,
    ) -> Result<T, ClientError> {
        let output = self.call(name, arguments).await?;
        let value = output.structured.ok_or_else(|| {
            ClientError::Decode(format!("`{name}` returned no structured content"))
        })?;
        serde_json::from_value(value).map_err(|e| ClientError::Decode(format!("{name}: {e}")))
    }

    /// A tab tool's answer, `{"tabs": [...]}`.
    async fn call_tabs(&self, name: &str, arguments: Value) -> Result<Vec<TabInfo>, ClientError> {
        let list: TabList = self.call_as(name, arguments).await?;
        Ok(list.tabs)
    }

    /// Screenshot (at most [`OBSERVE_MAX_WIDTH`] wide) + snapshot together, with the compact
    /// text under `max_tokens`.
    pub async fn observe(&self, max_tokens: Option<usize>) -> Result<ObservedPage, ClientError> {
        let args = json!({
            "include_json": true,
            "compact_json": true,
            "max_tokens": max_tokens,
            "max_width": OBSERVE_MAX_WIDTH,
        });
        let output = self.call("observe", args).await?;
        let value = output
            .structured
            .ok_or_else(|| ClientError::Decode("observe returned no snapshot".into()))?;
        let compact: Observation<Value> =
            serde_json::from_value(value).map_err(|e| ClientError::Decode(e.to_string()))?;
        let mut observation = compact
            .try_map_snapshot(wire::decode_value)
            .map_err(|e| ClientError::Decode(e.to_string()))?;
        if let (Some(image), Some((_, data))) = (
            observation.screenshot.as_mut(),
            output.images.into_iter().next(),
        ) {
            image.data = data;
        }
        Ok(ObservedPage {
            observation,
            text: output.text,
        })
    }

    /// Starts the browser; answers the session's tabs.
    pub async fn launch(&self) -> Result<Vec<TabInfo>, ClientError> {
        self.call_tabs("launch", json!({})).await
    }

    pub async fn navigate(&self, url: &str) -> Result<ActionOutcome, ClientError> {
        self.call_as("navigate", json!({ "url": url })).await
    }

    pub async fn click(&self, eid: &str) -> Result<ActionOutcome, ClientError> {
        self.call_as("click", json!({ "eid": eid })).await
    }

    pub async fn type_text(
        &self,
        eid: &str,
        text: &str,
        clear: bool,
        submit: bool,
    ) -> Result<ActionOutcome, ClientError> {
        let args = json!({ "eid": eid, "text": text, "clear": clear, "submit": submit });
        self.call_as("type", args).await
    }

    pub async fn select_option(
        &self,
        eid: &str,
        option: &str,
    ) -> Result<ActionOutcome, ClientError> {
        self.call_as("select_option", json!({ "eid": eid, "option": option }))
            .await
    }

    pub async fn press_key(&self, key: &str) -> Result<ActionOutcome, ClientError> {
        self.call_as("press_key", json!({ "key": key })).await
    }

    pub async fn scroll(&self, target: &ScrollTarget) -> Result<ActionOutcome, ClientError> {
        let args = match target {
            ScrollTarget::By {
                direction,
                amount_px,
            } => json!({ "direction": direction, "amount_px": amount_px }),
            ScrollTarget::Element { eid } => json!({ "eid": eid }),
            ScrollTarget::Top => json!({ "to": "top" }),
            ScrollTarget::Bottom => json!({ "to": "bottom" }),
        };
        self.call_as("scroll", args).await
    }

    pub async fn wait(
        &self,
        condition: &WaitCondition,
        timeout_ms: Option<u64>,
    ) -> Result<ActionOutcome, ClientError> {
        self.call_as(
            "wait",
            json!({ "for": condition, "timeout_ms": timeout_ms }),
        )
        .await
    }

    pub async fn back(&self) -> Result<ActionOutcome, ClientError> {
        self.call_as("back", json!({})).await
    }

    pub async fn list_tabs(&self) -> Result<Vec<TabInfo>, ClientError> {
        self.call_tabs("list_tabs", json!({})).await
    }

    /// Makes `tab_id` the active tab; answers the session's tabs.
    pub async fn switch_tab(&self, tab_id: &str) -> Result<Vec<TabInfo>, ClientError> {
        self.call_tabs("switch_tab", json!({ "tab_id": tab_id }))
            .await
    }

    /// Closes `tab_id`; answers the tabs left.
    pub async fn close_tab(&self, tab_id: &str) -> Result<Vec<TabInfo>, ClientError> {
        self.call_tabs("close_tab", json!({ "tab_id": tab_id }))
            .await
    }

    /// Ends the connection (and the in-process server task). Later calls fail with
    /// [`ClientError::Transport`].
    pub async fn close(&self) {
        self.service.cancellation_token().cancel();
        if let Some(task) = &self.server_task {
            task.abort();
        }
    }
}

/// An error with the errors that caused it (`a: b: c`), so a TLS or connection failure says why
/// (reqwest's own message stops at "error sending request").
fn with_causes(error: &dyn std::error::Error) -> String {
    let mut out = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        let text = inner.to_string();
        if !out.contains(&text) {
            out.push_str(": ");
            out.push_str(&text);
        }
        cause = inner.source();
    }
    out
}

fn service_error(error: ServiceError) -> ClientError {
    match error {
        ServiceError::McpError(data) => {
            let code = data
                .data
                .as_ref()
                .and_then(|d| d.get("error"))
                .and_then(Value::as_str)
                .map(str::to_owned)
                .unwrap_or_else(|| format!("jsonrpc_{}", data.code.0));
            ClientError::Server {
                code,
                message: data.message.to_string(),
            }
        }
        other => ClientError::Transport(other.to_string()),
    }
}

fn into_output(result: CallToolResult) -> Result<ToolOutput, ClientError> {
    let mut texts = Vec::new();
    let mut images = Vec::new();
    for block in &result.content {
        match block {
            ContentBlock::Text(text) => texts.push(text.text.clone()),
            ContentBlock::Image(image) => {
                images.push((image.mime_type.clone(), image.data.clone()));
            }
            // Audio and resources are not part of the browser tools' answers
            // (the enum is non-exhaustive, so a wildcard is required).
            _ => {}
        }
    }
    let text = texts.join("\n");
    if result.is_error == Some(true) {
        let code = result
            .structured_content
            .as_ref()
            .and_then(|s| s.get("error"))
            .and_then(Value::as_str)
            .unwrap_or("tool_error")
            .to_owned();
        return Err(ClientError::Tool {
            code,
            message: text,
        });
    }
    Ok(ToolOutput {
        text,
        structured: result.structured_content,
        images,
    })
}
