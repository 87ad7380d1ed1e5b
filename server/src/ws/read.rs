//! One read from the socket, classified and counted against the connection's rate.

use std::time::Instant;

use axum::extract::ws::{Message, Utf8Bytes};
use tandem_protocol::CloseCode;

use super::close::close_for;
use super::{MAX_FRAME_BYTES, RATE_BURST, RATE_PER_SECOND};

/// A token bucket per connection.
pub(super) struct RateLimit {
    tokens: f64,
    last: Instant,
}

impl RateLimit {
    pub(super) fn new() -> Self {
        Self {
            tokens: RATE_BURST,
            last: Instant::now(),
        }
    }

    pub(super) fn allow(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * RATE_PER_SECOND;
        self.tokens = (self.tokens + refill).min(RATE_BURST);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// What one read from the socket amounts to.
pub(super) enum Received {
    /// A text data frame.
    Text(Utf8Bytes),
    /// A binary data frame (the protocol is JSON text).
    Binary,
    /// A ping or a pong. tungstenite has already queued the pong a ping needs.
    Control,
    /// The socket is done: close it with this code, or (`None`) just stop, because the peer
    /// closed it or is gone. The socket can still be read (to wait for the client's close).
    End(Option<CloseCode>),
    /// The read failed: close with this code if the peer is still there. The socket cannot be
    /// read any more (tungstenite ends the stream after an error).
    Broken(Option<CloseCode>),
}

/// Classifies one read, counting it against the rate.
pub(super) fn receive(
    read: Option<Result<Message, axum::Error>>,
    rate: &mut RateLimit,
) -> Received {
    let message = match read {
        None => return Received::End(None),
        Some(Err(error)) => {
            tracing::debug!(%error, "WebSocket receive failed");
            return Received::Broken(close_for(&error));
        }
        Some(Ok(message)) => message,
    };
    if !rate.allow() {
        return Received::End(Some(CloseCode::RateLimited));
    }
    match message {
        // Checked here rather than by tungstenite (whose limit is larger): a read error would
        // end the stream, and the client's close could no longer be awaited.
        Message::Text(text) if text.len() > MAX_FRAME_BYTES => {
            Received::End(Some(CloseCode::TooBig))
        }
        Message::Binary(bytes) if bytes.len() > MAX_FRAME_BYTES => {
            Received::End(Some(CloseCode::TooBig))
        }
        Message::Text(text) => Received::Text(text),
        Message::Binary(_) => Received::Binary,
        Message::Ping(_) | Message::Pong(_) => Received::Control,
        Message::Close(_) => Received::End(None),
    }
}
