//! `policy_gate`: the deterministic policy judges the planned action.
//!
//! In: the planned action and its element, the page URL, the person's mode and the session's
//! approvals. Out: the [`tandem_policy::ActionRequest`] and [`PolicyDecision`] stored on the
//! planned action (routing reads them: allow → execute, confirm → `confirm_interrupt`,
//! takeover → `manual_interrupt`, deny → `finalize_denied`) and a step event. A deny also
//! records the refused action and sets the run's ending. A page whose CAPTCHA the person was
//! handed (and handed back) in this run is no longer flagged as showing one. A secret field with
//! a configured secret for the page's host is typed as `<secret:name>` without asking (see
//! `from_config`).

use std::time::Instant;

use tandem_policy::{PolicyContext, PolicyDecision};

use super::Runtime;
use super::measure::micros;
use crate::events::{AgentEvent, StepTimings};
use crate::graph::Flow;
use crate::interrupt::Interrupt;
use crate::plan::StepOutcome;
use crate::policy_bridge::{is_secret_field, masked, request_for};
use crate::secrets::{Secrets, placeholder};
use crate::state::{AgentState, Ending};
use crate::timeline::{ActionResult, RunOutcome, TimelineItem};

pub(crate) fn policy_gate(rt: &Runtime, state: &mut AgentState) -> Flow<Interrupt> {
    let started = Instant::now();
    let Some(mut planned) = state.run.planned_action.take() else {
        return Flow::Next;
    };
    let mut request = request_for(planned.action(), planned.element.as_ref(), state.snapshot());
    // The person already had this page for its CAPTCHA: its other actions are the agent's.
    // (The CAPTCHA widget itself stays the person's by its own rule.)
    if state.current_page().is_some_and(|page| {
        state
            .run
            .captcha_pages_handed_back
            .iter()
            .any(|p| p == page)
    }) {
        request.captcha_visible = false;
    }
    let decision = {
        // The person may have switched mode since the run started; their latest choice applies.
        let mut context =
            PolicyContext::new(rt.mode().policy_mode()).with_approvals(&state.session.approvals);
        if let Some(url) = state.current_url() {
            context = context.with_current_url(url);
        }
        rt.gate.assess(&request, &context)
    };
    let decision = given_in_message(decision, planned.action(), &request, state);
    let decision = from_config(rt, decision, &mut planned, state.current_url());
    tracing::debug!(action = planned.action().kind_name(), decision = %decision.effect(), rule = decision.rule(), "policy");
    let shown = masked(planned.action(), planned.element.as_ref());
    if let PolicyDecision::Deny { reason, rule } = &decision {
        let message = format!("{reason} (rule {rule})");
        state.run.steps.push(planned.record(StepOutcome::Failed {
            error: format!("denied by policy: {message}"),
        }));
        state.run.record.timeline.push(TimelineItem::Action {
            action: shown.clone(),
            note: planned.plan.note.clone(),
            result: ActionResult::Error {
                message: format!("denied: {message}"),
            },
        });
        state.run.ending = Some(Ending::new(
            RunOutcome::Denied,
            format!("I did not {}: {message}", shown),
            rule.clone(),
        ));
    }
    rt.emit(AgentEvent::Step {
        run_id: state.run.id().to_owned(),
        node: "policy_gate".to_owned(),
        step_id: planned.step_id.clone(),
        action: Some(shown),
        result: None,
        timings: StepTimings {
            node_us: micros(started),
            ..StepTimings::default()
        },
    });
    planned.gate = Some((request, decision));
    state.run.planned_action = Some(planned);
    Flow::Next
}

/// Policy rule that hands a secret text over, whatever the field (a configured secret replaces
/// the text only when the field itself is secret).
const SECRET_TEXT_RULE: &str = "takeover-secret-text";

/// Policy rules that hand a field over because the field itself is secret.
const SECRET_FIELD_RULES: &[&str] = &[
    "takeover-password-field",
    "takeover-sensitive-autocomplete",
    "takeover-sensitive-field-name",
];

/// A secret field on a host with a configured secret that fits it (the only one for the host,
/// or the only one whose name fits the field's name): the text becomes `<secret:name>`, typed
/// without asking (rule `allow-configured-secret`); `execute_action` puts in the value, only on
/// that host. Anything else keeps the decision.
fn from_config(
    rt: &Runtime,
    decision: PolicyDecision,
    planned: &mut crate::state::PlannedAction,
    url: Option<&str>,
) -> PolicyDecision {
    let PolicyDecision::RequireTakeover { rule, .. } = &decision else {
        return decision;
    };
    let field_is_secret = SECRET_FIELD_RULES.contains(&rule.as_str())
        || (rule == SECRET_TEXT_RULE && planned.element.as_ref().is_some_and(is_secret_field));
    if !field_is_secret || rt.config.secrets.is_empty() {
        return decision;
    }
    let secrets = Secrets::new(&rt.config.secrets);
    let field = planned
        .element
        .as_ref()
        .map(|e| e.name.clone())
        .unwrap_or_default();
    let picked = secrets.for_field(url, &field).map(str::to_owned);
    let crate::action::Action::Type { text, .. } = &mut planned.plan.action else {
        return decision;
    };
    // A planner that already names a configured secret of this host (the model's
    // `<secret:name>`) keeps its choice; anything else becomes the secret that fits the field.
    let named = secrets.knows_every_placeholder(text) && secrets.resolve(text, url).is_ok();
    if !named {
        let Some(name) = picked else {
            return decision;
        };
        *text = placeholder(&name);
    }
    PolicyDecision::Allow {
        reason: "typing a configured secret on its own host".to_owned(),
        rule: "allow-configured-secret".to_owned(),
    }
}

/// A secret the person wrote in this run's own message is theirs to have typed: instead of a
/// takeover, one confirmation that shows the site's host and the value masked. Anything else
/// (CAPTCHAs, secrets the message does not contain) keeps the policy's decision.
fn given_in_message(
    decision: PolicyDecision,
    action: &crate::action::Action,
    request: &tandem_policy::ActionRequest,
    state: &AgentState,
) -> PolicyDecision {
    let PolicyDecision::RequireTakeover { rule, .. } = &decision else {
        return decision;
    };
    let crate::action::Action::Type { text, .. } = action else {
        return decision;
    };
    let in_message = state
        .run
        .goal()
        .split(|c: char| c.is_whitespace() || "\"'“”‘’,;".contains(c))
        .any(|word| !word.is_empty() && word == text);
    let secret_rule = rule == SECRET_TEXT_RULE || SECRET_FIELD_RULES.contains(&rule.as_str());
    if !request.text_is_secret || !secret_rule || !in_message {
        return decision;
    }
    let host = state
        .current_url()
        .and_then(|url| url::Url::parse(url).ok())
        .and_then(|url| url.host_str().map(str::to_owned))
        .unwrap_or_else(|| "this page".to_owned());
    let masked = "•".repeat(text.chars().count().clamp(4, 12));
    PolicyDecision::RequireConfirmation {
        reason: format!(
            "Type the secret you gave in your message ({masked}) into this field on {host}?"
        ),
        rule: "confirm-secret-from-message".to_owned(),
    }
}
