//! What the gate answers: one of four outcomes, always with the reason and the id of the rule
//! that decided, so the UI can show exactly why.
//!
//! In: the winning [`Effect`] with its reason and rule id. Out: a [`PolicyDecision`].

use std::fmt;

use serde::{Deserialize, Serialize};

/// The four outcomes, ordered from least to most strict (`Allow < Confirm < Takeover < Deny`), so
/// "the strictest matching rule wins" is a `max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// Run the action.
    Allow,
    /// Ask the user to confirm first.
    Confirm,
    /// Hand the browser to the user; the agent does not do this itself.
    Takeover,
    /// Never run the action, whatever the mode or approvals.
    Deny,
}

impl Effect {
    /// Every effect, from least to most strict.
    pub const ALL: [Effect; 4] = [
        Effect::Allow,
        Effect::Confirm,
        Effect::Takeover,
        Effect::Deny,
    ];

    /// The name used in rule files (`"allow"`, `"confirm"`, `"takeover"`, `"deny"`).
    pub fn name(self) -> &'static str {
        match self {
            Effect::Allow => "allow",
            Effect::Confirm => "confirm",
            Effect::Takeover => "takeover",
            Effect::Deny => "deny",
        }
    }

    /// The effect with this name, if any.
    pub fn from_name(name: &str) -> Option<Effect> {
        Effect::ALL.into_iter().find(|effect| effect.name() == name)
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

/// The gate's answer for one action. Serialises as
/// `{"decision": "require_confirmation", "reason": "...", "rule": "confirm-purchase"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum PolicyDecision {
    /// Run the action.
    Allow {
        /// Why, for the UI and the log.
        reason: String,
        /// Id of the rule that decided.
        rule: String,
    },
    /// Pause and ask the user to confirm this exact action.
    RequireConfirmation {
        /// Why, for the UI and the log.
        reason: String,
        /// Id of the rule that decided.
        rule: String,
    },
    /// Pause and hand the browser to the user, who does this step themselves.
    RequireTakeover {
        /// Why, for the UI and the log.
        reason: String,
        /// Id of the rule that decided.
        rule: String,
    },
    /// Refuse the action.
    Deny {
        /// Why, for the UI and the log.
        reason: String,
        /// Id of the rule that decided.
        rule: String,
    },
}

impl PolicyDecision {
    /// Builds the decision for an effect.
    pub fn new(effect: Effect, reason: impl Into<String>, rule: impl Into<String>) -> Self {
        let reason = reason.into();
        let rule = rule.into();
        match effect {
            Effect::Allow => PolicyDecision::Allow { reason, rule },
            Effect::Confirm => PolicyDecision::RequireConfirmation { reason, rule },
            Effect::Takeover => PolicyDecision::RequireTakeover { reason, rule },
            Effect::Deny => PolicyDecision::Deny { reason, rule },
        }
    }

    /// The outcome without its explanation.
    pub fn effect(&self) -> Effect {
        match self {
            PolicyDecision::Allow { .. } => Effect::Allow,
            PolicyDecision::RequireConfirmation { .. } => Effect::Confirm,
            PolicyDecision::RequireTakeover { .. } => Effect::Takeover,
            PolicyDecision::Deny { .. } => Effect::Deny,
        }
    }

    /// The human-readable reason.
    pub fn reason(&self) -> &str {
        match self {
            PolicyDecision::Allow { reason, .. }
            | PolicyDecision::RequireConfirmation { reason, .. }
            | PolicyDecision::RequireTakeover { reason, .. }
            | PolicyDecision::Deny { reason, .. } => reason,
        }
    }

    /// The id of the rule that decided.
    pub fn rule(&self) -> &str {
        match self {
            PolicyDecision::Allow { rule, .. }
            | PolicyDecision::RequireConfirmation { rule, .. }
            | PolicyDecision::RequireTakeover { rule, .. }
            | PolicyDecision::Deny { rule, .. } => rule,
        }
    }

    /// Whether the action may run without asking anyone.
    pub fn is_allowed(&self) -> bool {
        self.effect() == Effect::Allow
    }
}

impl fmt::Display for PolicyDecision {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "{} ({}): {}",
            self.effect(),
            self.rule(),
            self.reason()
        )
    }
}

/// Cuts text supplied by pages or users to `limit` characters for reasons shown in the UI.
pub(crate) fn shorten(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}
