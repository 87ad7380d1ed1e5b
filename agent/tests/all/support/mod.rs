//! Waiting on an agent's events in the integration tests.

use std::time::Duration;

use tandem_agent::{AgentEvent, Interrupt};
use tandem_protocol::RunOutcome;
use tokio::sync::broadcast;

/// The next event that `pred` accepts (10 s at most; a lagging receiver skips ahead).
pub async fn next_matching(
    events: &mut broadcast::Receiver<AgentEvent>,
    pred: impl Fn(&AgentEvent) -> bool,
) -> AgentEvent {
    tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match events.recv().await {
                Ok(event) if pred(&event) => return event,
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => panic!("events closed"),
            }
        }
    })
    .await
    .expect("event in time")
}

/// How the next run ends, and its final text.
pub async fn finished(events: &mut broadcast::Receiver<AgentEvent>) -> (RunOutcome, String) {
    match next_matching(events, |e| matches!(e, AgentEvent::RunFinished { .. })).await {
        AgentEvent::RunFinished { outcome, text, .. } => (outcome, text),
        _ => unreachable!(),
    }
}

/// The next question the agent asks.
pub async fn question(events: &mut broadcast::Receiver<AgentEvent>) -> Interrupt {
    match next_matching(events, |e| matches!(e, AgentEvent::Question { .. })).await {
        AgentEvent::Question { interrupt, .. } => interrupt,
        _ => unreachable!(),
    }
}
