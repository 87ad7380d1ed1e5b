//! How a socket ends: the close code each receive error gets (the codes are the protocol's
//! [`CloseCode`]), and the closing handshake.
//!
//! Contract: after the daemon sends its close frame it keeps reading, discarding whatever the
//! client still sends, until the client's close arrives, the connection ends, or
//! [`CLOSE_WAIT`] passes. Dropping a socket with unread input makes the kernel reset the
//! connection, and a reset can destroy the close frame before a client that floods without
//! reading ever sees it.

use std::time::Duration;

use axum::extract::ws::Message;
use futures::StreamExt;
use tandem_protocol::CloseCode;
use tokio_tungstenite::tungstenite::Error as WsError;
use tokio_tungstenite::tungstenite::error::ProtocolError;

/// How a receive error ends the socket: the close code to send, or `None` when the peer is gone
/// and nothing can reach it. axum hands over tungstenite's error boxed; it is found in the
/// error's chain.
pub(super) fn close_for(error: &axum::Error) -> Option<CloseCode> {
    let cause = std::iter::successors(Some(error as &(dyn std::error::Error + 'static)), |e| {
        e.source()
    })
    .find_map(|e| e.downcast_ref::<WsError>());
    match cause {
        Some(WsError::Capacity(_)) => Some(CloseCode::TooBig),
        Some(WsError::Utf8(_)) => Some(CloseCode::InvalidPayload),
        Some(WsError::Protocol(ProtocolError::ResetWithoutClosingHandshake))
        | Some(WsError::ConnectionClosed | WsError::AlreadyClosed | WsError::Io(_)) => None,
        Some(WsError::Protocol(_)) => Some(CloseCode::ProtocolError),
        _ => Some(CloseCode::InternalError),
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

    fn code_for(error: WsError) -> Option<CloseCode> {
        close_for(&axum::Error::new(error))
    }

    #[test]
    fn each_receive_error_closes_with_its_own_code() {
        let too_long = CapacityError::MessageTooLong {
            size: 100_000,
            max_size: MAX_FRAME_BYTES,
        };
        assert_eq!(
            code_for(WsError::Capacity(too_long)),
            Some(CloseCode::TooBig)
        );
        let not_utf8 = String::from_utf8(vec![0xff]).unwrap_err();
        assert_eq!(code_for(not_utf8.into()), Some(CloseCode::InvalidPayload));
        for breach in [
            ProtocolError::NonZeroReservedBits,
            ProtocolError::UnmaskedFrameFromClient,
            ProtocolError::FragmentedControlFrame,
            ProtocolError::UnknownDataFrameType(3),
        ] {
            assert_eq!(
                code_for(WsError::Protocol(breach)),
                Some(CloseCode::ProtocolError)
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
        assert_eq!(
            code_for(WsError::AttackAttempt),
            Some(CloseCode::InternalError)
        );
    }
}
