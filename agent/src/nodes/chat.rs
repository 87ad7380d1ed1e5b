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
use super::measure::record_usage;
use crate::chat::answer_offline;
use crate::error::PlannerError;
use crate::graph::Flow;
use crate::interrupt::Interrupt;
use crate::model::UsageMeter;
use crate::state::{AgentState, Ending};

pub(crate) async fn respond_chat(rt: &Runtime, state: &mut AgentState) -> Flow<Interrupt> {
    let notes = state.context_notes();
    let meter = UsageMeter::default();
    let answered = {
        let ctx = rt
            .request_context(state, state.snapshot(), &[])
            .with_page(state.page.observation.as_ref())
            .with_notes(notes.as_deref())
            .with_memory(&state.session.memory)
            .with_usage(&meter);
        rt.check_request(&ctx);
        rt.planner.chat(&ctx).await
    };
    record_usage(rt, state, meter.take());
    let offline = || answer_offline(state.run.goal(), state.snapshot(), &state.session.memory);
    let answer = match answered {
        Ok(Some(answer)) if !answer.trim().is_empty() => answer,
        Ok(Some(_) | None) => offline(),
        Err(PlannerError::Cancelled) => {
            state.run.ending = Some(Ending::new(
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
    state.run.final_response = Some(answer);
    Flow::Next
}
