//! A run executing in its own task: the graph runner over the run's state, from a node or
//! back into the node it paused at. The agent task awaits its [`JoinHandle`] next to the
//! operations, so it answers them while the run goes on.
//!
//! In: the state (moved in), the run's [`CancellationToken`] (cancelling it drops the node in
//! flight and ends the run in `finalize_cancelled`), where to start. Out: [`RunEnd`], with the
//! state moved back out.

use std::sync::Arc;

use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use super::checkpointer::PausedRun;
use crate::graph::{GraphRunner, RunExit};
use crate::interrupt::Resume;
use crate::nodes::{AgentGraph, NodeId, Runtime};
use crate::state::AgentState;
use crate::timeline::RunRecord;

/// Where a run starts or continues.
pub(crate) enum Start {
    /// Run from this node.
    At(NodeId),
    /// Re-enter the node the run paused at, with the person's reply.
    Resume(NodeId, Resume),
}

/// How a run's task ended.
pub(crate) enum RunEnd {
    /// A final node ran: the run is over.
    Finished(Box<AgentState>),
    /// A node paused the run with a question.
    Paused(Box<PausedRun>),
}

/// A run executing in its task.
pub(crate) struct RunningRun {
    /// The run's task.
    pub task: JoinHandle<RunEnd>,
    /// Cancelling it ends the run.
    pub cancel: CancellationToken,
    /// The run's id.
    pub run_id: String,
    /// Where to ask for the record so far.
    pub transcript: Option<mpsc::UnboundedSender<oneshot::Sender<RunRecord>>>,
}

/// Spawns the run of `state` from `start`.
pub(crate) fn spawn(
    rt: &Arc<Runtime>,
    state: Box<AgentState>,
    cancel: CancellationToken,
    start: Start,
) -> RunningRun {
    let run_id = state.run.id().to_owned();
    let transcript = state.run.transcript_requests();
    let rt = Arc::clone(rt);
    let token = cancel.clone();
    let task = tokio::spawn(async move {
        let mut state = state;
        let graph = AgentGraph { rt: &rt };
        let runner = GraphRunner::new(&graph, rt.limits(), token.clone());
        let exit = match start {
            Start::At(node) => runner.run(node, &mut state).await,
            Start::Resume(node, resume) => runner.resume(node, resume, &mut state).await,
        };
        // Whoever asked for the record while the last node ran gets it now.
        state.run.answer_transcript_requests();
        match exit {
            RunExit::Finished => RunEnd::Finished(state),
            RunExit::Interrupted { at, interrupt } => RunEnd::Paused(Box::new(PausedRun {
                interrupt,
                at,
                state,
                cancel: token,
            })),
        }
    });
    RunningRun {
        task,
        cancel,
        run_id,
        transcript,
    }
}
