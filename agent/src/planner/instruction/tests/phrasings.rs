//! Verb phrases in people's words, planned on synthetic pages (`verb_phrases`).

use super::builder::{Page, click, plan};
use crate::action::Action;

#[test]
fn clear_names_the_pages_clear_button_when_no_field_has_that_name() {
    let page = Page::new("https://todo.test/", "todos")
        .textbox("What needs to be done?")
        .button("Clear completed")
        .build();
    let first = plan("clear completed", Some(&page), &[]);
    assert_eq!(first.action, click("e2"), "{first:?}");
    // A field of that name is still cleared, not a button clicked.
    let form = Page::new("https://form.test/", "Form")
        .textbox("Notes")
        .button("Clear notes")
        .build();
    let cleared = plan("clear notes", Some(&form), &[]);
    assert!(
        matches!(&cleared.action, Action::Type { eid, text, .. } if eid.as_str() == "e1" && text.is_empty()),
        "{cleared:?}"
    );
}

#[test]
fn show_clicks_the_control_that_shows_them() {
    let page = Page::new("https://news.test/", "Article")
        .button("Share")
        .button("Show comments (3)")
        .build();
    let first = plan("show the comments", Some(&page), &[]);
    assert_eq!(first.action, click("e2"), "{first:?}");
}

#[test]
fn a_wish_turns_the_named_switch_off() {
    let page = Page::new("https://settings.test/", "Settings")
        .checkbox("Push notifications", true)
        .checkbox("Weekly summary email", false)
        .button("Save changes")
        .build();
    let first = plan("I don't want push notifications any more", Some(&page), &[]);
    assert!(
        matches!(&first.action, Action::Uncheck { eid } if eid.as_str() == "e1"),
        "{first:?}"
    );
}
