//! Run history on disk: every run of a session, as it happens, one JSON line per fact in
//! `{dir}/{session_id}.jsonl` (the protocol's versioned [`HistoryLine`]s). It outlives the
//! session and the daemon.
//!
//! In: [`RunHistory::started`] (the person's message that began a run, from the WebSocket
//! operation), the frames of every agent event of the session ([`record::write`], from the
//! session's fan-out) and each finished run's canonical [`RunRecord`]. Out: [`RunHistory::runs`],
//! a session's runs oldest first ([`StoredRun`]), each with its goal, status, timeline, final
//! answer, usage and the screenshot of each observation (`obs-<n>`, the timeline's own
//! references). A run with no record line never finished: the daemon stopped under it, so it
//! reads as `interrupted`. Files written before lines had a version (version 1, agent events
//! instead of frames) are still read ([`legacy`]).
//!
//! Bounded: once a session's file passes [`MAX_FILE_BYTES`] it is rewritten with only its newest
//! runs, to at most half that size. Session ids name files, so only ids made of ASCII letters,
//! digits and `-` are accepted. I/O errors are logged, never fatal to a run.

mod legacy;
pub mod record;
mod runs;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use serde::{Deserialize, Serialize};
use tandem_agent::RunRecord;
use tandem_protocol::{Fact, HISTORY_VERSION, HistoryLine, ServerMessage, StoredRun};

/// Largest history file per session before older runs are dropped.
pub const MAX_FILE_BYTES: u64 = 8 * 1024 * 1024;

/// The history directory of a daemon.
#[derive(Debug)]
pub struct RunHistory {
    dir: PathBuf,
    /// One writer at a time (appends and rewrites of a file must not interleave).
    writing: Mutex<()>,
}

/// Why a session's history could not be read.
#[derive(Debug, thiserror::Error)]
pub enum HistoryError {
    /// The id cannot name a session (sent as `bad_message` / HTTP 400).
    #[error("`{0}` is not a session id")]
    BadSessionId(String),
    /// Reading the file failed.
    #[error("reading the history: {0}")]
    Io(#[from] std::io::Error),
}

impl RunHistory {
    /// History kept under `dir` (created when first written).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self {
            dir: dir.into(),
            writing: Mutex::new(()),
        }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Notes that `goal` began `run_id`.
    pub fn started(&self, session_id: &str, run_id: &str, goal: &str) {
        let goal = goal.to_owned();
        let line: HistoryLine = HistoryLine::now(run_id, Fact::Started { goal });
        self.append(session_id, &[line]);
    }

    /// Appends the frames the run's clients were sent for one event.
    pub fn frames(&self, session_id: &str, run_id: &str, frames: Vec<ServerMessage>) {
        let lines: Vec<HistoryLine> = frames
            .into_iter()
            .map(|frame| {
                let frame = Box::new(frame);
                HistoryLine::now(run_id, Fact::Frame { frame })
            })
            .collect();
        self.append(session_id, &lines);
    }

    /// Appends a finished run's record.
    pub fn finished(&self, session_id: &str, record: RunRecord) {
        let run_id = record.run_id.clone();
        let record = Box::new(record);
        self.append(
            session_id,
            &[HistoryLine::now(run_id, Fact::Record { record })],
        );
    }

    /// The session's runs, oldest first (none for a session with no history).
    pub fn runs(&self, session_id: &str) -> Result<Vec<StoredRun>, HistoryError> {
        let path = self.path(session_id)?;
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(error) => return Err(error.into()),
        };
        Ok(runs::fold(parse_lines(&text)))
    }

    fn path(&self, session_id: &str) -> Result<PathBuf, HistoryError> {
        let valid = !session_id.is_empty()
            && session_id.len() <= 64
            && session_id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-');
        if !valid {
            return Err(HistoryError::BadSessionId(
                session_id.chars().take(80).collect(),
            ));
        }
        Ok(self.dir.join(format!("{session_id}.jsonl")))
    }

    fn append<R: Serialize>(&self, session_id: &str, lines: &[HistoryLine<R>]) {
        if let Err(error) = self.try_append(session_id, lines) {
            tracing::warn!(%error, session_id, "could not write the run history");
        }
    }

    fn try_append<R: Serialize>(
        &self,
        session_id: &str,
        lines: &[HistoryLine<R>],
    ) -> Result<(), HistoryError> {
        let path = self.path(session_id)?;
        let mut text = String::new();
        for line in lines {
            text.push_str(&serde_json::to_string(line).map_err(std::io::Error::other)?);
            text.push('\n');
        }
        let _writing = self.writing.lock().unwrap_or_else(PoisonError::into_inner);
        std::fs::create_dir_all(&self.dir)?;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)?;
        file.write_all(text.as_bytes())?;
        let size = file.metadata()?.len();
        drop(file);
        if size > MAX_FILE_BYTES {
            shrink(&path)?;
        }
        Ok(())
    }
}

/// Rewrites the file with its newest runs only, to at most half of [`MAX_FILE_BYTES`].
fn shrink(path: &Path) -> Result<(), HistoryError> {
    let text = std::fs::read_to_string(path)?;
    let lines: Vec<&str> = text.lines().collect();
    // Runs in the order they first appear, each with its lines' total size.
    let mut order: Vec<(String, u64)> = Vec::new();
    let mut run_of_line = Vec::with_capacity(lines.len());
    for raw in &lines {
        let run_id = serde_json::from_str::<RunOfLine>(raw)
            .map(|line| line.run_id)
            .unwrap_or_default();
        let size = raw.len() as u64 + 1;
        match order.iter_mut().find(|(id, _)| *id == run_id) {
            Some((_, total)) => *total += size,
            None => order.push((run_id.clone(), size)),
        }
        run_of_line.push(run_id);
    }
    let budget = MAX_FILE_BYTES / 2;
    let mut kept = Vec::new();
    let mut used = 0;
    for (run_id, size) in order.iter().rev() {
        if used + size > budget && !kept.is_empty() {
            break;
        }
        used += size;
        kept.push(run_id.clone());
    }
    let mut out = String::with_capacity(usize::try_from(used).unwrap_or(0));
    for (raw, run_id) in lines.iter().zip(&run_of_line) {
        if kept.contains(run_id) {
            out.push_str(raw);
            out.push('\n');
        }
    }
    let temporary = path.with_extension("jsonl.tmp");
    std::fs::write(&temporary, out)?;
    std::fs::rename(&temporary, path)?;
    Ok(())
}

/// The run a line is about, whatever else it says.
#[derive(Deserialize)]
struct RunOfLine {
    run_id: String,
}

/// The lines of a history file that this daemon understands, version 1 lines turned into
/// version 2 facts.
fn parse_lines(text: &str) -> Vec<HistoryLine> {
    text.lines()
        .filter(|raw| !raw.trim().is_empty())
        .filter_map(|raw| match serde_json::from_str::<HistoryLine>(raw) {
            Ok(line) if line.v <= HISTORY_VERSION => Some(line),
            Ok(line) => {
                tracing::debug!(
                    version = line.v,
                    "skipping a history line of a newer version"
                );
                None
            }
            Err(error) => {
                // A line cut short by a crash: the rest of the history is still good.
                tracing::debug!(%error, "skipping an unreadable history line");
                None
            }
        })
        .flat_map(legacy::upgrade)
        .collect()
}

#[cfg(test)]
mod tests;
