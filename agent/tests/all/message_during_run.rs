//! A message sent while a run executes is never lost: it waits and starts as the next run, in
//! order; a cancel withdraws it and says so.

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use tandem_agent::plan::Plan;
use tandem_agent::planner::{PlanContext, Planner};
use tandem_agent::{Action, AgentEvent, AgentHandle, PlannerError};
use tandem_protocol::RunOutcome;
use tokio::sync::{mpsc, oneshot};

use crate::agent_flow::FakeBrowser;
use crate::support::next_matching;

/// Stops with the run's goal as the answer; the first plan waits until the test lets it go.
struct HeldFirst {
    /// Told when the first plan is asked for (the first run is then executing).
    asked: mpsc::UnboundedSender<()>,
    /// Taken by the first plan, which waits for it; later plans go at once.
    release: Mutex<Option<oneshot::Receiver<()>>>,
}

#[async_trait]
impl Planner for HeldFirst {
    async fn plan(&self, context: &PlanContext<'_>) -> Result<Plan, PlannerError> {
        let held = self.release.lock().unwrap().take();
        if let Some(release) = held {
            let _ = self.asked.send(());
            let _ = release.await;
        }
        Ok(Plan::new(Action::Stop {
            answer: format!("did: {}", context.goal),
        }))
    }
}

/// An agent whose first run holds at its first plan; returns it with the "asked" signal and the
/// release.
fn held_agent() -> (
    AgentHandle,
    mpsc::UnboundedReceiver<()>,
    oneshot::Sender<()>,
) {
    let (asked, asked_rx) = mpsc::unbounded_channel();
    let (release, held) = oneshot::channel();
    let planner = Arc::new(HeldFirst {
        asked,
        release: Mutex::new(Some(held)),
    });
    let agent = tandem_agent::Agent::spawn(
        tandem_agent::AgentConfig::default(),
        planner,
        Arc::new(FakeBrowser::default()),
        Arc::new(tandem_policy::PolicyGate::with_defaults().unwrap()),
    );
    (agent, asked_rx, release)
}

/// The next run end: its id, outcome and text.
async fn next_end(
    events: &mut tokio::sync::broadcast::Receiver<AgentEvent>,
) -> (String, RunOutcome, String) {
    match next_matching(events, |e| matches!(e, AgentEvent::RunFinished { .. })).await {
        AgentEvent::RunFinished {
            run_id,
            outcome,
            text,
            ..
        } => (run_id, outcome, text),
        _ => unreachable!(),
    }
}

#[tokio::test]
async fn messages_sent_during_a_run_start_in_order_when_it_ends() {
    let (agent, mut asked, release) = held_agent();
    let mut events = agent.subscribe();
    let first = agent.submit_user_message("first").await.unwrap();
    asked.recv().await.unwrap();

    let second = agent.submit_user_message("second").await.unwrap();
    let third = agent.submit_user_message("third").await.unwrap();
    assert!(
        first != second && second != third,
        "each message has its own run"
    );
    release.send(()).unwrap();

    for (id, goal) in [(&first, "first"), (&second, "second"), (&third, "third")] {
        let (run_id, outcome, text) = next_end(&mut events).await;
        assert_eq!((&run_id, outcome), (id, RunOutcome::Done));
        assert!(text.contains(&format!("did: {goal}")), "{text}");
    }
    let goals: Vec<String> = agent.runs().into_iter().map(|run| run.goal).collect();
    assert_eq!(goals, ["first", "second", "third"]);
    agent.shutdown().await;
}

#[tokio::test]
async fn a_cancel_withdraws_the_waiting_messages_and_says_so() {
    let (agent, mut asked, release) = held_agent();
    let mut events = agent.subscribe();
    agent.submit_user_message("first").await.unwrap();
    asked.recv().await.unwrap();
    agent.submit_user_message("second").await.unwrap();
    agent.cancel();

    let said = next_matching(&mut events, |e| matches!(e, AgentEvent::Error { .. })).await;
    let AgentEvent::Error { code, message } = said else {
        unreachable!()
    };
    assert_eq!(code, "messages_withdrawn");
    assert!(message.contains("did not start"), "{message}");
    assert!(
        !message.contains("second"),
        "the message's words are not repeated: {message}"
    );
    drop(release);
    let (_, outcome, _) = next_end(&mut events).await;
    assert_eq!(outcome, RunOutcome::Cancelled);

    // The next message is the next run: the withdrawn one never ran in between.
    let next = agent.submit_user_message("next").await.unwrap();
    let (run_id, outcome, _) = next_end(&mut events).await;
    assert_eq!((run_id, outcome), (next, RunOutcome::Done));
    let goals: Vec<String> = agent.runs().into_iter().map(|run| run.goal).collect();
    assert_eq!(goals, ["first", "next"]);
    agent.shutdown().await;
}
