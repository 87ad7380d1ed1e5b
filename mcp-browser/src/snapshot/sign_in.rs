//! Whether a page asks to sign in, read from its structure alone: the fields it shows, never
//! its words (which differ by site and language).
//!
//! A sign-in form is one password field the person can fill, with no field asking for a new
//! password: two password fields, or `autocomplete="new-password"`, are a sign-up or a password
//! change. A password field that is disabled, read-only or hidden is not asking for anything
//! (the snapshot leaves out hidden elements).

use super::model::{Element, Snapshot};

/// Whether `snapshot` shows a form to sign in with a password.
pub fn asks_to_sign_in(snapshot: &Snapshot) -> bool {
    let passwords: Vec<&Element> = snapshot
        .elements
        .iter()
        .filter(|element| is_password(element))
        .collect();
    let new_password = snapshot
        .elements
        .iter()
        .any(|element| has_autocomplete(element, "new-password"));
    match passwords.as_slice() {
        [only] => !new_password && only.editable && !only.disabled,
        _ => false,
    }
}

fn is_password(element: &Element) -> bool {
    element
        .input_type
        .as_deref()
        .is_some_and(|t| t.eq_ignore_ascii_case("password"))
        || has_autocomplete(element, "current-password")
}

fn has_autocomplete(element: &Element, token: &str) -> bool {
    element.autocomplete.as_deref().is_some_and(|value| {
        value
            .split_whitespace()
            .any(|t| t.eq_ignore_ascii_case(token))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(input_type: &str, autocomplete: Option<&str>) -> Element {
        Element {
            role: "textbox".into(),
            tag: "input".into(),
            input_type: Some(input_type.into()),
            autocomplete: autocomplete.map(str::to_owned),
            editable: true,
            ..Element::default()
        }
    }

    fn page(elements: Vec<Element>) -> Snapshot {
        Snapshot {
            url: "https://mail.example/".into(),
            elements,
            ..Snapshot::default()
        }
    }

    #[test]
    fn one_password_field_beside_a_user_name_asks_to_sign_in() {
        let form = page(vec![
            field("email", Some("username")),
            field("password", Some("current-password")),
        ]);
        assert!(asks_to_sign_in(&form));
        // No autocomplete hints, a password field alone (the second step of a two-step sign-in).
        assert!(asks_to_sign_in(&page(vec![field("password", None)])));
    }

    #[test]
    fn sign_up_and_password_change_forms_do_not() {
        let sign_up = page(vec![
            field("email", Some("email")),
            field("password", Some("new-password")),
        ]);
        assert!(!asks_to_sign_in(&sign_up));
        let change = page(vec![field("password", None), field("password", None)]);
        assert!(!asks_to_sign_in(&change));
    }

    #[test]
    fn a_page_without_a_fillable_password_field_does_not() {
        assert!(!asks_to_sign_in(&page(vec![field("text", None)])));
        let mut disabled = field("password", None);
        disabled.disabled = true;
        assert!(!asks_to_sign_in(&page(vec![disabled])));
    }
}
