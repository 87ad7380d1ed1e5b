//! `ingest_user_input`: the person's message enters the run.
//!
//! In: the run's goal ([`crate::state::Run::goal`], the message that started it). Out: the
//! message appended to the chat history and the timeline; where this run's messages begin
//! ([`crate::state::Run::messages_before`]); a fresh observation asked for, since the page may
//! have changed since the last run (the person, a crash).

use tandem_protocol::Author;

use crate::graph::Flow;
use crate::interrupt::Interrupt;
use crate::memory::ChatMessage;
use crate::state::AgentState;
use crate::timeline::TimelineItem;

pub(crate) fn ingest_user_input(state: &mut AgentState) -> Flow<Interrupt> {
    let text = state.run.goal().to_owned();
    state.run.messages_before = state.session.messages.len();
    state.page.needs_observe = true;
    state.session.messages.push(ChatMessage {
        author: Author::User,
        text: text.clone(),
    });
    state.run.record.timeline.push(TimelineItem::Text {
        author: Author::User,
        text,
    });
    Flow::Next
}
