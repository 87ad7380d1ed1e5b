//! When a page is usable: waiting for a document driven by CDP events, never by its `load`.
//!
//! A document is usable when a person could use it: it has arrived and been parsed
//! (`DOMContentLoaded`), and then a short, bounded quiet window has passed — its `load` event or
//! Chromium's `networkAlmostIdle`, whichever comes first, and at most [`QUIET_WINDOW`] after DOM
//! ready. A subresource that never finishes (analytics, ads, long polling, a slow CDN) therefore
//! never blocks an action, and a page is never stopped or blanked because of one.
//!
//! Contract: create a [`DocumentWatch`] *before* the action that may navigate (its listeners
//! buffer events), run the action, then call [`DocumentWatch::settle`] (after an action that
//! may or may not navigate) or [`DocumentWatch::arrival`] (after starting a navigation). A
//! renderer round trip acts as a barrier in `settle`: any navigation the action's event handlers
//! requested has been announced by the time it returns.

use std::time::Duration;

use chromiumoxide::Page;
use chromiumoxide::cdp::browser_protocol::network::{EventLoadingFailed, LoaderId, ResourceType};
use chromiumoxide::cdp::browser_protocol::page::{
    EventFrameNavigated, EventFrameRequestedNavigation, EventFrameStartedLoading,
    EventFrameStoppedLoading, EventLifecycleEvent, EventNavigatedWithinDocument, FrameId,
};
use chromiumoxide::cdp::js_protocol::runtime::EvaluateParams;
use chromiumoxide::listeners::EventStream;
use futures::{FutureExt, StreamExt};
use tokio::time::Instant;

/// The longest quiet window after DOM ready: a page whose `load` has not come by then is used
/// as it is.
pub const QUIET_WINDOW: Duration = Duration::from_millis(1_500);

/// Lifecycle events that end the quiet window.
const QUIET_EVENTS: [&str; 2] = ["load", "networkAlmostIdle"];

/// Listeners registered before an action.
pub struct DocumentWatch {
    requested: EventStream<EventFrameRequestedNavigation>,
    started: EventStream<EventFrameStartedLoading>,
    stopped: EventStream<EventFrameStoppedLoading>,
    navigated: EventStream<EventFrameNavigated>,
    within: EventStream<EventNavigatedWithinDocument>,
    lifecycle: EventStream<EventLifecycleEvent>,
    failed: EventStream<EventLoadingFailed>,
}

/// How a navigation of the main frame ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arrival {
    /// The new document is usable.
    Usable,
    /// The address changed within the same document (a fragment, `history.pushState`).
    SameDocument,
    /// The browser could not reach the page: it shows its error page. `reason` is Chromium's
    /// network error (`net::ERR_CONNECTION_REFUSED`), when one was reported.
    Unreachable { reason: String },
    /// No usable document by the deadline. `arrived` says whether a response committed (then
    /// it was still being parsed) or nothing came at all.
    TimedOut { arrived: bool },
}

impl DocumentWatch {
    /// Starts listening on `page`. `None` when the listeners cannot be registered (the caller
    /// then goes on without waiting).
    pub async fn start(page: &Page) -> Option<Self> {
        Some(Self {
            requested: page.event_listener().await.ok()?,
            started: page.event_listener().await.ok()?,
            stopped: page.event_listener().await.ok()?,
            navigated: page.event_listener().await.ok()?,
            within: page.event_listener().await.ok()?,
            lifecycle: page.event_listener().await.ok()?,
            failed: page.event_listener().await.ok()?,
        })
    }

    /// After an action that may have started a navigation: when the main frame navigates,
    /// waits (at most `timeout`) for its new document to be usable; when only inner frames load,
    /// waits at most [`QUIET_WINDOW`] for them. Returns true when a navigation was seen.
    pub async fn settle(mut self, page: &Page, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        // Barrier: a renderer round trip. A failure here means the document is being replaced.
        let barrier = EvaluateParams::builder().expression("0").build();
        let context_lost = match barrier {
            Ok(params) => matches!(
                tokio::time::timeout(timeout, page.execute(params)).await,
                Ok(Err(_))
            ),
            Err(_) => false,
        };
        let main = page.mainframe().await.ok().flatten();
        let mut loading: Vec<FrameId> = Vec::new();
        while let Some(Some(event)) = self.requested.next().now_or_never() {
            loading.push(event.frame_id.clone());
        }
        while let Some(Some(event)) = self.started.next().now_or_never() {
            loading.push(event.frame_id.clone());
        }
        let main_navigates = context_lost || main.as_ref().is_some_and(|m| loading.contains(m));
        match main {
            Some(main) if main_navigates => {
                self.arrival(&main, deadline).await;
                true
            }
            _ if loading.is_empty() => false,
            _ => {
                let inner_frames = async {
                    while let Some(event) = self.stopped.next().await {
                        loading.retain(|frame| *frame != event.frame_id);
                        if loading.is_empty() {
                            break;
                        }
                    }
                };
                let _ = tokio::time::timeout(QUIET_WINDOW, inner_frames).await;
                true
            }
        }
    }

    /// Waits until the navigation of the main frame `main` that was just started has a usable
    /// document, the page proves unreachable, or `deadline` passes.
    pub async fn arrival(&mut self, main: &FrameId, deadline: Instant) -> Arrival {
        let mut committed: Option<LoaderId> = None;
        let mut network_error: Option<String> = None;
        let arrived = loop {
            // Biased, in the order CDP sends them: a document request fails before the error
            // page commits, and a document commits before its lifecycle events.
            tokio::select! {
                biased;
                Some(event) = self.failed.next() => {
                    if event.r#type == ResourceType::Document && event.canceled != Some(true) {
                        network_error = Some(event.error_text.clone());
                    }
                }
                Some(event) = self.navigated.next() => {
                    let frame = &event.frame;
                    if frame.id != *main {
                        continue;
                    }
                    if frame.unreachable_url.is_some() {
                        let reason = network_error
                            .take()
                            .unwrap_or_else(|| "the page could not be reached".to_owned());
                        return Arrival::Unreachable { reason };
                    }
                    committed = Some(frame.loader_id.clone());
                }
                Some(event) = self.within.next() => {
                    if event.frame_id == *main {
                        return Arrival::SameDocument;
                    }
                }
                Some(event) = self.lifecycle.next() => {
                    let ours = committed.as_ref() == Some(&event.loader_id);
                    if ours && event.frame_id == *main && event.name == "DOMContentLoaded" {
                        break event.loader_id.clone();
                    }
                }
                () = tokio::time::sleep_until(deadline) => {
                    return Arrival::TimedOut { arrived: committed.is_some() };
                }
            }
        };
        self.quiet(main, &arrived, deadline).await;
        Arrival::Usable
    }

    /// The quiet window after DOM ready: until `load` or `networkAlmostIdle` of the document
    /// `loader`, at most [`QUIET_WINDOW`] (and never past `deadline`).
    async fn quiet(&mut self, main: &FrameId, loader: &LoaderId, deadline: Instant) {
        let until = (Instant::now() + QUIET_WINDOW).min(deadline);
        let quiet = async {
            while let Some(event) = self.lifecycle.next().await {
                let ours = event.frame_id == *main && event.loader_id == *loader;
                if ours && QUIET_EVENTS.contains(&event.name.as_str()) {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout_at(until, quiet).await;
    }
}

/// Waits, at most `timeout`, until the page's current document is usable: already parsed, or
/// its `DOMContentLoaded` arrives, then the quiet window. For a page whose document is being
/// replaced (a script call lost its context).
pub async fn until_usable(page: &Page, timeout: Duration) {
    let deadline = Instant::now() + timeout;
    let Some(mut watch) = DocumentWatch::start(page).await else {
        return;
    };
    let Ok(Some(main)) = page.mainframe().await else {
        return;
    };
    // Registered before asking, so a document that gets parsed meanwhile is not missed.
    let parsed = EvaluateParams::builder()
        .expression("document.readyState !== 'loading'")
        .return_by_value(true)
        .build();
    if let Ok(params) = parsed
        && let Ok(Ok(answer)) = tokio::time::timeout_at(deadline, page.execute(params)).await
        && answer.result.result.value == Some(serde_json::Value::Bool(true))
    {
        return;
    }
    let dom_ready = async {
        while let Some(event) = watch.lifecycle.next().await {
            if event.frame_id == main && event.name == "DOMContentLoaded" {
                return Some(event.loader_id.clone());
            }
        }
        None
    };
    if let Ok(Some(loader)) = tokio::time::timeout_at(deadline, dom_ready).await {
        watch.quiet(&main, &loader, deadline).await;
    }
}
