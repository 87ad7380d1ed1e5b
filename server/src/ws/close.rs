//! How a socket ends: the close codes the daemon sends, and the one each receive error gets.

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
        Some(WsError::Capacity(_)) => goodbye(CLOSE_TOO_BIG, "frame too large"),
        Some(WsError::Utf8(_)) => goodbye(CLOSE_INVALID_PAYLOAD, "text is not valid UTF-8"),
        Some(WsError::Protocol(ProtocolError::ResetWithoutClosingHandshake))
        | Some(WsError::ConnectionClosed | WsError::AlreadyClosed | WsError::Io(_)) => None,
        Some(WsError::Protocol(_)) => goodbye(CLOSE_PROTOCOL_ERROR, "WebSocket protocol error"),
        _ => goodbye(CLOSE_INTERNAL_ERROR, "unexpected WebSocket error"),
    }
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
