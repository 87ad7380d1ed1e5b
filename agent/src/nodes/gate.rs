//! `policy_gate`: the deterministic policy judges the planned action.
//!
//! In: the planned action and its element, the page URL, the person's mode and the session's
//! approvals. Out: the [`tandem_policy::ActionRequest`] and [`tandem_policy::PolicyDecision`]
//! stored on the planned action (routing reads its effect: allow → execute, confirm →
//! `confirm_interrupt`, takeover → `manual_interrupt`, deny → `finalize_denied`) and a step
//! event. A deny also records the refused action and sets the run's ending. A page whose CAPTCHA
//! the person was handed (and handed back) in this run is no longer flagged as showing one.
//!
//! For a `type`, the node gives the policy what only the agent knows about the text
//! ([`SecretFacts`]: the person wrote this secret in the run's message; a configured secret of
//! the page's host fits the field), and the policy decides (rules `confirm-secret-from-message`
//! and `allow-configured-secret`). For an action the planner offers rather than was asked for
//! ([`crate::plan::Plan::offered`]: the send of a form the message only filled), it gives the
//! fact `unasked_send`, and the policy asks first (rule `confirm-unasked-send`). When the
//! configured secret is allowed, the text becomes
//! `<secret:name>` (the decision says so: `PolicyDecision::types_configured_secret`, its rule holds
//! only where a configured secret fits); `execute_action` puts in the value, only on that host.

use std::time::Instant;

use tandem_policy::{ActionRequest, Effect, PolicyContext, SecretFacts};
use tandem_protocol::{ActionResult, RunOutcome};

use super::Runtime;
use super::measure::micros;
use crate::action::Action;
use crate::events::{AgentEvent, StepTimings};
use crate::graph::Flow;
use crate::interrupt::Interrupt;
use crate::plan::StepOutcome;
use crate::policy_bridge::{describe, masked, request_for};
use crate::secrets::{Secrets, placeholder};
use crate::state::{AgentState, Ending, PlannedAction};
use crate::timeline::TimelineItem;

pub(crate) fn policy_gate(rt: &Runtime, state: &mut AgentState) -> Flow<Interrupt> {
    let started = Instant::now();
    let Some(mut planned) = state.run.planned_action.take() else {
        return Flow::Next;
    };
    let mut request = request_for(
        planned.action(),
        planned.element.as_ref(),
        state.snapshot(),
        planned.tool_effect,
    );
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
    let configured = configured_secret(rt, &planned, state.current_url());
    let decision = {
        let facts = SecretFacts {
            in_message: given_in_message(planned.action(), &request, state),
            configured: configured.is_some(),
        };
        // The person may have switched mode since the run started; their latest choice applies.
        let mut context = PolicyContext::new(rt.mode())
            .with_approvals(&state.session.approvals)
            .with_secret_facts(facts)
            .with_unasked_send(planned.plan.offered);
        if let Some(url) = state.current_url() {
            context = context.with_current_url(url);
        }
        rt.gate.assess(&request, &context)
    };
    if let (true, Some(Some(name))) = (decision.types_configured_secret(), configured)
        && let Action::Type { text, .. } = &mut planned.plan.action
    {
        *text = placeholder(&name);
    }
    tracing::debug!(action = planned.action().kind_name(), decision = %decision.effect(), rule = decision.rule(), "policy");
    let shown = masked(planned.action(), planned.element.as_ref());
    if decision.effect() == Effect::Deny {
        let message = format!("{} (rule {})", decision.reason(), decision.rule());
        state.run.steps.push(planned.record(StepOutcome::Failed {
            error: format!("denied by policy: {message}"),
            code: None,
        }));
        state.run.record.timeline.push(TimelineItem::Action {
            action: shown.clone(),
            note: planned.plan.note.clone(),
            target: planned.target(),
            result: ActionResult::Error {
                message: format!("denied: {message}"),
            },
        });
        state.run.ending = Some(Ending::new(
            RunOutcome::Denied,
            format!(
                "I did not {}: {message}",
                describe(planned.action(), planned.element.as_ref())
            ),
            decision.rule(),
        ));
    }
    rt.emit(AgentEvent::Step {
        run_id: state.run.id().to_owned(),
        node: "policy_gate".to_owned(),
        step_id: planned.step_id.clone(),
        action: Some(shown),
        target: planned.target(),
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

/// For a `type` on a page whose host has configured secrets: `Some(None)` when the planner's text
/// already names configured secrets of this host (the model's `<secret:name>`, kept as it is),
/// `Some(Some(name))` when one fits the field (the only one for the host, or the only one whose
/// name fits the field's name), `None` otherwise.
fn configured_secret(
    rt: &Runtime,
    planned: &PlannedAction,
    url: Option<&str>,
) -> Option<Option<String>> {
    let Action::Type { text, .. } = planned.action() else {
        return None;
    };
    if rt.config.secrets.is_empty() {
        return None;
    }
    let secrets = Secrets::new(&rt.config.secrets);
    if secrets.knows_every_placeholder(text) && secrets.resolve(text, url).is_ok() {
        return Some(None);
    }
    let field = planned.element.as_ref().map_or("", |e| e.name.as_str());
    secrets
        .for_field(url, field)
        .map(|name| Some(name.to_owned()))
}

/// Whether a `type` types a secret (the field is a secret one) that the person wrote, as one
/// word, in this run's own message.
fn given_in_message(action: &Action, request: &ActionRequest, state: &AgentState) -> bool {
    let Action::Type { text, .. } = action else {
        return false;
    };
    request.text_is_secret
        && state
            .run
            .message()
            .split(|c: char| c.is_whitespace() || "\"'“”‘’,;".contains(c))
            .any(|word| !word.is_empty() && word == text)
}
