//! The long and medium context layers as text for a planning request.
//!
//! ```text
//! ## Project card
//! …
//! ## Earlier in this conversation (oldest first)
//! - Run 1: "buy the blue mug" → done. Did: click e4 — button "Buy now". Pages: http://…/shop.html. Answer: "I bought it."
//! ## Last messages (verbatim, oldest first)
//! person: buy the blue mug
//! tandem: I bought it.
//! ```

use tandem_protocol::Author;

use super::ChatMessage;
use super::{MESSAGES_SHOWN, RUNS_SHOWN, RunSummary, SessionMemory};
use crate::text::{clip, one_line};

/// Longest line for one run, in characters.
const MAX_RUN_CHARS: usize = 600;
/// Longest verbatim message, in characters.
const MAX_MESSAGE_CHARS: usize = 300;

pub(super) fn context_notes(
    memory: &SessionMemory,
    earlier_messages: &[ChatMessage],
) -> Option<String> {
    let mut text = String::new();
    if let Some(card) = memory.card() {
        text.push_str("## Project card\n");
        text.push_str(card.trim_end());
        text.push_str("\n\n");
    }
    let skip = memory.runs.len().saturating_sub(RUNS_SHOWN);
    let runs: Vec<String> = memory
        .runs()
        .enumerate()
        .skip(skip)
        .map(|(index, run)| run_line(index + 1, run))
        .collect();
    if !runs.is_empty() {
        text.push_str("## Earlier in this conversation (oldest first)\n");
        text.push_str(&runs.join("\n"));
        text.push_str("\n\n");
    }
    let skip = earlier_messages.len().saturating_sub(MESSAGES_SHOWN);
    let messages: Vec<String> = earlier_messages[skip..]
        .iter()
        .map(|message| {
            let who = match message.author {
                Author::User => "person",
                Author::Agent => "tandem",
            };
            format!(
                "{who}: {}",
                clip(&one_line(&message.text), MAX_MESSAGE_CHARS)
            )
        })
        .collect();
    if !messages.is_empty() {
        text.push_str("## Last messages (verbatim, oldest first)\n");
        text.push_str(&messages.join("\n"));
        text.push('\n');
    }
    let text = text.trim_end().to_owned();
    (!text.is_empty()).then_some(text)
}

/// `- Run 2: "goal" → done. Did: …. Declined: …. Pages: …. Answer: "…"`, or the run's folded
/// summary when a model wrote one.
fn run_line(number: usize, run: &RunSummary) -> String {
    let head = format!(
        "- Run {number}: \"{}\" → {}.",
        one_line(&run.goal),
        outcome_of(run)
    );
    match &run.folded {
        Some(folded) => clip(&format!("{head} {}", one_line(folded)), MAX_RUN_CHARS),
        None => clip(&format!("{head}{}", facts_tail(run)), MAX_RUN_CHARS),
    }
}

/// A run's plain facts, as given to a model to fold.
pub(super) fn facts_line(run: &RunSummary) -> String {
    format!(
        "Asked: \"{}\". Outcome: {}.{}",
        one_line(&run.goal),
        outcome_of(run),
        facts_tail(run)
    )
}

fn outcome_of(run: &RunSummary) -> String {
    serde_json::to_value(run.outcome)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// ` Did: …. Declined: …. Pages: …. Answer: "…"` (the parts that are not empty).
fn facts_tail(run: &RunSummary) -> String {
    let mut line = String::new();
    if !run.actions.is_empty() {
        line.push_str(&format!(" Did: {}.", run.actions.join("; ")));
    }
    if !run.declined.is_empty() {
        line.push_str(&format!(" Declined: {}.", run.declined.join("; ")));
    }
    if !run.pages.is_empty() {
        line.push_str(&format!(" Pages: {}.", run.pages.join(", ")));
    }
    if !run.final_answer.trim().is_empty() {
        line.push_str(&format!(" Answer: \"{}\"", one_line(&run.final_answer)));
    }
    line
}
