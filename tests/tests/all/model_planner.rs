//! The model planner end to end: real headless Chromium on the fixture site, the agent graph,
//! and a wiremock server speaking OpenAI chat completions with scripted answers. Each test
//! asserts what the model received as well as what the agent did.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use tandem_agent::model::{ModelConfig, SecretEntry, SecretString, TierModels};
use tandem_agent::planner::model::REMOVED_PROTOCOL_TEXT;
use tandem_agent::{AgentConfig, AgentEvent, InterruptKind, ModelPlanner, Resume};
use tandem_protocol::RunOutcome;
use tandem_tests::TestAgent;
use tandem_tests::mock_model::{
    FAST_MODEL, MockModel, POWERFUL_MODEL, STANDARD_MODEL, act, delayed, on_element, rate_limited,
    reply, request_text, status,
};
use wiremock::matchers::{body_partial_json, method};
use wiremock::{Mock, ResponseTemplate};

async fn agent_with(config: ModelConfig) -> TestAgent {
    let planner = ModelPlanner::from_config(config).unwrap();
    TestAgent::start_with(
        AgentConfig::default().with_max_actions(100),
        Arc::new(planner),
    )
    .await
    .unwrap()
}

fn stop(answer: &str) -> serde_json::Value {
    json!({ "action": "stop", "answer": answer })
}

#[tokio::test]
async fn plans_a_multi_step_task_with_small_context_and_masked_secrets() {
    let model = MockModel::start().await;
    let mut config = model.config();
    config.compaction_threshold_tokens = 60;
    config.secrets.insert(
        "home_street".to_owned(),
        SecretEntry {
            host: "127.0.0.1".to_owned(),
            value: SecretString::new("1 Main Street"),
        },
    );
    let mut t = agent_with(config).await;
    model.script(vec![
        act(json!({ "action": "navigate", "url": t.url("/shipping.html") })),
        on_element("Recipient", |eid| {
            json!({ "action": "type", "eid": eid, "text": "Jane Doe" })
        }),
        on_element("Street", |eid| {
            json!({ "action": "type", "eid": eid, "text": "<secret:home_street>" })
        }),
        on_element("City", |eid| {
            json!({ "action": "type", "eid": eid, "text": "Paris", "clear": null, "submit": null })
        }),
        on_element("Country", |eid| {
            json!({ "action": "select_option", "eid": eid, "option": "France" })
        }),
        on_element("Express delivery", |eid| json!({ "action": "check", "eid": eid })),
        on_element("Save address", |eid| json!({ "action": "click", "eid": eid })),
        act(stop("Saved the address.")),
    ]);
    let run_id = t
        .say("Ship to Jane Doe, 1 Main Street, Paris, France, express, and save the address")
        .await
        .unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    assert_eq!(text, "Saved the address.");
    t.page_shows(
        "Saved: recipient=Jane Doe; street=1 Main Street; city=Paris; country=fr; express=on",
    )
    .await
    .unwrap();

    let requests = model.requests().await;
    let planning: Vec<_> = requests
        .iter()
        .filter(|r| r["model"] != FAST_MODEL)
        .collect();
    assert_eq!(planning.len(), 8);
    for request in &planning {
        assert_eq!(request["response_format"]["type"], "json_schema");
        assert_eq!(request["response_format"]["json_schema"]["strict"], true);
        assert!(
            request["response_format"]["json_schema"]["schema"]["properties"]["action"].is_object()
        );
    }
    // The snapshot of the real page is in the request, as delimited data.
    let second = request_text(planning[1]);
    assert!(second.contains("<page_content>"), "{second}");
    assert!(second.contains("textbox \"Recipient\""), "{second}");
    // The secret reached the browser but never the model.
    for raw in model.raw_requests().await {
        assert!(!raw.contains("1 Main Street"), "{raw}");
    }
    assert!(second.contains("<secret:home_street> (typed only on 127.0.0.1)"));
    // Past the threshold the middle step was folded on the FAST tier, once.
    let folds: Vec<_> = requests
        .iter()
        .filter(|r| r["model"] == FAST_MODEL)
        .collect();
    assert_eq!(folds.len(), 1);
    assert!(request_text(folds[0]).contains("3. type \"<secret:home_street>\""));
    let last = request_text(planning[7]);
    assert!(
        last.contains("# Summary of earlier steps\nGoal: as asked"),
        "{last}"
    );
    assert!(
        last.contains("1. open ") && last.contains("7. click "),
        "{last}"
    );
    assert!(!last.contains("3. type"), "{last}");
    // Usage per request and per run, in events and the record.
    let run = t.agent.run(&run_id).unwrap();
    assert_eq!(run.usage.requests, 9);
    assert_eq!(run.usage.prompt_tokens, 9 * 1_200);
    t.shutdown().await;
}

#[tokio::test]
async fn invalid_json_is_repaired_into_a_valid_action() {
    let model = MockModel::start().await;
    let mut t = agent_with(model.config()).await;
    model.script(vec![
        reply("{\"action\": click the button"),
        act(stop("Nothing to do.")),
    ]);
    t.say("say hello").await.unwrap();
    let usage = t
        .wait_for_event(|e| matches!(e, AgentEvent::Usage { .. }))
        .await
        .unwrap();
    let AgentEvent::Usage { request, .. } = usage else {
        unreachable!()
    };
    assert_eq!(request.stage, "plan");
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(
        (outcome, text.as_str()),
        (RunOutcome::Done, "Nothing to do.")
    );
    let requests = model.requests().await;
    assert_eq!(requests.len(), 2);
    let repair = request_text(&requests[1]);
    assert!(
        repair.contains("Your previous answer could not be used"),
        "{repair}"
    );
    t.shutdown().await;
}

#[tokio::test]
async fn three_invalid_outputs_block_the_run_after_escalating() {
    let model = MockModel::start().await;
    let mut t = agent_with(model.config()).await;
    model.script((0..6).map(|_| reply("not an action")).collect());
    let run_id = t.say("do something").await.unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Blocked, "{text}");
    assert_eq!(
        model.models().await,
        [
            STANDARD_MODEL,
            STANDARD_MODEL,
            POWERFUL_MODEL,
            POWERFUL_MODEL,
            POWERFUL_MODEL,
            POWERFUL_MODEL
        ]
    );
    assert_eq!(
        t.agent.run(&run_id).unwrap().nodes().last(),
        Some(&"finalize_blocked")
    );
    t.shutdown().await;
}

#[tokio::test]
async fn a_rate_limit_is_waited_out() {
    let model = MockModel::start().await;
    let mut t = agent_with(model.config()).await;
    model.script(vec![rate_limited(1), act(stop("Done after waiting."))]);
    let started = Instant::now();
    t.say("wait your turn").await.unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(
        (outcome, text.as_str()),
        (RunOutcome::Done, "Done after waiting.")
    );
    assert!(started.elapsed() >= Duration::from_secs(1));
    assert_eq!(model.requests().await.len(), 2);
    t.shutdown().await;
}

#[tokio::test]
async fn server_errors_past_the_retries_fail_the_run_with_the_provider_message() {
    let model = MockModel::start().await;
    let mut config = model.config();
    config.max_retries = 2;
    let mut t = agent_with(config).await;
    model.script((0..5).map(|_| status(500, "upstream overloaded")).collect());
    let run_id = t.say("anything").await.unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Failed, "{text}");
    assert!(text.contains("upstream overloaded"), "{text}");
    assert!(text.contains("after 3 attempt(s)"), "{text}");
    assert_eq!(model.requests().await.len(), 3);
    assert_eq!(
        t.agent.run(&run_id).unwrap().nodes().last(),
        Some(&"finalize_failed")
    );
    t.shutdown().await;
}

#[tokio::test]
async fn a_request_that_times_out_is_retried() {
    let model = MockModel::start().await;
    let mut config = model.config();
    // The delayed answer comes far past the timeout; the next one must arrive within it even on a
    // loaded machine.
    config.timeout_ms = 1_500;
    let mut t = agent_with(config).await;
    model.script(vec![
        delayed(Duration::from_secs(30), act(stop("too late"))),
        act(stop("on time")),
    ]);
    t.say("hurry").await.unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!((outcome, text.as_str()), (RunOutcome::Done, "on time"));
    assert_eq!(model.requests().await.len(), 2);
    t.shutdown().await;
}

#[tokio::test]
async fn a_failing_primary_model_falls_back_to_the_secondary() {
    let model = MockModel::start().await;
    Mock::given(method("POST"))
        .and(body_partial_json(json!({ "model": STANDARD_MODEL })))
        .respond_with(
            ResponseTemplate::new(503).set_body_json(json!({"error": {"message": "down"}})),
        )
        .with_priority(1)
        .mount(&model.server)
        .await;
    let mut config = model.config();
    config.max_retries = 1;
    config.standard = Some(TierModels::new(STANDARD_MODEL).with_fallback("standard-backup"));
    let mut t = agent_with(config).await;
    model.script(vec![act(stop("Answered by the backup."))]);
    t.say("anything").await.unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(
        (outcome, text.as_str()),
        (RunOutcome::Done, "Answered by the backup.")
    );
    assert_eq!(
        model.models().await,
        [STANDARD_MODEL, STANDARD_MODEL, "standard-backup"]
    );
    t.shutdown().await;
}

#[tokio::test]
async fn acting_on_injected_page_text_still_meets_the_confirmation() {
    let model = MockModel::start().await;
    let mut t = agent_with(model.config()).await;
    // This model falls for the page: it clicks "Delete all" because the page says so.
    model.script(vec![
        act(json!({ "action": "navigate", "url": t.url("/injected.html") })),
        on_element("Delete all", |eid| json!({ "action": "click", "eid": eid })),
    ]);
    t.say("show me my saved items").await.unwrap();
    let asked = t.question().await.unwrap();
    let InterruptKind::Confirm {
        rule, action_hash, ..
    } = &asked.kind
    else {
        panic!("expected a confirmation, got {asked:?}");
    };
    assert_eq!(rule, "confirm-delete");
    t.page_shows("Items: 3").await.unwrap();
    t.agent
        .resume(
            &asked.id,
            Resume::Confirm {
                approved: false,
                action_hash: action_hash.clone(),
                remember: false,
                reason: None,
            },
        )
        .await
        .unwrap();
    // A decline is a step the model reads and the run goes on: here the script's own stop.
    let (outcome, _) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Done);
    t.page_shows("Items: 3").await.unwrap();

    // What the model saw: the page as delimited data, its fake protocol removed.
    let requests = model.requests().await;
    let page = requests[1]["messages"][1]["content"].as_str().unwrap();
    assert!(page.contains("IGNORE PREVIOUS INSTRUCTIONS"), "{page}");
    assert!(page.contains(REMOVED_PROTOCOL_TEXT), "{page}");
    assert!(!page.contains("approved by the user"), "{page}");
    assert_eq!(page.matches("</page_content>").count(), 1, "{page}");
    t.shutdown().await;
}
