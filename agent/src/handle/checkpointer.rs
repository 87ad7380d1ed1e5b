//! [`Checkpointer`]: where the agent task keeps a paused run. A plain value the task owns.
//!
//! In: a run that paused ([`PausedRun`]: its state, the node to re-enter, its interrupt). Out:
//! the same run, handed back exactly once to the resume that names its interrupt id.
//!
//! Contract: there is at most one paused run. [`Checkpointer::take_for_resume`] checks the id
//! and the reply ([`Resume::check_against`]: its kind, a confirmation's action hash, an answer's
//! fit to the questions) before it removes anything, so a refused resume leaves the run paused
//! and its id unspent. Ids that were answered or discarded are remembered, so a repeated id is
//! refused as [`InterruptError::AlreadyUsed`] and never applied to a later interrupt. Nothing is
//! persisted: a daemon restart ends every paused run (no pending action may run after one).

use std::collections::HashSet;

use tokio_util::sync::CancellationToken;

use crate::interrupt::{Interrupt, InterruptError, InterruptKind, Resume};
use crate::nodes::NodeId;
use crate::state::AgentState;

/// A run paused at an interrupt.
#[derive(Debug)]
pub(crate) struct PausedRun {
    /// What the person is asked.
    pub interrupt: Interrupt,
    /// The node to re-enter with the reply.
    pub at: NodeId,
    /// The run's state as the node left it.
    pub state: Box<AgentState>,
    /// The run's cancellation token.
    pub cancel: CancellationToken,
}

/// The paused run of one agent, and the interrupt ids it has spent.
#[derive(Debug, Default)]
pub(crate) struct Checkpointer {
    paused: Option<PausedRun>,
    /// Ids answered or discarded.
    spent: HashSet<String>,
}

impl Checkpointer {
    /// Stores a paused run. If one was already paused (which the agent never does), the older
    /// one is returned so the caller can end it.
    pub fn pause(&mut self, run: PausedRun) -> Option<PausedRun> {
        let older = self.paused.replace(run);
        if let Some(older) = &older {
            self.spent.insert(older.interrupt.id.clone());
        }
        older
    }

    /// The pending interrupt, if a run is paused.
    pub fn pending(&self) -> Option<&Interrupt> {
        self.paused.as_ref().map(|run| &run.interrupt)
    }

    /// The paused run's state.
    pub fn paused_state(&self) -> Option<&AgentState> {
        self.paused.as_ref().map(|run| run.state.as_ref())
    }

    /// True when the paused run waits for the person to hand the browser back.
    pub fn at_takeover(&self) -> bool {
        self.pending()
            .is_some_and(|interrupt| matches!(interrupt.kind, InterruptKind::Manual { .. }))
    }

    /// The action hash the pending question `interrupt_id` showed, when it is a confirmation:
    /// what a confirmation by id is bound to.
    pub fn confirm_hash(&self, interrupt_id: &str) -> Option<&str> {
        match self.pending() {
            Some(Interrupt {
                id,
                kind: InterruptKind::Confirm { action_hash, .. },
            }) if id == interrupt_id => Some(action_hash),
            Some(_) | None => None,
        }
    }

    /// Hands out the paused run if `interrupt_id` is its pending interrupt and `resume` fits it;
    /// otherwise refuses and leaves everything as it was.
    pub fn take_for_resume(
        &mut self,
        interrupt_id: &str,
        resume: &Resume,
    ) -> Result<PausedRun, InterruptError> {
        if self.spent.contains(interrupt_id) {
            return Err(InterruptError::AlreadyUsed(interrupt_id.to_owned()));
        }
        let Some(paused) = self.paused.as_ref() else {
            return Err(InterruptError::NoPendingInterrupt);
        };
        if paused.interrupt.id != interrupt_id {
            return Err(InterruptError::StaleId(interrupt_id.to_owned()));
        }
        resume.check_against(&paused.interrupt)?;
        self.spent.insert(interrupt_id.to_owned());
        self.paused.take().ok_or(InterruptError::NoPendingInterrupt)
    }

    /// Why a reply to `interrupt_id` is refused while no run is paused: its id was spent, or
    /// nothing is pending.
    pub fn refusal(&self, interrupt_id: &str) -> InterruptError {
        if self.spent.contains(interrupt_id) {
            InterruptError::AlreadyUsed(interrupt_id.to_owned())
        } else {
            InterruptError::NoPendingInterrupt
        }
    }

    /// Removes the paused run without answering it (cancel, superseded by a new message,
    /// shutdown). Its id is spent.
    pub fn discard(&mut self) -> Option<PausedRun> {
        let paused = self.paused.take()?;
        self.spent.insert(paused.interrupt.id.clone());
        Some(paused)
    }
}
