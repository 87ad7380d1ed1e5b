//! Shared helpers for the policy tests: build gates and contexts, and check decisions with a
//! message that says which case failed.

#![allow(dead_code)]

use tandem_policy::{ActionRequest, Effect, PolicyContext, PolicyGate};
use tandem_protocol::Mode;

/// The embedded default policy.
pub fn default_gate() -> PolicyGate {
    PolicyGate::with_defaults()
        .unwrap_or_else(|error| panic!("the embedded default policy must load: {error}"))
}

/// The defaults plus a user file.
pub fn gate_with(user_toml: &str) -> PolicyGate {
    PolicyGate::with_defaults_and(user_toml)
        .unwrap_or_else(|error| panic!("the test's user policy must load: {error}"))
}

/// Agent mode, on `page` when given.
pub fn agent_on(page: Option<&str>) -> PolicyContext<'_> {
    let context = PolicyContext::new(Mode::Agent);
    match page {
        Some(url) => context.with_current_url(url),
        None => context,
    }
}

/// Asserts the effect and the deciding rule, naming the case on failure.
pub fn expect(
    case: &str,
    gate: &PolicyGate,
    request: &ActionRequest,
    context: &PolicyContext<'_>,
    effect: Effect,
    rule: &str,
) {
    let decision = gate.assess(request, context);
    assert_eq!(
        (decision.effect(), decision.rule()),
        (effect, rule),
        "case {case:?}: got {decision}"
    );
    assert!(!decision.reason().is_empty(), "case {case:?}: empty reason");
}
