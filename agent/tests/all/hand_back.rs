//! A hand-back where nothing changed on the page is said as it is: the handed-over action is
//! not counted as done, and the planner reads that nothing changed.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::Arc;

use support::{next_matching, question};
use tandem_agent::plan::StepOutcome;
use tandem_agent::{AgentEvent, InterruptKind, Resume};

use crate::agent_flow::{FakeBrowser, click, element};
use crate::support;
use crate::words_at_a_question::{Recording, spawn_with};

#[tokio::test]
async fn a_hand_back_where_nothing_changed_says_so_and_the_action_is_not_done() {
    let browser = Arc::new(FakeBrowser::with(vec![element(
        "e1",
        "checkbox",
        "I'm not a robot",
    )]));
    let planner = Recording::new(vec![click("e1")]);
    let agent = spawn_with(&browser, planner.clone());
    let mut events = agent.subscribe();
    agent
        .submit_user_message("get past the check")
        .await
        .unwrap();
    let asked = question(&mut events).await;
    let InterruptKind::Manual { text, .. } = &asked.kind else {
        panic!("expected a handover, got {asked:?}");
    };
    assert!(
        text.contains("the \"I'm not a robot\" checkbox") && !text.contains("e1"),
        "the banner names the element as a person would: {text}"
    );
    agent
        .resume(
            &asked.id,
            Resume::ManualDone {
                message: String::new(),
            },
        )
        .await
        .unwrap();
    let said = next_matching(&mut events, |e| matches!(e, AgentEvent::Message { .. })).await;
    let AgentEvent::Message { text, .. } = said else {
        unreachable!()
    };
    assert_eq!(
        text,
        "You handed the browser back, but nothing changed on the page."
    );
    support::finished(&mut events).await;
    let StepOutcome::Failed { error, .. } = planner.last_outcome() else {
        panic!(
            "the planner is told it was not done: {:?}",
            planner.last_outcome()
        );
    };
    assert!(error.contains("nothing changed"), "{error}");
    agent.shutdown().await;
}
