//! A login the project had, asked for again: the agent says so and hands the browser over
//! instead of asking the planner, once; it lets the planner go on when a secret is configured
//! for the host or the person's message carries the password.

use std::collections::BTreeMap;
use std::sync::Arc;

use support::{finished, question};
use tandem_agent::model::SecretEntry;
use tandem_agent::sign_in_again::asked_again;
use tandem_agent::{Agent, AgentConfig, AgentHandle, InterruptKind, Resume};
use tandem_mcp_browser::snapshot::Element;
use tandem_policy::PolicyGate;
use tandem_protocol::RunOutcome;

use crate::agent_flow::{FakeBrowser, Script, element, stop};
use crate::support;

fn password_form() -> Vec<Element> {
    let mut password = element("e2", "textbox", "Password");
    password.input_type = Some("password".into());
    password.editable = true;
    vec![element("e1", "textbox", "Email"), password]
}

fn spawn_with(config: AgentConfig, browser: &Arc<FakeBrowser>) -> AgentHandle {
    Agent::spawn(
        config,
        Script::new(vec![stop()]),
        browser.clone(),
        Arc::new(PolicyGate::with_defaults().unwrap()),
    )
}

/// Sends `message` to a new agent on a page asking to sign in again to mail.test; how the run
/// ends, when it ends without a question.
async fn run_without_asking(config: AgentConfig, message: &str) -> RunOutcome {
    let browser = Arc::new(FakeBrowser::asking_to_sign_in_again(
        "mail.test",
        password_form(),
    ));
    let agent = spawn_with(config, &browser);
    let mut events = agent.subscribe();
    agent.submit_user_message(message).await.unwrap();
    let (outcome, _) = finished(&mut events).await;
    outcome
}

#[tokio::test]
async fn the_person_is_told_and_handed_the_browser_once_then_the_run_goes_on() {
    let browser = Arc::new(FakeBrowser::asking_to_sign_in_again(
        "mail.test",
        password_form(),
    ));
    let agent = spawn_with(AgentConfig::default(), &browser);
    let mut events = agent.subscribe();
    agent.submit_user_message("check my inbox").await.unwrap();
    let asked = question(&mut events).await;
    let InterruptKind::Manual { reason, text, .. } = &asked.kind else {
        panic!("expected a handover, got {asked:?}");
    };
    assert_eq!(reason, &asked_again("mail.test"));
    assert!(text.starts_with(reason.as_str()), "{text}");
    // The person hands back (the stand-in page still asks): not asked twice, the planner goes on.
    agent
        .resume(
            &asked.id,
            Resume::ManualDone {
                message: "signed in".into(),
            },
        )
        .await
        .unwrap();
    let (outcome, _) = finished(&mut events).await;
    assert_eq!(outcome, RunOutcome::Done);
}

#[tokio::test]
async fn a_configured_secret_for_the_host_or_a_password_in_the_message_spares_the_person() {
    let config = AgentConfig {
        secrets: BTreeMap::from([(
            "mail_password".to_owned(),
            SecretEntry {
                host: "mail.test".into(),
                value: "pw-from-config".into(),
            },
        )]),
        ..AgentConfig::default()
    };
    assert_eq!(
        run_without_asking(config, "check my inbox").await,
        RunOutcome::Done
    );
    assert_eq!(
        run_without_asking(
            AgentConfig::default(),
            "sign in with the password \"pw-in-message\""
        )
        .await,
        RunOutcome::Done
    );
}
