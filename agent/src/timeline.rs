//! The run record of this agent: the protocol's [`tandem_protocol::RunRecord`] over the agent's
//! own [`Action`], [`Interrupt`] and [`StateSummary`] types.
//!
//! In: appended by the nodes as the run goes (the person's message, observations, actions and
//! their results, questions, the agent's text). Out: [`RunRecord`] in
//! [`crate::AgentHandle::runs`]; it serialises exactly like the protocol's JSON-valued record,
//! which is how the history and clients read it. The contract (append only, pending results
//! settled in place) is the protocol's.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::interrupt::Interrupt;

/// Everything recorded about one run of this agent.
pub type RunRecord = tandem_protocol::RunRecord<Action, Interrupt, StateSummary>;

/// The ordered outputs of one run of this agent.
pub type Timeline = tandem_protocol::Timeline<Action, Interrupt>;

/// One entry of a [`Timeline`].
pub type TimelineEntry = tandem_protocol::TimelineEntry<Action, Interrupt>;

/// One typed output of a run of this agent.
pub type TimelineItem = tandem_protocol::TimelineItem<Action, Interrupt>;

/// What the runner records at every transition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StateSummary {
    /// Graph transitions so far.
    pub transitions: usize,
    /// Actions executed so far.
    pub actions: usize,
    /// Invalid actions in a row.
    pub invalid_actions: u32,
    /// Tool errors in a row.
    pub consecutive_errors: u32,
    /// Whether the next plan needs a fresh observation.
    pub needs_observe: bool,
    /// The planned action, one line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planned_action: Option<String>,
    /// The current page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}
