//! [`GraphRunner`]: executes nodes and routing functions until a final node ends the run or a
//! node pauses it. The loop over nodes lives here, once, so the agent's logic has none.

use std::time::Instant;

use async_trait::async_trait;
use tandem_protocol::{Transition, unix_ms};
use tokio_util::sync::CancellationToken;

use super::transition::{GraphState, NodeName};

/// What a node asks the runner to do next.
#[derive(Debug)]
pub enum Flow<P> {
    /// Follow the graph's routing function.
    Next,
    /// Pause the run here with this interrupt.
    Pause(P),
}

/// Where a routing function sends the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route<N> {
    /// Run this node next.
    To(N),
    /// The run is over.
    End,
}

/// How a call to [`GraphRunner::run`] or [`GraphRunner::resume`] ended.
#[derive(Debug)]
pub enum RunExit<N, P> {
    /// A final node ran and routed to [`Route::End`].
    Finished,
    /// Node `at` paused the run; resume it with [`GraphRunner::resume`] at the same node.
    Interrupted {
        /// The node to re-enter on resume.
        at: N,
        /// The interrupt it raised.
        interrupt: P,
    },
}

/// A graph: its node ids, state, interrupts and resume payloads, how to run a node and where to
/// go after it.
#[async_trait]
pub trait Graph: Sync {
    /// Node ids.
    type Node: NodeName;
    /// The one typed state.
    type State: GraphState;
    /// What a pausing node hands out.
    type Interrupt: Send;
    /// What a paused node is re-entered with.
    type Resume: Send;

    /// Runs one node. `resume` is `Some` only when re-entering a paused node.
    async fn run_node(
        &self,
        node: Self::Node,
        state: &mut Self::State,
        resume: Option<Self::Resume>,
    ) -> Flow<Self::Interrupt>;

    /// The routing function of `node`: where to go after it ran with [`Flow::Next`].
    fn route(&self, node: Self::Node, state: &Self::State) -> Route<Self::Node>;

    /// Final nodes run even after a cancel or past the limit.
    fn is_final(&self, node: Self::Node) -> bool;
}

/// Where the runner goes when it must stop early.
#[derive(Debug, Clone, Copy)]
pub struct Limits<N> {
    /// Most nodes a run may execute.
    pub max_steps: usize,
    /// The node that ends a run which reached `max_steps`.
    pub on_limit: N,
    /// The node that ends a cancelled run.
    pub on_cancel: N,
}

/// Runs a [`Graph`] under [`Limits`] and a cancellation token.
pub struct GraphRunner<'g, G: Graph> {
    graph: &'g G,
    limits: Limits<G::Node>,
    cancel: CancellationToken,
}

impl<'g, G: Graph> GraphRunner<'g, G> {
    /// A runner for `graph`; cancelling `cancel` ends the run through `limits.on_cancel`.
    pub fn new(graph: &'g G, limits: Limits<G::Node>, cancel: CancellationToken) -> Self {
        Self {
            graph,
            limits,
            cancel,
        }
    }

    /// Runs from `start` until the run ends or pauses.
    pub async fn run(
        &self,
        start: G::Node,
        state: &mut G::State,
    ) -> RunExit<G::Node, G::Interrupt> {
        self.drive(start, state, None).await
    }

    /// Re-enters the paused node `at` with `resume`, then continues as [`GraphRunner::run`].
    /// The re-entry does not count as another step (the node was counted when it paused).
    pub async fn resume(
        &self,
        at: G::Node,
        resume: G::Resume,
        state: &mut G::State,
    ) -> RunExit<G::Node, G::Interrupt> {
        self.drive(at, state, Some(resume)).await
    }

    async fn drive(
        &self,
        start: G::Node,
        state: &mut G::State,
        mut resume: Option<G::Resume>,
    ) -> RunExit<G::Node, G::Interrupt> {
        let mut node = start;
        // The one loop of the runtime: node, route, node... until End or a pause.
        loop {
            let resuming = resume.is_some();
            node = self.redirect(node, state, resuming);
            if !resuming {
                state.count_step();
            }
            let started = Instant::now();
            let flow = if self.graph.is_final(node) {
                self.graph.run_node(node, state, resume.take()).await
            } else {
                let running = self.graph.run_node(node, state, resume.take());
                tokio::select! {
                    biased;
                    () = self.cancel.cancelled() => None,
                    flow = running => Some(flow),
                }
                .unwrap_or(Flow::Next)
            };
            let took_us = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
            match flow {
                Flow::Pause(interrupt) => {
                    self.log(state, node, None, true, took_us);
                    return RunExit::Interrupted {
                        at: node,
                        interrupt,
                    };
                }
                Flow::Next => {
                    // A cancelled node has not finished its work: its routing function must not
                    // be consulted, the run goes to the cancel node.
                    let route = if self.cancel.is_cancelled() && !self.graph.is_final(node) {
                        Route::To(self.limits.on_cancel)
                    } else {
                        self.graph.route(node, state)
                    };
                    match route {
                        Route::To(next) => {
                            self.log(state, node, Some(next), false, took_us);
                            node = next;
                        }
                        Route::End => {
                            self.log(state, node, None, false, took_us);
                            return RunExit::Finished;
                        }
                    }
                }
            }
        }
    }

    /// The node to run instead of `node`, when the run was cancelled or reached its limit.
    fn redirect(&self, node: G::Node, state: &G::State, resuming: bool) -> G::Node {
        if self.graph.is_final(node) {
            return node;
        }
        if self.cancel.is_cancelled() {
            return self.limits.on_cancel;
        }
        if !resuming && state.steps() >= self.limits.max_steps {
            return self.limits.on_limit;
        }
        node
    }

    fn log(
        &self,
        state: &mut G::State,
        node: G::Node,
        next: Option<G::Node>,
        paused: bool,
        took_us: u64,
    ) {
        let transition = Transition {
            node: node.name().to_owned(),
            next: next.map(|n| n.name().to_owned()),
            paused,
            at_ms: unix_ms(),
            took_us,
            summary: state.summary(),
        };
        tracing::trace!(node = node.name(), next = ?transition.next, paused, "transition");
        state.record(transition);
    }
}
