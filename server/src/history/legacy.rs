//! Version 1 history lines, read as version 2: a line of an agent event ([`Fact::Event`]) becomes
//! one line per frame that event was sent as (the agent's own projection,
//! [`AgentEvent::frames`]), with the same time and run. Every other line is the same in both
//! versions.

use tandem_agent::AgentEvent;
use tandem_protocol::{Fact, HISTORY_VERSION, HistoryLine};

/// `line` as lines of the current version (none for an event this agent no longer reads).
pub(super) fn upgrade(line: HistoryLine) -> Vec<HistoryLine> {
    let HistoryLine {
        at, run_id, fact, ..
    } = line;
    let event = match fact {
        Fact::Event { event } => event,
        fact @ (Fact::Started { .. } | Fact::Frame { .. } | Fact::Record { .. }) => {
            return vec![HistoryLine {
                v: HISTORY_VERSION,
                at,
                run_id,
                fact,
            }];
        }
    };
    let event = match serde_json::from_value::<AgentEvent>(*event) {
        Ok(event) => event,
        Err(error) => {
            tracing::debug!(%error, "skipping a version 1 event the agent no longer reads");
            return Vec::new();
        }
    };
    event
        .frames()
        .into_iter()
        .map(|frame| HistoryLine {
            v: HISTORY_VERSION,
            at,
            run_id: run_id.clone(),
            fact: Fact::Frame {
                frame: Box::new(frame),
            },
        })
        .collect()
}
