//! The instruction planner on the instruction set (fixtures/instructions/): 100+ instructions
//! worded as people write them, on 25+ pages, each checked by the page's end state in real
//! headless Chromium. One browser runs every case in turn.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use tandem_tests::instruction_set::{CASES, run_all, start_agent};

#[tokio::test]
async fn every_instruction_of_the_set_reaches_its_end_state() {
    let mut t = start_agent().await.unwrap();
    let results = run_all(&mut t, CASES).await;
    t.shutdown().await;
    let failed: Vec<String> = results
        .iter()
        .filter(|r| !r.passed)
        .map(|r| format!("[{}] {} — {}", r.case.class, r.case.say, r.detail))
        .collect();
    let pages: std::collections::BTreeSet<&str> = CASES.iter().map(|c| c.page).collect();
    assert!(
        CASES.len() >= 100 && pages.len() >= 25,
        "{} cases on {} pages",
        CASES.len(),
        pages.len()
    );
    assert!(
        failed.is_empty(),
        "{} of {} failed:\n{}",
        failed.len(),
        results.len(),
        failed.join("\n")
    );
}
