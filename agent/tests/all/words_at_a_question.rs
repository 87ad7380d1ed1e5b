//! The person's words while a question is pending: at a confirmation a message declines the
//! action with the message as the reason (never an approval, whatever it says) and the run goes
//! on; at an ask a message that answers the question is the answer, any other declines it. In
//! each case the planner reads it, and no new run starts.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use support::{finished, next_matching, question};
use tandem_agent::plan::{Plan, StepOutcome, StepRecord};
use tandem_agent::planner::{PlanContext, Planner};
use tandem_agent::{
    Action, Agent, AgentConfig, AgentEvent, AgentHandle, InterruptKind, PlannerError,
};
use tandem_policy::PolicyGate;
use tandem_protocol::{Answer, Question, QuestionEnd, QuestionKind, QuestionOption, RunOutcome};

use crate::agent_flow::{FakeBrowser, click, element};
use crate::support;

/// Plays its actions one per call (then stops), and keeps the history each call was given.
pub(crate) struct Recording {
    actions: Vec<Action>,
    seen: Mutex<Vec<Vec<StepRecord>>>,
}

impl Recording {
    pub(crate) fn new(actions: Vec<Action>) -> Arc<Self> {
        Arc::new(Self {
            actions,
            seen: Mutex::default(),
        })
    }

    /// The outcome of the last step the planner was told about.
    pub(crate) fn last_outcome(&self) -> StepOutcome {
        let seen = self.seen.lock().unwrap();
        let history = seen.last().expect("the planner was asked");
        history.last().expect("a step").outcome.clone()
    }
}

#[async_trait]
impl Planner for Recording {
    async fn plan(&self, ctx: &PlanContext<'_>) -> Result<Plan, PlannerError> {
        let mut seen = self.seen.lock().unwrap();
        let next = seen.len();
        seen.push(ctx.history.to_vec());
        let action = self.actions.get(next).cloned().unwrap_or(Action::Stop {
            answer: "all done".into(),
        });
        Ok(Plan::new(action))
    }
}

pub(crate) fn spawn_with(browser: &Arc<FakeBrowser>, planner: Arc<Recording>) -> AgentHandle {
    Agent::spawn(
        AgentConfig::default(),
        planner,
        browser.clone(),
        Arc::new(PolicyGate::with_defaults().unwrap()),
    )
}

fn size_question(kind: QuestionKind) -> Action {
    let option = |value: &str, label: &str| QuestionOption {
        value: value.into(),
        label: label.into(),
    };
    Action::AskUser {
        questions: vec![Question {
            id: "size".into(),
            prompt: "Which size?".into(),
            kind,
            options: match kind {
                QuestionKind::Text => Vec::new(),
                QuestionKind::Radio | QuestionKind::Checkbox => {
                    vec![option("s", "Small"), option("l", "Large")]
                }
            },
        }],
    }
}

#[tokio::test]
async fn a_message_at_a_confirmation_declines_it_with_the_message_as_the_reason() {
    let browser = Arc::new(FakeBrowser::with(vec![element("e1", "button", "Buy now")]));
    let planner = Recording::new(vec![click("e1")]);
    let agent = spawn_with(&browser, planner.clone());
    let mut events = agent.subscribe();
    let run_id = agent.submit_user_message("buy it").await.unwrap();
    let asked = question(&mut events).await;
    assert!(
        matches!(asked.kind, InterruptKind::Confirm { .. }),
        "{asked:?}"
    );

    // Words that sound like an approval are still a decline.
    let same = agent.submit_user_message("yes, go ahead").await.unwrap();
    assert_eq!(same, run_id, "the paused run goes on; no new run starts");
    let cleared = next_matching(&mut events, |e| {
        matches!(e, AgentEvent::QuestionCleared { .. })
    })
    .await;
    assert!(
        matches!(
            cleared,
            AgentEvent::QuestionCleared {
                by: QuestionEnd::Answered,
                ..
            }
        ),
        "{cleared:?}"
    );
    let (outcome, _) = finished(&mut events).await;
    assert_eq!(outcome, RunOutcome::Done);
    assert!(
        !browser.calls().iter().any(|call| call.starts_with("click")),
        "the action never ran: {:?}",
        browser.calls()
    );
    assert_eq!(
        planner.last_outcome(),
        StepOutcome::Declined {
            reason: Some("yes, go ahead".into())
        }
    );
    agent.shutdown().await;
}

#[tokio::test]
async fn a_message_that_names_an_option_answers_the_ask() {
    let browser = Arc::new(FakeBrowser::with(Vec::new()));
    let planner = Recording::new(vec![size_question(QuestionKind::Radio)]);
    let agent = spawn_with(&browser, planner.clone());
    let mut events = agent.subscribe();
    agent.submit_user_message("order a coffee").await.unwrap();
    question(&mut events).await;
    agent.submit_user_message("large").await.unwrap();
    assert_eq!(finished(&mut events).await.0, RunOutcome::Done);
    assert_eq!(
        planner.last_outcome(),
        StepOutcome::Answered {
            answers: vec![Answer {
                question_id: "size".into(),
                values: vec!["l".into()],
            }]
        }
    );
    agent.shutdown().await;
}

#[tokio::test]
async fn a_message_that_does_not_answer_the_ask_declines_it_and_the_planner_reads_it() {
    let browser = Arc::new(FakeBrowser::with(Vec::new()));
    let planner = Recording::new(vec![size_question(QuestionKind::Radio)]);
    let agent = spawn_with(&browser, planner.clone());
    let mut events = agent.subscribe();
    agent.submit_user_message("order a coffee").await.unwrap();
    question(&mut events).await;
    agent
        .submit_user_message("actually make it a tea")
        .await
        .unwrap();
    assert_eq!(finished(&mut events).await.0, RunOutcome::Done);
    assert_eq!(
        planner.last_outcome(),
        StepOutcome::Declined {
            reason: Some("actually make it a tea".into())
        }
    );
    agent.shutdown().await;
}

#[tokio::test]
async fn free_text_answers_a_text_question() {
    let browser = Arc::new(FakeBrowser::with(Vec::new()));
    let planner = Recording::new(vec![size_question(QuestionKind::Text)]);
    let agent = spawn_with(&browser, planner.clone());
    let mut events = agent.subscribe();
    agent.submit_user_message("order a coffee").await.unwrap();
    question(&mut events).await;
    agent.submit_user_message("a big one").await.unwrap();
    assert_eq!(finished(&mut events).await.0, RunOutcome::Done);
    assert_eq!(
        planner.last_outcome(),
        StepOutcome::Answered {
            answers: vec![Answer {
                question_id: "size".into(),
                values: vec!["a big one".into()],
            }]
        }
    );
    agent.shutdown().await;
}
