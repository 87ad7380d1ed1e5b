//! `fold_memory`: at a run's start, earlier runs whose plain facts are long are folded into
//! compact summaries by the planner (FAST tier for a model planner; the offline planner keeps
//! the facts). Each run is offered once; the requests' usage is recorded. Routed to only when
//! [`crate::memory::SessionMemory::has_runs_to_fold`].

use super::Runtime;
use super::measure::record_usage;
use crate::graph::Flow;
use crate::interrupt::Interrupt;
use crate::model::UsageMeter;
use crate::state::AgentState;

pub(crate) async fn fold_memory(rt: &Runtime, state: &mut AgentState) -> Flow<Interrupt> {
    let to_fold = state.session.memory.take_runs_to_fold();
    let meter = UsageMeter::default();
    for (run_id, facts) in to_fold {
        let folded = {
            let ctx = rt.request_context(state, None, &[]).with_usage(&meter);
            rt.check_request(&ctx);
            rt.planner.fold_run(&facts, &ctx).await
        };
        if let Some(folded) = folded {
            state.session.memory.set_folded(&run_id, folded);
        }
    }
    record_usage(rt, state, meter.take());
    Flow::Next
}
