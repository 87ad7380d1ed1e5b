//! Classes of understanding that public pages showed us (lists of names, described values,
//! fields found by place, case, close glyphs): each on pages of its own markup and wording.

use super::builder::{Page, click, plan, run_all, succeeded, typed};
use crate::action::Action;

#[test]
fn a_list_of_names_to_select_ticks_each_then_sends() {
    let page = Page::new("https://quiz.test/", "Toppings")
        .checkbox("olives", false)
        .checkbox("Basil", false)
        .checkbox("garlic", false)
        .checkbox("feta", false)
        .button("Send")
        .build();
    let (actions, _) = run_all("Select basil, feta, olives and click Send.", &page);
    assert_eq!(
        actions,
        [
            Action::Check { eid: "e2".into() },
            Action::Check { eid: "e4".into() },
            Action::Check { eid: "e1".into() },
            click("e5")
        ]
    );
}

#[test]
fn selecting_nothing_leaves_every_box_unticked() {
    let page = |olives: bool| {
        Page::new("https://quiz.test/", "Toppings")
            .checkbox("olives", olives)
            .checkbox("Basil", false)
            .button("Done")
            .build()
    };
    let goal = "choose none, then press Done";
    let first = plan(goal, Some(&page(true)), &[]);
    assert_eq!(first.action, Action::Uncheck { eid: "e1".into() });
    let next = plan(goal, Some(&page(false)), &[succeeded(&first)]);
    assert_eq!(next.action, click("e3"));
}

#[test]
fn a_value_with_words_around_it_types_only_the_quoted_text() {
    let page = Page::new("https://form.test/", "Numbers")
        .textbox("")
        .textbox("")
        .build();
    let (actions, _) = run_all("put the amount \"16\" in the second text box", &page);
    assert_eq!(actions, [typed("e2", "16")]);
    let (actions, _) = run_all("write \"Oslo\" in block capitals into the first box", &page);
    assert_eq!(actions, [typed("e1", "OSLO")]);
}

#[test]
fn two_described_values_go_to_their_fields_or_by_place() {
    // No labels at all: the values go to the fields in the order they were given.
    let page = Page::new("https://members.test/", "Members")
        .textbox("")
        .textbox("")
        .button("Sign in")
        .build();
    let (actions, _) = run_all(
        "Type the login \"ola\" and the PIN \"7731\" into the boxes, then click sign in",
        &page,
    );
    assert_eq!(
        actions,
        [typed("e1", "ola"), typed("e2", "7731"), click("e3")]
    );
    // Labelled fields in another order: each value goes where its kind says.
    let page = Page::new("https://members.test/", "Members")
        .textbox("Surname")
        .textbox("First name")
        .build();
    let (actions, _) = run_all(
        "enter the first name 'Ada' and the surname 'Lovelace'",
        &page,
    );
    assert_eq!(actions, [typed("e2", "Ada"), typed("e1", "Lovelace")]);
}

#[test]
fn a_name_written_in_the_same_case_wins_over_a_case_variant() {
    let page = Page::new("https://links.test/", "Links")
        .link("lorem", "https://links.test/a")
        .link("Lorem", "https://links.test/b")
        .build();
    assert_eq!(
        plan("click the link \"Lorem\"", Some(&page), &[]).action,
        click("e2")
    );
}

#[test]
fn an_x_means_the_close_control() {
    let page = Page::new("https://news.test/", "News")
        .text("Subscribe to our letter")
        .button("Close")
        .button("Subscribe")
        .build();
    assert_eq!(
        plan("Dismiss the popup by clicking the \"x\"", Some(&page), &[]).action,
        click("e1")
    );
    assert_eq!(plan("click the ×", Some(&page), &[]).action, click("e1"));
}

#[test]
fn a_question_is_answered_from_the_page_and_ends_done() {
    let page = Page::new("https://form.test/", "Sign up")
        .textbox("Full name")
        .with(|el| el.value = Some("Ada".to_owned()))
        .textbox("City")
        .build();
    let answer = plan("which fields are empty?", Some(&page), &[]);
    assert_eq!(answer.stop_meaning, crate::plan::StopMeaning::Finished);
    let text = super::builder::stop_answer(&answer);
    assert!(text.contains("\"City\""), "{text}");
    assert!(text.contains("contains \"Ada\""), "{text}");
    // An instruction that cannot be followed still fails.
    let unclear = plan("frobnicate the widget", Some(&page), &[]);
    assert_eq!(unclear.stop_meaning, crate::plan::StopMeaning::GaveUp);
}

#[test]
fn a_list_that_is_one_choice_of_the_page_is_chosen_whole() {
    let page = Page::new("https://trip.test/", "Trip")
        .element("option", "Paris, France")
        .element("option", "Paris, Texas")
        .build();
    let goal = "choose Paris, Texas";
    let first = plan(goal, Some(&page), &[]);
    assert_eq!(first.action, click("e2"));
    // The list is gone; the field holds the choice: the other part needs nothing.
    let after = Page::new("https://trip.test/", "Trip")
        .textbox("Destination")
        .with(|el| el.value = Some("Paris, Texas".to_owned()))
        .build();
    let done = plan(goal, Some(&after), &[succeeded(&first)]);
    assert!(
        matches!(done.action, Action::Stop { .. }),
        "{}",
        done.action
    );
}

#[test]
fn a_header_named_by_the_button_inside_it_yields_to_the_button() {
    let page = Page::new("https://acc.test/", "Sections")
        .element("tab", "Send")
        .with(|el| {
            el.rect.y = 100.0;
            el.rect.w = 300.0;
            el.rect.h = 60.0;
        })
        .button("Send")
        .with(|el| {
            el.rect.x = 20.0;
            el.rect.y = 110.0;
        })
        .build();
    assert_eq!(plan("click send", Some(&page), &[]).action, click("e2"));
}

#[test]
fn a_kind_written_with_a_means_any_one_of_them() {
    let page = Page::new("https://w.test/", "Widgets")
        .checkbox("first", false)
        .checkbox("second", false)
        .build();
    assert_eq!(
        plan("Click on a \"checkbox\" widget.", Some(&page), &[]).action,
        click("e1")
    );
    // "the checkbox" is one particular box: two of them are asked about.
    assert!(matches!(
        plan("click the checkbox", Some(&page), &[]).action,
        Action::AskUser { .. }
    ));
}
