//! What the model is told: every request a run makes (plan, chat, doc_patch, run summary)
//! carries the session's true mode and reasoning flag, and the FAST doc_patch request is made
//! only for a message that may carry something for the Product Doc.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use support::finished;
use tandem_agent::plan::Plan;
use tandem_agent::planner::{PlanContext, Planner};
use tandem_agent::product_doc::DocPatch;
use tandem_agent::{Action, Agent, AgentConfig, AgentHandle, PlannerError};
use tandem_policy::PolicyGate;
use tandem_protocol::Mode;

use crate::agent_flow::FakeBrowser;
use crate::support;

/// Answers every kind of request at once, and notes each one's stage, mode and reasoning flag.
#[derive(Default)]
struct Noting(Mutex<Vec<(&'static str, Mode, bool)>>);

impl Noting {
    fn note(&self, stage: &'static str, ctx: &PlanContext<'_>) {
        self.0
            .lock()
            .unwrap()
            .push((stage, ctx.mode, ctx.reasoning));
    }

    fn take(&self) -> Vec<(&'static str, Mode, bool)> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }
}

#[async_trait]
impl Planner for Noting {
    async fn plan(&self, ctx: &PlanContext<'_>) -> Result<Plan, PlannerError> {
        self.note("plan", ctx);
        Ok(Plan::new(Action::Stop {
            answer: "done".into(),
        }))
    }

    async fn chat(&self, ctx: &PlanContext<'_>) -> Result<Option<String>, PlannerError> {
        self.note("chat", ctx);
        Ok(Some("an answer".into()))
    }

    async fn doc_patches(&self, _: &[String], ctx: &PlanContext<'_>) -> Vec<DocPatch> {
        self.note("doc_patch", ctx);
        Vec::new()
    }
}

/// An agent whose session keeps a Product Doc (at a path never written: no patch is made).
fn spawn(planner: Arc<Noting>) -> AgentHandle {
    let unused = std::env::temp_dir().join(format!("tandem-{}", uuid::Uuid::new_v4()));
    let config = AgentConfig {
        product_doc_path: Some(unused.join("product-doc.json")),
        ..AgentConfig::default()
    };
    Agent::spawn(
        config,
        planner,
        Arc::new(FakeBrowser::with(Vec::new())),
        Arc::new(PolicyGate::with_defaults().unwrap()),
    )
}

async fn say(agent: &AgentHandle, text: &str) {
    let mut events = agent.subscribe();
    agent.submit_user_message(text).await.unwrap();
    finished(&mut events).await;
}

#[tokio::test]
async fn every_request_carries_the_sessions_mode_and_reasoning_flag() {
    let planner = Arc::new(Noting::default());
    let agent = spawn(planner.clone());
    for (mode, reasoning) in [
        (Mode::Chat, true),
        (Mode::Agent, true),
        (Mode::Agent, false),
    ] {
        agent.set_mode(mode).await.unwrap();
        agent.set_reasoning(reasoning);
        say(&agent, "the site is for families in Lyon").await;
        let requests = planner.take();
        let first = if mode == Mode::Chat { "chat" } else { "plan" };
        let stages: Vec<&str> = requests.iter().map(|(stage, ..)| *stage).collect();
        assert_eq!(stages, ["doc_patch", first], "{requests:?}");
        for (stage, asked_mode, asked_reasoning) in requests {
            assert_eq!(
                (asked_mode, asked_reasoning),
                (mode, reasoning),
                "the {stage} request"
            );
        }
    }
    agent.shutdown().await;
}

#[tokio::test]
async fn only_a_message_that_may_feed_the_product_doc_costs_a_doc_patch_request() {
    let planner = Arc::new(Noting::default());
    let agent = spawn(planner.clone());
    say(&agent, "open example.com and tell me its title").await;
    let stages: Vec<&str> = planner.take().iter().map(|(stage, ..)| *stage).collect();
    assert_eq!(
        stages,
        ["plan"],
        "no doc_patch for a plain browsing message"
    );
    say(&agent, "build a small site for a bakery").await;
    let stages: Vec<&str> = planner.take().iter().map(|(stage, ..)| *stage).collect();
    assert_eq!(
        stages,
        ["doc_patch", "plan"],
        "a site project feeds the doc"
    );
    agent.shutdown().await;
}
