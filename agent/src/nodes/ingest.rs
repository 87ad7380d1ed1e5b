//! `ingest_user_input` and `respond_chat`: the person's message enters the run.
//!
//! In: [`AgentState::last_user_message`] (set when the run starts). Out: the message appended
//! to the chat history and the timeline; the person's mode and reasoning flag copied into the
//! state for this run.

use super::Runtime;
use crate::graph::Flow;
use crate::interrupt::Interrupt;
use crate::state::{AgentState, ChatMessage};
use crate::timeline::{Author, TimelineItem};

/// What chat mode answers while no model is configured.
pub(crate) const CHAT_WITHOUT_MODEL: &str = "Chat mode needs a language model, and none is \
configured, so I can't chat yet. Switch to agent mode and give me step-by-step instructions \
(for example: open example.com, then click Sign in) and I will carry them out in the browser.";

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

/// Chat mode: answer without acting.
pub(crate) fn respond_chat(state: &mut AgentState) -> Flow<Interrupt> {
    state.final_response = Some(CHAT_WITHOUT_MODEL.to_owned());
    Flow::Next
}
