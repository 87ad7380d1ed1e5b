//! The frames the handover page's socket (`/handover/ws`, `web-ui/static/handover.js`) sends.
//! The page sends `auth`, `input`, `live_view` and `hand_back` frames of [`crate::ClientMessage`]
//! and is answered, besides binary live frames and `error` frames of [`crate::ServerMessage`],
//! with these.

use serde::{Deserialize, Serialize};

/// A frame the handover socket sends to the page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum HandoverMessage {
    /// The step handed over, for the page's card: the step, page, rule and why, one per line.
    Handover { card: String },
    /// The person handed the browser back: what changed on the page since they took it
    /// (`None`: it could not be told). The socket closes after it.
    HandedBack { changed: Option<String> },
}
