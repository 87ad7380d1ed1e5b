//! What a session can do on its active tab: observe, navigate, type, select, press keys, wait
//! and go back (clicking is in [`super::click`], scrolling in [`super::scroll`]). Each element
//! action re-checks its target by eid in the page first, so a stale or unknown eid or a disabled
//! element is a clear tool error.

use std::time::{Duration, Instant};

use base64::Engine;
use chromiumoxide::cdp::browser_protocol::input::InsertTextParams;
use chromiumoxide::cdp::browser_protocol::page::{
    CaptureScreenshotFormat, CaptureScreenshotParams, GetNavigationHistoryParams,
    NavigateToHistoryEntryParams, StopLoadingParams,
};
use chromiumoxide::cdp::browser_protocol::target::GetTargetInfoParams;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::keys;
use super::script::{self, ScriptFn};
use super::session::{BrowserSession, read_only};
use super::settle::{Arrival, DocumentWatch};
use crate::error::{BrowserError, Result};
use crate::observation::{Observation, Screenshot};
use crate::screenshot::{self, ScreenshotFormat, ScreenshotOptions};
use crate::snapshot::{Element, Snapshot, wire};

/// URL schemes the browser may open. `javascript:` and friends would run arbitrary code.
const OPENABLE_SCHEMES: [&str; 4] = ["http", "https", "file", "about"];

/// Where the page is after an action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ActionOutcome {
    /// One line saying what happened.
    pub message: String,
    pub url: String,
    pub title: String,
}

/// What to wait for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WaitCondition {
    /// A fixed time (at most 30 s).
    Time { ms: u64 },
    /// Text to appear anywhere visible on the page (case-insensitive).
    Text { text: String },
    /// An element whose accessible name contains `name` (and with `role`, if given).
    Element { name: String, role: Option<String> },
    /// The current navigation to finish loading.
    Navigation,
}

/// Input types whose value is set rather than typed (Chromium offers no text entry for them).
const VALUE_INPUT_TYPES: [&str; 7] = [
    "date",
    "time",
    "datetime-local",
    "month",
    "week",
    "color",
    "range",
];

fn takes_value_not_text(element: &Element) -> bool {
    element.tag == "input"
        && element
            .input_type
            .as_deref()
            .is_some_and(|kind| VALUE_INPUT_TYPES.contains(&kind))
}

/// A margin over the navigation timeout for the arrival watch itself, so a silent browser is
/// told from a silent page.
const ARRIVAL_MARGIN: Duration = Duration::from_secs(2);

/// The snapshot's element cap: keeps huge pages bounded (in-viewport elements are kept first).
const MAX_SNAPSHOT_ELEMENTS: usize = 5_000;

/// The page's snapshot. A document being replaced meanwhile fails it with an error that
/// [`BrowserError::page_was_replaced`] recognises; the caller (`read_only!`) runs it again.
async fn take_snapshot(page: &chromiumoxide::Page) -> Result<Snapshot> {
    let args = [json!({ "max_elements": MAX_SNAPSHOT_ELEMENTS })];
    let text = script::call_json(page, ScriptFn::Snapshot, &args).await?;
    wire::decode(&text).map_err(|e| match script::failure_message(&text) {
        Some(message) => BrowserError::PageScript(format!("snapshot failed: {message}")),
        None => BrowserError::PageScript(format!("snapshot: {e}")),
    })
}

async fn take_screenshot(
    page: &chromiumoxide::Page,
    options: &ScreenshotOptions,
) -> Result<Screenshot> {
    // Optimised for speed: Chromium's faster encoder settings; the image is for a model or a
    // chat view, not for print.
    let mut params = CaptureScreenshotParams::builder()
        .format(match options.format {
            ScreenshotFormat::Png => CaptureScreenshotFormat::Png,
            ScreenshotFormat::Jpeg => CaptureScreenshotFormat::Jpeg,
        })
        .optimize_for_speed(true);
    if options.format == ScreenshotFormat::Jpeg {
        params = params.quality(i64::from(options.quality.clamp(1, 100)));
    }
    let params = params.build();
    // A page being replaced fails the capture; the caller (`read_only!`) runs it again.
    let (response, captured) = timed(async {
        page.execute(params)
            .await
            .map_err(|e| super::cdp_error("screenshot", e))
    })
    .await;
    let response = response?;
    let (finished, encoded) = timed(async {
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(&response.result.data)
            .map_err(|e| BrowserError::PageScript(format!("screenshot data: {e}")))?;
        screenshot::finish(bytes, options)
    })
    .await;
    tracing::debug!(
        capture_ms = ms(captured),
        finish_ms = ms(encoded),
        "screenshot"
    );
    finished
}

/// A future's output and how long it took.
async fn timed<T>(work: impl Future<Output = T>) -> (T, Duration) {
    let started = Instant::now();
    let output = work.await;
    (output, started.elapsed())
}

fn ms(took: Duration) -> f64 {
    took.as_secs_f64() * 1000.0
}

const MAX_FIXED_WAIT: Duration = Duration::from_secs(30);
const POLL_EVERY: Duration = Duration::from_millis(50);

impl BrowserSession {
    /// Screenshot and snapshot of the active tab together, with tabs and notices. Both are
    /// requested at once, so they show the same moment as closely as the browser allows, and
    /// the screenshot first: its frame is produced before the page's main thread turns to the
    /// snapshot script, and is encoded while the script runs, so the two overlap fully.
    pub async fn observe(&mut self, shot: &ScreenshotOptions) -> Result<Observation> {
        read_only!(self, observe_once(shot))
    }

    async fn observe_once(&mut self, shot: &ScreenshotOptions) -> Result<Observation> {
        let started = Instant::now();
        let tabs = self.sync_tabs().await?;
        let page = self.page().await?;
        let tabs_took = started.elapsed();
        let timeout = self.host().config().call_timeout();
        let taking = async {
            let (screenshot, snapshot) = tokio::join!(
                timed(take_screenshot(&page, shot)),
                timed(take_snapshot(&page))
            );
            tracing::debug!(
                tabs_ms = ms(tabs_took),
                screenshot_ms = ms(screenshot.1),
                snapshot_ms = ms(snapshot.1),
                "observe captured"
            );
            Ok((snapshot.0?, screenshot.0?))
        };
        let (snapshot, screenshot) = self.guard_ours("observe", timeout, taking).await?;
        Ok(Observation {
            sign_in_again: self.sign_in_again(&snapshot),
            snapshot,
            screenshot: Some(screenshot),
            tabs,
            notices: self.drain_notices(),
        })
    }

    /// The DOM snapshot of the active tab alone.
    pub async fn snapshot(&mut self) -> Result<Snapshot> {
        read_only!(self, active_snapshot())
    }

    pub(super) async fn active_snapshot(&mut self) -> Result<Snapshot> {
        let page = self.page().await?;
        let timeout = self.host().config().call_timeout();
        self.guard_ours("snapshot", timeout, take_snapshot(&page))
            .await
    }

    /// An image of the active tab's viewport.
    pub async fn screenshot(&mut self, options: &ScreenshotOptions) -> Result<Screenshot> {
        read_only!(self, screenshot_once(options))
    }

    async fn screenshot_once(&mut self, options: &ScreenshotOptions) -> Result<Screenshot> {
        let page = self.foreground_page().await?;
        let timeout = self.host().config().call_timeout();
        self.guard_ours("screenshot", timeout, take_screenshot(&page, options))
            .await
    }

    /// Opens a URL in the active tab and waits until its document is usable (parsed, then a
    /// bounded quiet window: see [`super::settle`]); a subresource that never finishes does not
    /// hold it up. A page that cannot be reached is a [`BrowserError::Navigation`]; one whose
    /// document does not arrive in time is a [`BrowserError::NavigationTimedOut`], and the tab
    /// stays on the page it showed.
    pub async fn navigate(&mut self, url: &str) -> Result<ActionOutcome> {
        let parsed = url::Url::parse(url.trim())
            .map_err(|e| BrowserError::InvalidArgument(format!("`{url}` is not a URL: {e}")))?;
        if !OPENABLE_SCHEMES.contains(&parsed.scheme()) {
            return Err(BrowserError::InvalidArgument(format!(
                "`{}:` URLs cannot be opened (allowed: http, https, file, about)",
                parsed.scheme()
            )));
        }
        let page = self.foreground_page().await?;
        let timeout = self.host().config().navigation_timeout();
        let target = parsed.to_string();
        let main = self.guard("main frame", page.mainframe()).await?;
        let (Some(main), Some(mut watch)) = (main, DocumentWatch::start(&page).await) else {
            return Err(BrowserError::Protocol {
                operation: "navigate".into(),
                message: "the tab has no main frame to navigate".into(),
            });
        };
        let deadline = tokio::time::Instant::now() + timeout;
        self.start_navigation(&page, &parsed).await?;
        let arrival = self
            .guard_ours("navigate", timeout + ARRIVAL_MARGIN, async {
                Ok(watch.arrival(&main, deadline).await)
            })
            .await?;
        match arrival {
            Arrival::Usable | Arrival::SameDocument => {
                self.outcome(format!("opened {target}")).await
            }
            Arrival::Unreachable { reason } => Err(BrowserError::Navigation {
                url: target,
                reason,
            }),
            Arrival::TimedOut { arrived } => {
                if !arrived {
                    // Nothing came: cancel the pending navigation, so the tab keeps the page it
                    // showed and the next navigation starts at once.
                    if let Err(error) = self
                        .guard("stop loading", page.execute(StopLoadingParams::default()))
                        .await
                    {
                        tracing::debug!(%error, "could not cancel a navigation that never arrived");
                    }
                }
                Err(BrowserError::NavigationTimedOut {
                    url: target,
                    arrived,
                    after: timeout,
                })
            }
        }
    }

    /// Starts the navigation from inside the page where it can ([`script::start_navigation`]);
    /// elsewhere (a `file:` address, which pages may not open, or a document that runs no
    /// script) through CDP in the background, without waiting for its `load`.
    async fn start_navigation(&mut self, page: &chromiumoxide::Page, url: &url::Url) -> Result<()> {
        let from_page = matches!(url.scheme(), "http" | "https" | "about");
        if from_page && script::start_navigation(page, url.as_str()).await.is_ok() {
            return Ok(());
        }
        let page = page.clone();
        let target = url.to_string();
        tokio::spawn(async move {
            if let Err(error) = page.goto(target.as_str()).await {
                tracing::debug!(%error, "a background navigation ended with an error");
            }
        });
        Ok(())
    }

    /// Goes one step back in the active tab's history.
    pub async fn back(&mut self) -> Result<ActionOutcome> {
        let page = self.page().await?;
        let history = self
            .guard(
                "history",
                page.execute(GetNavigationHistoryParams::default()),
            )
            .await?;
        let index = usize::try_from(history.result.current_index).unwrap_or(0);
        let Some(entry) = index
            .checked_sub(1)
            .and_then(|i| history.result.entries.get(i))
        else {
            return Err(BrowserError::InvalidArgument(
                "there is no previous page in this tab".into(),
            ));
        };
        let url = entry.url.clone();
        let watch = self.watch().await?;
        self.guard(
            "back",
            page.execute(NavigateToHistoryEntryParams::new(entry.id)),
        )
        .await?;
        self.settle(watch).await?;
        self.outcome(format!("went back to {url}")).await
    }

    /// Types text into an editable element, optionally clearing it first and pressing Enter.
    pub async fn type_text(
        &mut self,
        eid: &str,
        text: &str,
        clear: bool,
        submit: bool,
    ) -> Result<ActionOutcome> {
        let element = self.describe(eid).await?;
        if element.disabled {
            return Err(BrowserError::Disabled(eid.to_owned()));
        }
        if !element.editable && !takes_value_not_text(&element) {
            return Err(BrowserError::NotEditable {
                eid: eid.to_owned(),
                role: element.role,
            });
        }
        let page = self.foreground_page().await?;
        let timeout = self.host().config().call_timeout();
        if takes_value_not_text(&element) {
            let args = [json!(eid), json!(text)];
            let setting = async { script::call(&page, ScriptFn::SetValue, &args).await };
            let answer = self.guard_ours("set value", timeout, setting).await?;
            script::check(answer, eid)?;
            if submit {
                self.press_key("Enter").await?;
            }
            return self
                .outcome(format!(
                    "set {eid} ({} \"{}\") to {text}",
                    element.role, element.name
                ))
                .await;
        }
        let eid_arg = [json!(eid)];
        let focusing = async {
            let focused = script::call(&page, ScriptFn::Focus, &eid_arg).await?;
            script::check(focused, eid)?;
            if clear {
                let cleared = script::call(&page, ScriptFn::Clear, &eid_arg).await?;
                script::check(cleared, eid)?;
            }
            Ok(())
        };
        self.guard_ours("focus", timeout, focusing).await?;
        if !text.is_empty() {
            self.guard("type", page.execute(InsertTextParams::new(text)))
                .await?;
        }
        if submit {
            self.press_key("Enter").await?;
        }
        let chars = text.chars().count();
        self.outcome(format!(
            "typed {chars} characters into {eid} ({} \"{}\"){}",
            element.role,
            element.name,
            if submit { " and pressed Enter" } else { "" }
        ))
        .await
    }

    /// Chooses an option of a `<select>` by value or label.
    pub async fn select_option(&mut self, eid: &str, option: &str) -> Result<ActionOutcome> {
        let page = self.page().await?;
        let timeout = self.host().config().call_timeout();
        let args = [json!(eid), json!(option)];
        let watch = self.watch().await?;
        let selecting = async { script::call(&page, ScriptFn::SelectOption, &args).await };
        let answer = self.guard_ours("select", timeout, selecting).await?;
        let answer = script::check(answer, eid)?;
        let label = answer
            .get("label")
            .and_then(Value::as_str)
            .unwrap_or(option)
            .to_owned();
        self.settle(watch).await?;
        self.outcome(format!("selected \"{label}\" in {eid}")).await
    }

    /// Presses a key or chord (`Enter`, `Control+A`) in the focused element.
    pub async fn press_key(&mut self, key: &str) -> Result<ActionOutcome> {
        let chord = keys::parse(key)?;
        let page = self.page().await?;
        let watch = self.watch().await?;
        for event in keys::events(&chord)? {
            self.guard("press key", page.execute(event)).await?;
        }
        self.settle(watch).await?;
        self.outcome(format!("pressed {key}")).await
    }

    /// Waits for a condition, polling the page; a timeout is a tool error.
    pub async fn wait(
        &mut self,
        condition: &WaitCondition,
        timeout: Duration,
    ) -> Result<ActionOutcome> {
        let deadline = Instant::now() + timeout;
        match condition {
            WaitCondition::Time { ms } => {
                let pause = Duration::from_millis(*ms).min(MAX_FIXED_WAIT);
                tokio::time::sleep(pause).await;
                self.outcome(format!("waited {}ms", pause.as_millis()))
                    .await
            }
            WaitCondition::Navigation => {
                let page = self.page().await?;
                super::settle::until_usable(&page, timeout).await;
                self.outcome("the page is ready".into()).await
            }
            WaitCondition::Text { text } => {
                let args = [json!(text)];
                loop {
                    let found = self.poll(ScriptFn::HasText, &args).await?;
                    if found.as_bool() == Some(true) {
                        return self.outcome(format!("\"{text}\" is on the page")).await;
                    }
                    if Instant::now() >= deadline {
                        return Err(BrowserError::WaitTimedOut {
                            what: format!("\"{text}\" did not appear"),
                            after: timeout,
                        });
                    }
                    tokio::time::sleep(POLL_EVERY).await;
                }
            }
            WaitCondition::Element { name, role } => {
                let args = [json!({ "name": name, "role": role })];
                loop {
                    let found = self.poll(ScriptFn::Find, &args).await?;
                    if let Some(eid) = found.get("eid").and_then(Value::as_str) {
                        let message = format!("element {eid} \"{name}\" is on the page");
                        return self.outcome(message).await;
                    }
                    if Instant::now() >= deadline {
                        return Err(BrowserError::WaitTimedOut {
                            what: format!("no element named \"{name}\" appeared"),
                            after: timeout,
                        });
                    }
                    tokio::time::sleep(POLL_EVERY).await;
                }
            }
        }
    }

    /// One poll of a page-script query; a document in the middle of being replaced counts as
    /// "not yet".
    async fn poll(&mut self, function: ScriptFn, args: &[Value]) -> Result<Value> {
        let page = self.page().await?;
        let timeout = self.host().config().call_timeout();
        let asking = async { script::call(&page, function, args).await };
        match self.guard_ours("wait", timeout, asking).await {
            Err(BrowserError::PageScript(_)) => Ok(Value::Null),
            other => other,
        }
    }

    /// The element's current record, or a typed error for a bad eid.
    pub async fn describe(&mut self, eid: &str) -> Result<Element> {
        let page = self.page().await?;
        let timeout = self.host().config().call_timeout();
        let args = [json!(eid)];
        let asking = async { script::call(&page, ScriptFn::Describe, &args).await };
        let answer = self.guard_ours("describe", timeout, asking).await?;
        let answer = script::check(answer, eid)?;
        let element = answer.get("element").cloned().unwrap_or(Value::Null);
        serde_json::from_value(element)
            .map_err(|e| BrowserError::PageScript(format!("describe {eid}: {e}")))
    }

    /// Starts watching for a navigation before a page-changing action.
    /// Syncs the tabs first, so the active tab is in front for the input that follows.
    pub(super) async fn watch(&mut self) -> Result<Option<DocumentWatch>> {
        let page = self.foreground_page().await?;
        Ok(DocumentWatch::start(&page).await)
    }

    /// Lets a navigation that the watched action started finish before the next call.
    pub(super) async fn settle(&mut self, watch: Option<DocumentWatch>) -> Result<()> {
        let page = self.page().await?;
        let timeout = self.host().config().navigation_timeout();
        match watch {
            Some(watch) => {
                watch.settle(&page, timeout).await;
            }
            None => super::settle::until_usable(&page, timeout).await,
        }
        Ok(())
    }

    /// The tab's URL and title after an action, read from the browser (no page context needed,
    /// so it works while a new document is loading).
    pub(super) async fn outcome(&mut self, message: String) -> Result<ActionOutcome> {
        let page = self.page().await?;
        let params = GetTargetInfoParams::builder()
            .target_id(page.target_id().clone())
            .build();
        let info = self.guard("target info", page.execute(params)).await?;
        Ok(ActionOutcome {
            message,
            url: info.result.target_info.url.clone(),
            title: info.result.target_info.title.clone(),
        })
    }
}
