//! People's words on synthetic pages (issue #30): a sign-in in a sentence, a control named by
//! its row, an answer named by its question, and a report that says what a sweep did.

use super::builder::{Page, click, plan, run_all, stop_answer, succeeded_on};
use crate::action::Action;

#[test]
fn a_sign_in_in_a_sentence_types_the_name_then_the_password_and_never_shows_it() {
    let goal = "sign in as maria.k using the password Tulip-4471";
    // A form that asks for the name first.
    let name_step = Page::new("https://id.test/", "Sign in")
        .textbox("Email or username")
        .with(|el| el.autocomplete = Some("username".to_owned()))
        .button("Next")
        .build();
    let first = plan(goal, Some(&name_step), &[]);
    assert!(
        matches!(&first.action, Action::Type { eid, text, submit: true, .. }
            if eid.as_str() == "e1" && text == "maria.k"),
        "{}",
        first.action
    );
    let mut history = vec![succeeded_on(&first, Some(&name_step))];
    let password_step = Page::new("https://id.test/", "Sign in")
        .textbox("Password")
        .with(|el| {
            el.input_type = Some("password".to_owned());
            el.form_submit = Some("Sign in".to_owned());
        })
        .checkbox("Keep me signed in", false)
        .button("Sign in")
        .build();
    let second = plan(goal, Some(&password_step), &history);
    assert!(
        matches!(&second.action, Action::Type { eid, text, submit: false, .. }
            if eid.as_str() == "e1" && text == "Tulip-4471"),
        "{}",
        second.action
    );
    let note = second.note.clone().unwrap_or_default();
    assert!(!note.contains("Tulip"), "{note}");
    history.push(succeeded_on(&second, Some(&password_step)));
    // Then the form is sent with its own submit control.
    let third = plan(goal, Some(&password_step), &history);
    assert_eq!(third.action, click("e3"));
    history.push(succeeded_on(&third, Some(&password_step)));
    let done = Page::new("https://id.test/home", "Welcome").build();
    let last = plan(goal, Some(&done), &history);
    let answer = stop_answer(&last);
    assert!(answer.contains("maria.k"), "{answer}");
    assert!(!answer.contains("Tulip"), "{answer}");
}

#[test]
fn a_control_named_by_its_row_is_the_control_in_that_row() {
    let row = |page: Page, name: &str, y: f64| {
        page.text(name)
            .with_last_text(|t| t.y = y)
            .button("Edit")
            .with(|el| el.rect.y = y)
    };
    let page = row(
        row(
            Page::new("https://admin.test/", "Users"),
            "Hannah Lindqvist",
            100.0,
        ),
        "Hannah Lind",
        200.0,
    )
    .build();
    let (actions, _) = run_all("click the Edit button in the row for Hannah Lind", &page);
    assert_eq!(actions, vec![click("e2")]);
}

#[test]
fn an_answer_named_by_its_question_is_chosen_in_that_question() {
    let question = |page: Page, text: &str| {
        let yes = page
            .element("radio", "Yes")
            .with(|el| el.context = Some(text.to_owned()));
        yes.element("radio", "No")
            .with(|el| el.context = Some(text.to_owned()))
    };
    let page = question(
        question(
            question(
                Page::new("https://survey.test/", "Survey"),
                "Is this your first order?",
            ),
            "Would you like our newsletter?",
        ),
        "May we contact you?",
    )
    .build();
    let (actions, answer) = run_all("choose Yes under the last question", &page);
    assert_eq!(actions, vec![click("e5")]);
    assert!(answer.contains("answered"), "{answer}");
    let (actions, _) = run_all("Answer No to the question about the newsletter", &page);
    assert_eq!(actions, vec![click("e4")]);
    let (actions, _) = run_all("under the first question, pick No", &page);
    assert_eq!(actions, vec![click("e2")]);
}

#[test]
fn a_sweep_that_acted_is_reported_done_not_skipped() {
    let page = |value: &str| {
        Page::new("https://shop.test/", "Shop")
            .select("Size", &["S", "M", "L"])
            .with(|el| el.value = Some(value.to_owned()))
            .build()
    };
    let goal = "select M from Size";
    let before = page("S");
    let first = plan(goal, Some(&before), &[]);
    let history = vec![succeeded_on(&first, Some(&before))];
    let last = plan(goal, Some(&page("M")), &history);
    let answer = stop_answer(&last);
    assert!(answer.contains("Done: selected"), "{answer}");
    assert!(!answer.contains("nothing to do"), "{answer}");
}
