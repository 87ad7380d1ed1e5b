//! Before a run's first plan (or a chat answer): earlier runs whose plain facts are long are
//! folded into compact summaries by the planner (FAST tier for a model planner; the offline
//! planner keeps the facts). Each run is offered once; the requests' usage is recorded.

use super::Runtime;
use super::plan::record_usage;
use crate::model::UsageMeter;
use crate::planner::PlanContext;
use crate::state::AgentState;

pub(crate) async fn fold_earlier_runs(rt: &Runtime, state: &mut AgentState) {
    let to_fold = state.memory.take_runs_to_fold();
    if to_fold.is_empty() {
        return;
    }
    let meter = UsageMeter::default();
    for (run_id, facts) in to_fold {
        let folded = {
            let ctx = PlanContext::new(&state.last_user_message, None, &[])
                .with_ids(Some(&rt.config.session_id), Some(&state.run.run_id))
                .with_usage(&meter);
            rt.planner.fold_run(&facts, &ctx).await
        };
        if let Some(folded) = folded {
            state.memory.set_folded(&run_id, folded);
        }
    }
    record_usage(rt, state, meter.take());
}
