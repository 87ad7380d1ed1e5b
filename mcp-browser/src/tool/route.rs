//! Serving a [`BrowserTool`]: its listing (name, description, input schema, annotations) from its
//! declaration, and its call parsed and checked before the handler runs.
//!
//! A handler gets the parsed parameters and the request's context (the site tools ask the
//! client's model through it). Arguments that do not parse or validate never reach it: they are
//! refused as an `isError` result `{error: "invalid_argument", message}` naming the field.

use std::future::Future;
use std::pin::Pin;

use rmcp::ErrorData;
use rmcp::handler::server::common::{schema_for_empty_input, schema_for_input};
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::handler::server::tool::{IntoCallToolResult, ToolCallContext};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, Tool};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Value, json};

use super::BrowserTool;
use super::arguments::parse;

/// What a handler returns: its result, later, borrowing the server.
pub(crate) type Reply<'s, E> = Pin<Box<dyn Future<Output = Result<CallToolResult, E>> + Send + 's>>;

/// A handler of tool `T` on server `S`.
pub(crate) type Handler<S, T, E> = for<'s> fn(&'s S, T, RequestContext<RoleServer>) -> Reply<'s, E>;

/// The route that serves `T` with `handler`.
pub(crate) fn route<S, T, E>(handler: Handler<S, T, E>) -> ToolRoute<S>
where
    S: Send + Sync + 'static,
    T: BrowserTool,
    E: IntoCallToolResult + Send + 'static,
{
    ToolRoute::new_dyn(
        listing::<T>(),
        move |mut context: ToolCallContext<'_, S>| {
            let arguments = Value::Object(context.arguments.take().unwrap_or_default());
            let server = context.service;
            let request = context.request_context;
            Box::pin(async move {
                match parse::<T>(arguments) {
                    Ok(params) => handler(server, params, request)
                        .await
                        .into_call_tool_result(),
                    Err(problem) => failure_answer(
                        "invalid_argument",
                        format!("invalid argument: {problem}"),
                        true,
                    ),
                }
            })
        },
    )
}

/// How `T` is listed.
pub(crate) fn listing<T: BrowserTool>() -> Tool {
    let schema = schema_for_input::<T>().unwrap_or_else(|error| {
        tracing::error!(tool = T::NAME, %error, "a tool's input schema is invalid");
        schema_for_empty_input()
    });
    Tool::new_with_raw(T::NAME, Some(T::DESCRIPTION.into()), schema)
        .with_annotations(T::EFFECT.annotations())
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
