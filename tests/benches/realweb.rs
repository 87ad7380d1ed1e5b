//! Realweb bench (issue #30): every case of `fixtures/realweb/cases.json` (pages that copy real
//! sites' markup, instructions in people's words) run by the instruction planner in real
//! headless Chromium. Prints the success rate overall and per class, the share of runs that
//! ended `done` with the wrong result (goal 0), the time from DOM ready to the first input on
//! pages with a hanging subresource (goal < 2 s) and the time from the message to the typed
//! error for a dead host. Figures go to docs/performance.md.
//!
//! Run: `cargo bench -p tandem-tests --bench realweb` (optionally case ids or classes as
//! arguments to run only those).

use std::collections::BTreeMap;
use std::time::Instant;

use tandem_tests::realweb::{Realweb, load_cases};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let cases: Vec<_> = load_cases()?
        .into_iter()
        .filter(|c| only.is_empty() || only.contains(&c.id) || only.contains(&c.class))
        .collect();
    let mut rig = Realweb::start().await?;
    let started = Instant::now();
    let runs = rig.run_all(&cases).await;
    let wall = started.elapsed();
    rig.shutdown().await;

    let (held_out, runs): (Vec<_>, Vec<_>) = runs.into_iter().partition(|r| r.case.held_out);
    let mut by_class: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for run in &runs {
        let entry = by_class.entry(run.case.class.as_str()).or_default();
        entry.0 += usize::from(run.passed);
        entry.1 += 1;
    }
    println!(
        "realweb — {} cases, instruction planner, real headless Chromium",
        runs.len()
    );
    println!();
    println!("class                          passed");
    for (class, (passed, total)) in &by_class {
        println!("{class:<30} {passed:>3}/{total:<3}");
    }
    let passed = runs.iter().filter(|r| r.passed).count();
    let wrong_done = runs.iter().filter(|r| r.wrong_done).count();
    let total = runs.len().max(1) as f64;
    println!();
    println!(
        "success rate {:.1}% ({passed}/{}), wrong done {:.1}% ({wrong_done}), wall time {:.1} s",
        100.0 * passed as f64 / total,
        runs.len(),
        100.0 * wrong_done as f64 / total,
        wall.as_secs_f64()
    );
    let offers: Vec<&str> = runs
        .iter()
        .chain(&held_out)
        .filter(|r| r.offers_declined > 0)
        .map(|r| r.case.id.as_str())
        .collect();
    println!(
        "sends offered after a fill-only message (declined by the person): {} ({})",
        offers.len(),
        offers.join(", ")
    );
    if !held_out.is_empty() {
        let passed = held_out.iter().filter(|r| r.passed).count();
        let wrong_done = held_out.iter().filter(|r| r.wrong_done).count();
        println!(
            "held-out set (written before the work on its classes): {passed}/{} succeed, wrong done {wrong_done}",
            held_out.len()
        );
    }
    for run in runs.iter().filter(|r| r.case.timing.is_some()) {
        let goal = run.case.timing.as_ref().map_or(0, |t| t.goal_ms);
        match run.usable_after_dcl_ms {
            Some(ms) => println!(
                "usable page, hanging subresource [{}]: first input {ms:.0} ms after DOM ready (goal < {goal})",
                run.case.id
            ),
            None => println!(
                "usable page, hanging subresource [{}]: no input recorded",
                run.case.id
            ),
        }
    }
    for run in runs.iter().filter(|r| r.case.ending == "failed") {
        println!(
            "typed error, dead host [{}]: {} ms after the message ({})",
            run.case.id,
            run.elapsed.as_millis(),
            if run.passed { "ok" } else { "FAILED" }
        );
    }
    let negatives: Vec<_> = runs
        .iter()
        .filter(|r| r.case.ending == "not_done")
        .collect();
    let quoted = negatives.iter().filter(|r| r.quoted_unplaced).count();
    println!(
        "negative cases quoting the words they could not place: {quoted}/{}",
        negatives.len()
    );
    println!();
    for run in runs.iter().chain(&held_out).filter(|r| !r.passed) {
        println!(
            "FAILED [{}{}] {}{} — {}",
            run.case.class,
            if run.case.held_out { ", held out" } else { "" },
            run.case.id,
            if run.wrong_done { " (WRONG DONE)" } else { "" },
            run.detail
        );
    }
    Ok(())
}
