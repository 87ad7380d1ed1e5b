//! The chat UI in real headless Chromium, driven by Tandem's own MCP browser tools: open the page
//! with the token, send a goal, see the confirm card, approve (or deny with a reason), see the run
//! finish. A screenshot of the UI is saved as a test artifact. A browser killed between two
//! messages shows as one "browser restarted" line on the UI's timeline.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use crate::support;

use support::TestDaemon;
use support::ui::{
    click, eid, open_chat, open_ui, save_screenshot, say, snapshot, type_ada_into_the_form,
    type_into, wait_text,
};
use tandem_mcp_browser::browser::WaitCondition;
use tandem_mcp_browser::server::params::{ClickParams, NavigateParams, ObserveParams, WaitParams};
use tandem_tests::{FixtureSite, TestBrowser};

#[tokio::test]
async fn a_person_approves_a_confirmation_in_the_chat_ui() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let person = TestBrowser::start().await.unwrap();
    let ui = &person.client;

    let address = format!("{}#token={}", daemon.url("/"), daemon.token);
    ui.invoke(&NavigateParams {
        url: address.to_string(),
    })
    .await
    .unwrap();
    wait_text(ui, "idle").await;
    let page = snapshot(ui).await;
    assert!(
        !page.url.contains("token="),
        "the token leaves the address bar: {}",
        page.url
    );

    let goal = format!(
        "open {} then type Ada into Full name then click Create account",
        site.url("/form.html")
    );
    say(ui, &goal).await;

    let approve = WaitCondition::Element {
        name: "Approve for this session".into(),
        role: Some("button".into()),
    };
    ui.invoke(&WaitParams {
        condition: approve.clone(),
        timeout_ms: Some(30_000),
    })
    .await
    .unwrap();
    let card = ui.invoke(&ObserveParams::compact(None)).await.unwrap();
    assert!(
        card.text.contains("Create account"),
        "the card names the target: {}",
        card.text
    );
    save_screenshot(ui, "ui-confirm-card.png").await;

    ui.invoke(&ClickParams {
        eid: eid(&card.observation.snapshot, "button", "Approve").to_string(),
    })
    .await
    .unwrap();
    wait_text(ui, "completed").await;
    let done = ui.invoke(&ObserveParams::compact(None)).await.unwrap();
    assert!(
        !done.text.contains("Approve for this session"),
        "the card is gone"
    );

    person.shutdown().await;
    daemon.stop().await;
}

#[tokio::test]
async fn a_browser_restart_shows_as_one_line_on_the_chat_timeline() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let person = open_chat(&daemon).await;
    let ui = &person.client;
    say(ui, &format!("open {}", site.url("/form.html"))).await;
    wait_text(ui, "completed").await;

    daemon.kill_browser().await;
    say(ui, &format!("open {}", site.url("/links.html"))).await;
    wait_text(ui, "The browser was restarted").await;
    let shown = ui.invoke(&ObserveParams::compact(None)).await.unwrap().text;
    assert_eq!(
        shown.matches("The browser was restarted").count(),
        1,
        "{shown}"
    );
    assert!(shown.contains("SIGKILL"), "the reason is shown: {shown}");

    person.shutdown().await;
    daemon.stop().await;
}

#[tokio::test]
async fn a_denial_with_a_reason_reaches_the_planner_which_names_what_was_declined() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let person = open_chat(&daemon).await;
    let ui = &person.client;
    let goal = format!("open {} then click Buy now", site.url("/shop.html"));
    say(ui, &goal).await;
    let deny = WaitCondition::Element {
        name: "Deny".into(),
        role: Some("button".into()),
    };
    ui.invoke(&WaitParams {
        condition: deny.clone(),
        timeout_ms: Some(30_000),
    })
    .await
    .unwrap();
    let card = snapshot(ui).await;
    type_into(ui, &card, ("textbox", "Why not?"), "no more mugs", false).await;
    click(ui, &card, "button", "Deny").await;
    wait_text(ui, "was declined: no more mugs").await;
    person.shutdown().await;
    daemon.stop().await;
}

#[tokio::test]
async fn the_history_panel_shows_an_earlier_run_with_its_steps_and_screenshots() {
    let site = FixtureSite::start().await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut config = tandem_server::Config::default();
    config.sessions.store_dir = Some(dir.path().to_path_buf());
    let daemon = TestDaemon::start_with(config).await;
    let person = open_chat(&daemon).await;
    let ui = &person.client;
    let goal = type_ada_into_the_form(ui, &site).await;
    let page = snapshot(ui).await;
    click(ui, &page, "button", "Show earlier runs").await;
    wait_text(ui, &format!("{goal} — done")).await;
    let page = snapshot(ui).await;
    let run = page
        .elements
        .iter()
        .find(|e| e.name.starts_with(&goal))
        .expect("the run's entry");
    ui.invoke(&tandem_mcp_browser::server::params::ScrollParams {
        eid: Some(run.eid.as_str().to_owned()),
        ..Default::default()
    })
    .await
    .unwrap();
    ui.invoke(&ClickParams {
        eid: run.eid.as_str().to_string(),
    })
    .await
    .unwrap();
    // The caption is drawn only with a screenshot that rendered from a safe data: URL.
    wait_text(ui, "screenshot obs-2").await;
    let opened = ui.invoke(&ObserveParams::compact(None)).await.unwrap();
    assert!(
        opened.text.contains("Looked at Sign up form")
            && opened.text.contains("type Ada → success"),
        "the run's steps are listed: {}",
        opened.text
    );
    person.shutdown().await;
    daemon.stop().await;
}

#[tokio::test]
async fn an_answer_shows_a_product_doc_updated_card_that_opens_on_the_whole_doc() {
    let model = tandem_tests::mock_model::MockModel::start().await;
    model.script(vec![
        tandem_tests::mock_model::act(serde_json::json!({ "action": "ask_user", "questions": [
            { "id": "audience", "prompt": "Who is the site for?", "kind": "text", "options": [] }
        ] })),
        tandem_tests::mock_model::act(serde_json::json!({ "action": "stop", "answer": "Noted." })),
    ]);
    let daemon = TestDaemon::with_model(model.config()).await;
    let person = open_chat(&daemon).await;
    let ui = &person.client;
    say(ui, "let's plan a small site").await;
    let answer = WaitCondition::Element {
        name: "Who is the site for?".into(),
        role: Some("textbox".into()),
    };
    ui.invoke(&WaitParams {
        condition: answer.clone(),
        timeout_ms: Some(30_000),
    })
    .await
    .unwrap();
    let form = snapshot(ui).await;
    type_into(
        ui,
        &form,
        ("textbox", "Who is the site for?"),
        "families in Lyon",
        false,
    )
    .await;
    click(ui, &form, "button", "Send answers").await;
    wait_text(ui, "Product Doc updated: Who is the site for").await;
    let page = snapshot(ui).await;
    let card = page
        .elements
        .iter()
        .find(|e| e.name.starts_with("Product Doc updated"))
        .expect("the card's summary");
    ui.invoke(&ClickParams {
        eid: card.eid.as_str().to_string(),
    })
    .await
    .unwrap();
    wait_text(ui, "Whole Product Doc").await;
    let page = snapshot(ui).await;
    let opened = ui.invoke(&ObserveParams::compact(None)).await.unwrap();
    assert!(
        opened
            .text
            .contains("- Who is the site for: families in Lyon"),
        "the card shows the project card: {}",
        opened.text
    );
    click(ui, &page, "button", "Whole Product Doc").await;
    wait_text(ui, "updated by you").await;
    person.shutdown().await;
    daemon.stop().await;
}

#[tokio::test]
async fn each_step_is_one_line_that_is_updated_in_place() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let person = open_chat(&daemon).await;
    let ui = &person.client;
    type_ada_into_the_form(ui, &site).await;
    let shown = ui.invoke(&ObserveParams::compact(None)).await.unwrap().text;
    // Each action's frames (planned, gated, started, done) share a step id: one line each,
    // showing where the step ended; the planner's stop ends with the run.
    let steps = shown.split("## Steps").nth(1).unwrap_or_default();
    assert_eq!(
        steps
            .matches(r#"type \"Ada\" into the \"Full name\" field"#)
            .count(),
        1,
        "{steps}"
    );
    assert!(
        steps.contains(r#"type \"Ada\" into the \"Full name\" field: typed 3 characters"#),
        "{steps}"
    );
    assert_eq!(
        steps.matches("form.html: opened http").count(),
        1,
        "{steps}"
    );
    assert_eq!(steps.matches("(succeeded)").count(), 3, "{steps}");
    assert!(
        !steps.contains("(pending)"),
        "no line stays pending: {steps}"
    );
    assert!(steps.contains("finalize_done"), "{steps}");
    person.shutdown().await;
    daemon.stop().await;
}

#[tokio::test]
async fn a_reload_shows_the_conversation_its_steps_and_the_last_page_again() {
    let person = TestBrowser::start().await.unwrap();
    reload_shows_everything_again(&person.client, "ui-reload-1280px.png").await;
    person.shutdown().await;
}

#[tokio::test]
async fn at_390_px_wide_a_reload_shows_the_conversation_again() {
    let host = tandem_mcp_browser::BrowserHost::new(tandem_mcp_browser::BrowserConfig {
        viewport_width: 390,
        viewport_height: 844,
        ..tandem_tests::browser_config()
    });
    let ui = tandem_tests::connected_client(&host).await.unwrap();
    reload_shows_everything_again(&ui, "ui-reload-390px.png").await;
    host.shutdown().await;
}

/// Runs a goal in the chat page, reloads it, and checks that the conversation, its steps and the
/// last page are shown again; saves a screenshot of the reloaded page as `shot`.
async fn reload_shows_everything_again(ui: &tandem_mcp_browser::McpBrowserClient, shot: &str) {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    open_ui(&daemon, ui).await;
    let goal = type_ada_into_the_form(ui, &site).await;
    let before = ui.invoke(&ObserveParams::compact(None)).await.unwrap().text;

    let chat_page = NavigateParams {
        url: daemon.url("/"),
    };
    ui.invoke(&chat_page).await.unwrap();
    wait_text(ui, "completed").await;
    wait_text(ui, &goal).await;
    save_screenshot(ui, shot).await;
    let after = ui.invoke(&ObserveParams::compact(None)).await.unwrap().text;
    assert_eq!(after.matches(goal.as_str()).count(), 1, "{after}");
    let steps = after.split("## Steps").nth(1).unwrap_or_default();
    assert_eq!(
        steps
            .matches(r#"type \"Ada\" into the \"Full name\" field: typed 3 characters"#)
            .count(),
        1,
        "the steps are shown again: {steps}"
    );
    assert!(after.contains("Sign up form"), "the last page: {after}");
    let answers: Vec<&str> = before.lines().filter(|l| l.contains("Tandem ·")).collect();
    assert!(!answers.is_empty(), "the agent answered: {before}");
    for line in answers {
        assert!(after.contains(line), "{line:?} is shown again: {after}");
    }
    daemon.stop().await;
}

/// At phone width the message box stays within reach: after scrolling down to the live view, a
/// person can still type and press Send (the click lands, nothing covers it).
#[tokio::test]
async fn at_390_px_the_composer_is_reachable_below_the_live_view() {
    let site = FixtureSite::start().await.unwrap();
    let daemon = TestDaemon::start().await;
    let (host, ui) = support::ui::phone_client().await;
    open_ui(&daemon, &ui).await;
    type_ada_into_the_form(&ui, &site).await;
    ui.call(
        "scroll",
        serde_json::json!({ "direction": "down", "amount_px": 5000 }),
    )
    .await
    .unwrap();
    save_screenshot(&ui, "ui-composer-390px-scrolled.png").await;
    say(&ui, "type Bo into Full name").await;
    wait_text(&ui, "typed 2 characters").await;
    ui.close().await;
    host.shutdown().await;
    daemon.stop().await;
}
