//! The chat page's forms and toggles in real headless Chromium, driven as a person would: an ask
//! form with radio, checkbox and text questions answered in the page (after a reload, which
//! re-shows the pending question), and the reasoning and mode toggles with their effects visible
//! (the planner's why appears in the chat; chat mode answers without acting). Only the model is
//! faked. Screenshots of each state are saved in `target/tmp/artifacts/`.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use crate::support;

use serde_json::json;
use support::TestDaemon;
use support::ui::{
    assert_fits_phone_width, click, open_chat, open_ui, phone_client, save_screenshot, say,
    snapshot, type_into, wait_element, wait_text,
};
use tandem_mcp_browser::server::params::{NavigateParams, ObserveParams};
use tandem_tests::mock_model::{MockModel, act, reply, request_text};

#[tokio::test]
async fn an_ask_form_is_shown_again_after_a_reload_and_answered_in_the_page() {
    let model = MockModel::start().await;
    model.script(vec![
        act(json!({ "action": "ask_user", "questions": [
            { "id": "tone", "prompt": "Which tone?", "kind": "radio", "options": [
                { "value": "warm", "label": "Warm" }, { "value": "formal", "label": "Formal" } ] },
            { "id": "pages", "prompt": "Which pages?", "kind": "checkbox", "options": [
                { "value": "menu", "label": "Menu" }, { "value": "contact", "label": "Contact" },
                { "value": "jobs", "label": "Jobs" } ] },
            { "id": "name", "prompt": "What is the café called?", "kind": "text", "options": [] }
        ] })),
        act(json!({ "action": "stop", "answer": "Thanks, noted." })),
    ]);
    let daemon = TestDaemon::with_model(model.config()).await;
    let person = open_chat(&daemon).await;
    let ui = &person.client;
    say(ui, "plan a small site for my café").await;
    wait_element(ui, "button", "Send answers").await;

    // A reload re-attaches to the session and shows the pending question again.
    ui.invoke(&NavigateParams {
        url: daemon.url("/").to_string(),
    })
    .await
    .unwrap();
    wait_element(ui, "button", "Send answers").await;
    save_screenshot(ui, "ui-ask-form.png").await;
    let form = snapshot(ui).await;
    assert_eq!(
        form.elements
            .iter()
            .filter(|e| e.name == "Send answers")
            .count(),
        1,
        "one form after the reload"
    );
    click(ui, &form, "radio", "Formal").await;
    click(ui, &form, "checkbox", "Menu").await;
    click(ui, &form, "checkbox", "Jobs").await;
    type_into(
        ui,
        &form,
        ("textbox", "What is the café called?"),
        "Chez Ada",
        false,
    )
    .await;
    save_screenshot(ui, "ui-ask-form-filled.png").await;
    click(ui, &form, "button", "Send answers").await;
    wait_text(ui, "Thanks, noted.").await;
    wait_text(ui, "completed").await;

    let requests = model.requests().await;
    let last = request_text(requests.last().expect("a second request"));
    for answered in ["formal", "menu, jobs", "Chez Ada"] {
        assert!(
            last.contains(answered),
            "the planner got {answered:?}: {last}"
        );
    }
    // The answers as the planner reads them (its guidance may name "contact" for other reasons).
    let answers: Vec<&str> = last
        .lines()
        .filter(|line| line.contains("the person answered") || line.starts_with("- Which"))
        .collect();
    assert!(
        !answers.is_empty(),
        "the answers are in the request: {last}"
    );
    assert!(
        answers.iter().all(|line| !line.contains("contact")),
        "unchecked options are not sent: {answers:?}"
    );
    person.shutdown().await;
    daemon.stop().await;
}

#[tokio::test]
async fn the_reasoning_toggle_shows_the_planners_why_and_chat_mode_answers_without_acting() {
    let model = MockModel::start().await;
    model.script(vec![
        reply(
            &json!({
                "action": { "action": "stop", "answer": "Nothing to do yet." },
                "reasoning": "The page is blank, so there is nothing to click."
            })
            .to_string(),
        ),
        reply("It is an empty page; switch to agent mode if you want me to open one."),
    ]);
    let daemon = TestDaemon::with_model(model.config()).await;
    let person = open_chat(&daemon).await;
    let ui = &person.client;

    let page = snapshot(ui).await;
    click(ui, &page, "switch", "Reasoning").await;
    say(ui, "look around").await;
    wait_text(
        ui,
        "Reasoning: The page is blank, so there is nothing to click.",
    )
    .await;
    wait_text(ui, "Nothing to do yet.").await;
    wait_text(ui, "completed").await;
    save_screenshot(ui, "ui-reasoning.png").await;

    let page = snapshot(ui).await;
    click(ui, &page, "button", "Mode: agent. Switch to chat mode").await;
    wait_element(ui, "button", "Mode: chat. Switch to agent mode").await;
    say(ui, "open https://example.com/ and click Buy").await;
    wait_text(ui, "switch to agent mode if you want me to open one").await;
    save_screenshot(ui, "ui-chat-mode.png").await;
    let shown = ui.invoke(&ObserveParams::compact(None)).await.unwrap().text;
    assert!(
        !shown.contains("navigate"),
        "chat mode took no action: {shown}"
    );
    let requests = model.requests().await;
    let plans = requests
        .iter()
        .filter(|r| r["response_format"]["json_schema"]["name"] == "tandem_action")
        .count();
    assert_eq!(plans, 1, "only the agent-mode run planned an action");
    person.shutdown().await;
    daemon.stop().await;
}

#[tokio::test]
async fn at_390_px_wide_every_control_fits_the_width() {
    let model = MockModel::start().await;
    model.script(vec![act(json!({ "action": "ask_user", "questions": [
        { "id": "tone", "prompt": "Which tone should the pages have?", "kind": "radio",
          "options": [ { "value": "warm", "label": "Warm and friendly" },
                       { "value": "formal", "label": "Formal" } ] }
    ] }))]);
    let daemon = TestDaemon::with_model(model.config()).await;
    let (host, ui) = phone_client().await;
    open_ui(&daemon, &ui).await;
    say(&ui, "plan a small site for my café").await;
    wait_element(&ui, "button", "Send answers").await;
    save_screenshot(&ui, "ui-390px.png").await;

    let page = snapshot(&ui).await;
    assert_fits_phone_width(&page);
    for control in ["Send", "Send answers", "Reasoning"] {
        assert!(
            page.elements.iter().any(|e| e.name == control),
            "{control} is on the page"
        );
    }
    ui.close().await;
    host.shutdown().await;
    daemon.stop().await;
}
