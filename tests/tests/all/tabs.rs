//! Tabs and popups in real headless Chromium, through one browser session: a popup is adopted
//! and reported with its URL without taking the foreground from the active tab, and a tab the
//! session closed stays closed.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::Arc;

use tandem_mcp_browser::screenshot::ScreenshotOptions;
use tandem_mcp_browser::{BrowserHost, BrowserSession, Observation, PageNotice, TabInfo};
use tandem_tests::{FixtureSite, browser_config};

/// A session on `opener.html`: a page that opens `form.html` as a popup and names its own
/// visibility when asked.
struct Opener {
    host: Arc<BrowserHost>,
    session: BrowserSession,
    site: FixtureSite,
}

impl Opener {
    async fn start() -> Self {
        let site = FixtureSite::start().await.unwrap();
        let host = BrowserHost::new(browser_config());
        let mut session = BrowserSession::new(Arc::clone(&host));
        session.navigate(&site.url("/opener.html")).await.unwrap();
        Self {
            host,
            session,
            site,
        }
    }

    async fn observe(&mut self) -> Observation {
        self.session
            .observe(&ScreenshotOptions::default())
            .await
            .expect("observe")
    }

    /// Clicks the active page's button whose name starts with `name`.
    async fn click(&mut self, name: &str) {
        let snapshot = self.observe().await.snapshot;
        let button = snapshot
            .elements
            .iter()
            .find(|e| e.role == "button" && e.name.starts_with(name))
            .unwrap_or_else(|| panic!("no button {name:?}"));
        self.session
            .click(button.eid.as_str())
            .await
            .expect("click");
    }

    /// Opens the popup and returns the tab id its notice names.
    async fn open_popup(&mut self) -> String {
        self.click("Open offer").await;
        let observed = self.observe().await;
        opened_tabs(&observed)
            .first()
            .cloned()
            .expect("the popup is reported")
    }

    /// What the opener says its visibility is, read after a real click on it.
    async fn visibility(&mut self) -> String {
        self.click("Visibility").await;
        let snapshot = self.observe().await.snapshot;
        snapshot
            .elements
            .iter()
            .find(|e| e.name.starts_with("Visibility: "))
            .map(|e| e.name.clone())
            .expect("the visibility button")
    }

    async fn shutdown(mut self) {
        self.session.close().await;
        self.host.shutdown().await;
    }
}

fn opened_tabs(observed: &Observation) -> Vec<String> {
    observed
        .notices
        .iter()
        .filter_map(|n| match n {
            PageNotice::TabOpened { tab_id, .. } => Some(tab_id.clone()),
            _ => None,
        })
        .collect()
}

fn ids(tabs: &[TabInfo]) -> Vec<&str> {
    tabs.iter().map(|t| t.id.as_str()).collect()
}

#[tokio::test]
async fn the_opener_stays_in_front_when_a_popup_opens() {
    let mut opener = Opener::start().await;
    assert_eq!(opener.visibility().await, "Visibility: visible");
    opener.open_popup().await;
    // A background tab would read "hidden", and every click on it would wait for an
    // acknowledgement that a tab drawing no frames never sends in time.
    assert_eq!(opener.visibility().await, "Visibility: visible");
    let tabs = opener.observe().await.tabs;
    assert!(tabs[0].active, "the opener stays active: {tabs:?}");
    opener.shutdown().await;
}

#[tokio::test]
async fn a_popup_is_reported_with_its_url() {
    let mut opener = Opener::start().await;
    opener.click("Open offer").await;
    let observed = opener.observe().await;
    let form = opener.site.url("/form.html");
    let reported = observed.notices.iter().any(
        |n| matches!(n, PageNotice::TabOpened { tab_id, url } if tab_id == "t2" && *url == form),
    );
    assert!(reported, "notices: {:?}", observed.notices);
    assert_eq!(observed.tabs[1].url, form, "{:?}", observed.tabs);
    opener.shutdown().await;
}

#[tokio::test]
async fn a_closed_popup_never_comes_back_as_a_new_tab() {
    let mut opener = Opener::start().await;
    // Closing raced the browser's own bookkeeping; a few rounds give the race its chances.
    for _ in 0..5 {
        let popup = opener.open_popup().await;
        let left = opener.session.close_tab(&popup).await.expect("close_tab");
        assert_eq!(ids(&left), ["t1"], "closing {popup} answered {left:?}");
        let observed = opener.observe().await;
        assert_eq!(ids(&observed.tabs), ["t1"], "{:?}", observed.tabs);
        assert!(observed.notices.is_empty(), "{:?}", observed.notices);
    }
    opener.shutdown().await;
}

#[tokio::test]
async fn closing_the_active_popup_brings_the_opener_back_to_the_front() {
    let mut opener = Opener::start().await;
    let popup = opener.open_popup().await;
    opener.session.switch_tab(&popup).await.unwrap();
    assert_eq!(opener.observe().await.snapshot.title, "Sign up form");
    let left = opener.session.close_tab(&popup).await.unwrap();
    assert_eq!(ids(&left), ["t1"], "{left:?}");
    assert!(left[0].active);
    assert_eq!(opener.visibility().await, "Visibility: visible");
    opener.shutdown().await;
}
