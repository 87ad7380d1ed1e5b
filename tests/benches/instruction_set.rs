//! Instruction-set bench: runs every case of the instruction set (fixtures/instructions/) with
//! the instruction planner in real headless Chromium and prints the success rate and the median
//! number of browser actions per task, overall and per class. Figures go to
//! docs/performance.md.
//!
//! Run: `cargo bench -p tandem-tests --bench instruction_set`

use std::collections::BTreeMap;
use std::time::Instant;

use tandem_tests::instruction_set::{CASES, median, run_all, start_agent};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut t = start_agent().await?;
    let started = Instant::now();
    let results = run_all(&mut t, CASES).await;
    let elapsed = started.elapsed();
    t.shutdown().await;

    let mut by_class: BTreeMap<&str, (usize, usize, Vec<usize>)> = BTreeMap::new();
    for r in &results {
        let entry = by_class.entry(r.case.class).or_default();
        entry.0 += usize::from(r.passed);
        entry.1 += 1;
        entry.2.push(r.actions);
    }
    println!(
        "instruction set — {} tasks, instruction planner, real headless Chromium",
        results.len()
    );
    println!();
    println!("class              passed   median actions");
    for (class, (passed, total, mut actions)) in by_class {
        println!(
            "{class:<18} {passed:>3}/{total:<3}  {:>6.1}",
            median(&mut actions)
        );
    }
    let passed = results.iter().filter(|r| r.passed).count();
    let mut actions: Vec<usize> = results.iter().map(|r| r.actions).collect();
    println!();
    println!(
        "success rate {:.1}% ({passed}/{}), median actions per task {:.1}, wall time {:.1} s",
        100.0 * passed as f64 / results.len().max(1) as f64,
        results.len(),
        median(&mut actions),
        elapsed.as_secs_f64()
    );
    for r in results.iter().filter(|r| !r.passed) {
        println!("FAILED [{}] {} — {}", r.case.class, r.case.say, r.detail);
    }
    Ok(())
}
