//! Icons as facts of the snapshot, in real headless Chromium: an icon font's class (Font Awesome
//! 4 and 6, Bootstrap Icons, jQuery UI), a Material ligature, Font Awesome's SVG `data-icon`, an
//! inline SVG's title and an SVG sprite's reference each give the element they mark an `icon`
//! in words; an element with no icon has none, and a hidden icon (a toggle's other state) does
//! not count. The observation's text says `icon="…"`.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use serde_json::{Value, json};
use tandem_mcp_browser::server::params::NavigateParams;
use tandem_tests::{FixtureSite, TestBrowser};

#[tokio::test]
async fn each_icon_markup_gives_its_element_an_icon_in_words() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    client
        .invoke(&NavigateParams {
            url: site.url("/instructions/icons.html"),
        })
        .await
        .unwrap();
    let observation = client
        .call("observe", json!({ "include_json": true }))
        .await
        .unwrap();
    let page = observation.structured.unwrap();
    let elements = page["snapshot"]["elements"].as_array().expect("elements");
    let marked: Vec<(String, String)> = elements
        .iter()
        .filter(|e| !e["icon"].is_null())
        .map(|e| {
            (
                e["name"].as_str().unwrap().to_owned(),
                e["icon"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let icons: Vec<&str> = marked.iter().map(|(_, icon)| icon.as_str()).collect();
    assert_eq!(
        icons,
        [
            "settings",
            "star",
            "download",
            "share",
            "bell",
            "volume-up",
            "pen",
            "trash-can",
            "pen",
            "trash-can",
            "pencil",
            "trash",
            "print",
            "mail-closed",
            "locked",
        ],
        "{marked:?}"
    );
    let named = |name: &str| -> &Value {
        elements
            .iter()
            .find(|e| e["name"] == name)
            .unwrap_or_else(|| panic!("no {name} in {elements:?}"))
    };
    assert!(named("Trash")["icon"].is_null(), "a plain link has no icon");
    assert_eq!(named("Send by post")["icon"], "mail-closed");
    let text = observation.text;
    assert!(text.contains("icon=\"mail-closed\""), "{text}");
}
