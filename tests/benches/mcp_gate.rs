//! The policy gate's added latency per MCP tool call, the way a client meets it: the same
//! `click` (an ordinary field, which the policy allows) over rmcp against real headless
//! Chromium, through a server with the gate and one without, rounds interleaved; each click
//! follows an `observe`, as a client's does. Also the judgement alone (facts from the observed
//! page, the policy's verdict), which is all the gate adds when the page was observed.
//!
//! Run: `cargo bench -p tandem-tests --bench mcp_gate`

use std::sync::Arc;
use std::time::Instant;

use tandem_mcp_browser::gate::facts::with_element_facts;
use tandem_mcp_browser::gate::{GateSettings, McpGate};
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::server::params::{ClickParams, NavigateParams, ObserveParams};
use tandem_mcp_browser::{BrowserHost, McpBrowserClient};
use tandem_policy::{ActionKind, ActionRequest, PolicyGate};
use tandem_tests::stats::Samples;
use tandem_tests::{FixtureSite, browser_config};

const ROUNDS: usize = 60;
const JUDGEMENTS: usize = 10_000;

fn ms(duration: std::time::Duration) -> f64 {
    duration.as_secs_f64() * 1_000.0
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let site = FixtureSite::start().await?;
    let host = BrowserHost::new(browser_config());
    let policy = Arc::new(PolicyGate::with_defaults()?);
    let plain = McpBrowserClient::in_process(BrowserServer::new(Arc::clone(&host))).await?;
    let gated = McpBrowserClient::in_process(
        BrowserServer::new(Arc::clone(&host)).with_gate(GateSettings::new(Arc::clone(&policy))),
    )
    .await?;
    let url = site.url("/form.html");
    let mut times = [Samples::default(), Samples::default()];
    let mut observed = None;
    for client in [&plain, &gated] {
        client.invoke(&NavigateParams { url: url.clone() }).await?;
    }
    for _ in 0..ROUNDS {
        for (index, client) in [&plain, &gated].into_iter().enumerate() {
            let page = client.invoke(&ObserveParams::compact(None)).await?;
            let email = page
                .observation
                .snapshot
                .elements
                .iter()
                .find(|element| element.name == "Email")
                .map(|element| element.eid.to_string())
                .ok_or_else(|| anyhow::anyhow!("no Email field"))?;
            let started = Instant::now();
            client.invoke(&ClickParams { eid: email }).await?;
            times[index].push(started.elapsed());
            observed = Some(page.observation.snapshot);
        }
    }
    let snapshot = observed.unwrap_or_default();
    let gate = McpGate::new(GateSettings::new(policy));
    let element = snapshot
        .elements
        .iter()
        .find(|e| e.name == "Email")
        .cloned();
    let mut judging = Samples::default();
    for _ in 0..JUDGEMENTS {
        let started = Instant::now();
        let request = with_element_facts(
            ActionRequest::new(ActionKind::Click),
            element.as_ref(),
            Some(&snapshot),
        );
        let judged = gate.judge("click", vec![request], Some(snapshot.url.clone()));
        std::hint::black_box(judged);
        judging.push(started.elapsed());
    }

    println!(
        "MCP gate bench — {ROUNDS} interleaved click rounds on /form.html (after observe), real Chromium, rmcp in-process"
    );
    println!();
    println!("| figure | median ms | p95 ms |");
    println!("| --- | --- | --- |");
    let [without, with] = &times;
    println!(
        "| click without the gate | {:.3} | {:.3} |",
        ms(without.median()),
        ms(without.p95())
    );
    println!(
        "| click through the gate | {:.3} | {:.3} |",
        ms(with.median()),
        ms(with.p95())
    );
    println!(
        "| difference (with − without) | {:.3} | {:.3} |",
        ms(with.median()) - ms(without.median()),
        ms(with.p95()) - ms(without.p95())
    );
    println!(
        "| judgement alone ({JUDGEMENTS} runs: facts + verdict) | {:.4} | {:.4} |",
        ms(judging.median()),
        ms(judging.p95())
    );
    drop(plain);
    drop(gated);
    host.shutdown().await;
    Ok(())
}
