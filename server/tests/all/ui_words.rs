//! The person's words while a question is pending, typed into the chat page's message box as a
//! person would: at a confirm card the message declines the action with the message as the
//! reason (even when it sounds like a yes), and the same run goes on; at an ask form, a message
//! that answers the question is the answer; while a run goes, a message waits and runs next.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use crate::support;

use std::time::Duration;
use support::TestDaemon;
use support::ui::{open_chat, save_screenshot, say, wait_element, wait_text};
use tandem_mcp_browser::server::params::ObserveParams;

use tandem_tests::FixtureSite;
use tandem_tests::mock_model::{MockModel, act, delayed};

#[tokio::test]
async fn a_message_typed_at_a_confirm_card_declines_the_action_with_it_as_the_reason() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let person = open_chat(&daemon).await;
    let ui = &person.client;
    say(
        ui,
        &format!("open {} then click Buy now", site.url("/shop.html")),
    )
    .await;
    wait_element(ui, "button", "Deny").await;
    save_screenshot(ui, "ui-words-confirm-pending.png").await;

    say(ui, "yes, but use the other card").await;
    wait_text(ui, "was declined: yes, but use the other card").await;
    let shown = ui.invoke(&ObserveParams::compact(None)).await.unwrap().text;
    assert!(
        !shown.contains("Approve for this session"),
        "the card is gone: {shown}"
    );
    assert!(
        !shown.contains("Buy now: clicked"),
        "the action was not run: {shown}"
    );
    save_screenshot(ui, "ui-words-confirm-declined.png").await;
    person.shutdown().await;
    daemon.stop().await;
}

#[tokio::test]
async fn a_message_typed_at_an_ask_form_answers_its_question() {
    let model = MockModel::start().await;
    model.script(vec![
        act(serde_json::json!({ "action": "ask_user", "questions": [
            { "id": "audience", "prompt": "Who is the site for?", "kind": "text", "options": [] }
        ] })),
        act(serde_json::json!({ "action": "stop", "answer": "Noted." })),
    ]);
    let daemon = TestDaemon::with_model(model.config()).await;
    let person = open_chat(&daemon).await;
    let ui = &person.client;
    say(ui, "let's plan a small site").await;
    wait_element(ui, "textbox", "Who is the site for?").await;

    say(ui, "families in Lyon").await;
    // The answer patches the Product Doc, exactly as an answer sent from the form does.
    wait_text(ui, "Product Doc updated: Who is the site for").await;
    wait_text(ui, "Noted.").await;
    let shown = ui.invoke(&ObserveParams::compact(None)).await.unwrap().text;
    assert!(!shown.contains("Send answers"), "the form is gone: {shown}");
    save_screenshot(ui, "ui-words-ask-answered.png").await;
    person.shutdown().await;
    daemon.stop().await;
}

#[tokio::test]
async fn a_message_sent_while_a_run_goes_runs_next_and_is_not_lost() {
    let model = MockModel::start().await;
    // The first run's answer is held back so that the second message is sent while it goes.
    let first = act(serde_json::json!({ "action": "stop", "answer": "First one done." }));
    model.script(vec![
        delayed(Duration::from_secs(10), first),
        act(serde_json::json!({ "action": "stop", "answer": "Second one done." })),
    ]);
    let daemon = TestDaemon::with_model(model.config()).await;
    let person = open_chat(&daemon).await;
    let ui = &person.client;
    say(ui, "do the first thing").await;
    wait_text(ui, "running").await;

    say(ui, "then the second thing").await;
    wait_text(ui, "Second one done.").await;
    let shown = ui.invoke(&ObserveParams::compact(None)).await.unwrap().text;
    let first_answer = shown
        .find("First one done.")
        .expect("the first answer is shown");
    let second_answer = shown.find("Second one done.").unwrap_or_default();
    assert!(first_answer < second_answer, "in order: {shown}");
    assert!(
        !shown.contains("a run is in progress"),
        "the message was not refused: {shown}"
    );
    let goals: Vec<String> = model
        .planning_requests()
        .await
        .iter()
        .map(tandem_tests::mock_model::request_text)
        .collect();
    assert_eq!(goals.len(), 2, "one planning request a run");
    assert!(goals[1].contains("then the second thing"), "{}", goals[1]);
    save_screenshot(ui, "ui-words-message-during-run.png").await;
    person.shutdown().await;
    daemon.stop().await;
}
