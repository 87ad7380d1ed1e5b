//! A login the project had, asked for again. When the page asks to sign in on a host where the
//! session's browser was signed in before (the observation's `sign_in_again`: the browser's
//! saved logins and the page's structure, `tandem_mcp_browser::snapshot::sign_in`), the agent
//! says so in the person's words and hands the browser over (`need_user`, so the policy gate
//! and `manual_interrupt` do the rest, as for the person's "Take over"): it never tries to
//! solve the login page itself.
//!
//! The person is not asked when the login can go on without them: a secret configured for the
//! host (the planner types it, judged by the policy's `allow-configured-secret` rule), or a
//! password the person wrote in this run's message (typed after its confirm). Nor twice in a
//! run: once the person has had the browser in this run, what they left is theirs to judge.

use crate::action::Action;
use crate::message_secrets::mask_message_secrets;
use crate::plan::{Plan, StepOutcome};
use crate::secrets::Secrets;
use crate::state::{AgentState, PlannedAction};

/// What the person reads when their login was lost.
pub fn asked_again(host: &str) -> String {
    format!("You were signed in to {host} before; the site asks you to sign in again.")
}

/// The handover for a lost login on the page just observed, if the person is the one to sign in.
pub(crate) fn handover(state: &AgentState, secrets: &Secrets) -> Option<PlannedAction> {
    let host = state
        .page
        .observation
        .as_ref()?
        .observation
        .sign_in_again
        .as_deref()?;
    let person_had_the_browser = state
        .run
        .steps
        .iter()
        .any(|step| matches!(step.outcome, StepOutcome::UserDone { .. }));
    let message = state.run.message();
    let password_in_message = mask_message_secrets(message) != message;
    if person_had_the_browser || password_in_message || secrets.for_host(host) {
        return None;
    }
    let action = Action::NeedUser {
        reason: asked_again(host),
    };
    Some(PlannedAction::new(Plan::new(action), None))
}
