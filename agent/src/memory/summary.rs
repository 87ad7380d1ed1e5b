//! [`RunSummary`]: a finished run folded into a few facts (goal, outcome, final answer, pages
//! touched, what was done) for the medium context layer. Built without a model from the run
//! record; a model planner may add a FAST-tier summary ([`RunSummary::folded`]).

use serde::{Deserialize, Serialize};
use tandem_protocol::RunOutcome;

use crate::action::Action;
use crate::plan::{StepOutcome, StepRecord};
use crate::policy_bridge::{describe, masked};
use crate::timeline::{RunRecord, TimelineItem};

/// Pages named per run.
const MAX_PAGES: usize = 5;
/// Actions named per run (the latest ones).
const MAX_ACTIONS: usize = 8;

/// One earlier run, compactly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunSummary {
    /// The run's id.
    pub run_id: String,
    /// The person's message that started it.
    pub goal: String,
    /// How it ended.
    pub outcome: RunOutcome,
    /// The final message to the person.
    pub final_answer: String,
    /// Pages observed during the run, in order, without repeats.
    pub pages: Vec<String>,
    /// What was done (successful actions, described), the latest last.
    pub actions: Vec<String>,
    /// Texts typed and options chosen by successful actions, in order (for "do the same with").
    pub values: Vec<String>,
    /// What the person declined in the run.
    pub declined: Vec<String>,
    /// A model's compact summary of the run (FAST tier), when one was made.
    pub folded: Option<String>,
    /// Whether a fold was already asked for (made or failed): it is asked once.
    #[serde(default)]
    pub fold_tried: bool,
}

impl RunSummary {
    /// Folds a finished run: its record and its step records.
    pub fn of(record: &RunRecord, steps: &[StepRecord]) -> Self {
        let mut pages: Vec<String> = Vec::new();
        for entry in record.timeline.entries() {
            if let TimelineItem::Observation { url, .. } = &entry.item
                && !url.is_empty()
                && !pages.contains(url)
                && pages.len() < MAX_PAGES
            {
                pages.push(url.clone());
            }
        }
        let mut actions = Vec::new();
        let mut values = Vec::new();
        let mut declined = Vec::new();
        for step in steps {
            let shown = describe(&step.action, step.element.as_ref());
            match &step.outcome {
                StepOutcome::Succeeded { .. } => {
                    // A value typed into a secret field is never remembered (memory is saved
                    // with the project).
                    let secret = masked(&step.action, step.element.as_ref()) != step.action;
                    if let Some(value) = value_of(&step.action).filter(|_| !secret) {
                        values.push(value.to_owned());
                    }
                    actions.push(shown);
                }
                StepOutcome::UserDone { .. } => {
                    actions.push(format!("{shown} (done by the person)"))
                }
                StepOutcome::Declined { reason } => declined.push(match reason {
                    Some(reason) => format!("{shown} ({reason})"),
                    None => shown,
                }),
                StepOutcome::Failed { .. }
                | StepOutcome::Invalid { .. }
                | StepOutcome::Answered { .. } => {}
            }
        }
        let skip = actions.len().saturating_sub(MAX_ACTIONS);
        actions.drain(..skip);
        Self {
            run_id: record.run_id.clone(),
            goal: record.goal.clone(),
            outcome: record.outcome.unwrap_or(RunOutcome::Cancelled),
            final_answer: record.final_response.clone().unwrap_or_default(),
            pages,
            actions,
            values,
            declined,
            folded: None,
            fold_tried: false,
        }
    }
}

/// The text a `type` typed or the option a `select_option` chose.
fn value_of(action: &Action) -> Option<&str> {
    if let Action::Type { text, .. } = action {
        Some(text)
    } else if let Action::SelectOption { option, .. } = action {
        Some(option)
    } else {
        None
    }
}
