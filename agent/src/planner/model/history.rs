//! The run's earlier steps as one line each: what was done and how it ended. Old
//! observations are never resent; a step is its action and its one-line result.

use crate::plan::{StepOutcome, StepRecord};
use crate::text::clip;

use super::observation::sanitize;

/// Longest step line, in characters.
const MAX_LINE: usize = 220;

/// `3. click e12 → ok: clicked e12` (1-based `number`).
pub(crate) fn step_line(number: usize, record: &StepRecord) -> String {
    let result = match &record.outcome {
        StepOutcome::Succeeded { summary } => format!("ok: {summary}"),
        StepOutcome::Failed { error, .. } => format!("FAILED: {error}"),
        StepOutcome::Invalid { error } => format!("INVALID (not run): {error}"),
        StepOutcome::Answered { answers } => {
            let answers: Vec<String> = answers
                .iter()
                .map(|a| format!("{}={}", a.question_id, a.values.join("|")))
                .collect();
            format!("the person answered: {}", answers.join(", "))
        }
        StepOutcome::UserDone { message } if message.trim().is_empty() => {
            "the person took over and handed back".to_owned()
        }
        StepOutcome::UserDone { message } => {
            format!("the person took over and handed back: {message}")
        }
        StepOutcome::Declined { reason } => format!(
            "the person declined: {} (not run; never propose this same action again)",
            reason.as_deref().unwrap_or("no reason given")
        ),
    };
    // Results may quote page text (titles, messages): treat them like the page.
    let result = sanitize(&result.replace('\n', " ")).trim_end().to_owned();
    let line = format!("{number}. {} → {result}", record.action);
    clip(&line, MAX_LINE)
}
