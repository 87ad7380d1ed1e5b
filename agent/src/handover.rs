//! What changed while the person had the browser: the short account the planner (and the run
//! record) gets after a takeover is handed back.
//!
//! In: the observation from before the takeover and the fresh one after it. Out: one line such as
//! `address changed to https://…/home; title is now "Home"; typed 8 characters into Password;
//! Email is now "ada@example.com"; Remember me is now ticked; new tab t2 (https://…)`, or
//! `the page's content changed` when only its text did, or `None` when nothing visible changed
//! (then the run says so, and a handed-over action is not counted as done).
//!
//! Contract: the value of a secret field (password, one-time code, card number or security code)
//! never appears — only how many characters it holds — so what the person typed there never
//! reaches the model, the timeline or the logs.

use tandem_mcp_browser::ObservedPage;
use tandem_mcp_browser::snapshot::Element;

/// Fields whose values are shown as a count of characters only.
pub fn is_secret(element: &Element) -> bool {
    let input_type = element.input_type.as_deref().unwrap_or_default();
    let autocomplete = element.autocomplete.as_deref().unwrap_or_default();
    input_type.eq_ignore_ascii_case("password")
        || [
            "one-time-code",
            "cc-number",
            "cc-csc",
            "current-password",
            "new-password",
        ]
        .iter()
        .any(|secret| autocomplete.eq_ignore_ascii_case(secret))
}

/// The longest value quoted for a field that is not secret.
const MAX_QUOTED_CHARS: usize = 60;

/// A one-line account of what changed between `before` and `after`, or `None`.
pub fn what_changed(before: &ObservedPage, after: &ObservedPage) -> Option<String> {
    let (old, new) = (&before.observation.snapshot, &after.observation.snapshot);
    let mut changes = Vec::new();
    if old.url != new.url {
        changes.push(format!("address changed to {}", new.url));
    }
    if old.title != new.title {
        changes.push(format!("title is now \"{}\"", new.title));
    }
    for element in &new.elements {
        let was_checked = old
            .elements
            .iter()
            .find(|e| e.eid == element.eid)
            .and_then(|e| e.checked);
        if let (Some(now), Some(was)) = (element.checked, was_checked)
            && now != was
        {
            let state = if now { "ticked" } else { "not ticked" };
            changes.push(format!("{} is now {state}", shown_name(element)));
        }
        let value = element.value.as_deref().unwrap_or_default();
        let earlier = old
            .elements
            .iter()
            .find(|e| e.eid == element.eid)
            .and_then(|e| e.value.as_deref())
            .unwrap_or_default();
        if value == earlier || !element.editable && element.role != "combobox" {
            continue;
        }
        let name = shown_name(element);
        changes.push(if is_secret(element) {
            typed(value.chars().count(), &name)
        } else if value.is_empty() {
            format!("{name} is now empty")
        } else {
            let shown: String = value.chars().take(MAX_QUOTED_CHARS).collect();
            format!("{name} is now \"{shown}\"")
        });
    }
    for tab in &after.observation.tabs {
        if !before.observation.tabs.iter().any(|t| t.id == tab.id) {
            changes.push(format!("new tab {} ({})", tab.id, tab.url));
        }
    }
    if changes.is_empty() && before.text != after.text {
        changes.push("the page's content changed".to_owned());
    }
    (!changes.is_empty()).then(|| changes.join("; "))
}

/// A field's name as the person sees it (never its id).
fn shown_name(element: &Element) -> String {
    if element.name.trim().is_empty() {
        crate::wording::element(element)
    } else {
        element.name.clone()
    }
}

/// `typed 8 characters into Password`.
pub fn typed(count: usize, field: &str) -> String {
    let unit = if count == 1 {
        "character"
    } else {
        "characters"
    };
    format!("typed {count} {unit} into {field}")
}

#[cfg(test)]
mod tests {
    use tandem_mcp_browser::Observation;
    use tandem_mcp_browser::TabInfo;
    use tandem_mcp_browser::snapshot::{Eid, Snapshot};

    use super::*;

    fn field(eid: &str, name: &str, input_type: &str, value: &str) -> Element {
        Element {
            eid: Eid(eid.to_owned()),
            role: "textbox".to_owned(),
            name: name.to_owned(),
            tag: "input".to_owned(),
            input_type: Some(input_type.to_owned()),
            value: Some(value.to_owned()),
            editable: true,
            ..Element::default()
        }
    }

    fn page(url: &str, elements: Vec<Element>, tabs: &[&str]) -> ObservedPage {
        let snapshot = Snapshot {
            url: url.to_owned(),
            title: "Sign in".to_owned(),
            elements,
            ..Snapshot::default()
        };
        ObservedPage {
            observation: Observation {
                snapshot,
                screenshot: None,
                tabs: tabs
                    .iter()
                    .map(|id| TabInfo {
                        id: (*id).to_owned(),
                        url: format!("https://example.test/{id}"),
                        title: String::new(),
                        active: *id == "t1",
                    })
                    .collect(),
                notices: Vec::new(),
                sign_in_again: None,
            },
            text: String::new(),
        }
    }

    #[test]
    fn a_password_is_told_as_a_count_and_other_fields_by_value() {
        let before = page(
            "https://example.test/login",
            vec![
                field("e1", "Email", "email", ""),
                field("e2", "Password", "password", ""),
            ],
            &["t1"],
        );
        let after = page(
            "https://example.test/login",
            vec![
                field("e1", "Email", "email", "ada@example.com"),
                field("e2", "Password", "password", "hunter22"),
            ],
            &["t1", "t2"],
        );
        let said = what_changed(&before, &after).unwrap();
        assert_eq!(
            said,
            "Email is now \"ada@example.com\"; typed 8 characters into Password; new tab t2 \
             (https://example.test/t2)"
        );
        assert!(!said.contains("hunter22"));
    }

    #[test]
    fn nothing_changed_says_nothing() {
        let before = page("https://example.test/a", vec![], &["t1"]);
        assert_eq!(what_changed(&before, &before.clone()), None);
        let moved = page("https://example.test/b", vec![], &["t1"]);
        assert_eq!(
            what_changed(&before, &moved).as_deref(),
            Some("address changed to https://example.test/b")
        );
    }
}
