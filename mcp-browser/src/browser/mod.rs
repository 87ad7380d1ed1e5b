//! The browser actor: a shared [`BrowserHost`] owning Chromium, and one [`BrowserSession`] per
//! user session with its own isolated browser context, tabs and pending notices; the live view's
//! screencast and the relay of a person's input during a takeover (`screencast.rs`, `input.rs`).

mod actions;
mod click;
mod host;
mod hover;
mod input;
mod keys;
mod launch;
mod login_state;
mod reaper;
mod restarts;
mod saved_state;
mod screencast;
pub(crate) mod script;
mod scroll;
mod session;
mod settle;
mod tabs;

pub use actions::{ActionOutcome, WaitCondition};
pub use host::{BrowserHost, LiveBrowser};
pub use hover::HOVER_ANSWER_MS;
pub use input::MAX_INSERTED_CHARS;
pub use launch::{CLOSED_NETWORK_ARGS, find_executable};
pub use restarts::{MAX_RESTARTS, RESTART_WINDOW};
pub use saved_state::{MAX_SEEDED_ORIGINS, SavedBrowserState};
pub use screencast::{MAX_FRAMES_PER_SECOND, Screencast, ScreencastFrame};
pub use scroll::{ScrollDirection, ScrollTarget};
pub use session::BrowserSession;
pub(crate) use session::blank_context;

use chromiumoxide::error::CdpError;

use crate::error::BrowserError;

/// Maps a chromiumoxide error to ours. Connection-level failures become `Crashed`; the session
/// double-checks liveness before reporting them.
pub(crate) fn cdp_error(operation: &str, error: CdpError) -> BrowserError {
    match error {
        CdpError::Ws(_) | CdpError::ChannelSendError(_) | CdpError::NoResponse => {
            BrowserError::Crashed(format!("{operation}: {error}"))
        }
        CdpError::Timeout => BrowserError::Timeout {
            operation: operation.to_owned(),
            after: std::time::Duration::ZERO,
        },
        other => BrowserError::Protocol {
            operation: operation.to_owned(),
            message: other.to_string(),
        },
    }
}

/// Applies a timeout to a chromiumoxide call and maps its error.
pub(crate) async fn bounded<T>(
    timeout: std::time::Duration,
    operation: &str,
    call: impl std::future::Future<Output = Result<T, CdpError>>,
) -> Result<T, BrowserError> {
    match tokio::time::timeout(timeout, call).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(error)) => Err(cdp_error(operation, error)),
        Err(_) => Err(BrowserError::Timeout {
            operation: operation.to_owned(),
            after: timeout,
        }),
    }
}
