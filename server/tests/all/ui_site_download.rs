//! "Download the site" in the chat page, driven as a person would in headless Chromium: the
//! project builds a site, the person opens the Projects panel and presses the button, and the
//! browser saves a zip. The archive holds the pages, the design system and an index; every
//! relative link and image in it resolves to a file in it; unpacked, it opens from disk and its
//! links work. At 390 px wide the button fits the width. Also: the download needs the token.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use support::TestDaemon;
use support::ui::{
    click, open_ui, phone_client, save_screenshot, say, snapshot, wait_element, wait_text_within,
};
use tandem_mcp_browser::server::params::{NavigateParams, ObserveParams};
use tandem_mcp_browser::snapshot::{Element, Snapshot};
use tandem_mcp_browser::{BrowserConfig, BrowserHost};

use crate::support;

const GOAL: &str = "build a small site for a bakery with a menu and a contact page";
/// The project's row is listed once this button is.
const RENAME: &str = "Rename build a small site for a bakery with a menu and a contact page";

/// The project's "Download the site" button (its accessible name names the project; a snapshot
/// shortens long names).
fn download_button(page: &Snapshot) -> &Element {
    page.elements
        .iter()
        .find(|e| e.role == "button" && e.name.starts_with("Download the site of build a small"))
        .expect("the project with a site has a Download the site button")
}

/// Waits (a failure cut-off) until the browser has saved a `.zip` in `dir`: its path.
async fn saved_zip(dir: &Path) -> PathBuf {
    let found = tokio::time::timeout(support::WAIT, async {
        loop {
            let zip = std::fs::read_dir(dir)
                .unwrap()
                .flatten()
                .map(|entry| entry.path())
                .find(|path| path.extension().is_some_and(|e| e == "zip"));
            // Chromium may name the file before its last bytes are on disk: a zip is whole once
            // its end record is there (an archive that never completes fails at the cut-off).
            if let Some(zip) = zip
                && std::fs::read(&zip)
                    .is_ok_and(|bytes| tandem_tests::zip::stored_files(&bytes).is_ok())
            {
                return zip;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    found.expect("the browser never saved the zip")
}

/// The relative `href` and `src` targets of an HTML page (no scheme, no fragment-only link).
fn relative_links(html: &str) -> Vec<String> {
    let mut links = Vec::new();
    for attribute in ["href=\"", "src=\""] {
        for (at, _) in html.match_indices(attribute) {
            let rest = &html[at + attribute.len()..];
            let target = &rest[..rest.find('"').unwrap_or(0)];
            let target = target.split(['#', '?']).next().unwrap_or("");
            if !target.is_empty() && !target.contains(':') && !target.starts_with("//") {
                links.push(target.to_owned());
            }
        }
    }
    links
}

/// `link`, written in the file at `from`, as an archive path (`pages/../x.css` is `x.css`).
fn resolve(from: &str, link: &str) -> String {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for part in link.split('/') {
        match part {
            ".." => {
                parts.pop();
            }
            "." | "" => {}
            part => parts.push(part),
        }
    }
    parts.join("/")
}

#[tokio::test]
async fn download_the_site_saves_a_zip_that_opens_from_disk() {
    let daemon = TestDaemon::start().await;
    let downloads = tempfile::tempdir().unwrap();
    let host = BrowserHost::new(BrowserConfig {
        downloads_dir: Some(downloads.path().to_path_buf()),
        ..tandem_tests::browser_config()
    });
    let ui = tandem_tests::connected_client(&host).await.unwrap();
    open_ui(&daemon, &ui).await;
    say(&ui, GOAL).await;
    // A site build validates every page at three widths: minutes on a loaded 2-core machine.
    wait_text_within(&ui, "completed", 180).await;

    let page = snapshot(&ui).await;
    click(&ui, &page, "button", "Projects").await;
    wait_element(&ui, "button", RENAME).await;
    save_screenshot(&ui, "ui-site-download-1280px.png").await;
    let page = snapshot(&ui).await;
    let button = download_button(&page);
    click(&ui, &page, "button", &button.name).await;
    let zip = saved_zip(downloads.path()).await;
    assert!(
        zip.file_name()
            .unwrap()
            .to_string_lossy()
            .ends_with("-site.zip"),
        "{zip:?}"
    );

    let files = tandem_tests::zip::stored_files(&std::fs::read(&zip).unwrap()).unwrap();
    let names: BTreeSet<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    for expected in [
        "index.html",
        "design-system.css",
        "pages/home.html",
        "pages/menu.html",
        "pages/contact.html",
    ] {
        assert!(names.contains(expected), "{expected} in {names:?}");
    }
    assert!(
        !names
            .iter()
            .any(|n| n.contains("product-doc") || n.starts_with("versions/")),
        "the studio's own files stay home: {names:?}"
    );
    for (name, bytes) in files.iter().filter(|(n, _)| n.ends_with(".html")) {
        let html = String::from_utf8_lossy(bytes);
        for link in relative_links(&html) {
            let target = resolve(name, &link);
            assert!(
                names.contains(target.as_str()),
                "{name} links to {link}, which is not in the archive"
            );
        }
    }

    // Unpacked, the site opens from disk: the index opens the home page, whose links work.
    let unpacked = tempfile::tempdir().unwrap();
    for (name, bytes) in &files {
        let to = unpacked.path().join(name);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::write(to, bytes).unwrap();
    }
    let index = url::Url::from_file_path(unpacked.path().join("index.html")).unwrap();
    ui.invoke(&NavigateParams {
        url: index.to_string(),
    })
    .await
    .unwrap();
    wait_url_ending(&ui, "pages/home.html").await;
    let home = snapshot(&ui).await;
    let menu = home
        .elements
        .iter()
        .find(|e| e.role == "link" && e.href.as_deref().is_some_and(|h| h.ends_with("menu.html")))
        .expect("the home page links to the menu");
    click(&ui, &home, "link", &menu.name.clone()).await;
    wait_url_ending(&ui, "pages/menu.html").await;
    ui.close().await;
    host.shutdown().await;

    // At 390 px wide the button fits the width.
    let (phone, small) = phone_client().await;
    open_ui(&daemon, &small).await;
    let page = snapshot(&small).await;
    click(&small, &page, "button", "Projects").await;
    wait_element(&small, "button", RENAME).await;
    save_screenshot(&small, "ui-site-download-390px.png").await;
    let page = snapshot(&small).await;
    let button = download_button(&page);
    assert!(
        button.rect.x >= 0.0 && button.rect.x + button.rect.w <= 391.0,
        "the button fits 390 px: {:?}",
        button.rect
    );
    small.close().await;
    phone.shutdown().await;
    daemon.stop().await;
}

/// Waits until the UI browser's page address ends with `suffix`.
async fn wait_url_ending(ui: &tandem_mcp_browser::McpBrowserClient, suffix: &str) {
    let reached = tokio::time::timeout(support::WAIT, async {
        loop {
            // An observation taken while the page is being replaced can fail: look again.
            let seen = ui.invoke(&ObserveParams::compact(None)).await;
            if seen.is_ok_and(|seen| seen.observation.snapshot.url.ends_with(suffix)) {
                return;
            }
            tokio::task::yield_now().await;
        }
    })
    .await;
    assert!(reached.is_ok(), "the page never reached {suffix}");
}

#[tokio::test]
async fn the_site_download_needs_the_launch_token() {
    let daemon = TestDaemon::start().await;
    let answer = daemon
        .raw_http(&format!(
            "GET /api/projects/p-1/site.zip HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\
             Connection: close\r\n\r\n",
            daemon.port
        ))
        .await;
    assert!(answer.starts_with("HTTP/1.1 401"), "{answer}");
    let answer = daemon
        .raw_http(&format!(
            "GET /api/projects/p-1/site.zip HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\
             Authorization: Bearer {}\r\nConnection: close\r\n\r\n",
            daemon.port, daemon.token
        ))
        .await;
    assert!(answer.starts_with("HTTP/1.1 404"), "no site yet: {answer}");
    daemon.stop().await;
}
