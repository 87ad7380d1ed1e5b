//! [`CloseCode`]: why the daemon closes a WebSocket (RFC 6455 §7.4.1, and ours in the 4000
//! range). `docs/protocol.md` says what a client should do on each.

/// A close code the daemon sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CloseCode {
    /// 1001: the daemon is shutting down.
    GoingAway,
    /// 1002: the client broke the WebSocket protocol.
    ProtocolError,
    /// 1007: a text frame that is not UTF-8.
    InvalidPayload,
    /// 1009: a frame over the size limit.
    TooBig,
    /// 1011: an unexpected error reading the socket.
    InternalError,
    /// 4401: authentication failed (no, a wrong or a late `auth`).
    Unauthorized,
    /// 4429: too many frames a second.
    RateLimited,
}

impl CloseCode {
    /// Every close code the daemon sends.
    pub const ALL: [CloseCode; 7] = [
        CloseCode::GoingAway,
        CloseCode::ProtocolError,
        CloseCode::InvalidPayload,
        CloseCode::TooBig,
        CloseCode::InternalError,
        CloseCode::Unauthorized,
        CloseCode::RateLimited,
    ];

    /// The number on the wire.
    pub const fn code(self) -> u16 {
        match self {
            CloseCode::GoingAway => 1001,
            CloseCode::ProtocolError => 1002,
            CloseCode::InvalidPayload => 1007,
            CloseCode::TooBig => 1009,
            CloseCode::InternalError => 1011,
            CloseCode::Unauthorized => 4401,
            CloseCode::RateLimited => 4429,
        }
    }

    /// Its name in `web-ui/static/protocol.js`'s `CLOSE_CODES` table (`going_away`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            CloseCode::GoingAway => "going_away",
            CloseCode::ProtocolError => "protocol_error",
            CloseCode::InvalidPayload => "invalid_payload",
            CloseCode::TooBig => "too_big",
            CloseCode::InternalError => "internal_error",
            CloseCode::Unauthorized => "unauthorized",
            CloseCode::RateLimited => "rate_limited",
        }
    }

    /// The close frame's short reason.
    pub const fn reason(self) -> &'static str {
        match self {
            CloseCode::GoingAway => "the daemon is shutting down",
            CloseCode::ProtocolError => "WebSocket protocol error",
            CloseCode::InvalidPayload => "text is not valid UTF-8",
            CloseCode::TooBig => "frame too large",
            CloseCode::InternalError => "unexpected WebSocket error",
            CloseCode::Unauthorized => "authentication required",
            CloseCode::RateLimited => "too many frames",
        }
    }
}
