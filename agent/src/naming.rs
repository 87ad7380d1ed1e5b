//! Elements and actions named the way a person would: `the "Continue" button`, `the Password
//! field`, `click the "Continue" button`. Text shown to the person (cards, banners, reports)
//! uses these; the element ids stay in the protocol's structured fields for programs.
//!
//! Contract: the result never contains an element id, and never a typed value (a field is named
//! by its label, not by what it holds).

use tandem_mcp_browser::snapshot::Element;

use crate::action::Action;

/// The longest element name quoted.
const MAX_NAME_CHARS: usize = 60;

/// How a person names `element`: `the "Place order" button`, `the Email field`, `the "I'm not
/// a robot" checkbox`, or `the field` / `the button` when it has no name.
pub fn element_phrase(element: &Element) -> String {
    let name = shown_name(element);
    let kind = kind_word(element);
    match (name.is_empty(), kind) {
        (true, kind) => format!("the {kind}"),
        // A field is named by its label, like a form does: "the Email field".
        (false, "field") => format!("the {name} field"),
        (false, kind) => format!("the \"{name}\" {kind}"),
    }
}

/// What `action` does, in a person's words: `click the "Continue" button`, `type into the
/// Password field`, `choose "Red" in the Colour field`. Typed text is never repeated.
pub fn action_phrase(action: &Action, element: Option<&Element>) -> String {
    let target = element.map_or_else(|| "the element".to_owned(), element_phrase);
    match action {
        Action::Click { .. } => format!("click {target}"),
        Action::Type { .. } => format!("type into {target}"),
        Action::SelectOption { option, .. } => format!("choose \"{}\" in {target}", clip(option)),
        Action::Check { .. } => format!("tick {target}"),
        Action::Uncheck { .. } => format!("untick {target}"),
        Action::Scroll { eid: Some(_), .. } => format!("scroll to {target}"),
        other => other.to_string(),
    }
}

/// The element's accessible name, else its placeholder, trimmed and clipped.
fn shown_name(element: &Element) -> String {
    let name = if element.name.trim().is_empty() {
        element.placeholder.as_deref().unwrap_or_default()
    } else {
        element.name.as_str()
    };
    clip(name.trim())
}

fn clip(text: &str) -> String {
    let mut shown: String = text.chars().take(MAX_NAME_CHARS).collect();
    if text.chars().count() > MAX_NAME_CHARS {
        shown.push('…');
    }
    shown
}

/// The everyday word for the element's role.
fn kind_word(element: &Element) -> &'static str {
    match element.role.as_str() {
        "button" => "button",
        "link" => "link",
        "checkbox" | "switch" => "checkbox",
        "radio" => "option",
        "combobox" | "listbox" => "list",
        "tab" => "tab",
        "menuitem" => "menu item",
        "textbox" | "searchbox" | "spinbutton" => "field",
        _ if element.editable => "field",
        _ => "element",
    }
}

#[cfg(test)]
mod tests {
    use tandem_mcp_browser::snapshot::Eid;

    use super::*;

    fn element(role: &str, name: &str) -> Element {
        Element {
            eid: Eid::from("e7"),
            role: role.into(),
            name: name.into(),
            ..Element::default()
        }
    }

    #[test]
    fn elements_are_named_by_what_a_person_sees_never_by_id() {
        assert_eq!(
            element_phrase(&element("button", "Continue")),
            "the \"Continue\" button"
        );
        assert_eq!(
            element_phrase(&element("textbox", "Password")),
            "the Password field"
        );
        assert_eq!(
            element_phrase(&element("checkbox", "I'm not a robot")),
            "the \"I'm not a robot\" checkbox"
        );
        let unnamed = Element {
            placeholder: Some("Search".into()),
            ..element("searchbox", "")
        };
        assert_eq!(element_phrase(&unnamed), "the Search field");
        assert_eq!(element_phrase(&element("generic", " ")), "the element");
    }

    #[test]
    fn actions_are_told_without_ids_or_typed_text() {
        let field = element("textbox", "Password");
        let typed = Action::Type {
            eid: Eid::from("e7"),
            text: "hunter2".into(),
            clear: true,
            submit: false,
        };
        let phrase = action_phrase(&typed, Some(&field));
        assert_eq!(phrase, "type into the Password field");
        let click = Action::Click {
            eid: Eid::from("e7"),
        };
        let phrase = action_phrase(&click, Some(&element("button", "Continue")));
        assert_eq!(phrase, "click the \"Continue\" button");
        assert!(!phrase.contains("e7"));
    }
}
