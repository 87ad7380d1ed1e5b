//! Observe speed as an MCP client meets it: `tandem mcp` and Playwright MCP, each a child process
//! spoken to over stdio by the same rmcp client, in one run, on the same Debian Chromium with the
//! same 1280x800 viewport, on the same pages served over loopback HTTP. Tandem's `observe` (one
//! call: the text snapshot and a screenshot) against Playwright MCP's `browser_snapshot` then
//! `browser_take_screenshot` (what a client needs to get the same two things). Each side's
//! screenshot alone is timed as well, to show where the time goes.
//!
//! Run through `tests/benches/observe_vs_playwright.sh`: it installs @playwright/mcp from npm
//! under `target/observe_vs_playwright/` (no browser download), builds `tandem` optimised, and
//! passes both in `PLAYWRIGHT_MCP_CLI` and `TANDEM_BIN`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use axum::Router;
use serde_json::{Value, json};
use tandem_mcp_browser::McpBrowserClient;
use tandem_tests::FixtureSite;
use tandem_tests::stats::{Samples, ms};
use tower_http::services::ServeDir;

/// Rounds per page (`OBSERVE_ROUNDS` overrides it for a quick look).
fn rounds() -> usize {
    std::env::var("OBSERVE_ROUNDS")
        .ok()
        .and_then(|rounds| rounds.parse().ok())
        .unwrap_or(25)
}
const CHROMIUM: &str = "/usr/bin/chromium";

/// One page of the comparison: a label and a path under one of the two servers.
struct Page {
    name: &'static str,
    url: String,
}

/// The pages: the fixture form; three docs-like pages copied from real sites' markup
/// (`tests/fixtures/realweb/`); three pages of the toolchain's own html docs, when installed.
fn pages(site: &FixtureSite, docs: Option<&str>) -> Vec<Page> {
    let mut pages = vec![
        Page {
            name: "form (fixture)",
            url: site.url("/form.html"),
        },
        Page {
            name: "realweb help-faq",
            url: site.url("/realweb/help-faq.html"),
        },
        Page {
            name: "realweb policy",
            url: site.url("/realweb/policy.html"),
        },
        Page {
            name: "realweb news",
            url: site.url("/realweb/news-article.html"),
        },
    ];
    if let Some(docs) = docs {
        for (name, page) in [
            ("std index", "std/index.html"),
            ("std Vec", "std/vec/struct.Vec.html"),
            ("std Iterator", "std/iter/trait.Iterator.html"),
        ] {
            pages.push(Page {
                name,
                url: format!("{docs}/{page}"),
            });
        }
    }
    pages
}

/// Serves the toolchain's html docs over loopback HTTP, when the rust-docs component is there.
async fn serve_rust_docs() -> anyhow::Result<Option<(String, tokio::task::JoinHandle<()>)>> {
    let sysroot = std::process::Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()?;
    let root =
        PathBuf::from(String::from_utf8_lossy(&sysroot.stdout).trim()).join("share/doc/rust/html");
    if !root.join("std/index.html").exists() {
        println!("(no rust-docs component: the std pages are left out)");
        return Ok(None);
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let address = format!("http://{}", listener.local_addr()?);
    let app = Router::new().fallback_service(ServeDir::new(root));
    let task = tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    Ok(Some((address, task)))
}

/// `tandem mcp`. With `OBSERVE_TRACE` set (to a file), its log goes there with each observe's
/// stage timings (tabs, screenshot capture and finish, snapshot, the answer).
async fn tandem(binary: &Path, data: &Path) -> anyhow::Result<McpBrowserClient> {
    let mut command = tokio::process::Command::new(binary);
    command
        .arg("mcp")
        .args(["--chrome", CHROMIUM])
        .env("TANDEM_DATA_DIR", data);
    match std::env::var_os("OBSERVE_TRACE") {
        Some(trace) => command
            .env("TANDEM_LOG", "warn,tandem_mcp_browser=debug")
            .stderr(std::fs::File::create(trace)?),
        None => command
            .env("TANDEM_LOG", "warn")
            .stderr(std::process::Stdio::null()),
    };
    Ok(McpBrowserClient::spawn(command).await?)
}

async fn playwright(cli: &Path, output: &Path) -> anyhow::Result<McpBrowserClient> {
    let mut command = tokio::process::Command::new("node");
    command
        .arg(cli)
        .args(["--headless", "--isolated", "--no-sandbox"])
        .args(["--executable-path", CHROMIUM])
        .args(["--viewport-size", "1280x800"])
        .arg("--output-dir")
        .arg(output)
        .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
        .stderr(std::process::Stdio::null());
    Ok(McpBrowserClient::spawn(command).await?)
}

/// What one observation gave the client: its time, the text's size, the image's size (base64).
struct Seen {
    took: Duration,
    text: usize,
    image: usize,
}

/// Tandem's observe: one call, the text snapshot and the screenshot.
async fn observe_tandem(client: &McpBrowserClient) -> anyhow::Result<Seen> {
    let started = Instant::now();
    let output = client.call("observe", json!({})).await?;
    let took = started.elapsed();
    let image = output.images.first().map(|(_, data)| data.len());
    let image = image.ok_or_else(|| anyhow::anyhow!("observe returned no screenshot"))?;
    Ok(Seen {
        took,
        text: output.text.len(),
        image,
    })
}

/// Playwright MCP's snapshot then screenshot (JPEG, as Tandem's default).
async fn observe_playwright(client: &McpBrowserClient) -> anyhow::Result<Seen> {
    let started = Instant::now();
    let snapshot = client.call("browser_snapshot", json!({})).await?;
    let shot = client.call("browser_take_screenshot", jpeg()).await?;
    let took = started.elapsed();
    let image = shot.images.first().map(|(_, data)| data.len());
    let image = image.ok_or_else(|| anyhow::anyhow!("no screenshot from Playwright MCP"))?;
    Ok(Seen {
        took,
        text: snapshot.text.len(),
        image,
    })
}

fn jpeg() -> Value {
    json!({ "type": "jpeg" })
}

/// The time of one call alone.
async fn timed(
    client: &McpBrowserClient,
    tool: &str,
    arguments: Value,
) -> anyhow::Result<Duration> {
    let started = Instant::now();
    client.call(tool, arguments).await?;
    Ok(started.elapsed())
}

/// Medians over the rounds of one page, for both sides.
#[derive(Default)]
struct PageFigures {
    ours: Samples,
    theirs: Samples,
    our_shot: Samples,
    their_shot: Samples,
    their_snapshot: Samples,
    our_text: usize,
    their_text: usize,
    our_image: usize,
    their_image: usize,
}

async fn measure(
    tandem: &McpBrowserClient,
    theirs: &McpBrowserClient,
) -> anyhow::Result<PageFigures> {
    let mut figures = PageFigures::default();
    // One warm-up each; then rounds alternate, so a busy machine slows both alike.
    observe_tandem(tandem).await?;
    observe_playwright(theirs).await?;
    for _ in 0..rounds() {
        let seen = observe_tandem(tandem).await?;
        figures.ours.push(seen.took);
        (figures.our_text, figures.our_image) = (seen.text, seen.image);
        let seen = observe_playwright(theirs).await?;
        figures.theirs.push(seen.took);
        (figures.their_text, figures.their_image) = (seen.text, seen.image);
        figures
            .our_shot
            .push(timed(tandem, "screenshot", json!({})).await?);
        figures
            .their_shot
            .push(timed(theirs, "browser_take_screenshot", jpeg()).await?);
        figures
            .their_snapshot
            .push(timed(theirs, "browser_snapshot", json!({})).await?);
    }
    Ok(figures)
}

fn kib(bytes: usize) -> f64 {
    bytes as f64 / 1024.0
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let (Some(cli), Some(binary)) = (
        std::env::var_os("PLAYWRIGHT_MCP_CLI").map(PathBuf::from),
        std::env::var_os("TANDEM_BIN").map(PathBuf::from),
    ) else {
        println!(
            "PLAYWRIGHT_MCP_CLI or TANDEM_BIN is not set: run tests/benches/observe_vs_playwright.sh"
        );
        return Ok(());
    };
    let site = FixtureSite::start().await?;
    let docs = serve_rust_docs().await?;
    let scratch = tempfile::tempdir()?;
    let ours = tandem(&binary, scratch.path()).await?;
    let theirs = playwright(&cli, scratch.path()).await?;

    println!(
        "observe over stdio: tandem mcp vs @playwright/mcp — median of {}, 1280x800, {CHROMIUM}, JPEG (Tandem q70, Playwright q90)",
        rounds()
    );
    println!();
    println!(
        "| page | Tandem observe | PW snapshot + screenshot | ratio | Tandem screenshot | PW screenshot | PW snapshot | text KiB (T / PW) | image KiB (T / PW) |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for page in pages(&site, docs.as_ref().map(|(address, _)| address.as_str())) {
        ours.call("navigate", json!({ "url": page.url })).await?;
        theirs
            .call("browser_navigate", json!({ "url": page.url }))
            .await?;
        let f = measure(&ours, &theirs).await?;
        let (our_time, their_time) = (ms(f.ours.median()), ms(f.theirs.median()));
        println!(
            "| {} | {our_time:.1} ms | {their_time:.1} ms | **{:.2}×** | {:.1} ms | {:.1} ms | {:.1} ms | {:.1} / {:.1} | {:.0} / {:.0} |",
            page.name,
            our_time / their_time,
            ms(f.our_shot.median()),
            ms(f.their_shot.median()),
            ms(f.their_snapshot.median()),
            kib(f.our_text),
            kib(f.their_text),
            kib(f.our_image),
            kib(f.their_image),
        );
    }
    theirs.close().await;
    ours.close().await;
    if let Some((_, task)) = docs {
        task.abort();
    }
    Ok(())
}
