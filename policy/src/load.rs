//! Building a [`PolicyGate`]: the embedded defaults, a user's file layered on top, or a complete
//! policy of one's own. This is the only place that touches the file system, and only at
//! start-up.
//!
//! In: TOML text or a path. Out: a ready gate, or a [`PolicyError`] with the line and problem.

use std::path::Path;

use crate::config::{CompiledPolicy, compile};
use crate::error::PolicyError;
use crate::gate::PolicyGate;
use crate::navigation::NavigationSettings;

/// The default policy, embedded in the binary (`policy/default-policy.toml`).
pub const DEFAULT_POLICY_TOML: &str = include_str!("../default-policy.toml");

const DEFAULTS_ORIGIN: &str = "embedded default policy";

impl PolicyGate {
    /// The embedded default policy. Fails only if the embedded file is broken, which the crate's
    /// tests rule out; [`PolicyGate::default`] turns that case into a gate that denies everything.
    pub fn with_defaults() -> Result<PolicyGate, PolicyError> {
        PolicyGate::from_named_toml(DEFAULTS_ORIGIN, DEFAULT_POLICY_TOML)
    }

    /// A complete policy from TOML text alone, without the defaults. Schemes default to http and
    /// https when the text does not list them.
    pub fn from_toml_str(text: &str) -> Result<PolicyGate, PolicyError> {
        PolicyGate::from_named_toml("policy text", text)
    }

    /// A complete policy from a TOML file alone, without the defaults.
    pub fn from_file(path: &Path) -> Result<PolicyGate, PolicyError> {
        let text = read(path)?;
        PolicyGate::from_named_toml(&path.display().to_string(), &text)
    }

    /// The defaults with a user's TOML text added: its rules come after the default rules, and
    /// its schemes, `file:` folders and host lists are added to the defaults' lists. A user file
    /// can therefore make the policy stricter or allow more, but cannot remove a default rule.
    pub fn with_defaults_and(user_text: &str) -> Result<PolicyGate, PolicyError> {
        PolicyGate::with_defaults()?.extended_with("user policy", user_text)
    }

    /// The defaults with a user's TOML file added (see [`PolicyGate::with_defaults_and`]).
    pub fn with_defaults_and_file(path: &Path) -> Result<PolicyGate, PolicyError> {
        let text = read(path)?;
        PolicyGate::with_defaults()?.extended_with(&path.display().to_string(), &text)
    }

    /// This gate with more TOML added the same way as a user file. `origin` names the text in
    /// error messages (a path, "user policy").
    pub fn extended_with(mut self, origin: &str, text: &str) -> Result<PolicyGate, PolicyError> {
        let extra = compile(origin, text)?;
        for rule in &extra.rules {
            if self.rules.iter().any(|existing| existing.id == rule.id) {
                return Err(PolicyError::InvalidRule {
                    origin: origin.to_owned(),
                    line: rule.line,
                    rule: rule.id.clone(),
                    problem: "this id is already used by a default rule; choose another id"
                        .to_owned(),
                });
            }
        }
        self.navigation.extend(&extra.navigation);
        self.rules.extend(extra.rules);
        Ok(self)
    }

    /// A gate that denies every action with this reason (rule id `policy-unavailable`). Used when
    /// no usable policy exists; failing closed is the only safe answer.
    pub fn deny_all(reason: impl Into<String>) -> PolicyGate {
        PolicyGate {
            navigation: NavigationSettings::default(),
            rules: Vec::new(),
            unavailable: Some(reason.into()),
        }
    }

    fn from_named_toml(origin: &str, text: &str) -> Result<PolicyGate, PolicyError> {
        let CompiledPolicy { navigation, rules } = compile(origin, text)?;
        Ok(PolicyGate {
            navigation,
            rules,
            unavailable: None,
        })
    }
}

impl Default for PolicyGate {
    /// The embedded defaults; if they could not be loaded, a gate that denies everything.
    fn default() -> PolicyGate {
        PolicyGate::with_defaults().unwrap_or_else(|error| {
            PolicyGate::deny_all(format!("the default policy could not be loaded: {error}"))
        })
    }
}

fn read(path: &Path) -> Result<String, PolicyError> {
    std::fs::read_to_string(path).map_err(|source| PolicyError::Read {
        path: path.to_path_buf(),
        source,
    })
}
