//! The chat UI lists the session's site pages (title, version, open link, validation summary)
//! after the agent builds a site from one message, in real headless Chromium.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use crate::support;

use support::TestDaemon;
use support::ui::{
    open_chat, open_ui, phone_client, save_screenshot, say, snapshot, wait_text_within,
};
use tandem_mcp_browser::browser::WaitCondition;
use tandem_mcp_browser::server::params::{NavigateParams, ObserveParams, WaitParams};
use tandem_tests::TestBrowser;

#[tokio::test]
async fn the_ui_lists_the_pages_the_agent_built() {
    let daemon = TestDaemon::start().await;
    let person = open_chat(&daemon).await;
    let ui = &person.client;
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
    // The panel shows as soon as the first page is listed: read it once every page's
    // validation summary is there (a cut-off, not a pace: a site build under load is slow).
    let shown = tokio::time::timeout(std::time::Duration::from_secs(240), async {
        loop {
            let shown = ui
                .invoke(&ObserveParams::compact(Some(20_000)))
                .await
                .unwrap();
            if shown
                .text
                .matches("passes at 360, 768 and 1280 px, no violations")
                .count()
                >= 3
            {
                return shown;
            }
            tokio::task::yield_now().await;
        }
    })
    .await
    .expect("three validated pages are listed");
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

/// A brief, then two follow-ups in the same chat, at phone width: each follow-up changes the
/// built site in place (no model) and says what changed.
#[tokio::test]
async fn a_built_site_is_refined_in_conversation_at_390_px() {
    let daemon = TestDaemon::start().await;
    let (host, ui) = phone_client().await;
    open_ui(&daemon, &ui).await;
    say(
        &ui,
        "a bakery called Crumb and Co in Totnes: a menu, reviews and a contact page",
    )
    .await;
    // Each answer shows before its run has ended; the next message, sent then, waits for it.
    wait_text_within(&ui, "Built a site for Crumb and Co", 120).await;
    say(&ui, "make the header green").await;
    wait_text_within(&ui, "Changed the site: header green.", 60).await;
    say(&ui, "get rid of the reviews section").await;
    wait_text_within(&ui, "Changed the site: the reviews section removed.", 60).await;
    wait_text_within(&ui, "Everything else on every page is unchanged", 30).await;
    // A change that is not an offline shape says it needs a model.
    say(&ui, "make it feel more premium").await;
    wait_text_within(&ui, "That change to the site needs a model.", 60).await;
    for (shot, down) in [(1, 1200), (2, 700), (3, 700)] {
        ui.call(
            "scroll",
            serde_json::json!({ "direction": "down", "amount_px": down }),
        )
        .await
        .unwrap();
        save_screenshot(&ui, &format!("ui-site-refined-390px-{shot}.png")).await;
    }
    // The refined site itself, opened from the chat's page list, as a visitor sees it at 390
    // and 1280 px: the business's name, no reviews anywhere, the other sections still there.
    let home = page_link(&snapshot(&ui).await, "home.html");
    let desktop = TestBrowser::start().await.unwrap();
    for (client, width) in [(&ui, 390), (&desktop.client, 1280)] {
        client
            .invoke(&NavigateParams { url: home.clone() })
            .await
            .unwrap();
        wait_text_within(client, "Crumb and Co", 30).await;
        let seen = client
            .invoke(&ObserveParams::compact(Some(20_000)))
            .await
            .unwrap();
        assert!(!seen.text.contains("Reviews"), "{}", seen.text);
        assert!(seen.text.contains("Menu"), "{}", seen.text);
        save_screenshot(client, &format!("ui-site-refined-home-{width}px.png")).await;
    }
    desktop.shutdown().await;
    ui.close().await;
    host.shutdown().await;
    daemon.stop().await;
}

/// The address of the site page `file` as the chat's page list links it.
fn page_link(page: &tandem_mcp_browser::snapshot::Snapshot, file: &str) -> String {
    page.elements
        .iter()
        .filter_map(|e| e.href.as_deref())
        .find(|href| href.contains("/sites/") && href.ends_with(file))
        .unwrap_or_else(|| panic!("no link to {file} in the page list"))
        .to_owned()
}
