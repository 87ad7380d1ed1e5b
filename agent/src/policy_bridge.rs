//! From the agent's [`Action`] (and the snapshot element it targets) to the policy's
//! [`ActionRequest`], so the policy never learns about models or browsers.
//!
//! Contract: every browser action maps onto its own [`ActionKind`]; the element's role, name,
//! input type, autocomplete, link target and form submit label are filled in from the
//! observation, and `captcha_visible` from the whole snapshot. Text typed into a secret field
//! (password, card, one-time code) is marked secret, and [`masked`] hides it in everything the
//! agent shows or records.

use tandem_mcp_browser::Effect;
use tandem_mcp_browser::snapshot::{Element, Snapshot};
use tandem_policy::{ActionKind, ActionRequest};

use crate::action::Action;

/// Words in a snapshot that mean a CAPTCHA is on the page.
const CAPTCHA_WORDS: [&str; 5] = [
    "captcha",
    "not a robot",
    "verify you are human",
    "are you human",
    "hcaptcha",
];

/// Autocomplete tokens of fields whose content is secret.
const SECRET_AUTOCOMPLETE: [&str; 7] = [
    "current-password",
    "new-password",
    "one-time-code",
    "cc-number",
    "cc-csc",
    "cc-exp",
    "cc-exp-month",
];

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
    let mut request = match action {
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
    let focused;
    let element = match (action, element) {
        (Action::PressKey { .. }, None) => {
            focused = snapshot.and_then(|s| s.elements.iter().find(|e| e.focused));
            focused
        }
        (_, element) => element,
    };
    if let Some(element) = element {
        request = request.with_element(element.role.clone(), element_name(element));
        if let Some(input_type) = &element.input_type {
            request = request.with_input_type(input_type.clone());
        }
        if let Some(autocomplete) = &element.autocomplete {
            request = request.with_autocomplete(autocomplete.clone());
        }
        if let Some(context) = &element.context {
            request = request.with_element_context(context.clone());
        }
        if let Some(label) = &element.form_submit {
            request = request.with_form_submit_label(label.clone());
        }
        // A field knows its form's submit label; the submit control is named by it.
        let form = element
            .form_submit
            .clone()
            .unwrap_or_else(|| element.name.clone());
        if let Some(values) = snapshot.and_then(|s| form_values(s, &form, element)) {
            request = request.with_form_values(values);
        }
        if request.target_url.is_none()
            && let Some(href) = &element.href
        {
            request = request.with_target_url(href.clone());
        }
    }
    if snapshot.is_some_and(captcha_visible) {
        request = request.with_captcha_visible();
    }
    request
}

/// What the other fields of `element`'s form hold, as `"name"="value"` pairs in document order
/// (secret values hidden), or `None` when they hold nothing. A form is told by its submit
/// label, which is all the snapshot says of it: its fields carry it as `form_submit`.
fn form_values(snapshot: &Snapshot, submit_label: &str, element: &Element) -> Option<String> {
    let mut values = String::new();
    for field in &snapshot.elements {
        if field.eid == element.eid || field.form_submit.as_deref() != Some(submit_label) {
            continue;
        }
        let value = match (field.checked, field.value.as_deref()) {
            (Some(true), _) => "checked",
            (Some(false), _) => "unchecked",
            (None, Some(value)) if !value.is_empty() && is_secret_field(field) => "(secret)",
            (None, Some(value)) => value,
            (None, None) => continue,
        };
        if !values.is_empty() {
            values.push(' ');
        }
        values.push_str(&format!("{:?}={value:?}", element_name(field)));
    }
    (!values.is_empty()).then_some(values)
}

/// The name the policy matches words against: the accessible name, else the placeholder.
fn element_name(element: &Element) -> String {
    if element.name.trim().is_empty() {
        element.placeholder.clone().unwrap_or_default()
    } else {
        element.name.clone()
    }
}

/// Whether what is typed into `element` is a secret.
pub fn is_secret_field(element: &Element) -> bool {
    element
        .input_type
        .as_deref()
        .is_some_and(|t| t.eq_ignore_ascii_case("password"))
        || element.autocomplete.as_deref().is_some_and(|a| {
            a.split_whitespace()
                .any(|token| SECRET_AUTOCOMPLETE.contains(&token.to_ascii_lowercase().as_str()))
        })
}

/// Whether the snapshot shows a CAPTCHA (by element names, texts and frames).
pub fn captcha_visible(snapshot: &Snapshot) -> bool {
    let mentions = |text: &str| {
        let lower = text.to_lowercase();
        CAPTCHA_WORDS.iter().any(|word| lower.contains(word))
    };
    snapshot.shown_texts().any(mentions)
        || snapshot
            .elements
            .iter()
            .any(|e| e.frame.as_deref().is_some_and(mentions))
}

/// `action` as it may be shown or recorded: text typed into a secret field is masked.
pub fn masked(action: &Action, element: Option<&Element>) -> Action {
    match action {
        Action::Type {
            eid, clear, submit, ..
        } if element.is_some_and(is_secret_field) => Action::Type {
            eid: eid.clone(),
            text: "••••••".to_owned(),
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
        for name in Action::KIND_NAMES {
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
