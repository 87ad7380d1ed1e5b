//! The send offered after a message that only filled a form (`offer`): a click on the one
//! submit control, marked as offered, once every step is done; the run ends once it was
//! answered. Never when the message speaks of sending, asks for anything but values, was not
//! all understood, or when the page has several forms or submit controls.

use tandem_mcp_browser::snapshot::Snapshot;
use tandem_protocol::Mode;

use super::builder::{Page, click, plan, stop_answer, succeeded_on};
use crate::action::Action;
use crate::plan::{Plan, StepOutcome, StepRecord, StopMeaning};
use crate::planner::PlanContext;
use crate::planner::instruction::InstructionPlanner;

/// Three radios, three unlabelled text boxes and a "Submit" button, no form element.
fn survey() -> Snapshot {
    Page::new("https://forms.test/survey", "Survey")
        .element("radio", "")
        .element("radio", "")
        .element("radio", "")
        .textbox("")
        .textbox("")
        .textbox("")
        .button("Submit")
        .build()
}

/// A form (its fields name "Send" as their submit control) with a name, a topic and "Send".
fn contact_form() -> Snapshot {
    Page::new("https://site.test/contact", "Contact")
        .textbox("Name")
        .with(|el| el.form_submit = Some("Send".into()))
        .select("Topic", &["Sales", "Support"])
        .with(|el| el.form_submit = Some("Send".into()))
        .button("Send")
        .with(|el| el.form_submit = Some("Send".into()))
        .build()
}

const FILL: &str = "Check the 3rd radio button and enter the number \"-5\" into the 3rd textbox";

/// Plans with every browser action succeeding on `page`, until the planner stops or offers.
fn until_offer_or_stop(goal: &str, page: &Snapshot) -> (Plan, Vec<StepRecord>) {
    let mut history = Vec::new();
    for _ in 0..20 {
        let next = plan(goal, Some(page), &history);
        if next.offered || matches!(next.action, Action::Stop { .. } | Action::AskUser { .. }) {
            return (next, history);
        }
        history.push(succeeded_on(&next, Some(page)));
    }
    panic!("the planner did not stop");
}

#[test]
fn a_fill_only_message_is_followed_by_the_offer_of_the_one_submit() {
    let page = survey();
    let (offer, history) = until_offer_or_stop(FILL, &page);
    assert_eq!(history.len(), 2, "{history:?}");
    assert!(offer.offered, "{offer:?}");
    assert_eq!(offer.action, click("e7"));
    assert_eq!(offer.cursor, Some(2));
    assert!(
        offer
            .note
            .as_deref()
            .unwrap_or_default()
            .contains("not to send it"),
        "{offer:?}"
    );
}

#[test]
fn an_approved_offer_ends_the_run_done_once_it_ran() {
    let page = survey();
    let (offer, mut history) = until_offer_or_stop(FILL, &page);
    history.push(succeeded_on(&offer, Some(&page)));
    let last = plan(FILL, Some(&page), &history);
    assert_eq!(last.stop_meaning, StopMeaning::Finished);
    let answer = stop_answer(&last);
    assert!(
        answer.starts_with("All steps done, and \"Submit\" pressed as you approved."),
        "{answer}"
    );
}

#[test]
fn a_declined_offer_ends_the_run_done_with_the_form_left_unsent() {
    let page = survey();
    let (offer, mut history) = until_offer_or_stop(FILL, &page);
    let element = page
        .elements
        .iter()
        .find(|el| el.eid.as_str() == "e7")
        .cloned();
    history
        .push(StepRecord::of(&offer, StepOutcome::Declined { reason: None }).with_element(element));
    let last = plan(FILL, Some(&page), &history);
    assert_eq!(last.stop_meaning, StopMeaning::Finished);
    let answer = stop_answer(&last);
    assert!(answer.contains("left unsent"), "{answer}");
    assert!(answer.contains("typed \"-5\""), "{answer}");
}

#[test]
fn the_fields_of_the_pages_one_form_offer_its_submit_control() {
    let page = contact_form();
    let goal = "type Ada into Name and select Support from Topic";
    let (offer, _) = until_offer_or_stop(goal, &page);
    assert!(offer.offered, "{offer:?}");
    assert_eq!(offer.action, click("e3"));
}

#[test]
fn no_offer_when_the_message_speaks_of_sending() {
    let page = survey();
    for goal in [
        format!("{FILL} but don't send it"),
        format!("{FILL}, do not submit"),
        format!("{FILL}, without submitting the form"),
    ] {
        let (last, history) = until_offer_or_stop(&goal, &page);
        assert!(!last.offered, "{goal}: {last:?}");
        assert_eq!(history.len(), 2, "{goal}: {history:?}");
        assert_eq!(last.stop_meaning, StopMeaning::Finished, "{goal}");
        let answer = stop_answer(&last);
        assert!(
            answer.starts_with("All steps done; the form is left unsent, as you asked."),
            "{goal}: {answer}"
        );
    }
}

#[test]
fn a_send_word_elsewhere_in_the_message_means_no_offer() {
    let page = survey();
    let (last, _) = until_offer_or_stop(&format!("{FILL}; I will send it later"), &page);
    assert!(!last.offered, "{last:?}");
}

#[test]
fn a_send_word_inside_a_quoted_value_is_a_value() {
    let page = survey();
    let goal = "Check the 3rd radio button and enter \"send\" into the 3rd textbox";
    let (last, _) = until_offer_or_stop(goal, &page);
    assert!(last.offered, "{last:?}");
}

#[test]
fn an_asked_submit_is_no_offer() {
    let page = survey();
    let goal = format!("{FILL} and click Submit");
    let mut history = Vec::new();
    for _ in 0..6 {
        let next = plan(&goal, Some(&page), &history);
        assert!(!next.offered, "{next:?}");
        if matches!(next.action, Action::Stop { .. }) {
            assert_eq!(history.len(), 3);
            return;
        }
        history.push(succeeded_on(&next, Some(&page)));
    }
    panic!("the planner did not stop");
}

#[test]
fn no_offer_when_a_clause_was_not_understood() {
    let page = survey();
    let goal = format!("{FILL}, then frobnicate the widget thoroughly");
    let (last, _) = until_offer_or_stop(&goal, &page);
    assert!(!last.offered, "{last:?}");
}

#[test]
fn no_offer_on_a_page_with_two_forms_or_two_submit_buttons() {
    let two_forms = Page::new("https://site.test/contact", "Contact")
        .textbox("Search")
        .with(|el| el.form_submit = Some("Search".into()))
        .button("Search")
        .with(|el| el.form_submit = Some("Search".into()))
        .textbox("Name")
        .with(|el| el.form_submit = Some("Send".into()))
        .button("Send")
        .with(|el| el.form_submit = Some("Send".into()))
        .build();
    let (last, _) = until_offer_or_stop("type Ada into Name", &two_forms);
    assert!(!last.offered, "{last:?}");
    let two_buttons = Page::new("https://forms.test/survey", "Survey")
        .textbox("Answer")
        .button("Submit")
        .button("Submit")
        .build();
    let (last, _) = until_offer_or_stop("type yes into Answer", &two_buttons);
    assert!(!last.offered, "{last:?}");
    let other_button = Page::new("https://forms.test/survey", "Survey")
        .textbox("Answer")
        .button("Clear")
        .build();
    let (last, _) = until_offer_or_stop("type yes into Answer", &other_button);
    assert!(!last.offered, "{last:?}");
}

#[test]
fn no_offer_after_a_step_that_is_not_a_value() {
    let page = survey();
    let (last, _) = until_offer_or_stop("click the 3rd textbox", &page);
    assert!(!last.offered, "{last:?}");
}

#[test]
fn no_offer_in_chat_mode() {
    let page = survey();
    let mut history = Vec::new();
    for _ in 0..6 {
        let mut ctx = PlanContext::new(FILL, Some(&page), &history);
        ctx.mode = Mode::Chat;
        let next = InstructionPlanner::new().plan_now(&ctx);
        assert!(!next.offered, "{next:?}");
        if matches!(next.action, Action::Stop { .. }) {
            return;
        }
        history.push(succeeded_on(&next, Some(&page)));
    }
    panic!("the planner did not stop");
}
