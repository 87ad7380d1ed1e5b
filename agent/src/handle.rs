//! [`Agent::spawn`] and [`AgentHandle`]: the agent is a handle over a spawned task.
//!
//! In: operations from the person (messages, replies to questions, take over and hand back,
//! cancel, settings). Out: a broadcast stream of [`AgentEvent`]s, and what the task publishes
//! for reading at any time: the status, the pending question, who has the browser and the
//! records of the latest runs.
//!
//! The task ([`task`]) answers each operation from one routing table over where it is (idle, a
//! run executing, a run paused at a question) and what the operation is. A run executes in its
//! own spawned task ([`run_task`]), so operations are answered while it runs; it ends finished
//! or paused, and a paused run waits in the task's [`checkpointer`]. The person's settings have
//! one source ([`crate::settings`]): the handle writes mode and reasoning, the nodes read them.
//!
//! The person's side lives here: a confirmation is bound to the action its question showed
//! (by interrupt id and action hash, used once, denied when nobody answers within
//! [`AgentConfig::confirm_expiry`]); "Take over" pauses a running run before its next step (never
//! cancels it), withdraws a pending confirmation or question in favour of a takeover, or, with
//! no run, simply gives the person the browser; a message or "Hand back" returns it. Every change
//! of who has the browser is an [`AgentEvent::Takeover`].

mod checkpointer;
mod published;
mod run_control;
mod run_task;
mod task;

use std::sync::{Arc, Mutex, PoisonError};

use serde::{Deserialize, Serialize};
use tandem_policy::PolicyGate;
use tandem_protocol::{Lifecycle, Mode, QuestionEnd, RunOutcome};
use tokio::sync::{broadcast, mpsc, oneshot, watch};

use crate::browser::BrowserTools;
use crate::config::AgentConfig;
use crate::error::AgentError;
use crate::events::AgentEvent;
use crate::interrupt::{Interrupt, Resume};
use crate::planner::Planner;
use crate::settings::SharedSettings;
use crate::timeline::RunRecord;

use self::published::Published;
use self::task::AgentTask;

/// Operations sent to the agent task.
pub(crate) enum Op {
    /// The person's message: starts a run, or replies to the paused run's question.
    Message {
        text: String,
        reply: oneshot::Sender<Result<String, AgentError>>,
    },
    /// A reply to the pending question.
    Resume {
        interrupt_id: String,
        resume: Resume,
        /// How the question ends if the reply is accepted.
        by: QuestionEnd,
        reply: oneshot::Sender<Result<(), AgentError>>,
    },
    /// A confirmation by question id: the task binds it to the action the question showed.
    Confirm {
        interrupt_id: String,
        approved: bool,
        remember: bool,
        reason: Option<String>,
        reply: oneshot::Sender<Result<(), AgentError>>,
    },
    /// The person takes the browser.
    TakeOver {
        reply: oneshot::Sender<TakeoverStart>,
    },
    /// The person gives the browser back, with a note.
    HandBack {
        message: String,
        reply: oneshot::Sender<Result<(), AgentError>>,
    },
    /// End the current run (a running one is also ended through its token at once), or a
    /// takeover between runs.
    Cancel,
    /// The settings changed (already applied); publish the status.
    SettingsChanged,
    /// The records of the session's runs, the current one included.
    Transcript {
        reply: oneshot::Sender<Vec<RunRecord>>,
    },
    Shutdown,
}

/// What the person's "Take over" ([`AgentHandle::request_takeover`]) did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TakeoverStart {
    /// A run is executing: it finishes the step in flight, then pauses at a manual question
    /// (the same interrupt a `need_user` or a policy takeover raises) instead of planning. If it
    /// ends first, the browser is the person's.
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
    /// No run is going: the browser is the person's until they hand it back, send a message
    /// or cancel.
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

/// Starts agents.
pub struct Agent;

impl Agent {
    /// Spawns an agent for one session on the current tokio runtime.
    pub fn spawn(
        config: AgentConfig,
        planner: Arc<dyn Planner>,
        browser: Arc<dyn BrowserTools>,
        gate: Arc<PolicyGate>,
    ) -> AgentHandle {
        let (events, _) = broadcast::channel(config.event_capacity.max(16));
        let (ops_tx, ops_rx) = mpsc::channel(64);
        let settings = SharedSettings::new();
        let (published, view) = watch::channel(Published::default());
        let session_id: Arc<str> = Arc::from(config.session_id.as_str());
        let runtime = crate::nodes::Runtime {
            config,
            planner,
            browser,
            gate,
            events: events.clone(),
            settings: settings.clone(),
        };
        let task = tokio::spawn(AgentTask::new(runtime, ops_rx, published).run());
        AgentHandle {
            ops: ops_tx,
            events,
            settings,
            view,
            session_id,
            task: Arc::new(Mutex::new(Some(task))),
        }
    }
}

/// The handle of a running agent. Cheap to clone; every clone drives the same agent.
#[derive(Clone)]
pub struct AgentHandle {
    ops: mpsc::Sender<Op>,
    events: broadcast::Sender<AgentEvent>,
    settings: SharedSettings,
    /// What the task publishes (status, pending question, takeover, runs).
    view: watch::Receiver<Published>,
    session_id: Arc<str>,
    /// Taken by the first [`AgentHandle::shutdown`]; never held across an `.await`.
    task: Arc<Mutex<Option<tokio::task::JoinHandle<()>>>>,
}

impl AgentHandle {
    /// Starts a run for the person's message and returns its run id. While a
    /// run is executing, the message waits and starts as the next run when the agent is idle
    /// (its id is returned at once; a cancel withdraws it, with an `Error` event
    /// `messages_withdrawn` saying so). A run paused at a takeover
    /// is handed back instead (the message is kept as the person's note and the run goes on;
    /// its id is returned). A run paused at a confirmation or an ask takes the message as the
    /// person's reply ([`Resume::Message`]: never an approval; a decline with the message as
    /// the reason, or the ask's answer when it fits) and goes on; its id is returned. A
    /// takeover between runs ends before the run starts.
    pub async fn submit_user_message(&self, text: impl Into<String>) -> Result<String, AgentError> {
        let text = text.into();
        self.ask(|reply| Op::Message { text, reply }).await?
    }

    /// Answers the pending question `interrupt_id`. Returns once the reply was accepted (the
    /// run then continues) or refused with a typed [`crate::InterruptError`] (the run stays
    /// paused).
    pub async fn resume(
        &self,
        interrupt_id: impl Into<String>,
        resume: Resume,
    ) -> Result<(), AgentError> {
        let interrupt_id = interrupt_id.into();
        self.ask(|reply| Op::Resume {
            interrupt_id,
            resume,
            by: QuestionEnd::Answered,
            reply,
        })
        .await?
    }

    /// Answers the pending confirmation `interrupt_id` for a client that names the question
    /// only: the agent binds the answer to the action that question showed (its action hash).
    /// Refused like [`AgentHandle::resume`] (a stale or spent id, a question that is not a
    /// confirmation).
    pub async fn confirm(
        &self,
        interrupt_id: impl Into<String>,
        approved: bool,
        remember: bool,
        reason: Option<String>,
    ) -> Result<(), AgentError> {
        let interrupt_id = interrupt_id.into();
        self.ask(|reply| Op::Confirm {
            interrupt_id,
            approved,
            remember,
            reason,
            reply,
        })
        .await?
    }

    /// The person takes the browser (see [`TakeoverStart`]). Never cancels a run.
    pub async fn request_takeover(&self) -> Result<TakeoverStart, AgentError> {
        self.ask(|reply| Op::TakeOver { reply }).await
    }

    /// The person hands the browser back, with a note (possibly empty). At a run's takeover the
    /// note answers its manual question and the run goes on; between runs a non-empty note
    /// starts a run. Refused with [`AgentError::NotTakenOver`] when the person does not have
    /// the browser.
    pub async fn hand_back(&self, message: impl Into<String>) -> Result<(), AgentError> {
        let message = message.into();
        self.ask(|reply| Op::HandBack { message, reply }).await?
    }

    /// Cancels the current run at once: a browser call in flight is abandoned, no new action
    /// is issued, and the run ends in `finalize_cancelled`. With no run, ends a takeover between
    /// runs; otherwise does nothing.
    pub fn cancel(&self) {
        if let Some(token) = self.view.borrow().cancel.as_ref() {
            token.cancel();
        }
        // A paused run has no node to interrupt: the task ends it. If the queue is full the
        // task is busy with earlier operations and the token already did the job.
        let _ = self.ops.try_send(Op::Cancel);
    }

    /// Switches between chat and agent mode. Applies to the next policy decision, also in a
    /// run that is going on.
    pub async fn set_mode(&self, mode: Mode) -> Result<(), AgentError> {
        self.settings.update(|settings| settings.mode = mode);
        self.ops
            .send(Op::SettingsChanged)
            .await
            .map_err(|_| AgentError::Closed)
    }

    /// Sets the person's reasoning flag (read by the planning step).
    pub fn set_reasoning(&self, on: bool) {
        self.settings.update(|settings| settings.reasoning = on);
    }

    /// The person's reasoning flag.
    pub fn reasoning(&self) -> bool {
        self.settings.get().reasoning
    }

    /// A reader of the person's settings (mode, reasoning) as they change, for what makes
    /// model requests on this session's behalf outside the agent (site tools' sampling).
    pub fn settings(&self) -> watch::Receiver<crate::settings::Settings> {
        self.settings.watch()
    }

    /// A new receiver of the agent's events.
    pub fn subscribe(&self) -> broadcast::Receiver<AgentEvent> {
        self.events.subscribe()
    }

    /// Lifecycle, mode and current run.
    pub fn status(&self) -> AgentStatus {
        let view = self.view.borrow();
        AgentStatus {
            lifecycle: view.lifecycle,
            mode: self.settings.get().mode,
            run_id: view.run_id.clone(),
        }
    }

    /// The question the person must answer, if a run is paused (for clients that reconnect).
    pub fn pending_question(&self) -> Option<Interrupt> {
        self.view.borrow().pending.clone()
    }

    /// True while the person has the browser: a run is paused at a takeover, or they took it
    /// between runs. Only then may their input reach the page.
    pub fn taken_over(&self) -> bool {
        self.view.borrow().taken_over
    }

    /// How the latest finished run ended, if one has.
    pub fn last_outcome(&self) -> Option<RunOutcome> {
        self.view.borrow().runs.back().and_then(|run| run.outcome)
    }

    /// The records of the latest finished runs ([`AgentConfig::kept_runs`]), oldest first.
    pub fn runs(&self) -> Vec<RunRecord> {
        self.view.borrow().runs.iter().cloned().collect()
    }

    /// The record of a finished run.
    pub fn run(&self, run_id: &str) -> Option<RunRecord> {
        self.view
            .borrow()
            .runs
            .iter()
            .find(|r| r.run_id == run_id)
            .cloned()
    }

    /// The lasting part of the session's state (messages and memory) as of the latest finished
    /// run (published before that run's `RunFinished` event), for the daemon to store.
    pub fn saved_session(&self) -> crate::state::SavedSession {
        self.view.borrow().saved.clone()
    }

    /// What a client re-attaching needs to render the conversation: the records of the runs
    /// the agent keeps, oldest first, then the record so far of the run that is going or
    /// paused. A going run's record is taken between two of its nodes (the node in flight
    /// finishes first).
    pub async fn transcript(&self) -> Result<Vec<RunRecord>, AgentError> {
        self.ask(|reply| Op::Transcript { reply }).await
    }

    /// The session this agent serves.
    pub fn session_id(&self) -> &str {
        &self.session_id
    }

    /// Cancels any run, drops a paused one (denying its question) and waits for the task.
    pub async fn shutdown(&self) {
        self.cancel();
        let _ = self.ops.send(Op::Shutdown).await;
        let task = self
            .task
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(task) = task {
            let _ = task.await;
        }
    }

    /// Sends the operation made with a reply channel and waits for the task's answer.
    async fn ask<T>(&self, op: impl FnOnce(oneshot::Sender<T>) -> Op) -> Result<T, AgentError> {
        let (reply, answer) = oneshot::channel();
        self.ops
            .send(op(reply))
            .await
            .map_err(|_| AgentError::Closed)?;
        answer.await.map_err(|_| AgentError::Closed)
    }
}
