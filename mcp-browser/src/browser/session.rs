//! [`BrowserSession`]: one user session's isolated browser context, its tabs, and the notices
//! (dialogs, popups, restarts) to report in the next observation. Keeping the tab list in step
//! with the browser is in `tabs.rs`.
//!
//! Contract: every method takes `&mut self`, so one session runs one browser call at a time.
//! Every CDP call goes through [`BrowserSession::guard`], which bounds it with the configured
//! timeout and turns a dead connection into [`BrowserError::Crashed`]. A call that finds the
//! browser dead, or loses it mid-call, fails with `Crashed` naming how it died, and drops the
//! session's context; the next call gets a fresh context on the restarted browser (reported
//! once, with the reason, as [`PageNotice::BrowserRestarted`] in the next observation).
//! A read-only call (observe, snapshot, screenshot, tabs) that fails so is run once more, on the
//! restarted browser (see `read_only!`); a call that can change a page is never run again
//! on a browser it was not meant for.

use std::future::Future;
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;

use chromiumoxide::cdp::browser_protocol::browser::{
    BrowserContextId, SetDownloadBehaviorBehavior, SetDownloadBehaviorParams,
};
use chromiumoxide::cdp::browser_protocol::page::{
    EventJavascriptDialogOpening, HandleJavaScriptDialogParams,
};
use chromiumoxide::cdp::browser_protocol::target::{
    CreateBrowserContextParams, CreateTargetParams, DisposeBrowserContextParams, TargetId,
};
use chromiumoxide::error::CdpError;
use chromiumoxide::{Browser, Page};
use futures::StreamExt;
use tokio::task::JoinHandle;

use super::bounded;
use super::host::{BrowserHost, LiveBrowser};
use crate::error::{BrowserError, Result};
use crate::observation::PageNotice;

/// Notices gathered by background listeners until the next observation drains them.
pub(crate) type Notices = Arc<StdMutex<Vec<PageNotice>>>;

pub(crate) struct Tab {
    pub id: String,
    pub target: TargetId,
    pub page: Page,
    listener: JoinHandle<()>,
}

impl Drop for Tab {
    fn drop(&mut self) {
        self.listener.abort();
    }
}

pub(crate) struct Context {
    pub live: Arc<LiveBrowser>,
    pub id: BrowserContextId,
    pub tabs: Vec<Tab>,
    pub active: usize,
    /// Targets this session closed that the browser may still list for a moment: never adopted
    /// again, forgotten once the browser stops listing them.
    pub closing: Vec<TargetId>,
    /// The active tab's address at the last tab sync, to tell a call that hung while the tab's
    /// page was replaced (the address moved on meanwhile) from one that hung on the same page.
    pub active_url: Option<String>,
    next_tab: u32,
}

impl Context {
    /// Where the tab with this id is in `tabs`.
    pub(super) fn tab_index(&self, tab_id: &str) -> Result<usize> {
        self.tabs
            .iter()
            .position(|tab| tab.id == tab_id)
            .ok_or_else(|| BrowserError::NoSuchTab(tab_id.to_owned()))
    }

    /// Registers a tab and starts its dialog listener. Returns its session-local id.
    pub(super) async fn adopt(&mut self, page: Page, notices: &Notices) -> String {
        let id = format!("t{}", self.next_tab);
        self.next_tab += 1;
        let listener = spawn_dialog_listener(page.clone(), Arc::clone(notices)).await;
        self.tabs.push(Tab {
            id: id.clone(),
            target: page.target_id().clone(),
            page,
            listener,
        });
        id
    }
}

/// One session's view of the browser.
pub struct BrowserSession {
    host: Arc<BrowserHost>,
    pub(super) context: Option<Context>,
    pub(super) notices: Notices,
    /// How the browser died, once a crash was reported: the next context creation adds a
    /// restart notice with it.
    restarted: Option<String>,
    /// The logins to put into each new context: what was restored or last saved (`saved_state.rs`).
    pub(super) last_good: Option<super::login_state::SavedBrowserState>,
    /// How the last restore went; a failed one blocks exports.
    pub(super) restore: super::login_state::Restore,
}

impl BrowserSession {
    pub fn new(host: Arc<BrowserHost>) -> Self {
        Self {
            host,
            context: None,
            notices: Arc::default(),
            restarted: None,
            last_good: None,
            restore: super::login_state::Restore::default(),
        }
    }

    pub fn host(&self) -> &Arc<BrowserHost> {
        &self.host
    }

    /// Starts the browser (if needed) and this session's context and first tab.
    pub async fn launch(&mut self) -> Result<()> {
        self.context().await.map(|_| ())
    }

    /// The session's context, created on first use or after the browser restarted.
    pub(crate) async fn context(&mut self) -> Result<&mut Context> {
        let dead = match &self.context {
            Some(context) => !context.live.is_alive() || context.live.probe_exit().await,
            None => false,
        };
        if dead {
            // Report the crash on the call that finds it; the next call restarts.
            return Err(self.lose_context().await);
        }
        if self.context.is_none() {
            let live = self.host.live().await?;
            let mut context = self.open_context(Arc::clone(&live)).await?;
            // Before the first navigation: the context has only its blank first tab.
            self.restore_into(&live, &mut context).await;
            if let Some(reason) = self.restarted.take() {
                self.push_notice(PageNotice::BrowserRestarted { reason });
            }
            self.context = Some(context);
        }
        self.context
            .as_mut()
            .ok_or_else(|| BrowserError::Crashed("no browser context".into()))
    }

    /// Forgets the context of a dead browser and says how it died.
    async fn lose_context(&mut self) -> BrowserError {
        let reason = match self.context.take() {
            Some(context) => context.live.death_reason().await,
            None => "the browser is gone".to_owned(),
        };
        tracing::warn!(%reason, "a session lost its browser");
        self.restarted = Some(reason.clone());
        BrowserError::Crashed(reason)
    }

    async fn open_context(&self, live: Arc<LiveBrowser>) -> Result<Context> {
        let timeout = self.host.config().call_timeout();
        let tab_timeout = self.host.config().launch_timeout();
        let browser = live.browser.lock().await;
        let (id, page) = blank_context(&browser, timeout, tab_timeout).await?;
        if let Some(dir) = &self.host.config().downloads_dir {
            let allow = SetDownloadBehaviorParams::builder()
                .behavior(SetDownloadBehaviorBehavior::Allow)
                .browser_context_id(id.clone())
                .download_path(dir.to_string_lossy())
                .build()
                .map_err(BrowserError::launch("downloads"))?;
            bounded(timeout, "allow downloads", browser.execute(allow)).await?;
        }
        drop(browser);
        let mut context = Context {
            live,
            id,
            tabs: Vec::new(),
            active: 0,
            closing: Vec::new(),
            active_url: None,
            next_tab: 1,
        };
        context.adopt(page, &self.notices).await;
        Ok(context)
    }

    /// The active tab's page.
    pub(crate) async fn page(&mut self) -> Result<Page> {
        let context = self.context().await?;
        context
            .tabs
            .get(context.active)
            .map(|tab| tab.page.clone())
            .ok_or_else(|| BrowserError::NoSuchTab("active".into()))
    }

    /// Runs one CDP call with the call timeout and crash detection.
    pub(crate) async fn guard<T>(
        &mut self,
        operation: &str,
        call: impl Future<Output = std::result::Result<T, CdpError>>,
    ) -> Result<T> {
        let timeout = self.host.config().call_timeout();
        let outcome = bounded(timeout, operation, call).await;
        self.classify(outcome).await
    }

    /// Like `guard` for calls that already return our error type.
    pub(crate) async fn guard_ours<T>(
        &mut self,
        operation: &str,
        timeout: std::time::Duration,
        call: impl Future<Output = Result<T>>,
    ) -> Result<T> {
        let outcome = match tokio::time::timeout(timeout, call).await {
            Ok(result) => result,
            Err(_) => Err(BrowserError::Timeout {
                operation: operation.to_owned(),
                after: timeout,
            }),
        };
        self.classify(outcome).await
    }

    /// A timeout or connection error from a dead browser is reported as a crash (and the
    /// context dropped so the next call relaunches); from a live one it stays what it was.
    pub(super) async fn classify<T>(&mut self, outcome: Result<T>) -> Result<T> {
        let error = match outcome {
            Ok(value) => return Ok(value),
            Err(error) => error,
        };
        let suspicious = matches!(
            error,
            BrowserError::Crashed(_) | BrowserError::Timeout { .. } | BrowserError::Protocol { .. }
        );
        if !suspicious {
            return Err(error);
        }
        let dead = match &self.context {
            Some(context) => context.live.probe_exit().await || !context.live.is_alive(),
            None => false,
        };
        if dead {
            tracing::debug!(%error, "a call failed because the browser died");
            return Err(self.lose_context().await);
        }
        Err(match error {
            BrowserError::Crashed(message) => BrowserError::Protocol {
                operation: "call".into(),
                message,
            },
            other => other,
        })
    }

    /// Waits until the active tab's document is usable (see [`super::settle::until_usable`]);
    /// the call timeout is only the cut-off for a document that never comes.
    pub(super) async fn until_document_usable(&mut self) {
        let timeout = self.host.config().call_timeout();
        if let Ok(page) = self.page().await {
            super::settle::until_usable(&page, timeout).await;
        }
    }

    pub(crate) fn push_notice(&self, notice: PageNotice) {
        if let Ok(mut notices) = self.notices.lock() {
            notices.push(notice);
        }
    }

    pub(crate) fn drain_notices(&self) -> Vec<PageNotice> {
        self.notices
            .lock()
            .map(|mut notices| std::mem::take(&mut *notices))
            .unwrap_or_default()
    }

    /// Disposes of the session's browser context (its tabs, cookies and storage).
    pub async fn close(&mut self) {
        let Some(context) = self.context.take() else {
            return;
        };
        if !context.live.is_alive() {
            return;
        }
        let timeout = self.host.config().call_timeout();
        let browser = context.live.browser.lock().await;
        let dispose = browser.execute(DisposeBrowserContextParams::new(context.id.clone()));
        if let Err(error) = bounded(timeout, "dispose context", dispose).await {
            tracing::debug!(%error, "could not dispose of a browser context");
        }
    }
}

/// Runs a read-only call (`$session.$method(args)`) and, when it failed because the browser
/// died or the tab's page was being replaced, runs it once more: on the restarted browser, or,
/// once the tab's new document is usable, on it. The one place a call meets a replaced page
/// again; never used for a call that can change a page.
macro_rules! read_only {
    ($session:ident, $method:ident($($arg:expr),*)) => {
        match $session.$method($($arg),*).await {
            Err($crate::error::BrowserError::Crashed(reason)) => {
                tracing::info!(%reason, "running a read-only call again on a restarted browser");
                $session.$method($($arg),*).await
            }
            // A call that hung while the tab's document was swapped for another site's.
            Err(error @ $crate::error::BrowserError::Timeout { .. })
                if $session.moved_on_since_last_sync().await =>
            {
                tracing::info!(%error, "running a read-only call again: the tab moved on meanwhile");
                $session.until_document_usable().await;
                $session.$method($($arg),*).await
            }
            Err(error) if error.page_was_replaced() => {
                tracing::info!(%error, "running a read-only call again on the tab's new page");
                $session.until_document_usable().await;
                $session.$method($($arg),*).await
            }
            outcome => outcome,
        }
    };
}
pub(super) use read_only;

/// Dismisses every JavaScript dialog of the page and records it as a notice. A dialog left open
/// would block every later call; dismissing never accepts anything on the user's behalf.
async fn spawn_dialog_listener(page: Page, notices: Notices) -> JoinHandle<()> {
    let events = page.event_listener::<EventJavascriptDialogOpening>().await;
    tokio::spawn(async move {
        let Ok(mut events) = events else {
            tracing::warn!("could not listen for dialogs on a tab");
            return;
        };
        while let Some(event) = events.next().await {
            let dialog_type = format!("{:?}", event.r#type).to_lowercase();
            tracing::info!(%dialog_type, message = %event.message, "dismissing a page dialog");
            if let Ok(mut list) = notices.lock() {
                list.push(PageNotice::Dialog {
                    dialog_type,
                    message: event.message.clone(),
                    url: event.url.clone(),
                });
            }
            let dismiss = HandleJavaScriptDialogParams::new(false);
            if let Err(error) = page.execute(dismiss).await {
                tracing::warn!(%error, "could not dismiss a dialog");
            }
        }
    })
}

/// A new browser context (its own cookies, storage and cache) holding one blank tab.
pub(crate) async fn blank_context(
    browser: &Browser,
    timeout: Duration,
    tab_timeout: Duration,
) -> Result<(BrowserContextId, Page)> {
    let id = bounded(
        timeout,
        "create context",
        browser.create_browser_context(CreateBrowserContextParams::default()),
    )
    .await?;
    let params = CreateTargetParams::builder()
        .url("about:blank")
        .browser_context_id(id.clone())
        .build()
        .map_err(BrowserError::launch("new tab"))?;
    let page = open_tab(browser, params, "open tab", tab_timeout).await?;
    Ok((id, page))
}

/// Opens a tab and waits until chromiumoxide has set it up: the target is created, Chromium has
/// started its renderer process, the page answered the setup commands (`Page.enable` first, the
/// one that waits for the renderer) and its blank document loaded. Starting a process takes as
/// long as the machine's load makes it, so this is bounded like a launch (`tab_timeout`, the
/// launch timeout), not like one CDP round trip; a browser that dies meanwhile ends the wait at
/// once (its handler drops the pending call).
pub(crate) async fn open_tab(
    browser: &Browser,
    params: CreateTargetParams,
    operation: &str,
    tab_timeout: Duration,
) -> Result<Page> {
    bounded(tab_timeout, operation, browser.new_page(params)).await
}
