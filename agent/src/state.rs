//! [`AgentState`]: the one typed state of a session's agent graph, split by how long each part
//! lives.
//!
//! - [`Session`]: the whole session (chat history, memory, Product Doc, approvals);
//! - [`Page`]: the page as the agent last observed it, until the next observation;
//! - [`Run`]: one run, made afresh by [`Run::new`] when a message starts it.
//!
//! In: created once per session; each run replaces [`AgentState::run`]. Out: read and written
//! only by the nodes; the runner records a [`StateSummary`] at every transition. The person's
//! settings (mode, reasoning, take-over requested) are not part of it: the nodes read them from
//! [`crate::settings::Settings`], their one source.

mod page;
mod run;
mod saved;
mod session;

use tandem_mcp_browser::snapshot::Snapshot;
use tandem_protocol::Transition;

use crate::graph::GraphState;
use crate::timeline::StateSummary;

pub use page::Page;
pub use run::{Ending, PlannedAction, Run};
pub use saved::{MAX_SAVED_MESSAGES, SavedSession};
pub use session::Session;

/// The state of one session's agent.
#[derive(Debug, Default)]
pub struct AgentState {
    /// What lives as long as the session.
    pub session: Session,
    /// The page as last observed.
    pub page: Page,
    /// The current (or, between runs, the latest) run.
    pub run: Run,
}

impl AgentState {
    /// A fresh session with no run yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// A session that goes on from what was saved of it (nothing: a fresh one).
    pub fn restored(saved: Option<&SavedSession>) -> Self {
        Self {
            session: saved.cloned().map(Session::restored).unwrap_or_default(),
            ..Self::default()
        }
    }

    /// The snapshot of the latest observation.
    pub fn snapshot(&self) -> Option<&Snapshot> {
        self.page.snapshot()
    }

    /// The URL of the current page, if one is known.
    pub fn current_url(&self) -> Option<&str> {
        self.snapshot().map(|s| s.url.as_str())
    }

    /// The long and medium context layers for a request of this run: the project card, the
    /// earlier runs and the last messages before this run (`None` when there is nothing yet).
    pub fn context_notes(&self) -> Option<String> {
        let messages = &self.session.messages;
        let earlier = self.run.messages_before.min(messages.len());
        self.session.memory.context_notes(&messages[..earlier])
    }

    /// The current page's URL without its fragment: what "the same page" means.
    pub fn current_page(&self) -> Option<&str> {
        self.current_url()
            .map(|url| url.split('#').next().unwrap_or(url))
    }
}

impl GraphState for AgentState {
    type Summary = StateSummary;

    fn steps(&self) -> usize {
        self.run.transitions
    }

    fn count_step(&mut self) {
        self.run.transitions += 1;
    }

    fn summary(&self) -> StateSummary {
        StateSummary {
            transitions: self.run.transitions,
            actions: self.run.actions,
            invalid_actions: self.run.invalid_actions,
            consecutive_errors: self.run.consecutive_errors,
            needs_observe: self.page.needs_observe,
            planned_action: self
                .run
                .planned_action
                .as_ref()
                .map(|p| p.plan.action.kind_name().to_owned()),
            url: self.current_url().map(str::to_owned),
        }
    }

    fn record(&mut self, transition: Transition<StateSummary>) {
        self.run.record.transitions.push(transition);
        // Between two nodes the record is whole: a transcript asked meanwhile is answered now.
        self.run.answer_transcript_requests();
    }
}
