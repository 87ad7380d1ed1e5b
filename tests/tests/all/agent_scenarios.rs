//! The agent graph end to end: real headless Chromium, the fixture site, the instruction
//! planner (no model), driven only through the agent handle and its events.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use tandem_agent::plan::Plan;
use tandem_agent::planner::{InstructionPlanner, PlanContext, Planner};
use tandem_agent::{
    Action, AgentConfig, AgentError, AgentEvent, InterruptError, InterruptKind, PlannerError,
    Resume, WaitFor,
};
use tandem_mcp_browser::BrowserHost;
use tandem_mcp_browser::server::params::{ObserveParams, TypeParams};
use tandem_protocol::{ActionResult, Answer, RunOutcome};
use tandem_tests::TestAgent;

fn confirm(kind: &InterruptKind, approved: bool) -> Resume {
    let InterruptKind::Confirm { action_hash, .. } = kind else {
        panic!("expected a confirmation, got {kind:?}");
    };
    Resume::Confirm {
        approved,
        action_hash: action_hash.clone(),
        remember: false,
        reason: None,
    }
}

fn executed_clicks(t: &TestAgent, run_id: &str) -> usize {
    t.agent
        .run(run_id)
        .expect("run record")
        .timeline
        .actions()
        .filter(|(a, r)| {
            matches!(a, Action::Click { .. }) && matches!(r, ActionResult::Success { .. })
        })
        .count()
}

#[tokio::test]
async fn fills_a_multi_step_form_from_one_instruction() {
    let config = AgentConfig::default().with_max_actions(100);
    let mut t = TestAgent::start_with(config, Arc::new(InstructionPlanner::new()))
        .await
        .unwrap();
    let goal = format!(
        "open {}\ntype \"Jane Doe\" into Recipient\ntype \"1 Main Street\" into Street\n\
         type Paris into City\nselect France from Country\ncheck Express delivery\n\
         click Save address",
        t.url("/shipping.html")
    );
    let run_id = t.say(&goal).await.unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    t.page_shows(
        "Saved: recipient=Jane Doe; street=1 Main Street; city=Paris; country=fr; express=on",
    )
    .await
    .unwrap();

    let run = t.agent.run(&run_id).unwrap();
    let kinds: Vec<&str> = run
        .timeline
        .actions()
        .map(|(a, r)| {
            assert!(matches!(r, ActionResult::Success { .. }), "{a}: {r:?}");
            a.kind_name()
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "navigate",
            "type",
            "type",
            "type",
            "select_option",
            "check",
            "click"
        ]
    );
    // The record of every transition: starts at the message, ends in finalize_done, and every
    // executed action was followed by a fresh observation before the next plan.
    let nodes = run.nodes();
    assert_eq!(nodes.first(), Some(&"ingest_user_input"));
    assert_eq!(nodes.last(), Some(&"finalize_done"));
    assert_eq!(
        run.transitions.last().unwrap().summary.transitions,
        nodes.len()
    );
    for pair in nodes.windows(2) {
        if pair[0] == "execute_action" {
            assert_eq!(pair[1], "maybe_stop_or_continue");
        }
    }
    t.shutdown().await;
}

#[tokio::test]
async fn a_confirmed_purchase_is_executed_exactly_once() {
    let mut t = TestAgent::start().await.unwrap();
    let run_id = t
        .say(&format!("open {}, then click Buy now", t.url("/shop.html")))
        .await
        .unwrap();
    let asked = t.question().await.unwrap();
    let InterruptKind::Confirm { rule, summary, .. } = &asked.kind else {
        panic!("expected a confirmation, got {asked:?}");
    };
    assert_eq!(rule, "confirm-purchase");
    assert!(summary.contains("Buy now"), "{summary}");
    t.page_shows("Orders placed: 0").await.unwrap();
    // While paused the action is a pending tool result on the timeline.
    assert_eq!(
        t.agent.status().lifecycle,
        tandem_protocol::Lifecycle::Paused
    );

    t.agent
        .resume(&asked.id, confirm(&asked.kind, true))
        .await
        .unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    t.page_shows("Orders placed: 1").await.unwrap();
    assert_eq!(executed_clicks(&t, &run_id), 1);
    let run = t.agent.run(&run_id).unwrap();
    let confirmations = run
        .nodes()
        .iter()
        .filter(|n| **n == "confirm_interrupt")
        .count();
    assert_eq!(
        confirmations,
        2,
        "paused once, resumed once: {:?}",
        run.nodes()
    );
    t.shutdown().await;
}

#[tokio::test]
async fn a_declined_purchase_cancels_the_run_and_leaves_the_page_alone() {
    let mut t = TestAgent::start().await.unwrap();
    let run_id = t
        .say(&format!("open {}, then click Buy now", t.url("/shop.html")))
        .await
        .unwrap();
    let asked = t.question().await.unwrap();
    t.agent
        .resume(&asked.id, confirm(&asked.kind, false))
        .await
        .unwrap();
    let (outcome, _) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Cancelled);
    let run = t.agent.run(&run_id).unwrap();
    assert_eq!(run.nodes().last(), Some(&"finalize_cancelled"));
    assert_eq!(executed_clicks(&t, &run_id), 0);
    let (_, result) = run.timeline.actions().last().unwrap();
    assert_eq!(
        result,
        &ActionResult::Error {
            message: "declined by you".into()
        },
        "the pending result was updated in place"
    );
    t.page_shows("Orders placed: 0").await.unwrap();
    t.shutdown().await;
}

#[tokio::test]
async fn a_password_the_message_does_not_give_is_handed_over_and_the_run_continues_after_manual_done()
 {
    let mut t = TestAgent::start().await.unwrap();
    let run_id = t
        .say(&format!(
            "open {}\ntype alice into Username\ntype your password into Password\nclick Log in",
            t.url("/login.html")
        ))
        .await
        .unwrap();
    let asked = t.question().await.unwrap();
    let InterruptKind::Manual { text, rule, .. } = &asked.kind else {
        panic!("expected a takeover, got {asked:?}");
    };
    assert!(
        rule.as_deref().is_some_and(|r| r.starts_with("takeover-")),
        "{rule:?}"
    );
    assert!(!text.contains("hunter2"), "the secret is not shown: {text}");

    // The person types the password themselves, in the same browser session.
    let page = t
        .person
        .invoke(&ObserveParams::compact(None))
        .await
        .unwrap()
        .observation
        .snapshot;
    let password = page
        .elements
        .iter()
        .find(|e| e.input_type.as_deref() == Some("password"))
        .unwrap();
    t.person
        .invoke(&TypeParams {
            eid: password.eid.as_str().to_string(),
            text: "hunter2".into(),
            clear: true,
            submit: false,
        })
        .await
        .unwrap();
    t.agent
        .resume(
            &asked.id,
            Resume::ManualDone {
                message: "typed it".into(),
            },
        )
        .await
        .unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    t.page_shows("Welcome, alice").await.unwrap();

    let run = t.agent.run(&run_id).unwrap();
    let nodes = run.nodes();
    let manual = nodes
        .iter()
        .rposition(|n| *n == "manual_interrupt")
        .unwrap();
    assert_eq!(
        &nodes[manual..manual + 3],
        ["manual_interrupt", "maybe_observe", "plan_action"]
    );
    assert!(
        run.transitions[manual].summary.needs_observe
            && !run.transitions[manual + 1].summary.needs_observe,
        "the agent observed again after the takeover"
    );
    let typed: Vec<(String, ActionResult)> = run
        .timeline
        .actions()
        .filter(|(a, _)| matches!(a, Action::Type { .. }))
        .map(|(a, r)| (a.to_string(), r.clone()))
        .collect();
    assert_eq!(typed.len(), 2, "{typed:?}");
    assert!(typed[1].0.contains("••••••") && !typed[1].0.contains("hunter2"));
    assert_eq!(
        typed[1].1,
        ActionResult::Success {
            summary: "done by you".into()
        }
    );
    t.shutdown().await;
}

#[tokio::test]
async fn a_password_given_in_the_message_is_typed_after_one_confirmation_showing_host_and_mask() {
    let config = AgentConfig::default().with_max_actions(100);
    let mut t = TestAgent::start_with(config, Arc::new(InstructionPlanner::new()))
        .await
        .unwrap();
    let run_id = t
        .say(&format!(
            "open {}\ntype alice into Username\ntype hunter2 into Password\nclick Log in",
            t.url("/login.html")
        ))
        .await
        .unwrap();
    let asked = t.question().await.unwrap();
    let InterruptKind::Confirm {
        reason,
        rule,
        summary,
        ..
    } = &asked.kind
    else {
        panic!("expected one confirmation, got {asked:?}");
    };
    assert_eq!(rule, "confirm-secret-from-message");
    let host = t.site.addr().ip().to_string();
    assert!(
        reason.contains(&host) && reason.contains("••••"),
        "{reason}"
    );
    assert!(!reason.contains("hunter2") && !summary.contains("hunter2"));
    t.agent
        .resume(&asked.id, confirm(&asked.kind, true))
        .await
        .unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    t.page_shows("Welcome, alice").await.unwrap();
    assert!(!text.contains("hunter2"), "{text}");
    // The value appears on the timeline only in the person's own message.
    let run = t.agent.run(&run_id).unwrap();
    let shown = serde_json::to_string(&run.timeline).unwrap();
    assert_eq!(shown.matches("hunter2").count(), 1, "{shown}");
    t.shutdown().await;
}

#[tokio::test]
async fn a_disallowed_navigation_is_denied_before_the_browser_goes_there() {
    let mut t = TestAgent::start().await.unwrap();
    let denied = format!("http://localhost:{}/index.html", t.site.addr().port());
    let run_id = t
        .say(&format!("open {}\nopen {denied}", t.url("/shop.html")))
        .await
        .unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Denied, "{text}");
    assert!(text.contains("host-denylist"), "{text}");
    assert_eq!(
        t.agent.run(&run_id).unwrap().nodes().last(),
        Some(&"finalize_denied")
    );
    assert_eq!(t.active_url().await.unwrap(), t.url("/shop.html"));
    t.shutdown().await;
}

#[tokio::test]
async fn a_page_that_sends_the_browser_to_a_denied_host_is_left_and_the_run_denied() {
    let mut t = TestAgent::start().await.unwrap();
    let run_id = t
        .say(&format!(
            "open {}, click Visit partner, click Visit partner",
            t.url("/partner.html")
        ))
        .await
        .unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Denied, "{text}");
    assert!(text.contains("localhost"), "{text}");
    let run = t.agent.run(&run_id).unwrap();
    assert_eq!(run.nodes().last(), Some(&"finalize_denied"));
    assert_eq!(
        executed_clicks(&t, &run_id),
        1,
        "no action after the landing"
    );
    assert_eq!(t.active_url().await.unwrap(), "about:blank");
    t.shutdown().await;
}

#[tokio::test]
async fn an_ambiguous_target_is_asked_about_and_the_answer_is_followed() {
    let mut t = TestAgent::start().await.unwrap();
    t.say(&format!("open {}, then click Save", t.url("/drafts.html")))
        .await
        .unwrap();
    let asked = t.question().await.unwrap();
    let InterruptKind::Ask { questions } = &asked.kind else {
        panic!("expected a question, got {asked:?}");
    };
    let question = &questions[0];
    assert!(question.options.len() >= 2, "{question:?}");
    let settings = question
        .options
        .iter()
        .find(|o| o.label.contains("Settings"))
        .unwrap_or_else(|| panic!("no option names the Settings section: {question:?}"));
    t.agent
        .resume(
            &asked.id,
            Resume::Answer {
                answers: vec![Answer {
                    question_id: question.id.clone(),
                    values: vec![settings.value.clone()],
                }],
            },
        )
        .await
        .unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    t.page_shows("Settings saved").await.unwrap();
    t.shutdown().await;
}

#[tokio::test]
async fn stale_repeated_and_foreign_interrupt_ids_are_refused_and_the_run_stays_paused() {
    let mut t = TestAgent::start().await.unwrap();
    let buy = format!("open {}, then click Buy now", t.url("/shop.html"));
    t.say(&buy).await.unwrap();
    let first = t.question().await.unwrap();

    let made_up = t
        .agent
        .resume(
            "3f1c1a52-0000-4000-8000-000000000000",
            confirm(&first.kind, true),
        )
        .await;
    assert!(
        matches!(
            made_up,
            Err(AgentError::Interrupt(InterruptError::StaleId(_)))
        ),
        "{made_up:?}"
    );
    assert_eq!(t.agent.pending_question().as_ref(), Some(&first));
    let wrong_kind = t
        .agent
        .resume(
            &first.id,
            Resume::ManualDone {
                message: String::new(),
            },
        )
        .await;
    assert!(matches!(
        wrong_kind,
        Err(AgentError::Interrupt(InterruptError::WrongKind { .. }))
    ));
    t.agent
        .resume(&first.id, confirm(&first.kind, true))
        .await
        .unwrap();
    assert_eq!(t.finished().await.unwrap().0, RunOutcome::Done);

    // A second purchase: the first id is spent and cannot approve the new question.
    t.say("click Buy now").await.unwrap();
    let second = t.question().await.unwrap();
    assert_ne!(first.id, second.id);
    let reused = t.agent.resume(&first.id, confirm(&first.kind, true)).await;
    assert!(
        matches!(
            reused,
            Err(AgentError::Interrupt(InterruptError::AlreadyUsed(_)))
        ),
        "{reused:?}"
    );
    assert_eq!(t.agent.pending_question().as_ref(), Some(&second));
    t.page_shows("Orders placed: 1").await.unwrap();
    t.agent
        .resume(&second.id, confirm(&second.kind, true))
        .await
        .unwrap();
    assert_eq!(t.finished().await.unwrap().0, RunOutcome::Done);
    t.page_shows("Orders placed: 2").await.unwrap();
    t.shutdown().await;
}

/// Runs the five-action shipping instructions under `config`, which must end it at a limit;
/// returns the run's final text and how many actions it executed.
async fn limited_shipping_run(config: AgentConfig) -> (String, usize) {
    let mut t = TestAgent::start_with(config, Arc::new(InstructionPlanner::new()))
        .await
        .unwrap();
    let run_id = t
        .say(&format!(
            "open {}\ntype a into Recipient\ntype b into Street\ntype c into City\n\
             select Spain from Country",
            t.url("/shipping.html")
        ))
        .await
        .unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Limit, "{text}");
    let run = t.agent.run(&run_id).unwrap();
    assert_eq!(run.nodes().last(), Some(&"finalize_limit"));
    let executed = run
        .nodes()
        .into_iter()
        .filter(|node| *node == "execute_action")
        .count();
    t.shutdown().await;
    (text, executed)
}

#[tokio::test]
async fn the_action_limit_counts_actions_and_says_so() {
    let (text, executed) = limited_shipping_run(AgentConfig::default().with_max_actions(2)).await;
    assert_eq!(executed, 2, "{text}");
    assert!(
        text.contains("after 2 actions, the action limit for one run (2)"),
        "{text}"
    );
}

#[tokio::test]
async fn the_transition_limit_guards_loops_and_names_itself() {
    let (text, executed) =
        limited_shipping_run(AgentConfig::default().with_max_transitions(12)).await;
    assert!(executed < 5, "{executed}");
    assert!(text.contains("the transition limit"), "{text}");
    assert!(text.contains("(12)"), "{text}");
}

#[tokio::test]
async fn a_cancel_in_the_middle_abandons_the_call_in_flight_and_issues_nothing_more() {
    let config = AgentConfig {
        wait_timeout: Duration::from_secs(8),
        ..AgentConfig::default()
    };
    let mut t = TestAgent::start_with(config, Arc::new(InstructionPlanner::new()))
        .await
        .unwrap();
    let run_id = t
        .say(&format!(
            "open {}\nwait for \"this text never appears\"\nclick Buy now",
            t.url("/shop.html")
        ))
        .await
        .unwrap();
    t.wait_for_event(|e| {
        matches!(
            e,
            AgentEvent::Step { node, action: Some(Action::Wait { until: WaitFor::Text { .. } }), result: Some(ActionResult::Pending { .. }), .. }
                if node == "execute_action"
        )
    })
    .await
    .unwrap();
    let cancelled_at = Instant::now();
    t.agent.cancel();
    let (outcome, _) = t.finished().await.unwrap();
    let took = cancelled_at.elapsed();
    assert_eq!(outcome, RunOutcome::Cancelled);
    // Well under the 8 s the wait would take by itself, with room for a loaded machine.
    assert!(took < Duration::from_secs(5), "cancel took {took:?}");

    let run = t.agent.run(&run_id).unwrap();
    assert_eq!(run.nodes().last(), Some(&"finalize_cancelled"));
    let actions: Vec<(&str, ActionResult)> = run
        .timeline
        .actions()
        .map(|(a, r)| (a.kind_name(), r.clone()))
        .collect();
    assert_eq!(actions.len(), 2, "{actions:?}");
    assert_eq!(actions[1].0, "wait");
    assert_eq!(
        actions[1].1,
        ActionResult::Error {
            message: "cancelled".into()
        }
    );
    t.page_shows("Orders placed: 0").await.unwrap();
    t.shutdown().await;
}

/// The instruction planner, but the browser dies while it plans its `kill_at`-th action.
struct CrashingPlanner {
    host: Arc<BrowserHost>,
    calls: AtomicUsize,
    kill_at: usize,
}

#[async_trait]
impl Planner for CrashingPlanner {
    async fn plan(&self, ctx: &PlanContext<'_>) -> Result<Plan, PlannerError> {
        if self.calls.fetch_add(1, Ordering::SeqCst) + 1 == self.kill_at {
            self.host.kill_for_test().await;
        }
        InstructionPlanner::new().plan(ctx).await
    }
}

#[tokio::test]
async fn a_browser_killed_mid_run_ends_the_run_with_a_clear_error_and_the_next_run_works() {
    let mut t = TestAgent::start_custom(AgentConfig::default(), |host| {
        Arc::new(CrashingPlanner {
            host: Arc::clone(host),
            calls: AtomicUsize::new(0),
            kill_at: 2,
        })
    })
    .await
    .unwrap();
    t.say(&format!(
        "open {}, type Jane into Full name",
        t.url("/form.html")
    ))
    .await
    .unwrap();
    let error = t
        .wait_for_event(|e| matches!(e, AgentEvent::Error { .. }))
        .await
        .unwrap();
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Failed, "{text}");
    assert!(text.contains("The browser stopped working"), "{text}");
    let AgentEvent::Error { code, .. } = error else {
        unreachable!()
    };
    assert!(!code.is_empty());

    t.say(&format!("open {}", t.url("/form.html")))
        .await
        .unwrap();
    let observed = t
        .wait_for_event(
            |e| matches!(e, AgentEvent::Observation { title, .. } if title == "Sign up form"),
        )
        .await
        .unwrap();
    assert!(matches!(
        observed,
        AgentEvent::Observation {
            screenshot: Some(_),
            ..
        }
    ));
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    t.shutdown().await;
}
