//! `tandem run` as a separate process: the exit code says how the run ended, `--no-input`
//! denies confirmations instead of waiting for a person, and the final text fits a terminal.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::process::Stdio;

use tandem_tests::FixtureSite;

async fn tandem_run(args: &[&str]) -> (i32, String) {
    let (code, out, _) = tandem_run_with_progress(args).await;
    (code, out)
}

/// The exit code, stdout (the agent's words) and stderr (progress).
async fn tandem_run_with_progress(args: &[&str]) -> (i32, String, String) {
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_tandem"))
        .arg("run")
        .args(args)
        .env("TANDEM_LOG", "warn,chromiumoxide=error")
        .stdin(Stdio::null())
        .output()
        .await
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[tokio::test]
async fn a_finished_run_exits_zero_and_prints_its_report() {
    let site = FixtureSite::start().await.unwrap();
    let (code, out, progress) = tandem_run_with_progress(&[
        "click Show details",
        "--url",
        &site.url("/links.html"),
        "--no-input",
    ])
    .await;
    assert_eq!(code, 0, "{out}");
    assert!(!out.trim().is_empty(), "the final report is printed");
    // The page was open before the first plan: the one action is the click, and it gets one
    // line with its result; node lines are for -v.
    assert!(progress.starts_with("opened http"), "{progress}");
    let numbered: Vec<&str> = progress
        .lines()
        .filter(|line| {
            line.trim_start()
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
        })
        .collect();
    assert_eq!(numbered.len(), 1, "{progress}");
    assert!(numbered[0].starts_with("  1. ok    click"), "{progress}");
    assert!(
        !progress.contains("open http"),
        "no open action: {progress}"
    );
}

#[tokio::test]
async fn verbose_progress_shows_every_node() {
    let site = FixtureSite::start().await.unwrap();
    let (code, _, progress) = tandem_run_with_progress(&[
        "click Show details",
        "--url",
        &site.url("/links.html"),
        "--no-input",
        "-v",
    ])
    .await;
    assert_eq!(code, 0, "{progress}");
    for node in ["[plan_action]", "[policy_gate]", "[execute_action]"] {
        assert!(progress.contains(node), "{node}: {progress}");
    }
}

#[tokio::test]
async fn a_start_url_the_policy_denies_is_never_opened() {
    let (code, out, progress) =
        tandem_run_with_progress(&["click Go", "--url", "file:///etc/passwd", "--no-input"]).await;
    assert_eq!(code, 3, "{out}{progress}");
    assert!(
        progress.contains("the policy does not allow it"),
        "{progress}"
    );
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
async fn an_address_that_cannot_be_opened_exits_one_after_one_try() {
    let (code, out) = tandem_run(&["open http://127.0.0.1:1/", "--no-input"]).await;
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("failed: ") && out.contains("127.0.0.1:1"),
        "{out}"
    );
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
    let goal = format!(
        "open {} then click the purple unicorn",
        site.url("/links.html")
    );
    let (code, out) = tandem_run(&[&goal, "--no-input"]).await;
    assert_eq!(code, 4, "{out}");
    assert!(out.contains("Done before that: open http"), "{out}");
    assert!(!out.contains("did nothing"), "{out}");
}

#[tokio::test]
async fn the_action_limit_points_at_max_actions() {
    let site = FixtureSite::start().await.unwrap();
    let (code, out) = tandem_run(&[
        "click Show details then click Open card",
        "--url",
        &site.url("/links.html"),
        "--no-input",
        "--max-actions",
        "1",
    ])
    .await;
    assert_eq!(code, 6, "{out}");
    assert!(out.contains("after 1 actions, the action limit"), "{out}");
    assert!(out.contains("--max-actions"), "{out}");
    assert!(!out.contains("Send another message"), "{out}");
}
