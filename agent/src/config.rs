//! [`AgentConfig`]: the limits and budgets of one agent (one session).
//!
//! In: built by the daemon from its configuration (or [`AgentConfig::default`] in tests). Out:
//! read by the graph runner (transition limit) and by the nodes (error limits, observation budget,
//! timeouts). Nothing here changes during a run.

use std::time::Duration;

/// Limits and budgets of one agent.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentConfig {
    /// Id of the session this agent serves (in logs, model requests and events' consumers).
    pub session_id: String,
    /// Most actions one run may execute (each browser action or tool call counts once, whether
    /// it succeeded or not); reaching it ends the run in `finalize_limit`. The limit a person
    /// meets and sets.
    pub max_actions: usize,
    /// Most graph transitions (nodes executed, interrupts included) one run may take: a guard
    /// against loops that execute nothing (plans refused again and again, questions asked in a
    /// circle). Larger than `max_actions` times the ~6 nodes of an action; reaching it also
    /// ends the run in `finalize_limit`, whose message names it.
    pub max_transitions: usize,
    /// Invalid actions in a row that end the run in `finalize_blocked`.
    pub max_invalid_actions: u32,
    /// Tool errors in a row that end the run in `finalize_failed`.
    pub max_consecutive_errors: u32,
    /// Token budget of the compact observation text given to model planners.
    pub observe_max_tokens: Option<usize>,
    /// Time a `wait` action may take before the browser reports it timed out.
    pub wait_timeout: Duration,
    /// Capacity of the event broadcast; a subscriber that falls further behind misses events.
    pub event_capacity: usize,
    /// How many finished runs [`crate::AgentHandle::runs`] keeps.
    pub kept_runs: usize,
    /// How long a confirmation may wait for the person; then it is denied (the run ends, worded
    /// as nobody having confirmed in time).
    pub confirm_expiry: Duration,
    /// Where the session's Product Doc is stored (JSON), if anywhere.
    pub product_doc_path: Option<std::path::PathBuf>,
    /// Configured secrets by name: the policy gate types one as `<secret:name>` into a secret
    /// field on its host without asking, and `execute_action` puts in the value only there.
    /// Values never reach events, the timeline or a prompt.
    pub secrets: std::collections::BTreeMap<String, crate::model::SecretEntry>,
    /// What a reopened project's session goes on from (its messages and memory).
    pub restore: Option<crate::state::SavedSession>,
}

impl Default for AgentConfig {
    fn default() -> Self {
        Self {
            session_id: uuid::Uuid::new_v4().to_string(),
            max_actions: 30,
            max_transitions: 400,
            max_invalid_actions: 3,
            max_consecutive_errors: 3,
            observe_max_tokens: Some(6_000),
            wait_timeout: Duration::from_secs(10),
            event_capacity: 1_024,
            kept_runs: 16,
            confirm_expiry: Duration::from_secs(600),
            product_doc_path: None,
            secrets: std::collections::BTreeMap::new(),
            restore: None,
        }
    }
}

impl AgentConfig {
    /// The default configuration for this session id.
    pub fn for_session(session_id: impl Into<String>) -> Self {
        Self {
            session_id: session_id.into(),
            ..Self::default()
        }
    }

    /// The same configuration with another action limit.
    pub fn with_max_actions(mut self, max: usize) -> Self {
        self.max_actions = max;
        self
    }

    /// The same configuration with another transition limit (the loop guard).
    pub fn with_max_transitions(mut self, max: usize) -> Self {
        self.max_transitions = max;
        self
    }
}
