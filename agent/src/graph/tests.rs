//! The generic runner on a toy graph: counts, limits, cancels, pauses and resumes.

use std::sync::atomic::{AtomicUsize, Ordering};

use async_trait::async_trait;
use tandem_protocol::Transition;
use tokio_util::sync::CancellationToken;

use super::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Toy {
    Add,
    Ask,
    Hang,
    Limit,
    Cancelled,
    Done,
}

impl NodeName for Toy {
    fn name(self) -> &'static str {
        match self {
            Toy::Add => "add",
            Toy::Ask => "ask",
            Toy::Hang => "hang",
            Toy::Limit => "limit",
            Toy::Cancelled => "cancelled",
            Toy::Done => "done",
        }
    }
}

#[derive(Default)]
struct Count {
    value: u32,
    steps: usize,
    ended: Option<&'static str>,
    log: Vec<Transition<u32>>,
}

impl GraphState for Count {
    type Summary = u32;
    fn steps(&self) -> usize {
        self.steps
    }
    fn count_step(&mut self) {
        self.steps += 1;
    }
    fn summary(&self) -> u32 {
        self.value
    }
    fn record(&mut self, transition: Transition<u32>) {
        self.log.push(transition);
    }
}

/// add → add → ... until `target`, then ask (pauses; resume adds the payload), then done.
struct ToyGraph {
    target: u32,
    side_effects: AtomicUsize,
}

#[async_trait]
impl Graph for ToyGraph {
    type Node = Toy;
    type State = Count;
    type Interrupt = &'static str;
    type Resume = u32;

    async fn run_node(
        &self,
        node: Toy,
        state: &mut Count,
        resume: Option<u32>,
    ) -> Flow<&'static str> {
        match node {
            Toy::Add => {
                self.side_effects.fetch_add(1, Ordering::SeqCst);
                state.value += 1;
                Flow::Next
            }
            Toy::Ask => match resume {
                None => Flow::Pause("how much?"),
                Some(more) => {
                    state.value += more;
                    Flow::Next
                }
            },
            Toy::Hang => {
                std::future::pending::<()>().await;
                Flow::Next
            }
            Toy::Limit | Toy::Cancelled | Toy::Done => {
                state.ended = Some(node.name());
                Flow::Next
            }
        }
    }

    fn route(&self, node: Toy, state: &Count) -> Route<Toy> {
        match node {
            Toy::Add if state.value < self.target => Route::To(Toy::Add),
            Toy::Add => Route::To(Toy::Ask),
            Toy::Ask => Route::To(Toy::Done),
            Toy::Hang => Route::To(Toy::Done),
            Toy::Limit | Toy::Cancelled | Toy::Done => Route::End,
        }
    }

    fn is_final(&self, node: Toy) -> bool {
        matches!(node, Toy::Limit | Toy::Cancelled | Toy::Done)
    }
}

fn limits(max_steps: usize) -> Limits<Toy> {
    Limits {
        max_steps,
        on_limit: Toy::Limit,
        on_cancel: Toy::Cancelled,
    }
}

fn toy(target: u32) -> ToyGraph {
    ToyGraph {
        target,
        side_effects: AtomicUsize::new(0),
    }
}

#[tokio::test]
async fn pauses_then_resumes_the_same_node_without_repeating_side_effects() {
    let graph = toy(3);
    let runner = GraphRunner::new(&graph, limits(100), CancellationToken::new());
    let mut state = Count::default();
    let exit = runner.run(Toy::Add, &mut state).await;
    let RunExit::Interrupted { at, interrupt } = exit else {
        panic!("expected a pause, got {exit:?}");
    };
    assert_eq!((at, interrupt), (Toy::Ask, "how much?"));
    assert_eq!(state.value, 3);
    assert!(
        state
            .log
            .last()
            .is_some_and(|t| t.paused && t.node == "ask")
    );

    let exit = runner.resume(at, 10, &mut state).await;
    assert!(matches!(exit, RunExit::Finished));
    assert_eq!(state.value, 13);
    assert_eq!(
        graph.side_effects.load(Ordering::SeqCst),
        3,
        "adds ran once each"
    );
    assert_eq!(state.ended, Some("done"));
    let nodes: Vec<&str> = state.log.iter().map(|t| t.node.as_str()).collect();
    assert_eq!(nodes, ["add", "add", "add", "ask", "ask", "done"]);
    assert_eq!(state.log[0].next.as_deref(), Some("add"));
    assert_eq!(state.log[0].summary, 1, "summary taken after the node");
    // The re-entry of the paused node is not counted again.
    assert_eq!(state.steps, 5);
}

#[tokio::test]
async fn every_node_counts_against_the_limit() {
    let graph = toy(1_000);
    let runner = GraphRunner::new(&graph, limits(7), CancellationToken::new());
    let mut state = Count::default();
    let exit = runner.run(Toy::Add, &mut state).await;
    assert!(matches!(exit, RunExit::Finished));
    assert_eq!(state.ended, Some("limit"));
    assert_eq!(state.value, 7, "seven nodes ran before the limit node");
    assert_eq!(state.log.len(), 8);
}

#[tokio::test]
async fn a_cancel_drops_the_node_in_flight_and_runs_the_cancel_node() {
    let graph = toy(1);
    let cancel = CancellationToken::new();
    let runner = GraphRunner::new(&graph, limits(100), cancel.clone());
    let mut state = Count::default();
    let canceller = {
        let cancel = cancel.clone();
        tokio::spawn(async move {
            tokio::task::yield_now().await;
            cancel.cancel();
        })
    };
    let exit = tokio::time::timeout(
        std::time::Duration::from_secs(5),
        runner.run(Toy::Hang, &mut state),
    )
    .await
    .expect("the hanging node was abandoned");
    canceller.await.expect("canceller");
    assert!(matches!(exit, RunExit::Finished));
    assert_eq!(state.ended, Some("cancelled"));
    let nodes: Vec<&str> = state.log.iter().map(|t| t.node.as_str()).collect();
    assert_eq!(nodes, ["hang", "cancelled"]);
}

#[tokio::test]
async fn a_cancelled_token_skips_straight_to_the_cancel_node() {
    let graph = toy(3);
    let cancel = CancellationToken::new();
    cancel.cancel();
    let runner = GraphRunner::new(&graph, limits(100), cancel);
    let mut state = Count::default();
    runner.run(Toy::Add, &mut state).await;
    assert_eq!(state.value, 0);
    assert_eq!(state.ended, Some("cancelled"));
}
