//! The send the person did not ask for (`unasked_send`, a context fact the agent gives when it
//! offers to press a form's submit control after a message that only filled it): the default
//! policy asks first, whatever the control is called, with a reason that names it; the
//! question is asked every time (an approval does not lift it); a deny still wins, and without
//! the fact nothing changes.

use crate::common;

use common::{agent_on, default_gate, expect};
use tandem_policy::{ActionRequest, Effect, SessionApprovals};

const FORM: &str = "https://forms.example/survey";

#[test]
fn an_unasked_send_is_confirmed_whatever_the_control_is_called() {
    let gate = default_gate();
    let context = agent_on(Some(FORM)).with_unasked_send(true);
    for name in ["Submit", "Go", "Next", "OK", "Buy now"] {
        let click = ActionRequest::click("button", name).with_input_type("submit");
        expect(
            name,
            &gate,
            &click,
            &context,
            Effect::Confirm,
            "confirm-unasked-send",
        );
    }
    let decision = gate.assess(&ActionRequest::click("button", "Go"), &context);
    assert_eq!(
        decision.reason(),
        "You asked me to fill the form, not to send it. Press \"Go\" now?"
    );
}

#[test]
fn without_the_fact_the_ordinary_rules_decide() {
    let gate = default_gate();
    let context = agent_on(Some(FORM));
    let go = ActionRequest::click("button", "Go");
    expect(
        "go",
        &gate,
        &go,
        &context,
        Effect::Allow,
        "allow-page-actions",
    );
    let submit = ActionRequest::click("button", "Submit");
    expect(
        "submit",
        &gate,
        &submit,
        &context,
        Effect::Confirm,
        "confirm-send",
    );
}

#[test]
fn enter_in_the_form_is_the_same_unasked_send() {
    let gate = default_gate();
    let context = agent_on(Some(FORM)).with_unasked_send(true);
    let enter = ActionRequest::press_key("Enter")
        .with_element("textbox", "Answer")
        .with_form_submit_label("Go");
    expect(
        "enter",
        &gate,
        &enter,
        &context,
        Effect::Confirm,
        "confirm-unasked-send",
    );
}

#[test]
fn an_approval_for_the_session_does_not_lift_the_question() {
    let gate = default_gate();
    let click = ActionRequest::click("button", "Go");
    let mut approvals = SessionApprovals::new();
    approvals.approve(&click, Some(FORM));
    let context = agent_on(Some(FORM))
        .with_approvals(&approvals)
        .with_unasked_send(true);
    expect(
        "approved before",
        &gate,
        &click,
        &context,
        Effect::Confirm,
        "confirm-unasked-send",
    );
    // An asked send that the person approved for the session is still allowed.
    let submit = ActionRequest::click("button", "Submit");
    approvals.approve(&submit, Some(FORM));
    let asked = agent_on(Some(FORM)).with_approvals(&approvals);
    expect(
        "asked",
        &gate,
        &submit,
        &asked,
        Effect::Allow,
        "session-approval",
    );
}

#[test]
fn a_deny_still_wins_over_the_offer() {
    let gate = default_gate();
    let context = agent_on(Some(FORM)).with_unasked_send(true);
    let transfer = ActionRequest::click("button", "Send money");
    expect(
        "transfer",
        &gate,
        &transfer,
        &context,
        Effect::Deny,
        "deny-money-transfer",
    );
}
