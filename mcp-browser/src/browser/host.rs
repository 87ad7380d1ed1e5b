//! [`BrowserHost`]: owns one Chromium for many sessions and supervises it.
//!
//! Contract: `live()` hands out a running browser, launching it on first use and, when the
//! previous one died (process exit, kill, lost DevTools connection), restarting a local one or
//! reconnecting to a DevTools URL. Deaths and failed starts are counted by a
//! [`RestartBudget`]: each start waits its backoff, and past the cap `live()` answers
//! [`BrowserError::RestartsExhausted`] at once (naming the last cause) instead of looping. Each
//! start has a new *generation*; a session whose context was made in an older one knows its pages
//! are gone, and learns why from [`LiveBrowser::death_reason`].

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{Duration, Instant};

use chromiumoxide::Browser;
use tokio::sync::Mutex;

use super::launch::{self, Launched};
use super::restarts::{RestartBudget, describe_exit};
use crate::config::BrowserConfig;
use crate::error::{BrowserError, Result};

/// How long a dead local browser's exit status is awaited for its death reason.
const EXIT_STATUS_WAIT: Duration = Duration::from_millis(500);

/// A running browser shared by the sessions of one daemon.
pub struct LiveBrowser {
    pub(crate) browser: Mutex<Browser>,
    pub(crate) generation: u64,
    alive: Arc<std::sync::atomic::AtomicBool>,
    lost: Arc<StdMutex<Option<String>>>,
    handler_task: tokio::task::JoinHandle<()>,
    _profile: Option<tempfile::TempDir>,
    _reaper: Option<super::reaper::Reaper>,
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

    /// How this browser died: how its process ended (a local one), else how its DevTools
    /// connection ended. Call it once the browser is known dead.
    pub(crate) async fn death_reason(&self) -> String {
        let mut browser = self.browser.lock().await;
        // The connection can close a moment before the killed process is reaped.
        let exit = match browser.try_wait() {
            Ok(Some(status)) => Some(status),
            _ => match tokio::time::timeout(EXIT_STATUS_WAIT, browser.wait()).await {
                Ok(Ok(status)) => status,
                _ => None,
            },
        };
        drop(browser);
        if let Some(status) = exit {
            return describe_exit(status);
        }
        self.lost
            .lock()
            .ok()
            .and_then(|lost| lost.clone())
            .unwrap_or_else(|| "the browser stopped answering".to_owned())
    }
}

/// The current browser and the record of recent deaths.
#[derive(Default)]
struct Supervised {
    live: Option<Arc<LiveBrowser>>,
    budget: RestartBudget,
}

/// Owns the browser process (or remote connection) and replaces it when it dies.
pub struct BrowserHost {
    config: BrowserConfig,
    current: Mutex<Supervised>,
    generations: std::sync::atomic::AtomicU64,
}

impl BrowserHost {
    pub fn new(config: BrowserConfig) -> Arc<Self> {
        Arc::new(Self {
            config,
            current: Mutex::new(Supervised::default()),
            generations: std::sync::atomic::AtomicU64::new(0),
        })
    }

    pub fn config(&self) -> &BrowserConfig {
        &self.config
    }

    /// The running browser, started now if there is none or the last one died (within the
    /// restart budget; callers meanwhile wait for the same start).
    pub async fn live(&self) -> Result<Arc<LiveBrowser>> {
        let mut current = self.current.lock().await;
        if let Some(live) = current.live.as_ref()
            && live.is_alive()
            && !live.probe_exit().await
        {
            return Ok(Arc::clone(live));
        }
        if let Some(dead) = current.live.take() {
            let reason = dead.death_reason().await;
            tracing::warn!(generation = dead.generation, %reason, "browser is gone; restarting");
            dead.handler_task.abort();
            // A local process whose connection was lost may still run: it must not linger.
            let _ = dead.browser.lock().await.kill().await;
            current.budget.record(Instant::now(), reason);
        }
        loop {
            let wait = current.budget.next_start(Instant::now())?;
            tokio::time::sleep(wait).await;
            match launch::start(&self.config).await {
                Ok(launched) => {
                    let live = self.adopt(launched);
                    current.live = Some(Arc::clone(&live));
                    return Ok(live);
                }
                // A path that is not there will not appear by retrying.
                Err(error @ (BrowserError::NotFound | BrowserError::ExecutableMissing(_))) => {
                    return Err(error);
                }
                Err(error) => {
                    tracing::warn!(%error, "the browser did not start");
                    current.budget.record(Instant::now(), error.to_string());
                }
            }
        }
    }

    /// A started browser as the next generation.
    fn adopt(&self, launched: Launched) -> Arc<LiveBrowser> {
        let Launched {
            browser,
            handler_task,
            alive,
            lost,
            profile,
            reaper,
        } = launched;
        let generation = self.generations.fetch_add(1, Ordering::SeqCst) + 1;
        Arc::new(LiveBrowser {
            browser: Mutex::new(browser),
            generation,
            alive,
            lost,
            handler_task,
            _profile: profile,
            _reaper: reaper,
        })
    }

    /// The running browser if there is one, without launching.
    pub async fn current(&self) -> Option<Arc<LiveBrowser>> {
        self.current.lock().await.live.clone()
    }

    /// The process id of the running local browser, if there is one (none for a DevTools URL).
    pub async fn pid(&self) -> Option<u32> {
        let live = self.current().await?;
        let mut browser = live.browser.lock().await;
        browser
            .get_mut_child()
            .and_then(|child| child.as_mut_inner().id())
    }

    /// Closes the browser: `Browser.close`, then waits for the process, killing it if it hangs.
    pub async fn shutdown(&self) {
        let Some(live) = self.current.lock().await.live.take() else {
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
        if let Some(live) = self.current().await {
            let _ = live.browser.lock().await.kill().await;
        }
    }
}
