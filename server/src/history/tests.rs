#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use tandem_protocol::{RunOutcome, RunStatusOnDisk};

use super::*;

/// Lines as the daemon wrote them before lines had a version: agent events, no `v`.
pub(crate) const VERSION_1: &str = r#"{"at":10,"run_id":"r1","kind":"started","goal":"open the form"}
{"at":11,"run_id":"r1","kind":"event","event":{"type":"observation","run_id":"r1","url":"http://x.test/","title":"Form","mime_type":"image/png","screenshot":"AAAA"}}
{"at":12,"run_id":"r1","kind":"event","event":{"type":"step","run_id":"r1","node":"execute_action","step_id":"r1:1","action":{"action":"click","eid":"e4"},"result":{"status":"success","summary":"clicked"},"timings":{"node_us":1000,"tool_us":0,"planner_us":0}}}
{"at":13,"run_id":"r1","kind":"event","event":{"type":"usage","run_id":"r1","request":{"model":"m","tier":"standard","stage":"plan","tokens":{"prompt_tokens":5,"completion_tokens":2,"cost":0.0},"latency_ms":1},"run_total":{"requests":1,"prompt_tokens":5,"completion_tokens":2,"cost":0.0}}}
{"at":14,"run_id":"r1","kind":"event","event":{"type":"run_finished","run_id":"r1","outcome":"done","text":"Clicked."}}
{"at":15,"run_id":"r1","kind":"record","record":{"run_id":"r1","goal":"open the form","outcome":"done","final_response":"Clicked.","timeline":{"entries":[{"seq":0,"at_ms":12,"item":{"type":"action","action":{"action":"click","eid":"e4"},"result":{"status":"success","summary":"clicked"}}}]},"transitions":[],"usage":{"requests":1,"prompt_tokens":5,"completion_tokens":2,"cost":0.0}}}
{"at":20,"run_id":"r2","kind":"started","goal":"then the towel"}
{"at":21,"run_id":"r2","kind":"event","event":{"type":"step","run_id":"r2","node":"execute_action","action":{"action":"click","eid":"e9"},"result":{"status":"error","message":"no such element"},"timings":{"node_us":0,"tool_us":0,"planner_us":0}}}
{"v":3,"at":22,"run_id":"r2","kind":"something_new"}
{"v":2,"at":23,"run_id":"r2","kind":"fr"#;

#[test]
fn lines_written_before_lines_had_a_version_still_read_as_version_1() {
    let lines: Vec<HistoryLine> = VERSION_1.lines().flat_map(parse_line).collect();
    let runs = fold(lines);
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
        "a line of a newer version, and one cut short, are skipped"
    );
    assert_eq!(
        cut.steps,
        // Version 1 lines name no target: the step says so in words, never by its id.
        [
            "[execute_action] click an element that is no longer on the page: no such element → error"
        ]
    );
}
