#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use tandem_agent::{AgentEvent, RunOutcome, RunRecord};

use super::*;

fn message(run_id: &str, text: &str) -> AgentEvent {
    AgentEvent::Message {
        run_id: run_id.to_owned(),
        text: text.to_owned(),
    }
}

#[test]
fn a_run_with_no_record_reads_as_interrupted_and_a_finished_one_as_its_outcome() {
    let dir = tempfile::tempdir().unwrap();
    let history = RunHistory::new(dir.path());
    history.started("s-1", "r1", "buy the mug");
    history.event("s-1", "r1", &message("r1", "done"));
    let mut record = RunRecord::new("r1".into(), "buy the mug".into());
    record.outcome = Some(RunOutcome::Done);
    record.final_response = Some("Bought.".into());
    history.finished("s-1", &record);
    history.started("s-1", "r2", "now the towel");
    history.event("s-1", "r2", &message("r2", "working"));
    // A crash mid-write leaves half a line: it is skipped.
    let path = dir.path().join("s-1.jsonl");
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("{\"at\":1,\"run_id\":\"r2\",\"kind\":\"ev");
    std::fs::write(&path, text).unwrap();

    let runs = history.runs("s-1").unwrap();
    let summary: Vec<_> = runs
        .iter()
        .map(|r| (r.goal.as_str(), r.status, r.final_response.as_deref()))
        .collect();
    assert_eq!(
        summary,
        [
            ("buy the mug", RunStatusOnDisk::Done, Some("Bought.")),
            ("now the towel", RunStatusOnDisk::Interrupted, None),
        ]
    );
    assert!(history.runs("unknown").unwrap().is_empty());
    assert!(matches!(
        history.runs("../etc/passwd"),
        Err(HistoryError::BadSessionId(_))
    ));
}

#[test]
fn a_history_past_its_size_keeps_only_its_newest_runs() {
    let dir = tempfile::tempdir().unwrap();
    let history = RunHistory::new(dir.path());
    let big = "x".repeat(512 * 1024);
    for run in 0..24 {
        let run_id = format!("r{run}");
        history.started("s-2", &run_id, &format!("goal {run}"));
        history.event("s-2", &run_id, &message(&run_id, &big));
    }
    let size = std::fs::metadata(dir.path().join("s-2.jsonl"))
        .unwrap()
        .len();
    assert!(size <= MAX_FILE_BYTES, "{size}");
    let runs = history.runs("s-2").unwrap();
    assert!(runs.len() < 24 && !runs.is_empty(), "{}", runs.len());
    assert_eq!(
        runs.last().unwrap().goal,
        "goal 23",
        "the newest run is kept"
    );
    assert!(
        runs.iter().all(|r| !r.goal.is_empty()),
        "runs are kept whole"
    );
}
