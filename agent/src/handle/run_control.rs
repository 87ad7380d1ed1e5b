//! [`RunControl`]: how the agent task moves a run between its [`Phase`]s — starting it,
//! resuming it with a reply, pausing it in the [`Checkpointer`], ending it — and who has the
//! browser. Each step publishes what changed ([`Publisher`]) and sends its events, in the order a
//! watcher needs them (a question is published before it is asked; its end before the run goes
//! on; a takeover change right after the event that caused it).

use std::sync::Arc;

use tokio::sync::oneshot;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::checkpointer::{Checkpointer, PausedRun};
use super::published::Publisher;
use super::run_task::{self, RunEnd, RunningRun, Start};
use crate::error::AgentError;
use crate::events::AgentEvent;
use crate::interrupt::{InterruptKind, Resume};
use crate::nodes::{NodeId, Runtime};
use crate::state::{AgentState, Run};
use crate::timeline::RunRecord;
use tandem_protocol::{ActionResult, RunOutcome};
use tandem_protocol::{Lifecycle, QuestionEnd};

/// Where the agent is between operations.
pub(crate) enum Phase {
    /// No run: the task holds the session's state.
    Idle(Box<AgentState>),
    /// A run executes in its task, which holds the state.
    Running(RunningRun),
    /// A run is paused: the checkpointer holds it. A confirmation is denied at `expires`.
    Paused { expires: Option<Instant> },
}

/// The runs of one agent and who has the browser.
pub(crate) struct RunControl {
    pub rt: Arc<Runtime>,
    /// The paused run, if any.
    pub checkpointer: Checkpointer,
    pub publish: Publisher,
    /// The person took the browser with no run to pause (or a run ended before it could).
    pub free_takeover: bool,
}

impl RunControl {
    /// The agent stops: a paused run dies with it (its question is dropped, which denies it).
    pub fn stop(&mut self) {
        if let Some(paused) = self.checkpointer.discard() {
            self.cleared(&paused, QuestionEnd::Cancelled);
            let session = &self.rt.config.session_id;
            tracing::info!(%session, "agent stopped with a paused run; it was dropped");
        }
        self.publish.status(Lifecycle::Idle, None);
    }

    /// A fresh run id (given to the person as soon as their message is taken, even when the
    /// run starts later).
    pub fn new_run_id() -> String {
        uuid::Uuid::new_v4().to_string()
    }

    /// Starts run `run_id` of `text` on the session's state.
    pub fn start(&mut self, mut state: Box<AgentState>, run_id: String, text: String) -> Phase {
        state.run = Run::new(run_id, text);
        let cancel = CancellationToken::new();
        let run = run_task::spawn(&self.rt, state, cancel, Start::At(NodeId::IngestUserInput));
        self.running(run)
    }

    /// Continues the paused run with `resume` if it fits the pending question; otherwise leaves
    /// it paused. Returns the run's id or the refusal.
    pub fn resume(
        &mut self,
        expires: Option<Instant>,
        interrupt_id: &str,
        resume: Resume,
        by: QuestionEnd,
    ) -> (Phase, Result<String, AgentError>) {
        match self.checkpointer.take_for_resume(interrupt_id, &resume) {
            Err(refused) => (Phase::Paused { expires }, Err(refused.into())),
            Ok(mut paused) => {
                self.cleared(&paused, by);
                paused.state.run.question_end = Some(by);
                let run_id = paused.state.run.id().to_owned();
                let start = Start::Resume(paused.at, resume);
                let run = run_task::spawn(&self.rt, paused.state, paused.cancel, start);
                (self.running(run), Ok(run_id))
            }
        }
    }

    /// Resumes the paused run with `resume` as the reply to whatever question is pending: the
    /// person's hand-back answers a takeover's manual question ([`Resume::ManualDone`]); a
    /// message at a confirmation or an ask is their reply ([`Resume::Message`]: a decline with
    /// the message as the reason, or the ask's answer when it fits).
    pub fn reply_to_pending(
        &mut self,
        expires: Option<Instant>,
        resume: Resume,
    ) -> (Phase, Result<String, AgentError>) {
        let interrupt_id = self
            .checkpointer
            .pending()
            .map(|interrupt| interrupt.id.clone())
            .unwrap_or_default();
        self.resume(expires, &interrupt_id, resume, QuestionEnd::Answered)
    }

    /// Withdraws the pending confirmation or ask and pauses the run at a takeover instead.
    pub fn replace_question(&mut self, mut paused: PausedRun) -> Phase {
        self.cleared(&paused, QuestionEnd::Cancelled);
        let run = &mut paused.state.run;
        if let Some(seq) = run.planned_action.as_ref().and_then(|p| p.timeline_seq) {
            let message = "not done: you took the browser".to_owned();
            run.record
                .timeline
                .set_result(seq, ActionResult::Error { message });
        }
        run.planned_action = Some(crate::nodes::plan::person_takes_over());
        // The person gets the browser now: an earlier request is answered.
        self.rt.settings.take_takeover_request();
        let start = Start::At(NodeId::ManualInterrupt);
        let run = run_task::spawn(&self.rt, paused.state, paused.cancel, start);
        self.running(run)
    }

    /// Ends the paused run as cancelled (its question is withdrawn, its action not run);
    /// returns the session's state once `finalize_cancelled` ran.
    pub async fn end_paused(&mut self) -> Box<AgentState> {
        let Some(paused) = self.checkpointer.discard() else {
            return Box::new(AgentState::new());
        };
        self.cleared(&paused, QuestionEnd::Cancelled);
        paused.cancel.cancel();
        let start = Start::At(NodeId::FinalizeCancelled);
        let mut run = run_task::spawn(&self.rt, paused.state, paused.cancel, start);
        // A final node never waits on anything: this is as quick as a function call.
        let ended = (&mut run.task).await;
        match self.run_ended(ended) {
            Phase::Idle(state) => state,
            Phase::Running(_) | Phase::Paused { .. } => Box::new(AgentState::new()),
        }
    }

    /// A run task ended: the run finished or paused.
    pub fn run_ended(&mut self, ended: Result<RunEnd, tokio::task::JoinError>) -> Phase {
        match ended {
            Ok(RunEnd::Finished(state)) => self.finish(state),
            Ok(RunEnd::Paused(paused)) => self.pause(*paused),
            Err(error) => {
                tracing::error!(%error, "a run's task failed; the session starts afresh");
                self.publish.cancel(None);
                self.publish.status(Lifecycle::Idle, None);
                self.rt.emit(AgentEvent::Error {
                    code: "agent_failed".to_owned(),
                    message: "The run stopped unexpectedly; send your message again.".to_owned(),
                });
                Phase::Idle(Box::new(AgentState::new()))
            }
        }
    }

    pub fn running(&mut self, run: RunningRun) -> Phase {
        self.publish.cancel(Some(run.cancel.clone()));
        self.publish
            .status(Lifecycle::Running, Some(run.run_id.clone()));
        Phase::Running(run)
    }

    pub fn pause(&mut self, mut paused: PausedRun) -> Phase {
        // Asked for after the run's task ended, before this: answered with the record as paused.
        paused.state.run.answer_transcript_requests();
        let run_id = paused.state.run.id().to_owned();
        let interrupt = paused.interrupt.clone();
        let expires = matches!(interrupt.kind, InterruptKind::Confirm { .. })
            .then(|| Instant::now() + self.rt.config.confirm_expiry);
        if let Some(older) = self.checkpointer.pause(paused) {
            tracing::warn!(interrupt = %older.interrupt.id, "a second paused run replaced the first");
        }
        self.publish_pending();
        self.publish.status(Lifecycle::Paused, Some(run_id.clone()));
        // Published only now, so a reply to it finds the run in the checkpointer.
        self.rt.emit(AgentEvent::Question { run_id, interrupt });
        self.sync_takeover();
        Phase::Paused { expires }
    }

    pub fn finish(&mut self, mut state: Box<AgentState>) -> Phase {
        state.run.answer_transcript_requests();
        let record = std::mem::take(&mut state.run.record);
        let outcome = record.outcome.unwrap_or(RunOutcome::Failed);
        let text = record.final_response.clone().unwrap_or_default();
        let run_id = record.run_id.clone();
        self.publish.saved(state.session.saved());
        self.publish.finished(record.clone());
        self.publish.status(Lifecycle::Idle, None);
        let run = &state.run;
        tracing::info!(run = %run_id, outcome = outcome.name(), actions = run.actions, transitions = run.transitions, "run finished");
        self.rt.emit(AgentEvent::RunFinished {
            run_id,
            outcome,
            text,
            record: Box::new(record),
        });
        // A take-over asked for too late to pause the run: the browser is the person's now.
        if self.rt.settings.take_takeover_request() {
            self.set_free_takeover(true);
        }
        Phase::Idle(state)
    }

    /// Tells watchers that the paused run's question is no longer pending.
    pub fn cleared(&mut self, paused: &PausedRun, by: QuestionEnd) {
        self.publish_pending();
        self.rt.emit(AgentEvent::QuestionCleared {
            run_id: paused.state.run.id().to_owned(),
            interrupt_id: paused.interrupt.id.clone(),
            by,
        });
        self.sync_takeover();
    }

    /// Answers a transcript request while a run executes: the finished runs now, the running
    /// one's record between two of its nodes.
    pub fn transcript_of_running(&self, run: &RunningRun, reply: oneshot::Sender<Vec<RunRecord>>) {
        let mut records = self.publish.finished_runs();
        let (current, answer) = oneshot::channel();
        let asked = run
            .transcript
            .as_ref()
            .is_some_and(|requests| requests.send(current).is_ok());
        tokio::spawn(async move {
            if asked && let Ok(record) = answer.await {
                records.push(record);
            }
            let _ = reply.send(records);
        });
    }

    pub fn set_free_takeover(&mut self, free: bool) {
        self.free_takeover = free;
        self.sync_takeover();
    }

    /// Publishes who has the browser (the watchers are told when that changed).
    pub fn sync_takeover(&mut self) {
        let active = self.free_takeover || self.checkpointer.at_takeover();
        self.publish.taken_over(active);
    }

    pub fn publish_pending(&mut self) {
        self.publish.pending(self.checkpointer.pending().cloned());
    }
}
