//! What the gate answers: one of four outcomes, always with the reason and the id of the rule
//! that decided, so the UI can show exactly why.
//!
//! In: the winning [`Effect`] with its reason and rule id. Out: a [`PolicyDecision`].

use std::fmt;

use serde::{Deserialize, Serialize};

/// The four outcomes, ordered from least to most strict (`Allow < Confirm < Takeover < Deny`), so
/// "the strictest matching rule wins" is a `max`.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::Display,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
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
    /// The name used in rule files and shown (`"allow"`, `"confirm"`, `"takeover"`, `"deny"`):
    /// the serde name.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The effect with this name, if any.
    pub fn from_name(name: &str) -> Option<Effect> {
        name.parse().ok()
    }
}

/// The gate's answer for one action: the effect, why, and the rule that decided. Serialises as
/// `{"decision": "require_confirmation", "reason": "...", "rule": "confirm-purchase"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PolicyDecision {
    /// Run, ask the person to confirm this exact action, hand them the browser, or refuse.
    #[serde(rename = "decision", serialize_with = "decision_name")]
    effect: Effect,
    /// Why, for the UI and the log.
    reason: String,
    /// Id of the rule that decided.
    rule: String,
    /// The rule that decided holds only where a configured secret of the page's host fits the
    /// field (its condition `configured_secret = true`): the agent types that secret's
    /// placeholder, never the planner's text. Not serialised.
    #[serde(skip)]
    configured_secret: bool,
}

impl PolicyDecision {
    /// Builds the decision for an effect.
    pub fn new(effect: Effect, reason: impl Into<String>, rule: impl Into<String>) -> Self {
        Self {
            effect,
            reason: reason.into(),
            rule: rule.into(),
            configured_secret: false,
        }
    }

    /// This decision, made by a rule that holds only where a configured secret fits.
    pub fn by_configured_secret(self) -> Self {
        Self {
            configured_secret: true,
            ..self
        }
    }

    /// Whether the text is to be typed as the host's configured secret: the rule that decided
    /// holds only where one fits the field (`configured_secret = true` in the policy file).
    pub fn types_configured_secret(&self) -> bool {
        self.configured_secret
    }

    /// The outcome without its explanation.
    pub fn effect(&self) -> Effect {
        self.effect
    }

    /// The human-readable reason.
    pub fn reason(&self) -> &str {
        &self.reason
    }

    /// The id of the rule that decided.
    pub fn rule(&self) -> &str {
        &self.rule
    }

    /// Whether the action may run without asking anyone.
    pub fn is_allowed(&self) -> bool {
        self.effect == Effect::Allow
    }
}

/// The `decision` field: `allow`, `require_confirmation`, `require_takeover` or `deny`.
fn decision_name<S: serde::Serializer>(effect: &Effect, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(match effect {
        Effect::Allow => "allow",
        Effect::Confirm => "require_confirmation",
        Effect::Takeover => "require_takeover",
        Effect::Deny => "deny",
    })
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
