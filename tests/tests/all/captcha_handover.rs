//! A CAPTCHA is handed to the person once: on a page that shows one, the agent fills the other
//! fields itself, hands over when it would send the page on, and after the person hands back it
//! does not hand the same page over again for the CAPTCHA. Real headless Chromium, the fixture
//! site, the instruction planner.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use tandem_agent::{Action, InterruptKind, Resume, TimelineItem};
use tandem_mcp_browser::server::params::{ClickParams, ObserveParams};
use tandem_protocol::{ActionResult, RunOutcome};
use tandem_tests::TestAgent;

#[tokio::test]
async fn a_captcha_page_is_handed_over_once_and_its_other_fields_stay_the_agents() {
    let mut t = TestAgent::start().await.unwrap();
    let run_id = t
        .say(&format!(
            "open {}\ntype Ada into Name\ntype ada@example.com into Email\nclick Continue\nclick Preview",
            t.url("/captcha-form.html")
        ))
        .await
        .unwrap();

    let asked = t.question().await.unwrap();
    let InterruptKind::Manual {
        rule, text, target, ..
    } = &asked.kind
    else {
        panic!("expected a takeover, got {asked:?}");
    };
    assert_eq!(rule.as_deref(), Some("takeover-captcha-visible"), "{text}");
    assert!(text.contains("click the \"Continue\" button"), "{text}");
    // The element comes with its box, for the live view to outline.
    let target = target.as_ref().expect("the takeover names its element");
    assert_eq!(
        (target.role.as_str(), target.name.as_str()),
        ("button", "Continue")
    );
    assert!(
        target.rect.width > 10.0 && target.rect.height > 5.0,
        "{target:?}"
    );
    let question = asked.view();
    assert_eq!(
        question.target.as_ref(),
        Some(target),
        "the frame carries it"
    );

    // The person solves the CAPTCHA and sends the form, in the same browser session.
    let page = t
        .person
        .invoke(&ObserveParams::compact(None))
        .await
        .unwrap()
        .observation
        .snapshot;
    let eid_of = |name: &str| {
        page.elements
            .iter()
            .find(|e| e.name.contains(name))
            .unwrap_or_else(|| panic!("no {name} on the page"))
            .eid
            .to_string()
    };
    t.person
        .invoke(&ClickParams {
            eid: eid_of("not a robot").to_string(),
        })
        .await
        .unwrap();
    t.person
        .invoke(&ClickParams {
            eid: eid_of("Continue").to_string(),
        })
        .await
        .unwrap();
    t.agent
        .resume(
            &asked.id,
            Resume::ManualDone {
                message: String::new(),
            },
        )
        .await
        .unwrap();

    // "Preview" is on the same page, which still says it is protected by a CAPTCHA.
    let (outcome, text) = t.finished().await.unwrap();
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    t.page_shows("Sent by Ada (previewed)").await.unwrap();

    let run = t.agent.run(&run_id).unwrap();
    let questions = run
        .timeline
        .entries()
        .iter()
        .filter(|entry| matches!(entry.item, TimelineItem::Question { .. }))
        .count();
    assert_eq!(
        questions, 1,
        "one handover for the CAPTCHA, none for the fields"
    );
    let by_agent: Vec<String> = run
        .timeline
        .actions()
        .filter(|(_, result)| {
            matches!(result, ActionResult::Success { summary } if summary != "done by you")
        })
        .filter(|(action, _)| matches!(action, Action::Type { .. } | Action::Click { .. }))
        .map(|(action, _)| action.to_string())
        .collect();
    assert_eq!(by_agent.len(), 3, "two fields and Preview: {by_agent:?}");
    t.shutdown().await;
}
