//! [`write`]: one event of a session into its project's history, called by the session's
//! fan-out before the event's frames are published, so a client that saw a frame finds it
//! stored. One event is one transaction: a daemon killed meanwhile loses that step only.

use std::sync::Arc;

use tandem_agent::{AgentEvent, AgentHandle};
use tandem_protocol::ServerMessage;

use crate::store::{ProjectStore, Write};

/// Writes the `frames` of `event` (and, when it ends a run, the run's canonical record with
/// what the agent remembers after it) to the project's history. Runs off the runtime's
/// workers; a failure is logged, never passed on.
pub async fn write(
    agent: &AgentHandle,
    store: &Arc<dyn ProjectStore>,
    event: &AgentEvent,
    frames: &[ServerMessage],
) {
    let Some(run_id) = event.run_id().map(str::to_owned) else {
        return;
    };
    let mut writes = vec![Write::Frames {
        run_id,
        frames: frames.to_vec(),
    }];
    if let AgentEvent::RunFinished { record, .. } = event {
        writes.push(Write::Finished {
            record: record.clone(),
            saved: Box::new(agent.saved_session()),
        });
    }
    let project = agent.session_id().to_owned();
    let store = Arc::clone(store);
    let written = tokio::task::spawn_blocking(move || store.write(&project, writes)).await;
    match written {
        Ok(Ok(())) => {}
        Ok(Err(error)) => tracing::warn!(%error, "could not write the run history"),
        Err(error) => tracing::warn!(%error, "the history writer failed"),
    }
}
