//! Connecting to a browser that is already running (a remote browser host) by its DevTools URL.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::process::Stdio;

use tandem_mcp_browser::browser::find_executable;
use tandem_mcp_browser::{BrowserConfig, BrowserHost};
use tandem_tests::{FixtureSite, connected_client};
use tokio::io::{AsyncBufReadExt, BufReader};

/// Starts Chromium with a DevTools port of its choosing and returns it with its WebSocket URL.
async fn start_chromium() -> (tokio::process::Child, String, tempfile::TempDir) {
    let profile = tempfile::tempdir().unwrap();
    let executable = find_executable(&BrowserConfig::default()).unwrap();
    let mut child = tokio::process::Command::new(executable)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--remote-debugging-port=0",
            "about:blank",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let url = loop {
        let line = lines
            .next_line()
            .await
            .unwrap()
            .expect("Chromium printed its DevTools URL");
        if let Some(url) = line.strip_prefix("DevTools listening on ") {
            break url.trim().to_owned();
        }
    };
    (child, url, profile)
}

#[tokio::test]
async fn drives_a_running_browser_through_its_devtools_url() {
    let site = FixtureSite::start().await.unwrap();
    let (mut chromium, url, _profile) = start_chromium().await;
    let host = BrowserHost::new(BrowserConfig {
        remote_url: Some(url),
        ..tandem_tests::browser_config()
    });
    let client = connected_client(&host).await.unwrap();
    let outcome = client.navigate(&site.url("/form.html")).await.unwrap();
    assert_eq!(outcome.title, "Sign up form");
    let observed = client.observe(None).await.unwrap();
    assert!(
        observed
            .observation
            .snapshot
            .elements
            .iter()
            .any(|e| e.name == "Email")
    );

    // A second session on the same remote browser is isolated from the first.
    let other = connected_client(&host).await.unwrap();
    let tabs = other.list_tabs().await.unwrap();
    assert_eq!(tabs.len(), 1);
    assert_eq!(
        tabs[0].url, "about:blank",
        "the new session does not see the first one's tab"
    );

    client.close().await;
    other.close().await;
    host.shutdown().await;
    assert!(
        chromium.try_wait().unwrap().is_none(),
        "shutting Tandem down leaves a browser it did not start running"
    );
    chromium.kill().await.unwrap();
}

#[tokio::test]
async fn a_devtools_http_address_is_resolved_to_its_websocket() {
    let site = FixtureSite::start().await.unwrap();
    let (mut chromium, ws_url, _profile) = start_chromium().await;
    // ws://127.0.0.1:PORT/devtools/browser/ID -> http://127.0.0.1:PORT
    let authority = ws_url
        .strip_prefix("ws://")
        .and_then(|rest| rest.split('/').next())
        .unwrap();
    let host = BrowserHost::new(BrowserConfig {
        remote_url: Some(format!("http://{authority}")),
        ..tandem_tests::browser_config()
    });
    let client = connected_client(&host).await.unwrap();
    let outcome = client.navigate(&site.url("/links.html")).await.unwrap();
    assert_eq!(outcome.title, "Links");
    client.close().await;
    host.shutdown().await;

    // An address that serves no DevTools is a clear launch error.
    let nothing = BrowserHost::new(BrowserConfig {
        remote_url: Some(site.url("/")),
        ..tandem_tests::browser_config()
    });
    let client = connected_client(&nothing).await.unwrap();
    let error = client.navigate(&site.url("/links.html")).await.unwrap_err();
    assert!(error.to_string().contains("json/version"), "{error}");
    chromium.kill().await.unwrap();
}
