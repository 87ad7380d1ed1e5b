//! Folding a finished run into a compact summary on the FAST tier, for the medium context layer
//! of later runs (see [`crate::memory`]). Used only for runs whose plain facts are long; on any
//! failure the facts are kept as they are.

use super::ModelPlanner;
use crate::planner::PlanContext;

/// Words asked of a run summary.
const RUN_SUMMARY_WORDS: &str = "70";
/// Longest summary kept, in characters.
const MAX_SUMMARY_CHARS: usize = 600;

impl ModelPlanner {
    /// The FAST tier's summary of a run described by `facts`, or `None` when it failed.
    pub(super) async fn fold_run_facts(
        &self,
        facts: &str,
        ctx: &PlanContext<'_>,
    ) -> Option<String> {
        let system = super::prompts::render(
            &self.prompts.run_summary,
            &[("max_words", RUN_SUMMARY_WORDS)],
        );
        let facts = self.secrets.mask(facts);
        match self
            .fast_summary(ctx, "run_summary", system, facts, 200, MAX_SUMMARY_CHARS)
            .await
        {
            Ok(summary) => (!summary.is_empty()).then_some(summary),
            Err(error) => {
                tracing::warn!(%error, "folding an earlier run failed; keeping its facts");
                None
            }
        }
    }
}
