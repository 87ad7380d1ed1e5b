//! A session's side of its project's logins (`crate::logins` keeps the files): restored into
//! the browser context before its first navigation, saved when the session closes (the daemon
//! stopping closes every session) and when a takeover ends, forgotten on the person's word.
//!
//! Contract: a restore that fails leaves the file as it was and blocks saving over it for the
//! session's life (the browser refuses the export); nothing here logs a cookie or a value.

use std::sync::Arc;

use tandem_mcp_browser::BrowserSession;
use tokio::sync::Mutex;

use super::Session;
use crate::logins::{LoginVault, LoginsError, off_thread};

/// Gives a new session's browser its project's saved state, to put into its context before the
/// first navigation. An unreadable file is kept, and the session never saves over it.
pub(super) async fn restore(vault: &LoginVault, id: &str, browser: &Arc<Mutex<BrowserSession>>) {
    let loaded = {
        let (vault, id) = (vault.clone(), id.to_owned());
        off_thread(move || vault.load(&id)).await
    };
    let mut browser = browser.lock().await;
    match loaded {
        Ok(Some(state)) => browser.restore_from(state),
        Ok(None) => {}
        Err(error) => {
            tracing::warn!(%error, "a project's logins were not restored");
            browser.refuse_exports(error.to_string());
        }
    }
}

impl Session {
    /// The seam run when the person gives the browser back (or their takeover ends otherwise):
    /// saves the logins they may have made, in the background so the run resumes at once.
    /// Other tracks may hang their own end-of-takeover work here.
    pub(super) fn takeover_ended(self: &Arc<Self>) {
        let session = Arc::clone(self);
        tokio::spawn(async move { session.save_logins().await });
    }

    /// Saves the browser context's logins over the project's last good state, when the daemon
    /// keeps logins and the context was opened and restored whole.
    pub async fn save_logins(&self) {
        let Some(vault) = self.logins.clone() else {
            return;
        };
        let exported = self.browser.lock().await.export_state().await;
        let state = match exported {
            Ok(Some(state)) => state,
            Ok(None) => return,
            Err(error) => {
                tracing::info!(code = error.code(), "a project's logins were not saved");
                return;
            }
        };
        let id = self.id.clone();
        if let Err(error) = off_thread(move || vault.save(&id, &state)).await {
            tracing::warn!(%error, "a project's logins were not saved");
        }
    }

    /// Forgets the project's logins: its browser context is closed (the next call opens a fresh
    /// one) and its saved state removed.
    pub async fn forget_logins(&self) -> Result<(), LoginsError> {
        self.browser.lock().await.forget_state().await;
        match self.logins.clone() {
            Some(vault) => {
                let id = self.id.clone();
                off_thread(move || vault.forget(&id)).await
            }
            None => Ok(()),
        }
    }
}
