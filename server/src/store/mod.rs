//! The daemon's lasting data behind one small interface, [`ProjectStore`]: projects, their run
//! history (the protocol's versioned [`HistoryLine`]s, folded into [`StoredRun`]s when read) and
//! what their agent remembers ([`SavedSession`]). [`SqliteStore`] is the one implementation (an
//! embedded SQLite database in WAL mode, migrations in `server/migrations/`, one writer thread);
//! a server database could implement the same trait later. Page files are not in it: a
//! project's site stays a folder of files (`{sites}/{project_id}/`), its Product Doc a file in
//! that folder.
//!
//! Contract: each [`ProjectStore::write`] is one transaction, committed before it returns, so
//! a daemon killed at any point loses at most the writes in flight and never leaves a half
//! written step. Runs still `running` when the store is opened are marked `interrupted` (the
//! daemon stopped under them); nothing re-runs them.

mod import;
mod sqlite;

use tandem_agent::RunRecord;
use tandem_agent::state::SavedSession;
use tandem_protocol::{HistoryLine, ServerMessage, StoredRun};

pub use self::import::import_history_files;
pub use self::sqlite::{DATABASE_FILE, MAX_FRAME_BYTES, SqliteStore};

/// One project as stored (the daemon adds whether it is live and has a site).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredProject {
    pub id: String,
    pub name: String,
    pub created_at: u64,
    pub updated_at: u64,
    pub runs: u64,
}

/// One write of a project's run history; a [`ProjectStore::write`] applies a list of them in
/// one transaction.
#[derive(Debug, Clone)]
pub enum Write {
    /// The person's message began a run (and names a project that has no name yet).
    Started { run_id: String, goal: String },
    /// The frames a run's clients were sent for one agent event.
    Frames {
        run_id: String,
        frames: Vec<ServerMessage>,
    },
    /// A run finished: its record, and the agent's lasting state after it.
    Finished {
        record: Box<RunRecord>,
        saved: Box<SavedSession>,
    },
}

/// Why the store could not do something.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The id cannot name a project (sent as `bad_message`).
    #[error("`{0}` is not a project id")]
    BadId(String),
    /// No project has this id (sent as `unknown_project`).
    #[error("no project `{0}`")]
    UnknownProject(String),
    /// A name that is empty or too long (sent as `bad_project_name`).
    #[error("a project name must have 1 to {max} characters", max = MAX_NAME_CHARS)]
    BadName,
    /// The database was written by a newer Tandem (its schema version is unknown here).
    #[error(
        "the project database has schema version {found}, newer than this Tandem knows \
         ({known}): use the newer Tandem, or another data folder"
    )]
    NewerSchema { found: i64, known: i64 },
    #[error("the project database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("the project database's folder: {0}")]
    Io(#[from] std::io::Error),
    #[error("encoding a stored value: {0}")]
    Json(#[from] serde_json::Error),
    /// The writer thread is gone (the store is closing).
    #[error("the project database is closed")]
    Closed,
}

impl StoreError {
    /// The protocol's error code for this refusal.
    pub fn code(&self) -> &'static str {
        match self {
            Self::BadId(_) => "bad_message",
            Self::UnknownProject(_) => "unknown_project",
            Self::BadName => "bad_project_name",
            Self::NewerSchema { .. }
            | Self::Sqlite(_)
            | Self::Io(_)
            | Self::Json(_)
            | Self::Closed => "store_failed",
        }
    }
}

/// Longest project name, in characters.
pub const MAX_NAME_CHARS: usize = 80;

/// Where projects last. Every method blocks (call it off the async runtime's workers).
pub trait ProjectStore: Send + Sync + std::fmt::Debug {
    /// Makes the project `id` (no name yet).
    fn create_project(&self, id: &str) -> Result<(), StoreError>;
    /// Every project, latest activity first.
    fn projects(&self) -> Result<Vec<StoredProject>, StoreError>;
    /// The project `id`, if it exists.
    fn project(&self, id: &str) -> Result<Option<StoredProject>, StoreError>;
    /// Renames a project (the name trimmed, 1 to [`MAX_NAME_CHARS`] characters).
    fn rename_project(&self, id: &str, name: &str) -> Result<(), StoreError>;
    /// Deletes a project and everything stored of it.
    fn delete_project(&self, id: &str) -> Result<(), StoreError>;
    /// Applies `writes` to project `id`'s history in one transaction.
    fn write(&self, id: &str, writes: Vec<Write>) -> Result<(), StoreError>;
    /// The project's runs, oldest first (none for an unknown project).
    fn runs(&self, id: &str) -> Result<Vec<StoredRun>, StoreError>;
    /// The project's latest `last` runs as the conversation shows them, oldest first: each
    /// finished run's record, and for a run the daemon stopped under a record with no outcome
    /// whose final response says it was interrupted ([`interrupted_record`]).
    fn transcript(&self, id: &str, last: usize) -> Result<Vec<RunRecord>, StoreError>;
    /// What the project's agent remembered after its latest finished run.
    fn saved_session(&self, id: &str) -> Result<Option<SavedSession>, StoreError>;
    /// Closes the store for good, once every write already sent is committed: when it returns,
    /// nothing more is written and the files are complete. Later calls fail with
    /// [`StoreError::Closed`]. The daemon calls it last when it stops.
    fn close(&self);
}

/// What a run the daemon stopped under says in the conversation.
pub const INTERRUPTED_TEXT: &str = "Interrupted: Tandem stopped while this run was going. It was not run again; send the \
     message again to redo it.";

/// The record of a run the daemon stopped under: the person's message, no outcome, and
/// [`INTERRUPTED_TEXT`] as its final response (a client shows it as `interrupted`).
pub fn interrupted_record(run_id: String, goal: String) -> RunRecord {
    let mut record = RunRecord::new(run_id, goal.clone());
    record.timeline.push(tandem_agent::TimelineItem::Text {
        author: tandem_protocol::Author::User,
        text: goal,
    });
    record.final_response = Some(INTERRUPTED_TEXT.to_owned());
    record
}

/// Checks that `id` can name a project: 1 to 64 ASCII letters, digits and `-`.
pub fn check_id(id: &str) -> Result<(), StoreError> {
    let valid = !id.is_empty()
        && id.len() <= 64
        && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    if valid {
        Ok(())
    } else {
        Err(StoreError::BadId(id.chars().take(80).collect()))
    }
}

/// The name a project gets from its first message: its first line, cut at [`MAX_NAME_CHARS`].
pub fn name_from_goal(goal: &str) -> String {
    let line = goal.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let line = line.trim();
    if line.chars().count() <= MAX_NAME_CHARS {
        return line.to_owned();
    }
    let mut name: String = line.chars().take(MAX_NAME_CHARS - 1).collect();
    name.push('…');
    name
}

/// Runs store work off the async runtime's workers.
pub async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|error| StoreError::Io(std::io::Error::other(error)))?
}

/// The kind column of a history line.
fn kind_of(line: &HistoryLine) -> &'static str {
    match &line.fact {
        tandem_protocol::Fact::Started { .. } => "started",
        tandem_protocol::Fact::Record { .. } => "record",
        tandem_protocol::Fact::Frame { .. } | tandem_protocol::Fact::Event { .. } => "frame",
    }
}

#[cfg(test)]
mod tests;
