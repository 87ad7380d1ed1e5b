//! [`SavedSession`]: what of a session's state outlives the daemon — the chat messages and the
//! memory the planner reads (earlier runs' summaries, the project card). The daemon stores it
//! after every finished run ([`crate::AgentHandle::saved_session`]) and gives it back to the
//! agent of a reopened project ([`crate::AgentConfig::restore`]). The Product Doc is not in it:
//! it is a file of its own ([`crate::AgentConfig::product_doc_path`]).

use serde::{Deserialize, Serialize};

use super::Session;
use crate::memory::{ChatMessage, RunSummary, SessionMemory};

/// Most chat messages kept in a saved session (the latest ones).
pub const MAX_SAVED_MESSAGES: usize = 200;

/// The lasting part of a session's state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SavedSession {
    /// The latest chat messages, oldest first.
    pub messages: Vec<ChatMessage>,
    /// The remembered runs, oldest first.
    pub runs: Vec<RunSummary>,
    /// The project card, when one is set.
    pub card: Option<String>,
}

impl Session {
    /// The lasting part of this session's state.
    pub fn saved(&self) -> SavedSession {
        let skip = self.messages.len().saturating_sub(MAX_SAVED_MESSAGES);
        SavedSession {
            messages: self.messages[skip..].to_vec(),
            runs: self.memory.runs().cloned().collect(),
            card: self.memory.card().map(str::to_owned),
        }
    }

    /// A session that goes on from `saved` (no approvals: "don't ask again" ends with the
    /// session that was given it).
    pub fn restored(saved: SavedSession) -> Self {
        let mut memory = SessionMemory::default();
        for run in saved.runs {
            memory.remember(run);
        }
        memory.set_card(saved.card);
        Self {
            messages: saved.messages,
            memory,
            ..Self::default()
        }
    }
}
