//! Configured secrets with no model: the instruction planner's "type your password into
//! Password" types the secret configured for the page's host without asking (real Chromium, the
//! fixture login page on 127.0.0.1); a secret for another host still hands the field over.

use std::collections::BTreeMap;
use std::sync::Arc;

use tandem_agent::model::{SecretEntry, SecretString};
use tandem_agent::planner::InstructionPlanner;
use tandem_agent::{AgentConfig, InterruptKind};
use tandem_protocol::RunOutcome;
use tandem_tests::TestAgent;

fn with_secret(name: &str, host: &str) -> AgentConfig {
    AgentConfig {
        secrets: BTreeMap::from([(
            name.to_owned(),
            SecretEntry {
                host: host.to_owned(),
                value: SecretString::new("hunter2".to_owned()),
            },
        )]),
        ..AgentConfig::default()
    }
}

fn log_in(t: &TestAgent) -> String {
    format!(
        "open {}\ntype alice into Username\ntype your password into Password\nclick Log in",
        t.url("/login.html")
    )
}

#[tokio::test]
async fn a_secret_configured_for_the_host_is_typed_without_asking_and_never_shown() {
    let config = with_secret("site_password", "127.0.0.1");
    let mut t = TestAgent::start_with(config, Arc::new(InstructionPlanner::new()))
        .await
        .unwrap();
    let run_id = t.say(&log_in(&t)).await.unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    t.page_shows("Welcome, alice").await.unwrap();
    let run = t.agent.run(&run_id).unwrap();
    assert!(
        !run.nodes().contains(&"manual_interrupt") && !run.nodes().contains(&"confirm_interrupt"),
        "nothing was asked: {:?}",
        run.nodes()
    );
    let record = format!("{run:?}");
    assert!(
        !record.contains("hunter2"),
        "the value stays out of the run record"
    );
    t.shutdown().await;
}

#[tokio::test]
async fn a_secret_for_another_host_still_hands_the_field_over() {
    let config = with_secret("site_password", "elsewhere.test");
    let mut t = TestAgent::start_with(config, Arc::new(InstructionPlanner::new()))
        .await
        .unwrap();
    t.say(&log_in(&t)).await.unwrap();
    let asked = t.question().await.unwrap();
    let InterruptKind::Manual { rule, .. } = &asked.kind else {
        panic!("expected a takeover, got {asked:?}");
    };
    assert!(
        rule.as_deref().is_some_and(|r| r.starts_with("takeover-")),
        "{rule:?}"
    );
    t.shutdown().await;
}
