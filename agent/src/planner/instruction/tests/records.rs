//! Records and replies in people's words (issue #30): a new note written in the form its
//! "Take a note…" box opens and kept with Close; a user's role changed in the editor its row's
//! Edit control opens and kept with Save (not the Close beside it); a reply typed into a
//! thread's reply box and sent.

use super::builder::{Page, click, plan, run_all, succeeded_on, typed};
use crate::action::Action;

fn editable_box(page: Page, name: &str) -> Page {
    page.element("textbox", name).with(|el| {
        el.editable = true;
        el.tag = "div".to_owned();
    })
}

#[test]
fn a_new_note_opens_its_form_then_fills_title_and_text_and_closes_it() {
    let goal = "make a note titled Groceries saying eggs, spinach, oat milk";
    let closed = editable_box(
        Page::new("https://notes.test/", "Notes").textbox("Search"),
        "Take a note…",
    )
    .build();
    let first = plan(goal, Some(&closed), &[]);
    assert_eq!(first.action, click("e2"), "{:?}", first.note);
    // The form shows its title and its close control once the box is clicked.
    let open = editable_box(
        editable_box(
            Page::new("https://notes.test/", "Notes").textbox("Search"),
            "Title",
        ),
        "Take a note…",
    )
    .button("Add image")
    .button("Close")
    .build();
    let mut history = vec![succeeded_on(&first, Some(&closed))];
    let mut actions = Vec::new();
    for _ in 0..4 {
        let next = plan(goal, Some(&open), &history);
        if let Action::Stop { answer } = &next.action {
            assert!(answer.contains("Groceries"), "{answer}");
            break;
        }
        actions.push(next.action.clone());
        history.push(succeeded_on(&next, Some(&open)));
    }
    assert_eq!(
        actions,
        vec![
            typed("e2", "Groceries"),
            typed("e3", "eggs, spinach, oat milk"),
            click("e5"),
        ]
    );
}

#[test]
fn a_role_is_changed_in_the_rows_editor_and_saved() {
    let goal = "change Omar Haddad's role to Billing admin";
    let table = Page::new("https://admin.test/users", "Users")
        .select("Role filter", &["All roles", "Admin", "Billing admin"])
        .button("Edit")
        .with(|el| el.context = Some("Amara Nwosu Admin".to_owned()))
        .button("Edit")
        .with(|el| el.context = Some("Omar Haddad Editor".to_owned()))
        .build();
    let first = plan(goal, Some(&table), &[]);
    assert_eq!(first.action, click("e3"), "{:?}", first.note);
    let drawer = Page::new("https://admin.test/users", "Users")
        .select("Role filter", &["All roles", "Admin", "Billing admin"])
        .button("Close")
        .textbox("Display name")
        .with(|el| el.value = Some("Omar Haddad".to_owned()))
        .select("Role", &["Editor", "Admin", "Billing admin"])
        .button("Cancel")
        .button("Save")
        .build();
    let history = vec![succeeded_on(&first, Some(&table))];
    let second = plan(goal, Some(&drawer), &history);
    assert_eq!(
        second.action,
        Action::SelectOption {
            eid: "e4".into(),
            option: "Billing admin".to_owned(),
        }
    );
    let chosen = Page::new("https://admin.test/users", "Users")
        .select("Role filter", &["All roles", "Admin", "Billing admin"])
        .button("Close")
        .textbox("Display name")
        .with(|el| el.value = Some("Omar Haddad".to_owned()))
        .select("Role", &["Billing admin", "Admin", "Editor"])
        .button("Cancel")
        .button("Save")
        .build();
    let history = vec![
        succeeded_on(&first, Some(&table)),
        succeeded_on(&second, Some(&drawer)),
    ];
    let third = plan(goal, Some(&chosen), &history);
    assert_eq!(third.action, click("e6"), "Save, not Close");
}

#[test]
fn a_field_no_editor_shows_stops_before_anything_is_changed() {
    let page = Page::new("https://admin.test/users", "Users")
        .select("Role filter", &["All roles", "Admin"])
        .button("Invite user")
        .build();
    let (actions, answer) = run_all("set Paolo Ricci's role to Editor", &page);
    assert!(actions.is_empty(), "{actions:?}");
    assert!(answer.contains("could not find the role field"), "{answer}");
}

#[test]
fn a_reply_goes_into_the_reply_box_and_is_sent() {
    let thread = Page::new("https://forum.test/t/101", "Printer drops off wifi")
        .link("Tomasz Wójcik", "https://forum.test/u/tomasz")
        .element("textbox", "Message body")
        .with(|el| {
            el.editable = true;
            el.tag = "textarea".to_owned();
            el.placeholder = Some("Write your reply here…".to_owned());
            el.form_submit = Some("Submit".to_owned());
        })
        .button("Submit")
        .button("Full Editor & Preview")
        .build();
    let (actions, answer) = run_all("Reply to Tomasz's thread: Same here", &thread);
    assert_eq!(
        actions,
        vec![typed("e2", "Same here"), click("e3")],
        "{answer}"
    );
}
