//! [`BrowserHost`]: owns one Chromium for many sessions, relaunching it after a crash.
//!
//! Contract: `live()` always hands out a running browser (launching on first use, relaunching
//! when the previous one died). Each launch has a new *generation*; a session whose context was
//! made in an older generation knows its pages are gone.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use chromiumoxide::Browser;
use tokio::sync::Mutex;

use super::launch::{self, Launched};
use crate::config::BrowserConfig;
use crate::error::Result;

/// A running browser shared by the sessions of one daemon.
pub struct LiveBrowser {
    pub(crate) browser: Mutex<Browser>,
    pub(crate) generation: u64,
    alive: Arc<std::sync::atomic::AtomicBool>,
    handler_task: tokio::task::JoinHandle<()>,
    _profile: Option<tempfile::TempDir>,
}

impl LiveBrowser {
    /// False once the DevTools connection ended or the process exited.
    pub fn is_alive(&self) -> bool {
        self.alive.load(Ordering::SeqCst)
    }

    /// Checks the process itself (a clean WebSocket close does not end the handler stream).
    pub(crate) async fn probe_exit(&self) -> bool {
        if !self.is_alive() {
            return true;
        }
        let exited = matches!(self.browser.lock().await.try_wait(), Ok(Some(_)));
        if exited {
            self.alive.store(false, Ordering::SeqCst);
        }
        exited
    }
}

/// Owns the browser process (or remote connection) and replaces it when it dies.
pub struct BrowserHost {
    config: BrowserConfig,
    current: Mutex<Option<Arc<LiveBrowser>>>,
    generations: std::sync::atomic::AtomicU64,
}

impl BrowserHost {
    pub fn new(config: BrowserConfig) -> Arc<Self> {
        Arc::new(Self {
            config,
            current: Mutex::new(None),
            generations: std::sync::atomic::AtomicU64::new(0),
        })
    }

    pub fn config(&self) -> &BrowserConfig {
        &self.config
    }

    /// The running browser, started now if there is none or the last one died.
    pub async fn live(&self) -> Result<Arc<LiveBrowser>> {
        let mut current = self.current.lock().await;
        if let Some(live) = current.as_ref() {
            if live.is_alive() && !live.probe_exit().await {
                return Ok(Arc::clone(live));
            }
            tracing::warn!(generation = live.generation, "browser is gone; relaunching");
            if let Some(dead) = current.take() {
                dead.handler_task.abort();
            }
        }
        let Launched {
            browser,
            handler_task,
            alive,
            profile,
        } = launch::start(&self.config).await?;
        let generation = self.generations.fetch_add(1, Ordering::SeqCst) + 1;
        let live = Arc::new(LiveBrowser {
            browser: Mutex::new(browser),
            generation,
            alive,
            handler_task,
            _profile: profile,
        });
        *current = Some(Arc::clone(&live));
        Ok(live)
    }

    /// The running browser if there is one, without launching.
    pub async fn current(&self) -> Option<Arc<LiveBrowser>> {
        self.current.lock().await.clone()
    }

    /// Closes the browser: `Browser.close`, then waits for the process, killing it if it hangs.
    pub async fn shutdown(&self) {
        let Some(live) = self.current.lock().await.take() else {
            return;
        };
        // Marked dead first, so the handler task knows the end is intended.
        live.alive.store(false, Ordering::SeqCst);
        let mut browser = live.browser.lock().await;
        let grace = Duration::from_secs(5);
        if self.config.remote_url.is_none() {
            let closed = tokio::time::timeout(grace, browser.close()).await;
            let waited = match closed {
                Ok(Ok(_)) => tokio::time::timeout(grace, browser.wait()).await.is_ok(),
                _ => false,
            };
            if !waited {
                let _ = browser.kill().await;
            }
        }
        live.handler_task.abort();
        tracing::info!("browser closed");
    }

    /// Kills the browser process abruptly, as a crash would. For fault-injection tests.
    pub async fn kill_for_test(&self) {
        if let Some(live) = self.current.lock().await.as_ref() {
            let _ = live.browser.lock().await.kill().await;
        }
    }
}
