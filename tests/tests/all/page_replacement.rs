//! An observation taken while the tab's page is being replaced (a navigation that swaps its
//! document and renderer) reaches the new page instead of failing with Chromium's "Not attached
//! to an active page", in real headless Chromium.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::Arc;

use tandem_mcp_browser::screenshot::ScreenshotOptions;
use tandem_mcp_browser::{BrowserHost, BrowserSession};
use tandem_tests::{FixtureSite, browser_config};

/// The test sends the signal (the `#replace` fragment) and observes back to back from that
/// moment on, so the observations overlap the swap whatever the machine's load; each either sees
/// the old page, the new one, or meets the swap and is run again on the new page by the one
/// retry (`read_only!`). None may fail.
#[tokio::test]
async fn observations_while_the_page_is_replaced_reach_the_new_page() {
    let site = FixtureSite::start().await.unwrap();
    let host = BrowserHost::new(browser_config());
    let mut session = BrowserSession::new(Arc::clone(&host));
    session
        .navigate(&site.url("/replacing.html"))
        .await
        .unwrap();
    session
        .navigate(&site.url("/replacing.html#replace"))
        .await
        .unwrap();
    // Observes back to back from the signal until the new page shows; the cut-off
    // only bounds a failure (a replacement that never comes).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let mut observed = 0;
    loop {
        let seen = session
            .observe(&ScreenshotOptions::default())
            .await
            .unwrap_or_else(|error| panic!("observation {observed} failed: {error}"));
        observed += 1;
        if seen.snapshot.url.starts_with("http://localhost:") {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the page never replaced itself ({observed} observations)"
        );
    }
    host.shutdown().await;
}
