//! The agent task: one routing table over where the agent is ([`Phase`]: idle, a run executing,
//! a run paused at a question) and the person's operation ([`Op`]). Runs execute in their own
//! tasks ([`super::run_task`]); the task waits for the next operation, the end of the run that
//! executes, or the expiry of a pending confirmation (then denied), whichever comes first. How
//! each entry of the table moves a run is [`RunControl`]'s.
//!
//! A message that starts a run is never lost: it waits, in order, until the agent is idle and
//! the person does not have the browser (at once, or after the run that executes). A cancel,
//! or a run that ends cancelled, withdraws the waiting messages (and says so).

use std::collections::VecDeque;
use std::sync::Arc;

use tokio::sync::{mpsc, oneshot, watch};

use super::checkpointer::Checkpointer;
use super::published::{Published, Publisher};
use super::run_control::{Phase, RunControl};
use super::run_task::RunEnd;
use super::{Op, TakeoverStart};
use crate::error::AgentError;
use crate::events::AgentEvent;
use crate::interrupt::{Interrupt, InterruptKind, Resume};
use crate::nodes::Runtime;
use crate::state::AgentState;
use tandem_protocol::{QuestionEnd, RunOutcome};

/// What woke the task.
enum Wake {
    Op(Op),
    RunEnded(Result<RunEnd, tokio::task::JoinError>),
    /// The pending confirmation was not answered in time.
    Expired,
    /// Every handle is gone.
    Closed,
}

/// A message sent while a run executed: its run id (already answered) and its text.
struct Waiting {
    run_id: String,
    text: String,
}

/// The agent task's own state.
pub(crate) struct AgentTask {
    ops: mpsc::Receiver<Op>,
    /// The runs, and who has the browser.
    control: RunControl,
    /// Messages that start a run each, in order, once the agent is idle.
    waiting: VecDeque<Waiting>,
    /// Shutting down: no more operations; the task ends once no run executes.
    stopping: bool,
}

impl AgentTask {
    pub fn new(rt: Runtime, ops: mpsc::Receiver<Op>, published: watch::Sender<Published>) -> Self {
        let rt = Arc::new(rt);
        let control = RunControl {
            publish: Publisher::new(Arc::clone(&rt), published),
            rt,
            checkpointer: Checkpointer::default(),
            free_takeover: false,
        };
        Self {
            ops,
            control,
            waiting: VecDeque::new(),
            stopping: false,
        }
    }

    /// Runs until shut down (or every handle is dropped).
    pub async fn run(mut self) {
        let restored = AgentState::restored(self.control.rt.config.restore.as_ref());
        self.control.publish.saved(restored.session.saved());
        let mut phase = Phase::Idle(Box::new(restored));
        loop {
            phase = match self.wake(&mut phase).await {
                Wake::Op(op) => self.route(phase, op).await,
                Wake::RunEnded(end) => {
                    // A stop may end the run before its `Op::Cancel` arrives (the handle cancels
                    // the run's token at once): the messages that waited for it go either way.
                    if ended_cancelled(&end) {
                        self.withdraw_waiting();
                    }
                    self.control.run_ended(end)
                }
                Wake::Expired => self.expire(phase).await,
                Wake::Closed => self.route(phase, Op::Shutdown).await,
            };
            phase = self.start_waiting(phase);
            if self.stopping && !matches!(phase, Phase::Running(_)) {
                break;
            }
        }
        self.control.stop();
    }

    async fn wake(&mut self, phase: &mut Phase) -> Wake {
        let stopping = self.stopping;
        let op = |op: Option<Op>| op.map_or(Wake::Closed, Wake::Op);
        match phase {
            Phase::Running(run) => tokio::select! {
                ended = &mut run.task => Wake::RunEnded(ended),
                next = self.ops.recv(), if !stopping => op(next),
            },
            Phase::Paused {
                expires: Some(deadline),
            } => tokio::select! {
                () = tokio::time::sleep_until(*deadline) => Wake::Expired,
                next = self.ops.recv() => op(next),
            },
            Phase::Idle(_) | Phase::Paused { expires: None } => op(self.ops.recv().await),
        }
    }

    /// The routing table: what each operation does in each phase.
    async fn route(&mut self, phase: Phase, op: Op) -> Phase {
        match (phase, op) {
            // A message starts a run once the agent is idle: at once, or when the run that
            // executes ends (its id is answered now; see `start_waiting`); between runs it ends
            // a takeover. At a takeover it hands the browser back (it is the person's note); at
            // a confirmation or an ask it is the person's reply in words (never an approval),
            // and the run goes on.
            (Phase::Idle(state), Op::Message { text, reply }) => {
                self.control.set_free_takeover(false);
                let run_id = self.wait(text);
                // Started before the reply, so the caller sees the agent running.
                let phase = self.start_waiting(Phase::Idle(state));
                let _ = reply.send(Ok(run_id));
                phase
            }
            (Phase::Running(run), Op::Message { text, reply }) => {
                let _ = reply.send(Ok(self.wait(text)));
                Phase::Running(run)
            }
            (Phase::Paused { expires }, Op::Message { text, reply })
                if self.control.checkpointer.at_takeover() =>
            {
                let hand_back = Resume::ManualDone { message: text };
                let (phase, started) = self.control.reply_to_pending(expires, hand_back);
                let _ = reply.send(started);
                phase
            }
            (Phase::Paused { expires }, Op::Message { text, reply }) => {
                let reply_text = Resume::Message { text };
                let (phase, resumed) = self.control.reply_to_pending(expires, reply_text);
                let _ = reply.send(resumed);
                phase
            }
            // A reply to the pending question (a confirmation by id is bound to its action).
            (
                Phase::Paused { expires },
                Op::Resume {
                    interrupt_id,
                    resume,
                    by,
                    reply,
                },
            ) => {
                let (phase, resumed) = self.control.resume(expires, &interrupt_id, resume, by);
                let _ = reply.send(resumed.map(|_| ()));
                phase
            }
            (
                Phase::Paused { expires },
                Op::Confirm {
                    interrupt_id,
                    approved,
                    remember,
                    reason,
                    reply,
                },
            ) => {
                // Bound to the action the pending question showed; no hash when the id is not
                // a pending confirmation, so the checkpointer refuses it for the right reason.
                let action_hash = self
                    .control
                    .checkpointer
                    .confirm_hash(&interrupt_id)
                    .unwrap_or_default()
                    .to_owned();
                let resume = Resume::Confirm {
                    approved,
                    action_hash,
                    remember,
                    reason,
                };
                let answered = QuestionEnd::Answered;
                let (phase, resumed) =
                    self.control
                        .resume(expires, &interrupt_id, resume, answered);
                let _ = reply.send(resumed.map(|_| ()));
                phase
            }
            (
                phase @ (Phase::Idle(_) | Phase::Running(_)),
                Op::Resume {
                    interrupt_id,
                    reply,
                    ..
                }
                | Op::Confirm {
                    interrupt_id,
                    reply,
                    ..
                },
            ) => {
                let refused = self.control.checkpointer.refusal(&interrupt_id);
                let _ = reply.send(Err(refused.into()));
                phase
            }
            // "Take over".
            (Phase::Idle(state), Op::TakeOver { reply }) => {
                self.control.set_free_takeover(true);
                let _ = reply.send(TakeoverStart::NoRun);
                Phase::Idle(state)
            }
            (Phase::Running(run), Op::TakeOver { reply }) => {
                self.control
                    .rt
                    .settings
                    .update(|settings| settings.takeover_requested = true);
                let run_id = run.run_id.clone();
                let _ = reply.send(TakeoverStart::WillPause { run_id });
                Phase::Running(run)
            }
            (phase @ Phase::Paused { .. }, Op::TakeOver { reply })
                if self.control.checkpointer.at_takeover() =>
            {
                let _ = reply.send(TakeoverStart::AlreadyHanded);
                phase
            }
            (Phase::Paused { expires }, Op::TakeOver { reply }) => {
                match self.control.checkpointer.discard() {
                    Some(paused) => {
                        let run_id = paused.state.run.id().to_owned();
                        let _ = reply.send(TakeoverStart::QuestionReplaced { run_id });
                        self.control.replace_question(paused)
                    }
                    None => {
                        let _ = reply.send(TakeoverStart::NoRun);
                        Phase::Paused { expires }
                    }
                }
            }
            // "Hand back".
            (Phase::Paused { expires }, Op::HandBack { message, reply })
                if self.control.checkpointer.at_takeover() =>
            {
                let hand_back = Resume::ManualDone { message };
                let (phase, handed) = self.control.reply_to_pending(expires, hand_back);
                let _ = reply.send(handed.map(|_| ()));
                phase
            }
            (Phase::Idle(state), Op::HandBack { message, reply }) if self.control.free_takeover => {
                self.control.set_free_takeover(false);
                if message.trim().is_empty() {
                    let _ = reply.send(Ok(()));
                    return Phase::Idle(state);
                }
                self.wait(message);
                let phase = self.start_waiting(Phase::Idle(state));
                let _ = reply.send(Ok(()));
                phase
            }
            (
                phase @ (Phase::Idle(_) | Phase::Running(_) | Phase::Paused { .. }),
                Op::HandBack { reply, .. },
            ) => {
                let _ = reply.send(Err(AgentError::NotTakenOver));
                phase
            }
            // Cancel (the messages waiting for the run's end go with it).
            (Phase::Idle(state), Op::Cancel) => {
                self.withdraw_waiting();
                self.control.set_free_takeover(false);
                Phase::Idle(state)
            }
            (Phase::Running(run), Op::Cancel) => {
                self.withdraw_waiting();
                run.cancel.cancel();
                Phase::Running(run)
            }
            (Phase::Paused { .. }, Op::Cancel) => {
                self.withdraw_waiting();
                Phase::Idle(self.control.end_paused().await)
            }
            // The settings changed.
            (phase, Op::SettingsChanged) => {
                self.control.publish.status_again();
                phase
            }
            // The records of the session's runs.
            (phase @ (Phase::Idle(_) | Phase::Paused { .. }), Op::Transcript { reply }) => {
                let mut records = self.control.publish.finished_runs();
                let paused = self.control.checkpointer.paused_state();
                records.extend(paused.map(|state| state.run.record.clone()));
                let _ = reply.send(records);
                phase
            }
            (Phase::Running(run), Op::Transcript { reply }) => {
                self.control.transcript_of_running(&run, reply);
                Phase::Running(run)
            }
            // Shutdown: a running run is cancelled and ends first; a paused one is dropped.
            (Phase::Running(run), Op::Shutdown) => {
                run.cancel.cancel();
                self.stopping = true;
                Phase::Running(run)
            }
            (phase @ (Phase::Idle(_) | Phase::Paused { .. }), Op::Shutdown) => {
                self.stopping = true;
                phase
            }
        }
    }

    /// Takes the person's message to start a run; returns the run's id.
    fn wait(&mut self, text: String) -> String {
        let run_id = RunControl::new_run_id();
        self.waiting.push_back(Waiting {
            run_id: run_id.clone(),
            text,
        });
        run_id
    }

    /// Starts the first waiting message once the agent is idle, not stopping, and the person
    /// does not have the browser (a hand-back, or their next message, ends that first).
    fn start_waiting(&mut self, phase: Phase) -> Phase {
        match phase {
            Phase::Idle(state) if !self.stopping && !self.control.free_takeover => {
                match self.waiting.pop_front() {
                    Some(Waiting { run_id, text }) => self.control.start(state, run_id, text),
                    None => Phase::Idle(state),
                }
            }
            phase @ (Phase::Idle(_) | Phase::Running(_) | Phase::Paused { .. }) => phase,
        }
    }

    /// Drops the waiting messages and tells the person they were not started.
    fn withdraw_waiting(&mut self) {
        let withdrawn = self.waiting.len();
        self.waiting.clear();
        if withdrawn > 0 {
            let (count, them) = match withdrawn {
                1 => ("message".to_owned(), "it"),
                n => (format!("{n} messages"), "them"),
            };
            self.control.rt.emit(AgentEvent::Error {
                code: "messages_withdrawn".to_owned(),
                message: format!(
                    "Stopped: your {count} sent during the run did not start. Send {them} \
                     again if you still want {them}."
                ),
            });
        }
    }

    /// Denies the pending confirmation nobody answered in time.
    async fn expire(&mut self, phase: Phase) -> Phase {
        let Some(Interrupt {
            id,
            kind: InterruptKind::Confirm { action_hash, .. },
        }) = self.control.checkpointer.pending().cloned()
        else {
            return phase;
        };
        tracing::info!(interrupt_id = %id, "a confirmation expired; denying it");
        let deny = Resume::Confirm {
            approved: false,
            action_hash,
            remember: false,
            reason: None,
        };
        let (reply, _) = oneshot::channel();
        let op = Op::Resume {
            interrupt_id: id,
            resume: deny,
            by: QuestionEnd::Expired,
            reply,
        };
        self.route(phase, op).await
    }
}

/// True when the run ended cancelled (the person stopped it).
fn ended_cancelled(end: &Result<RunEnd, tokio::task::JoinError>) -> bool {
    matches!(end, Ok(RunEnd::Finished(state))
        if state.run.record.outcome == Some(RunOutcome::Cancelled))
}
