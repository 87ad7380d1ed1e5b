//! Which pages ask to sign in, read from their structure in real Chromium: the fixture and
//! realweb pages (the latter copy real sites' markup). Only the sign-in pages do; forms that
//! ask for a new password, payments, addresses, settings and the rest do not.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use tandem_mcp_browser::server::params::{NavigateParams, ObserveParams};
use tandem_mcp_browser::snapshot::sign_in::asks_to_sign_in;
use tandem_tests::{FixtureSite, TestBrowser};

/// The pages that ask to sign in, among every page of the fixture site. Known miss:
/// `realweb/login.html` is a two-step sign-in whose first step shows only the identifier field
/// (its password field is hidden until then), so it is not read as asking yet.
const SIGN_IN_PAGES: [&str; 3] = ["account.html", "login.html", "signin.html"];

#[tokio::test]
async fn only_sign_in_pages_ask_to_sign_in() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let mut pages: Vec<String> = Vec::new();
    for folder in ["", "realweb/"] {
        let dir = FixtureSite::root().join(folder);
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".html") && !name.starts_with("hanging-") {
                pages.push(format!("{folder}{name}"));
            }
        }
    }
    pages.sort();
    let mut asking = Vec::new();
    for page in &pages {
        let navigated = browser
            .client
            .invoke(&NavigateParams {
                url: site.url(&format!("/{page}")),
            })
            .await;
        if navigated.is_err() {
            continue;
        }
        let observed = browser
            .client
            .invoke(&ObserveParams::compact(None))
            .await
            .unwrap();
        if asks_to_sign_in(&observed.observation.snapshot) {
            asking.push(page.clone());
        }
    }
    assert!(pages.len() > 30, "{pages:?}");
    assert_eq!(asking, SIGN_IN_PAGES, "of {} pages", pages.len());
    browser.shutdown().await;
}
