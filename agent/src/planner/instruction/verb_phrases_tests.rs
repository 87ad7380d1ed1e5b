//! Tests of `verb_phrases`.

use super::parse;
use crate::planner::instruction::step::{Question, Step};

#[test]
fn over_on_an_address_opens_it() {
    assert!(matches!(
        parse("over at example.com/forum.html").as_deref(),
        Some([Step::Open { url }]) if url.contains("example.com/forum.html")
    ));
    assert!(super::starts_phrase("over on example.com"));
    assert!(crate::planner::instruction::verbs::starts_phrasal(
        "cross off call mum"
    ));
    let split = crate::planner::instruction::parse::parse_message(
        "switch to the weekly digest and update my preferences",
    );
    assert_eq!(split.steps.len(), 2, "{split:?}");
    // A name with "and" marked done is one item, not a list of boxes.
    let one = crate::planner::instruction::parse::parse_message(
        "mark Buy fish and chips for Friday as done, then clear completed",
    );
    assert!(
        matches!(one.steps.first(), Some((Step::Act { verbs, object, .. }, _))
            if verbs.is_empty() && object.phrase == "Buy fish and chips for Friday"),
        "{one:?}"
    );
}

#[test]
fn adding_to_favourites_is_the_star_control() {
    let step = crate::planner::instruction::verbs::parse("add Sam & Lee to my favourites");
    assert!(
        matches!(&step, Some(Step::Act { verbs, object, .. })
            if verbs.contains(&"star".to_owned()) && object.phrase == "Sam & Lee"),
        "{step:?}"
    );
}

#[test]
fn a_quoted_entry_added_to_a_list_is_typed_and_entered() {
    let steps = parse("Add 'book dentist' to the list");
    assert!(
        matches!(steps.as_deref(), Some([Step::Type { text, target: None }, Step::PressKey { key }])
            if text == "book dentist" && key == "Enter"),
        "{steps:?}"
    );
    assert_eq!(parse("add the napkins to the basket"), None);
}

#[test]
fn switch_lists_and_keep() {
    let steps = parse("switch off Read receipts and Show my profile to search engines");
    assert!(
        matches!(steps.as_deref(), Some([
            Step::CheckPart { target: a, on: false, first: true, .. },
            Step::CheckPart { target: b, on: false, .. },
        ]) if a.phrase == "Read receipts" && b.phrase == "Show my profile to search engines"),
        "{steps:?}"
    );
    assert!(matches!(
        parse("keep News and offers").as_deref(),
        Some([Step::Check { target, on: true }]) if target.phrase == "News and offers"
    ));
    assert_eq!(parse("Show my profile to search engines"), None);
    assert!(matches!(
        parse("keep me signed in").as_deref(),
        Some([Step::Check { target, on: true }]) if target.phrase == "keep me signed in"
    ));
    let split = crate::planner::instruction::parse::parse_message(
        "untick Tips for beginners and Events near you, keep News and offers",
    );
    assert_eq!(split.steps.len(), 3, "{split:?}");
}

#[test]
fn a_verdict_is_the_answer_of_its_question() {
    for (text, answer) in [
        ("say it was helpful", "Yes"),
        ("say it wasn't helpful", "No"),
        ("say it was unhelpful", "No"),
    ] {
        let steps = parse(text);
        assert!(
            matches!(steps.as_deref(), Some([Step::Answer { option, question: Question::About(about) }])
                if option == answer && about == &["helpful".to_owned()]),
            "{text}: {steps:?}"
        );
    }
    assert!(super::starts_phrase("say it was helpful"));
}

#[test]
fn items_put_in_the_basket_keep_their_own_and() {
    let steps = parse("put the salt and pepper mills and the 90 cm oak shelf in my basket");
    assert!(
        matches!(steps.as_deref(), Some([
            Step::Act { verbs, object: a, .. },
            Step::Act { object: b, .. },
        ]) if verbs[0] == "add to basket"
            && a.phrase == "salt and pepper mills"
            && b.phrase == "90 cm oak shelf"),
        "{steps:?}"
    );
    assert_eq!(parse("put the large one in charcoal in my bag"), None);
    assert_eq!(parse("put hello in the search box"), None);
}

#[test]
fn a_note_saying_quoted_words_is_typed_into_its_field() {
    let steps = parse("add a note for the driver saying 'Ring twice, the dog is friendly'");
    assert!(
        matches!(steps.as_deref(), Some([Step::Type { text, target: Some(field) }])
            if text == "Ring twice, the dog is friendly" && field.phrase == "note for the driver"),
        "{steps:?}"
    );
    assert_eq!(
        parse("add a note saying Ring twice, the dog is friendly"),
        None
    );
}

#[test]
fn mark_all_as_names_the_control_for_all() {
    let steps = parse("mark all my notifications as read");
    assert!(
        matches!(steps.as_deref(), Some([Step::Act { verbs, object, .. }])
            if verbs[0] == "mark all as read" && object.phrase == "notifications"),
        "{steps:?}"
    );
    assert_eq!(parse("mark Buy milk as done"), None, "one item is not all");
}

#[test]
fn wishes_turn_switches_off_and_on() {
    let steps =
        parse("I don't want push notifications any more, but do send me the weekly summary email");
    assert!(
        matches!(steps.as_deref(), Some([
            Step::Check { target: off, on: false },
            Step::Check { target: on, on: true },
        ]) if off.phrase == "push notifications" && on.phrase == "weekly summary email"),
        "{steps:?}"
    );
    assert!(matches!(
        parse("I no longer want read receipts").as_deref(),
        Some([Step::Check { on: false, .. }])
    ));
    assert_eq!(parse("I want a red jumper in size M"), None);
    assert_eq!(
        parse("I don't want to pay more than 40 pounds for it"),
        None
    );
}

#[test]
fn show_names_the_control_that_shows() {
    let steps = parse("show the comments");
    assert!(
        matches!(steps.as_deref(), Some([Step::Act { verbs, .. }]) if verbs[0] == "show comments"),
        "{steps:?}"
    );
    let steps = parse("show more products");
    assert!(
        matches!(steps.as_deref(), Some([Step::Act { verbs, .. }]) if verbs[1] == "show more"),
        "{steps:?}"
    );
}

#[test]
fn use_the_field_to_enter_a_value_types_it() {
    let steps = parse("Use the textbox to enter \"Jerald\"");
    assert!(
        matches!(steps.as_deref(), Some([Step::Type { text, target: Some(field) }])
            if text == "Jerald" && field.phrase == "textbox"),
        "{steps:?}"
    );
    assert_eq!(parse("use your judgement to pick one"), None);
}

#[test]
fn use_the_textbox_then_press_is_two_steps() {
    let parsed = crate::planner::instruction::parse::parse_message(
        "Use the textbox to enter \"Jerald\" and press \"Search\"",
    );
    assert!(parsed.ignored.is_empty(), "{parsed:?}");
    assert!(
        matches!(parsed.steps.as_slice(), [(Step::Type { text, .. }, _), (Step::Click { .. }, _)]
            if text == "Jerald"),
        "{parsed:?}"
    );
}
