//! "press login" on a sign-in form whose only button says something else ("OK", "Go").

use super::builder::{Page, click, plan, run_all, typed, waited_then_asked};
use crate::action::Action;

/// "press login" on `page` gives a question (after the one wait for late content), not a
/// click.
fn asks_on(page: &tandem_mcp_browser::snapshot::Snapshot) {
    let (_, question) = waited_then_asked("press login", page);
    assert!(
        matches!(question.action, Action::AskUser { .. }),
        "{}",
        question.action
    );
}

fn sign_in_page(buttons: &[&str]) -> Page {
    let page = Page::new("https://members.test/", "Members")
        .textbox("Username")
        .textbox("Password")
        .with(|el| el.input_type = Some("password".to_owned()));
    buttons.iter().fold(page, |page, name| page.button(name))
}

#[test]
fn login_names_the_button_that_sends_the_sign_in_form() {
    let page = sign_in_page(&["OK"]).build();
    let (actions, _) = run_all(
        "Enter the username \"kim\" and the password \"pw7\" into the text fields and press login.",
        &page,
    );
    assert_eq!(
        actions,
        [typed("e1", "kim"), typed("e2", "pw7"), click("e3")]
    );
}

#[test]
fn the_forms_own_submit_control_wins_over_other_buttons() {
    let mut page = sign_in_page(&["Help", "Go"])
        .with(|el| el.form_submit = Some("Go".to_owned()))
        .build();
    page.elements[1].form_submit = Some("Go".to_owned());
    let first = plan("click the sign in button", Some(&page), &[]);
    assert_eq!(first.action, click("e4"));
}

#[test]
fn several_buttons_and_no_form_still_ask() {
    let page = sign_in_page(&["OK", "Help"]).build();
    asks_on(&page);
}

#[test]
fn without_a_password_field_login_is_only_a_name() {
    let page = Page::new("https://shop.test/", "Shop")
        .textbox("Search")
        .button("OK")
        .build();
    asks_on(&page);
}

#[test]
fn a_control_called_log_in_is_still_the_one_clicked() {
    let page = sign_in_page(&["OK", "Log in"]).build();
    let first = plan("press log in", Some(&page), &[]);
    assert_eq!(first.action, click("e4"));
}
