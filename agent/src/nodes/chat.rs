//! `respond_chat`: chat mode's answer. It never acts: the route here comes from a read-only
//! observation, and the node only writes the answer.
//!
//! In: the person's message, the observation, the session's memory. Out: `final_response`.
//! With a planner that chats (a model) the answer is the model's, with the page and the memory
//! layers in context, and its usage is recorded like planning usage. Without one, or when the
//! model is unavailable, the answer comes from the snapshot ([`crate::chat::answer_offline`]),
//! saying plainly what needs a model.

use tandem_protocol::RunOutcome;

use super::Runtime;
use super::plan::record_usage;
use crate::chat::answer_offline;
use crate::error::PlannerError;
use crate::graph::Flow;
use crate::interrupt::Interrupt;
use crate::model::UsageMeter;
use crate::planner::PlanContext;
use crate::state::{AgentState, Ending};

pub(crate) async fn respond_chat(rt: &Runtime, state: &mut AgentState) -> Flow<Interrupt> {
    super::memory_fold::fold_earlier_runs(rt, state).await;
    super::doc::patch_from_message(rt, state).await;
    let earlier = state.messages_before_run.min(state.messages.len());
    let notes = state.memory.context_notes(&state.messages[..earlier]);
    let meter = UsageMeter::default();
    let answered = {
        let ctx = PlanContext::new(&state.last_user_message, state.snapshot(), &[])
            .with_page(state.last_observation.as_ref())
            .with_ids(Some(&rt.config.session_id), Some(&state.run.run_id))
            .with_notes(notes.as_deref())
            .with_memory(&state.memory)
            .with_usage(&meter);
        rt.planner.chat(&ctx).await
    };
    record_usage(rt, state, meter.take());
    let offline = || answer_offline(&state.last_user_message, state.snapshot(), &state.memory);
    let answer = match answered {
        Ok(Some(answer)) if !answer.trim().is_empty() => answer,
        Ok(Some(_) | None) => offline(),
        Err(PlannerError::Cancelled) => {
            state.ending = Some(Ending::new(
                RunOutcome::Cancelled,
                "Cancelled.",
                "cancelled",
            ));
            return Flow::Next;
        }
        Err(error) => {
            tracing::warn!(%error, "chat answer from the model failed; answering offline");
            format!("(The model did not answer: {error}.) {}", offline())
        }
    };
    state.final_response = Some(answer);
    Flow::Next
}
