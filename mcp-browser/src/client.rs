//! [`McpBrowserClient`]: the typed MCP client the agent uses to drive the browser tools, over
//! an in-process duplex pipe or a child process's stdio (or any rmcp transport). Any tool is
//! called by name ([`McpBrowserClient::call`]); a declared one with its typed parameters and
//! answer ([`McpBrowserClient::invoke`]).
//!
//! Tool-level failures come back as [`ClientError::Tool`] (the planner reads them); server-side
//! failures as [`ClientError::Server`]; a broken connection as [`ClientError::Transport`].

use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock, Tool};
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::transport::TokioChildProcess;
use rmcp::{ServiceExt, serve_server};
use serde_json::{Map, Value};

use crate::error::ClientError;
use crate::sampling_client::{ClientSide, SamplingAnswerer};
use crate::server::BrowserServer;
use crate::tool::{Answer, BrowserTool, ToolOutput};

/// Size of the in-process pipe; observations with screenshots are a few hundred KB.
const DUPLEX_BUFFER: usize = 1 << 20;

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

    /// Calls the tool `T` declares with `params`, and reads its answer.
    pub async fn invoke<T: BrowserTool>(&self, params: &T) -> Result<T::Output, ClientError> {
        let output = self.call(T::NAME, arguments_of(params)?).await?;
        T::Output::read(T::NAME, output)
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

/// The JSON arguments of a declared tool's call.
pub fn arguments_of<T: BrowserTool>(params: &T) -> Result<Value, ClientError> {
    serde_json::to_value(params)
        .map_err(|error| ClientError::Decode(format!("{}: arguments: {error}", T::NAME)))
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
