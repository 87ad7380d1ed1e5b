//! "Never act on a misunderstanding" (issue #30): while some words of the message were not
//! understood, the run takes no step that would send, save, pay, delete or change data, and it
//! never ends `done`.
//!
//! In: the decided action, the snapshot it acts on and the session's policy. Out: whether the
//! action commits. That is the policy's call, not a word list of its own: an action the gate
//! would not simply allow (confirm, hand over, deny) commits, and so does a click on a form's
//! submit control or Enter (which submits the focused field's form).

use std::sync::OnceLock;

use tandem_mcp_browser::snapshot::{Element, Snapshot};
use tandem_policy::{Effect, PolicyContext, PolicyGate};
use tandem_protocol::Mode;

use super::matching::normalize;
use super::resolve::by_eid;
use crate::action::Action;
use crate::policy_bridge::request_for;

/// Whether `action` would commit something the person may not have meant. `policy` is the
/// session's gate (`None`: the default rules).
pub(super) fn commits(
    action: &Action,
    snapshot: Option<&Snapshot>,
    policy: Option<&PolicyGate>,
    mode: Mode,
) -> bool {
    if let Action::PressKey { key } = action
        && key.eq_ignore_ascii_case("enter")
    {
        return true;
    }
    let element = action
        .target_eid()
        .and_then(|eid| snapshot.and_then(|snap| by_eid(snap, eid.as_str())));
    if matches!(action, Action::Click { .. }) && element.is_some_and(submits_form) {
        return true;
    }
    let gate = match (policy, default_gate()) {
        (Some(gate), _) | (None, Some(gate)) => gate,
        // No rules could be read: every click may commit.
        (None, None) => return matches!(action, Action::Click { .. }),
    };
    let request = request_for(action, element, snapshot, None);
    let mut context = PolicyContext::new(mode);
    if let Some(snap) = snapshot {
        context = context.with_current_url(&snap.url);
    }
    gate.assess(&request, &context).effect() != Effect::Allow
}

/// A form's submit control: a submit input, or the control its form names as its submit.
fn submits_form(el: &Element) -> bool {
    el.input_type.as_deref() == Some("submit")
        || el
            .form_submit
            .as_deref()
            .is_some_and(|label| !el.editable && normalize(label) == normalize(&el.name))
}

/// The default rules, read once.
fn default_gate() -> Option<&'static PolicyGate> {
    static DEFAULT: OnceLock<Option<PolicyGate>> = OnceLock::new();
    DEFAULT
        .get_or_init(|| PolicyGate::with_defaults().ok())
        .as_ref()
}

/// The headline of a run stopped before a committing step, quoting the words not placed.
pub(super) fn stopped_before(step: usize, shown: &str, ignored: &[String]) -> String {
    format!(
        "Stopped before step {step} ({shown}), which would send or change data: I could not \
         place {}, so I did not act on a guess.",
        quoted(ignored)
    )
}

/// The headline of a run that did every understood step but not all of the message.
pub(super) fn not_all_understood(ignored: &[String]) -> String {
    format!(
        "Not finished: I did the steps I understood, but I could not place {}.",
        quoted(ignored)
    )
}

fn quoted(ignored: &[String]) -> String {
    ignored
        .iter()
        .map(|words| format!("\"{words}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use tandem_mcp_browser::snapshot::{Element, Snapshot};
    use tandem_protocol::Mode;

    use super::commits;
    use crate::action::Action;

    fn page(elements: Vec<Element>) -> Snapshot {
        Snapshot {
            url: "https://shop.example/cart".to_owned(),
            elements,
            ..Snapshot::default()
        }
    }

    fn button(eid: &str, name: &str) -> Element {
        Element {
            eid: eid.into(),
            role: "button".to_owned(),
            tag: "button".to_owned(),
            name: name.to_owned(),
            ..Element::default()
        }
    }

    fn click(eid: &str) -> Action {
        Action::Click { eid: eid.into() }
    }

    #[test]
    fn what_the_policy_would_confirm_commits_and_what_it_allows_does_not() {
        let mut save = button("e3", "Save and close");
        save.form_submit = Some("Save and close".to_owned());
        let snap = page(vec![
            button("e1", "Send"),
            button("e2", "Delete draft"),
            save,
            button("e4", "Sent"),
            button("e5", "Read receipts"),
        ]);
        let commits = |eid| commits(&click(eid), Some(&snap), None, Mode::Agent);
        assert!(commits("e1"), "the policy confirms a send");
        assert!(commits("e2"), "the policy confirms a delete");
        assert!(commits("e3"), "a form's submit control submits the form");
        assert!(!commits("e4"), "a folder named Sent sends nothing");
        assert!(
            !commits("e5"),
            "a switch-like button changes nothing on its own"
        );
        let enter = Action::PressKey {
            key: "Enter".to_owned(),
        };
        assert!(super::commits(&enter, Some(&snap), None, Mode::Agent));
    }

    #[test]
    fn the_sessions_own_rules_decide() {
        let snap = page(vec![button("e1", "Archive")]);
        assert!(!commits(&click("e1"), Some(&snap), None, Mode::Agent));
        let strict = tandem_policy::PolicyGate::with_defaults_and(
            r#"
[[rule]]
id = "confirm-archive"
effect = "confirm"
kinds = ["click"]
name_words = ["archive"]
reason = "Archiving hides the mail"
"#,
        )
        .expect("rules");
        assert!(commits(
            &click("e1"),
            Some(&snap),
            Some(&strict),
            Mode::Agent
        ));
    }
}
