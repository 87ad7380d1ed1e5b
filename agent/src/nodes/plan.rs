//! `plan_action`: asks the planner for exactly one action.
//!
//! In: the run's goal, the latest snapshot and the run's step records. Out:
//! `planned_action` (with the element it targets, looked up in the snapshot it was planned on)
//! and a step event. The context also carries the page, screenshot, failures, the tools listed
//! afresh (for planners that use them), ids, the reasoning toggle and a usage meter whose model
//! requests are added to the run record and published as usage events. A planner error never
//! panics the run: unavailable or a broken context end it in `finalize_failed`, unusable output
//! counts as an invalid action (planned again, the third in a row ends in `finalize_blocked`).
//! When the person asked for the browser
//! ([`crate::settings::Settings::takeover_requested`]), the planner is not asked: the action is
//! a `need_user` handover, and the request is taken. Nor when the page asks to sign in again
//! where the project was signed in before ([`crate::sign_in_again`]): that is the person's too.

use std::time::Instant;

use tandem_protocol::RunOutcome;

use super::Runtime;
use super::measure::{micros, record_usage};
use crate::action::Action;
use crate::error::PlannerError;
use crate::events::{AgentEvent, StepTimings};
use crate::graph::Flow;
use crate::interrupt::Interrupt;
use crate::model::UsageMeter;
use crate::plan::Plan;
use crate::planner::PlanContext;
use crate::policy_bridge::masked;
use crate::product_doc::patches::{DESIGN_SECTION, PAGES_SECTION};
use crate::secrets::Secrets;
use crate::sign_in_again;
use crate::state::{AgentState, Ending, PlannedAction};
use crate::wording;

/// Why the run hands over when the person pressed "Take over".
pub const PERSON_TOOK_OVER: &str = "You took the browser.";

/// The `need_user` handover that stands for the person's "Take over".
pub(crate) fn person_takes_over() -> PlannedAction {
    let action = Action::NeedUser {
        reason: PERSON_TOOK_OVER.to_owned(),
    };
    PlannedAction::new(Plan::new(action), None)
}

pub(crate) async fn plan_action(rt: &Runtime, state: &mut AgentState) -> Flow<Interrupt> {
    state.run.planned_action = None;
    if rt.settings.take_takeover_request() {
        // The person asked for the browser: hand it over (`need_user` goes to
        // `manual_interrupt`) instead of planning.
        state.run.planned_action = Some(person_takes_over());
        return Flow::Next;
    }
    // A login the project had is asked for again: the person signs in, not the planner.
    if let Some(handover) = sign_in_again::handover(state, &Secrets::new(&rt.config.secrets)) {
        state.run.planned_action = Some(handover);
        return Flow::Next;
    }
    let started = Instant::now();
    let tools = if rt.planner.uses_tools() {
        // Listed afresh each step: servers may add tools during a run.
        rt.browser.tools().await.unwrap_or_else(|error| {
            tracing::warn!(%error, "could not list the tools for the planner");
            Vec::new()
        })
    } else {
        Vec::new()
    };
    let meter = UsageMeter::default();
    // The long and medium layers (project card, earlier runs, last messages); the short layer
    // is the run's own steps.
    let notes = state.context_notes();
    let planned = {
        // The planner reads the message as written (a password in it is typed after its
        // confirm); everything recorded keeps it masked (`Run::goal`).
        let ctx = PlanContext {
            goal: state.run.message(),
            ..rt.request_context(state, state.snapshot(), &state.run.steps)
        }
        .with_page(state.page.observation.as_ref())
        .with_screenshot(state.page.screenshot.as_ref())
        .with_failures(&state.run.failures)
        .with_tools(&tools)
        .with_progress(state.run.actions, state.run.invalid_actions)
        .with_notes(notes.as_deref())
        .with_memory(&state.session.memory)
        .with_site_pages(doc_section(state, PAGES_SECTION))
        .with_site_design(doc_section(state, DESIGN_SECTION))
        .with_usage(&meter);
        rt.check_request(&ctx);
        rt.planner.plan(&ctx).await
    };
    record_usage(rt, state, meter.take());
    let planner_us = micros(started);
    let plan = match planned {
        Ok(plan) => plan,
        Err(error) => {
            on_planner_error(state, error);
            return Flow::Next;
        }
    };
    let element = plan.action.target_eid().and_then(|eid| {
        state
            .snapshot()
            .and_then(|s| s.elements.iter().find(|e| &e.eid == eid))
            .cloned()
    });
    state.run.plans += 1;
    let step_id = format!("{}:{}", state.run.id(), state.run.plans);
    rt.emit(AgentEvent::Step {
        run_id: state.run.id().to_owned(),
        node: "plan_action".to_owned(),
        step_id: Some(step_id.clone()),
        action: Some(masked(&plan.action, element.as_ref())),
        target: element.as_ref().map(wording::target_of),
        result: None,
        timings: StepTimings {
            node_us: micros(started),
            tool_us: 0,
            planner_us,
        },
    });
    // The person's reasoning toggle: the planner's short why is shown in the chat. (Only the
    // one-line outcome of each step stays in the planner's history.)
    if rt.reasoning()
        && let Some(note) = plan.note.as_deref().filter(|n| !n.trim().is_empty())
    {
        rt.emit(AgentEvent::Message {
            run_id: state.run.id().to_owned(),
            text: format!("Reasoning: {note}"),
        });
    }
    let mut planned = PlannedAction::new(plan, element);
    planned.step_id = Some(step_id);
    state.run.planned_action = Some(planned);
    Flow::Next
}

fn on_planner_error(state: &mut AgentState, error: PlannerError) {
    let message = error.to_string();
    match error {
        PlannerError::InvalidOutput { .. } => {
            state.run.invalid_actions += 1;
            state.run.failures.push(message);
        }
        PlannerError::Unavailable { .. } | PlannerError::BadContext { .. } => {
            let code = crate::error::AgentError::Planner(error).code().to_owned();
            state.run.ending = Some(Ending::new(RunOutcome::Failed, message, code));
        }
        PlannerError::Cancelled => {
            state.run.ending = Some(Ending::new(RunOutcome::Cancelled, message, "cancelled"));
        }
    }
}

/// A section of the session's Product Doc ("Pages" once the session has built a site).
fn doc_section<'a>(state: &'a AgentState, title: &str) -> Option<&'a str> {
    state
        .session
        .product_doc
        .as_ref()?
        .sections
        .iter()
        .find(|section| section.title == title)
        .map(|section| section.content.as_str())
}
