//! The `scroll` tool's `within`: a box that scrolls inside the page (a policy in a bordered
//! region), found by the words that name it and scrolled to its end, in real headless Chromium.
//! The answer says where the box's content stands, as the page measured it.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use serde_json::json;
use tandem_mcp_browser::ClientError;
use tandem_mcp_browser::server::params::NavigateParams;
use tandem_tests::{FixtureSite, TestBrowser};

#[tokio::test]
async fn a_box_named_by_its_label_is_scrolled_to_its_end_and_says_so() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    client
        .invoke(&NavigateParams {
            url: site.url("/realweb/policy.html"),
        })
        .await
        .unwrap();

    // No box is named so: a typed error that lists the boxes that do scroll.
    match client
        .call(
            "scroll",
            json!({ "to": "bottom", "within": "shipping rates" }),
        )
        .await
    {
        Err(ClientError::Tool { code, message }) => {
            assert_eq!(code, "invalid_argument", "{message}");
            assert!(message.contains("Privacy policy"), "{message}");
        }
        other => panic!("scrolled a box no one named: {other:?}"),
    }

    let answer = client
        .call("scroll", json!({ "to": "bottom", "within": "the policy" }))
        .await
        .unwrap();
    let message = answer.structured.unwrap()["message"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        message.contains("\"Privacy policy\" is at its end"),
        "{message}"
    );
    // The page saw its own scroll event reach the end: it enables the acknowledgement.
    client
        .call(
            "wait",
            json!({ "for": { "text": { "text": "Thanks for reading." } }, "timeout_ms": 30000 }),
        )
        .await
        .unwrap();
    browser.shutdown().await;
}
