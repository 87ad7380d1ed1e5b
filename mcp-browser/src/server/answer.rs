//! What the browser tools answer.
//!
//! A result's `structuredContent` is always a JSON object, as MCP requires (a list of tabs is
//! `{"tabs": [...]}`). A failure is either a tool error, an `isError` result whose structured
//! content is `{error, message}`, or a browser error, a JSON-RPC error whose `data` is that same
//! `{error, message}` (`crate::tool::route::failure_answer`).

use rmcp::ErrorData;
use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use serde_json::Value;

use crate::browser::ActionOutcome;
use crate::error::BrowserError;
use crate::observation::TabInfo;
use crate::tool::route::failure_answer;
use crate::tool::{Answer, TabList, ToolOutput};

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

/// A tab list with one line of text.
pub fn tab_list(tabs: Vec<TabInfo>, line: String) -> CallToolResult {
    result(ToolOutput {
        text: line,
        ..TabList { tabs }.write()
    })
}

/// An action's outcome: a line of text and the outcome as structured content.
pub fn action(outcome: &ActionOutcome) -> CallToolResult {
    result(outcome.write())
}

/// A result of one text line with the structured content. Only JSON objects are structured
/// content; the callers above pass only answers that are one.
fn result(output: ToolOutput) -> CallToolResult {
    let mut result = CallToolResult::success(vec![ContentBlock::text(output.text)]);
    match output.structured {
        Some(object @ Value::Object(_)) => result.structured_content = Some(object),
        Some(other) => {
            tracing::error!(%other, "structured content that is not an object was left out")
        }
        None => tracing::error!("structured content could not be encoded"),
    }
    result
}
