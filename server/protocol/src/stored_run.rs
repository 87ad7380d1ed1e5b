//! [`StoredRun`]: one run as the history holds it, folded from its lines (the `history` frame's
//! runs and `GET /api/sessions/{id}/runs`).

use serde::{Deserialize, Serialize};

use crate::record::Timeline;
use crate::run::RunOutcome;
use crate::usage::RunUsage;

/// How a stored run ended: as its record says (`done`, `denied`, ...), or `interrupted`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunStatusOnDisk {
    /// No record was written: the daemon stopped while the run was going.
    Interrupted,
    /// The run finished this way.
    #[serde(untagged)]
    Ended(RunOutcome),
}

impl From<Option<RunOutcome>> for RunStatusOnDisk {
    /// A record's outcome; none means the run never finished.
    fn from(outcome: Option<RunOutcome>) -> Self {
        outcome.map_or(RunStatusOnDisk::Interrupted, RunStatusOnDisk::Ended)
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
