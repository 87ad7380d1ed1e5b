//! What the nodes measure: the model requests of a run (added to its record and published) and
//! the time a node or call took.

use std::time::Instant;

use super::Runtime;
use crate::events::AgentEvent;
use crate::model::RequestUsage;
use crate::state::AgentState;

/// Adds the planner's model requests to the run record and publishes them.
pub(crate) fn record_usage(rt: &Runtime, state: &mut AgentState, requests: Vec<RequestUsage>) {
    for request in requests {
        state.run.record.usage.add(&request.tokens);
        rt.emit(AgentEvent::Usage {
            run_id: state.run.id().to_owned(),
            request,
            run_total: state.run.record.usage,
        });
    }
}

/// Microseconds since `since`.
pub(crate) fn micros(since: Instant) -> u64 {
    u64::try_from(since.elapsed().as_micros()).unwrap_or(u64::MAX)
}
