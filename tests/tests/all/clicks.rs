//! Clicks land on their element, or say truly why not: elements far down nested scroll
//! containers and in a horizontally scrolled table, elements under a sticky header or a cookie
//! banner (moved clear and clicked), under a dialog's backdrop or a banner that cannot be
//! scrolled away (a typed error naming the cover), and an offer that jumps over the button as
//! the pointer arrives (the press went elsewhere, and the tool says where), an icon redrawn empty
//! as the pointer arrives (clicked once whole again), a button still sliding down as a panel
//! above it opens (clicked where it stops) and a tile that the page re-inserts on every
//! mouseover (the click still reaches it). Real Chromium.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use tandem_mcp_browser::browser::ActionOutcome;
use tandem_mcp_browser::browser::WaitCondition;
use tandem_mcp_browser::server::params::{
    ClickParams, NavigateParams, ObserveParams, ScrollParams, WaitParams,
};
use tandem_mcp_browser::snapshot::Snapshot;
use tandem_mcp_browser::{ClientError, McpBrowserClient};
use tandem_tests::{FixtureSite, TestBrowser};

async fn open(client: &McpBrowserClient, site: &FixtureSite, path: &str) -> Snapshot {
    let url = site.url(path).to_string();
    client.invoke(&NavigateParams { url }).await.unwrap();
    observe(client).await
}

async fn observe(client: &McpBrowserClient) -> Snapshot {
    let observed = client.invoke(&ObserveParams::compact(None)).await.unwrap();
    observed.observation.snapshot
}

fn eid(snapshot: &Snapshot, name: &str) -> String {
    snapshot
        .elements
        .iter()
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("no element named {name:?}"))
        .eid
        .to_string()
}

async fn click(client: &McpBrowserClient, snapshot: &Snapshot, name: &str) -> ActionOutcome {
    let eid = eid(snapshot, name);
    let clicked = client.invoke(&ClickParams { eid }).await;
    clicked.unwrap_or_else(|e| panic!("clicking {name:?} failed: {e}"))
}

async fn click_fails(client: &McpBrowserClient, snapshot: &Snapshot, name: &str) -> ClientError {
    let eid = eid(snapshot, name);
    let clicked = client.invoke(&ClickParams { eid }).await;
    clicked.expect_err("the click should have failed")
}

/// A fixture site and a browser showing `path` on it.
async fn start(path: &str) -> (FixtureSite, TestBrowser, Snapshot) {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let snapshot = open(&browser.client, &site, path).await;
    (site, browser, snapshot)
}

/// Waits (bounded, as a failure cut-off) until the page shows `text`.
async fn page_has(client: &McpBrowserClient, text: &str) {
    let condition = WaitCondition::Text { text: text.into() };
    let waited = client
        .invoke(&WaitParams {
            condition,
            timeout_ms: Some(20_000),
        })
        .await;
    assert!(waited.is_ok(), "page never showed {text:?}: {waited:?}");
}

/// The page's texts now, to check that a click did not happen.
async fn texts(client: &McpBrowserClient) -> Vec<String> {
    observe(client)
        .await
        .texts
        .into_iter()
        .map(|t| t.text)
        .collect()
}

#[tokio::test]
async fn clicks_reach_elements_inside_nested_and_sideways_scroll_containers() {
    let (_site, browser, board) = start("/board.html").await;
    let client = &browser.client;

    // Inside the viewport's bounds but clipped by its own list: it must be scrolled there.
    click(client, &board, "Archive task 6").await;
    page_has(client, "Archived task 6").await;
    // In a list inside the scrolled main panel.
    click(client, &board, "Archive old task 35").await;
    page_has(client, "Archived old task 35").await;
    // Far down the side navigation.
    click(client, &board, "Section 30").await;
    page_has(client, "Opened section 30").await;
    // In a table column to the right of its horizontally scrolled box.
    let outcome = click(client, &board, "Edit invoice 1042").await;
    page_has(client, "Editing invoice 1042").await;
    assert!(
        outcome.message.starts_with("clicked e"),
        "{}",
        outcome.message
    );
    browser.shutdown().await;
}

#[tokio::test]
async fn an_element_under_a_sticky_header_or_a_cookie_banner_is_moved_clear_and_clicked() {
    let (_site, browser, page) = start("/consent.html").await;
    let client = &browser.client;

    // In the viewport at load, under the banner fixed to the bottom.
    let saved = click(client, &page, "Save").await;
    page_has(client, "Saved").await;
    assert!(
        saved
            .message
            .ends_with("after moving it clear of the cookie banner (\"Accept all\")"),
        "{}",
        saved.message
    );

    // Scrolled under the sticky header.
    client
        .invoke(&ScrollParams {
            direction: None,
            amount_px: None,
            eid: None,
            to: Some(tandem_mcp_browser::server::params::ScrollEnd::Top),
            within: None,
        })
        .await
        .unwrap();
    client
        .invoke(&ScrollParams {
            direction: Some(tandem_mcp_browser::browser::ScrollDirection::Down),
            amount_px: Some(470),
            eid: None,
            to: None,
            within: None,
        })
        .await
        .unwrap();
    let edited = click(client, &page, "Edit profile").await;
    page_has(client, "Editing profile").await;
    assert!(
        edited
            .message
            .ends_with("after moving it clear of the sticky header"),
        "{}",
        edited.message
    );
    browser.shutdown().await;
}

#[tokio::test]
async fn a_cover_that_cannot_be_escaped_is_named_and_nothing_is_clicked() {
    let (site, browser, page) = start("/consent.html").await;
    let client = &browser.client;

    // The last thing on the page stays under the banner however far it scrolls.
    let error = click_fails(client, &page, "Unsubscribe from all email").await;
    assert_eq!(error.code(), "covered", "{error}");
    let said = error.to_string();
    assert!(
        said.starts_with("the cookie banner (\"Accept all\") covers e"),
        "{said}"
    );
    assert!(
        said.contains("(button \"Unsubscribe from all email\")"),
        "{said}"
    );
    assert!(texts(client).await.contains(&"No changes yet".to_owned()));
    // Dismissed, the banner is gone and the click lands.
    click(client, &page, "Accept all").await;
    click(client, &page, "Unsubscribe from all email").await;
    page_has(client, "Unsubscribed").await;

    // A dialog's backdrop covers the whole page.
    let shop = open(client, &site, "/promo.html").await;
    click(client, &shop, "Open newsletter").await;
    let error = click_fails(client, &shop, "Add to cart").await;
    assert_eq!(error.code(), "covered", "{error}");
    assert!(
        error
            .to_string()
            .starts_with("the backdrop of the \"Newsletter\" dialog (\"Close\") covers e"),
        "{error}"
    );
    assert!(texts(client).await.contains(&"Cart empty".to_owned()));
    let shop = observe(client).await;
    click(client, &shop, "Close").await;
    click(client, &shop, "Add to cart").await;
    page_has(client, "Added to cart").await;
    browser.shutdown().await;
}

#[tokio::test]
async fn a_press_that_something_else_caught_is_reported_as_it_happened() {
    let (_site, browser, shop) = start("/promo.html").await;
    let client = &browser.client;

    // The offer jumps over the button when the pointer reaches it: the press lands on the offer.
    let error = click_fails(client, &shop, "Buy now").await;
    assert_eq!(error.code(), "click_missed", "{error}");
    let said = error.to_string();
    assert!(said.starts_with("the click meant for e"), "{said}");
    assert!(
        said.ends_with(
            "(button \"Buy now\") landed on the \"Special offer\" dialog (\"No thanks\") instead"
        ),
        "{said}"
    );
    assert!(texts(client).await.contains(&"Cart empty".to_owned()));
    browser.shutdown().await;
}

#[tokio::test]
async fn a_control_the_page_moves_to_the_front_as_the_pointer_arrives_still_gets_the_click() {
    let (_site, browser, palette) = start("/front.html").await;
    let client = &browser.client;

    // Each mouseover re-inserts the tile; the click still reaches its mouseup handler (Chromium
    // runs with `POINTER_ARGS`).
    click(client, &palette, "Beta").await;
    page_has(client, "Picked Beta").await;

    // Hovered, "More" is redrawn empty for a moment: the press waits until it is whole again.
    click(client, &palette, "More").await;
    page_has(client, "Share via link").await;
    browser.shutdown().await;
}

#[tokio::test]
async fn a_control_still_sliding_into_place_is_clicked_where_it_stops() {
    let (_site, browser, page) = start("/sliding.html").await;
    let client = &browser.client;

    // The panel opens over 300 ms, pushing "Continue" 420 px down while it is clicked: the press
    // goes where the button stops, not where it was when the click began.
    click(client, &page, "Show details").await;
    let clicked = click(client, &page, "Continue").await;
    assert!(
        clicked.message.starts_with("clicked e"),
        "{}",
        clicked.message
    );
    page_has(client, "Continued").await;
    browser.shutdown().await;
}
