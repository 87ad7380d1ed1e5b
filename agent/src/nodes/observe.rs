//! `maybe_observe`: a fresh observation when the page may have changed.
//!
//! In: `needs_observe` (or no observation yet). Out: the page's observation (screenshot and snapshot
//! taken together by one `observe` call), `last_screenshot`, an observation event and timeline
//! entry, `needs_observe = false`. Every place the browser is found at — the active page and any
//! new tab or popup reported since the last observation — goes through
//! [`tandem_policy::PolicyGate::check_navigation`]; a denied one is left (the page is replaced by
//! `about:blank`, a popup is closed) and the run ends in `finalize_denied`. A tool error is
//! counted (`consecutive_errors`) and observation is tried again; a fatal browser error ends the
//! run in `finalize_failed`.
//!
//! A browser restart reported by the observation is recorded once (timeline entry and
//! `BrowserRestarted` event, with the reason). Met by the run's first observation (the browser
//! died between messages), the run goes on, on the new browser. Met later, the run's pages are
//! gone under it: the run ends in `finalize_failed` naming the crash, and nothing it did is
//! repeated. The first observation after a takeover is compared with the page before it
//! ([`crate::handover`]), and what changed is added to the person's hand-back step.

use std::time::Instant;

use tandem_mcp_browser::server::params::ObserveParams;
use tandem_mcp_browser::{ObservedPage, PageNotice};
use tandem_protocol::{ActionResult, Author, RunOutcome};

use super::Runtime;
use super::execute::{check_landing, leave_denied_page, record_tool_error};
use crate::action::Action;
use crate::browser::Invoke;
use crate::events::AgentEvent;
use crate::graph::Flow;
use crate::interrupt::Interrupt;
use crate::plan::StepOutcome;
use crate::state::{AgentState, Ending};
use crate::timeline::TimelineItem;

pub(crate) async fn maybe_observe(rt: &Runtime, state: &mut AgentState) -> Flow<Interrupt> {
    if !state.page.needs_observe && state.page.observation.is_some() {
        return Flow::Next;
    }
    let started = Instant::now();
    let params = ObserveParams::compact(rt.config.observe_max_tokens);
    let observed = rt.browser.invoke(&params).await;
    tracing::debug!(
        took_ms = started.elapsed().as_millis(),
        ok = observed.is_ok(),
        "observe"
    );
    let mut page = match observed {
        Ok(page) => page,
        Err(error) => {
            record_tool_error(rt, state, "observe", &error);
            return Flow::Next;
        }
    };
    // Only a successful action resets `consecutive_errors`: an observation between failing
    // actions must not hide that they keep failing.
    state.page.needs_observe = false;
    state.run.observations += 1;
    let screenshot = page.observation.screenshot.take();
    let snapshot = &page.observation.snapshot;
    let reference = screenshot
        .as_ref()
        .map(|_| format!("obs-{}", state.run.observations));
    state.run.record.timeline.push(TimelineItem::Observation {
        url: snapshot.url.clone(),
        title: snapshot.title.clone(),
        screenshot: reference,
    });
    rt.emit(AgentEvent::Observation {
        run_id: state.run.id().to_owned(),
        url: snapshot.url.clone(),
        title: snapshot.title.clone(),
        mime_type: screenshot.as_ref().map(|s| s.mime_type.clone()),
        screenshot: screenshot.as_ref().map(|s| s.data.clone()),
    });
    let restart = page
        .observation
        .notices
        .iter()
        .find_map(|notice| match notice {
            PageNotice::BrowserRestarted { reason } => Some(reason.clone()),
            PageNotice::Dialog { .. }
            | PageNotice::TabOpened { .. }
            | PageNotice::TabClosed { .. } => None,
        });
    let mid_run = state.run.observations > 1 || !state.run.steps.is_empty();
    let popups: Vec<(String, String)> = page
        .observation
        .notices
        .iter()
        .filter_map(|notice| match notice {
            PageNotice::TabOpened { tab_id, url } => Some((tab_id.clone(), url.clone())),
            PageNotice::Dialog { .. }
            | PageNotice::TabClosed { .. }
            | PageNotice::BrowserRestarted { .. } => None,
        })
        .collect();
    let active_url = snapshot.url.clone();
    if let Some(before) = state.run.before_handover.take() {
        tell_what_changed(rt, state, &before, &page);
    }
    state.page.screenshot = screenshot;
    state.page.observation = Some(page);

    if let Some(reason) = restart {
        record_restart(rt, state, reason, mid_run);
        if state.run.ending.is_some() {
            return Flow::Next;
        }
    }
    if let Some(ending) = check_landing(rt, state, &active_url) {
        leave_denied_page(rt, state, None).await;
        state.run.ending = Some(ending);
        return Flow::Next;
    }
    for (tab_id, url) in popups {
        if let Some(ending) = check_landing(rt, state, &url) {
            leave_denied_page(rt, state, Some(&tab_id)).await;
            state.run.ending = Some(ending);
            return Flow::Next;
        }
    }
    Flow::Next
}

/// Records a browser restart on the timeline and tells the watchers; a restart in the middle of
/// a run ends it, naming the crash.
fn record_restart(rt: &Runtime, state: &mut AgentState, reason: String, mid_run: bool) {
    tracing::warn!(%reason, mid_run, "the run met a restarted browser");
    state
        .run
        .record
        .timeline
        .push(TimelineItem::BrowserRestarted {
            reason: reason.clone(),
        });
    rt.emit(AgentEvent::BrowserRestarted {
        run_id: state.run.id().to_owned(),
        reason: reason.clone(),
    });
    if !mid_run {
        return;
    }
    let message = format!(
        "The browser crashed during this run ({reason}) and was restarted, so the pages this run \
         was working on are gone. I stopped rather than repeat anything; send your message again \
         to start over on the new browser."
    );
    rt.emit(AgentEvent::Error {
        code: "browser_crashed".to_owned(),
        message: message.clone(),
    });
    state.run.ending = Some(Ending::new(RunOutcome::Failed, message, "browser_crashed"));
}

/// After a takeover: adds what changed while the person had the browser to their hand-back
/// step (what the planner reads), the run record and the chat. Secret fields are told as a count.
fn tell_what_changed(
    rt: &Runtime,
    state: &mut AgentState,
    before: &ObservedPage,
    after: &ObservedPage,
) {
    let Some(changes) = crate::handover::what_changed(before, after) else {
        nothing_changed(rt, state);
        return;
    };
    let told = format!("While you had the browser: {changes}.");
    let handed_back = state.run.steps.iter_mut().rev().find_map(|step| {
        if let StepOutcome::UserDone { message } = &mut step.outcome {
            Some(message)
        } else {
            None
        }
    });
    if let Some(message) = handed_back {
        if message.trim().is_empty() {
            *message = told.clone();
        } else {
            message.push_str(&format!(" ({told})"));
        }
    }
    tell(rt, state, told);
}

/// The person handed back and nothing on the page changed (same address, title, field values,
/// ticks and content, no new tab). Said as it is. A handover of one of the run's actions is
/// then not done: the step fails ("nothing changed"), so the planner tries again (the policy
/// hands it over once more) or stops without claiming it; a handover the planner or the person
/// asked for only gets the note.
fn nothing_changed(rt: &Runtime, state: &mut AgentState) {
    let told = "You handed the browser back, but nothing changed on the page.".to_owned();
    let planned = state.run.planned_action.as_ref();
    let of_an_action = planned.is_some_and(|p| !matches!(p.action(), Action::NeedUser { .. }));
    let seq = planned.and_then(|p| p.timeline_seq);
    let handed_back = state
        .run
        .steps
        .iter_mut()
        .rev()
        .find(|step| matches!(step.outcome, StepOutcome::UserDone { .. }));
    if let Some(step) = handed_back {
        let said = match &step.outcome {
            StepOutcome::UserDone { message } if !message.trim().is_empty() => {
                format!(" The person said: {message}")
            }
            _ => String::new(),
        };
        if of_an_action {
            step.outcome = StepOutcome::Failed {
                error: format!(
                    "the person had the browser for this and handed it back, but nothing \
                     changed on the page: it was not done.{said}"
                ),
                code: None,
            };
        } else if let StepOutcome::UserDone { message } = &mut step.outcome {
            message.push_str(" (nothing changed on the page)");
        }
    }
    if of_an_action && let Some(seq) = seq {
        let message = "not done: nothing changed on the page".to_owned();
        state
            .run
            .record
            .timeline
            .set_result(seq, ActionResult::Error { message });
    }
    tell(rt, state, told);
}

/// Says `text` to the person as the agent, in the chat and in the run's timeline.
fn tell(rt: &Runtime, state: &mut AgentState, text: String) {
    rt.emit(AgentEvent::Message {
        run_id: state.run.id().to_owned(),
        text: text.clone(),
    });
    state.run.record.timeline.push(TimelineItem::Text {
        author: Author::Agent,
        text,
    });
}
