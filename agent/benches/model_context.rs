//! Bench: how big the model planner's requests are, and what the model client itself costs.
//!
//! 1. Input tokens per planning step on every fixture page (`tests/fixtures/*.html`, observed in
//!    real headless Chromium): the request's message text plus the answer schema, estimated at
//!    four characters a token. Prints each page and the median.
//! 2. A long run: 30 planning steps on one page with a growing history (same run id), a 300-token
//!    compaction threshold. Prints the input tokens every 5 steps and checks
//!    that step 20 stays within page + schema + threshold (PASS/FAIL).
//! 3. The client's overhead per request against a local wiremock model: `ModelClient::complete`
//!    vs. a bare reqwest POST of the same body (median and p95 over 300 requests), and a whole
//!    `ModelPlanner::plan` round trip. Target: client overhead under 2 ms (PASS/FAIL).
//!
//! Run with `cargo bench -p tandem-agent --bench model_context` (needs Chromium).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stdout)]

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tandem_agent::Action;
use tandem_agent::model::{
    ChatMessage, ChatRequest, ModelClient, ModelConfig, RequestMeta, Role, Tier, TierModels,
};
use tandem_agent::plan::{StepOutcome, StepRecord};
use tandem_agent::planner::{ModelPlanner, PlanContext, Planner};
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::server::params::{NavigateParams, ObserveParams};
use tandem_mcp_browser::snapshot::render::estimate_tokens;
use tandem_mcp_browser::{BrowserConfig, BrowserHost, McpBrowserClient, ObservedPage};
use wiremock::matchers::{body_partial_json, method};
use wiremock::{Mock, MockServer, ResponseTemplate};

const LONG_RUN: usize = 30;
/// Compaction threshold of the long run (low, so that 30 steps pass it several times).
const LONG_RUN_THRESHOLD: usize = 300;
const ROUND_TRIPS: usize = 300;
const TARGET: Duration = Duration::from_millis(2);

fn completion(content: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({
        "choices": [{ "message": { "role": "assistant", "content": content }, "finish_reason": "stop" }],
        "usage": { "prompt_tokens": 1000, "completion_tokens": 20 },
    }))
}

async fn mock_model() -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(body_partial_json(json!({ "model": "fast" })))
        .respond_with(completion(
            "Goal: fill the form\nProgress: several fields typed\nDecisions: none\nConstraints: none\nPages: form\nIssues: none\nNext steps: submit",
        ))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .respond_with(completion(
            r#"{"action":{"action":"stop","answer":"done"}}"#,
        ))
        .mount(&server)
        .await;
    server
}

fn config(server: &MockServer) -> ModelConfig {
    ModelConfig {
        base_url: format!("{}/v1", server.uri()),
        fast: Some(TierModels::new("fast")),
        standard: Some(TierModels::new("standard")),
        ..ModelConfig::default()
    }
}

/// Estimated input tokens of one request body: message text plus the response format.
fn input_tokens(body: &Value) -> usize {
    let text: usize = body["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| estimate_tokens(m["content"].as_str().unwrap_or_default()))
        .sum();
    text + estimate_tokens(&body["response_format"].to_string())
}

async fn last_body(server: &MockServer) -> Value {
    let requests = server.received_requests().await.unwrap();
    serde_json::from_slice(&requests.last().unwrap().body).unwrap()
}

fn median(samples: &mut [f64]) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn p95(samples: &mut [f64]) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[(samples.len() * 95 / 100).min(samples.len() - 1)]
}

async fn fixture_pages() -> anyhow::Result<(Vec<(String, ObservedPage)>, Arc<BrowserHost>)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let site = MockServer::start().await;
    let mut names = Vec::new();
    for entry in std::fs::read_dir(&root)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "html") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            Mock::given(method("GET"))
                .and(wiremock::matchers::path(format!("/{name}")))
                .respond_with(
                    ResponseTemplate::new(200)
                        .insert_header("content-type", "text/html; charset=utf-8")
                        .set_body_bytes(std::fs::read(&path)?),
                )
                .mount(&site)
                .await;
            names.push(name);
        }
    }
    names.sort();
    let host = BrowserHost::new(BrowserConfig::default());
    let client = McpBrowserClient::in_process(BrowserServer::new(Arc::clone(&host))).await?;
    let mut pages = Vec::new();
    for name in names {
        client
            .invoke(&NavigateParams {
                url: (format!("{}/{name}", site.uri())).to_string(),
            })
            .await?;
        pages.push((name, client.invoke(&ObserveParams::compact(None)).await?));
    }
    client.close().await;
    Ok((pages, host))
}

fn history(steps: usize) -> Vec<StepRecord> {
    (0..steps)
        .map(|i| StepRecord {
            action: if i % 2 == 0 {
                Action::Type {
                    eid: format!("e{}", i % 9 + 1).as_str().into(),
                    text: format!("value number {i}"),
                    clear: true,
                    submit: false,
                }
            } else {
                Action::Click {
                    eid: format!("e{}", i % 9 + 1).as_str().into(),
                }
            },
            outcome: StepOutcome::Succeeded {
                summary: format!("done step {i} on the page (textbox \"Field {i}\")"),
            },
            cursor: None,
            element: None,
            data: None,
        })
        .collect()
}

async fn bench() -> anyhow::Result<()> {
    let model = mock_model().await;
    let planner = ModelPlanner::from_config(config(&model))?;
    let threshold = LONG_RUN_THRESHOLD;
    let long_planner = ModelPlanner::from_config(ModelConfig {
        compaction_threshold_tokens: threshold,
        ..config(&model)
    })?;

    println!("## Input tokens per planning step (fixture pages, no history)");
    let (pages, host) = fixture_pages().await?;
    let mut per_page = Vec::new();
    for (name, page) in &pages {
        let snapshot = &page.observation.snapshot;
        let ctx = PlanContext::new("fill in the form and submit it", Some(snapshot), &[])
            .with_page(Some(page));
        planner.plan(&ctx).await?;
        let tokens = input_tokens(&last_body(&model).await);
        println!("{name:<20} {tokens:>6} tokens");
        per_page.push(tokens as f64);
    }
    println!(
        "median over {} pages: {:.0} tokens",
        per_page.len(),
        median(&mut per_page)
    );
    println!(
        "of which the answer schema (response_format): {} tokens, system prompt: {} tokens",
        estimate_tokens(&planner.answer_schema(false).to_string()),
        estimate_tokens(include_str!("../prompts/system.md"))
    );

    println!("\n## A long run: {LONG_RUN} steps on form.html, threshold {threshold} tokens");
    let (_, page) = pages
        .iter()
        .find(|(name, _)| name == "form.html")
        .or(pages.first())
        .expect("fixture pages");
    let snapshot = &page.observation.snapshot;
    let base = {
        let ctx = PlanContext::new("fill in the form", Some(snapshot), &[]).with_page(Some(page));
        planner.plan(&ctx).await?;
        input_tokens(&last_body(&model).await)
    };
    let mut at = Vec::new();
    let before = model.received_requests().await.unwrap().len();
    for step in 1..=LONG_RUN {
        let records = history(step - 1);
        let ctx = PlanContext::new("fill in the form", Some(snapshot), &records)
            .with_page(Some(page))
            .with_ids(Some("bench"), Some("long-run"));
        long_planner.plan(&ctx).await?;
        let tokens = input_tokens(&last_body(&model).await);
        at.push(tokens);
        if [1, 5, 10, 15, 20, 25, 30].contains(&step) {
            println!(
                "step {step:>2}: {tokens:>6} tokens (history ≈ {:>5})",
                tokens.saturating_sub(base)
            );
        }
    }
    let requests = model.received_requests().await.unwrap();
    let folds = requests[before..]
        .iter()
        .filter(|r| String::from_utf8_lossy(&r.body).contains("\"model\":\"fast\""))
        .count();
    let max = at.iter().copied().max().unwrap_or(0);
    let step20 = at[19];
    println!("max over the run: {max} tokens; compaction requests: {folds}");
    let verdict = if step20 <= base + threshold {
        "PASS"
    } else {
        "FAIL"
    };
    println!("{verdict}: step 20 = {step20} ≤ page-only {base} + threshold {threshold}");

    println!("\n## Client overhead per request (local mock, {ROUND_TRIPS} requests)");
    let client = ModelClient::new(config(&model))?;
    let request = ChatRequest::new(vec![
        ChatMessage::text(Role::System, "You are a bench."),
        ChatMessage::text(Role::User, "x".repeat(8_000)),
    ]);
    let body = serde_json::to_vec(&request.body("standard"))?;
    let endpoint = format!("{}/v1/chat/completions", model.uri());
    let raw = tandem_mcp_browser::tls::http_client(None).map_err(anyhow::Error::msg)?;
    let meta = RequestMeta {
        stage: "bench",
        ..RequestMeta::default()
    };
    let (mut ours, mut bare, mut planned) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..20 {
        client.complete(Tier::Standard, &request, &meta).await?;
    }
    for _ in 0..ROUND_TRIPS {
        let started = Instant::now();
        client.complete(Tier::Standard, &request, &meta).await?;
        ours.push(started.elapsed().as_secs_f64() * 1e3);
        let started = Instant::now();
        let response = raw
            .post(&endpoint)
            .header("content-type", "application/json")
            .body(body.clone())
            .send()
            .await?;
        let _: Value = response.json().await?;
        bare.push(started.elapsed().as_secs_f64() * 1e3);
        let ctx = PlanContext::new("fill in the form", Some(snapshot), &[]).with_page(Some(page));
        let started = Instant::now();
        planner.plan(&ctx).await?;
        planned.push(started.elapsed().as_secs_f64() * 1e3);
    }
    let (ours_median, bare_median) = (median(&mut ours), median(&mut bare));
    println!(
        "ModelClient::complete  median {ours_median:.3} ms  p95 {:.3} ms",
        p95(&mut ours)
    );
    println!(
        "bare reqwest POST      median {bare_median:.3} ms  p95 {:.3} ms",
        p95(&mut bare)
    );
    println!(
        "ModelPlanner::plan     median {:.3} ms  p95 {:.3} ms (observation render + request + parse)",
        median(&mut planned),
        p95(&mut planned)
    );
    let overhead = (ours_median - bare_median).max(0.0);
    let verdict = if overhead < TARGET.as_secs_f64() * 1e3 {
        "PASS"
    } else {
        "FAIL"
    };
    println!("{verdict}: client overhead {overhead:.3} ms per request (target < 2 ms)");
    host.shutdown().await;
    Ok(())
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    if let Err(error) = runtime.block_on(bench()) {
        println!("bench failed: {error:#}");
        std::process::exit(1);
    }
}
