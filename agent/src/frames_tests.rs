#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use tandem_protocol::{RunOutcome, RunUsage, ServerMessage, TokenUsage};

use crate::events::AgentEvent;
use crate::model::{RequestUsage, Tier};

#[test]
fn a_model_requests_usage_reaches_the_client_as_the_runs_totals() {
    let event = AgentEvent::Usage {
        run_id: "r1".into(),
        request: RequestUsage {
            model: "m".into(),
            tier: Tier::Standard,
            stage: "plan".into(),
            tokens: TokenUsage {
                prompt_tokens: 1200,
                completion_tokens: 30,
                cost: 0.01,
                estimated: false,
            },
            latency_ms: 5,
        },
        run_total: RunUsage {
            requests: 2,
            prompt_tokens: 2400,
            completion_tokens: 60,
            cost: 0.02,
        },
    };
    assert_eq!(
        event.frames(),
        [ServerMessage::Usage {
            requests: 2,
            prompt_tokens: 2400,
            completion_tokens: 60,
            cost: 0.02,
        }]
    );
}

#[test]
fn each_way_a_run_ends_is_its_own_status_on_the_wire() {
    let ends = [
        (RunOutcome::Done, "completed"),
        (RunOutcome::Denied, "denied"),
        (RunOutcome::Cancelled, "cancelled"),
        (RunOutcome::Blocked, "blocked"),
        (RunOutcome::Limit, "limit"),
        (RunOutcome::Failed, "failed"),
    ];
    for (outcome, wire) in ends {
        let event = AgentEvent::RunFinished {
            run_id: "r1".to_owned(),
            outcome,
            text: String::new(),
            record: Box::default(),
        };
        let statuses: Vec<String> = event
            .frames()
            .iter()
            .map(|frame| serde_json::to_value(frame).unwrap_or_default())
            .filter(|frame| frame["type"] == "status")
            .map(|frame| frame["status"].as_str().unwrap_or_default().to_owned())
            .collect();
        assert_eq!(statuses, [wire], "{outcome:?}");
    }
}

#[test]
fn a_transcript_shows_each_action_in_the_words_of_its_step_frames() {
    use tandem_protocol::{ActionResult, Author, TimelineItem};

    use crate::action::Action;
    use crate::timeline::RunRecord;

    let mut record = RunRecord::new("r1".into(), "click Save".into());
    record.timeline.push(TimelineItem::Text {
        author: Author::User,
        text: "click Save".into(),
    });
    let click = Action::Click { eid: "e4".into() };
    let line = click.to_string();
    record.timeline.push(TimelineItem::Action {
        action: click,
        note: None,
        result: ActionResult::Success {
            summary: "clicked".into(),
        },
    });
    let at = record.timeline.entries()[1].at_ms;

    let ServerMessage::Transcript { runs } = super::transcript(vec![record]) else {
        panic!("a transcript frame");
    };
    let run = &runs[0];
    let entry = &run.timeline.entries()[1];
    assert_eq!(
        (entry.seq, entry.at_ms),
        (1, at),
        "sequence and time are kept"
    );
    match &entry.item {
        TimelineItem::Action { action, .. } => {
            assert_eq!(action.line, line);
            assert_eq!(action.action["action"], "click");
            assert_eq!(action.action["eid"], "e4");
        }
        other => panic!("{other:?}"),
    }
}
