//! A small generic graph runner: named nodes, routing functions, one typed state, interrupts.
//!
//! In: a [`Graph`] (how to run a node, where to go after it) and its state. Out: a
//! [`RunExit`] — the run reached a final node, or a node paused it with an interrupt.
//!
//! Contract:
//! - The runner executes one node at a time. A node returns [`Flow::Next`] (ask the graph's
//!   routing function where to go) or [`Flow::Pause`] (stop here with an interrupt; the caller
//!   keeps the state and later calls [`GraphRunner::resume`], which re-enters the same node with
//!   the resume payload).
//! - Every node executed counts against [`Limits::max_steps`] (through
//!   [`GraphState::count_step`]); when the limit is reached, the next non-final node is replaced
//!   by [`Limits::on_limit`].
//! - A cancelled token replaces the next non-final node by [`Limits::on_cancel`]; a node running
//!   when the token is cancelled is dropped at its next await point (its in-flight call is
//!   abandoned). Final nodes always run to completion.
//! - Every transition is recorded (node, time, duration, state summary) through
//!   [`GraphState::record`].

mod runner;
mod transition;

pub use runner::{Flow, Graph, GraphRunner, Limits, Route, RunExit};
pub use transition::{GraphState, NodeName};

#[cfg(test)]
mod tests;
