//! Site studio benchmark: `validate_html` per page over MCP in real headless Chromium (390x844),
//! cold (first call: browser launch and the phone tab) and warm (the tab reused), on the
//! offline template pages of a three-page site. Prints a table; figures go to
//! docs/performance.md. Goal: warm ≤ 150 ms per page.
//!
//! Run: `cargo bench -p tandem-tests --bench site_validate`

use std::sync::Arc;
use std::time::Instant;

use serde_json::json;
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::site::SiteStudio;
use tandem_mcp_browser::{BrowserHost, McpBrowserClient};
use tandem_tests::browser_config;
use tandem_tests::stats::Samples;

const ROUNDS: usize = 30;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let root = tempfile::tempdir()?;
    let host = BrowserHost::new(browser_config());
    let server = BrowserServer::new(Arc::clone(&host))
        .with_site(SiteStudio::new("bench").with_root(root.path().to_path_buf()));
    let client = McpBrowserClient::in_process(server).await?;
    let request = "build a small site for a bakery with a menu and a contact page";
    let brief = client
        .call("analyze_brief", json!({ "request": request }))
        .await?
        .structured
        .unwrap_or_default();
    client
        .call(
            "create_design_system",
            json!({ "product_type": brief["product_type"] }),
        )
        .await?;
    let analysis: tandem_mcp_browser::site::brief::BriefAnalysis =
        serde_json::from_value(brief.clone())?;
    let slugs: Vec<String> = analysis.pages.iter().map(|p| p.slug.clone()).collect();
    for page in &analysis.pages {
        client
            .call(
                "generate_page",
                json!({ "slug": page.slug, "title": page.title, "description": page.purpose,
                        "data_model": analysis.page_model(page) }),
            )
            .await?;
    }

    println!("tandem site bench — validate_html over MCP, 390x844, {ROUNDS} warm rounds per page");
    println!();
    let started = Instant::now();
    client
        .call("validate_html", json!({ "slug": slugs[0] }))
        .await?;
    println!(
        "cold (browser launch + phone tab): {:.0} ms",
        started.elapsed().as_secs_f64() * 1_000.0
    );
    println!();
    println!("page       bytes   warm median   warm p95   in-tool (median)");
    for slug in &slugs {
        let mut round_trip = Samples::default();
        let mut in_tool = Samples::default();
        let mut violations = 0;
        for _ in 0..ROUNDS {
            let started = Instant::now();
            let output = client
                .call("validate_html", json!({ "slug": slug }))
                .await?;
            round_trip.push(started.elapsed());
            let report = output.structured.unwrap_or_default();
            violations += report["violations"].as_u64().unwrap_or(0);
            let ms = report["elapsed_ms"].as_u64().unwrap_or(0);
            in_tool.push(std::time::Duration::from_millis(ms));
        }
        let bytes = std::fs::metadata(root.path().join(format!("bench/pages/{slug}.html")))?.len();
        println!(
            "{slug:<10} {bytes:>6}   {:>8.1} ms   {:>6.1} ms   {:>6.1} ms{}",
            round_trip.median().as_secs_f64() * 1_000.0,
            round_trip.p95().as_secs_f64() * 1_000.0,
            in_tool.median().as_secs_f64() * 1_000.0,
            if violations > 0 {
                "  (violations!)"
            } else {
                ""
            }
        );
    }
    client.close().await;
    host.shutdown().await;
    Ok(())
}
