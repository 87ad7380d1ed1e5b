#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use tandem_agent::RunRecord;
use tandem_protocol::{RunOutcome, RunStatusOnDisk};

use super::*;

fn message(text: &str) -> Vec<ServerMessage> {
    vec![ServerMessage::AgentMessage {
        text: text.to_owned(),
    }]
}

#[test]
fn a_run_with_no_record_reads_as_interrupted_and_a_finished_one_as_its_outcome() {
    let dir = tempfile::tempdir().unwrap();
    let history = RunHistory::new(dir.path());
    history.started("s-1", "r1", "buy the mug");
    history.frames("s-1", "r1", message("done"));
    let mut record = RunRecord::new("r1".into(), "buy the mug".into());
    record.outcome = Some(RunOutcome::Done);
    record.final_response = Some("Bought.".into());
    history.finished("s-1", record);
    history.started("s-1", "r2", "now the towel");
    history.frames("s-1", "r2", message("working"));
    // A crash mid-write leaves half a line: it is skipped.
    let path = dir.path().join("s-1.jsonl");
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("{\"v\":2,\"at\":1,\"run_id\":\"r2\",\"kind\":\"fr");
    std::fs::write(&path, text).unwrap();

    let runs = history.runs("s-1").unwrap();
    let summary: Vec<_> = runs
        .iter()
        .map(|r| (r.goal.as_str(), r.status, r.final_response.as_deref()))
        .collect();
    assert_eq!(
        summary,
        [
            (
                "buy the mug",
                RunStatusOnDisk::Ended(RunOutcome::Done),
                Some("Bought.")
            ),
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
fn every_line_says_its_version() {
    let dir = tempfile::tempdir().unwrap();
    let history = RunHistory::new(dir.path());
    history.started("s-3", "r1", "look");
    history.frames("s-3", "r1", message("hello"));
    history.finished("s-3", RunRecord::new("r1".into(), "look".into()));
    let text = std::fs::read_to_string(dir.path().join("s-3.jsonl")).unwrap();
    let versions: Vec<u64> = text
        .lines()
        .map(|line| {
            serde_json::from_str::<serde_json::Value>(line).unwrap()["v"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(versions, [2, 2, 2]);
}

/// Lines as the daemon wrote them before lines had a version: agent events, no `v`.
const VERSION_1: &str = r#"{"at":10,"run_id":"r1","kind":"started","goal":"open the form"}
{"at":11,"run_id":"r1","kind":"event","event":{"type":"observation","run_id":"r1","url":"http://x.test/","title":"Form","mime_type":"image/png","screenshot":"AAAA"}}
{"at":12,"run_id":"r1","kind":"event","event":{"type":"step","run_id":"r1","node":"execute_action","step_id":"r1:1","action":{"action":"click","eid":"e4"},"result":{"status":"success","summary":"clicked"},"timings":{"node_us":1000,"tool_us":0,"planner_us":0}}}
{"at":13,"run_id":"r1","kind":"event","event":{"type":"usage","run_id":"r1","request":{"model":"m","tier":"standard","stage":"plan","tokens":{"prompt_tokens":5,"completion_tokens":2,"cost":0.0},"latency_ms":1},"run_total":{"requests":1,"prompt_tokens":5,"completion_tokens":2,"cost":0.0}}}
{"at":14,"run_id":"r1","kind":"event","event":{"type":"run_finished","run_id":"r1","outcome":"done","text":"Clicked."}}
{"at":15,"run_id":"r1","kind":"record","record":{"run_id":"r1","goal":"open the form","outcome":"done","final_response":"Clicked.","timeline":{"entries":[{"seq":0,"at_ms":12,"item":{"type":"action","action":{"action":"click","eid":"e4"},"result":{"status":"success","summary":"clicked"}}}]},"transitions":[],"usage":{"requests":1,"prompt_tokens":5,"completion_tokens":2,"cost":0.0}}}
{"at":20,"run_id":"r2","kind":"started","goal":"then the towel"}
{"at":21,"run_id":"r2","kind":"event","event":{"type":"step","run_id":"r2","node":"execute_action","action":{"action":"click","eid":"e9"},"result":{"status":"error","message":"no such element"},"timings":{"node_us":0,"tool_us":0,"planner_us":0}}}
{"v":3,"at":22,"run_id":"r2","kind":"something_new"}
"#;

#[test]
fn a_file_written_before_lines_had_a_version_still_loads_as_version_1() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("s-old.jsonl"), VERSION_1).unwrap();
    let history = RunHistory::new(dir.path());
    let runs = history.runs("s-old").unwrap();
    let [done, cut] = runs.as_slice() else {
        panic!("two runs: {runs:?}");
    };
    assert_eq!(
        (
            done.goal.as_str(),
            done.status,
            done.final_response.as_deref()
        ),
        (
            "open the form",
            RunStatusOnDisk::Ended(RunOutcome::Done),
            Some("Clicked.")
        )
    );
    assert_eq!(done.timeline.actions().count(), 1);
    assert_eq!(done.usage.prompt_tokens, 5);
    assert_eq!(
        done.screenshots,
        [("obs-1".to_owned(), "data:image/png;base64,AAAA".to_owned())]
    );
    assert_eq!(
        (cut.goal.as_str(), cut.status, cut.updated_at),
        ("then the towel", RunStatusOnDisk::Interrupted, 21),
        "a line of a newer version is skipped"
    );
    assert_eq!(
        cut.steps,
        ["[execute_action] click e9: no such element → error"]
    );
}

#[test]
fn a_history_past_its_size_keeps_only_its_newest_runs() {
    let dir = tempfile::tempdir().unwrap();
    let history = RunHistory::new(dir.path());
    let big = "x".repeat(512 * 1024);
    for run in 0..24 {
        let run_id = format!("r{run}");
        history.started("s-2", &run_id, &format!("goal {run}"));
        history.frames("s-2", &run_id, message(&big));
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
