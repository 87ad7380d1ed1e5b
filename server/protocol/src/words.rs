//! How a person names an element: `the "Place order" button`, `the "Password" field`, `an
//! unnamed link`. Shared by everything that words a step for the person (the agent's cards and
//! step lines, the MCP gate's confirm and takeover messages), so that a step reads the same in
//! the chat page and in an MCP client. Never an element id.

/// What a person reads in place of a secret (a password, a code, a card number).
pub const SECRET_MASK: &str = "••••••";

/// Longest element name quoted, in characters.
const MAX_NAME: usize = 60;
/// Longest typed text or option quoted, in characters.
const MAX_TEXT: usize = 40;

/// A step on one element, as the person reads it (text typed into a secret field already
/// masked by the caller).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ElementStep<'a> {
    Click,
    Type { text: &'a str, submit: bool },
    Select { option: &'a str },
}

/// `click the "Buy now" button`, `type "••••••" into the "Password" field`, `select "Red" in
/// the "Colour" list`; `element` as [`element_words`] gives it.
pub fn step_words(step: ElementStep<'_>, element: &str) -> String {
    match step {
        ElementStep::Click => format!("click {element}"),
        ElementStep::Type { text, submit } => {
            let then = if submit { " and submit" } else { "" };
            format!("type \"{}\" into {element}{then}", clip(text, MAX_TEXT))
        }
        ElementStep::Select { option } => {
            format!("select \"{}\" in {element}", clip(option, MAX_TEXT))
        }
    }
}

/// `the "Place order" button`, `the "Password" field`, `an unnamed link`.
pub fn element_words(role: &str, name: &str) -> String {
    let noun = noun(role);
    let name = name.trim();
    if name.is_empty() {
        return format!("an unnamed {noun}");
    }
    format!("the \"{}\" {noun}", clip(name, MAX_NAME))
}

/// What a person calls an element of this ARIA role.
fn noun(role: &str) -> &str {
    match role {
        "textbox" | "searchbox" => "field",
        "spinbutton" => "number field",
        "combobox" | "listbox" => "list",
        "radio" | "option" => "option",
        "menuitem" => "menu item",
        "img" => "image",
        "" | "generic" => "element",
        other => other,
    }
}

/// `text` cut to `max` characters, with `…` when cut.
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_are_named_as_a_person_would() {
        assert_eq!(
            element_words("textbox", "Password"),
            "the \"Password\" field"
        );
        assert_eq!(
            element_words("button", " Buy now "),
            "the \"Buy now\" button"
        );
        assert_eq!(element_words("link", " "), "an unnamed link");
        let password = element_words("textbox", "Password");
        let typed = ElementStep::Type {
            text: "••••••",
            submit: false,
        };
        assert_eq!(
            step_words(typed, &password),
            "type \"••••••\" into the \"Password\" field"
        );
        assert_eq!(clip("abcdef", 4), "abc…");
        assert_eq!(clip("abc", 4), "abc");
    }
}
