//! Which tool calls the gate judges, and as what: each browser tool that can change a page maps
//! onto the policy's action with the facts of its element; any other tool that is not read-only
//! (the tabs' and the site studio's) is a `tool` action judged by its name. Read-only tools are
//! never judged.

use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, JsonObject};
use serde_json::{Value, json};
use tandem_policy::{ActionKind, ActionRequest};

use super::BrowserServer;
use super::params::{
    BackParams, ClickParams, KeyParams, LaunchParams, NavigateParams, SelectParams, TypeParams,
};
use crate::error::BrowserError;
use crate::gate::facts::{focused, is_secret_field, with_element_facts};
use crate::gate::{Judged, McpGate, TakeoverOutcome};
use crate::tool::arguments::parse;
use crate::tool::{BrowserTool, Effect};

/// What the gate needs to know of one browser action.
enum Planned {
    /// Judged as it is, on the current page.
    OnPage(ActionRequest),
    /// Acting on the element `eid`: its facts are added.
    OnElement(String, Vec<ActionRequest>),
    /// Acting on the focused element.
    OnFocused(ActionRequest),
    /// Not about the page: judged by the tool's name.
    Tool(ActionRequest),
}

/// The verdict on calling `name` with `arguments`, or `None` when the call is not judged: a
/// read-only tool, a tool the server does not have, or arguments the tool will refuse anyway.
pub(super) async fn judge(
    server: &BrowserServer,
    gate: &McpGate,
    name: &str,
    arguments: &JsonObject,
) -> Result<Option<Judged>, BrowserError> {
    // A tool the server does not have is refused by the router as unknown; nothing runs.
    if server.tool_router.get(name).is_none() || server.effect_of(name).read_only {
        return Ok(None);
    }
    let Some(planned) = plan(name, arguments) else {
        return Ok(None);
    };
    let (page_url, requests) = match planned {
        Planned::Tool(request) => (None, vec![request]),
        Planned::OnPage(request) => {
            let mut session = server.session.lock().await;
            let (snapshot, _) = gate.seen().facts(&mut session, None).await?;
            (Some(snapshot.url.clone()), vec![request])
        }
        Planned::OnFocused(request) => {
            let mut session = server.session.lock().await;
            let (snapshot, _) = gate.seen().facts(&mut session, None).await?;
            let request = with_element_facts(request, focused(&snapshot), Some(&snapshot));
            (Some(snapshot.url.clone()), vec![request])
        }
        Planned::OnElement(eid, requests) => {
            let mut session = server.session.lock().await;
            let (snapshot, element) = gate.seen().facts(&mut session, Some(&eid)).await?;
            let requests = requests
                .into_iter()
                .map(|mut request| {
                    if element.as_ref().is_some_and(is_secret_field) && request.typed_text.is_some()
                    {
                        request = request.with_secret_text();
                    }
                    with_element_facts(request, element.as_ref(), Some(&snapshot))
                })
                .collect();
            (Some(snapshot.url.clone()), requests)
        }
    };
    Ok(Some(gate.judge(name, requests, page_url)))
}

/// The policy's view of the call, before the page's facts.
fn plan(name: &str, arguments: &JsonObject) -> Option<Planned> {
    let arguments = Value::Object(arguments.clone());
    let kind = |kind| ActionRequest::new(kind);
    Some(match name {
        LaunchParams::NAME => {
            let url = parse::<LaunchParams>(arguments).ok()?.url?;
            Planned::OnPage(ActionRequest::navigate(url))
        }
        NavigateParams::NAME => {
            let params = parse::<NavigateParams>(arguments).ok()?;
            Planned::OnPage(ActionRequest::navigate(params.url))
        }
        BackParams::NAME => Planned::OnPage(kind(ActionKind::Back)),
        ClickParams::NAME => {
            let params = parse::<ClickParams>(arguments).ok()?;
            Planned::OnElement(params.eid, vec![kind(ActionKind::Click)])
        }
        TypeParams::NAME => {
            let params = parse::<TypeParams>(arguments).ok()?;
            let mut requests = vec![kind(ActionKind::Type).with_typed_text(params.text)];
            if params.submit {
                requests.push(ActionRequest::press_key("Enter"));
            }
            Planned::OnElement(params.eid, requests)
        }
        SelectParams::NAME => {
            let params = parse::<SelectParams>(arguments).ok()?;
            let request = kind(ActionKind::SelectOption).with_option(params.option);
            Planned::OnElement(params.eid, vec![request])
        }
        KeyParams::NAME => {
            let params = parse::<KeyParams>(arguments).ok()?;
            Planned::OnFocused(ActionRequest::press_key(params.key))
        }
        other => Planned::Tool(ActionRequest::tool(other, true)),
    })
}

impl BrowserServer {
    /// What calling the tool `name` does, as its listing states (unknown: it changes things).
    pub(super) fn effect_of(&self, name: &str) -> Effect {
        Effect::of_annotations(
            self.tool_router
                .get(name)
                .and_then(|tool| tool.annotations.as_ref()),
        )
    }
}

/// The answer to a call whose step the person took over: it did not run; they did it.
pub(super) fn handed_back(judged: &Judged, outcome: TakeoverOutcome) -> CallToolResponse {
    let mut text = format!(
        "The person did this step themselves in the live view and handed back (rule {}). \
         Observe to see the page now.",
        judged.decision.rule()
    );
    if let Some(changed) = &outcome.changed {
        text.push_str(&format!(" What changed: {changed}."));
    }
    if let Some(note) = &outcome.note {
        text.push_str(&format!(" Their note: {note}"));
    }
    let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
    result.structured_content = Some(json!({
        "handed_back": true,
        "rule": judged.decision.rule(),
        "changed": outcome.changed,
        "note": outcome.note,
    }));
    result.into()
}

#[cfg(test)]
#[path = "gated_tests.rs"]
mod tests;
