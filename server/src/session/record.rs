//! [`write`]: one event of a session into its project's history, called by the session's
//! fan-out before the event's frames are published, so a client that saw a frame finds it
//! stored. One event is one transaction: a daemon killed meanwhile loses that step only.

use std::collections::HashMap;
use std::sync::Arc;

use tandem_agent::{AgentError, AgentEvent, AgentHandle};
use tandem_protocol::ServerMessage;

use crate::store::{ProjectStore, Write};

/// The goals (secrets masked) of the person's messages that the agent took but has not started
/// yet, by run id. A run is noted in the history ([`Write::Started`]) with its first event, so
/// a message that a Stop withdrew before it started (it waited for the run before it) leaves
/// no run behind: the history says what happened.
#[derive(Default)]
pub struct Unstarted(tokio::sync::Mutex<HashMap<String, String>>);

impl Unstarted {
    /// Makes the submission `submit` and, when it began a run rather than replying to the
    /// paused run `paused`, keeps the run's `goal`. Held across `submit`: the run's first event
    /// may reach [`write`] before `submit` returns, and waits for the goal.
    pub async fn submit(
        &self,
        paused: Option<String>,
        goal: String,
        submit: impl Future<Output = Result<String, AgentError>>,
    ) -> Result<String, AgentError> {
        let mut goals = self.0.lock().await;
        let run_id = submit.await?;
        if paused.as_deref() != Some(run_id.as_str()) {
            goals.insert(run_id.clone(), goal);
        }
        Ok(run_id)
    }

    /// The goal of `run_id` when its run has not been noted yet (this event starts it).
    async fn take(&self, run_id: &str) -> Option<String> {
        self.0.lock().await.remove(run_id)
    }
}

/// Writes the `frames` of `event` (the run's start first, when the event starts it; when it
/// ends a run, the run's canonical record with what the agent remembers after it) to the
/// project's history. Runs off the runtime's workers; a failure is logged, never passed on.
pub async fn write(
    agent: &AgentHandle,
    (store, unstarted): (&Arc<dyn ProjectStore>, &Unstarted),
    event: &AgentEvent,
    frames: &[ServerMessage],
) {
    let Some(run_id) = event.run_id().map(str::to_owned) else {
        return;
    };
    let mut writes = Vec::new();
    if let Some(goal) = unstarted.take(&run_id).await {
        writes.push(Write::Started {
            run_id: run_id.clone(),
            goal,
        });
    }
    writes.push(Write::Frames {
        run_id,
        frames: frames.to_vec(),
    });
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
