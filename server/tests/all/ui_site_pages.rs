//! The chat UI lists the session's site pages (title, version, open link, validation summary)
//! after the agent builds a site from one message, in real headless Chromium.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use crate::support;

use support::TestDaemon;
use support::ui::{open_ui, say};
use tandem_mcp_browser::browser::WaitCondition;
use tandem_mcp_browser::server::params::{ObserveParams, WaitParams};
use tandem_tests::TestBrowser;

#[tokio::test]
async fn the_ui_lists_the_pages_the_agent_built() {
    let daemon = TestDaemon::start().await;
    let person = TestBrowser::start().await.unwrap();
    let ui = &person.client;
    open_ui(&daemon, ui).await;
    say(
        ui,
        "build a small site for a bakery with a menu and a contact page",
    )
    .await;
    let listed = WaitCondition::Text {
        text: "Site pages".into(),
    };
    ui.invoke(&WaitParams {
        condition: listed.clone(),
        timeout_ms: Some(60_000),
    })
    .await
    .unwrap();
    let shown = ui
        .invoke(&ObserveParams::compact(Some(20_000)))
        .await
        .unwrap();
    let links: Vec<_> = shown
        .observation
        .snapshot
        .elements
        .iter()
        .filter(|e| e.role == "link" && e.href.as_deref().is_some_and(|h| h.contains("/sites/")))
        .collect();
    let names: Vec<&str> = links.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["Contact", "Home", "Menu"], "{}", shown.text);
    assert!(
        links[2]
            .href
            .as_deref()
            .unwrap()
            .ends_with("/pages/menu.html"),
        "{:?}",
        links[2].href
    );
    assert!(shown.text.contains("v2"), "{}", shown.text);
    assert!(
        shown
            .text
            .matches("passes at 390×844, no violations")
            .count()
            >= 3,
        "one validation summary per listed page: {}",
        shown.text
    );
    person.shutdown().await;
    daemon.stop().await;
}
