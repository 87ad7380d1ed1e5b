//! What the runner needs from node ids and the state (the record of one transition is the
//! protocol's [`Transition`]).

use std::fmt::Debug;

use tandem_protocol::Transition;

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
