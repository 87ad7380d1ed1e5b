//! The person's words while a question is pending, typed into the chat page's message box as a
//! person would: at a confirm card the message declines the action with the message as the
//! reason (even when it sounds like a yes), and the same run goes on; at an ask form, a message
//! that answers the question is the answer.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use crate::support;

use support::TestDaemon;
use support::ui::{open_ui, save_screenshot, say, wait_element, wait_text};
use tandem_mcp_browser::server::params::ObserveParams;
use tandem_tests::mock_model::{MockModel, act};
use tandem_tests::{FixtureSite, TestBrowser};

#[tokio::test]
async fn a_message_typed_at_a_confirm_card_declines_the_action_with_it_as_the_reason() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let person = TestBrowser::start().await.unwrap();
    let ui = &person.client;
    open_ui(&daemon, ui).await;
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
    let person = TestBrowser::start().await.unwrap();
    let ui = &person.client;
    open_ui(&daemon, ui).await;
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
