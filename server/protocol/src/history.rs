//! The run history on disk and on the wire: one JSON line per fact ([`HistoryLine`]) in a
//! session's history file, and the runs folded from them ([`StoredRun`], the `history` frame's
//! runs).
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
use crate::record::{RunRecord, Timeline, unix_ms};
use crate::run::RunOutcome;
use crate::usage::RunUsage;

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

/// How a stored run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunStatusOnDisk {
    Done,
    Denied,
    Cancelled,
    Blocked,
    Limit,
    Failed,
    /// No record was written: the daemon stopped while the run was going.
    Interrupted,
}

impl From<Option<RunOutcome>> for RunStatusOnDisk {
    /// A record's outcome; none means the run never finished.
    fn from(outcome: Option<RunOutcome>) -> Self {
        match outcome {
            Some(RunOutcome::Done) => RunStatusOnDisk::Done,
            Some(RunOutcome::Denied) => RunStatusOnDisk::Denied,
            Some(RunOutcome::Cancelled) => RunStatusOnDisk::Cancelled,
            Some(RunOutcome::Blocked) => RunStatusOnDisk::Blocked,
            Some(RunOutcome::Limit) => RunStatusOnDisk::Limit,
            Some(RunOutcome::Failed) => RunStatusOnDisk::Failed,
            None => RunStatusOnDisk::Interrupted,
        }
    }
}

/// One run as the history holds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredRun {
    pub run_id: String,
    /// The person's message that began it.
    pub goal: String,
    pub status: RunStatusOnDisk,
    /// Unix time (ms) of its first and last line.
    pub started_at: u64,
    pub updated_at: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_response: Option<String>,
    /// The run's typed timeline (empty for an interrupted run: its steps are in `steps`).
    pub timeline: Timeline,
    /// One line per step, for runs cut short as well.
    pub steps: Vec<String>,
    pub usage: RunUsage,
    /// `[reference, data URL]` of each observation's screenshot, in order (`obs-1`, …).
    pub screenshots: Vec<(String, String)>,
}
