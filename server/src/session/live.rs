//! The session's live view: a screencast of its browser tab that runs only while someone watches.
//!
//! In: [`LiveView::watch`] from a client that asked for the live view (`live_view {on: true}`);
//! [`LiveView::refresh`] after the agent observed (the active tab may have changed). Out: the
//! latest [`ScreencastFrame`] in a `watch` channel that each watching connection forwards as
//! `live_frame` frames.
//!
//! Contract: the screencast starts when the first [`LiveWatch`] is taken and stops when the last
//! one is dropped, so an unwatched session costs nothing. One controller task starts and stops
//! it, so a quick on/off/on never leaves two screencasts running. It restarts after each of the
//! agent's observations. Between runs the screencast keeps showing the page as it is; the last
//! frame stays in the channel for a new watcher.

use std::sync::Arc;

use tandem_mcp_browser::BrowserSession;
use tandem_mcp_browser::browser::{Screencast, ScreencastFrame};
use tandem_protocol::LiveFrame;
use tokio::sync::{Mutex, Notify, watch};
use tokio::task::JoinHandle;

/// `frame` as the binary `live_frame` message both live views send ([`LiveFrame`]).
pub fn live_frame_message(frame: &ScreencastFrame) -> Vec<u8> {
    // The page's CSS size is far inside f32's exact range.
    #[allow(clippy::cast_possible_truncation)]
    LiveFrame {
        width: frame.css_width as f32,
        height: frame.css_height as f32,
        captured_ms: frame.captured_unix_ms,
    }
    .message(&frame.jpeg)
}

/// The live view of one session.
pub struct LiveView {
    watchers: Arc<watch::Sender<usize>>,
    frames: watch::Sender<Option<ScreencastFrame>>,
    refresh: Arc<Notify>,
    controller: JoinHandle<()>,
}

/// One watcher's hold on the live view; dropping it stops the screencast if it was the last.
pub struct LiveWatch {
    watchers: Arc<watch::Sender<usize>>,
    /// The latest frame.
    pub frames: watch::Receiver<Option<ScreencastFrame>>,
}

impl Drop for LiveWatch {
    fn drop(&mut self) {
        self.watchers
            .send_modify(|count| *count = count.saturating_sub(1));
    }
}

impl LiveView {
    /// A live view of `browser`, idle until someone watches.
    pub fn new(browser: Arc<Mutex<BrowserSession>>) -> Self {
        let (watchers, count) = watch::channel(0usize);
        let (frames, _) = watch::channel(None);
        let refresh = Arc::new(Notify::new());
        let controller = tokio::spawn(control(
            browser,
            count,
            frames.clone(),
            Arc::clone(&refresh),
        ));
        Self {
            watchers: Arc::new(watchers),
            frames,
            refresh,
            controller,
        }
    }

    /// Starts watching (the first watcher starts the screencast).
    pub fn watch(&self) -> LiveWatch {
        self.watchers.send_modify(|count| *count += 1);
        LiveWatch {
            watchers: Arc::clone(&self.watchers),
            frames: self.frames.subscribe(),
        }
    }

    /// How many clients watch.
    pub fn watchers(&self) -> usize {
        *self.watchers.borrow()
    }

    /// Asks the controller to check that the screencast still follows the active tab.
    pub fn refresh(&self) {
        self.refresh.notify_one();
    }

    /// Stops the controller (and with it the screencast).
    pub fn close(&self) {
        self.controller.abort();
    }
}

/// Starts the screencast when watchers appear, stops it when they leave, and restarts it after
/// each observation of the agent: the tab may have changed, and a screenshot taken while the
/// screencast runs can leave it waiting for a frame that never comes (a restart sends a fresh
/// frame at once).
async fn control(
    browser: Arc<Mutex<BrowserSession>>,
    mut watchers: watch::Receiver<usize>,
    frames: watch::Sender<Option<ScreencastFrame>>,
    refresh: Arc<Notify>,
) {
    let mut cast: Option<Screencast> = None;
    let mut restart = false;
    loop {
        let wanted = *watchers.borrow_and_update() > 0;
        if let Some(running) = cast.take() {
            let current = wanted && !restart && running.is_running() && {
                let mut session = browser.lock().await;
                running.follows_active_tab(&mut session).await
            };
            if current {
                cast = Some(running);
            } else {
                running.stop().await;
            }
        }
        if wanted && cast.is_none() {
            let started = browser.lock().await.start_screencast(frames.clone()).await;
            match started {
                Ok(running) => cast = Some(running),
                Err(error) => tracing::warn!(%error, "could not start the live view"),
            }
        }
        restart = tokio::select! {
            changed = watchers.changed() => if changed.is_err() { break } else { false },
            () = refresh.notified() => true,
        };
    }
    if let Some(running) = cast {
        running.stop().await;
    }
}
