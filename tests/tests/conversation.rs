//! The session as a conversation, with the model planner on real headless Chromium and a
//! wiremock model: a declined confirmation is a step the model reads (and the same action is
//! never run), and later runs carry the earlier ones in their request (the medium layer).
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::Arc;

use serde_json::json;
use tandem_agent::{AgentConfig, InterruptKind, ModelPlanner, Resume, RunOutcome};
use tandem_tests::TestAgent;
use tandem_tests::mock_model::{FAST_MODEL, MockModel, act, on_element, request_text};

async fn agent_with(model: &MockModel) -> TestAgent {
    let planner = ModelPlanner::from_config(model.config()).unwrap();
    TestAgent::start_with(
        AgentConfig::default().with_max_tool_steps(100),
        Arc::new(planner),
    )
    .await
    .unwrap()
}

/// The text of every planning request (the FAST tier's summaries left out), in order.
async fn planning_requests(model: &MockModel) -> Vec<String> {
    model
        .requests()
        .await
        .iter()
        .filter(|body| body["model"] != FAST_MODEL)
        .map(request_text)
        .collect()
}

fn buy_now() -> tandem_tests::mock_model::Script {
    on_element("Buy now", |eid| json!({ "action": "click", "eid": eid }))
}

#[tokio::test]
async fn a_declined_purchase_is_read_by_the_model_which_plans_again_and_never_repeats_it() {
    let model = MockModel::start().await;
    let mut t = agent_with(&model).await;
    model.script(vec![
        act(json!({ "action": "navigate", "url": t.url("/shop.html") })),
        buy_now(),
        // This model insists once, then gives in.
        buy_now(),
        act(json!({ "action": "stop", "answer": "I left the mug in the shop." })),
    ]);
    t.say("buy the blue mug").await.unwrap();
    let asked = t.question().await.unwrap();
    let InterruptKind::Confirm { action_hash, .. } = &asked.kind else {
        panic!("expected a confirmation, got {asked:?}");
    };
    t.agent
        .resume(
            &asked.id,
            Resume::Confirm {
                approved: false,
                action_hash: action_hash.clone(),
                remember: false,
                reason: Some("too expensive".into()),
            },
        )
        .await
        .unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(
        (outcome, text.as_str()),
        (RunOutcome::Done, "I left the mug in the shop.")
    );
    t.page_shows("Orders placed: 0").await.unwrap();

    let requests = planning_requests(&model).await;
    assert_eq!(requests.len(), 4, "navigate, buy, buy again, stop");
    assert!(
        !requests[1].contains("the person declined"),
        "{}",
        requests[1]
    );
    assert!(
        requests[2].contains("the person declined: too expensive"),
        "the third request reads the decline and its reason: {}",
        requests[2]
    );
    assert!(
        requests[3].contains("already declined this exact action"),
        "the repeat was refused, and the model read why: {}",
        requests[3]
    );
    t.shutdown().await;
}
