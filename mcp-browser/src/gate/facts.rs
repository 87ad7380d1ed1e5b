//! From a snapshot element to the policy's [`ActionRequest`]: the element facts every gate needs
//! (the agent's own and the one in front of MCP clients), built in one place.
//!
//! Contract: [`with_element_facts`] fills in the element's role, name (else its placeholder),
//! input type, autocomplete, row context, form submit label, the values its form holds (secret
//! ones hidden) and its link target, plus `captcha_visible` from the whole snapshot. Text typed
//! into a field that [`is_secret_field`] is marked secret by the caller.

use tandem_policy::ActionRequest;

use crate::snapshot::{Element, Snapshot};

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

/// `request` with the facts of `element` (its target in `snapshot`) and of the page filled in.
pub fn with_element_facts(
    mut request: ActionRequest,
    element: Option<&Element>,
    snapshot: Option<&Snapshot>,
) -> ActionRequest {
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

/// The element a key press acts on: the focused one.
pub fn focused(snapshot: &Snapshot) -> Option<&Element> {
    snapshot.elements.iter().find(|e| e.focused)
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
pub fn element_name(element: &Element) -> String {
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
