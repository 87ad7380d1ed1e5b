//! Run history lines: the protocol's versioned [`HistoryLine`]s that the store keeps for each
//! run, and how they read back.
//!
//! In: the person's message that began a run, the frames of every agent event of the session
//! (written by the session's fan-out, `crate::session`, before the frames are published) and
//! each finished run's canonical record. Out: [`fold`], a project's lines as runs oldest first
//! ([`StoredRun`]), each with its goal, status, timeline, final answer, usage and the screenshot
//! of each observation (`obs-<n>`, the timeline's own references). A run with no record line
//! never finished: the daemon stopped under it, so it reads as `interrupted`. Lines written
//! before lines had a version (version 1, agent events instead of frames) are still read
//! ([`legacy`]); they come from the JSON-lines files of earlier daemons, imported once into the
//! store (`crate::store`).

mod legacy;
mod runs;

use tandem_protocol::{HISTORY_VERSION, HistoryLine, StoredRun};

/// The runs of `lines` (of the current version), in the order they began.
pub fn fold(lines: Vec<HistoryLine>) -> Vec<StoredRun> {
    runs::fold(lines)
}

/// One stored line as this daemon understands it: version 1 lines become version 2 lines, a
/// line of a newer version or one that does not parse (cut short by a crash) is skipped.
pub fn parse_line(raw: &str) -> Vec<HistoryLine> {
    if raw.trim().is_empty() {
        return Vec::new();
    }
    match serde_json::from_str::<HistoryLine>(raw) {
        Ok(line) if line.v <= HISTORY_VERSION => legacy::upgrade(line),
        Ok(line) => {
            tracing::debug!(
                version = line.v,
                "skipping a history line of a newer version"
            );
            Vec::new()
        }
        Err(error) => {
            tracing::debug!(%error, "skipping an unreadable history line");
            Vec::new()
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
