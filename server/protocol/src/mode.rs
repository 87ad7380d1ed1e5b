//! [`Mode`]: who drives the session, chosen by the person.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Who drives: in agent mode the agent observes, plans and acts in the browser (within the
/// policy); in chat mode it answers and never acts. `"agent"` or `"chat"` in frames, rule
/// files and logs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// The agent may act in the browser, within the policy.
    #[default]
    Agent,
    /// The agent only talks: the default policy denies every action that changes the page and
    /// every mutating tool, while observing, scrolling, waiting, asking and stopping stay
    /// allowed.
    Chat,
}

impl Mode {
    /// Every mode, in a fixed order (used to validate rule files).
    pub const ALL: [Mode; 2] = [Mode::Agent, Mode::Chat];

    /// The name, as in JSON, rule files and logs (`"agent"`, `"chat"`).
    pub fn name(self) -> &'static str {
        match self {
            Mode::Agent => "agent",
            Mode::Chat => "chat",
        }
    }

    /// The mode with this name, if any.
    pub fn from_name(name: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|mode| mode.name() == name)
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}
