//! tandem-protocol: the one vocabulary the agent, the daemon, its clients and the history
//! share. Data only (serde), no behaviour beyond naming and mapping values; it depends on no
//! other Tandem crate, and every other crate may depend on it.
//!
//! What flows through it:
//! - in from a client: [`ClientMessage`] frames (with the person's [`Answer`]s and live-view
//!   [`UserInput`]);
//! - out to a client: [`ServerMessage`] frames. The agent builds them from its own events and
//!   interrupts (`tandem_agent::frames`: the pending [`AgentQuestion`] with its [`ActionView`], a
//!   step's one-line summary); the daemon only relays them, adds the frames that are its own
//!   (`session`, `takeover`, `history`, errors, and the live view's binary [`LiveFrame`]s) and
//!   closes sockets with a
//!   [`CloseCode`];
//! - the shared values: [`Mode`], the run's [`Lifecycle`], [`RunOutcome`] and [`RunStatus`],
//!   how a question ended ([`QuestionEnd`]), the kinds of question ([`AgentQuestionKind`],
//!   [`QuestionKind`]), a step's [`StepResult`], model [`RunUsage`] and the [`ProductDoc`];
//! - records: the run record ([`RunRecord`], generic over the agent's action, interrupt and
//!   state summary types) and the versioned lines of the run history ([`HistoryLine`]) with the
//!   runs read back from it ([`StoredRun`]).
//!
//! The browser-facing client, `web-ui/static/protocol.js`, lists the frame types and close
//! codes; a test here checks it against these enums.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod close;
pub mod frames;
pub mod handover;
pub mod history;
pub mod input;
pub mod live_frame;
pub mod mode;
pub mod product_doc;
pub mod project;
pub mod question;
pub mod record;
pub mod run;
pub mod stored_run;
pub mod usage;
pub mod words;

pub use close::CloseCode;
pub use frames::{ClientMessage, ServerMessage};
pub use handover::HandoverMessage;
pub use history::{Fact, HISTORY_VERSION, HistoryLine};
pub use input::{PointerButton, UserInput};
pub use live_frame::{LiveFrame, LiveFrameError};
pub use mode::Mode;
pub use product_doc::{DocAuthor, DocSection, ProductDoc};
pub use project::ProjectSummary;
pub use question::{
    ActionTarget, ActionView, AgentQuestion, AgentQuestionKind, Answer, PageRect, Question,
    QuestionEnd, QuestionKind, QuestionOption, TakeoverTarget,
};
pub use record::{
    ActionResult, Author, RunRecord, ShownAction, Timeline, TimelineEntry, TimelineItem,
    TranscriptRun, Transition, unix_ms,
};
pub use run::{Lifecycle, RunOutcome, RunStatus, StepResult};
pub use stored_run::{RunStatusOnDisk, StoredRun};
pub use usage::{RunUsage, TokenUsage};

#[cfg(test)]
mod tests;
