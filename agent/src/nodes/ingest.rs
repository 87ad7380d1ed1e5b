//! `ingest_user_input`: the person's message enters the run.
//!
//! In: [`AgentState::last_user_message`] (set when the run starts). Out: the message appended
//! to the chat history and the timeline; the person's mode and reasoning flag copied into the
//! state for this run.

use super::Runtime;
use crate::graph::Flow;
use crate::interrupt::Interrupt;
use crate::memory::ChatMessage;
use crate::state::AgentState;
use crate::timeline::{Author, TimelineItem};

pub(crate) fn ingest_user_input(rt: &Runtime, state: &mut AgentState) -> Flow<Interrupt> {
    state.mode = rt.mode();
    state.reasoning = rt.reasoning();
    let text = state.last_user_message.clone();
    state.messages.push(ChatMessage {
        author: Author::User,
        text: text.clone(),
    });
    state.run.timeline.push(TimelineItem::Text {
        author: Author::User,
        text,
    });
    Flow::Next
}
