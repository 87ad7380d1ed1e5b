//! `validate_action`: checks the planned action against the observation before anything runs.
//!
//! Rules: the eid exists in the current observation; the element is not disabled; `type` only
//! on editable elements; `select_option` only on a combobox or listbox; `check`/`uncheck` only
//! on checkable elements (and `uncheck` never on a radio button); URLs parse as absolute URLs;
//! a `tool` exists on the server, is not one a typed action calls, and its arguments fit its
//! input schema; an `ask_user` has questions that can be asked (`check_questions`); the person
//! has not declined the same action (same hash) earlier in this run. An invalid action:
//! `invalid_actions += 1`, a [`StepOutcome::Invalid`] record (the planner reads it), a failure
//! note, a timeline entry and a step event; the run plans again. A valid one resets `invalid_actions`.

use tandem_mcp_browser::Effect;
use tandem_mcp_browser::snapshot::Element;
use tandem_protocol::ActionResult;

use super::Runtime;
use crate::action::Action;
use crate::events::{AgentEvent, StepTimings};
use crate::graph::Flow;
use crate::interrupt::{Interrupt, action_hash};
use crate::plan::StepOutcome;
use crate::policy_bridge::masked;
use crate::question::check_questions;
use crate::state::AgentState;
use crate::timeline::TimelineItem;
use crate::tool_args::argument_problem;
use crate::tool_names;

/// Why an action the person declined earlier in the run is refused.
const DECLINED_AGAIN: &str =
    "the person already declined this exact action in this run; try another way or stop and say so";

pub(crate) async fn validate_action(rt: &Runtime, state: &mut AgentState) -> Flow<Interrupt> {
    let Some(planned) = &state.run.planned_action else {
        return Flow::Next;
    };
    let declined = state
        .run
        .declined_hashes
        .contains(&action_hash(planned.action(), state.current_url()));
    let mut tool_effect = None;
    let problem = if declined {
        Some(DECLINED_AGAIN.to_owned())
    } else {
        match planned.action() {
            Action::Tool { name, args } => match served_tool(rt, name, args).await {
                Ok(effect) => {
                    tool_effect = Some(effect);
                    None
                }
                Err(problem) => Some(problem),
            },
            action => element_problem(action, state, planned.element.as_ref()),
        }
    };
    let Some(error) = problem else {
        state.run.invalid_actions = 0;
        if let Some(planned) = state.run.planned_action.as_mut() {
            planned.tool_effect = tool_effect;
        }
        return Flow::Next;
    };
    state.run.invalid_actions += 1;
    let Some(planned) = state.run.planned_action.as_mut() else {
        return Flow::Next;
    };
    planned.invalid = Some(error.clone());
    state
        .run
        .failures
        .push(format!("invalid action {}: {error}", planned.action()));
    state.run.steps.push(planned.record(StepOutcome::Invalid {
        error: error.clone(),
    }));
    let shown = masked(planned.action(), planned.element.as_ref());
    let result = ActionResult::Error {
        message: format!("invalid: {error}"),
    };
    state.run.record.timeline.push(TimelineItem::Action {
        action: shown.clone(),
        note: planned.plan.note.clone(),
        target: planned.target(),
        result: result.clone(),
    });
    rt.emit(AgentEvent::Step {
        run_id: state.run.record.run_id.clone(),
        node: "validate_action".to_owned(),
        step_id: planned.step_id.clone(),
        action: Some(shown),
        target: planned.target(),
        result: Some(result),
        timings: StepTimings::default(),
    });
    Flow::Next
}

/// Checks the tool against the tools offered right now (servers may add or drop tools, so the
/// list is asked for afresh, as it is for planning), and its arguments against the tool's input
/// schema. A tool that may be called answers with what it does (its listed effect).
async fn served_tool(rt: &Runtime, name: &str, args: &serde_json::Value) -> Result<Effect, String> {
    if let Some(action) = tool_names::typed_action_for(name) {
        return Err(format!(
            "`{name}` is not called as a tool: use the `{action}` action"
        ));
    }
    let tools = rt
        .browser
        .tools()
        .await
        .map_err(|error| format!("could not list the tools: {error}"))?;
    match tools.iter().find(|tool| tool.name == name) {
        Some(tool) => match argument_problem(&tool.input_schema, args) {
            Some(problem) => Err(format!("{name}: {problem}")),
            None => Ok(tool.effect),
        },
        None => {
            let names: Vec<&str> = tools.iter().map(|tool| tool.name.as_str()).collect();
            Err(format!(
                "there is no tool `{name}`; available: {}",
                names.join(", ")
            ))
        }
    }
}

fn element_problem(
    action: &Action,
    state: &AgentState,
    element: Option<&Element>,
) -> Option<String> {
    if let Some(eid) = action.target_eid() {
        let Some(snapshot) = state.snapshot() else {
            return Some(format!("no page is open, so there is no element {eid}"));
        };
        let Some(element) = element else {
            return Some(format!(
                "element {eid} is not in the current observation of {}",
                snapshot.url
            ));
        };
        if element.disabled && !matches!(action, Action::Scroll { .. }) {
            return Some(format!("element {eid} ({}) is disabled", element.name));
        }
    }
    match action {
        // Colour and range inputs take a value though they take no typed text.
        Action::Type { eid, .. } => element.filter(|e| !e.editable && !takes_value(e)).map(|e| {
            format!(
                "element {eid} ({} \"{}\") does not accept text",
                e.role, e.name
            )
        }),
        Action::SelectOption { eid, .. } => element
            .filter(|e| !matches!(e.role.as_str(), "combobox" | "listbox"))
            .map(|e| format!("element {eid} is a {}, not a select list", e.role)),
        Action::Check { eid } => element
            .filter(|e| e.checked.is_none())
            .map(|e| format!("element {eid} ({}) cannot be checked", e.role)),
        Action::Uncheck { eid } => element.and_then(|e| {
            if e.checked.is_none() {
                Some(format!("element {eid} ({}) cannot be unchecked", e.role))
            } else if e.role == "radio" {
                Some(format!(
                    "radio button {eid} cannot be unchecked; check another option instead"
                ))
            } else {
                None
            }
        }),
        Action::Navigate { url } => match url::Url::parse(url.trim()) {
            Ok(_) => None,
            Err(error) => Some(format!("`{url}` is not an absolute URL: {error}")),
        },
        Action::PressKey { key } if key.trim().is_empty() => Some("no key given".to_owned()),
        Action::AskUser { questions } => check_questions(questions).err().map(|e| e.to_string()),
        Action::Click { .. }
        | Action::Hover { .. }
        | Action::PressKey { .. }
        | Action::Scroll { .. }
        | Action::Wait { .. }
        | Action::Back
        | Action::Tool { .. }
        | Action::NeedUser { .. }
        | Action::Stop { .. } => None,
    }
}

/// Inputs whose value the browser sets directly (colour, range, date and time kinds).
fn takes_value(element: &Element) -> bool {
    element.tag == "input"
        && matches!(
            element.input_type.as_deref(),
            Some("color" | "range" | "date" | "time" | "datetime-local" | "month" | "week")
        )
}
