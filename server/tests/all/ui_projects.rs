//! The chat page's Projects panel, driven as a person would in headless Chromium: it lists the
//! projects, renames one, opens it (the page attaches to it), and deletes another after a
//! confirm. At 390 px wide the panel fits the width.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use crate::support;

use support::TestDaemon;
use support::ui::{
    assert_fits_phone_width, click, open_chat, open_ui, phone_client, save_screenshot, snapshot,
    type_into, wait_element, wait_text,
};
use tandem_protocol::{ClientMessage, ServerMessage};

async fn stored_names(daemon: &TestDaemon) -> Vec<String> {
    let store = std::sync::Arc::clone(daemon.state.sessions.store().unwrap());
    tokio::task::spawn_blocking(move || store.projects().unwrap())
        .await
        .unwrap()
        .into_iter()
        .map(|p| p.name)
        .collect()
}

#[tokio::test]
async fn the_projects_panel_opens_renames_and_deletes_projects() {
    let daemon = TestDaemon::start().await;
    // Another project, made over the socket and named there.
    let mut other = daemon.client().await;
    let ServerMessage::Session {
        session_id: bakery, ..
    } = other
        .wait_for(|f| matches!(f, ServerMessage::Session { .. }))
        .await
    else {
        unreachable!()
    };
    other
        .send(&ClientMessage::RenameProject {
            project_id: bakery.clone(),
            name: "Bakery plan".into(),
        })
        .await;
    other
        .wait_for(|f| matches!(f, ServerMessage::Projects { .. }))
        .await;
    drop(other);

    let person = open_chat(&daemon).await;
    let ui = &person.client;
    let page = snapshot(ui).await;
    click(ui, &page, "button", "Projects").await;
    wait_text(ui, "Bakery plan").await;
    wait_text(ui, "Untitled project").await;
    save_screenshot(ui, "ui-projects-1280px.png").await;

    let page = snapshot(ui).await;
    click(ui, &page, "button", "Rename Bakery plan").await;
    wait_element(ui, "textbox", "New name").await;
    let page = snapshot(ui).await;
    type_into(ui, &page, ("textbox", "New name"), "Bakery site", true).await;
    click(ui, &page, "button", "Save").await;
    wait_element(ui, "button", "Open Bakery site").await;

    let page = snapshot(ui).await;
    click(ui, &page, "button", "Open Bakery site").await;
    wait_text(ui, "Another project is open now.").await;
    let page = snapshot(ui).await;
    click(ui, &page, "button", "Projects").await;
    // The page's first project is no longer the open one: it can be opened, and deleted.
    wait_element(ui, "button", "Open Untitled project").await;
    let page = snapshot(ui).await;
    click(ui, &page, "button", "Delete Untitled project").await;
    wait_text(ui, "removed for good").await;
    let page = snapshot(ui).await;
    click(ui, &page, "button", "Delete for good").await;
    wait_element(ui, "button", "Rename Bakery site").await;
    let shown = snapshot(ui).await;
    assert!(
        !shown
            .elements
            .iter()
            .any(|e| e.name.contains("Untitled project")),
        "the deleted project is gone from the list"
    );
    assert_eq!(stored_names(&daemon).await, ["Bakery site"]);
    person.shutdown().await;
    daemon.stop().await;
}

#[tokio::test]
async fn at_390_px_wide_the_projects_panel_fits_the_width() {
    let daemon = TestDaemon::start().await;
    let (host, ui) = phone_client().await;
    open_ui(&daemon, &ui).await;
    let page = snapshot(&ui).await;
    click(&ui, &page, "button", "Projects").await;
    wait_element(&ui, "button", "Rename Untitled project").await;
    save_screenshot(&ui, "ui-projects-390px.png").await;
    let page = snapshot(&ui).await;
    assert_fits_phone_width(&page);
    ui.close().await;
    host.shutdown().await;
    daemon.stop().await;
}

#[tokio::test]
async fn forget_logins_in_the_projects_panel_removes_a_projects_saved_logins() {
    let daemon = TestDaemon::start().await;
    let person = open_chat(&daemon).await;
    let ui = &person.client;
    let project = daemon
        .state
        .sessions
        .ids()
        .pop()
        .expect("the page's project");
    let vault = daemon
        .state
        .sessions
        .logins()
        .expect("logins are kept")
        .clone();
    let state: tandem_mcp_browser::SavedBrowserState = serde_json::from_value(serde_json::json!({
        "cookies": [{"name": "session", "value": "tok-ui", "domain": "shop.test"}],
        "local_storage": {}
    }))
    .unwrap();
    vault.save(&project, &state).unwrap();

    let page = snapshot(ui).await;
    click(ui, &page, "button", "Projects").await;
    wait_text(ui, "logins saved").await;
    let page = snapshot(ui).await;
    click(ui, &page, "button", "Forget logins of Untitled project").await;
    // The list comes back without the button once the daemon has removed them.
    let gone = tokio::time::timeout(support::WAIT, async {
        loop {
            let shown = snapshot(ui).await;
            if !shown
                .elements
                .iter()
                .any(|e| e.name.starts_with("Forget logins"))
            {
                return;
            }
            tokio::task::yield_now().await;
        }
    })
    .await;
    assert!(gone.is_ok(), "the button goes with the logins");
    assert!(!vault.has(&project), "the saved logins are removed");
    person.shutdown().await;
    daemon.stop().await;
}
