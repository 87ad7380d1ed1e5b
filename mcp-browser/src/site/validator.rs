//! The browser side of `validate_html`: one tab in a browser context of its own, kept between
//! calls. A validation loads the page once at the phone viewport (390×844) for the audit, injects
//! the vendored axe-core once, then for each of 360, 768 and 1280 px emulates the device
//! (`Emulation.setDeviceMetricsOverride`, mobile for the first two, not a window resize), waits
//! for a frame and measures horizontal overflow (`scrollWidth - clientWidth`) and axe's
//! violations.
//!
//! The tab lives in its own context, not the session's, so validating never touches the tabs,
//! history or cookies the agent and the person work with. Console errors, uncaught exceptions
//! and browser log errors (failed loads, CSP refusals) are collected per validation. After the
//! browser restarts, the next call makes a new tab.

use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;

use chromiumoxide::Page;
use chromiumoxide::cdp::browser_protocol::emulation::SetDeviceMetricsOverrideParams;
use chromiumoxide::cdp::browser_protocol::log::{EventEntryAdded, LogEntryLevel};
use chromiumoxide::cdp::js_protocol::runtime::{
    ConsoleApiCalledType, EvaluateParams, EventConsoleApiCalled, EventExceptionThrown,
};
use futures::StreamExt;
use tokio::sync::Mutex;
use tokio::task::JoinHandle;

use super::report::{Audit, WidthAudit};
use crate::browser::{BrowserHost, LiveBrowser, blank_context, bounded, cdp_error};
use crate::error::BrowserError;

/// The phone viewport every page is checked at.
pub const PHONE: (u32, u32) = (390, 844);
const AUDIT: &str = include_str!("audit.js");
/// axe-core 4.14.1 (MPL-2.0, `vendor/axe-core/`), injected into the page under test only.
const AXE: &str = include_str!("vendor/axe-core/axe.min.js");
/// The widths every page is checked at: (width, height, mobile).
pub const WIDTHS: [(u32, u32, bool); 3] = [(360, 740, true), (768, 1024, true), (1280, 800, false)];
/// Per width: one frame for the layout to follow the new viewport, then overflow and axe.
const WIDTH_CHECK: &str = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))\
.then(() => axe.run(document, { resultTypes: ['violations'] }))\
.then((result) => { const se = document.scrollingElement || document.documentElement;\
return JSON.stringify({ overflow_px: Math.max(0, se.scrollWidth - se.clientWidth),\
violations: result.violations.map((v) => ({ id: v.id, impact: v.impact || 'minor', nodes: v.nodes.length,\
targets: v.nodes.slice(0, 3).map((n) => String(n.target && n.target[0] || '')) })) }); })";

type Errors = Arc<StdMutex<Vec<String>>>;

struct PhoneTab {
    live: Arc<LiveBrowser>,
    page: Page,
    errors: Errors,
    listeners: Vec<JoinHandle<()>>,
}

impl Drop for PhoneTab {
    fn drop(&mut self) {
        for listener in &self.listeners {
            listener.abort();
        }
    }
}

/// Renders pages at the phone viewport and audits them.
#[derive(Default)]
pub struct Validator {
    tab: Mutex<Option<PhoneTab>>,
}

impl Validator {
    /// Opens `url` in the tab and returns the phone-size audit, the console errors, and the
    /// overflow and axe violations at each of [`WIDTHS`].
    pub async fn audit(
        &self,
        host: &Arc<BrowserHost>,
        url: &str,
    ) -> Result<(Audit, Vec<String>, Vec<WidthAudit>), BrowserError> {
        let mut slot = self.tab.lock().await;
        let live = host.live().await?;
        let stale = slot
            .as_ref()
            .is_none_or(|tab| tab.live.generation != live.generation || !tab.live.is_alive());
        if stale {
            *slot = Some(open_tab(host, live).await?);
        }
        let Some(tab) = slot.as_ref() else {
            return Err(BrowserError::Crashed("no validation tab".into()));
        };
        if let Ok(mut errors) = tab.errors.lock() {
            errors.clear();
        }
        let config = host.config();
        let phone = SetDeviceMetricsOverrideParams::new(PHONE.0, PHONE.1, 1.0, true);
        bounded(
            config.call_timeout(),
            "phone viewport",
            tab.page.execute(phone),
        )
        .await?;
        bounded(
            config.navigation_timeout(),
            "open the page",
            tab.page.goto(url),
        )
        .await?;
        let json: String = bounded(config.call_timeout(), "audit", tab.page.evaluate(AUDIT))
            .await?
            .into_value()
            .map_err(|e| BrowserError::PageScript(format!("audit answer: {e}")))?;
        let audit: Audit = serde_json::from_str(&json)
            .map_err(|e| BrowserError::PageScript(format!("audit answer: {e}")))?;
        let errors = tab.errors.lock().map(|e| e.clone()).unwrap_or_default();
        let widths = widths(&tab.page, config.call_timeout()).await?;
        Ok((audit, errors, widths))
    }
}

/// Injects axe once, then checks each width.
async fn widths(page: &Page, timeout: Duration) -> Result<Vec<WidthAudit>, BrowserError> {
    let inject = EvaluateParams::builder()
        .expression(format!("{AXE}\n;true"))
        .build()
        .map_err(BrowserError::PageScript)?;
    bounded(timeout, "inject axe-core", page.evaluate_expression(inject)).await?;
    let mut out = Vec::with_capacity(WIDTHS.len());
    for (width, height, mobile) in WIDTHS {
        let metrics = SetDeviceMetricsOverrideParams::new(width, height, 1.0, mobile);
        bounded(timeout, "emulate width", page.execute(metrics)).await?;
        let check = EvaluateParams::builder()
            .expression(WIDTH_CHECK)
            .await_promise(true)
            .return_by_value(true)
            .build()
            .map_err(BrowserError::PageScript)?;
        let json: String = bounded(timeout, "axe-core", page.evaluate_expression(check))
            .await?
            .into_value()
            .map_err(|e| BrowserError::PageScript(format!("axe answer: {e}")))?;
        let mut audit: WidthAudit = serde_json::from_str(&json)
            .map_err(|e| BrowserError::PageScript(format!("axe answer: {e}")))?;
        audit.width = width;
        out.push(audit);
    }
    Ok(out)
}

async fn open_tab(
    host: &Arc<BrowserHost>,
    live: Arc<LiveBrowser>,
) -> Result<PhoneTab, BrowserError> {
    let timeout = host.config().call_timeout();
    let tab_timeout = host.config().launch_timeout();
    let (_, page) = blank_context(&*live.browser.lock().await, timeout, tab_timeout).await?;
    let metrics = SetDeviceMetricsOverrideParams::new(PHONE.0, PHONE.1, 1.0, true);
    bounded(timeout, "phone viewport", page.execute(metrics)).await?;
    let errors: Errors = Arc::default();
    let listeners = listen(&page, &errors).await?;
    Ok(PhoneTab {
        live,
        page,
        errors,
        listeners,
    })
}

async fn listen(page: &Page, errors: &Errors) -> Result<Vec<JoinHandle<()>>, BrowserError> {
    let mut console = page
        .event_listener::<EventConsoleApiCalled>()
        .await
        .map_err(|e| cdp_error("listen", e))?;
    let mut thrown = page
        .event_listener::<EventExceptionThrown>()
        .await
        .map_err(|e| cdp_error("listen", e))?;
    let mut log = page
        .event_listener::<EventEntryAdded>()
        .await
        .map_err(|e| cdp_error("listen", e))?;
    let push = |errors: &Errors, line: String| {
        if let Ok(mut list) = errors.lock() {
            list.push(line.chars().take(300).collect());
        }
    };
    let (e1, e2, e3) = (Arc::clone(errors), Arc::clone(errors), Arc::clone(errors));
    Ok(vec![
        tokio::spawn(async move {
            while let Some(event) = console.next().await {
                if matches!(
                    event.r#type,
                    ConsoleApiCalledType::Error | ConsoleApiCalledType::Assert
                ) {
                    let text: Vec<String> = event
                        .args
                        .iter()
                        .map(|arg| {
                            arg.value
                                .as_ref()
                                .and_then(|v| v.as_str().map(str::to_owned))
                                .or_else(|| arg.description.clone())
                                .unwrap_or_default()
                        })
                        .collect();
                    push(&e1, format!("console.error: {}", text.join(" ")));
                }
            }
        }),
        tokio::spawn(async move {
            while let Some(event) = thrown.next().await {
                let details = &event.exception_details;
                let message = details
                    .exception
                    .as_ref()
                    .and_then(|e| e.description.clone())
                    .unwrap_or_else(|| details.text.clone());
                let first = message.lines().next().unwrap_or_default().to_owned();
                push(&e2, format!("uncaught: {first}"));
            }
        }),
        tokio::spawn(async move {
            while let Some(event) = log.next().await {
                if event.entry.level == LogEntryLevel::Error {
                    push(&e3, format!("browser: {}", event.entry.text));
                }
            }
        }),
    ])
}
