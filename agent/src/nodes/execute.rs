//! `execute_action`: the one node that acts in the browser.
//!
//! In: a planned action the policy allowed (or the person confirmed: the confirmed hash must
//! equal the action's hash now). Out: the tool's result as a [`crate::planner::StepRecord`]
//! (with the element it targeted), a timeline entry (`pending` while it runs, then
//! `success`/`error` in place), step events, `needs_observe` for actions that change the page.
//! The place the browser ended up at is checked with `check_navigation`; a denied landing is
//! left and ends the run in `finalize_denied`.
//!
//! Errors: a tool error (bad eid, timeout waiting...) goes back to the planner as a `Failed`
//! record and counts toward `max_consecutive_errors` (then `finalize_failed`); a fatal browser
//! error (crash, lost connection) ends the run in `finalize_failed` at once.

use std::time::Instant;

use tandem_mcp_browser::ClientError;
use tandem_mcp_browser::browser::{ActionOutcome, ScrollDirection as BrowserScroll, WaitCondition};
use tandem_mcp_browser::server::params::{
    BackParams, ClickParams, CloseTabParams, HoverParams, KeyParams, NavigateParams, ScrollEnd,
    ScrollParams, SelectParams, TypeParams, WaitParams,
};
use tandem_policy::{Effect, PolicyContext};
use tandem_protocol::{ActionResult, RunOutcome};

use super::Runtime;
use super::measure::micros;
use crate::action::{Action, ScrollDirection, WaitFor};
use crate::browser::{Invoke, is_fatal};
use crate::events::{AgentEvent, StepTimings};
use crate::graph::Flow;
use crate::interrupt::{Interrupt, action_hash};
use crate::plan::StepOutcome;
use crate::policy_bridge::masked;
use crate::secrets::Secrets;
use crate::state::{AgentState, Ending, PlannedAction};
use crate::timeline::TimelineItem;

/// What one execution produced.
enum Executed {
    /// A browser action: where the page is now.
    Page(ActionOutcome),
    /// Nothing needed doing (a box already in the wanted state).
    Done(String),
    /// A tool's result: its first line, and its structured JSON if it has one.
    Tool(String, Option<serde_json::Value>),
}

pub(crate) async fn execute_action(rt: &Runtime, state: &mut AgentState) -> Flow<Interrupt> {
    let started = Instant::now();
    let Some(mut planned) = state.run.planned_action.take() else {
        return Flow::Next;
    };
    if let Some(problem) = unconfirmed(&planned, state) {
        state.run.ending = Some(Ending::new(RunOutcome::Failed, problem, "action_changed"));
        state.run.planned_action = Some(planned);
        return Flow::Next;
    }
    // Counted when it starts: a failed action still counts toward the action limit.
    state.run.actions += 1;
    let shown = masked(planned.action(), planned.element.as_ref());
    let seq = match planned.timeline_seq {
        Some(seq) => seq,
        None => state.run.record.timeline.push(TimelineItem::Action {
            action: shown.clone(),
            note: planned.plan.note.clone(),
            target: planned.target(),
            result: ActionResult::Pending { interrupt_id: None },
        }),
    };
    planned.timeline_seq = Some(seq);
    let run_id = state.run.id().to_owned();
    let step_id = planned.step_id.clone();
    rt.emit(AgentEvent::Step {
        run_id: run_id.clone(),
        node: "execute_action".to_owned(),
        step_id: step_id.clone(),
        action: Some(shown.clone()),
        target: planned.target(),
        result: Some(ActionResult::Pending { interrupt_id: None }),
        timings: StepTimings::default(),
    });
    // Until the call returns, the timeline says pending: a cancel leaves it so, and
    // `finalize_cancelled` closes it.
    state.run.planned_action = Some(planned.clone());

    let tool_started = Instant::now();
    let page_url = state.current_url().map(str::to_owned);
    let outcome = call(rt, &planned, page_url.as_deref()).await;
    let tool_us = micros(tool_started);

    let result = match outcome {
        Ok(executed) => {
            state.run.consecutive_errors = 0;
            let (summary, landed, data) = match executed {
                Executed::Page(outcome) => (outcome.message, Some(outcome.url), None),
                Executed::Done(summary) => (summary, None, None),
                Executed::Tool(summary, structured) => {
                    if let (Some(structured), Action::Tool { name, .. }) =
                        (&structured, planned.action())
                    {
                        let pages = state.session.product_doc.as_ref().and_then(|doc| {
                            doc.sections
                                .iter()
                                .find(|s| s.title == crate::product_doc::patches::PAGES_SECTION)
                                .map(|s| s.content.clone())
                        });
                        state
                            .run
                            .doc_patches
                            .extend(crate::product_doc::patches::from_tool(
                                name,
                                structured,
                                pages.as_deref(),
                            ));
                    }
                    (summary, None, structured)
                }
            };
            state.run.steps.push(
                planned
                    .record(StepOutcome::Succeeded {
                        summary: summary.clone(),
                    })
                    .with_data(data),
            );
            state.page.needs_observe = planned.action().changes_page();
            if let Some(url) = landed
                && let Some(ending) = check_landing(rt, state, &url)
            {
                leave_denied_page(rt, state, None).await;
                state.run.ending = Some(ending);
            }
            ActionResult::Success { summary }
        }
        Err(error) => {
            state.run.steps.push(planned.record(StepOutcome::Failed {
                error: error.to_string(),
                code: Some(error.code().to_owned()),
            }));
            record_tool_error(rt, state, planned.action().kind_name(), &error);
            ActionResult::Error {
                message: error.to_string(),
            }
        }
    };
    state.run.record.timeline.set_result(seq, result.clone());
    rt.emit(AgentEvent::Step {
        run_id,
        node: "execute_action".to_owned(),
        step_id,
        action: Some(shown),
        target: planned.target(),
        result: Some(result),
        timings: StepTimings {
            node_us: micros(started),
            tool_us,
            planner_us: 0,
        },
    });
    Flow::Next
}

/// A reason to refuse running an action that needed a confirmation it does not have.
fn unconfirmed(planned: &PlannedAction, state: &AgentState) -> Option<String> {
    let needs = planned
        .gate
        .as_ref()
        .is_some_and(|(_, decision)| decision.effect() == Effect::Confirm);
    if !needs {
        return None;
    }
    let hash = action_hash(planned.action(), state.current_url());
    match &planned.confirmed_hash {
        Some(confirmed) if *confirmed == hash => None,
        Some(_) => Some("the action changed after it was confirmed; nothing was done".to_owned()),
        None => Some("the action needed a confirmation it did not get".to_owned()),
    }
}

/// Runs the planned action in the browser.
async fn call(
    rt: &Runtime,
    planned: &PlannedAction,
    page_url: Option<&str>,
) -> Result<Executed, ClientError> {
    let browser = &rt.browser;
    let page = match planned.action() {
        Action::Navigate { url } => browser.invoke(&navigate_to(url.trim())).await?,
        Action::Click { eid } => browser.invoke(&click_on(eid.as_str())).await?,
        Action::Type {
            eid,
            text,
            clear,
            submit,
        } => {
            // Placeholders (`<secret:name>`) become values here, only on their host: the
            // configured secrets first, else the planner's own.
            let configured = Secrets::new(&rt.config.secrets);
            let resolved = if configured.knows_every_placeholder(text) {
                configured.resolve(text, page_url)
            } else {
                rt.planner.resolve_typed_text(text, page_url)
            };
            let text = resolved.map_err(|message| ClientError::Tool {
                code: "secret_refused".to_owned(),
                message,
            })?;
            let params = TypeParams {
                eid: eid.to_string(),
                text,
                clear: *clear,
                submit: *submit,
            };
            browser.invoke(&params).await?
        }
        Action::SelectOption { eid, option } => {
            let params = SelectParams {
                eid: eid.to_string(),
                option: option.clone(),
            };
            browser.invoke(&params).await?
        }
        Action::Check { eid } | Action::Uncheck { eid } => {
            let want = matches!(planned.action(), Action::Check { .. });
            let is = planned.element.as_ref().and_then(|e| e.checked);
            if is == Some(want) {
                let state = if want { "checked" } else { "unchecked" };
                return Ok(Executed::Done(format!("{eid} was already {state}")));
            }
            browser.invoke(&click_on(eid.as_str())).await?
        }
        Action::PressKey { key } => browser.invoke(&KeyParams { key: key.clone() }).await?,
        Action::Hover { eid } => {
            browser
                .invoke(&HoverParams {
                    eid: eid.to_string(),
                })
                .await?
        }
        Action::Scroll {
            direction,
            eid,
            within,
        } => {
            let params = match (eid, within) {
                (Some(eid), _) => ScrollParams {
                    eid: Some(eid.to_string()),
                    ..ScrollParams::default()
                },
                (None, Some(within)) => ScrollParams {
                    to: Some(match direction {
                        ScrollDirection::Up | ScrollDirection::Left => ScrollEnd::Top,
                        ScrollDirection::Down | ScrollDirection::Right => ScrollEnd::Bottom,
                    }),
                    within: Some(within.clone()),
                    ..ScrollParams::default()
                },
                (None, None) => ScrollParams {
                    direction: Some(match direction {
                        ScrollDirection::Up => BrowserScroll::Up,
                        ScrollDirection::Down => BrowserScroll::Down,
                        ScrollDirection::Left => BrowserScroll::Left,
                        ScrollDirection::Right => BrowserScroll::Right,
                    }),
                    ..ScrollParams::default()
                },
            };
            browser.invoke(&params).await?
        }
        Action::Wait { until } => {
            let condition = match until {
                WaitFor::Text { text } => WaitCondition::Text { text: text.clone() },
                WaitFor::Millis { ms } => WaitCondition::Time { ms: *ms },
                WaitFor::Navigation => WaitCondition::Navigation,
            };
            // A fixed wait is its own limit (the browser refuses one longer than a timeout).
            let timeout = match condition {
                WaitCondition::Time { .. } => None,
                _ => Some(u64::try_from(rt.config.wait_timeout.as_millis()).unwrap_or(u64::MAX)),
            };
            browser
                .invoke(&WaitParams {
                    condition,
                    timeout_ms: timeout,
                })
                .await?
        }
        Action::Back => browser.invoke(&BackParams {}).await?,
        Action::Tool { name, args } => {
            let output = browser.call(name, args.clone()).await?;
            return Ok(Executed::Tool(
                first_line(&output.text, name),
                output.structured,
            ));
        }
        Action::AskUser { .. } | Action::NeedUser { .. } | Action::Stop { .. } => {
            // Routed elsewhere by the gate's routing function; nothing to run here.
            return Ok(Executed::Done(String::new()));
        }
    };
    Ok(Executed::Page(page))
}

fn navigate_to(url: &str) -> NavigateParams {
    NavigateParams {
        url: url.to_owned(),
    }
}

fn click_on(eid: &str) -> ClickParams {
    ClickParams {
        eid: eid.to_owned(),
    }
}

fn first_line(text: &str, tool: &str) -> String {
    match text.lines().next() {
        Some(line) if !line.trim().is_empty() => line.chars().take(200).collect(),
        _ => format!("{tool} done"),
    }
}

/// Counts a failed browser call. A fatal one ends the run; otherwise the page may have changed,
/// so the next plan observes again, and too many in a row end the run.
pub(crate) fn record_tool_error(
    rt: &Runtime,
    state: &mut AgentState,
    what: &str,
    error: &ClientError,
) {
    tracing::warn!(what, code = error.code(), %error, "browser call failed");
    state.run.failures.push(format!("{what}: {error}"));
    state.page.needs_observe = true;
    if is_fatal(error) {
        // Eids and the page are gone; the next run starts from a fresh observation.
        state.page.observation = None;
        let message = format!("The browser stopped working ({}): {error}", error.code());
        rt.emit(AgentEvent::Error {
            code: error.code().to_owned(),
            message: message.clone(),
        });
        state.run.ending = Some(Ending::new(RunOutcome::Failed, message, error.code()));
        return;
    }
    state.run.consecutive_errors += 1;
    if state.run.consecutive_errors >= rt.config.max_consecutive_errors {
        state.run.ending = Some(Ending::new(
            RunOutcome::Failed,
            format!(
                "{} browser calls failed in a row; the last one ({what}): {error}",
                state.run.consecutive_errors
            ),
            error.code(),
        ));
    }
}

/// Judges a place the browser ended up at; `Some` ending when the policy denies it.
pub(crate) fn check_landing(rt: &Runtime, state: &AgentState, url: &str) -> Option<Ending> {
    // The browser's own error page after a failed load is not a place a page sent it to.
    if url.is_empty() || url.starts_with("chrome-error:") {
        return None;
    }
    let context = PolicyContext::new(rt.mode()).with_approvals(&state.session.approvals);
    let decision = rt.gate.check_navigation(url, &context);
    (decision.effect() == Effect::Deny).then(|| {
        let (reason, rule) = (decision.reason(), decision.rule());
        Ending::new(
            RunOutcome::Denied,
            format!(
                "The browser went to {url}, which is not allowed: {reason} (rule {rule}). I left the page and stopped."
            ),
            rule.to_owned(),
        )
    })
}

/// Makes sure a denied page is not used: closes the popup `tab_id`, or replaces the active
/// page with `about:blank`. Failures are logged; the run ends anyway.
pub(crate) async fn leave_denied_page(rt: &Runtime, state: &mut AgentState, tab_id: Option<&str>) {
    let left = match tab_id {
        Some(tab) => {
            let params = CloseTabParams {
                tab_id: tab.to_owned(),
            };
            rt.browser.invoke(&params).await.map(|_| ())
        }
        None => rt
            .browser
            .invoke(&navigate_to("about:blank"))
            .await
            .map(|_| ()),
    };
    if let Err(error) = left {
        tracing::warn!(%error, "could not leave a denied page");
    }
    state.page.forget();
}
