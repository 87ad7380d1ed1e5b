//! Browser benchmark: observe, snapshot alone, click round trip over MCP, the MCP round trip's
//! own overhead in-process, and snapshot size in tokens, on the fixture pages in real headless
//! Chromium. Prints a table; figures go to docs/performance.md.
//!
//! Run: `cargo bench -p tandem-tests --bench browser`

use std::sync::Arc;
use std::time::Instant;

use serde_json::json;
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::server::params::{ClickParams, NavigateParams, ObserveParams};
use tandem_mcp_browser::snapshot::render::{RenderOptions, estimate_tokens, render_compact};
use tandem_mcp_browser::{BrowserHost, McpBrowserClient};
use tandem_tests::stats::Samples;
use tandem_tests::{FixtureSite, browser_config};

const ROUNDS: usize = 40;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let site = FixtureSite::start().await?;
    let host = BrowserHost::new(browser_config());
    let server = BrowserServer::new(Arc::clone(&host));
    let session = Arc::clone(server.session());
    let client = McpBrowserClient::in_process(server).await?;
    let shot = tandem_mcp_browser::screenshot::ScreenshotOptions::default();

    println!("tandem browser bench — {ROUNDS} rounds per figure, 1280x800 viewport, JPEG q70");
    println!();
    println!("page           elements   tokens   in-view  snapshot alone");
    for page in [
        "/form.html",
        "/links.html",
        "/shadow.html",
        "/iframe.html",
        "/big.html",
    ] {
        client
            .invoke(&NavigateParams {
                url: site.url(page).to_string(),
            })
            .await?;
        let mut snapshot_times = Samples::default();
        let mut in_page = Samples::default();
        let mut last = None;
        for _ in 0..ROUNDS {
            let started = Instant::now();
            let snapshot = session.lock().await.snapshot().await?;
            snapshot_times.push(started.elapsed());
            if let Some(timing) = snapshot.timing_ms {
                in_page.push(std::time::Duration::from_secs_f64(timing.total / 1_000.0));
            }
            last = Some(snapshot);
        }
        let snapshot = last.unwrap_or_default();
        let text = render_compact(
            &snapshot,
            &RenderOptions {
                max_tokens: 8_000,
                ..RenderOptions::default()
            },
        );
        let visible = snapshot.elements.iter().filter(|e| e.in_viewport).count();
        let visible_listed = snapshot
            .elements
            .iter()
            .filter(|e| e.in_viewport && text.contains(&format!("[{}]", e.eid)))
            .count();
        println!(
            "{:<12} {:>9} {:>8} {:>4}/{:<4}  {}",
            page.trim_start_matches('/'),
            snapshot.elements.len(),
            estimate_tokens(&text),
            visible_listed,
            visible,
            snapshot_times.summary()
        );
        println!("{:<39} of which in the page: {}", "", in_page.summary());
    }

    println!();
    client
        .invoke(&NavigateParams {
            url: site.url("/big.html").to_string(),
        })
        .await?;
    let mut observe = Samples::default();
    for _ in 0..ROUNDS {
        let started = Instant::now();
        session.lock().await.observe(&shot).await?;
        observe.push(started.elapsed());
    }
    println!(
        "observe (screenshot + snapshot), big page, direct: {}",
        observe.summary()
    );
    let mut observe_mcp = Samples::default();
    for _ in 0..ROUNDS {
        let started = Instant::now();
        client.invoke(&ObserveParams::compact(Some(8_000))).await?;
        observe_mcp.push(started.elapsed());
    }
    println!(
        "observe over in-process MCP, big page:          {}",
        observe_mcp.summary()
    );

    client
        .invoke(&NavigateParams {
            url: site.url("/mutate.html").to_string(),
        })
        .await?;
    let page = client.invoke(&ObserveParams::compact(None)).await?;
    let first = page
        .observation
        .snapshot
        .elements
        .iter()
        .find(|e| e.name == "First item")
        .map(|e| e.eid.to_string())
        .unwrap_or_default();
    let mut click_direct = Samples::default();
    let mut click_mcp = Samples::default();
    for _ in 0..ROUNDS {
        let started = Instant::now();
        session.lock().await.click(&first).await?;
        click_direct.push(started.elapsed());
        let started = Instant::now();
        client
            .invoke(&ClickParams {
                eid: first.to_string(),
            })
            .await?;
        click_mcp.push(started.elapsed());
    }
    println!(
        "click, direct session call:                     {}",
        click_direct.summary()
    );
    println!(
        "click round trip over in-process MCP:           {}",
        click_mcp.summary()
    );

    let mut round_trip = Samples::default();
    for _ in 0..(ROUNDS * 10) {
        let started = Instant::now();
        let answer = client.call("no_such_tool", json!({})).await;
        round_trip.push(started.elapsed());
        debug_assert!(answer.is_err());
    }
    println!(
        "MCP round trip alone (no browser work):         {}",
        round_trip.summary()
    );
    let overhead = click_mcp.median().saturating_sub(click_direct.median());
    println!(
        "MCP overhead on a click (median difference):    {:.3} ms",
        overhead.as_secs_f64() * 1_000.0
    );

    client.close().await;
    host.shutdown().await;
    Ok(())
}
