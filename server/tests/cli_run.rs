//! `tandem run` as a separate process: the exit code says how the run ended, and `--no-input`
//! denies confirmations instead of waiting for a person.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::process::Stdio;

use tandem_tests::FixtureSite;

async fn tandem_run(args: &[&str]) -> (i32, String) {
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_tandem"))
        .arg("run")
        .args(args)
        .env("TANDEM_LOG", "warn")
        .stdin(Stdio::null())
        .output()
        .await
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

#[tokio::test]
async fn a_finished_run_exits_zero_and_prints_its_report() {
    let site = FixtureSite::start().await.unwrap();
    let (code, out) = tandem_run(&[
        "click Show details",
        "--url",
        &site.url("/links.html"),
        "--no-input",
    ])
    .await;
    assert_eq!(code, 0, "{out}");
    assert!(!out.trim().is_empty(), "the final report is printed");
}

#[tokio::test]
async fn a_denied_confirmation_exits_four_and_nothing_is_submitted() {
    let site = FixtureSite::start().await.unwrap();
    let (code, out) = tandem_run(&[
        "type Ada into Full name then click Create account",
        "--url",
        &site.url("/form.html"),
        "--no-input",
    ])
    .await;
    assert_eq!(
        code, 4,
        "declined confirmations end the run as cancelled: {out}"
    );
    assert!(out.contains("Create account"), "{out}");
}

#[tokio::test]
async fn a_disallowed_navigation_exits_three() {
    let (code, out) = tandem_run(&["open javascript:alert(1)", "--no-input"]).await;
    assert_eq!(code, 3, "{out}");
}
