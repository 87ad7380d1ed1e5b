//! From the agent's [`Action`] (and the snapshot element it targets) to the policy's
//! [`ActionRequest`], so the policy never learns about models or browsers.
//!
//! Contract: every browser action maps onto its own [`ActionKind`]; the element's role, name,
//! input type, autocomplete, link target and form submit label are filled in from the
//! observation, and `captcha_visible` from the whole snapshot. Text typed into a secret field
//! (password, card, one-time code) is marked secret, and [`masked`] hides it in everything the
//! agent shows or records.

use tandem_mcp_browser::Effect;
use tandem_mcp_browser::gate::facts::{focused, is_secret_field, with_element_facts};
use tandem_mcp_browser::snapshot::{Element, Snapshot};
use tandem_policy::{ActionKind, ActionRequest};

use crate::action::Action;

/// The policy request for `action`, with `element` its target in `snapshot`. For a `tool`
/// action, `tool_effect` is what the tool's annotations say it does (`None`: unknown, so it
/// counts as changing things).
pub fn request_for(
    action: &Action,
    element: Option<&Element>,
    snapshot: Option<&Snapshot>,
    tool_effect: Option<Effect>,
) -> ActionRequest {
    // The policy knows every action by its kind name (a test checks that it knows them all).
    let plain = ActionRequest::new(ActionKind::from_name(action.kind_name()));
    let request = match action {
        Action::Navigate { url } => plain.with_target_url(url.clone()),
        Action::Type { text, .. } if element.is_some_and(is_secret_field) => {
            plain.with_typed_text(text.clone()).with_secret_text()
        }
        Action::Type { text, .. } => plain.with_typed_text(text.clone()),
        Action::SelectOption { option, .. } => plain.with_option(option.clone()),
        Action::PressKey { key } => plain.with_key(key.clone()),
        Action::Tool { name, .. } => {
            let read_only = tool_effect.is_some_and(|effect| effect.read_only);
            ActionRequest::tool(name.clone(), !read_only)
        }
        Action::Click { .. }
        | Action::Hover { .. }
        | Action::Check { .. }
        | Action::Uncheck { .. }
        | Action::Scroll { .. }
        | Action::Wait { .. }
        | Action::Back
        | Action::AskUser { .. }
        | Action::NeedUser { .. }
        | Action::Stop { .. } => plain,
    };
    // A key press acts on the focused element: judge it as acting on that element.
    let element = match (action, element) {
        (Action::PressKey { .. }, None) => snapshot.and_then(focused),
        (_, element) => element,
    };
    with_element_facts(request, element, snapshot)
}

/// `action` as it may be shown or recorded: text typed into a secret field is masked.
pub fn masked(action: &Action, element: Option<&Element>) -> Action {
    match action {
        Action::Type {
            eid, clear, submit, ..
        } if element.is_some_and(is_secret_field) => Action::Type {
            eid: eid.clone(),
            text: tandem_protocol::words::SECRET_MASK.to_owned(),
            clear: *clear,
            submit: *submit,
        },
        other => other.clone(),
    }
}

/// One line naming the action and its target for the person, never by id: `click the "Buy
/// now" button` (see [`crate::wording`]).
pub fn describe(action: &Action, element: Option<&Element>) -> String {
    let shown = masked(action, element);
    let target = element.map(crate::wording::target_of);
    crate::wording::action_line(&shown, target.as_ref())
}

#[cfg(test)]
mod tests {
    use tandem_mcp_browser::snapshot::Eid;

    use super::*;

    fn field(eid: &str, role: &str, name: &str, value: Option<&str>) -> Element {
        Element {
            eid: Eid::from(eid),
            role: role.into(),
            name: name.into(),
            tag: "input".into(),
            value: value.map(str::to_owned),
            form_submit: Some("Place order".into()),
            ..Element::default()
        }
    }

    fn checkout(name: &str) -> Snapshot {
        let mut password = field("e3", "textbox", "Account password", Some("hunter2"));
        password.input_type = Some("password".into());
        let mut gift = field("e4", "checkbox", "Gift wrap", None);
        gift.checked = Some(true);
        Snapshot {
            elements: vec![
                field("e1", "textbox", "Name", Some(name)),
                field("e2", "textbox", "Address", Some("1 Main St")),
                password,
                gift,
                Element {
                    form_submit: None,
                    ..field("e5", "button", "Place order", None)
                },
            ],
            ..Snapshot::default()
        }
    }

    fn place_order_key(snapshot: &Snapshot) -> String {
        let button = &snapshot.elements[4];
        let action = Action::Click {
            eid: button.eid.clone(),
        };
        request_for(&action, Some(button), Some(snapshot), None)
            .canonical_key(Some("https://shop/pay"))
    }

    #[test]
    fn a_submit_is_keyed_on_the_values_its_form_sends_with_secrets_hidden() {
        let key = place_order_key(&checkout("Ada Lovelace"));
        assert!(key.contains(r#"\"Name\"=\"Ada Lovelace\""#), "{key}");
        assert!(key.contains("Gift wrap"), "{key}");
        assert!(!key.contains("hunter2"), "{key}");
        assert_eq!(key, place_order_key(&checkout("Ada Lovelace")));
        assert_ne!(key, place_order_key(&checkout("Eve")));
    }

    #[test]
    fn the_policy_knows_every_action_by_its_kind_name() {
        for &name in Action::KIND_NAMES {
            let kind = ActionKind::from_name(name);
            assert!(
                !matches!(kind, ActionKind::Other(_)),
                "the policy does not know `{name}`"
            );
            assert_eq!(kind.name(), name);
        }
    }

    #[test]
    fn alike_buttons_in_different_rows_are_different_actions() {
        let delete_in = |row: &str| {
            let mut button = field("e9", "button", "Delete", None);
            button.form_submit = None;
            button.context = Some(row.into());
            request_for(
                &Action::Click { eid: "e9".into() },
                Some(&button),
                None,
                None,
            )
            .canonical_key(None)
        };
        assert_ne!(delete_in("Draft 1"), delete_in("Tax return 2025"));
    }
}
