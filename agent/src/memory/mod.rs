//! Session memory: what a session remembers across runs, and the context layers it gives every
//! planning request.
//!
//! In: each finished run (folded into a [`RunSummary`] by `finalize_*`), the chat messages, and
//! the project card when one is set. Out: [`SessionMemory::context_notes`], the long layer (the
//! project card) and the medium layer (earlier runs as compact summaries plus the last few
//! messages verbatim) as one text that the graph passes as [`crate::planner::PlanContext::notes`];
//! the short layer is the run's own steps, as before. Offline, [`follow_up`] turns "again",
//! "do the same with Bob" and "undo that" into something the instruction planner can follow.
//! Bounded: at most [`MAX_RUNS`] summaries are kept, each cut to a few hundred characters.

pub mod follow_up;
mod render;
mod summary;

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

pub use summary::RunSummary;

use tandem_protocol::Author;

/// Earlier runs kept (oldest dropped first).
pub const MAX_RUNS: usize = 20;
/// Earlier runs shown in a planning request (the latest ones).
pub const RUNS_SHOWN: usize = 5;
/// Messages shown verbatim in a planning request (the latest ones before this run).
pub const MESSAGES_SHOWN: usize = 4;
/// A run whose plain facts are longer than this (characters) is folded by a model when the
/// planner can (FAST tier).
pub const FOLD_ABOVE_CHARS: usize = 400;

/// One chat message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatMessage {
    /// Who wrote it.
    pub author: Author,
    /// The text.
    pub text: String,
}

/// What one session remembers beyond the current run.
#[derive(Debug, Clone, Default)]
pub struct SessionMemory {
    runs: VecDeque<RunSummary>,
    card: Option<String>,
}

impl SessionMemory {
    /// Adds the summary of a finished run (dropping the oldest past [`MAX_RUNS`]).
    pub fn remember(&mut self, summary: RunSummary) {
        if self.runs.len() >= MAX_RUNS {
            self.runs.pop_front();
        }
        self.runs.push_back(summary);
    }

    /// The remembered runs, oldest first.
    pub fn runs(&self) -> impl DoubleEndedIterator<Item = &RunSummary> {
        self.runs.iter()
    }

    /// The latest finished run.
    pub fn last_run(&self) -> Option<&RunSummary> {
        self.runs.back()
    }

    /// Whether [`SessionMemory::take_runs_to_fold`] would offer a run.
    pub fn has_runs_to_fold(&self) -> bool {
        let skip = self.runs.len().saturating_sub(RUNS_SHOWN);
        self.runs
            .iter()
            .skip(skip)
            .any(|run| !run.fold_tried && facts_to_fold(run).is_some())
    }

    /// The latest runs shown in requests whose plain facts are long and that were not folded
    /// (or tried) yet: `(run_id, facts)`. Each is offered once.
    pub fn take_runs_to_fold(&mut self) -> Vec<(String, String)> {
        let skip = self.runs.len().saturating_sub(RUNS_SHOWN);
        self.runs
            .iter_mut()
            .skip(skip)
            .filter(|run| !run.fold_tried)
            .filter_map(|run| {
                run.fold_tried = true;
                facts_to_fold(run).map(|facts| (run.run_id.clone(), facts))
            })
            .collect()
    }

    /// Replaces the folded text of the run `run_id` (a FAST-tier summary).
    pub fn set_folded(&mut self, run_id: &str, folded: String) {
        if let Some(run) = self.runs.iter_mut().rev().find(|r| r.run_id == run_id) {
            run.folded = Some(folded);
        }
    }

    /// Sets (or clears) the project card: the long layer.
    pub fn set_card(&mut self, card: Option<String>) {
        self.card = card.filter(|c| !c.trim().is_empty());
    }

    /// The project card, if one is set.
    pub fn card(&self) -> Option<&str> {
        self.card.as_deref()
    }

    /// The long and medium layers for a planning request, or `None` for a session with
    /// nothing to remember yet. `earlier_messages` are the chat messages from before this run.
    pub fn context_notes(&self, earlier_messages: &[ChatMessage]) -> Option<String> {
        render::context_notes(self, earlier_messages)
    }
}

/// The plain facts of `run` when they are long enough to be worth folding.
fn facts_to_fold(run: &RunSummary) -> Option<String> {
    let facts = render::facts_line(run);
    (facts.chars().count() > FOLD_ABOVE_CHARS).then_some(facts)
}
