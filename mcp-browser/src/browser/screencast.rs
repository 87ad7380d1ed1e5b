//! The live view's source: a CDP screencast of the session's active tab.
//!
//! In: [`BrowserSession::start_screencast`] with a `watch` sender. Out: JPEG frames (decoded
//! once, shared by every viewer) at most [`MAX_FRAMES_PER_SECOND`] a second and at most the
//! viewport's size, each with the CSS size of the page area it shows, so a viewer can map a
//! point on the image back to the viewport. The sender keeps only the latest frame: a slow viewer
//! skips frames instead of queueing them.
//!
//! Contract: Chromium sends the next frame only after the previous one is acknowledged, and
//! sends frames only when the page changes. The listener acknowledges each frame as soon as it
//! comes, so the newest picture of a changing page is always on its way; it publishes at most
//! one frame per [`MIN_FRAME_INTERVAL`], and a frame that comes sooner is held and replaced by
//! any newer one until the interval is over (then published at once, never dropped for good).
//! While the page changes Chromium may encode more frames than are published; only the newest
//! is kept. [`Screencast::stop`] (or dropping the handle) ends the listener;
//! `stop` also tells Chromium, so an unwatched page costs nothing. The screencast follows the tab that
//! was active when it started; the caller restarts it to follow another tab.

use std::sync::Arc;
use std::time::{Duration, Instant};

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;

use chromiumoxide::Page;
use chromiumoxide::cdp::browser_protocol::page::{
    EventScreencastFrame, ScreencastFrameAckParams, StartScreencastFormat, StartScreencastParams,
    StopScreencastParams,
};
use futures::StreamExt;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::session::BrowserSession;
use crate::error::Result;

/// The most frames a screencast delivers per second.
pub const MAX_FRAMES_PER_SECOND: u32 = 10;
/// The least time between two frames.
pub const MIN_FRAME_INTERVAL: Duration =
    Duration::from_millis(1_000 / MAX_FRAMES_PER_SECOND as u64);
/// JPEG quality asked of Chromium (0–100): legible text at a fraction of PNG's size.
pub const JPEG_QUALITY: i64 = 60;
/// Chromium captures every compositor frame that changed (a still page makes one frame only, so
/// skipping any could leave the view without a picture).
pub const EVERY_NTH_FRAME: i64 = 1;

/// One frame of the live view.
#[derive(Debug, Clone, PartialEq)]
pub struct ScreencastFrame {
    /// The JPEG.
    pub jpeg: Arc<[u8]>,
    /// Width of the page area the frame shows, in CSS pixels (the viewport's width).
    pub css_width: f64,
    /// Height of the page area the frame shows, in CSS pixels.
    pub css_height: f64,
    /// When Chromium captured the frame, in milliseconds since the Unix epoch (for latency
    /// measurements across processes).
    pub captured_unix_ms: Option<f64>,
    /// When the listener received the frame from CDP.
    pub received_at: Instant,
}

/// A running screencast. Dropping it stops delivering frames; [`Screencast::stop`] also stops
/// Chromium's encoder.
pub struct Screencast {
    page: Page,
    listener: JoinHandle<()>,
}

impl Screencast {
    /// Stops the screencast in Chromium and ends the listener.
    pub async fn stop(self) {
        self.listener.abort();
        let stop = self.page.execute(StopScreencastParams::default());
        match tokio::time::timeout(Duration::from_secs(5), stop).await {
            Ok(Ok(_)) => {}
            Ok(Err(error)) => tracing::debug!(%error, "could not stop a screencast"),
            Err(_) => tracing::debug!("stopping a screencast timed out"),
        }
    }

    /// True while the listener still receives frames (false once the tab or browser is gone).
    pub fn is_running(&self) -> bool {
        !self.listener.is_finished()
    }

    /// True while it shows the tab that is active in `session` (false after a tab switch).
    pub async fn follows_active_tab(&self, session: &mut BrowserSession) -> bool {
        match session.page().await {
            Ok(page) => page.target_id() == self.page.target_id(),
            Err(_) => false,
        }
    }
}

impl Drop for Screencast {
    fn drop(&mut self) {
        self.listener.abort();
    }
}

impl BrowserSession {
    /// Starts a screencast of the active tab; every frame replaces the value in `frames`.
    pub async fn start_screencast(
        &mut self,
        frames: watch::Sender<Option<ScreencastFrame>>,
    ) -> Result<Screencast> {
        let page = self.page().await?;
        let (width, height) = {
            let config = self.host().config();
            (config.viewport_width, config.viewport_height)
        };
        let events = self
            .guard(
                "listen for screencast frames",
                page.event_listener::<EventScreencastFrame>(),
            )
            .await?;
        let start = StartScreencastParams::builder()
            .format(StartScreencastFormat::Jpeg)
            .quality(JPEG_QUALITY)
            .max_width(i64::from(width))
            .max_height(i64::from(height))
            .every_nth_frame(EVERY_NTH_FRAME)
            .build();
        self.guard("start screencast", page.execute(start)).await?;
        let listener = tokio::spawn(relay_frames(page.clone(), events, frames));
        Ok(Screencast { page, listener })
    }
}

/// Acknowledges each frame as it comes and publishes at most one per [`MIN_FRAME_INTERVAL`]:
/// a frame that comes sooner waits (replaced by any newer one) until the interval is over.
async fn relay_frames(
    page: Page,
    mut events: chromiumoxide::listeners::EventStream<EventScreencastFrame>,
    frames: watch::Sender<Option<ScreencastFrame>>,
) {
    let mut published: Option<Instant> = None;
    let mut held: Option<ScreencastFrame> = None;
    loop {
        let next_slot = published.map(|at| at + MIN_FRAME_INTERVAL);
        let event = match (held.is_some(), next_slot) {
            (true, Some(slot)) => tokio::select! {
                event = events.next() => event,
                () = tokio::time::sleep_until(slot.into()) => {
                    frames.send_replace(held.take());
                    published = Some(Instant::now());
                    continue;
                }
            },
            _ => events.next().await,
        };
        let Some(event) = event else {
            return;
        };
        let received_at = Instant::now();
        let ack = page.execute(ScreencastFrameAckParams::new(event.session_id));
        if let Err(error) = ack.await {
            tracing::debug!(%error, "screencast ended: a frame could not be acknowledged");
            return;
        }
        let data: &str = event.data.as_ref();
        let jpeg = match BASE64.decode(data) {
            Ok(jpeg) => Arc::<[u8]>::from(jpeg),
            Err(error) => {
                tracing::debug!(%error, "skipped a screencast frame that is not base64");
                continue;
            }
        };
        let metadata = &event.metadata;
        let frame = ScreencastFrame {
            jpeg,
            css_width: metadata.device_width,
            css_height: metadata.device_height,
            captured_unix_ms: metadata.timestamp.as_ref().map(|t| *t.inner() * 1_000.0),
            received_at,
        };
        if next_slot.is_none_or(|slot| received_at >= slot) {
            frames.send_replace(Some(frame));
            published = Some(received_at);
            held = None;
        } else {
            held = Some(frame);
        }
    }
}
