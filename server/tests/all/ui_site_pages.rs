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
    // Each link is named by its page's title (the business's name is a placeholder here: the
    // brief gives none) and leads to its page.
    let mut pages: Vec<(&str, &str)> = links
        .iter()
        .map(|e| {
            let href = e.href.as_deref().unwrap_or_default();
            let slug = href.rsplit('/').next().unwrap_or_default();
            (slug.trim_end_matches(".html"), e.name.as_str())
        })
        .collect();
    pages.sort();
    let slugs: Vec<&str> = pages.iter().map(|(slug, _)| *slug).collect();
    assert_eq!(slugs, ["contact", "home", "menu"], "{}", shown.text);
    assert!(pages[0].1.starts_with("Contact"), "{pages:?}");
    assert!(pages[2].1.starts_with("Menu"), "{pages:?}");
    assert!(shown.text.contains("v2"), "{}", shown.text);
    assert!(
        shown
            .text
            .matches("passes at 360, 768 and 1280 px, no violations")
            .count()
            >= 3,
        "one validation summary per listed page: {}",
        shown.text
    );
    person.shutdown().await;
    daemon.stop().await;
}
