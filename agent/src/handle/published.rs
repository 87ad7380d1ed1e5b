//! What the agent task tells the world between operations: [`Published`], read by the handle at
//! any time (status, pending question, who has the browser, the latest runs' records), written
//! only by the task through its [`Publisher`], which also sends the matching `Status` and
//! `Takeover` events.

use std::collections::VecDeque;
use std::sync::Arc;

use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

use crate::events::AgentEvent;
use crate::interrupt::Interrupt;
use crate::nodes::Runtime;
use crate::state::SavedSession;
use crate::timeline::RunRecord;
use tandem_protocol::Lifecycle;

/// What the handle reads.
#[derive(Debug)]
pub(crate) struct Published {
    /// Idle, running or paused.
    pub lifecycle: Lifecycle,
    /// The current (running or paused) run.
    pub run_id: Option<String>,
    /// The pending question of a paused run.
    pub pending: Option<Interrupt>,
    /// True while the person has the browser.
    pub taken_over: bool,
    /// The current run's token, so a cancel takes effect without waiting for the task.
    pub cancel: Option<CancellationToken>,
    /// The records of the latest finished runs, oldest first.
    pub runs: VecDeque<RunRecord>,
    /// The lasting part of the session's state, as of the latest finished run.
    pub saved: SavedSession,
}

impl Default for Published {
    fn default() -> Self {
        Self {
            lifecycle: Lifecycle::Idle,
            run_id: None,
            pending: None,
            taken_over: false,
            cancel: None,
            runs: VecDeque::new(),
            saved: SavedSession::default(),
        }
    }
}

/// The task's writer of [`Published`].
pub(crate) struct Publisher {
    rt: Arc<Runtime>,
    view: watch::Sender<Published>,
}

impl Publisher {
    pub fn new(rt: Arc<Runtime>, view: watch::Sender<Published>) -> Self {
        Self { rt, view }
    }

    /// Sets the lifecycle and current run, and tells the watchers (with the person's mode).
    pub fn status(&self, lifecycle: Lifecycle, run_id: Option<String>) {
        let published = run_id.clone();
        self.view.send_modify(|view| {
            view.lifecycle = lifecycle;
            view.run_id = published;
        });
        self.rt.emit(AgentEvent::Status {
            lifecycle,
            mode: self.rt.mode(),
            run_id,
        });
    }

    /// Tells the watchers the status again (the person's mode changed).
    pub fn status_again(&self) {
        let (lifecycle, run_id) = {
            let view = self.view.borrow();
            (view.lifecycle, view.run_id.clone())
        };
        self.status(lifecycle, run_id);
    }

    /// The pending question (or none).
    pub fn pending(&self, pending: Option<Interrupt>) {
        self.view.send_modify(|view| view.pending = pending);
    }

    /// Who has the browser; the watchers are told when that changed.
    pub fn taken_over(&self, active: bool) {
        let changed = self.view.send_if_modified(|view| {
            let changed = view.taken_over != active;
            view.taken_over = active;
            changed
        });
        if changed {
            self.rt.emit(AgentEvent::Takeover { active });
        }
    }

    /// The token of the run that executes now (or none).
    pub fn cancel(&self, cancel: Option<CancellationToken>) {
        self.view.send_modify(|view| view.cancel = cancel);
    }

    /// Keeps a finished run's record (the latest [`crate::AgentConfig::kept_runs`]); its run
    /// can no longer be cancelled.
    pub fn finished(&self, record: RunRecord) {
        let kept = self.rt.config.kept_runs.max(1);
        self.view.send_modify(|view| {
            view.runs.push_back(record);
            while view.runs.len() > kept {
                view.runs.pop_front();
            }
            view.cancel = None;
        });
    }

    /// The lasting part of the session's state (set before the run's record is published).
    pub fn saved(&self, saved: SavedSession) {
        self.view.send_modify(|view| view.saved = saved);
    }

    /// The records of the finished runs kept, oldest first.
    pub fn finished_runs(&self) -> Vec<RunRecord> {
        self.view.borrow().runs.iter().cloned().collect()
    }
}
