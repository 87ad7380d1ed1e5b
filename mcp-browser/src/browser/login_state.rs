//! What a session's logins are as data: [`SavedBrowserState`] (saved between sessions) and how
//! its restore went. The browser work on them is in `saved_state.rs`.

use std::collections::BTreeMap;

use chromiumoxide::cdp::browser_protocol::network::CookieParam;
use serde::{Deserialize, Serialize};

/// Cookies and local storage of one browser context, as saved between sessions.
#[derive(Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SavedBrowserState {
    /// Every cookie of the context, session cookies included (a login often is one).
    pub cookies: Vec<CookieParam>,
    /// Local storage by origin (`https://host:port`), keys in order.
    pub local_storage: BTreeMap<String, BTreeMap<String, String>>,
}

impl std::fmt::Debug for SavedBrowserState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SavedBrowserState")
            .field("cookies", &self.cookies.len())
            .field("origins", &self.local_storage.len())
            .finish()
    }
}

impl SavedBrowserState {
    pub fn is_empty(&self) -> bool {
        self.cookies.is_empty() && self.local_storage.values().all(BTreeMap::is_empty)
    }

    /// The hosts this state holds a login for: each cookie's domain (without a leading dot)
    /// and each origin with stored items, sorted, once each. Names only, never a value.
    pub fn hosts(&self) -> Vec<String> {
        let cookie_hosts = self
            .cookies
            .iter()
            .filter_map(|cookie| cookie.domain.as_deref())
            .map(|domain| domain.trim_start_matches('.').to_owned());
        let storage_hosts = self
            .local_storage
            .iter()
            .filter(|(_, items)| !items.is_empty())
            .filter_map(|(origin, _)| url::Url::parse(origin).ok()?.host_str().map(str::to_owned));
        let mut hosts: Vec<String> = cookie_hosts.chain(storage_hosts).collect();
        hosts.sort();
        hosts.dedup();
        hosts
    }
}

/// How the session's restore went.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) enum Restore {
    /// Nothing to restore, or it went in whole.
    #[default]
    Clean,
    /// It failed or went in part: exports are refused until the state is forgotten.
    Failed(String),
}
