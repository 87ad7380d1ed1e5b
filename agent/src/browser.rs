//! [`BrowserTools`]: the tools the agent calls, as a trait so the graph can run over the MCP
//! client (production, tests), a [`crate::ToolHub`] (the browser plus other MCP servers) or a
//! stand-in (tests, benches).
//!
//! An implementation lists its tools and calls one by name; that is all that differs between
//! them. Typed calls of the browser's declared tools ([`tandem_mcp_browser::BrowserTool`]) go
//! through [`Invoke::invoke`] on top, which every implementation gets. Out: the tools' answers
//! and [`ClientError`]s; [`is_fatal`] tells the browser's own failures (the run ends) from tool
//! failures (the planner reads them).

use std::future::Future;

use async_trait::async_trait;
use serde_json::Value;
use tandem_mcp_browser::client::arguments_of;
use tandem_mcp_browser::{Answer, BrowserTool, ClientError, Effect, McpBrowserClient, ToolOutput};

use crate::tool_info::ToolInfo;

/// The tools as the agent uses them.
#[async_trait]
pub trait BrowserTools: Send + Sync {
    /// The tools offered right now: names, descriptions, input schemas and effects.
    async fn tools(&self) -> Result<Vec<ToolInfo>, ClientError>;
    /// Calls any tool by name.
    async fn call(&self, name: &str, arguments: Value) -> Result<ToolOutput, ClientError>;
}

/// Typed calls of declared tools, over any [`BrowserTools`].
pub trait Invoke {
    /// Calls the tool `T` declares with `params`, and reads its answer.
    fn invoke<T: BrowserTool>(
        &self,
        params: &T,
    ) -> impl Future<Output = Result<T::Output, ClientError>> + Send;
}

impl<B: BrowserTools + ?Sized> Invoke for B {
    async fn invoke<T: BrowserTool>(&self, params: &T) -> Result<T::Output, ClientError> {
        let output = self.call(T::NAME, arguments_of(params)?).await?;
        T::Output::read(T::NAME, output)
    }
}

/// True when the error is about the browser or the connection rather than the page: the run
/// cannot go on and ends in `finalize_failed`.
pub fn is_fatal(error: &ClientError) -> bool {
    match error {
        ClientError::Tool { .. } | ClientError::Decode(_) => false,
        ClientError::Transport(_) => true,
        ClientError::Server { code, .. } => matches!(
            code.as_str(),
            "browser_crashed" | "browser_restart_limit" | "launch_failed" | "browser_not_found"
        ),
    }
}

#[async_trait]
impl BrowserTools for McpBrowserClient {
    async fn tools(&self) -> Result<Vec<ToolInfo>, ClientError> {
        Ok(self
            .list_tools()
            .await?
            .into_iter()
            .map(|tool| {
                ToolInfo::new(
                    tool.name,
                    tool.description.unwrap_or_default(),
                    Value::Object(std::sync::Arc::unwrap_or_clone(tool.input_schema)),
                )
                .with_effect(Effect::of_annotations(tool.annotations.as_ref()))
            })
            .collect())
    }

    async fn call(&self, name: &str, arguments: Value) -> Result<ToolOutput, ClientError> {
        McpBrowserClient::call(self, name, arguments).await
    }
}
