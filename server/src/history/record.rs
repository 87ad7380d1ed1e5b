//! [`write`]: one event of a session into its history, called by the session's fan-out before
//! the event's frames are published, so a client that saw a frame finds it on disk.

use std::sync::Arc;

use tandem_agent::{AgentEvent, AgentHandle};

use super::RunHistory;

/// Writes `event` (and, when it ends a run, the run's canonical record) to `history`. File I/O
/// runs off the runtime's workers; a failure is logged, never passed on.
pub async fn write(agent: &AgentHandle, history: &Arc<RunHistory>, event: &AgentEvent) {
    let Some(run_id) = run_of(event).map(str::to_owned) else {
        return;
    };
    let record = match event {
        AgentEvent::RunFinished { record, .. } => Some(record.as_ref().clone()),
        AgentEvent::Status { .. }
        | AgentEvent::Step { .. }
        | AgentEvent::Observation { .. }
        | AgentEvent::Question { .. }
        | AgentEvent::QuestionCleared { .. }
        | AgentEvent::Message { .. }
        | AgentEvent::Usage { .. }
        | AgentEvent::ProductDocUpdated { .. }
        | AgentEvent::BrowserRestarted { .. }
        | AgentEvent::Takeover { .. }
        | AgentEvent::Error { .. } => None,
    };
    let session_id = agent.session_id().to_owned();
    let history = Arc::clone(history);
    let event = event.clone();
    let written = tokio::task::spawn_blocking(move || {
        history.event(&session_id, &run_id, &event);
        if let Some(record) = record {
            history.finished(&session_id, &record);
        }
    })
    .await;
    if let Err(error) = written {
        tracing::warn!(%error, "the history writer failed");
    }
}

fn run_of(event: &AgentEvent) -> Option<&str> {
    match event {
        AgentEvent::Step { run_id, .. }
        | AgentEvent::Observation { run_id, .. }
        | AgentEvent::Question { run_id, .. }
        | AgentEvent::QuestionCleared { run_id, .. }
        | AgentEvent::Message { run_id, .. }
        | AgentEvent::RunFinished { run_id, .. }
        | AgentEvent::Usage { run_id, .. }
        | AgentEvent::ProductDocUpdated { run_id, .. }
        | AgentEvent::BrowserRestarted { run_id, .. } => Some(run_id),
        AgentEvent::Status { .. } | AgentEvent::Takeover { .. } | AgentEvent::Error { .. } => None,
    }
}
