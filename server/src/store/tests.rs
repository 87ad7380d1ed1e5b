#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use tandem_agent::memory::{ChatMessage, RunSummary};
use tandem_agent::state::SavedSession;
use tandem_protocol::{Author, RunOutcome, RunStatusOnDisk, ServerMessage};

use super::*;

fn message(text: &str) -> Vec<ServerMessage> {
    vec![ServerMessage::AgentMessage {
        text: text.to_owned(),
    }]
}

fn started(run_id: &str, goal: &str) -> Write {
    Write::Started {
        run_id: run_id.into(),
        goal: goal.into(),
    }
}

fn frames(run_id: &str, text: &str) -> Write {
    Write::Frames {
        run_id: run_id.into(),
        frames: message(text),
    }
}

fn finished(run_id: &str, goal: &str, saved: SavedSession) -> Write {
    let mut record = RunRecord::new(run_id.into(), goal.into());
    record.outcome = Some(RunOutcome::Done);
    record.final_response = Some("Bought.".into());
    Write::Finished {
        record: Box::new(record),
        saved: Box::new(saved),
    }
}

fn remembered() -> SavedSession {
    SavedSession {
        messages: vec![ChatMessage {
            author: Author::User,
            text: "buy the mug".into(),
        }],
        runs: vec![RunSummary {
            run_id: "r1".into(),
            goal: "buy the mug".into(),
            outcome: RunOutcome::Done,
            final_answer: "Bought.".into(),
            pages: vec!["http://shop.test/".into()],
            actions: vec!["click Buy".into()],
            values: Vec::new(),
            declined: Vec::new(),
            folded: None,
            fold_tried: false,
        }],
        card: Some("A mug shop.".into()),
    }
}

#[test]
fn a_project_keeps_its_runs_and_memory_and_a_reopened_store_marks_the_run_it_stopped_under() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();
    store.create_project("p-1").unwrap();
    store
        .write(
            "p-1",
            vec![
                started("r1", "buy the mug\nand be quick"),
                frames("r1", "done"),
            ],
        )
        .unwrap();
    store
        .write("p-1", vec![finished("r1", "buy the mug", remembered())])
        .unwrap();
    store
        .write(
            "p-1",
            vec![started("r2", "now the towel"), frames("r2", "working")],
        )
        .unwrap();
    drop(store);

    let store = SqliteStore::open(dir.path()).unwrap();
    let runs = store.runs("p-1").unwrap();
    let summary: Vec<_> = runs
        .iter()
        .map(|r| (r.goal.as_str(), r.status, r.final_response.as_deref()))
        .collect();
    assert_eq!(
        summary,
        [
            (
                "buy the mug\nand be quick",
                RunStatusOnDisk::Ended(RunOutcome::Done),
                Some("Bought.")
            ),
            ("now the towel", RunStatusOnDisk::Interrupted, None),
        ]
    );
    assert_eq!(store.saved_session("p-1").unwrap(), Some(remembered()));
    let shown: Vec<_> = store
        .transcript("p-1", 10)
        .unwrap()
        .into_iter()
        .map(|r| (r.run_id, r.outcome, r.final_response))
        .collect();
    assert_eq!(
        shown,
        [
            ("r1".into(), Some(RunOutcome::Done), Some("Bought.".into())),
            ("r2".into(), None, Some(INTERRUPTED_TEXT.into())),
        ]
    );
    assert_eq!(
        store.transcript("p-1", 1).unwrap().len(),
        1,
        "the latest only"
    );
    let [project] = store.projects().unwrap().try_into().unwrap();
    assert_eq!(
        (project.name.as_str(), project.runs),
        ("buy the mug", 2),
        "named from the first line of its first message"
    );
    assert!(store.runs("unknown").unwrap().is_empty());
    assert!(matches!(
        store.runs("../etc/passwd"),
        Err(StoreError::BadId(_))
    ));
}

#[test]
fn projects_are_renamed_listed_by_activity_and_deleted_with_their_history() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();
    store.create_project("old").unwrap();
    store.create_project("new").unwrap();
    store.write("new", vec![started("r1", "bake")]).unwrap();
    store.rename_project("old", "  Bakery site  ").unwrap();
    let names: Vec<_> = store
        .projects()
        .unwrap()
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["Bakery site", "bake"], "the renamed one is newest");
    assert!(matches!(
        store.rename_project("old", "   "),
        Err(StoreError::BadName)
    ));
    assert!(matches!(
        store.rename_project("gone", "x"),
        Err(StoreError::UnknownProject(_))
    ));
    assert!(matches!(
        store.write("gone", vec![started("r1", "x")]),
        Err(StoreError::UnknownProject(_)) | Err(StoreError::Sqlite(_))
    ));

    store.delete_project("new").unwrap();
    assert!(store.project("new").unwrap().is_none());
    assert!(
        store.runs("new").unwrap().is_empty(),
        "its lines went with it"
    );
    assert!(matches!(
        store.delete_project("new"),
        Err(StoreError::UnknownProject(_))
    ));
}

#[test]
fn a_project_past_its_frame_cap_drops_its_oldest_runs_frames_and_keeps_their_records() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(dir.path())
        .unwrap()
        .with_frame_cap(40_000);
    store.create_project("p").unwrap();
    let big = "x".repeat(5_000);
    for run in 0..12 {
        let run_id = format!("r{run}");
        let goal = format!("goal {run}");
        store
            .write(
                "p",
                vec![
                    started(&run_id, &goal),
                    frames(&run_id, &big),
                    finished(&run_id, &goal, SavedSession::default()),
                ],
            )
            .unwrap();
    }
    let runs = store.runs("p").unwrap();
    assert_eq!(runs.len(), 12, "every run is still listed");
    assert!(runs.iter().all(|r| r.final_response.is_some()));
    let lines: i64 = store
        .read(|db| {
            Ok(db.query_row(
                "SELECT COALESCE(SUM(length(line)), 0) FROM run_lines WHERE kind = 'frame'",
                [],
                |r| r.get(0),
            )?)
        })
        .unwrap();
    assert!(lines <= 40_000, "{lines}");
    assert!(lines >= 5_000, "the newest run's frames are kept: {lines}");
}

#[test]
fn the_database_is_owner_only_in_wal_mode_and_a_newer_schema_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("data");
    let store = SqliteStore::open(&folder).unwrap();
    let mode =
        |path: &std::path::Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&folder), 0o700);
    assert_eq!(mode(store.path()), 0o600);
    let journal: String = store
        .read(|db| Ok(db.query_row("PRAGMA journal_mode", [], |r| r.get(0))?))
        .unwrap();
    assert_eq!(journal, "wal");
    drop(store);

    let db = rusqlite::Connection::open(folder.join(DATABASE_FILE)).unwrap();
    db.pragma_update(None, "user_version", SqliteStore::schema_version() + 1)
        .unwrap();
    drop(db);
    assert!(matches!(
        SqliteStore::open(&folder),
        Err(StoreError::NewerSchema { .. })
    ));
}

#[test]
fn history_files_of_earlier_daemons_are_imported_once_as_projects() {
    let dir = tempfile::tempdir().unwrap();
    let history = dir.path().join("history");
    std::fs::create_dir_all(&history).unwrap();
    std::fs::write(
        history.join("s-old.jsonl"),
        crate::history::tests::VERSION_1,
    )
    .unwrap();
    std::fs::write(history.join("not history.txt"), "x").unwrap();
    let store = SqliteStore::open(dir.path()).unwrap();

    assert_eq!(import_history_files(&store, &history), 1);
    assert!(history.join("s-old.jsonl.imported").exists());
    assert_eq!(import_history_files(&store, &history), 0, "once");
    let project = store.project("s-old").unwrap().unwrap();
    assert_eq!((project.name.as_str(), project.runs), ("open the form", 2));
    let runs = store.runs("s-old").unwrap();
    assert_eq!(runs[0].status, RunStatusOnDisk::Ended(RunOutcome::Done));
    assert_eq!(runs[1].status, RunStatusOnDisk::Interrupted);
    let saved = store.saved_session("s-old").unwrap().unwrap();
    assert_eq!(
        saved
            .messages
            .iter()
            .map(|m| m.text.as_str())
            .collect::<Vec<_>>(),
        ["open the form", "Clicked."]
    );
}

#[test]
fn a_closed_store_has_committed_everything_sent_and_takes_nothing_more() {
    let dir = tempfile::tempdir().unwrap();
    let store = std::sync::Arc::new(SqliteStore::open(dir.path()).unwrap());
    store.create_project("p-1").unwrap();
    // Writes sent from other threads while the store closes: each is committed, or refused as
    // closed; none is half done.
    let writers: Vec<_> = (0..4)
        .map(|n| {
            let store = std::sync::Arc::clone(&store);
            std::thread::spawn(move || {
                store.write("p-1", vec![started(&format!("r{n}"), "buy the mug")])
            })
        })
        .collect();
    store.close();
    let written = writers
        .into_iter()
        .map(|writer| writer.join().unwrap())
        .filter(|result| match result {
            Ok(()) => true,
            Err(StoreError::Closed) => false,
            Err(other) => panic!("{other}"),
        })
        .count();
    assert!(matches!(
        store.write("p-1", vec![started("late", "too late")]),
        Err(StoreError::Closed)
    ));
    assert!(matches!(store.projects(), Err(StoreError::Closed)));
    // Both connections are closed: the WAL went into the database file.
    assert!(!dir.path().join(format!("{DATABASE_FILE}-wal")).exists());
    let reopened = SqliteStore::open(dir.path()).unwrap();
    assert_eq!(reopened.runs("p-1").unwrap().len(), written);
}
