//! Offline follow-ups: the person's short references to the previous instructions, resolved
//! from [`SessionMemory`] for the instruction planner (a model reads the conversation itself).
//!
//! - "again", "do it again", "repeat that", "once more" → the last instructions again.
//! - "do the same with Bob" / "same for Bob" → the last instructions with the first value they
//!   typed or chose replaced by "Bob".
//! - "undo that" → an honest answer: there is no undo in the browser, here is what the last run
//!   did, say the steps that reverse it.
//!
//! The last instructions are what the latest run followed: a follow-up run followed what its
//! own message resolved to, so "again" after "do the same with Bob" repeats it with Bob.

use super::{RunSummary, SessionMemory};

/// What a follow-up message resolves to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FollowUp {
    /// Follow these instructions instead of the message.
    Instructions(String),
    /// Answer this and do nothing.
    Answer(String),
}

/// The kind of follow-up a message is, with its new value.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    Again,
    SameWith(String),
    Undo,
}

const AGAIN: &[&str] = &[
    "again",
    "do it again",
    "do that again",
    "do this again",
    "same again",
    "repeat",
    "repeat it",
    "repeat that",
    "repeat this",
    "once more",
    "one more time",
];
const SAME_WITH: &[&str] = &[
    "do the same with ",
    "do the same for ",
    "do the same but with ",
    "do the same using ",
    "the same with ",
    "the same for ",
    "same with ",
    "same for ",
    "do it again with ",
    "do that again with ",
    "again with ",
    "again for ",
];
const UNDO: &[&str] = &[
    "undo",
    "undo it",
    "undo that",
    "undo this",
    "revert it",
    "revert that",
    "take it back",
    "take that back",
    "can you undo that",
    "can you undo it",
];

/// Resolves `message` against the session's earlier runs, or `None` when it is not a follow-up.
pub fn resolve(message: &str, memory: &SessionMemory) -> Option<FollowUp> {
    let kind = kind_of(message)?;
    let runs: Vec<&RunSummary> = memory.runs().collect();
    if kind == Kind::Undo {
        return Some(FollowUp::Answer(undo_answer(memory.last_run())));
    }
    let Some(last) = runs.len().checked_sub(1) else {
        return Some(FollowUp::Answer(NOTHING_TO_REPEAT.to_owned()));
    };
    Some(match resolved_instructions(&runs, last) {
        Some(base) => follow(&kind, base, runs[last]),
        None => FollowUp::Answer(NOTHING_TO_REPEAT.to_owned()),
    })
}

/// The instructions run `index` followed (its goal, or what its follow-up resolved to).
fn resolved_instructions(runs: &[&RunSummary], index: usize) -> Option<String> {
    let run = runs.get(index)?;
    let Some(kind) = kind_of(&run.goal) else {
        return Some(run.goal.clone());
    };
    let earlier = index.checked_sub(1)?;
    let base = resolved_instructions(runs, earlier)?;
    match follow(&kind, base, runs[earlier]) {
        FollowUp::Instructions(instructions) => Some(instructions),
        FollowUp::Answer(_) => None,
    }
}

/// `kind` applied to the instructions `base`, which `base_run` followed.
fn follow(kind: &Kind, base: String, base_run: &RunSummary) -> FollowUp {
    match kind {
        // An "undo" run did nothing: what it follows stays the base.
        Kind::Again | Kind::Undo => FollowUp::Instructions(base),
        Kind::SameWith(value) => same_with(&base, base_run, value),
    }
}

const NOTHING_TO_REPEAT: &str =
    "There are no earlier instructions in this conversation to repeat yet. Tell me the steps.";

fn kind_of(message: &str) -> Option<Kind> {
    let lower = message.trim().to_lowercase();
    let lower = lower.trim_end_matches(['.', '!', '?', ' ']);
    let lower = ["please ", "now ", "ok ", "okay ", "and "]
        .iter()
        .fold(lower, |text, lead| text.strip_prefix(lead).unwrap_or(text));
    let lower = lower.strip_suffix(" please").unwrap_or(lower).trim();
    if AGAIN.contains(&lower) {
        return Some(Kind::Again);
    }
    if UNDO.contains(&lower) {
        return Some(Kind::Undo);
    }
    let value = SAME_WITH.iter().find_map(|lead| lower.strip_prefix(lead))?;
    // The value as the person wrote it (case kept): the same number of characters from the end.
    let trimmed = message.trim().trim_end_matches(['.', '!', '?', ' ']);
    let trimmed = trimmed
        .strip_suffix(" please")
        .or_else(|| trimmed.strip_suffix(" Please"))
        .unwrap_or(trimmed);
    let start = trimmed.len().checked_sub(value.len())?;
    let value = trimmed
        .get(start..)?
        .trim()
        .trim_matches(['"', '\'', '“', '”']);
    (!value.is_empty()).then(|| Kind::SameWith(value.to_owned()))
}

/// `instructions` with the first value its run typed or chose replaced by `value`.
fn same_with(instructions: &str, run: &RunSummary, value: &str) -> FollowUp {
    let old = run
        .values
        .iter()
        .find(|old| !old.is_empty() && instructions.contains(old.as_str()));
    match old {
        Some(old) => FollowUp::Instructions(instructions.replacen(old.as_str(), value, 1)),
        None => FollowUp::Answer(format!(
            "The last instructions (\"{}\") typed or chose no value I could replace with \
             \"{value}\". Say the whole instruction again with the new value.",
            instructions.trim()
        )),
    }
}

fn undo_answer(last: Option<&RunSummary>) -> String {
    let Some(run) = last.filter(|run| !run.actions.is_empty()) else {
        return "There is nothing to undo: the last run did nothing in the browser.".to_owned();
    };
    format!(
        "I can't undo that by myself: the browser has no undo for what I did, and some things \
         (a sent form, a purchase) may not be reversible at all. The last run (\"{}\") did: {}. \
         Tell me the steps that reverse it (for example: go back, or click Remove) and I will \
         carry them out.",
        run.goal.trim(),
        run.actions.join("; ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use tandem_protocol::RunOutcome;

    fn memory_of(goals: &[(&str, &[&str])]) -> SessionMemory {
        let mut memory = SessionMemory::default();
        for (index, (goal, values)) in goals.iter().enumerate() {
            memory.remember(RunSummary {
                run_id: format!("r{index}"),
                goal: (*goal).to_owned(),
                outcome: RunOutcome::Done,
                final_answer: String::new(),
                pages: Vec::new(),
                actions: vec!["type \"Alice\" into e1 — textbox \"Name\"".to_owned()],
                values: values.iter().map(|v| (*v).to_owned()).collect(),
                declined: Vec::new(),
                folded: None,
                fold_tried: false,
            });
        }
        memory
    }

    #[test]
    fn again_and_do_the_same_with_repeat_the_last_instructions_followed() {
        let memory = memory_of(&[
            ("type Alice into Name then click Add", &["Alice"]),
            ("do the same with Bob", &["Bob"]),
        ]);
        assert_eq!(
            resolve("Again!", &memory),
            Some(FollowUp::Instructions(
                "type Bob into Name then click Add".to_owned()
            ))
        );
        assert_eq!(
            resolve("now do the same with \"Carol Smith\".", &memory),
            Some(FollowUp::Instructions(
                "type Carol Smith into Name then click Add".to_owned()
            ))
        );
        assert_eq!(resolve("type Bob into Name", &memory), None);
    }

    #[test]
    fn undo_is_answered_honestly_and_nothing_to_repeat_is_said_plainly() {
        let memory = memory_of(&[("type Alice into Name", &["Alice"])]);
        let Some(FollowUp::Answer(text)) = resolve("undo that", &memory) else {
            panic!("an answer");
        };
        assert!(text.starts_with("I can't undo that"), "{text}");
        assert!(text.contains("type Alice into Name"), "{text}");
        let empty = SessionMemory::default();
        assert_eq!(
            resolve("again", &empty),
            Some(FollowUp::Answer(NOTHING_TO_REPEAT.to_owned()))
        );
    }
}
