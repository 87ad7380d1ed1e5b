//! The MCP browser server: rmcp tools over one [`BrowserSession`].
//!
//! One server value serves one MCP connection, which is one browser session (its own isolated
//! browser context). Calls run one at a time per session. Errors about the page or the caller's
//! input (bad eid, unreachable URL...) come back as tool results with `isError` and a structured
//! `{error, message}` body; errors about the browser itself (crashed, cannot launch) come back as
//! JSON-RPC errors whose `data.code` names the kind. No tool runs caller-supplied JavaScript.

pub mod params;

use std::sync::Arc;
use std::time::Duration;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock, Implementation, ServerCapabilities, ServerConfig};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde::Serialize;
use serde_json::json;
use tokio::sync::Mutex;

use crate::browser::{ActionOutcome, BrowserHost, BrowserSession, ScrollDirection, ScrollTarget};
use crate::error::BrowserError;
use crate::observation::Observation;
use crate::snapshot::render::{RenderOptions, render_compact};
use crate::snapshot::wire;
use params::{
    ElementParams, KeyParams, LaunchParams, NavigateParams, NoParams, ObserveParams,
    ScreenshotParams, ScrollEnd, ScrollParams, SelectParams, TabParams, TypeParams, WaitParams,
    screenshot_options,
};

const DEFAULT_WAIT: Duration = Duration::from_secs(10);
const MAX_WAIT: Duration = Duration::from_secs(60);

/// The browser tools of one MCP connection.
#[derive(Clone)]
pub struct BrowserServer {
    session: Arc<Mutex<BrowserSession>>,
    tool_router: ToolRouter<Self>,
}

type ToolResult = Result<CallToolResult, ErrorData>;

#[tool_router]
impl BrowserServer {
    /// A server with a new session on the shared host's browser.
    pub fn new(host: Arc<BrowserHost>) -> Self {
        Self::with_session(Arc::new(Mutex::new(BrowserSession::new(host))))
    }

    /// A server over an existing session (the agent shares its session with its own server).
    pub fn with_session(session: Arc<Mutex<BrowserSession>>) -> Self {
        Self {
            session,
            tool_router: Self::tool_router(),
        }
    }

    pub fn session(&self) -> &Arc<Mutex<BrowserSession>> {
        &self.session
    }

    #[tool(
        description = "Start the browser for this session (done automatically by any other \
        tool) and optionally open a URL. Returns the session's tabs."
    )]
    async fn launch(&self, Parameters(params): Parameters<LaunchParams>) -> ToolResult {
        let mut session = self.session.lock().await;
        if let Err(error) = session.launch().await {
            return failure(error);
        }
        if let Some(url) = params.url
            && let Err(error) = session.navigate(&url).await
        {
            return failure(error);
        }
        match session.tabs().await {
            Ok(tabs) => structured(&tabs, format!("browser ready with {} tab(s)", tabs.len())),
            Err(error) => failure(error),
        }
    }

    #[tool(
        description = "Observe the active tab: a screenshot and a snapshot of the elements \
        you can act on (with eids like e12 to pass to other tools), taken together. Also reports \
        tabs, dialogs that were dismissed and popups that opened since the last observation."
    )]
    async fn observe(&self, Parameters(params): Parameters<ObserveParams>) -> ToolResult {
        let shot = screenshot_options(params.image_format, params.quality, params.max_width);
        let observation = match self.session.lock().await.observe(&shot).await {
            Ok(observation) => observation,
            Err(error) => return failure(error),
        };
        let render = RenderOptions {
            max_tokens: params
                .max_tokens
                .unwrap_or(RenderOptions::default().max_tokens),
            ..RenderOptions::default()
        };
        let mut content = vec![ContentBlock::text(describe_observation(
            &observation,
            &render,
        ))];
        if let Some(image) = &observation.screenshot {
            content.push(ContentBlock::image(
                image.data.clone(),
                image.mime_type.clone(),
            ));
        }
        let mut result = CallToolResult::success(content);
        if params.include_json {
            let mut structured = observation;
            if let Some(image) = structured.screenshot.as_mut() {
                image.data.clear();
            }
            let value = if params.compact_json {
                structured
                    .try_map_snapshot(|snapshot| wire::encode(&snapshot))
                    .map_err(|e| e.to_string())
                    .and_then(|compact| serde_json::to_value(compact).map_err(|e| e.to_string()))
            } else {
                serde_json::to_value(&structured).map_err(|e| e.to_string())
            };
            match value {
                Ok(value) => result.structured_content = Some(value),
                Err(error) => {
                    return failure(BrowserError::PageScript(format!(
                        "the snapshot could not be encoded: {error}"
                    )));
                }
            }
        }
        Ok(result)
    }

    #[tool(description = "Take a screenshot of the active tab's viewport.")]
    async fn screenshot(&self, Parameters(params): Parameters<ScreenshotParams>) -> ToolResult {
        let options = screenshot_options(params.image_format, params.quality, params.max_width);
        match self.session.lock().await.screenshot(&options).await {
            Ok(image) => Ok(CallToolResult::success(vec![ContentBlock::image(
                image.data,
                image.mime_type,
            )])),
            Err(error) => failure(error),
        }
    }

    #[tool(description = "Open a URL in the active tab and wait for it to load.")]
    async fn navigate(&self, Parameters(params): Parameters<NavigateParams>) -> ToolResult {
        action(self.session.lock().await.navigate(&params.url).await)
    }

    #[tool(
        description = "Click an element (by eid from the latest observation) with a real \
        mouse click at its centre."
    )]
    async fn click(&self, Parameters(params): Parameters<ElementParams>) -> ToolResult {
        action(self.session.lock().await.click(&params.eid).await)
    }

    #[tool(
        name = "type",
        description = "Type text into an editable element (by eid). Clears \
        it first unless clear=false; presses Enter afterwards when submit=true."
    )]
    async fn type_text(&self, Parameters(params): Parameters<TypeParams>) -> ToolResult {
        let mut session = self.session.lock().await;
        action(
            session
                .type_text(&params.eid, &params.text, params.clear, params.submit)
                .await,
        )
    }

    #[tool(description = "Choose an option of a select list (by eid) by its value or label.")]
    async fn select_option(&self, Parameters(params): Parameters<SelectParams>) -> ToolResult {
        action(
            self.session
                .lock()
                .await
                .select_option(&params.eid, &params.option)
                .await,
        )
    }

    #[tool(
        description = "Press a key or chord in the focused element, e.g. Enter, Tab, \
        Escape, ArrowDown, Control+A."
    )]
    async fn press_key(&self, Parameters(params): Parameters<KeyParams>) -> ToolResult {
        action(self.session.lock().await.press_key(&params.key).await)
    }

    #[tool(
        description = "Scroll the page up/down/left/right, to the top or bottom, or bring \
        an element (by eid) into view."
    )]
    async fn scroll(&self, Parameters(params): Parameters<ScrollParams>) -> ToolResult {
        let target = match (params.eid, params.to) {
            (Some(eid), _) => ScrollTarget::Element { eid },
            (None, Some(ScrollEnd::Top)) => ScrollTarget::Top,
            (None, Some(ScrollEnd::Bottom)) => ScrollTarget::Bottom,
            (None, None) => ScrollTarget::By {
                direction: params.direction.unwrap_or(ScrollDirection::Down),
                amount_px: params.amount_px,
            },
        };
        action(self.session.lock().await.scroll(&target).await)
    }

    #[tool(
        description = "Wait for a time, for text to appear, for an element to appear, or \
        for the current navigation to finish."
    )]
    async fn wait(&self, Parameters(params): Parameters<WaitParams>) -> ToolResult {
        let timeout = params
            .timeout_ms
            .map(Duration::from_millis)
            .unwrap_or(DEFAULT_WAIT)
            .min(MAX_WAIT);
        action(
            self.session
                .lock()
                .await
                .wait(&params.condition, timeout)
                .await,
        )
    }

    #[tool(description = "Go back one page in the active tab's history.")]
    async fn back(&self, Parameters(_): Parameters<NoParams>) -> ToolResult {
        action(self.session.lock().await.back().await)
    }

    #[tool(description = "List the session's tabs (id, URL, title, which is active).")]
    async fn list_tabs(&self, Parameters(_): Parameters<NoParams>) -> ToolResult {
        match self.session.lock().await.tabs().await {
            Ok(tabs) => structured(&tabs, format!("{} tab(s)", tabs.len())),
            Err(error) => failure(error),
        }
    }

    #[tool(description = "Make another tab (by tab id such as t2) the active one.")]
    async fn switch_tab(&self, Parameters(params): Parameters<TabParams>) -> ToolResult {
        match self.session.lock().await.switch_tab(&params.tab_id).await {
            Ok(tabs) => structured(&tabs, format!("switched to {}", params.tab_id)),
            Err(error) => failure(error),
        }
    }

    #[tool(description = "Close a tab (by tab id). The last tab cannot be closed.")]
    async fn close_tab(&self, Parameters(params): Parameters<TabParams>) -> ToolResult {
        match self.session.lock().await.close_tab(&params.tab_id).await {
            Ok(tabs) => structured(&tabs, format!("closed {}", params.tab_id)),
            Err(error) => failure(error),
        }
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for BrowserServer {
    /// Every tool runs until it finishes or the client cancels the request (an agent's cancel,
    /// a dropped call): then the tool's work is dropped at once, which abandons the browser call
    /// in flight and frees the session for the next call.
    async fn call_tool(
        &self,
        request: rmcp::model::CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::CallToolResponse, ErrorData> {
        let cancelled = context.ct.clone();
        let call = rmcp::handler::server::tool::ToolCallContext::new(self, request, context);
        tokio::select! {
            result = self.tool_router.call(call) => result,
            () = cancelled.cancelled() => {
                tracing::debug!("a tool call was cancelled by the client");
                Err(ErrorData::internal_error(
                    "cancelled by the client",
                    Some(json!({ "error": "cancelled" })),
                ))
            }
        }
    }

    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new(
                "tandem-browser",
                env!("CARGO_PKG_VERSION"),
            ))
            .with_instructions(
                "Drive a real Chromium tab. Call `observe` first: it lists elements with eids \
                 (e.g. e12). Act with click/type/select_option/press_key/scroll by eid, then \
                 observe again. Dialogs are dismissed and reported; popups open as new tabs.",
            )
    }
}

/// The text part of an observation: notices, tabs, then the compact page rendering.
pub fn describe_observation(observation: &Observation, render: &RenderOptions) -> String {
    let mut text = String::new();
    for notice in &observation.notices {
        text.push_str(&format!("notice: {notice}\n"));
    }
    if observation.tabs.len() > 1 {
        let tabs: Vec<String> = observation
            .tabs
            .iter()
            .map(|tab| {
                let marker = if tab.active { "*" } else { "" };
                format!("{}{marker} {}", tab.id, tab.url)
            })
            .collect();
        text.push_str(&format!("tabs: {}\n", tabs.join(" | ")));
    }
    text.push_str(&render_compact(&observation.snapshot, render));
    text
}

fn action(outcome: Result<ActionOutcome, BrowserError>) -> ToolResult {
    match outcome {
        Ok(outcome) => {
            let line = format!(
                "{} — now at {} ({})",
                outcome.message, outcome.url, outcome.title
            );
            structured(&outcome, line)
        }
        Err(error) => failure(error),
    }
}

fn structured<T: Serialize>(value: &T, line: String) -> ToolResult {
    let mut result = CallToolResult::success(vec![ContentBlock::text(line)]);
    result.structured_content = serde_json::to_value(value).ok();
    Ok(result)
}

/// Tool errors become `isError` results the caller can read; browser errors become JSON-RPC
/// errors carrying the kind in `data.code`.
fn failure(error: BrowserError) -> ToolResult {
    let body = json!({ "error": error.code(), "message": error.to_string() });
    if error.is_tool_error() {
        let mut result = CallToolResult::error(vec![ContentBlock::text(error.to_string())]);
        result.structured_content = Some(body);
        Ok(result)
    } else {
        tracing::warn!(%error, "browser error");
        Err(ErrorData::internal_error(error.to_string(), Some(body)))
    }
}
