//! [`Agent::spawn`] and [`AgentHandle`]: the agent is a handle over a spawned task.
//!
//! In: operations from the person (messages, replies to questions, cancel, mode). Out: a
//! broadcast stream of [`AgentEvent`]s, the status, the pending question and the records of
//! finished runs.
//!
//! How a run is driven: a message starts a run (state reset for the run, a fresh
//! [`CancellationToken`]) and the [`crate::graph::GraphRunner`] executes the graph from
//! `ingest_user_input`. While it runs, the task still answers operations (a second message is
//! refused as busy; cancel fires the token, which drops the node in flight and ends the run in
//! `finalize_cancelled`). When a node pauses, the state goes into the [`Checkpointer`] and the
//! question is published; [`AgentHandle::resume`] takes it back out — only for the pending id
//! and a fitting reply — and the runner re-enters the paused node. A message sent while a run
//! is paused at a takeover hands the browser back (the message is the person's note); at any
//! other question it ends that run as cancelled (its pending question is dropped, which denies
//! it) before starting the new one. "Take over" during a run sets a flag that the run's next
//! `plan_action` turns into a manual interrupt.

mod task;

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use serde::{Deserialize, Serialize};
use tandem_policy::PolicyGate;
use tandem_protocol::{Lifecycle, Mode, QuestionEnd, RunOutcome};
use tokio::sync::{broadcast, mpsc, oneshot, watch};
use tokio_util::sync::CancellationToken;

use crate::browser::BrowserTools;
use crate::checkpointer::Checkpointer;
use crate::config::AgentConfig;
use crate::error::AgentError;
use crate::events::AgentEvent;
use crate::interrupt::{Interrupt, Resume};
use crate::planner::Planner;
use crate::timeline::RunRecord;

/// Operations sent to the agent task.
pub(crate) enum Op {
    UserMessage {
        text: String,
        reply: oneshot::Sender<Result<String, AgentError>>,
    },
    Resume {
        interrupt_id: String,
        resume: Resume,
        /// How the question ends if the reply is accepted.
        by: QuestionEnd,
        reply: oneshot::Sender<Result<(), AgentError>>,
    },
    /// The person takes the browser: a running run hands it over before its next step.
    TakeOver {
        reply: oneshot::Sender<TakeoverStart>,
    },
    /// End a paused run (a running one is ended through its token).
    Cancel,
    /// The mode changed (already applied); publish the status.
    ModeChanged,
    Shutdown,
}

/// What the person's "Take over" ([`AgentHandle::request_takeover`]) did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TakeoverStart {
    /// A run is executing: it finishes the step in flight, then pauses at a manual question
    /// (the same interrupt a `need_user` or a policy takeover raises) instead of planning.
    WillPause {
        /// The run that will pause.
        run_id: String,
    },
    /// The run is already paused at a takeover: the person has the browser.
    AlreadyHanded,
    /// The run was paused at another question (a confirmation or an ask): that question is
    /// withdrawn (cleared as cancelled; a confirmation's action is not run) and the run pauses
    /// at a takeover instead.
    QuestionReplaced {
        /// The run now paused at the takeover.
        run_id: String,
    },
    /// No run is going: the browser is the person's with nothing to pause.
    NoRun,
}

/// What [`AgentHandle::status`] reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AgentStatus {
    /// Idle, running or paused.
    pub lifecycle: Lifecycle,
    /// The person's mode.
    pub mode: Mode,
    /// The current (running or paused) run.
    pub run_id: Option<String>,
}

/// State shared by the handle and the task. Std mutexes, never held across an `.await`.
pub(crate) struct Shared {
    pub session_id: String,
    pub checkpointer: Checkpointer,
    pub status: Mutex<AgentStatus>,
    pub current_cancel: Mutex<Option<CancellationToken>>,
    pub runs: Mutex<VecDeque<RunRecord>>,
    pub mode: watch::Sender<Mode>,
    pub reasoning: Arc<AtomicBool>,
    /// Set by a takeover during a run; the run's next `plan_action` takes it (see
    /// [`crate::nodes::Runtime::takeover`]).
    pub takeover: Arc<AtomicBool>,
    pub kept_runs: usize,
}

pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // Every critical section is a single assignment or push: a poisoned lock holds valid data.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Starts agents.
pub struct Agent;

impl Agent {
    /// Spawns an agent for one session on the current tokio runtime, with its own checkpointer.
    pub fn spawn(
        config: AgentConfig,
        planner: Arc<dyn Planner>,
        browser: Arc<dyn BrowserTools>,
        gate: Arc<PolicyGate>,
    ) -> AgentHandle {
        let checkpointer = Checkpointer::new();
        let (events, _) = broadcast::channel(config.event_capacity.max(16));
        let (ops_tx, ops_rx) = mpsc::channel(64);
        let (mode_tx, mode_rx) = watch::channel(Mode::Agent);
        let reasoning = Arc::new(AtomicBool::new(false));
        let takeover = Arc::new(AtomicBool::new(false));
        let shared = Arc::new(Shared {
            session_id: config.session_id.clone(),
            checkpointer,
            status: Mutex::new(AgentStatus {
                lifecycle: Lifecycle::Idle,
                mode: Mode::Agent,
                run_id: None,
            }),
            current_cancel: Mutex::new(None),
            runs: Mutex::new(VecDeque::new()),
            mode: mode_tx,
            reasoning: Arc::clone(&reasoning),
            takeover: Arc::clone(&takeover),
            kept_runs: config.kept_runs.max(1),
        });
        let runtime = crate::nodes::Runtime {
            config,
            planner,
            browser,
            gate,
            events: events.clone(),
            mode: mode_rx,
            reasoning,
            takeover,
        };
        let task = tokio::spawn(task::submission_loop(runtime, Arc::clone(&shared), ops_rx));
        AgentHandle {
            ops: ops_tx,
            events,
            shared,
            task: Arc::new(Mutex::new(Some(task))),
        }
    }
}

/// The handle of a running agent. Cheap to clone; every clone drives the same agent.
#[derive(Clone)]
pub struct AgentHandle {
    ops: mpsc::Sender<Op>,
    events: broadcast::Sender<AgentEvent>,
    shared: Arc<Shared>,
    task: Arc<Mutex<Option<tokio::task::JoinHandle<()>>>>,
}

impl AgentHandle {
    /// Starts a run for the person's message; returns its run id once it has started.
    /// Refused with [`AgentError::Busy`] while a run is executing. A run paused at a takeover
    /// is handed back instead (the message is kept as the person's note and the run goes on;
    /// its id is returned); a run paused at another question is ended as cancelled first.
    pub async fn submit_user_message(&self, text: impl Into<String>) -> Result<String, AgentError> {
        let (reply, answer) = oneshot::channel();
        self.send(Op::UserMessage {
            text: text.into(),
            reply,
        })
        .await?;
        answer.await.map_err(|_| AgentError::Closed)?
    }

    /// Answers the pending question `interrupt_id`. Returns once the reply was accepted (the
    /// run then continues) or refused with a typed [`crate::InterruptError`] (the run stays
    /// paused).
    pub async fn resume(
        &self,
        interrupt_id: impl Into<String>,
        resume: Resume,
    ) -> Result<(), AgentError> {
        self.resume_as(interrupt_id, resume, QuestionEnd::Answered)
            .await
    }

    /// Like [`AgentHandle::resume`], saying how the question ended: [`QuestionEnd::Expired`]
    /// for the denial of a confirmation nobody answered in time.
    pub async fn resume_as(
        &self,
        interrupt_id: impl Into<String>,
        resume: Resume,
        by: QuestionEnd,
    ) -> Result<(), AgentError> {
        let (reply, answer) = oneshot::channel();
        self.send(Op::Resume {
            interrupt_id: interrupt_id.into(),
            resume,
            by,
            reply,
        })
        .await?;
        answer.await.map_err(|_| AgentError::Closed)?
    }

    /// The person takes the browser. A running run is paused (never cancelled) as a manual
    /// interrupt before its next step; [`AgentHandle::resume`] with [`Resume::ManualDone`], or
    /// any message ([`AgentHandle::submit_user_message`], kept as a note), hands it back.
    pub async fn request_takeover(&self) -> Result<TakeoverStart, AgentError> {
        let (reply, answer) = oneshot::channel();
        self.send(Op::TakeOver { reply }).await?;
        answer.await.map_err(|_| AgentError::Closed)
    }

    /// Cancels the current run at once: a browser call in flight is abandoned, no new action
    /// is issued, and the run ends in `finalize_cancelled`. Does nothing when idle.
    pub fn cancel(&self) {
        if let Some(token) = lock(&self.shared.current_cancel).as_ref() {
            token.cancel();
        }
        // A paused run has no node to interrupt: the task ends it. If the queue is full the
        // task is busy with earlier operations and the token already did the job.
        let _ = self.ops.try_send(Op::Cancel);
    }

    /// Switches between chat and agent mode. Applies to the next policy decision, also in a
    /// run that is going on.
    pub async fn set_mode(&self, mode: Mode) -> Result<(), AgentError> {
        self.shared.mode.send_replace(mode);
        lock(&self.shared.status).mode = mode;
        self.send(Op::ModeChanged).await
    }

    /// Sets the person's reasoning flag (read by model planners from the next run on).
    pub fn set_reasoning(&self, on: bool) {
        self.shared.reasoning.store(on, Ordering::Relaxed);
    }

    /// The person's reasoning flag.
    pub fn reasoning(&self) -> bool {
        self.shared.reasoning.load(Ordering::Relaxed)
    }

    /// A new receiver of the agent's events.
    pub fn subscribe(&self) -> broadcast::Receiver<AgentEvent> {
        self.events.subscribe()
    }

    /// Lifecycle, mode and current run.
    pub fn status(&self) -> AgentStatus {
        lock(&self.shared.status).clone()
    }

    /// The question the person must answer, if a run is paused (for clients that reconnect).
    pub fn pending_question(&self) -> Option<Interrupt> {
        self.shared.checkpointer.pending(&self.shared.session_id)
    }

    /// How the latest finished run ended, if one has.
    pub fn last_outcome(&self) -> Option<RunOutcome> {
        lock(&self.shared.runs).back().and_then(|run| run.outcome)
    }

    /// The records of the latest finished runs, oldest first.
    pub fn runs(&self) -> Vec<RunRecord> {
        lock(&self.shared.runs).iter().cloned().collect()
    }

    /// The record of a finished run.
    pub fn run(&self, run_id: &str) -> Option<RunRecord> {
        lock(&self.shared.runs)
            .iter()
            .find(|r| r.run_id == run_id)
            .cloned()
    }

    /// The session this agent serves.
    pub fn session_id(&self) -> &str {
        &self.shared.session_id
    }

    /// Cancels any run, drops a paused one (denying its question) and waits for the task.
    pub async fn shutdown(&self) {
        self.cancel();
        let _ = self.ops.send(Op::Shutdown).await;
        let task = lock(&self.task).take();
        if let Some(task) = task {
            let _ = task.await;
        }
    }

    async fn send(&self, op: Op) -> Result<(), AgentError> {
        self.ops.send(op).await.map_err(|_| AgentError::Closed)
    }
}
