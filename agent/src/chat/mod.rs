//! Chat mode without a model: answers from the latest snapshot and the session's memory.
//!
//! In: the person's message, the snapshot (observed read-only for the chat run) and the
//! [`crate::memory::SessionMemory`]. Out: one plain answer. It answers what it can — what page this is, which
//! fields, buttons and links it has, what a field contains, what the last run did — and says
//! plainly what needs a model. It never acts. Password and other secret fields' values are never
//! repeated.

mod offline;

pub use offline::answer_offline;

/// What chat mode says it cannot do without a model.
pub const NEEDS_A_MODEL: &str = "Without a language model I can only answer questions about \
this page (what page it is, its fields, buttons and links, what a field contains) and about what \
the last run did. Anything else needs a model (set one up as the README describes). To act in the \
browser, switch to agent mode and give me step-by-step instructions.";
