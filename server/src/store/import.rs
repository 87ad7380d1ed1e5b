//! The run history files of earlier daemons (`{dir}/{session_id}.jsonl`, JSON lines) imported
//! once into the store: each file becomes a project whose id is the session's (so its site
//! folder, `{sites}/{session_id}/`, is the project's), named from its first message, with the
//! chat messages of its finished runs. An imported file is renamed `….jsonl.imported` (kept,
//! never deleted); a file whose project already exists is only renamed.

use std::path::Path;

use tandem_agent::memory::ChatMessage;
use tandem_agent::state::SavedSession;
use tandem_protocol::{Author, Fact, HistoryLine};

use super::{SqliteStore, StoreError};

/// Imports every history file in `dir` (none when it does not exist); answers how many
/// projects were made. A file that cannot be read is logged and left for the next start.
pub fn import_history_files(store: &SqliteStore, dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut imported = 0;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some("jsonl") {
            continue;
        }
        match import_file(store, &path) {
            Ok(true) => imported += 1,
            Ok(false) => {}
            Err(error) => {
                tracing::warn!(%error, file = %path.display(), "could not import a history file");
            }
        }
    }
    if imported > 0 {
        tracing::info!(imported, "imported earlier run histories as projects");
    }
    imported
}

fn import_file(store: &SqliteStore, path: &Path) -> Result<bool, StoreError> {
    let Some(id) = path.file_stem().and_then(|s| s.to_str()) else {
        return Ok(false);
    };
    let text = std::fs::read_to_string(path)?;
    let lines: Vec<HistoryLine> = text.lines().flat_map(crate::history::parse_line).collect();
    let saved = messages_of(&lines);
    let made = store.import(id, lines, saved)?;
    let mut done = path.as_os_str().to_owned();
    done.push(".imported");
    std::fs::rename(path, done)?;
    Ok(made)
}

/// The chat messages of the finished runs: the person's goal, then the final answer.
fn messages_of(lines: &[HistoryLine]) -> SavedSession {
    let mut messages = Vec::new();
    for line in lines {
        if let Fact::Record { record } = &line.fact {
            messages.push(ChatMessage {
                author: Author::User,
                text: record.goal.clone(),
            });
            if let Some(text) = &record.final_response {
                messages.push(ChatMessage {
                    author: Author::Agent,
                    text: text.clone(),
                });
            }
        }
    }
    let skip = messages
        .len()
        .saturating_sub(tandem_agent::state::MAX_SAVED_MESSAGES);
    SavedSession {
        messages: messages.split_off(skip),
        ..SavedSession::default()
    }
}
