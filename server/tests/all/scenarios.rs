//! The scenario suite in `tests/scenarios/` through the runner behind `tandem scenario`, against
//! real headless Chromium and the fixture site; and what a failing scenario leaves behind.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::path::PathBuf;

use tandem_server::Config;
use tandem_server::cli::ScenarioArgs;
use tandem_server::scenario::{Site, SuiteOptions, run_suite};

fn repo(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
}

fn config() -> Config {
    Config {
        browser: tandem_tests::browser_config(),
        ..Config::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_scenario_in_the_suite_passes() {
    let files = tandem_server::cli::scenario::expand(&[repo("tests/scenarios")]).unwrap();
    assert!(files.len() >= 15, "the suite has {} scenarios", files.len());
    let out = tempfile::tempdir().unwrap();
    let options = SuiteOptions {
        site: Site::Dir(repo("tests/fixtures")),
        parallel: 3,
        out_dir: Some(out.path().join("results")),
        junit: Some(out.path().join("junit.xml")),
        ..SuiteOptions::new(config())
    };
    let mut lines = Vec::new();
    let suite = run_suite(&files, &options, |done, total, report| {
        lines.push(tandem_server::scenario::report::progress_line(
            done, total, report,
        ));
    })
    .await
    .unwrap();
    // The figures docs/performance.md quotes come from this output (`--nocapture`).
    eprintln!("{}\n{}", lines.join("\n"), suite.summary());
    assert!(suite.passed(), "{}", suite.summary());
    assert_eq!(lines.len(), files.len());
    let junit = std::fs::read_to_string(out.path().join("junit.xml")).unwrap();
    assert!(
        junit.contains(&format!("tests=\"{}\" failures=\"0\"", files.len())),
        "{junit}"
    );
    assert!(
        !out.path().join("results").exists(),
        "no artifacts for passes, and no empty folder left behind"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_scenario_exits_non_zero_with_junit_timeline_and_screenshot() {
    let dir = tempfile::tempdir().unwrap();
    let failing = dir.path().join("wrong-count.toml");
    std::fs::write(
        &failing,
        r#"
name = "wrong-count"
start_url = "{{site}}/shop.html"
[[message]]
text = "click Buy now"
[[expect]]
kind = "confirm"
answer = "approve"
[assert]
outcome = "done"
text_present = ["Orders placed: 5"]
"#,
    )
    .unwrap();
    let invalid = dir.path().join("typo.toml");
    std::fs::write(
        &invalid,
        "[[message]]\ntext = \"stop\"\n[assert]\noutcom = \"done\"\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let junit = dir.path().join("junit.xml");
    let args = ScenarioArgs {
        files: vec![failing, invalid],
        parallel: 2,
        junit: Some(junit.clone()),
        out: out.clone(),
        site: Some(repo("tests/fixtures")),
        site_url: None,
    };
    let mut printed = Vec::new();
    let code = tandem_server::cli::scenario::run(config(), args, &mut printed)
        .await
        .unwrap();
    let printed = String::from_utf8(printed).unwrap();
    assert_eq!(code, 1, "{printed}");
    assert!(printed.contains("FAIL wrong-count"), "{printed}");
    assert!(
        printed.contains("2 scenarios: 0 passed, 2 failed"),
        "{printed}"
    );
    assert!(
        printed.contains("expected the page to show \"Orders placed: 5\""),
        "{printed}"
    );
    assert!(
        printed.contains("line 4") && printed.contains("outcom"),
        "{printed}"
    );

    let xml = std::fs::read_to_string(&junit).unwrap();
    assert_eq!(xml.matches("<failure").count(), 2, "{xml}");
    assert!(xml.contains("Orders placed: 5"), "{xml}");

    let timeline = std::fs::read_to_string(out.join("wrong-count/timeline.json")).unwrap();
    let runs: Vec<tandem_agent::RunRecord> = serde_json::from_str(&timeline).unwrap();
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0].outcome, Some(tandem_protocol::RunOutcome::Done));
    let shot = std::fs::read_dir(out.join("wrong-count"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.file_stem().is_some_and(|s| s == "screenshot"))
        .expect("a screenshot of the failed page");
    let bytes = std::fs::read(&shot).unwrap();
    assert!(
        bytes.starts_with(&[0xff, 0xd8]) || bytes.starts_with(b"\x89PNG"),
        "{} is an image",
        shot.display()
    );
}
