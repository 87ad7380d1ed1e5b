//! The run history on disk: one JSON line per fact ([`HistoryLine`]) in a session's history
//! file. The runs read back from them are [`crate::StoredRun`]s.
//!
//! Versions: every line says its format in `v`. Version 2 (written now) stores the run's goal,
//! every frame the run's clients were sent ([`Fact::Frame`]) and the finished run's record.
//! Version 1 lines (written before `v` existed, so a line without it is version 1) stored the
//! agent's own events instead ([`Fact::Event`]); they are still read, and turned into frames by
//! the reader that knows the agent's events (the daemon's history module). A line of a newer
//! version than [`HISTORY_VERSION`] is not understood and is skipped by readers.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::frames::ServerMessage;
use crate::record::{RunRecord, unix_ms};

/// The version of the lines written now.
pub const HISTORY_VERSION: u32 = 2;

/// One line of a history file. `R` is the record type: the agent's typed record where it is
/// written, the JSON-valued [`RunRecord`] where it is read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HistoryLine<R = RunRecord> {
    /// The line's format version (1 when absent).
    #[serde(default = "version_one")]
    pub v: u32,
    /// Unix time in milliseconds.
    pub at: u64,
    /// The run the fact is about.
    pub run_id: String,
    /// What the line says.
    #[serde(flatten)]
    pub fact: Fact<R>,
}

fn version_one() -> u32 {
    1
}

impl<R> HistoryLine<R> {
    /// A line of the current version about `run_id`, dated now.
    pub fn now(run_id: impl Into<String>, fact: Fact<R>) -> Self {
        Self {
            v: HISTORY_VERSION,
            at: unix_ms(),
            run_id: run_id.into(),
            fact,
        }
    }
}

/// What a line says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Fact<R = RunRecord> {
    /// The person's message began the run.
    Started { goal: String },
    /// (Version 2.) A frame the run's clients were sent, as it happened.
    Frame { frame: Box<ServerMessage> },
    /// The run's canonical record, once it finished.
    Record { record: Box<R> },
    /// (Version 1 only: read, never written.) An agent event as the agent serialised it then.
    Event { event: Box<Value> },
}
