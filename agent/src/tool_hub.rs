//! [`ToolHub`]: the browser's tools plus the tools of other MCP servers, offered together.
//!
//! In: the browser's tools and the configured external servers (each a [`BrowserTools`] too).
//! Out: one [`BrowserTools`] for the agent. An external server's tools are named
//! `<server>__<tool>` (listed afresh each time the planner asks, with the effect their
//! annotations state), and a call with such a name goes to that server with the bare tool name;
//! everything else goes to the browser. External tool calls pass the same policy gate as any
//! other tool: a tool the policy does not list is denied, so each one must be allowed (or set
//! to confirm) in the user's policy file, e.g. `tools = ["notes__*"]`.

use std::sync::Arc;

use async_trait::async_trait;
use serde_json::Value;
use tandem_mcp_browser::{ClientError, ToolOutput};

use crate::browser::BrowserTools;
use crate::tool_info::ToolInfo;

/// Separates a server's name from its tool's name in the names offered to the planner.
pub const SEPARATOR: &str = "__";

/// A named external server.
#[derive(Clone)]
pub struct ExternalServer {
    /// Short name, the prefix of its tools (letters, digits, `-`; no `__`).
    pub name: String,
    pub server: Arc<dyn BrowserTools>,
}

/// The browser plus external servers, as one set of tools.
pub struct ToolHub {
    browser: Arc<dyn BrowserTools>,
    servers: Vec<ExternalServer>,
}

impl ToolHub {
    pub fn new(browser: Arc<dyn BrowserTools>, servers: Vec<ExternalServer>) -> Self {
        Self { browser, servers }
    }

    /// The external server a prefixed name belongs to, with the bare tool name.
    fn route<'a>(&self, name: &'a str) -> Option<(&ExternalServer, &'a str)> {
        let (prefix, tool) = name.split_once(SEPARATOR)?;
        self.servers
            .iter()
            .find(|server| server.name == prefix)
            .map(|server| (server, tool))
    }
}

#[async_trait]
impl BrowserTools for ToolHub {
    /// The browser's tools, then each external server's, prefixed (descriptions and schemas as
    /// the server gives them). A server that cannot list its tools right now is left out (and
    /// logged) rather than failing the step.
    async fn tools(&self) -> Result<Vec<ToolInfo>, ClientError> {
        let mut tools = self.browser.tools().await?;
        for external in &self.servers {
            match external.server.tools().await {
                Ok(theirs) => tools.extend(theirs.into_iter().map(|tool| ToolInfo {
                    name: format!("{}{SEPARATOR}{}", external.name, tool.name),
                    ..tool
                })),
                Err(error) => {
                    tracing::warn!(server = %external.name, %error, "an MCP server did not list its tools");
                }
            }
        }
        Ok(tools)
    }

    async fn call(&self, name: &str, arguments: Value) -> Result<ToolOutput, ClientError> {
        match self.route(name) {
            // An external server's failure is the tool's failure, never the browser's.
            Some((external, tool)) => {
                external
                    .server
                    .call(tool, arguments)
                    .await
                    .map_err(|error| match error {
                        ClientError::Tool { .. } => error,
                        other => ClientError::Tool {
                            code: "external_tool_failed".into(),
                            message: format!("{}: {other}", external.name),
                        },
                    })
            }
            None => self.browser.call(name, arguments).await,
        }
    }
}
