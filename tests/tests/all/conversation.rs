//! The session as a conversation, with the model planner on real headless Chromium and a
//! wiremock model: a declined confirmation is a step the model reads (and the same action is
//! never run), and later runs carry the earlier ones in their request (the medium layer).
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::Arc;

use serde_json::json;
use tandem_agent::{AgentConfig, InterruptKind, ModelPlanner, Resume};
use tandem_protocol::{Mode, RunOutcome};
use tandem_tests::TestAgent;
use tandem_tests::mock_model::{FAST_MODEL, MockModel, act, on_element, request_text};

async fn agent_with(model: &MockModel) -> TestAgent {
    let planner = ModelPlanner::from_config(model.config()).unwrap();
    TestAgent::start_with(
        AgentConfig::default().with_max_actions(20),
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

fn stop(answer: &str) -> tandem_tests::mock_model::Script {
    act(json!({ "action": "stop", "answer": answer }))
}

#[tokio::test]
async fn what_did_you_just_buy_is_asked_with_the_earlier_run_in_the_request() {
    let model = MockModel::start().await;
    let mut t = agent_with(&model).await;
    model.script(vec![
        act(json!({ "action": "navigate", "url": t.url("/shop.html") })),
        buy_now(),
        stop("I bought the blue mug for 12 EUR."),
        stop("You just bought the blue mug."),
    ]);
    t.say("buy the blue mug").await.unwrap();
    let asked = t.question().await.unwrap();
    let InterruptKind::Confirm { action_hash, .. } = &asked.kind else {
        panic!("expected a confirmation, got {asked:?}");
    };
    let yes = Resume::Confirm {
        approved: true,
        action_hash: action_hash.clone(),
        remember: false,
        reason: None,
    };
    t.agent.resume(&asked.id, yes).await.unwrap();
    assert_eq!(t.finished().await.unwrap().0, RunOutcome::Done);
    t.say("what did you just buy?").await.unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(
        (outcome, text.as_str()),
        (RunOutcome::Done, "You just bought the blue mug.")
    );

    let requests = planning_requests(&model).await;
    assert_eq!(requests.len(), 4);
    assert!(
        !requests[0].contains("Earlier in this conversation"),
        "a first run has nothing to remember: {}",
        requests[0]
    );
    let second = &requests[3];
    for expected in [
        "# Goal (from the person)\nwhat did you just buy?",
        "## Earlier in this conversation (oldest first)",
        "- Run 1: \"buy the blue mug\" → done.",
        "button \"Buy now\"",
        "/shop.html",
        "Answer: \"I bought the blue mug for 12 EUR.\"",
        "## Last messages (verbatim, oldest first)\nperson: buy the blue mug\ntandem: I bought the blue mug for 12 EUR.",
    ] {
        assert!(
            second.contains(expected),
            "the second run's request holds {expected:?}: {second}"
        );
    }
    assert!(
        second.contains("# Steps so far\nnone yet"),
        "the short layer starts afresh: {second}"
    );
    t.shutdown().await;
}

#[tokio::test]
async fn now_do_the_same_for_the_second_item_is_planned_from_the_first_runs_summary() {
    let model = MockModel::start().await;
    let mut t = agent_with(&model).await;
    model.script(vec![
        act(json!({ "action": "navigate", "url": t.url("/store.html") })),
        on_element(
            "Add mug to cart",
            |eid| json!({ "action": "click", "eid": eid }),
        ),
        stop("The blue mug is in the cart."),
        on_element(
            "Add towel to cart",
            |eid| json!({ "action": "click", "eid": eid }),
        ),
        stop("The tea towel is in the cart too."),
    ]);
    t.say("add the first item to the cart").await.unwrap();
    assert_eq!(t.finished().await.unwrap().0, RunOutcome::Done);
    t.say("now do the same for the second item").await.unwrap();
    assert_eq!(t.finished().await.unwrap().0, RunOutcome::Done);
    t.page_shows("Cart: 2 items").await.unwrap();

    let requests = planning_requests(&model).await;
    let second_run = &requests[3];
    for expected in [
        "now do the same for the second item",
        "- Run 1: \"add the first item to the cart\" → done.",
        "button \"Add mug to cart\"",
        "/store.html",
    ] {
        assert!(
            second_run.contains(expected),
            "the second run's request holds {expected:?}: {second_run}"
        );
    }
    t.shutdown().await;
}

#[tokio::test]
async fn chat_mode_with_a_model_talks_about_the_page_with_the_conversation_and_never_acts() {
    let model = MockModel::start().await;
    let mut t = agent_with(&model).await;
    model.script(vec![
        act(json!({ "action": "navigate", "url": t.url("/form.html") })),
        stop("The form is open."),
        tandem_tests::mock_model::reply("You can fill in your full name, then create the account."),
    ]);
    t.say("open the sign-up form").await.unwrap();
    assert_eq!(t.finished().await.unwrap().0, RunOutcome::Done);
    t.agent.set_mode(Mode::Chat).await.unwrap();
    t.say("what can I fill in here?").await.unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(
        (outcome, text.as_str()),
        (
            RunOutcome::Done,
            "You can fill in your full name, then create the account."
        )
    );
    let bodies = model.requests().await;
    let chat = bodies.last().unwrap();
    assert!(
        chat.get("response_format").is_none(),
        "a plain-text answer, no action schema: {chat}"
    );
    let asked = request_text(chat);
    for expected in [
        "chat mode",
        "- Run 1: \"open the sign-up form\" → done.",
        "<page_content>",
        "Full name",
        "# The person says\nwhat can I fill in here?",
    ] {
        assert!(
            asked.contains(expected),
            "the chat request holds {expected:?}: {asked}"
        );
    }
    assert_eq!(
        planning_requests(&model).await.len(),
        3,
        "one request for the chat"
    );
    t.shutdown().await;
}

#[tokio::test]
async fn an_answer_patches_the_product_doc_whose_card_is_the_long_layer_of_the_next_request() {
    let model = MockModel::start().await;
    let mut t = agent_with(&model).await;
    model.script(vec![
        act(json!({ "action": "ask_user", "questions": [
            { "id": "audience", "prompt": "Who is the site for?", "kind": "text", "options": [] }
        ] })),
        stop("Noted."),
    ]);
    t.say("let's plan a small site").await.unwrap();
    let asked = t.question().await.unwrap();
    t.agent
        .resume(
            &asked.id,
            Resume::Answer {
                answers: vec![tandem_protocol::Answer {
                    question_id: "audience".into(),
                    values: vec!["families in Lyon".into()],
                }],
            },
        )
        .await
        .unwrap();
    let updated = t
        .wait_for_event(|e| matches!(e, tandem_agent::AgentEvent::ProductDocUpdated { .. }))
        .await
        .unwrap();
    let tandem_agent::AgentEvent::ProductDocUpdated { changed, doc, .. } = updated else {
        unreachable!()
    };
    assert_eq!(changed, ["Who is the site for"]);
    assert_eq!(doc.sections[0].content, "families in Lyon");
    assert_eq!(t.finished().await.unwrap().0, RunOutcome::Done);
    let requests = planning_requests(&model).await;
    assert!(
        requests[1].contains("## Project card\n- Who is the site for: families in Lyon"),
        "the card is in the long layer: {}",
        requests[1]
    );
    t.shutdown().await;
}

#[tokio::test]
async fn a_long_earlier_run_is_folded_on_the_fast_tier_before_the_next_runs_first_plan() {
    let model = MockModel::start().await;
    let mut t = agent_with(&model).await;
    let long_answer = format!("The shop sells a blue mug. {}", "It is 12 EUR. ".repeat(40));
    model.script(vec![
        act(json!({ "action": "navigate", "url": t.url("/shop.html") })),
        stop(&long_answer),
        stop("As I said, 12 EUR."),
    ]);
    t.say("what does the shop sell?").await.unwrap();
    assert_eq!(t.finished().await.unwrap().0, RunOutcome::Done);
    t.say("how much was it?").await.unwrap();
    assert_eq!(t.finished().await.unwrap().0, RunOutcome::Done);

    let bodies = model.requests().await;
    let folds: Vec<String> = bodies
        .iter()
        .filter(|body| body["model"] == FAST_MODEL)
        .map(request_text)
        .collect();
    let [fold] = folds.as_slice() else {
        panic!("one FAST request folds the first run: {folds:?}");
    };
    assert!(
        fold.contains("Asked: \"what does the shop sell?\". Outcome: done."),
        "{fold}"
    );
    let requests = planning_requests(&model).await;
    let second = &requests[2];
    assert!(
        second.contains("- Run 1: \"what does the shop sell?\" → done. Goal: as asked"),
        "the folded summary stands for the run: {second}"
    );
    let run_line = second.lines().find(|l| l.starts_with("- Run 1:")).unwrap();
    assert!(!run_line.contains("It is 12 EUR."), "{run_line}");
    assert!(
        second.contains(
            "## Last messages (verbatim, oldest first)\nperson: what does the shop sell?"
        ),
        "the last messages stay verbatim: {second}"
    );
    t.shutdown().await;
}

#[tokio::test]
async fn the_persons_message_patches_the_product_doc_on_the_fast_tier_and_it_is_saved() {
    let model = MockModel::start().await;
    wiremock::Mock::given(wiremock::matchers::method("POST"))
        .and(wiremock::matchers::body_string_contains(
            "Product Doc of a small website",
        ))
        .respond_with(tandem_tests::mock_model::completion(
            r#"{"patches": [{"title": "Audience", "content": "families in Lyon"}]}"#,
        ))
        .with_priority(1)
        .mount(&model.server)
        .await;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sites").join("s1").join("product-doc.json");
    let config = AgentConfig {
        product_doc_path: Some(path.clone()),
        ..AgentConfig::default().with_max_actions(20)
    };
    let planner = ModelPlanner::from_config(model.config()).unwrap();
    let mut t = TestAgent::start_with(config, Arc::new(planner))
        .await
        .unwrap();
    model.script(vec![stop("Noted: a site for families in Lyon.")]);
    t.say("the site is for families in Lyon").await.unwrap();
    let updated = t
        .wait_for_event(|e| matches!(e, tandem_agent::AgentEvent::ProductDocUpdated { .. }))
        .await
        .unwrap();
    let tandem_agent::AgentEvent::ProductDocUpdated { changed, .. } = updated else {
        unreachable!()
    };
    assert_eq!(changed, ["Audience"]);
    assert_eq!(t.finished().await.unwrap().0, RunOutcome::Done);
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("\"updated_by\": \"person\""), "{saved}");
    let requests = planning_requests(&model).await;
    assert!(
        requests[0].contains("## Project card\n- Audience: families in Lyon"),
        "the first plan already carries the card: {}",
        requests[0]
    );
    t.shutdown().await;
}
