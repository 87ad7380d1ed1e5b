//! "Never act on a misunderstanding" (issue #30): while some words of the message were not
//! understood, the run takes no step that would send, save, pay, delete or change data, and it
//! never ends `done`.
//!
//! In: the decided action and the snapshot it acts on. Out: whether the action commits, i.e. is
//! a click on a control whose name carries a committing word (or a form's submit input), or
//! Enter (which submits the focused field's form).

use tandem_mcp_browser::snapshot::Snapshot;

use super::resolve::by_eid;
use crate::action::Action;

/// Words in a control's name that send, save, pay, delete or otherwise change data.
const COMMITTING_WORDS: &[&str] = &[
    "send",
    "submit",
    "save",
    "pay",
    "delete",
    "remove",
    "publish",
    "post",
    "confirm",
    "book",
    "buy",
    "purchase",
    "order",
    "checkout",
    "apply",
    "archive",
    "accept",
    "cancel",
    "subscribe",
    "unsubscribe",
    "continue",
    "update",
    "finish",
    "reply",
    "discard",
    "trash",
    "transfer",
    "register",
    "place",
    "approve",
    "sign up",
    "done",
];

/// Whether `action` would commit something the person may not have meant.
pub(super) fn commits(action: &Action, snapshot: Option<&Snapshot>) -> bool {
    match action {
        Action::PressKey { key } => key.eq_ignore_ascii_case("enter"),
        Action::Click { eid } => snapshot
            .and_then(|snap| by_eid(snap, eid.as_str()))
            .is_some_and(|el| el.input_type.as_deref() == Some("submit") || names_commit(&el.name)),
        _ => false,
    }
}

/// Whether `name` holds a committing word as a whole word ("Save and close", "Send").
fn names_commit(name: &str) -> bool {
    let words: Vec<String> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let joined = format!(" {} ", words.join(" "));
    COMMITTING_WORDS
        .iter()
        .any(|word| joined.contains(&format!(" {word} ")))
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
    use super::names_commit;

    #[test]
    fn committing_names_are_found_by_whole_words() {
        assert!(names_commit("Save and close"));
        assert!(names_commit("Send"));
        assert!(names_commit("Sign up now"));
        assert!(!names_commit("Sent"));
        assert!(!names_commit("Sign in"));
        assert!(!names_commit("Read receipts"));
    }
}
