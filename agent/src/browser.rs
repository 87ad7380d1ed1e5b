//! [`BrowserTools`]: the browser calls the agent makes, as a trait so the graph can run over the
//! MCP client (production, tests) or a stand-in (benches).
//!
//! In: calls from `maybe_observe` and `execute_action`. Out: the MCP client's typed answers and
//! [`ClientError`]s; [`is_fatal`] tells the browser's own failures (the run ends) from tool
//! failures (the planner reads them).

use async_trait::async_trait;
use serde_json::Value;
use tandem_mcp_browser::browser::{ActionOutcome, ScrollTarget, WaitCondition};
use tandem_mcp_browser::{ClientError, McpBrowserClient, ObservedPage, TabInfo, ToolOutput};

use crate::tool_info::ToolInfo;

/// The browser as the agent uses it.
#[async_trait]
pub trait BrowserTools: Send + Sync {
    /// Screenshot + snapshot together, with the compact text under `max_tokens`.
    async fn observe(&self, max_tokens: Option<usize>) -> Result<ObservedPage, ClientError>;
    /// Opens a URL in the active tab.
    async fn navigate(&self, url: &str) -> Result<ActionOutcome, ClientError>;
    /// Clicks an element.
    async fn click(&self, eid: &str) -> Result<ActionOutcome, ClientError>;
    /// Types into an editable element.
    async fn type_text(
        &self,
        eid: &str,
        text: &str,
        clear: bool,
        submit: bool,
    ) -> Result<ActionOutcome, ClientError>;
    /// Chooses an option of a select.
    async fn select_option(&self, eid: &str, option: &str) -> Result<ActionOutcome, ClientError>;
    /// Presses a key on the focused element.
    async fn press_key(&self, key: &str) -> Result<ActionOutcome, ClientError>;
    /// Scrolls.
    async fn scroll(&self, target: &ScrollTarget) -> Result<ActionOutcome, ClientError>;
    /// Waits for a condition.
    async fn wait(
        &self,
        condition: &WaitCondition,
        timeout_ms: Option<u64>,
    ) -> Result<ActionOutcome, ClientError>;
    /// Goes back in the tab's history.
    async fn back(&self) -> Result<ActionOutcome, ClientError>;
    /// Closes a tab of the session.
    async fn close_tab(&self, tab_id: &str) -> Result<Vec<TabInfo>, ClientError>;
    /// The tools the server offers: names, descriptions and input schemas.
    async fn tools(&self) -> Result<Vec<ToolInfo>, ClientError>;
    /// Calls any tool by name.
    async fn call(&self, name: &str, arguments: Value) -> Result<ToolOutput, ClientError>;
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
    async fn observe(&self, max_tokens: Option<usize>) -> Result<ObservedPage, ClientError> {
        McpBrowserClient::observe(self, max_tokens).await
    }

    async fn navigate(&self, url: &str) -> Result<ActionOutcome, ClientError> {
        McpBrowserClient::navigate(self, url).await
    }

    async fn click(&self, eid: &str) -> Result<ActionOutcome, ClientError> {
        McpBrowserClient::click(self, eid).await
    }

    async fn type_text(
        &self,
        eid: &str,
        text: &str,
        clear: bool,
        submit: bool,
    ) -> Result<ActionOutcome, ClientError> {
        McpBrowserClient::type_text(self, eid, text, clear, submit).await
    }

    async fn select_option(&self, eid: &str, option: &str) -> Result<ActionOutcome, ClientError> {
        McpBrowserClient::select_option(self, eid, option).await
    }

    async fn press_key(&self, key: &str) -> Result<ActionOutcome, ClientError> {
        McpBrowserClient::press_key(self, key).await
    }

    async fn scroll(&self, target: &ScrollTarget) -> Result<ActionOutcome, ClientError> {
        McpBrowserClient::scroll(self, target).await
    }

    async fn wait(
        &self,
        condition: &WaitCondition,
        timeout_ms: Option<u64>,
    ) -> Result<ActionOutcome, ClientError> {
        McpBrowserClient::wait(self, condition, timeout_ms).await
    }

    async fn back(&self) -> Result<ActionOutcome, ClientError> {
        McpBrowserClient::back(self).await
    }

    async fn close_tab(&self, tab_id: &str) -> Result<Vec<TabInfo>, ClientError> {
        McpBrowserClient::close_tab(self, tab_id).await
    }

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
            })
            .collect())
    }

    async fn call(&self, name: &str, arguments: Value) -> Result<ToolOutput, ClientError> {
        McpBrowserClient::call(self, name, arguments).await
    }
}
