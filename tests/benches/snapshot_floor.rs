//! Where the snapshot of the 2,000-element page spends its time, next to floors measured in the
//! same page: the page script's own time, a minimal walk that only finds the controls and
//! measures them, the round trip with and without carrying the answer back, and its decoding in
//! Rust. Each is measured in an isolated world (how Tandem runs its script) and in the page's
//! main world, and last in an isolated world where the geometry calls answer constants: the
//! most that skipping geometry could save. Prints a table; figures go to docs/performance.md.
//!
//! Run: `cargo bench -p tandem-tests --bench snapshot_floor`

use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use chromiumoxide::cdp::js_protocol::runtime::EvaluateParams;
use chromiumoxide::handler::viewport::Viewport;
use chromiumoxide::{Browser, Page};
use futures::StreamExt;
use serde_json::Value;
use tandem_mcp_browser::BrowserConfig;
use tandem_mcp_browser::PAGE_SCRIPT;
use tandem_mcp_browser::browser::{CLOSED_NETWORK_ARGS, find_executable};
use tandem_mcp_browser::snapshot::wire;
use tandem_tests::FixtureSite;
use tandem_tests::stats::Samples;

const ROUNDS: usize = 60;

/// The least an exact snapshot of big.html must do: visit every element; for each control,
/// check its visibility and read its box and label; for each cell, read its text. Answers the
/// milliseconds it took.
const MINIMAL_WALK: &str = r#"(() => {
  const t0 = performance.now();
  const opts = { opacityProperty: true, visibilityProperty: true };
  const out = [];
  const visit = (el) => {
    const tag = el.localName;
    if (tag === 'input' || tag === 'button' || tag === 'a' || tag === 'select' || tag === 'textarea') {
      if (el.checkVisibility(opts)) {
        const r = el.getBoundingClientRect();
        out.push([tag, r.left, r.top, r.width, r.height, el.getAttribute('aria-label')]);
      }
      return;
    }
    if (tag === 'td' || tag === 'th') {
      let text = '';
      for (let c = el.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === 3) text += c.nodeValue;
        else if (c.nodeType === 1) visit(c);
      }
      if (text) out.push(text);
      return;
    }
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) visit(c);
  };
  visit(document.documentElement);
  return performance.now() - t0;
})()"#;

/// Makes `getBoundingClientRect` and `checkVisibility` answer constants in the world it runs
/// in (each world has its own prototypes, so the page itself is untouched). What is left is
/// the cost of a snapshot that measured nothing: a floor, not a usable snapshot.
const NO_GEOMETRY: &str = r#"(() => {
  const box = new DOMRect(0, 0, 10, 10);
  Element.prototype.getBoundingClientRect = function () { return box; };
  Element.prototype.checkVisibility = function () { return true; };
  return 'ok';
})()"#;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum World {
    Isolated,
    Main,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let site = FixtureSite::start().await?;
    let executable = find_executable(&BrowserConfig::default())?;
    let profile = tempfile::tempdir()?;
    let config = chromiumoxide::BrowserConfig::builder()
        .chrome_executable(executable)
        .user_data_dir(profile.path())
        .no_sandbox()
        .window_size(1280, 800)
        .viewport(Viewport {
            width: 1280,
            height: 800,
            ..Viewport::default()
        })
        .args(CLOSED_NETWORK_ARGS)
        .build()
        .map_err(anyhow::Error::msg)?;
    let (mut browser, mut handler) = Browser::launch(config).await?;
    let handler_task = tokio::spawn(async move { while handler.next().await.is_some() {} });
    let page = browser.new_page(site.url("/big.html")).await?;
    page.wait_for_navigation().await?;

    println!("tandem snapshot floor — big.html (2,000 controls, 1,000 rows), {ROUNDS} rounds each");
    measure(&page, World::Isolated, "Isolated world").await?;
    measure(&page, World::Main, "Main world").await?;
    // Last: the stubs stay in the isolated world for the page's life.
    evaluate(&page, World::Isolated, NO_GEOMETRY).await?;
    measure(
        &page,
        World::Isolated,
        "Isolated world, geometry calls stubbed out",
    )
    .await?;

    browser.close().await?;
    browser.wait().await?;
    handler_task.abort();
    Ok(())
}

async fn measure(page: &Page, world: World, title: &str) -> anyhow::Result<()> {
    evaluate(page, world, PAGE_SCRIPT).await?;
    let snapshot = "JSON.stringify(window.__tandem.snapshot({}))";
    // Warm up: eids issued, functions optimised.
    let answer = evaluate(page, world, snapshot).await?;

    let mut in_page = Samples::default();
    let mut walk = Samples::default();
    let mut minimal = Samples::default();
    let mut kept = Samples::default();
    let mut carried = Samples::default();
    let mut decoded = Samples::default();
    for _ in 0..ROUNDS {
        let timing = evaluate(
            page,
            world,
            "JSON.stringify(window.__tandem.snapshot({}).timing_ms)",
        )
        .await?;
        let timing: Value = serde_json::from_str(&timing)?;
        in_page.push(millis(timing["total"].as_f64().context("no timing")?));
        walk.push(millis(timing["walk"].as_f64().context("no timing")?));

        let minimal_ms: f64 = evaluate(page, world, MINIMAL_WALK).await?.parse()?;
        minimal.push(millis(minimal_ms));

        let started = Instant::now();
        evaluate(page, world, &format!("{snapshot}.length")).await?;
        kept.push(started.elapsed());

        let started = Instant::now();
        let text = evaluate(page, world, snapshot).await?;
        carried.push(started.elapsed());

        let started = Instant::now();
        let decoded_snapshot = wire::decode(&text)?;
        decoded.push(started.elapsed());
        if decoded_snapshot.elements.len() < 2_000 {
            bail!("{} elements", decoded_snapshot.elements.len());
        }
    }
    println!();
    println!("{title} (answer {} KB)", answer.len() / 1_000);
    let rows = [
        ("snapshot, inside the page", &in_page),
        ("…of which its walk of the DOM", &walk),
        ("minimal walk, inside the page", &minimal),
        ("round trip, answer left in the page", &kept),
        ("round trip, answer carried back", &carried),
        ("decoding the answer in Rust", &decoded),
    ];
    for (label, samples) in rows {
        println!("  {:<38}{}", format!("{label}:"), samples.summary());
    }
    Ok(())
}

/// Evaluates an expression in the chosen world and answers its string value.
async fn evaluate(page: &Page, world: World, expression: &str) -> anyhow::Result<String> {
    let mut params = EvaluateParams::builder()
        .expression(expression)
        .return_by_value(true);
    if world == World::Isolated {
        let context = page
            .secondary_execution_context()
            .await?
            .context("the page has no isolated world")?;
        params = params.context_id(context);
    }
    let response = page
        .execute(params.build().map_err(anyhow::Error::msg)?)
        .await?;
    if let Some(details) = &response.result.exception_details {
        bail!("the page threw: {}", details.text);
    }
    Ok(match response.result.result.value.clone() {
        Some(Value::String(text)) => text,
        Some(other) => other.to_string(),
        None => String::new(),
    })
}

fn millis(value: f64) -> Duration {
    Duration::from_secs_f64(value / 1_000.0)
}
