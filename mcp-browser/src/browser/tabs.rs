//! Keeping a session's tabs in step with the browser, and switching and closing them.
//!
//! Chromium opens popups and `target=_blank` links as new tabs on its own, and closes a tab
//! whose page calls `window.close()`. [`BrowserSession::sync_tabs`] compares the session's tabs
//! with the browser's target list: new targets are adopted and reported (not activated), gone
//! ones forgotten and reported. Two contracts hold across syncs:
//!
//! - The active tab is the one Chromium shows. A new tab takes the window's foreground: the
//!   opener becomes `document.hidden`, draws no frames, and each input event sent to it then
//!   waits about 5 s for an acknowledgement (and a screenshot for a frame that never comes). So
//!   whenever the tab set changes, the active tab is brought back to the front; calls that send
//!   input or capture the screen start with a sync ([`BrowserSession::foreground_page`]).
//! - A tab the session closed is never adopted again. Closing waits for the browser to destroy
//!   the target; should the browser still list it afterwards, its id is remembered until it no
//!   longer does.

use std::sync::Arc;
use std::time::Duration;

use chromiumoxide::Page;
use chromiumoxide::cdp::browser_protocol::target::{
    CloseTargetParams, EventTargetDestroyed, EventTargetInfoChanged, GetTargetInfoParams,
    GetTargetsParams, TargetId, TargetInfo,
};
use chromiumoxide::error::CdpError;
use futures::StreamExt;

use super::bounded;
use super::host::LiveBrowser;
use super::session::{BrowserSession, Notices};
use crate::error::{BrowserError, Result};
use crate::observation::{PageNotice, TabInfo};

impl BrowserSession {
    /// Brings the tab list up to date with the browser: adopts popups/new tabs (reported as
    /// notices, not activated) and forgets closed ones, then puts the active tab in front if
    /// the set changed. Returns the tabs with URL and title (from the browser's target list, so
    /// no page needs to answer).
    pub(crate) async fn sync_tabs(&mut self) -> Result<Vec<TabInfo>> {
        let timeout = self.host().config().call_timeout();
        let context = self.context().await?;
        let live = Arc::clone(&context.live);
        let ours = context.id.clone();
        let listed = {
            let browser = live.browser.lock().await;
            bounded(
                timeout,
                "list targets",
                browser.execute(GetTargetsParams::default()),
            )
            .await
        };
        let listed = self.classify(listed).await?.result.target_infos;
        let Some(context) = self.context.as_mut() else {
            return Ok(Vec::new());
        };
        let targets: Vec<TargetInfo> = listed
            .into_iter()
            .filter(|t| t.r#type == "page" && t.browser_context_id.as_ref() == Some(&ours))
            .collect();
        context
            .closing
            .retain(|closing| targets.iter().any(|t| t.target_id == *closing));
        let mut targets: Vec<TargetInfo> = targets
            .into_iter()
            .filter(|t| !context.closing.contains(&t.target_id))
            .collect();

        let active_target = context.tabs.get(context.active).map(|t| t.target.clone());
        let mut closed = Vec::new();
        context.tabs.retain(|tab| {
            let open = targets.iter().any(|t| t.target_id == tab.target);
            if !open {
                closed.push(tab.id.clone());
            }
            open
        });
        let mut opened = Vec::new();
        for target in targets.iter_mut() {
            if context
                .tabs
                .iter()
                .any(|tab| tab.target == target.target_id)
            {
                continue;
            }
            let page = {
                let browser = live.browser.lock().await;
                tokio::time::timeout(timeout, browser.get_page(target.target_id.clone())).await
            };
            let Ok(Ok(page)) = page else {
                continue;
            };
            if target.url.is_empty()
                && let Some(known) = first_url(&live, &target.target_id).await
            {
                *target = known;
            }
            let tab_id = context.adopt(page, &self.notices).await;
            opened.push(PageNotice::TabOpened {
                tab_id,
                url: target.url.clone(),
            });
        }
        let changed = !opened.is_empty() || !closed.is_empty();
        if let Ok(mut notices) = self.notices.lock() {
            notices.extend(opened);
            notices.extend(
                closed
                    .into_iter()
                    .map(|tab_id| PageNotice::TabClosed { tab_id }),
            );
        }
        context.active = active_target
            .and_then(|target| context.tabs.iter().position(|t| t.target == target))
            .unwrap_or(context.tabs.len().saturating_sub(1));
        let infos: Vec<TabInfo> = context
            .tabs
            .iter()
            .enumerate()
            .map(|(index, tab)| {
                let info = targets.iter().find(|t| t.target_id == tab.target);
                TabInfo {
                    id: tab.id.clone(),
                    url: info.map(|t| t.url.clone()).unwrap_or_default(),
                    title: info.map(|t| t.title.clone()).unwrap_or_default(),
                    active: index == context.active,
                }
            })
            .collect();
        context.active_url = infos.iter().find(|t| t.active).map(|t| t.url.clone());
        let active_page = context.tabs.get(context.active).map(|t| t.page.clone());
        fill_opened_urls(&self.notices, &infos);
        if changed && let Some(page) = active_page {
            self.guard("activate tab", page.bring_to_front()).await?;
        }
        Ok(infos)
    }

    /// The active tab's page, after a sync: use it for calls that send input or capture the
    /// screen, which stall on a tab that a popup has sent to the background.
    pub(crate) async fn foreground_page(&mut self) -> Result<Page> {
        self.sync_tabs().await?;
        self.page().await
    }

    /// Whether the active tab shows another address than at the last sync (false when the
    /// browser cannot say): a call that timed out meanwhile met the tab's page being replaced.
    pub(super) async fn moved_on_since_last_sync(&mut self) -> bool {
        let before = self.context.as_ref().and_then(|c| c.active_url.clone());
        match self.sync_tabs().await {
            Ok(tabs) => tabs.iter().find(|t| t.active).map(|t| t.url.clone()) != before,
            Err(_) => false,
        }
    }

    /// The session's tabs with their current URL and title.
    pub async fn tabs(&mut self) -> Result<Vec<TabInfo>> {
        super::session::read_only!(self, sync_tabs())
    }

    /// Makes another tab the active one.
    pub async fn switch_tab(&mut self, tab_id: &str) -> Result<Vec<TabInfo>> {
        self.sync_tabs().await?;
        let context = self.context().await?;
        let index = context.tab_index(tab_id)?;
        context.active = index;
        let page = context.tabs[index].page.clone();
        self.guard("activate tab", page.bring_to_front()).await?;
        self.sync_tabs().await
    }

    /// Closes a tab (without running its `beforeunload` handlers, whose dialog would be
    /// dismissed and so keep the tab open) and waits, bounded, until the browser has destroyed
    /// it. The last remaining tab cannot be closed.
    pub async fn close_tab(&mut self, tab_id: &str) -> Result<Vec<TabInfo>> {
        self.sync_tabs().await?;
        let timeout = self.host().config().call_timeout();
        let context = self.context().await?;
        let index = context.tab_index(tab_id)?;
        if context.tabs.len() == 1 {
            return Err(BrowserError::InvalidArgument(
                "the last tab of a session cannot be closed".into(),
            ));
        }
        let tab = context.tabs.remove(index);
        if context.active >= context.tabs.len() || context.active > index {
            context.active = context.active.saturating_sub(1);
        }
        let target = tab.target.clone();
        context.closing.push(target.clone());
        drop(tab);
        let live = Arc::clone(&context.live);
        let closing = async {
            let browser = live.browser.lock().await;
            // Listening before the close, so the destruction cannot be missed.
            let destroyed = browser.event_listener::<EventTargetDestroyed>().await?;
            browser
                .execute(CloseTargetParams::new(target.clone()))
                .await?;
            drop(browser);
            Ok::<_, CdpError>(destroyed)
        };
        let destroyed = self.guard("close tab", closing).await?;
        let gone = destroyed
            .filter(|event| std::future::ready(event.target_id == target))
            .into_future();
        if tokio::time::timeout(timeout, gone).await.is_err() {
            tracing::warn!(%tab_id, "the browser did not confirm that a closed tab is gone");
        }
        // Closing the tab Chromium showed brings another one forward, maybe not ours.
        let page = self.page().await?;
        self.guard("activate tab", page.bring_to_front()).await?;
        self.sync_tabs().await
    }
}

/// How long a new tab's first URL is awaited. A popup is listed before its first navigation
/// has begun, and gets its URL about a millisecond later; one that never navigates keeps none.
const FIRST_URL_WAIT: Duration = Duration::from_secs(1);

/// The target's info once it has a URL (a navigation began), awaited for at most
/// [`FIRST_URL_WAIT`]; `None` when it got none in that time.
async fn first_url(live: &LiveBrowser, target: &TargetId) -> Option<TargetInfo> {
    let browser = live.browser.lock().await;
    // Listening before asking, so a change between the two cannot be missed.
    let mut changes = browser
        .event_listener::<EventTargetInfoChanged>()
        .await
        .ok()?;
    let asking = browser.execute(
        GetTargetInfoParams::builder()
            .target_id(target.clone())
            .build(),
    );
    let now = tokio::time::timeout(FIRST_URL_WAIT, asking)
        .await
        .ok()?
        .ok()?;
    drop(browser);
    let now = now.result.target_info;
    if !now.url.is_empty() {
        return Some(now);
    }
    let waiting = async {
        while let Some(change) = changes.next().await {
            if change.target_info.target_id == *target && !change.target_info.url.is_empty() {
                return Some(change.target_info.clone());
            }
        }
        None
    };
    tokio::time::timeout(FIRST_URL_WAIT, waiting)
        .await
        .ok()
        .flatten()
}

/// Fills in the URL of pending "new tab" notices recorded before the tab had one (its first
/// navigation began later than [`FIRST_URL_WAIT`]), so the notice names the page once known.
fn fill_opened_urls(notices: &Notices, tabs: &[TabInfo]) {
    let Ok(mut notices) = notices.lock() else {
        return;
    };
    for notice in notices.iter_mut() {
        if let PageNotice::TabOpened { tab_id, url } = notice
            && url.is_empty()
            && let Some(tab) = tabs.iter().find(|tab| tab.id == *tab_id)
        {
            url.clone_from(&tab.url);
        }
    }
}
