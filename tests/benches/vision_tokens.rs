//! Vision bench: what `vision = true` adds to a planning request. On fixture pages in real
//! headless Chromium, the agent's own observation (JPEG, at most 1280 px wide) is planned on by
//! the model planner against a mock chat-completions server twice, without and with vision;
//! the bench prints the screenshot's size, the image tokens a tiled vision model charges for it
//! (OpenAI's high-detail rule: fit 2048, shortest side 768, 170 per 512-px tile plus 85), the
//! request's text tokens (Tandem's estimate) and the bytes each request sends.
//!
//! Run: `cargo bench -p tandem-tests --bench vision_tokens`

use std::sync::Arc;

use tandem_agent::ModelPlanner;
use tandem_agent::planner::{PlanContext, Planner};
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::server::params::{NavigateParams, ObserveParams};
use tandem_mcp_browser::snapshot::render::estimate_tokens;
use tandem_mcp_browser::{BrowserHost, McpBrowserClient};
use tandem_tests::mock_model::{MockModel, act, request_text};
use tandem_tests::{FixtureSite, browser_config};

/// Image tokens of a `width` x `height` image at high detail (OpenAI's published rule).
fn image_tokens(width: u32, height: u32) -> u64 {
    let (mut w, mut h) = (f64::from(width), f64::from(height));
    let fit = (2048.0 / w.max(h)).min(1.0);
    (w, h) = (w * fit, h * fit);
    let shrink = (768.0 / w.min(h)).min(1.0);
    (w, h) = (w * shrink, h * shrink);
    let tiles = (w / 512.0).ceil() * (h / 512.0).ceil();
    85 + 170 * tiles as u64
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let site = FixtureSite::start().await?;
    let host = BrowserHost::new(browser_config());
    let client = McpBrowserClient::in_process(BrowserServer::new(Arc::clone(&host))).await?;
    let model = MockModel::start().await;

    println!("tandem vision bench — the agent's observation, one planning request each way");
    println!();
    println!(
        "page          screenshot      JPEG KiB  image tokens  text tokens  request KiB off/on"
    );
    for page in ["/form.html", "/shop.html", "/big.html"] {
        client
            .invoke(&NavigateParams {
                url: site.url(page).to_string(),
            })
            .await?;
        let observed = client.invoke(&ObserveParams::compact(Some(6_000))).await?;
        let shot = observed
            .observation
            .screenshot
            .clone()
            .ok_or_else(|| anyhow::anyhow!("the observation has no screenshot"))?;
        anyhow::ensure!(shot.width <= 1280, "{page}: {} px wide", shot.width);
        let mut bytes = [0usize; 2];
        let mut text_tokens = 0;
        for vision in [false, true] {
            let mut config = model.config();
            config.vision = vision;
            let planner = ModelPlanner::from_config(config)?;
            model.script(vec![act(
                serde_json::json!({ "action": "stop", "answer": "ok" }),
            )]);
            let ctx = PlanContext::new(
                "find the cheapest kettle",
                Some(&observed.observation.snapshot),
                &[],
            )
            .with_page(Some(&observed))
            .with_screenshot(Some(&shot));
            planner.plan(&ctx).await?;
            let requests = model.requests().await;
            let body = requests
                .last()
                .ok_or_else(|| anyhow::anyhow!("no request"))?;
            bytes[usize::from(vision)] = body.to_string().len();
            text_tokens = estimate_tokens(&request_text(body));
        }
        println!(
            "{page:<13} {:>4}x{:<4} {:>14.1} {:>13} {:>12} {:>9.1} / {:.1}",
            shot.width,
            shot.height,
            shot.data.len() as f64 * 3.0 / 4.0 / 1024.0,
            image_tokens(shot.width, shot.height),
            text_tokens,
            bytes[0] as f64 / 1024.0,
            bytes[1] as f64 / 1024.0,
        );
    }
    client.close().await;
    host.shutdown().await;
    Ok(())
}
