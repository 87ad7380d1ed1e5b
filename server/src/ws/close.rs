//! How a socket ends: the close codes the daemon sends, the one each receive error gets, and the
//! closing handshake.
//!
//! Contract: after the daemon sends its close frame it keeps reading, discarding whatever the
//! client still sends, until the client's close arrives, the connection ends, or
//! [`CLOSE_WAIT`] passes. Dropping a socket with unread input makes the kernel reset the
//! connection, and a reset can destroy the close frame before a client that floods without
//! reading ever sees it.

use std::time::Duration;

use axum::extract::ws::Message;
use futures::StreamExt;

use tokio_tungstenite::tungstenite::Error as WsError;
use tokio_tungstenite::tungstenite::error::ProtocolError;

/// Close codes (RFC 6455 §7.4.1, and ours in the 4000 range).
pub const CLOSE_GOING_AWAY: u16 = 1001;
pub const CLOSE_PROTOCOL_ERROR: u16 = 1002;
pub const CLOSE_INVALID_PAYLOAD: u16 = 1007;
pub const CLOSE_TOO_BIG: u16 = 1009;
pub const CLOSE_INTERNAL_ERROR: u16 = 1011;
pub const CLOSE_UNAUTHORIZED: u16 = 4401;
pub const CLOSE_RATE_LIMITED: u16 = 4429;

/// A close frame the server sends: its code and a short reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Goodbye {
    pub code: u16,
    pub reason: &'static str,
}

pub(super) const UNAUTHORIZED: Goodbye = Goodbye {
    code: CLOSE_UNAUTHORIZED,
    reason: "authentication required",
};
pub(super) const RATE_LIMITED: Goodbye = Goodbye {
    code: CLOSE_RATE_LIMITED,
    reason: "too many frames",
};
pub(super) const TOO_BIG: Goodbye = Goodbye {
    code: CLOSE_TOO_BIG,
    reason: "frame too large",
};
pub(super) const GOING_AWAY: Goodbye = Goodbye {
    code: CLOSE_GOING_AWAY,
    reason: "the daemon is shutting down",
};

/// How a receive error ends the socket: the close frame to send, or `None` when the peer is gone
/// and nothing can reach it. axum hands over tungstenite's error boxed; it is found in the
/// error's chain.
pub(super) fn close_for(error: &axum::Error) -> Option<Goodbye> {
    let goodbye = |code, reason| Some(Goodbye { code, reason });
    let cause = std::iter::successors(Some(error as &(dyn std::error::Error + 'static)), |e| {
        e.source()
    })
    .find_map(|e| e.downcast_ref::<WsError>());
    match cause {
        Some(WsError::Capacity(_)) => Some(TOO_BIG),
        Some(WsError::Utf8(_)) => goodbye(CLOSE_INVALID_PAYLOAD, "text is not valid UTF-8"),
        Some(WsError::Protocol(ProtocolError::ResetWithoutClosingHandshake))
        | Some(WsError::ConnectionClosed | WsError::AlreadyClosed | WsError::Io(_)) => None,
        Some(WsError::Protocol(_)) => goodbye(CLOSE_PROTOCOL_ERROR, "WebSocket protocol error"),
        _ => goodbye(CLOSE_INTERNAL_ERROR, "unexpected WebSocket error"),
    }
}

/// How long the daemon waits for the client's close after sending its own.
pub const CLOSE_WAIT: Duration = Duration::from_secs(1);

/// Waits, bounded by [`CLOSE_WAIT`], for the client to answer our close frame, discarding what
/// it still sends. `readable` is false when a read error has already ended the stream: then
/// the client's close cannot be seen, so the whole bound is given to the client to read ours.
pub(super) async fn await_client_close(stream: &mut super::Stream, readable: bool) {
    let answered = async {
        if !readable {
            std::future::pending::<()>().await;
        }
        while let Some(read) = stream.next().await {
            match read {
                Ok(Message::Close(_)) => return,
                Ok(_) => {}
                // The peer is gone, or the stream ended after an error: nothing more to read.
                Err(error) => {
                    tracing::debug!(%error, "read failed while closing");
                    if close_for(&error).is_none() {
                        return;
                    }
                    std::future::pending::<()>().await;
                }
            }
        }
    };
    let _ = tokio::time::timeout(CLOSE_WAIT, answered).await;
}

#[cfg(test)]
mod tests {
    use tokio_tungstenite::tungstenite::error::CapacityError;

    use super::*;
    use crate::ws::MAX_FRAME_BYTES;

    fn code_for(error: WsError) -> Option<u16> {
        close_for(&axum::Error::new(error)).map(|goodbye| goodbye.code)
    }

    #[test]
    fn each_receive_error_closes_with_its_own_code() {
        let too_long = CapacityError::MessageTooLong {
            size: 100_000,
            max_size: MAX_FRAME_BYTES,
        };
        assert_eq!(code_for(WsError::Capacity(too_long)), Some(CLOSE_TOO_BIG));
        let not_utf8 = String::from_utf8(vec![0xff]).unwrap_err();
        assert_eq!(code_for(not_utf8.into()), Some(CLOSE_INVALID_PAYLOAD));
        for breach in [
            ProtocolError::NonZeroReservedBits,
            ProtocolError::UnmaskedFrameFromClient,
            ProtocolError::FragmentedControlFrame,
            ProtocolError::UnknownDataFrameType(3),
        ] {
            assert_eq!(
                code_for(WsError::Protocol(breach)),
                Some(CLOSE_PROTOCOL_ERROR)
            );
        }
        let gone = [
            WsError::Protocol(ProtocolError::ResetWithoutClosingHandshake),
            WsError::ConnectionClosed,
            WsError::AlreadyClosed,
            WsError::Io(std::io::ErrorKind::ConnectionReset.into()),
        ];
        for error in gone {
            assert_eq!(code_for(error), None);
        }
        assert_eq!(code_for(WsError::AttackAttempt), Some(CLOSE_INTERNAL_ERROR));
    }
}
