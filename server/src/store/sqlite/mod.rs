//! [`SqliteStore`]: the [`ProjectStore`] in an embedded SQLite database,
//! `{store_dir}/tandem.db`, in WAL mode with `synchronous = NORMAL` (a committed transaction
//! survives the process being killed; a power cut may lose the latest ones, never the file's
//! integrity). One writer thread ([`writer`]) applies every write as a transaction; reads use a
//! connection of their own, which WAL lets read while the writer writes. The folder is made
//! owner-only (0700) and the file 0600; deleted rows are overwritten (`secure_delete`).

mod migrate;
mod writer;

use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use rusqlite::{Connection, OpenFlags, OptionalExtension, Transaction, params};
use tandem_agent::state::SavedSession;
use tandem_protocol::{Fact, HistoryLine, RunStatusOnDisk, StoredRun, unix_ms};

use self::writer::Writer;
use super::{
    MAX_NAME_CHARS, ProjectStore, StoreError, StoredProject, Write, check_id, interrupted_record,
    kind_of, name_from_goal,
};

/// The database's file name in the store folder.
pub const DATABASE_FILE: &str = "tandem.db";

/// Bytes of frame lines kept per project. Past it, the frames of its oldest runs are dropped
/// until it holds half as much; their goals, records and the memory stay.
pub const MAX_FRAME_BYTES: i64 = 64 * 1024 * 1024;

/// Projects in SQLite.
#[derive(Debug)]
pub struct SqliteStore {
    path: PathBuf,
    writer: Writer,
    /// `None` once the store is closed.
    reader: Mutex<Option<Connection>>,
    /// Frame bytes kept per project ([`MAX_FRAME_BYTES`]).
    frame_cap: i64,
}

impl SqliteStore {
    /// Opens (or makes) the database in `dir`, migrates it, and marks the runs the daemon
    /// stopped under as `interrupted`.
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        private_dir(dir)?;
        let path = dir.join(DATABASE_FILE);
        private_file(&path)?;
        let mut connection = Connection::open(&path)?;
        connection.busy_timeout(std::time::Duration::from_secs(5))?;
        let mode: String = connection.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            tracing::warn!(%mode, "the project database is not in WAL mode");
        }
        connection.pragma_update(None, "synchronous", "NORMAL")?;
        connection.pragma_update(None, "foreign_keys", "ON")?;
        connection.pragma_update(None, "secure_delete", "ON")?;
        migrate::migrate(&mut connection)?;
        let interrupted = connection.execute(
            "UPDATE runs SET status = 'interrupted' WHERE status = 'running'",
            [],
        )?;
        if interrupted > 0 {
            tracing::info!(
                interrupted,
                "runs the daemon stopped under are marked interrupted"
            );
        }
        let reader = Connection::open_with_flags(
            &path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        reader.busy_timeout(std::time::Duration::from_secs(5))?;
        Ok(Self {
            path,
            writer: Writer::start(connection)?,
            reader: Mutex::new(Some(reader)),
            frame_cap: MAX_FRAME_BYTES,
        })
    }

    /// The same store keeping at most `cap` bytes of frame lines per project.
    pub fn with_frame_cap(mut self, cap: i64) -> Self {
        self.frame_cap = cap;
        self
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The schema version this daemon writes.
    pub fn schema_version() -> i64 {
        migrate::latest()
    }

    pub(in crate::store) fn read<T>(
        &self,
        work: impl FnOnce(&Connection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let reader = self.reader.lock().unwrap_or_else(PoisonError::into_inner);
        work(reader.as_ref().ok_or(StoreError::Closed)?)
    }

    /// Imports one project whole (its lines, oldest first), unless it exists: answers whether
    /// it was imported. Used once for each history file of earlier daemons.
    pub(super) fn import(
        &self,
        id: &str,
        lines: Vec<HistoryLine>,
        saved: SavedSession,
    ) -> Result<bool, StoreError> {
        check_id(id)?;
        let id = id.to_owned();
        self.writer.transaction(move |tx| {
            let exists: Option<i64> = tx
                .query_row("SELECT 1 FROM projects WHERE id = ?1", [&id], |r| r.get(0))
                .optional()?;
            if exists.is_some() {
                return Ok(false);
            }
            let runs = crate::history::fold(lines.clone());
            let first = lines.first().map_or_else(unix_ms, |line| line.at);
            let last = lines.last().map_or(first, |line| line.at);
            let name = runs
                .first()
                .map(|run| name_from_goal(&run.goal))
                .unwrap_or_default();
            tx.execute(
                "INSERT INTO projects (id, name, created_at, updated_at, saved_session)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, name, first, last, serde_json::to_string(&saved)?],
            )?;
            for line in &lines {
                insert_line(tx, &id, line)?;
            }
            for run in &runs {
                tx.execute(
                    "INSERT OR IGNORE INTO runs
                     (project_id, run_id, goal, status, started_at, updated_at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![
                        id,
                        run.run_id,
                        run.goal,
                        status_name(run.status),
                        run.started_at,
                        run.updated_at
                    ],
                )?;
            }
            Ok(true)
        })
    }
}

impl ProjectStore for SqliteStore {
    /// Closes the reader, then waits for the writes already sent and closes the writer: the
    /// last connection to close checkpoints the WAL into the database file, and only the
    /// writing one can.
    fn close(&self) {
        drop(
            self.reader
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take(),
        );
        self.writer.close();
    }

    fn create_project(&self, id: &str) -> Result<(), StoreError> {
        check_id(id)?;
        let id = id.to_owned();
        self.writer.transaction(move |tx| {
            let now = unix_ms();
            tx.execute(
                "INSERT INTO projects (id, created_at, updated_at) VALUES (?1, ?2, ?2)",
                params![id, now],
            )?;
            Ok(())
        })
    }

    fn projects(&self) -> Result<Vec<StoredProject>, StoreError> {
        self.read(|db| {
            let mut query = db.prepare(
                "SELECT p.id, p.name, p.created_at, p.updated_at,
                        (SELECT COUNT(*) FROM runs r WHERE r.project_id = p.id)
                 FROM projects p ORDER BY p.updated_at DESC, p.id",
            )?;
            let rows = query.query_map([], project_row)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
    }

    fn project(&self, id: &str) -> Result<Option<StoredProject>, StoreError> {
        check_id(id)?;
        self.read(|db| {
            Ok(db
                .query_row(
                    "SELECT p.id, p.name, p.created_at, p.updated_at,
                            (SELECT COUNT(*) FROM runs r WHERE r.project_id = p.id)
                     FROM projects p WHERE p.id = ?1",
                    [id],
                    project_row,
                )
                .optional()?)
        })
    }

    fn rename_project(&self, id: &str, name: &str) -> Result<(), StoreError> {
        check_id(id)?;
        let name = name.trim().to_owned();
        if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
            return Err(StoreError::BadName);
        }
        let id = id.to_owned();
        self.writer.transaction(move |tx| {
            let changed = tx.execute(
                "UPDATE projects SET name = ?2, updated_at = ?3 WHERE id = ?1",
                params![id, name, activity_stamp(tx)?],
            )?;
            if changed == 0 {
                return Err(StoreError::UnknownProject(id));
            }
            Ok(())
        })
    }

    fn delete_project(&self, id: &str) -> Result<(), StoreError> {
        check_id(id)?;
        let id = id.to_owned();
        self.writer.transaction(move |tx| {
            // The history goes through the foreign keys' cascade.
            let changed = tx.execute("DELETE FROM projects WHERE id = ?1", [&id])?;
            if changed == 0 {
                return Err(StoreError::UnknownProject(id));
            }
            Ok(())
        })
    }

    fn write(&self, id: &str, writes: Vec<Write>) -> Result<(), StoreError> {
        check_id(id)?;
        let (id, cap) = (id.to_owned(), self.frame_cap);
        self.writer.transaction(move |tx| {
            let mut frame_bytes = 0;
            for write in writes {
                frame_bytes += apply(tx, &id, write)?;
            }
            let total: Option<i64> = tx
                .query_row(
                    "UPDATE projects SET frame_bytes = frame_bytes + ?2 WHERE id = ?1
                     RETURNING frame_bytes",
                    params![id, frame_bytes],
                    |r| r.get(0),
                )
                .optional()?;
            match total {
                None => Err(StoreError::UnknownProject(id)),
                Some(total) if total > cap => trim_frames(tx, &id, total, cap),
                Some(_) => Ok(()),
            }
        })
    }

    fn runs(&self, id: &str) -> Result<Vec<StoredRun>, StoreError> {
        check_id(id)?;
        let lines = self.read(|db| {
            let mut query =
                db.prepare("SELECT line FROM run_lines WHERE project_id = ?1 ORDER BY seq")?;
            let rows = query.query_map([id], |r| r.get::<_, String>(0))?;
            let mut lines = Vec::new();
            for raw in rows {
                lines.extend(crate::history::parse_line(&raw?));
            }
            Ok(lines)
        })?;
        Ok(crate::history::fold(lines))
    }

    fn transcript(
        &self,
        id: &str,
        last: usize,
    ) -> Result<Vec<tandem_agent::RunRecord>, StoreError> {
        check_id(id)?;
        let last = i64::try_from(last).unwrap_or(i64::MAX);
        let mut runs = self.read(|db| {
            let mut query = db.prepare(
                "SELECT r.run_id, r.goal, r.status,
                        (SELECT l.line FROM run_lines l WHERE l.project_id = r.project_id
                           AND l.run_id = r.run_id AND l.kind = 'record'
                         ORDER BY l.seq DESC LIMIT 1)
                 FROM runs r WHERE r.project_id = ?1
                 ORDER BY r.started_at DESC, r.rowid DESC LIMIT ?2",
            )?;
            let rows = query.query_map(params![id, last], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, Option<String>>(3)?,
                ))
            })?;
            let mut runs = Vec::new();
            for row in rows {
                let (run_id, goal, status, line) = row?;
                if let Some(record) = line.as_deref().and_then(record_of) {
                    runs.push(record);
                } else if status == "interrupted" {
                    runs.push(interrupted_record(run_id, goal));
                }
            }
            Ok(runs)
        })?;
        runs.reverse();
        Ok(runs)
    }

    fn saved_session(&self, id: &str) -> Result<Option<SavedSession>, StoreError> {
        check_id(id)?;
        let text: Option<Option<String>> = self.read(|db| {
            Ok(db
                .query_row(
                    "SELECT saved_session FROM projects WHERE id = ?1",
                    [id],
                    |r| r.get(0),
                )
                .optional()?)
        })?;
        match text.flatten() {
            Some(text) => Ok(Some(serde_json::from_str(&text)?)),
            None => Ok(None),
        }
    }
}

/// The record a record line holds (none when this agent cannot read it).
fn record_of(raw: &str) -> Option<tandem_agent::RunRecord> {
    match serde_json::from_str::<HistoryLine<tandem_agent::RunRecord>>(raw) {
        Ok(HistoryLine {
            fact: Fact::Record { record },
            ..
        }) => Some(*record),
        Ok(_) => None,
        Err(error) => {
            tracing::debug!(%error, "skipping a record this agent cannot read");
            None
        }
    }
}

fn project_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<StoredProject> {
    Ok(StoredProject {
        id: row.get(0)?,
        name: row.get(1)?,
        created_at: row.get(2)?,
        updated_at: row.get(3)?,
        runs: row.get(4)?,
    })
}

/// Applies one write; answers the bytes of frame lines it added.
fn apply(tx: &Transaction<'_>, id: &str, write: Write) -> Result<i64, StoreError> {
    let now = activity_stamp(tx)?;
    match write {
        Write::Started { run_id, goal } => {
            tx.execute(
                "INSERT OR IGNORE INTO runs
                 (project_id, run_id, goal, status, started_at, updated_at)
                 VALUES (?1, ?2, ?3, 'running', ?4, ?4)",
                params![id, run_id, goal, now],
            )?;
            tx.execute(
                "UPDATE projects SET updated_at = ?2,
                        name = CASE WHEN name = '' THEN ?3 ELSE name END
                 WHERE id = ?1",
                params![id, now, name_from_goal(&goal)],
            )?;
            let line: HistoryLine = HistoryLine::now(run_id, Fact::Started { goal });
            insert_line(tx, id, &line)?;
            Ok(0)
        }
        Write::Frames { run_id, frames } => {
            let mut bytes = 0;
            for frame in frames {
                let line: HistoryLine = HistoryLine::now(
                    run_id.clone(),
                    Fact::Frame {
                        frame: Box::new(frame),
                    },
                );
                bytes += insert_line(tx, id, &line)?;
            }
            Ok(bytes)
        }
        Write::Finished { record, saved } => {
            let status = record.outcome.map_or("interrupted", |o| o.name());
            tx.execute(
                "INSERT OR IGNORE INTO runs
                 (project_id, run_id, goal, status, started_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
                params![id, record.run_id, record.goal, status, now],
            )?;
            tx.execute(
                "UPDATE runs SET status = ?3, updated_at = ?4
                 WHERE project_id = ?1 AND run_id = ?2",
                params![id, record.run_id, status, now],
            )?;
            tx.execute(
                "UPDATE projects SET saved_session = ?2, updated_at = ?3 WHERE id = ?1",
                params![id, serde_json::to_string(&saved)?, now],
            )?;
            let line = HistoryLine::now(record.run_id.clone(), Fact::Record { record });
            tx.execute(
                "INSERT INTO run_lines (project_id, run_id, kind, line)
                 VALUES (?1, ?2, 'record', ?3)",
                params![id, line.run_id, serde_json::to_string(&line)?],
            )?;
            Ok(0)
        }
    }
}

/// The time of an activity: now in Unix ms, but always after every project's latest activity,
/// so the list's order is the order things happened even within one millisecond.
fn activity_stamp(tx: &Transaction<'_>) -> Result<u64, StoreError> {
    let latest: Option<u64> =
        tx.query_row("SELECT MAX(updated_at) FROM projects", [], |r| r.get(0))?;
    Ok(unix_ms().max(latest.map_or(0, |t| t + 1)))
}

/// Inserts one line; answers its size when it is a frame line (else 0).
fn insert_line(tx: &Transaction<'_>, id: &str, line: &HistoryLine) -> Result<i64, StoreError> {
    let text = serde_json::to_string(line)?;
    let kind = kind_of(line);
    tx.execute(
        "INSERT INTO run_lines (project_id, run_id, kind, line) VALUES (?1, ?2, ?3, ?4)",
        params![id, line.run_id, kind, text],
    )?;
    Ok(if kind == "frame" {
        i64::try_from(text.len()).unwrap_or(i64::MAX)
    } else {
        0
    })
}

/// Drops the frame lines of the project's oldest runs until it holds at most half of `cap`
/// (the newest run's frames are always kept).
fn trim_frames(tx: &Transaction<'_>, id: &str, mut total: i64, cap: i64) -> Result<(), StoreError> {
    let runs: Vec<(String, i64)> = {
        let mut query = tx.prepare(
            "SELECT run_id, SUM(length(line)) FROM run_lines
             WHERE project_id = ?1 AND kind = 'frame'
             GROUP BY run_id ORDER BY MIN(seq)",
        )?;
        let rows = query.query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?;
        rows.collect::<Result<Vec<_>, _>>()?
    };
    let keep_last = runs.len().saturating_sub(1);
    for (run_id, bytes) in runs.into_iter().take(keep_last) {
        if total <= cap / 2 {
            break;
        }
        tx.execute(
            "DELETE FROM run_lines WHERE project_id = ?1 AND run_id = ?2 AND kind = 'frame'",
            params![id, run_id],
        )?;
        total -= bytes;
    }
    tx.execute(
        "UPDATE projects SET frame_bytes = ?2 WHERE id = ?1",
        params![id, total.max(0)],
    )?;
    Ok(())
}

/// The `runs.status` of a stored run.
pub(super) fn status_name(status: RunStatusOnDisk) -> &'static str {
    match status {
        RunStatusOnDisk::Interrupted => "interrupted",
        RunStatusOnDisk::Ended(outcome) => outcome.name(),
    }
}

/// Makes `dir` (owner-only on Unix).
fn private_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
    }
    Ok(())
}

/// Makes the database file owner-only before SQLite opens it (its WAL and shared-memory
/// files take the same permissions).
fn private_file(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.create(true).append(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let file = options.open(path)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    drop(file);
    Ok(())
}
