//! Values known by their kind (issue #30): an amount, an option of one list, a relation word
//! ("to", "from") and a label's first letters each pick their field; the sentence's verb sends
//! the form and confirms it; a value no field takes stops the run before anything is sent.

use super::super::parse::starts_with_verb;
use super::super::step::Step;
use super::builder::{Page, click, plan, run_all, stop_answer, typed};
use crate::action::Action;

/// The parse-time gate, with the vocabulary's verbs.
fn instead(clause: &str, parsed: Vec<Step>) -> Vec<Step> {
    super::super::fields::instead(clause, parsed, starts_with_verb)
}

fn payment() -> Page {
    let submit = |el: &mut tandem_mcp_browser::snapshot::Element| {
        el.form_submit = Some("Continue".to_owned());
    };
    Page::new("https://bank.test/pay", "Make a payment")
        .select(
            "Pay from",
            &[
                "Choose an account",
                "Everyday Account ····4821 — £1,204.33",
                "Bills Pot ····7710 — £640.00",
            ],
        )
        .with(submit)
        .select(
            "Who are you paying?",
            &["Select a payee", "Northside Energy", "Kestrel Water"],
        )
        .with(submit)
        .textbox("Amount")
        .with(submit)
        .textbox("Reference")
        .with(submit)
        .button("Continue")
        .with(submit)
        .button("Confirm payment")
}

fn chose(eid: &str, option: &str) -> Action {
    Action::SelectOption {
        eid: eid.into(),
        option: option.to_owned(),
    }
}

#[test]
fn an_amount_a_payee_an_account_and_a_reference_find_their_fields_then_the_verb_sends() {
    let page = payment().build();
    let (actions, answer) = run_all(
        "Pay 45.50 to Northside Energy from my everyday account, ref ACC-2231-77",
        &page,
    );
    assert_eq!(
        actions,
        vec![
            typed("e3", "45.50"),
            chose("e2", "Northside Energy"),
            chose("e1", "Everyday Account ····4821 — £1,204.33"),
            typed("e4", "ACC-2231-77"),
            click("e5"),
            click("e6"),
        ],
        "{answer}"
    );
}

#[test]
fn a_value_no_field_takes_stops_before_anything_is_sent() {
    let page = payment().build();
    for goal in [
        // No account is called "holiday".
        "pay £20 to Kestrel Water from my holiday account",
        // No field takes a date.
        "send 18.20 to Kestrel Water on Friday from the bills pot",
    ] {
        let first = plan(goal, Some(&page), &[]);
        let answer = stop_answer(&first);
        assert!(answer.contains("could not place"), "{goal}: {answer}");
    }
}

#[test]
fn only_a_sending_verb_with_an_amount_and_a_relation_reads_by_kind() {
    for clause in [
        "Pay 45.50 to Northside Energy from my everyday account, reference ACC-2231-77",
        "send £18.20 to Kestrel Water",
    ] {
        assert!(
            matches!(
                instead(clause, Vec::new()).as_slice(),
                [Step::Fields { .. }]
            ),
            "{clause}"
        );
    }
    // No amount, or no relation: left as it was.
    assert!(instead("send the report to Priya", Vec::new()).is_empty());
    assert!(instead("pay 45.50", Vec::new()).is_empty());
}
