//! [`Session`]: what the agent keeps for the whole session, across runs.

use tandem_policy::SessionApprovals;

use crate::memory::{ChatMessage, SessionMemory};
use tandem_protocol::ProductDoc;

/// The session's part of the state.
#[derive(Debug, Default)]
pub struct Session {
    /// Chat history of the session (all runs).
    pub messages: Vec<ChatMessage>,
    /// What the session remembers of earlier runs, and its project card.
    pub memory: SessionMemory,
    /// The session's Product Doc (loaded from disk on first use).
    pub product_doc: Option<ProductDoc>,
    /// "Don't ask again" approvals of this session.
    pub approvals: SessionApprovals,
}
