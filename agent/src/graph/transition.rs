//! The record of one transition, and what the runner needs from node ids and the state.

use std::fmt::Debug;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

/// A node id: a small copyable value with a stable name.
pub trait NodeName: Copy + Eq + Debug + Send + Sync + 'static {
    /// The node's name as shown in logs, events and the transition record.
    fn name(self) -> &'static str;
}

/// What the runner needs from a state: a node counter and a place for the transition log.
pub trait GraphState: Send {
    /// A short, cheap summary recorded with every transition.
    type Summary: Clone + Debug + Send;
    /// Nodes executed so far in this run.
    fn steps(&self) -> usize;
    /// Counts one executed node.
    fn count_step(&mut self);
    /// The summary of the state now.
    fn summary(&self) -> Self::Summary;
    /// Stores one transition.
    fn record(&mut self, transition: Transition<Self::Summary>);
}

/// One executed node and where the run went next.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Transition<S> {
    /// The node that ran.
    pub node: String,
    /// The node chosen next (`None` when the run ended or paused there).
    pub next: Option<String>,
    /// True when the node paused the run with an interrupt.
    pub paused: bool,
    /// When the node finished, in milliseconds since the Unix epoch.
    pub at_ms: u64,
    /// How long the node ran, in microseconds.
    pub took_us: u64,
    /// The state after the node.
    pub summary: S,
}

/// Milliseconds since the Unix epoch (0 if the clock is before it).
pub(crate) fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}
