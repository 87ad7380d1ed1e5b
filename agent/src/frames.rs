//! What a client sees of this agent: its events ([`AgentEvent::frames`]) and its pending
//! question ([`Interrupt::view`]) as the protocol's frames. This is the one projection from the
//! agent's types to the wire; the daemon relays the frames as they are (`docs/protocol.md`).
//!
//! The projection is real, not a renaming: a step's result and action become one summary line,
//! a screenshot a `data:` URL, an interrupt the question card with exactly what its action will
//! do (kind, element, URL and host, typed text with secrets already masked), a finished run also
//! its final status.

use serde_json::Value;
use tandem_protocol::{
    ActionResult, ActionTarget, ActionView, AgentQuestion, RunStatus, ServerMessage, ShownAction,
    StepResult, TimelineItem, TranscriptRun,
};

use crate::action::Action;
use crate::events::AgentEvent;
use crate::interrupt::{Interrupt, InterruptKind};
use crate::product_doc;
use crate::timeline::RunRecord;
use crate::wording;

impl AgentEvent {
    /// The frames this event becomes (usually one; a finished run also updates the status).
    pub fn frames(&self) -> Vec<ServerMessage> {
        match self {
            AgentEvent::Status { lifecycle, .. } => vec![ServerMessage::Status {
                status: (*lifecycle).into(),
            }],
            AgentEvent::Step {
                node,
                step_id,
                action,
                target,
                result,
                timings,
                ..
            } => {
                let (result, detail) = match result {
                    Some(ActionResult::Success { summary }) => {
                        (StepResult::Success, summary.clone())
                    }
                    Some(ActionResult::Error { message }) => (StepResult::Error, message.clone()),
                    Some(ActionResult::Pending { .. }) | None => {
                        (StepResult::Pending, String::new())
                    }
                };
                // Person-facing: the element by its role and name, never by its id.
                let line = |action| wording::action_line(action, target.as_ref());
                let detail = wording::result_line(&detail, target.as_ref());
                let summary = match (action, detail.is_empty()) {
                    (Some(action), true) => line(action),
                    (Some(action), false) => format!("{}: {detail}", line(action)),
                    (None, _) => detail,
                };
                vec![ServerMessage::Step {
                    node: node.clone(),
                    step_id: step_id.clone(),
                    summary,
                    result,
                    elapsed_ms: timings.node_us / 1_000,
                }]
            }
            AgentEvent::Observation {
                url,
                title,
                mime_type,
                screenshot,
                ..
            } => vec![ServerMessage::Observation {
                url: url.clone(),
                title: title.clone(),
                screenshot: screenshot.as_ref().map(|data| {
                    let mime = mime_type.as_deref().unwrap_or("image/jpeg");
                    format!("data:{mime};base64,{data}")
                }),
            }],
            AgentEvent::Question { interrupt, .. } => {
                vec![ServerMessage::AgentQuestion(interrupt.view())]
            }
            AgentEvent::QuestionCleared {
                interrupt_id, by, ..
            } => vec![ServerMessage::QuestionCleared {
                interrupt_id: interrupt_id.clone(),
                by: *by,
            }],
            AgentEvent::Message { text, .. } => {
                vec![ServerMessage::AgentMessage { text: text.clone() }]
            }
            AgentEvent::RunFinished { outcome, text, .. } => vec![
                ServerMessage::RunFinished {
                    outcome: *outcome,
                    text: text.clone(),
                },
                ServerMessage::Status {
                    status: RunStatus::from(*outcome),
                },
            ],
            AgentEvent::Takeover { active } => vec![ServerMessage::Takeover { active: *active }],
            AgentEvent::BrowserRestarted { reason, .. } => {
                vec![ServerMessage::BrowserRestarted {
                    reason: reason.clone(),
                }]
            }
            AgentEvent::Error { code, message } => {
                vec![ServerMessage::error(code, message.clone())]
            }
            AgentEvent::ProductDocUpdated { changed, doc, .. } => {
                vec![ServerMessage::ProductDocUpdated {
                    changed: changed.clone(),
                    card: product_doc::card(doc).unwrap_or_default(),
                    doc: doc.clone(),
                }]
            }
            AgentEvent::Usage { run_total, .. } => vec![ServerMessage::Usage {
                requests: run_total.requests,
                prompt_tokens: run_total.prompt_tokens,
                completion_tokens: run_total.completion_tokens,
                cost: run_total.cost,
            }],
        }
    }
}

/// The `transcript` frame of the agent's records ([`crate::AgentHandle::transcript`]): each
/// action with the line its `step` frames showed, each question as its card showed it (secrets
/// masked), and no transitions.
pub fn transcript(runs: Vec<RunRecord>) -> ServerMessage {
    ServerMessage::Transcript {
        runs: runs.into_iter().map(shown_run).collect(),
    }
}

fn shown_run(record: RunRecord) -> TranscriptRun {
    TranscriptRun {
        run_id: record.run_id,
        goal: record.goal,
        outcome: record.outcome,
        final_response: record.final_response,
        timeline: record.timeline.map_items(shown_item),
        transitions: Vec::new(),
        usage: record.usage,
    }
}

/// One item as the person saw it live: an action in the words of its `step` frames (its
/// element by role and name, never by id, in its line and its result), a question as its card.
fn shown_item(item: TimelineItem<Action, Interrupt>) -> TimelineItem<ShownAction, Value> {
    match item {
        TimelineItem::Action {
            action,
            note,
            target,
            result,
        } => {
            let words = |detail: &str| wording::result_line(detail, target.as_ref());
            let result = match result {
                ActionResult::Success { summary } => ActionResult::Success {
                    summary: words(&summary),
                },
                ActionResult::Error { message } => ActionResult::Error {
                    message: words(&message),
                },
                pending @ ActionResult::Pending { .. } => pending,
            };
            TimelineItem::Action {
                action: ShownAction {
                    line: wording::action_line(&action, target.as_ref()),
                    action: serde_json::to_value(&action).unwrap_or(Value::Null),
                },
                note,
                target,
                result,
            }
        }
        TimelineItem::Question { interrupt } => TimelineItem::Question {
            interrupt: serde_json::to_value(interrupt.view()).unwrap_or(Value::Null),
        },
        TimelineItem::Text { author, text } => TimelineItem::Text { author, text },
        TimelineItem::Observation {
            url,
            title,
            screenshot,
        } => TimelineItem::Observation {
            url,
            title,
            screenshot,
        },
        TimelineItem::BrowserRestarted { reason } => TimelineItem::BrowserRestarted { reason },
    }
}

impl Interrupt {
    /// The question card a client shows for this interrupt.
    pub fn view(&self) -> AgentQuestion {
        match &self.kind {
            InterruptKind::Confirm {
                action,
                summary,
                reason,
                rule,
                target,
                page_url,
                ..
            } => AgentQuestion {
                interrupt_id: self.id.clone(),
                kind: self.kind.question_kind(),
                action: Some(action_view(
                    action,
                    summary,
                    target.as_ref(),
                    page_url.as_deref(),
                )),
                reason: reason.clone(),
                rule: Some(rule.clone()),
                questions: Vec::new(),
                target: None,
            },
            InterruptKind::Manual {
                text,
                reason,
                rule,
                target,
            } => AgentQuestion {
                interrupt_id: self.id.clone(),
                kind: self.kind.question_kind(),
                action: None,
                // A `need_user` handover's text already says its reason.
                reason: if text.is_empty() {
                    reason.clone()
                } else if text.contains(reason.as_str()) {
                    text.clone()
                } else {
                    format!("{text} ({reason})")
                },
                rule: rule.clone(),
                questions: Vec::new(),
                target: target.clone(),
            },
            InterruptKind::Ask { questions } => AgentQuestion {
                interrupt_id: self.id.clone(),
                kind: self.kind.question_kind(),
                action: None,
                reason: "the agent needs an answer to continue".into(),
                rule: None,
                questions: questions.clone(),
                target: None,
            },
        }
    }
}

/// Exactly what an action will do, for the confirm card: the kind, the element (role and
/// name), the full URL it goes to or happens on with its host, and the typed text (secrets were
/// already masked when the interrupt was raised).
fn action_view(
    action: &Action,
    summary: &str,
    target: Option<&ActionTarget>,
    page_url: Option<&str>,
) -> ActionView {
    let (url, text) = if let Action::Navigate { url } = action {
        (Some(url.clone()), None)
    } else if let Action::Type { text, .. } = action {
        (page_url.map(str::to_owned), Some(text.clone()))
    } else {
        (page_url.map(str::to_owned), None)
    };
    let host = url
        .as_deref()
        .and_then(|u| url::Url::parse(u).ok())
        .and_then(|u| u.host_str().map(str::to_owned));
    ActionView {
        kind: action.kind_name().to_owned(),
        target: target.cloned(),
        url,
        host,
        text,
        summary: summary.to_owned(),
    }
}

#[cfg(test)]
#[path = "frames_tests.rs"]
mod tests;
