//! A session's logins that last: its browser context's cookies and each origin's local storage,
//! exported as a [`SavedBrowserState`] and put back into a new context before its first
//! navigation.
//!
//! Contract: the state is a secret. Nothing here logs a cookie or a stored value (`Debug` shows
//! counts only). A session knows the last good state (what it restored, or last saved); an
//! export after a failed restore is refused ([`BrowserError::RestoreFailed`]), so a half-restored
//! context never replaces the state that was saved. Local storage is read from the origins of
//! the open tabs; the saved storage of other origins is kept as it was.

use std::collections::BTreeMap;

use super::bounded;
use super::host::LiveBrowser;
use super::login_state::Restore;
pub use super::login_state::SavedBrowserState;
use super::session::{BrowserSession, Context, open_tab};
use crate::error::{BrowserError, Result};
use crate::snapshot::Snapshot;
use crate::snapshot::sign_in::asks_to_sign_in;
use chromiumoxide::Page;
use chromiumoxide::cdp::browser_protocol::fetch::{
    EnableParams, EventRequestPaused, FulfillRequestParams, RequestPattern,
};
use chromiumoxide::cdp::browser_protocol::network::{CookieParam, TimeSinceEpoch};
use chromiumoxide::cdp::browser_protocol::storage::{GetCookiesParams, SetCookiesParams};
use chromiumoxide::cdp::browser_protocol::target::CreateTargetParams;
use futures::StreamExt;

/// Origins whose local storage one restore seeds, at most (each takes a scratch navigation).
pub const MAX_SEEDED_ORIGINS: usize = 32;

impl BrowserSession {
    /// The state to put into the session's browser context before its first navigation (and
    /// into the new context after a browser restart). Set before the session is used.
    pub fn restore_from(&mut self, state: SavedBrowserState) {
        self.last_good = (!state.is_empty()).then_some(state);
    }

    /// Marks the saved state as not restored (it could not even be read): exports are refused,
    /// so it is never saved over.
    pub fn refuse_exports(&mut self, reason: String) {
        self.restore = Restore::Failed(reason);
    }

    /// The context's cookies and local storage now, to be saved; `None` when the session never
    /// opened a browser context (the last saved state stands). Fails when the restore failed.
    pub async fn export_state(&mut self) -> Result<Option<SavedBrowserState>> {
        if let Restore::Failed(reason) = &self.restore {
            return Err(BrowserError::RestoreFailed(reason.clone()));
        }
        let Some(context) = &self.context else {
            return Ok(None);
        };
        if !context.live.is_alive() {
            return Ok(None);
        }
        let timeout = self.host().config().call_timeout();
        let pages: Vec<Page> = context.tabs.iter().map(|tab| tab.page.clone()).collect();
        let cookies = {
            let browser = context.live.browser.lock().await;
            let params = GetCookiesParams::builder()
                .browser_context_id(context.id.clone())
                .build();
            bounded(timeout, "read cookies", browser.execute(params)).await
        };
        let cookies = self.classify(cookies).await?.result.cookies;
        let mut state = SavedBrowserState {
            cookies: cookies.into_iter().map(into_param).collect(),
            local_storage: self
                .last_good
                .as_ref()
                .map(|state| state.local_storage.clone())
                .unwrap_or_default(),
        };
        for page in pages {
            let read = bounded(timeout, "read local storage", page.evaluate(READ_STORAGE)).await;
            // A tab that cannot answer (a crashed renderer, a PDF) keeps its origin's saved items.
            let Ok(result) = read else { continue };
            if let Ok(Some((origin, items))) =
                result.into_value::<Option<(String, BTreeMap<String, String>)>>()
            {
                state.local_storage.insert(origin, items);
            }
        }
        state.local_storage.retain(|_, items| !items.is_empty());
        self.last_good = Some(state.clone());
        Ok(Some(state))
    }

    /// The page's host, when `snapshot` asks to sign in on a host the last good state holds a
    /// login for (a cookie for it or a parent domain, or local storage of its origin).
    pub fn sign_in_again(&self, snapshot: &Snapshot) -> Option<String> {
        let state = self.last_good.as_ref()?;
        if !asks_to_sign_in(snapshot) {
            return None;
        }
        let url = url::Url::parse(&snapshot.url).ok()?;
        let host = url.host_str()?.to_ascii_lowercase();
        state
            .hosts()
            .iter()
            .any(|known| {
                let known = known.to_ascii_lowercase();
                host == known || host.ends_with(&format!(".{known}"))
            })
            .then_some(host)
    }

    /// Forgets the logins: the last good state, the failed restore, and the context itself
    /// (its cookies, storage and tabs); the next call opens a fresh one.
    pub async fn forget_state(&mut self) {
        self.last_good = None;
        self.restore = Restore::Clean;
        self.close().await;
    }

    /// Puts the last good state into a context that was just opened; a failure is remembered
    /// (see [`Restore`]) and the session goes on with what went in.
    pub(super) async fn restore_into(&mut self, live: &LiveBrowser, context: &mut Context) {
        let Some(state) = self.last_good.clone() else {
            return;
        };
        let timeout = self.host().config().call_timeout();
        let tab_timeout = self.host().config().launch_timeout();
        let outcome = async {
            if !state.cookies.is_empty() {
                let browser = live.browser.lock().await;
                let mut params = SetCookiesParams::new(state.cookies.clone());
                params.browser_context_id = Some(context.id.clone());
                bounded(timeout, "restore cookies", browser.execute(params)).await?;
            }
            let storage = &state.local_storage;
            seed_local_storage(live, context, storage, (timeout, tab_timeout)).await
        }
        .await;
        self.restore = match outcome {
            Ok(()) => Restore::Clean,
            Err(error) => {
                tracing::warn!(code = error.code(), "could not restore a project's logins");
                Restore::Failed(error.to_string())
            }
        };
    }
}

/// What a tab's document stores: `[origin, {key: value}]`, or null for an opaque origin.
const READ_STORAGE: &str = "(() => { try { const o = location.origin; if (!o || o === 'null') \
     return null; const items = {}; for (let i = 0; i < localStorage.length; i++) { const k = \
     localStorage.key(i); items[k] = localStorage.getItem(k); } return [o, items]; } catch (e) \
     { return null; } })()";

/// Writes each origin's items from a scratch tab whose every request is answered with an empty
/// page by the browser itself (Fetch interception): nothing goes to the network, no page code
/// runs, and the tab is closed before the session's first navigation.
async fn seed_local_storage(
    live: &LiveBrowser,
    context: &mut Context,
    storage: &BTreeMap<String, BTreeMap<String, String>>,
    (timeout, tab_timeout): (std::time::Duration, std::time::Duration),
) -> Result<()> {
    let origins: Vec<(&String, &BTreeMap<String, String>)> = storage
        .iter()
        .filter(|(origin, items)| {
            !items.is_empty() && (origin.starts_with("http://") || origin.starts_with("https://"))
        })
        .take(MAX_SEEDED_ORIGINS)
        .collect();
    if origins.is_empty() {
        return Ok(());
    }
    let params = CreateTargetParams::builder()
        .url("about:blank")
        .browser_context_id(context.id.clone())
        .build()
        .map_err(BrowserError::launch("scratch tab"))?;
    let page = {
        let browser = live.browser.lock().await;
        open_tab(&browser, params, "open scratch tab", tab_timeout).await?
    };
    let seeded = async {
        let mut paused = bounded(
            timeout,
            "listen for requests",
            page.event_listener::<EventRequestPaused>(),
        )
        .await?;
        let answering = page.clone();
        let responder = tokio::spawn(async move {
            while let Some(request) = paused.next().await {
                let empty = FulfillRequestParams::new(request.request_id.clone(), 200);
                let _ = answering.execute(empty).await;
            }
        });
        let intercept = EnableParams {
            patterns: Some(vec![RequestPattern::builder().url_pattern("*").build()]),
            handle_auth_requests: None,
        };
        let result = async {
            bounded(timeout, "intercept requests", page.execute(intercept)).await?;
            for (origin, items) in origins {
                bounded(timeout, "open origin", page.goto(format!("{origin}/"))).await?;
                let script = format!(
                    "(() => {{ const items = {}; for (const [k, v] of Object.entries(items)) \
                     localStorage.setItem(k, v); return location.origin; }})()",
                    serde_json::to_string(items).unwrap_or_else(|_| "{}".into())
                );
                let set = bounded(timeout, "restore local storage", page.evaluate(script)).await?;
                let written: Option<String> = set.into_value().ok();
                if written.as_deref() != Some(origin.trim_end_matches('/')) {
                    return Err(BrowserError::RestoreFailed(format!(
                        "local storage of one origin was not written (of {})",
                        storage.len()
                    )));
                }
            }
            Ok(())
        }
        .await;
        responder.abort();
        result
    };
    let result = seeded.await;
    // The browser may list it for a moment after closing: never adopted as a tab.
    context.closing.push(page.target_id().clone());
    if let Err(error) = bounded(timeout, "close scratch tab", page.close()).await {
        tracing::debug!(code = error.code(), "could not close the scratch tab");
    }
    result
}

/// A cookie as read, in the form that sets it again (session cookies stay session cookies).
fn into_param(cookie: chromiumoxide::cdp::browser_protocol::network::Cookie) -> CookieParam {
    let mut param = CookieParam::new(cookie.name, cookie.value);
    param.domain = Some(cookie.domain);
    param.path = Some(cookie.path);
    param.secure = Some(cookie.secure);
    param.http_only = Some(cookie.http_only);
    param.same_site = cookie.same_site;
    param.expires = (!cookie.session).then(|| TimeSinceEpoch::new(cookie.expires));
    param.priority = Some(cookie.priority);
    param.source_scheme = Some(cookie.source_scheme);
    param.source_port = Some(cookie.source_port);
    param.partition_key = cookie.partition_key;
    param
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_names_hosts_and_never_shows_a_value_in_debug() {
        let mut cookie = CookieParam::new("sid", "s3cret-cookie");
        cookie.domain = Some(".shop.test".into());
        let mut state = SavedBrowserState {
            cookies: vec![cookie],
            ..SavedBrowserState::default()
        };
        state.local_storage.insert(
            "http://app.test:8080".into(),
            BTreeMap::from([("token".to_owned(), "s3cret-storage".to_owned())]),
        );
        assert_eq!(state.hosts(), vec!["app.test", "shop.test"]);
        let shown = format!("{state:?}");
        assert!(!shown.contains("s3cret"), "{shown}");
        assert!(!state.is_empty());
        assert!(SavedBrowserState::default().is_empty());
    }
}
