//! The words a person reads about an action and the element it aims at. Person-facing text
//! (question cards, handover banners, step lines, final reports) never carries an internal
//! element id: it names elements the way a person would ("the "Place order" button", "the
//! "Password" field"). The ids stay in the protocol's structured fields (`ActionTarget::eid`)
//! for programs, and in what the model reads.

use tandem_mcp_browser::snapshot::Element;
use tandem_protocol::ActionTarget;
pub use tandem_protocol::words::element_words;
use tandem_protocol::words::{ElementStep, step_words};

use crate::action::Action;

/// The element `action` aims at, as the protocol's target (id, role, name).
pub fn target_of(element: &Element) -> ActionTarget {
    ActionTarget {
        eid: element.eid.to_string(),
        role: element.role.clone(),
        name: shown_name(element).to_owned(),
    }
}

/// The name a person sees on `element`: its accessible name, else its placeholder.
fn shown_name(element: &Element) -> &str {
    let name = element.name.trim();
    if name.is_empty() {
        element.placeholder.as_deref().unwrap_or("").trim()
    } else {
        name
    }
}

/// [`element_words`] for a snapshot element.
pub fn element(element: &Element) -> String {
    element_words(&element.role, shown_name(element))
}

/// One line for the person: what `action` does, naming its element by `target` (never by id).
/// Text typed into a secret field must already be masked.
pub fn action_line(action: &Action, target: Option<&ActionTarget>) -> String {
    let el = || match target {
        Some(target) => element_words(&target.role, &target.name),
        None => "an element that is no longer on the page".to_owned(),
    };
    match action {
        Action::Click { .. } => step_words(ElementStep::Click, &el()),
        Action::Type { text, submit, .. } => {
            let step = ElementStep::Type {
                text,
                submit: *submit,
            };
            step_words(step, &el())
        }
        Action::SelectOption { option, .. } => step_words(ElementStep::Select { option }, &el()),
        Action::Check { .. } => format!("tick {}", el()),
        Action::Hover { .. } => format!("hover over {}", el()),
        Action::Uncheck { .. } => format!("untick {}", el()),
        Action::Scroll { eid: Some(_), .. } => format!("scroll to {}", el()),
        Action::Navigate { .. }
        | Action::PressKey { .. }
        | Action::Scroll { eid: None, .. }
        | Action::Wait { .. }
        | Action::Back
        | Action::Tool { .. }
        | Action::AskUser { .. }
        | Action::NeedUser { .. }
        | Action::Stop { .. } => action.to_string(),
    }
}

/// A tool's one-line result (`clicked e12 (button "Buy now")`, `selected "Red" in e4`) for the
/// person: the target's id, with the role and name the tool put after it, becomes the element
/// in words (`clicked the "Buy now" button`). Other text is kept as it is.
pub fn result_line(detail: &str, target: Option<&ActionTarget>) -> String {
    let Some(target) = target.filter(|t| !t.eid.is_empty()) else {
        return detail.to_owned();
    };
    let words = element_words(&target.role, &target.name);
    let mut out = String::with_capacity(detail.len());
    let mut rest = detail;
    while let Some(at) = find_word(rest, &target.eid) {
        out.push_str(&rest[..at]);
        let mut after = &rest[at + target.eid.len()..];
        // `e12 (button "Buy now")`: the tool's own description goes with the id.
        if let Some(described) = after.strip_prefix(" (")
            && let Some(end) = described.find("\")")
        {
            after = &described[end + 2..];
        }
        out.push_str(&words);
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Where `word` occurs in `text` as a whole word (not inside `e123` when looking for `e12`).
fn find_word(text: &str, word: &str) -> Option<usize> {
    let is_word = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    let mut from = 0;
    while let Some(found) = text[from..].find(word) {
        let at = from + found;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        if !before.is_some_and(is_word) && !after.is_some_and(is_word) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(role: &str, name: &str) -> ActionTarget {
        ActionTarget {
            eid: "e6".to_owned(),
            role: role.to_owned(),
            name: name.to_owned(),
        }
    }

    #[test]
    fn lines_name_elements_as_a_person_would_and_never_by_id() {
        let click = Action::Click { eid: "e6".into() };
        let line = action_line(&click, Some(&target("button", "Place order")));
        assert_eq!(line, "click the \"Place order\" button");
        let typed = Action::Type {
            eid: "e2".into(),
            text: "••••••".to_owned(),
            clear: true,
            submit: false,
        };
        let line = action_line(&typed, Some(&target("textbox", "Password")));
        assert_eq!(line, "type \"••••••\" into the \"Password\" field");
        let line = action_line(&click, Some(&target("link", " ")));
        assert_eq!(line, "click an unnamed link");
        assert!(!action_line(&click, None).contains("e6"));
    }

    #[test]
    fn tool_results_lose_the_id_and_keep_the_rest() {
        let buy = target("button", "Place order");
        assert_eq!(
            result_line("clicked e6 (button \"Place order\")", Some(&buy)),
            "clicked the \"Place order\" button"
        );
        assert_eq!(
            result_line("selected \"Red\" in e6", Some(&buy)),
            "selected \"Red\" in the \"Place order\" button"
        );
        assert_eq!(result_line("clicked e61", Some(&buy)), "clicked e61");
        assert_eq!(
            result_line(
                "the cookie banner (\"Accept all\") covers e6 (button \"Place order\"); a click there would land on it instead",
                Some(&buy)
            ),
            "the cookie banner (\"Accept all\") covers the \"Place order\" button; a click there would land on it instead"
        );
        assert_eq!(
            result_line(
                "the click meant for e6 (button \"Place order\") landed on a dialog instead",
                Some(&buy)
            ),
            "the click meant for the \"Place order\" button landed on a dialog instead"
        );
        assert_eq!(
            result_line("opened https://x.test/", None),
            "opened https://x.test/"
        );
    }
}
