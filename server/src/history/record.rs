//! [`write`]: one event of a session into its history, called by the session's fan-out before
//! the event's frames are published, so a client that saw a frame finds it on disk.

use std::sync::Arc;

use tandem_agent::{AgentEvent, AgentHandle};
use tandem_protocol::ServerMessage;

use super::RunHistory;

/// Writes the `frames` of `event` (and, when it ends a run, the run's canonical record) to
/// `history`. File I/O runs off the runtime's workers; a failure is logged, never passed on.
pub async fn write(
    agent: &AgentHandle,
    history: &Arc<RunHistory>,
    event: &AgentEvent,
    frames: &[ServerMessage],
) {
    let Some(run_id) = event.run_id().map(str::to_owned) else {
        return;
    };
    let record = event.finished_record().cloned();
    let session_id = agent.session_id().to_owned();
    let history = Arc::clone(history);
    let frames = frames.to_vec();
    let written = tokio::task::spawn_blocking(move || {
        history.frames(&session_id, &run_id, frames);
        if let Some(record) = record {
            history.finished(&session_id, record);
        }
    })
    .await;
    if let Err(error) = written {
        tracing::warn!(%error, "the history writer failed");
    }
}
