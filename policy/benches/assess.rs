//! `assess` runs on every agent step; the target is under 20 µs per decision with the default
//! rules and 1,000 host patterns. Run with `cargo bench -p tandem-policy`.
//!
//! Every decision is timed on its own over a mix of requests (allowed, confirmed, taken over,
//! denied, Enter in a form, tools, adversarial URLs); the report gives the median, p95 and p99 per
//! decision and a PASS/FAIL line that compares the p95 with the target.

#![allow(clippy::print_stdout, clippy::expect_used)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use tandem_policy::{ActionKind, ActionRequest, PolicyContext, PolicyGate, SessionApprovals};
use tandem_protocol::Mode;

const TARGET: Duration = Duration::from_micros(20);
const HOST_PATTERNS: usize = 1_000;
const ROUNDS: usize = 3_000;

fn policy_with_host_patterns() -> String {
    let mut text = String::from("[hosts]\ndeny = [\n");
    for index in 0..HOST_PATTERNS {
        // Half exact hosts, half domains with all their subdomains.
        if index % 2 == 0 {
            text.push_str(&format!("  \"tracker{index}.example\",\n"));
        } else {
            text.push_str(&format!("  \"*.ads{index}.example.net\",\n"));
        }
    }
    text.push_str("]\n");
    text
}

fn request_mix() -> Vec<ActionRequest> {
    vec![
        ActionRequest::navigate("https://www.example.com/products?page=2"),
        ActionRequest::navigate("https://a.b.c.ads999.example.net/pixel"),
        ActionRequest::navigate("https://allowed.com@tracker10.example/"),
        ActionRequest::navigate("javascript:alert(document.cookie)"),
        ActionRequest::navigate("/relative/path"),
        ActionRequest::click("button", "Add to cart"),
        ActionRequest::click("button", "Buy now"),
        ActionRequest::click("link", "Jetzt kaufen und bezahlen")
            .with_target_url("https://shop.example/checkout"),
        ActionRequest::type_text("textbox", "Search products", "red shoes"),
        ActionRequest::type_text("textbox", "Password", "x").with_input_type("password"),
        ActionRequest::type_text("textbox", "Card", "x").with_autocomplete("billing cc-number"),
        ActionRequest::press_key("Enter")
            .with_element("textbox", "Coupon code")
            .with_form_submit_label("Place order"),
        ActionRequest::tool("generate_page", true),
        ActionRequest::tool("unknown_tool", true),
        ActionRequest::new(ActionKind::Scroll),
        ActionRequest::new(ActionKind::Other("run_js".into())),
    ]
}

fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * fraction).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn micros(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e6
}

fn main() {
    let gate = PolicyGate::with_defaults()
        .and_then(|gate| gate.extended_with("bench hosts", &policy_with_host_patterns()))
        .expect("bench policy loads");
    let requests = request_mix();
    let mut approvals = SessionApprovals::new();
    approvals.approve(&requests[6], Some("https://shop.example/cart"));
    let context = PolicyContext::new(Mode::Agent)
        .with_current_url("https://shop.example/cart")
        .with_approvals(&approvals);

    for request in &requests {
        black_box(gate.assess(request, &context));
    }
    let mut per_request = vec![Vec::with_capacity(ROUNDS); requests.len()];
    for _ in 0..ROUNDS {
        for (request, timings) in requests.iter().zip(per_request.iter_mut()) {
            let started = Instant::now();
            let decision = gate.assess(black_box(request), black_box(&context));
            timings.push(started.elapsed());
            black_box(decision);
        }
    }
    let mut samples: Vec<Duration> = per_request.iter().flatten().copied().collect();
    samples.sort_unstable();
    let median = percentile(&samples, 0.50);
    let p95 = percentile(&samples, 0.95);
    let p99 = percentile(&samples, 0.99);
    println!(
        "assess: {} decisions ({} requests x {ROUNDS} rounds), default rules + {HOST_PATTERNS} host patterns",
        samples.len(),
        requests.len()
    );
    println!(
        "  median {:.2} µs   p95 {:.2} µs   p99 {:.2} µs   (target < {:.0} µs)",
        micros(median),
        micros(p95),
        micros(p99),
        micros(TARGET)
    );
    let slowest = requests
        .iter()
        .zip(per_request.iter_mut())
        .map(|(request, timings)| {
            timings.sort_unstable();
            (percentile(timings, 0.50), request)
        })
        .max_by_key(|(median, _)| *median);
    if let Some((median, request)) = slowest {
        let decision = gate.assess(request, &context);
        println!(
            "  slowest request: {} -> {} ({}), median {:.2} µs",
            request.kind,
            decision.effect(),
            decision.rule(),
            micros(median)
        );
    }
    if p95 < TARGET {
        println!(
            "PASS: p95 {:.2} µs is under the {:.0} µs target",
            micros(p95),
            micros(TARGET)
        );
    } else {
        println!(
            "FAIL: p95 {:.2} µs is over the {:.0} µs target",
            micros(p95),
            micros(TARGET)
        );
        std::process::exit(1);
    }
}
