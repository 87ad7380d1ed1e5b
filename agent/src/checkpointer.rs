//! [`Checkpointer`]: paused runs in memory, keyed by session id.
//!
//! In: a run that paused ([`PausedRun`]: its state, the node to re-enter, its interrupt). Out:
//! the same run, handed back exactly once to the resume that names its interrupt id.
//!
//! Contract: a session has at most one paused run. [`Checkpointer::take_for_resume`] checks the
//! id and the reply ([`Resume::check_against`]: its kind, a confirmation's action hash, an
//! answer's fit to the questions) before it removes anything, so a refused resume leaves the run
//! paused and its id unspent. Ids
//! that were answered or discarded are remembered per session, so a repeated id is refused as
//! [`InterruptError::AlreadyUsed`] and never applied to a later interrupt. Nothing is persisted:
//! a daemon restart ends every paused run (no pending action may run after one).
//!
//! The map sits behind a std mutex that is never held across an `.await`.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};

use tokio_util::sync::CancellationToken;

use crate::interrupt::{Interrupt, InterruptError, Resume};
use crate::nodes::NodeId;
use crate::state::AgentState;

/// A run paused at an interrupt.
#[derive(Debug)]
pub struct PausedRun {
    /// What the person is asked.
    pub interrupt: Interrupt,
    /// The node to re-enter with the reply.
    pub at: NodeId,
    /// The run's state as the node left it.
    pub state: Box<AgentState>,
    /// The run's cancellation token.
    pub cancel: CancellationToken,
}

#[derive(Debug, Default)]
struct Slot {
    paused: Option<PausedRun>,
    /// Ids answered or discarded in this session.
    spent: HashSet<String>,
}

/// Paused runs of every session of a daemon. Cheap to clone (shared).
#[derive(Debug, Clone, Default)]
pub struct Checkpointer {
    slots: Arc<Mutex<HashMap<String, Slot>>>,
}

impl Checkpointer {
    /// An empty checkpointer.
    pub fn new() -> Self {
        Self::default()
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Slot>> {
        // A panic while holding the lock cannot leave the map half-updated (every update is
        // one insert or remove), so a poisoned lock is still usable.
        self.slots
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Stores a paused run. If the session already had one (which the agent never does), the
    /// older one is returned so the caller can end it.
    pub fn pause(&self, session: &str, run: PausedRun) -> Option<PausedRun> {
        let mut slots = self.lock();
        let slot = slots.entry(session.to_owned()).or_default();
        let older = slot.paused.replace(run);
        if let Some(older) = &older {
            slot.spent.insert(older.interrupt.id.clone());
        }
        older
    }

    /// The pending interrupt of a session, if any.
    pub fn pending(&self, session: &str) -> Option<Interrupt> {
        self.lock()
            .get(session)
            .and_then(|slot| slot.paused.as_ref())
            .map(|run| run.interrupt.clone())
    }

    /// Hands out the paused run if `interrupt_id` is its pending interrupt and `resume` fits it;
    /// otherwise refuses and leaves everything as it was.
    pub fn take_for_resume(
        &self,
        session: &str,
        interrupt_id: &str,
        resume: &Resume,
    ) -> Result<PausedRun, InterruptError> {
        let mut slots = self.lock();
        let Some(slot) = slots.get_mut(session) else {
            return Err(InterruptError::NoPendingInterrupt);
        };
        if slot.spent.contains(interrupt_id) {
            return Err(InterruptError::AlreadyUsed(interrupt_id.to_owned()));
        }
        let Some(paused) = slot.paused.as_ref() else {
            return Err(InterruptError::NoPendingInterrupt);
        };
        if paused.interrupt.id != interrupt_id {
            return Err(InterruptError::StaleId(interrupt_id.to_owned()));
        }
        resume.check_against(&paused.interrupt)?;
        slot.spent.insert(interrupt_id.to_owned());
        slot.paused.take().ok_or(InterruptError::NoPendingInterrupt)
    }

    /// Removes the session's paused run without answering it (cancel, superseded by a new
    /// message, shutdown). Its id is spent.
    pub fn discard(&self, session: &str) -> Option<PausedRun> {
        let mut slots = self.lock();
        let slot = slots.get_mut(session)?;
        let paused = slot.paused.take()?;
        slot.spent.insert(paused.interrupt.id.clone());
        Some(paused)
    }

    /// Forgets a session entirely (its paused run, if any, is dropped: a dropped confirmation
    /// is a denial, nothing runs).
    pub fn forget(&self, session: &str) {
        self.lock().remove(session);
    }
}
