//! The MCP browser server: rmcp tools over one [`BrowserSession`], plus the site studio's tools
//! (`crate::site`, their own router merged into this one).
//!
//! One server value serves one MCP connection, which is one browser session (its own isolated
//! browser context). Calls run one at a time per session. No tool runs caller-supplied
//! JavaScript.
//!
//! Every result's `structuredContent` is a JSON object ([`answer`]). Errors about the page or the
//! caller's input (bad eid, unreachable URL, an argument that is missing, of the wrong type, out
//! of range or contradicting another) come back as tool results with `isError` and a structured
//! `{error, message}` body, `error` being a code such as `stale_eid` or `invalid_argument`.
//! Errors about the browser itself (crashed, cannot launch) come back as JSON-RPC errors whose
//! `data` is that same `{error, message}`.

pub(crate) mod answer;
mod gated;
pub mod params;

use std::sync::Arc;
use std::time::Duration;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::model::{CallToolResult, ContentBlock, Implementation, ServerCapabilities, ServerConfig};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler, tool_handler};
use serde_json::json;
use tokio::sync::Mutex;

use crate::browser::{BrowserHost, BrowserSession, ScrollDirection, ScrollTarget};
use crate::error::BrowserError;
use crate::gate::{GateSettings, McpGate};
use crate::observation::Observation;
use crate::site::{SiteHost, SiteStudio};
use crate::snapshot::render::{RenderOptions, render_compact};
use crate::snapshot::wire;
use crate::tool::route::route;
use answer::{Failure, ToolAnswer, action, tab_list};
use params::{
    BackParams, ClickParams, CloseTabParams, DEFAULT_WAIT_MS, HoverParams, KeyParams, LaunchParams,
    ListTabsParams, MAX_WAIT_MS, NavigateParams, ObserveParams, ScreenshotParams, ScrollEnd,
    ScrollParams, SelectParams, SwitchTabParams, TypeParams, WaitParams, screenshot_options,
};

/// The browser tools of one MCP connection.
#[derive(Clone)]
pub struct BrowserServer {
    session: Arc<Mutex<BrowserSession>>,
    site: Arc<SiteStudio>,
    tool_router: ToolRouter<Self>,
    /// The policy gate in front of the client; `None` for the agent's own in-process server,
    /// whose actions its own graph already judged.
    gate: Option<Arc<McpGate>>,
    /// Held through a gated call, from its judgement to its end, so no other call of this
    /// connection changes the page between the two.
    turn: Arc<Mutex<()>>,
}

impl BrowserServer {
    /// A server with a new session on the shared host's browser.
    pub fn new(host: Arc<BrowserHost>) -> Self {
        Self::with_session(Arc::new(Mutex::new(BrowserSession::new(host))))
    }

    /// A server over an existing session (the agent shares its session with its own server).
    pub fn with_session(session: Arc<Mutex<BrowserSession>>) -> Self {
        Self {
            session,
            site: Arc::new(SiteStudio::fresh()),
            tool_router: Self::browser_router() + crate::site::tools::router(),
            gate: None,
            turn: Arc::default(),
        }
    }

    /// The same server with every call judged by the policy first (see [`crate::gate`]): the
    /// server an outside MCP client talks to.
    pub fn with_gate(mut self, settings: GateSettings) -> Self {
        self.gate = Some(Arc::new(McpGate::new(settings)));
        self
    }

    /// The same server with the site tools writing for `site` (by default: a session of their
    /// own under the configured sites folder).
    pub fn with_site(mut self, site: SiteStudio) -> Self {
        self.site = Arc::new(site);
        self
    }

    pub fn session(&self) -> &Arc<Mutex<BrowserSession>> {
        &self.session
    }

    /// The site tools' state.
    pub fn site(&self) -> &SiteStudio {
        &self.site
    }

    /// The browser tools, each served from its declaration (`crate::tool`).
    fn browser_router() -> ToolRouter<Self> {
        ToolRouter::new()
            .with_route(route::<Self, LaunchParams, Failure>(|s, p, _| {
                Box::pin(s.launch(p))
            }))
            .with_route(route::<Self, ObserveParams, Failure>(|s, p, _| {
                Box::pin(s.observe(p))
            }))
            .with_route(route::<Self, ScreenshotParams, Failure>(|s, p, _| {
                Box::pin(s.screenshot(p))
            }))
            .with_route(route::<Self, NavigateParams, Failure>(|s, p, _| {
                Box::pin(s.navigate(p))
            }))
            .with_route(route::<Self, ClickParams, Failure>(|s, p, _| {
                Box::pin(s.click(p))
            }))
            .with_route(route::<Self, HoverParams, Failure>(|s, p, _| {
                Box::pin(s.hover(p))
            }))
            .with_route(route::<Self, TypeParams, Failure>(|s, p, _| {
                Box::pin(s.type_text(p))
            }))
            .with_route(route::<Self, SelectParams, Failure>(|s, p, _| {
                Box::pin(s.select_option(p))
            }))
            .with_route(route::<Self, KeyParams, Failure>(|s, p, _| {
                Box::pin(s.press_key(p))
            }))
            .with_route(route::<Self, ScrollParams, Failure>(|s, p, _| {
                Box::pin(s.scroll(p))
            }))
            .with_route(route::<Self, WaitParams, Failure>(|s, p, _| {
                Box::pin(s.wait(p))
            }))
            .with_route(route::<Self, BackParams, Failure>(|s, p, _| {
                Box::pin(s.back(p))
            }))
            .with_route(route::<Self, ListTabsParams, Failure>(|s, p, _| {
                Box::pin(s.list_tabs(p))
            }))
            .with_route(route::<Self, SwitchTabParams, Failure>(|s, p, _| {
                Box::pin(s.switch_tab(p))
            }))
            .with_route(route::<Self, CloseTabParams, Failure>(|s, p, _| {
                Box::pin(s.close_tab(p))
            }))
    }

    async fn launch(&self, params: LaunchParams) -> ToolAnswer {
        let mut session = self.session.lock().await;
        session.launch().await?;
        if let Some(url) = params.url {
            session.navigate(&url).await?;
        }
        let list = session.tabs().await?;
        let line = format!("browser ready with {} tab(s)", list.len());
        Ok(tab_list(list, line))
    }

    async fn observe(&self, params: ObserveParams) -> ToolAnswer {
        let shot = screenshot_options(params.image_format, params.quality, params.max_width);
        let started = std::time::Instant::now();
        let observation = self.session.lock().await.observe(&shot).await?;
        let observed = started.elapsed();
        if let Some(gate) = &self.gate {
            gate.seen().saw(observation.snapshot.clone());
        }
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
            let value = value.map_err(|error| {
                BrowserError::PageScript(format!("the snapshot could not be encoded: {error}"))
            })?;
            result.structured_content = Some(value);
        }
        tracing::debug!(
            observe_ms = observed.as_secs_f64() * 1000.0,
            answer_ms = (started.elapsed() - observed).as_secs_f64() * 1000.0,
            "observe answered"
        );
        Ok(result)
    }

    async fn screenshot(&self, params: ScreenshotParams) -> ToolAnswer {
        let options = screenshot_options(params.image_format, params.quality, params.max_width);
        let image = self.session.lock().await.screenshot(&options).await?;
        Ok(CallToolResult::success(vec![ContentBlock::image(
            image.data,
            image.mime_type,
        )]))
    }

    async fn navigate(&self, params: NavigateParams) -> ToolAnswer {
        let outcome = self.session.lock().await.navigate(&params.url).await?;
        Ok(action(&outcome))
    }

    async fn click(&self, params: ClickParams) -> ToolAnswer {
        let outcome = self.session.lock().await.click(&params.eid).await?;
        Ok(action(&outcome))
    }

    async fn hover(&self, params: HoverParams) -> ToolAnswer {
        let outcome = self.session.lock().await.hover(&params.eid).await?;
        Ok(action(&outcome))
    }

    async fn type_text(&self, params: TypeParams) -> ToolAnswer {
        let mut session = self.session.lock().await;
        let outcome = session
            .type_text(&params.eid, &params.text, params.clear, params.submit)
            .await?;
        Ok(action(&outcome))
    }

    async fn select_option(&self, params: SelectParams) -> ToolAnswer {
        let mut session = self.session.lock().await;
        let outcome = session.select_option(&params.eid, &params.option).await?;
        Ok(action(&outcome))
    }

    async fn press_key(&self, params: KeyParams) -> ToolAnswer {
        let outcome = self.session.lock().await.press_key(&params.key).await?;
        Ok(action(&outcome))
    }

    async fn scroll(&self, params: ScrollParams) -> ToolAnswer {
        // Validation left at most one kind of target.
        let target = match (params.eid, params.to) {
            (Some(eid), _) => ScrollTarget::Element { eid },
            (None, Some(end)) if params.within.is_some() => ScrollTarget::Inside {
                within: params.within.unwrap_or_default(),
                to_bottom: matches!(end, ScrollEnd::Bottom),
            },
            (None, Some(ScrollEnd::Top)) => ScrollTarget::Top,
            (None, Some(ScrollEnd::Bottom)) => ScrollTarget::Bottom,
            (None, None) => ScrollTarget::By {
                direction: params.direction.unwrap_or(ScrollDirection::Down),
                amount_px: params.amount_px,
            },
        };
        let outcome = self.session.lock().await.scroll(&target).await?;
        Ok(action(&outcome))
    }

    async fn wait(&self, params: WaitParams) -> ToolAnswer {
        let timeout_ms = params
            .timeout_ms
            .unwrap_or(DEFAULT_WAIT_MS)
            .min(MAX_WAIT_MS);
        let timeout = Duration::from_millis(timeout_ms);
        let mut session = self.session.lock().await;
        let outcome = session.wait(&params.condition, timeout).await?;
        Ok(action(&outcome))
    }

    async fn back(&self, _: BackParams) -> ToolAnswer {
        let outcome = self.session.lock().await.back().await?;
        Ok(action(&outcome))
    }

    async fn list_tabs(&self, _: ListTabsParams) -> ToolAnswer {
        let list = self.session.lock().await.tabs().await?;
        let line = format!("{} tab(s)", list.len());
        Ok(tab_list(list, line))
    }

    async fn switch_tab(&self, params: SwitchTabParams) -> ToolAnswer {
        let list = self.session.lock().await.switch_tab(&params.tab_id).await?;
        Ok(tab_list(list, format!("switched to {}", params.tab_id)))
    }

    async fn close_tab(&self, params: CloseTabParams) -> ToolAnswer {
        let list = self.session.lock().await.close_tab(&params.tab_id).await?;
        Ok(tab_list(list, format!("closed {}", params.tab_id)))
    }
}

impl SiteHost for BrowserServer {
    fn browser_session(&self) -> &Arc<Mutex<BrowserSession>> {
        &self.session
    }

    fn studio(&self) -> &SiteStudio {
        &self.site
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
        let running = async {
            let _turn = match &self.gate {
                Some(_) => Some(self.turn.lock().await),
                None => None,
            };
            if let Some(gate) = &self.gate {
                let arguments = request.arguments.clone().unwrap_or_default();
                match gated::judge(self, gate, &request.name, &arguments).await {
                    Ok(None) => {}
                    Ok(Some(judged)) => match gate.clear(&judged, &self.session, &context).await {
                        Ok(None) => {}
                        Ok(Some(outcome)) => return Ok(gated::handed_back(&judged, outcome)),
                        Err(refusal) => return refusal.into_response(),
                    },
                    Err(error) => return Failure::from(error).into_call_tool_result(),
                }
                if !self.effect_of(&request.name).read_only {
                    gate.seen().forget();
                }
            }
            let call = rmcp::handler::server::tool::ToolCallContext::new(self, request, context);
            self.tool_router.call(call).await
        };
        tokio::select! {
            result = running => result,
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
                 observe again. Dialogs are dismissed and reported; popups open as new tabs. \
                 Site studio tools (analyze_brief, create_design_system, generate_page, \
                 edit_page, read_page, list_pages, validate_html, extract_style) build a small \
                 mobile site in the session's folder and check it in the browser.",
            )
    }
}

/// The text part of an observation: notices, tabs, then the compact page rendering.
pub fn describe_observation(observation: &Observation, render: &RenderOptions) -> String {
    let mut text = String::new();
    for notice in &observation.notices {
        text.push_str(&format!("notice: {notice}\n"));
    }
    if let Some(host) = &observation.sign_in_again {
        text.push_str(&format!(
            "notice: this browser was signed in to {host} before; the page asks to sign in \
             again (the person signs in, or a secret configured for {host} is typed)\n"
        ));
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

#[cfg(test)]
mod tests;
