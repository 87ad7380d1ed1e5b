//! Waiting out the navigation an action starts, driven by CDP events rather than guesses.
//!
//! Contract: create a [`NavigationWatch`] *before* the action (its listeners buffer events), run
//! the action, then [`NavigationWatch::settle`]. A renderer round trip acts as a barrier: any
//! navigation the action's event handlers requested has been announced by the time it returns.
//! If one was, settling waits (bounded) for that frame to stop loading.

use std::time::Duration;

use chromiumoxide::Page;
use chromiumoxide::cdp::browser_protocol::page::{
    EventFrameRequestedNavigation, EventFrameStartedLoading, EventFrameStoppedLoading, FrameId,
};
use chromiumoxide::cdp::js_protocol::runtime::EvaluateParams;
use chromiumoxide::listeners::EventStream;
use futures::{FutureExt, StreamExt};

/// Listeners registered before an action.
pub struct NavigationWatch {
    requested: EventStream<EventFrameRequestedNavigation>,
    started: EventStream<EventFrameStartedLoading>,
    stopped: EventStream<EventFrameStoppedLoading>,
}

impl NavigationWatch {
    /// Starts listening on `page`. `None` when the listeners cannot be registered (the caller
    /// then settles without them).
    pub async fn start(page: &Page) -> Option<Self> {
        let requested = page
            .event_listener::<EventFrameRequestedNavigation>()
            .await
            .ok()?;
        let started = page
            .event_listener::<EventFrameStartedLoading>()
            .await
            .ok()?;
        let stopped = page
            .event_listener::<EventFrameStoppedLoading>()
            .await
            .ok()?;
        Some(Self {
            requested,
            started,
            stopped,
        })
    }

    /// Waits, at most `timeout`, for a navigation the action started to finish loading.
    /// Returns true when one was seen.
    pub async fn settle(mut self, page: &Page, timeout: Duration) -> bool {
        // Barrier: a renderer round trip. A failure here means the document is being replaced.
        let barrier = EvaluateParams::builder().expression("0").build();
        let context_lost = match barrier {
            Ok(params) => matches!(
                tokio::time::timeout(timeout, page.execute(params)).await,
                Ok(Err(_))
            ),
            Err(_) => false,
        };
        let mut loading: Vec<FrameId> = Vec::new();
        while let Some(Some(event)) = self.requested.next().now_or_never() {
            loading.push(event.frame_id.clone());
        }
        while let Some(Some(event)) = self.started.next().now_or_never() {
            loading.push(event.frame_id.clone());
        }
        if loading.is_empty() && !context_lost {
            return false;
        }
        let waiting = async {
            while let Some(event) = self.stopped.next().await {
                loading.retain(|frame| *frame != event.frame_id);
                if loading.is_empty() {
                    break;
                }
            }
        };
        // A page that never finishes loading is not the action's failure.
        let _ = tokio::time::timeout(timeout, waiting).await;
        true
    }
}
