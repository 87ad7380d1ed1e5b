//! Connecting to a browser that is already running (a remote browser host) by its DevTools URL.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use tandem_mcp_browser::server::params::{ListTabsParams, NavigateParams, ObserveParams};
use tandem_mcp_browser::{BrowserConfig, BrowserHost, PageNotice};
use tandem_tests::{DevtoolsChromium, FixtureSite, connected_client};

#[tokio::test]
async fn drives_a_running_browser_through_its_devtools_url() {
    let site = FixtureSite::start().await.unwrap();
    let mut chromium = DevtoolsChromium::start().await.unwrap();
    let host = BrowserHost::new(BrowserConfig {
        remote_url: Some(chromium.ws_url.clone()),
        ..tandem_tests::browser_config()
    });
    let client = connected_client(&host).await.unwrap();
    let outcome = client
        .invoke(&NavigateParams {
            url: site.url("/form.html").to_string(),
        })
        .await
        .unwrap();
    assert_eq!(outcome.title, "Sign up form");
    let observed = client.invoke(&ObserveParams::compact(None)).await.unwrap();
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
    let tabs = other.invoke(&ListTabsParams {}).await.unwrap().tabs;
    assert_eq!(tabs.len(), 1);
    assert_eq!(
        tabs[0].url, "about:blank",
        "the new session does not see the first one's tab"
    );

    client.close().await;
    other.close().await;
    host.shutdown().await;
    assert!(
        chromium.process.try_wait().unwrap().is_none(),
        "shutting Tandem down leaves a browser it did not start running"
    );
}

#[tokio::test]
async fn a_devtools_http_address_is_resolved_to_its_websocket() {
    let site = FixtureSite::start().await.unwrap();
    let chromium = DevtoolsChromium::start().await.unwrap();
    let host = BrowserHost::new(BrowserConfig {
        remote_url: Some(format!("http://{}", chromium.http_address())),
        ..tandem_tests::browser_config()
    });
    let client = connected_client(&host).await.unwrap();
    let outcome = client
        .invoke(&NavigateParams {
            url: site.url("/links.html").to_string(),
        })
        .await
        .unwrap();
    assert_eq!(outcome.title, "Links");
    client.close().await;
    host.shutdown().await;

    // An address that serves no DevTools is a clear launch error.
    let nothing = BrowserHost::new(BrowserConfig {
        remote_url: Some(site.url("/")),
        ..tandem_tests::browser_config()
    });
    let client = connected_client(&nothing).await.unwrap();
    let error = client
        .invoke(&NavigateParams {
            url: site.url("/links.html").to_string(),
        })
        .await
        .unwrap_err();
    assert!(error.to_string().contains("json/version"), "{error}");
}

#[tokio::test]
async fn a_remote_browser_that_goes_away_is_reconnected_when_it_is_back() {
    let site = FixtureSite::start().await.unwrap();
    let mut first = DevtoolsChromium::start().await.unwrap();
    let address = first.http_address();
    let host = BrowserHost::new(BrowserConfig {
        remote_url: Some(format!("http://{address}")),
        ..tandem_tests::browser_config()
    });
    let client = connected_client(&host).await.unwrap();
    client
        .invoke(&NavigateParams {
            url: site.url("/form.html").to_string(),
        })
        .await
        .unwrap();

    first.process.kill().await.unwrap();
    let port: u16 = address.rsplit(':').next().unwrap().parse().unwrap();
    let _second = DevtoolsChromium::start_on(port).await.unwrap();
    let observed = client
        .invoke(&ObserveParams::compact(None))
        .await
        .unwrap()
        .observation;
    assert_eq!(observed.snapshot.url, "about:blank", "a fresh tab");
    assert!(
        observed.notices.iter().any(
            |n| matches!(n, PageNotice::BrowserRestarted { reason } if reason.contains("DevTools"))
        ),
        "{:?}",
        observed.notices
    );
    let outcome = client
        .invoke(&NavigateParams {
            url: site.url("/links.html").to_string(),
        })
        .await
        .unwrap();
    assert_eq!(outcome.title, "Links");
    client.close().await;
    host.shutdown().await;
}
