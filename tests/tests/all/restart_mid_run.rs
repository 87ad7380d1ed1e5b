//! A browser restart the agent meets in the middle of a run: the person hands back after a
//! takeover, but the browser died meanwhile. The observation that follows runs on the restarted
//! browser (read-only, so it may), reports the restart once, and the run ends naming the crash
//! instead of carrying on over pages that are gone; the next run works.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use tandem_agent::{AgentEvent, InterruptKind, Resume, TimelineItem};
use tandem_protocol::RunOutcome;
use tandem_tests::TestAgent;

#[tokio::test]
async fn a_restart_met_after_a_takeover_ends_the_run_naming_the_crash() {
    let mut t = TestAgent::start().await.unwrap();
    let run_id = t
        .say(&format!(
            "open {}\ntype alice into Username\ntype your password into Password\nclick Log in",
            t.url("/login.html")
        ))
        .await
        .unwrap();
    let asked = t.question().await.unwrap();
    assert!(
        matches!(asked.kind, InterruptKind::Manual { .. }),
        "{asked:?}"
    );

    t.host.kill_for_test().await;
    t.agent
        .resume(
            &asked.id,
            Resume::ManualDone {
                message: "typed it".into(),
            },
        )
        .await
        .unwrap();
    let restarted = t
        .wait_for_event(|e| matches!(e, AgentEvent::BrowserRestarted { .. }))
        .await
        .unwrap();
    let AgentEvent::BrowserRestarted { reason, .. } = restarted else {
        unreachable!()
    };
    assert!(reason.contains("SIGKILL"), "{reason}");
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Failed, "{text}");
    assert!(
        text.contains("crashed during this run") && text.contains("SIGKILL"),
        "{text}"
    );
    let run = t.agent.run(&run_id).unwrap();
    let restarts = run
        .timeline
        .entries()
        .iter()
        .filter(|e| matches!(e.item, TimelineItem::BrowserRestarted { .. }))
        .count();
    assert_eq!(restarts, 1);
    assert!(
        !run.timeline
            .actions()
            .any(|(action, _)| action.to_string().contains("Log in")),
        "nothing ran after the crash"
    );

    t.say(&format!("open {}", t.url("/form.html")))
        .await
        .unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    t.shutdown().await;
}
