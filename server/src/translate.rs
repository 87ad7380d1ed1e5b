//! Agent events → protocol frames. The agent's types stay the agent's; this is the one place
//! that decides how they look on the wire (`docs/protocol.md`).

use tandem_agent::events::{AgentEvent, Lifecycle, QuestionEnd};
use tandem_agent::interrupt::{ConfirmTarget, Interrupt, InterruptKind};
use tandem_agent::timeline::{ActionResult, RunOutcome as AgentOutcome};
use tandem_agent::{Action, AgentMode};

use crate::protocol::{
    ActionView, AgentQuestion, ClearedBy, Mode, OptionView, QuestionKind, QuestionView, RunOutcome,
    RunStatus, ServerMessage, StepResult, TargetView,
};

/// The frames one agent event becomes (usually one; a finished run also updates the status).
pub fn frames(event: &AgentEvent) -> Vec<ServerMessage> {
    match event {
        AgentEvent::Status { lifecycle, .. } => vec![ServerMessage::Status {
            status: status_of(*lifecycle),
        }],
        AgentEvent::Step {
            node,
            step_id,
            action,
            result,
            timings,
            ..
        } => {
            let (result, detail) = match result {
                Some(ActionResult::Success { summary }) => (StepResult::Success, summary.clone()),
                Some(ActionResult::Error { message, .. }) => (StepResult::Error, message.clone()),
                Some(ActionResult::Pending { .. }) | None => (StepResult::Pending, String::new()),
            };
            let summary = match (action, detail.is_empty()) {
                (Some(action), true) => action.to_string(),
                (Some(action), false) => format!("{action}: {detail}"),
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
            vec![ServerMessage::AgentQuestion(question(interrupt))]
        }
        AgentEvent::QuestionCleared {
            interrupt_id, by, ..
        } => vec![ServerMessage::QuestionCleared {
            interrupt_id: interrupt_id.clone(),
            by: cleared_by(*by),
        }],
        AgentEvent::Message { text, .. } => {
            vec![ServerMessage::AgentMessage { text: text.clone() }]
        }
        AgentEvent::RunFinished { outcome, text, .. } => vec![
            ServerMessage::RunFinished {
                outcome: outcome_of(*outcome),
                text: text.clone(),
            },
            ServerMessage::Status {
                status: finished_status(*outcome),
            },
        ],
        AgentEvent::Takeover { active } => vec![ServerMessage::Takeover { active: *active }],
        AgentEvent::BrowserRestarted { reason, .. } => vec![ServerMessage::BrowserRestarted {
            reason: reason.clone(),
        }],
        AgentEvent::Error { code, message } => vec![ServerMessage::error(code, message.clone())],
        AgentEvent::ProductDocUpdated { changed, doc, .. } => {
            vec![ServerMessage::ProductDocUpdated {
                changed: changed.clone(),
                card: doc.card().unwrap_or_default(),
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

/// Why a question went away, in the protocol's words.
pub fn cleared_by(end: QuestionEnd) -> ClearedBy {
    match end {
        QuestionEnd::Answered => ClearedBy::Answered,
        QuestionEnd::Expired => ClearedBy::Expired,
        QuestionEnd::Cancelled => ClearedBy::Cancelled,
    }
}

/// The protocol view of a pending interrupt.
pub fn question(interrupt: &Interrupt) -> AgentQuestion {
    match &interrupt.kind {
        InterruptKind::Confirm {
            action,
            summary,
            reason,
            rule,
            target,
            page_url,
            ..
        } => AgentQuestion {
            interrupt_id: interrupt.id.clone(),
            kind: QuestionKind::Confirm,
            action: Some(action_view(
                action,
                summary,
                target.as_ref(),
                page_url.as_deref(),
            )),
            reason: reason.clone(),
            rule: Some(rule.clone()),
            questions: Vec::new(),
        },
        InterruptKind::Manual { text, reason, rule } => AgentQuestion {
            interrupt_id: interrupt.id.clone(),
            kind: QuestionKind::Manual,
            action: None,
            reason: if text.is_empty() {
                reason.clone()
            } else {
                format!("{text} ({reason})")
            },
            rule: rule.clone(),
            questions: Vec::new(),
        },
        InterruptKind::Ask { questions } => AgentQuestion {
            interrupt_id: interrupt.id.clone(),
            kind: QuestionKind::Ask,
            action: None,
            reason: "the agent needs an answer to continue".into(),
            rule: None,
            questions: questions
                .iter()
                .map(|q| QuestionView {
                    id: q.id.clone(),
                    prompt: q.prompt.clone(),
                    kind: serde_json::to_value(q.kind)
                        .ok()
                        .and_then(|v| v.as_str().map(str::to_owned))
                        .unwrap_or_else(|| "text".into()),
                    options: q
                        .options
                        .iter()
                        .map(|o| OptionView {
                            value: o.value.clone(),
                            label: o.label.clone(),
                        })
                        .collect(),
                })
                .collect(),
        },
    }
}

/// Exactly what an action will do, for the confirm card: the kind, the element (role and
/// name), the full URL it goes to or happens on with its host, and the typed text (secrets were
/// already masked by the agent).
fn action_view(
    action: &Action,
    summary: &str,
    target: Option<&ConfirmTarget>,
    page_url: Option<&str>,
) -> ActionView {
    let (url, text) = match action {
        Action::Navigate { url } => (Some(url.clone()), None),
        Action::Type { text, .. } => (page_url.map(str::to_owned), Some(text.clone())),
        _ => (page_url.map(str::to_owned), None),
    };
    let host = url
        .as_deref()
        .and_then(|u| url::Url::parse(u).ok())
        .and_then(|u| u.host_str().map(str::to_owned));
    ActionView {
        kind: action.kind_name().to_owned(),
        target: target.map(|t| TargetView {
            eid: t.eid.clone(),
            role: t.role.clone(),
            name: t.name.clone(),
        }),
        url,
        host,
        text,
        summary: summary.to_owned(),
    }
}

/// The status of a session whose agent is in `lifecycle`, its latest finished run ended as
/// `last` (the `session` frame's status).
pub fn run_status(lifecycle: Lifecycle, last: Option<AgentOutcome>) -> RunStatus {
    match (lifecycle, last) {
        (Lifecycle::Idle, Some(outcome)) => finished_status(outcome),
        (lifecycle, _) => status_of(lifecycle),
    }
}

pub fn status_of(lifecycle: Lifecycle) -> RunStatus {
    match lifecycle {
        Lifecycle::Idle => RunStatus::Idle,
        Lifecycle::Running => RunStatus::Running,
        Lifecycle::Paused => RunStatus::WaitingInput,
    }
}

fn finished_status(outcome: AgentOutcome) -> RunStatus {
    match outcome {
        AgentOutcome::Done => RunStatus::Completed,
        AgentOutcome::Cancelled => RunStatus::Cancelled,
        AgentOutcome::Denied => RunStatus::Denied,
        AgentOutcome::Blocked => RunStatus::Blocked,
        AgentOutcome::Limit => RunStatus::Limit,
        AgentOutcome::Failed => RunStatus::Failed,
    }
}

pub fn outcome_of(outcome: AgentOutcome) -> RunOutcome {
    match outcome {
        AgentOutcome::Done => RunOutcome::Done,
        AgentOutcome::Denied => RunOutcome::Denied,
        AgentOutcome::Cancelled => RunOutcome::Cancelled,
        AgentOutcome::Blocked => RunOutcome::Blocked,
        AgentOutcome::Limit => RunOutcome::Limit,
        AgentOutcome::Failed => RunOutcome::Failed,
    }
}

pub fn mode_of(mode: AgentMode) -> Mode {
    match mode {
        AgentMode::Agent => Mode::Agent,
        AgentMode::Chat => Mode::Chat,
    }
}

pub fn agent_mode(mode: Mode) -> AgentMode {
    match mode {
        Mode::Agent => AgentMode::Agent,
        Mode::Chat => AgentMode::Chat,
    }
}

#[cfg(test)]
mod usage_tests {
    use tandem_agent::model::{RequestUsage, Tier, TokenUsage};
    use tandem_agent::{AgentEvent, RunUsage};

    use super::frames;
    use crate::protocol::ServerMessage;

    #[test]
    fn a_model_requests_usage_reaches_the_client_as_the_runs_totals() {
        let event = AgentEvent::Usage {
            run_id: "r1".into(),
            request: RequestUsage {
                model: "m".into(),
                tier: Tier::Standard,
                stage: "plan".into(),
                tokens: TokenUsage {
                    prompt_tokens: 1200,
                    completion_tokens: 30,
                    cost: 0.01,
                    estimated: false,
                },
                latency_ms: 5,
            },
            run_total: RunUsage {
                requests: 2,
                prompt_tokens: 2400,
                completion_tokens: 60,
                cost: 0.02,
            },
        };
        assert_eq!(
            frames(&event),
            [ServerMessage::Usage {
                requests: 2,
                prompt_tokens: 2400,
                completion_tokens: 60,
                cost: 0.02,
            }]
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_way_a_run_ends_is_its_own_status_on_the_wire() {
        let ends = [
            (AgentOutcome::Done, "completed"),
            (AgentOutcome::Denied, "denied"),
            (AgentOutcome::Cancelled, "cancelled"),
            (AgentOutcome::Blocked, "blocked"),
            (AgentOutcome::Limit, "limit"),
            (AgentOutcome::Failed, "failed"),
        ];
        for (outcome, wire) in ends {
            let event = AgentEvent::RunFinished {
                run_id: "r1".to_owned(),
                outcome,
                text: String::new(),
                record: Box::default(),
            };
            let statuses: Vec<String> = frames(&event)
                .iter()
                .map(|frame| serde_json::to_value(frame).unwrap_or_default())
                .filter(|frame| frame["type"] == "status")
                .map(|frame| frame["status"].as_str().unwrap_or_default().to_owned())
                .collect();
            assert_eq!(statuses, [wire], "{outcome:?}");
        }
    }
}
