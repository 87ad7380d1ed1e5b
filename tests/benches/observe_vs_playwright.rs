//! Observe speed against Playwright MCP, both measured in one run on the same Debian Chromium:
//! Tandem's `observe` tool (snapshot and screenshot together, over MCP in-process) against
//! Playwright MCP's `browser_snapshot` followed by `browser_take_screenshot` (over stdio, as an
//! MCP client uses it), on a small form and three large pages (the toolchain's own html docs).
//! Prints, per page, the median times and their ratio, and the snapshot text sizes and theirs.
//!
//! Run through `tests/benches/observe_vs_playwright.sh`, which installs @playwright/mcp from npm
//! into a temporary folder (no browser download) and passes its `cli.js` in `PLAYWRIGHT_MCP_CLI`.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::server::params::NavigateParams;
use tandem_mcp_browser::{BrowserHost, McpBrowserClient};
use tandem_tests::stats::{Samples, ms};
use tandem_tests::{FixtureSite, browser_config};

const ROUNDS: usize = 15;
const CHROMIUM: &str = "/usr/bin/chromium";

/// The pages: the fixture form, then the largest toolchain docs pages that exist here.
fn pages(site: &FixtureSite) -> anyhow::Result<Vec<(String, String)>> {
    let sysroot = std::process::Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()?;
    let docs =
        PathBuf::from(String::from_utf8_lossy(&sysroot.stdout).trim()).join("share/doc/rust/html");
    let mut pages = vec![("form (fixture)".to_owned(), site.url("/form.html"))];
    for (name, page) in [
        ("std/index.html", "std/index.html"),
        ("std Vec", "std/vec/struct.Vec.html"),
        ("std Iterator", "std/iter/trait.Iterator.html"),
    ] {
        let path = docs.join(page);
        anyhow::ensure!(
            path.exists(),
            "{} is missing: install the rust-docs component (rustup component add rust-docs)",
            path.display()
        );
        pages.push((name.to_owned(), format!("file://{}", path.display())));
    }
    Ok(pages)
}

async fn playwright(cli: &Path, output: &Path) -> anyhow::Result<McpBrowserClient> {
    let mut command = tokio::process::Command::new("node");
    command
        .arg(cli)
        .args(["--headless", "--isolated", "--no-sandbox"])
        .args(["--executable-path", CHROMIUM])
        .args(["--viewport-size", "1280x800"])
        .arg("--allow-unrestricted-file-access")
        .arg("--output-dir")
        .arg(output)
        .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
        .stderr(std::process::Stdio::null());
    Ok(McpBrowserClient::spawn(command).await?)
}

/// Tandem's observe: its time and the size of its text.
async fn observe_tandem(client: &McpBrowserClient) -> anyhow::Result<(Duration, usize)> {
    let started = Instant::now();
    let output = client.call("observe", json!({})).await?;
    let took = started.elapsed();
    anyhow::ensure!(output.images.len() == 1, "observe returned no screenshot");
    Ok((took, output.text.len()))
}

/// Playwright MCP's snapshot then screenshot: their time and the size of the snapshot's text.
async fn observe_playwright(client: &McpBrowserClient) -> anyhow::Result<(Duration, usize)> {
    let started = Instant::now();
    let snapshot = client.call("browser_snapshot", json!({})).await?;
    let shot = client
        .call("browser_take_screenshot", json!({ "type": "jpeg" }))
        .await?;
    let took = started.elapsed();
    anyhow::ensure!(!shot.images.is_empty(), "no screenshot from Playwright MCP");
    Ok((took, snapshot.text.len()))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let Some(cli) = std::env::var_os("PLAYWRIGHT_MCP_CLI").map(PathBuf::from) else {
        println!("PLAYWRIGHT_MCP_CLI is not set: run tests/benches/observe_vs_playwright.sh");
        return Ok(());
    };
    let site = FixtureSite::start().await?;
    let output = tempfile::tempdir()?;
    let host = BrowserHost::new(browser_config());
    let tandem = McpBrowserClient::in_process(BrowserServer::new(Arc::clone(&host))).await?;
    let theirs = playwright(&cli, output.path()).await?;

    println!(
        "observe vs Playwright MCP — median of {ROUNDS}, 1280x800, {CHROMIUM}, JPEG screenshots"
    );
    println!();
    println!(
        "page             Tandem observe  PW snapshot+shot  time ratio   Tandem text  PW snapshot  size ratio"
    );
    for (name, url) in pages(&site)? {
        tandem
            .invoke(&NavigateParams {
                url: url.to_string(),
            })
            .await?;
        theirs
            .call("browser_navigate", json!({ "url": url }))
            .await?;
        // Rounds alternate between the two, so a busy machine slows both alike.
        observe_tandem(&tandem).await?;
        observe_playwright(&theirs).await?;
        let (mut ours, mut others) = (Samples::default(), Samples::default());
        let (mut ours_size, mut their_size) = (0, 0);
        for _ in 0..ROUNDS {
            let (took, size) = observe_tandem(&tandem).await?;
            ours.push(took);
            ours_size = size;
            let (took, size) = observe_playwright(&theirs).await?;
            others.push(took);
            their_size = size;
        }
        let (ours_time, their_time) = (ours.median(), others.median());
        println!(
            "{name:<16} {:>11.1} ms {:>14.1} ms {:>10.2}x {:>9.1} KiB {:>8.1} KiB {:>10.2}x",
            ms(ours_time),
            ms(their_time),
            ms(ours_time) / ms(their_time),
            ours_size as f64 / 1024.0,
            their_size as f64 / 1024.0,
            ours_size as f64 / their_size.max(1) as f64,
        );
    }
    theirs.close().await;
    tandem.close().await;
    host.shutdown().await;
    Ok(())
}
