//! `tandem run` as a separate process: the exit code says how the run ended, `--no-input`
//! denies confirmations instead of waiting for a person, and the final text fits a terminal.
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
    assert!(
        out.contains("Denied without asking (--no-input): "),
        "the terminal says who denied it: {out}"
    );
    assert!(
        !out.contains("You declined"),
        "nobody was asked, so nobody declined: {out}"
    );
}

#[tokio::test]
async fn a_disallowed_navigation_exits_three() {
    let (code, out) = tandem_run(&["open javascript:alert(1)", "--no-input"]).await;
    assert_eq!(code, 3, "{out}");
}

#[tokio::test]
async fn a_step_that_keeps_failing_exits_one() {
    let (code, out) = tandem_run(&["open http://127.0.0.1:1/", "--no-input"]).await;
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("failed twice"), "{out}");
}

#[tokio::test]
async fn a_goal_with_nothing_to_follow_exits_one_and_says_what_would_work() {
    for goal in ["do something clever", ""] {
        let (code, out) = tandem_run(&[goal, "--no-input"]).await;
        assert_eq!(code, 1, "{goal:?}: {out}");
        assert!(
            out.contains("I follow plain step-by-step instructions"),
            "{out}"
        );
    }
}

#[tokio::test]
async fn a_run_cancelled_for_want_of_an_answer_says_what_it_had_done() {
    let site = FixtureSite::start().await.unwrap();
    let (code, out) = tandem_run(&[
        "click the purple unicorn",
        "--url",
        &site.url("/links.html"),
        "--no-input",
    ])
    .await;
    assert_eq!(code, 4, "{out}");
    assert!(out.contains("Done before that: open http"), "{out}");
    assert!(!out.contains("did nothing"), "{out}");
}

#[tokio::test]
async fn the_step_limit_points_at_max_steps() {
    let site = FixtureSite::start().await.unwrap();
    let (code, out) = tandem_run(&[
        "click Show details then click Open card",
        "--url",
        &site.url("/links.html"),
        "--no-input",
        "--max-steps",
        "8",
    ])
    .await;
    assert_eq!(code, 6, "{out}");
    assert!(out.contains("--max-steps"), "{out}");
    assert!(!out.contains("Send another message"), "{out}");
}
