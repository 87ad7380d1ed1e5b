//! History lines: a line without a version is version 1; lines of the current version say so
//! and read back the same, whatever record type wrote them.

use serde_json::{Value, json};

use crate::*;

#[test]
fn a_line_without_a_version_is_version_1() {
    let line: HistoryLine =
        serde_json::from_str(r#"{"at":5,"run_id":"r1","kind":"started","goal":"go"}"#).unwrap();
    assert_eq!(
        line,
        HistoryLine {
            v: 1,
            at: 5,
            run_id: "r1".into(),
            fact: Fact::Started { goal: "go".into() },
        }
    );
    let event: HistoryLine = serde_json::from_str(
        r#"{"at":6,"run_id":"r1","kind":"event","event":{"type":"message","run_id":"r1","text":"hi"}}"#,
    )
    .unwrap();
    assert!(matches!(event.fact, Fact::Event { .. }), "{event:?}");
}

#[test]
fn a_current_line_says_its_version_and_reads_back_the_same() {
    let frame = Box::new(ServerMessage::AgentMessage { text: "hi".into() });
    let line: HistoryLine = HistoryLine::now("r1", Fact::Frame { frame });
    let text = serde_json::to_string(&line).unwrap();
    let value: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["v"], json!(HISTORY_VERSION));
    assert_eq!(value["kind"], "frame");
    assert_eq!(
        value["frame"],
        json!({"type": "agent_message", "text": "hi"})
    );
    assert_eq!(serde_json::from_str::<HistoryLine>(&text).unwrap(), line);
}

#[test]
fn a_record_written_with_typed_actions_reads_back_as_json_values() {
    /// A stand-in for the agent's own action type.
    #[derive(Debug, Clone, PartialEq, serde::Serialize)]
    #[serde(tag = "action", rename_all = "snake_case")]
    enum Act {
        Click { eid: String },
    }
    let mut record: RunRecord<Act, (), ()> = RunRecord::new("r1".into(), "click".into());
    record.outcome = Some(RunOutcome::Done);
    let seq = record.timeline.push(TimelineItem::Action {
        action: Act::Click { eid: "e4".into() },
        note: None,
        target: None,
        result: ActionResult::Pending { interrupt_id: None },
    });
    record.timeline.set_result(
        seq,
        ActionResult::Success {
            summary: "clicked".into(),
        },
    );
    let written = HistoryLine::now(
        "r1",
        Fact::Record {
            record: Box::new(record),
        },
    );
    let read: HistoryLine =
        serde_json::from_str(&serde_json::to_string(&written).unwrap()).unwrap();
    let Fact::Record { record } = read.fact else {
        panic!("{read:?}");
    };
    let actions: Vec<_> = record.timeline.actions().collect();
    assert_eq!(
        actions,
        [(
            &json!({"action": "click", "eid": "e4"}),
            &ActionResult::Success {
                summary: "clicked".into()
            }
        )]
    );
    assert_eq!(record.outcome, Some(RunOutcome::Done));
}
