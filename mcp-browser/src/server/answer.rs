//! What the tools answer.
//!
//! A result's `structuredContent` is always a JSON object, as MCP requires (a list of tabs is
//! `{"tabs": [...]}`). A failure is either a tool error, an `isError` result whose structured
//! content is `{error, message}`, or a browser error, a JSON-RPC error whose `data` is that same
//! `{error, message}`.

use rmcp::ErrorData;
use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::browser::ActionOutcome;
use crate::error::BrowserError;
use crate::observation::TabInfo;

/// What every tool returns; `?` turns a [`BrowserError`] into the right kind of failure.
pub type ToolAnswer = Result<CallToolResult, Failure>;

/// A failed tool call, answered by [`BrowserError::is_tool_error`]: as an `isError` result the
/// caller can read, or as a JSON-RPC error.
#[derive(Debug)]
pub struct Failure(BrowserError);

impl From<BrowserError> for Failure {
    fn from(error: BrowserError) -> Self {
        Self(error)
    }
}

impl IntoCallToolResult for Failure {
    fn into_call_tool_result(self) -> Result<CallToolResponse, ErrorData> {
        let error = self.0;
        failure_answer(error.code(), error.to_string(), error.is_tool_error())
    }
}

/// A failed tool call as MCP answers it: a tool error (an `is_error` result whose structured
/// content is `{error, message}`) that the caller reads and the session survives, or, for a
/// failure of the server itself, a JSON-RPC error carrying the same object as its data.
pub(crate) fn failure_answer(
    code: &str,
    message: String,
    is_tool_error: bool,
) -> Result<CallToolResponse, ErrorData> {
    let body = json!({ "error": code, "message": message });
    if is_tool_error {
        let mut result = CallToolResult::error(vec![ContentBlock::text(message)]);
        result.structured_content = Some(body);
        Ok(result.into())
    } else {
        tracing::warn!(code, %message, "tool call failed");
        Err(ErrorData::internal_error(message, Some(body)))
    }
}

/// The structured content of `launch`, `list_tabs`, `switch_tab` and `close_tab`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TabList {
    /// The session's tabs, in opening order.
    pub tabs: Vec<TabInfo>,
}

/// A tab list with one line of text.
pub fn tab_list(tabs: Vec<TabInfo>, line: String) -> CallToolResult {
    structured(&TabList { tabs }, line)
}

/// An action's outcome: a line of text and the outcome as structured content.
pub fn action(outcome: &ActionOutcome) -> CallToolResult {
    let line = format!(
        "{} — now at {} ({})",
        outcome.message, outcome.url, outcome.title
    );
    structured(outcome, line)
}

/// A result of one text line with `value` as its structured content. Only JSON objects are
/// structured content; the callers above pass only types that serialize to one.
fn structured<T: Serialize>(value: &T, line: String) -> CallToolResult {
    let mut result = CallToolResult::success(vec![ContentBlock::text(line)]);
    match serde_json::to_value(value) {
        Ok(object @ Value::Object(_)) => result.structured_content = Some(object),
        Ok(other) => {
            tracing::error!(%other, "structured content that is not an object was left out")
        }
        Err(error) => tracing::error!(%error, "structured content could not be encoded"),
    }
    result
}
