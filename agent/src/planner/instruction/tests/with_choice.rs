//! A verb with the choice its flow asks for (issue #30): "cancel booking 2231 but keep the
//! deposit" is the Cancel of that booking, the choice that says keep, then the control after it
//! that says cancel; never a button that merely says keep, and never a negated tail.

use super::super::parse::parse_message;
use super::super::step::Step;
use super::super::with_choice::read;
use super::builder::{Page, click, run_all};

#[test]
fn the_verb_its_thing_the_choice_and_its_noun_are_read() {
    let r = read("cancel booking 2231 but keep the deposit").unwrap();
    assert_eq!(
        (r.verb.as_str(), r.thing.as_str()),
        ("cancel", "booking 2231")
    );
    assert_eq!(
        (r.choice, r.about),
        (vec!["keep".to_owned()], vec!["deposit".to_owned()])
    );
    let r = read("cancel booking 2232, keep the deposit as credit").unwrap();
    assert_eq!(r.choice, vec!["keep".to_owned(), "credit".to_owned()]);
    let r = read("cancel 2245 and refund the deposit please").unwrap();
    assert_eq!((r.thing.as_str(), r.choice[0].as_str()), ("2245", "refund"));
}

#[test]
fn a_negated_tail_or_another_shape_is_not_read() {
    assert_eq!(
        read("cancel booking 2231 but don't refund the deposit"),
        None
    );
    assert_eq!(read("cancel booking 2231"), None);
    assert_eq!(read("cancel booking 2231 and 2232"), None);
}

#[test]
fn the_clause_becomes_one_step_only_when_its_head_is_an_unknown_verb() {
    let parsed = parse_message("cancel booking 2231 but keep the deposit");
    assert!(
        matches!(parsed.steps.as_slice(), [(Step::Fields { .. }, _)]),
        "{parsed:?}"
    );
    // A known verb's clause keeps its meaning.
    let parsed = parse_message("click Save and close the dialog");
    assert!(
        !matches!(parsed.steps.as_slice(), [(Step::Fields { .. }, _)]),
        "{parsed:?}"
    );
}

fn cancel_dialog() -> Page {
    Page::new("https://stays.test/bookings", "My bookings")
        .button("Cancel")
        .with(|el| el.context = Some("Booking 2231 Larch Cabin".to_owned()))
        .button("Cancel")
        .with(|el| el.context = Some("Booking 2245 Hillside Barn".to_owned()))
        .element("radio", "Keep it as credit")
        .with(|el| el.context = Some("What should we do with your deposit?".to_owned()))
        .element("radio", "Refund it to my card")
        .with(|el| el.context = Some("What should we do with your deposit?".to_owned()))
        .button("Keep booking")
        .button("Cancel booking")
}

#[test]
fn the_row_s_control_then_the_choice_then_the_control_after_it() {
    let page = cancel_dialog().build();
    let (actions, answer) = run_all("cancel booking 2231 but keep the deposit", &page);
    assert_eq!(
        actions,
        vec![click("e1"), click("e3"), click("e6")],
        "{answer}"
    );
}

#[test]
fn a_choice_the_page_does_not_offer_stops_before_the_cancel_is_confirmed() {
    let page = cancel_dialog().build();
    let (actions, answer) = run_all("cancel booking 2245 but transfer the deposit", &page);
    assert_eq!(actions, vec![click("e2")], "{answer}");
    assert!(answer.contains("\"transfer the deposit\""), "{answer}");
}

#[test]
fn a_choice_after_a_comma_stays_with_its_verb() {
    // "keep …" alone is a phrase of its own; after a comma it is the cancel's choice.
    for said in [
        "cancel booking 2245, keep my deposit please",
        "Cancel booking 2231, keep the deposit as credit",
    ] {
        let parsed = parse_message(said);
        assert!(
            matches!(parsed.steps.as_slice(), [(Step::Fields { .. }, _)]),
            "{said}: {parsed:?}"
        );
    }
    let page = cancel_dialog().build();
    let (actions, answer) = run_all("cancel booking 2231, keep my deposit please", &page);
    assert_eq!(
        actions,
        vec![click("e1"), click("e3"), click("e6")],
        "{answer}"
    );
    // Two steps of the vocabulary stay two steps.
    let parsed = parse_message("open the Larch Cabin booking, click the Cancel button");
    assert_eq!(parsed.steps.len(), 2, "{parsed:?}");
}
