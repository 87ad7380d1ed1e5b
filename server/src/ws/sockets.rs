//! The daemon's open WebSockets, so that shutdown can close each with 1001 and wait for it.

use std::time::Duration;

use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The daemon's open WebSockets: tracked so that shutdown can wait for them, and told when to
/// close with 1001. Cheap to clone; clones share the sockets.
#[derive(Clone)]
pub struct OpenSockets {
    pub(super) tasks: TaskTracker,
    pub(super) closing: CancellationToken,
}

impl OpenSockets {
    /// Sockets that close when `closing` is cancelled.
    pub fn closing_with(closing: CancellationToken) -> Self {
        Self {
            tasks: TaskTracker::new(),
            closing,
        }
    }

    /// Sockets that close when [`OpenSockets::close`] is called.
    pub fn new() -> Self {
        Self::closing_with(CancellationToken::new())
    }

    /// Sends every open socket its close frame (1001) after the frames already queued for it,
    /// and waits up to `within` for them all to finish.
    pub async fn close(&self, within: Duration) {
        self.closing.cancel();
        self.tasks.close();
        if tokio::time::timeout(within, self.tasks.wait())
            .await
            .is_err()
        {
            tracing::warn!(
                open = self.tasks.len(),
                "some WebSockets did not close in time"
            );
        }
    }
}

impl Default for OpenSockets {
    fn default() -> Self {
        Self::new()
    }
}
