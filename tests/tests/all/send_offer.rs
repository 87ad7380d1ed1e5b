//! The send offered after a message that only filled a form (issue 24), in real Chromium
//! through the agent and the instruction planner: the person is asked with the ordinary confirm
//! card (rule `confirm-unasked-send`); approved, the form is sent and the run ends `done` after
//! it; declined, the run ends `done` with the form left unsent. No offer when the message says
//! not to send, when a clause was not understood, or on a page with two forms.

use tandem_agent::{AgentEvent, Interrupt, InterruptKind, Resume};
use tandem_mcp_browser::server::params::NavigateParams;
use tandem_protocol::RunOutcome;
use tandem_tests::TestAgent;
use tandem_tests::instruction_set::start_agent;

async fn on_page(page: &str) -> TestAgent {
    let t = start_agent().await.unwrap();
    t.person
        .invoke(&NavigateParams {
            url: t.url(&format!("/instructions/{page}")),
        })
        .await
        .unwrap();
    t
}

/// Answers the confirmation `asked`, which must be the offer of the send.
async fn answer_offer(t: &TestAgent, asked: &Interrupt, approved: bool) {
    let InterruptKind::Confirm {
        action_hash,
        rule,
        reason,
        ..
    } = &asked.kind
    else {
        panic!("expected the confirm card, got {asked:?}");
    };
    assert_eq!(rule, "confirm-unasked-send");
    assert_eq!(
        reason,
        "You asked me to fill the form, not to send it. Press \"Send\" now?"
    );
    let answer = Resume::Confirm {
        approved,
        action_hash: action_hash.clone(),
        remember: false,
        reason: None,
    };
    t.agent.resume(&asked.id, answer).await.unwrap();
}

/// The run's end, which must come before any question.
async fn ends_without_asking(t: &mut TestAgent) -> (RunOutcome, String) {
    let event = t
        .wait_for_event(|e| {
            matches!(
                e,
                AgentEvent::Question { .. } | AgentEvent::RunFinished { .. }
            )
        })
        .await
        .unwrap();
    match event {
        AgentEvent::RunFinished { outcome, text, .. } => (outcome, text),
        other => panic!("expected the run to end without asking, got {other:?}"),
    }
}

#[tokio::test]
async fn an_approved_offer_sends_the_form_and_the_run_ends_done_after_it() {
    let mut t = on_page("contact.html").await;
    t.say("type Ada into Your name").await.unwrap();
    let asked = t.question().await.unwrap();
    t.page_shows("|name=Ada|").await.unwrap();
    t.page_shows("|sent=no|").await.unwrap();
    answer_offer(&t, &asked, true).await;
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    assert!(text.contains("\"Send\" pressed as you approved"), "{text}");
    t.page_shows("|sent=yes|").await.unwrap();
    t.shutdown().await;
}

#[tokio::test]
async fn a_declined_offer_ends_done_with_the_fill_reported_and_the_form_unsent() {
    let mut t = on_page("contact.html").await;
    t.say("type Ada into Your name").await.unwrap();
    let asked = t.question().await.unwrap();
    answer_offer(&t, &asked, false).await;
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    assert!(text.contains("left unsent"), "{text}");
    assert!(text.contains("typed \"Ada\""), "{text}");
    t.page_shows("|sent=no|").await.unwrap();
    t.shutdown().await;
}

#[tokio::test]
async fn but_dont_send_it_fills_and_ends_done_without_an_offer() {
    let mut t = on_page("contact.html").await;
    t.say("type Ada into Your name, but don't send it")
        .await
        .unwrap();
    let (outcome, text) = ends_without_asking(&mut t).await;
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    assert!(text.contains("left unsent, as you asked"), "{text}");
    t.page_shows("|name=Ada|").await.unwrap();
    t.page_shows("|sent=no|").await.unwrap();
    t.shutdown().await;
}

#[tokio::test]
async fn a_clause_not_understood_is_never_followed_by_an_offer() {
    let mut t = on_page("contact.html").await;
    t.say("type Ada into Your name, then frobnicate the widget")
        .await
        .unwrap();
    let (outcome, text) = ends_without_asking(&mut t).await;
    assert_eq!(outcome, RunOutcome::Failed, "{text}");
    t.page_shows("|sent=no|").await.unwrap();
    t.shutdown().await;
}

#[tokio::test]
async fn a_page_with_two_forms_gets_no_offer() {
    let mut t = on_page("two-forms.html").await;
    t.say("type refunds into Your question").await.unwrap();
    let (outcome, text) = ends_without_asking(&mut t).await;
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    t.page_shows("|question=refunds|").await.unwrap();
    t.page_shows("|joined=no|").await.unwrap();
    t.page_shows("|sent=no|").await.unwrap();
    t.shutdown().await;
}
