//! `confirm_interrupt`, `manual_interrupt` and `ask_user`: the nodes that pause for the person.
//!
//! Each node runs twice. First entry (`resume = None`): it records the pending action or the
//! question and returns [`Flow::Pause`] with a fresh [`Interrupt`]; the caller keeps the state
//! in the checkpointer. Re-entry with the reply (already checked against the interrupt by the
//! checkpointer: id, kind, action hash): it applies the reply and lets routing continue. No
//! side effect happens in these nodes, so resuming never repeats one; the confirmed action runs
//! once, in `execute_action`, after the confirmation. A declined confirmation is a step the
//! planner reads, and the run plans again.

use tandem_mcp_browser::snapshot::Element;
use tandem_policy::PolicyDecision;
use tandem_protocol::{
    ActionResult, ActionTarget, Author, PageRect, QuestionEnd, RunOutcome, TakeoverTarget,
};

use crate::action::Action;
use crate::graph::Flow;
use crate::interrupt::{Interrupt, InterruptKind, Resume, action_hash};
use crate::memory::ChatMessage;
use crate::naming::action_phrase;
use crate::plan::StepOutcome;
use crate::policy_bridge::{describe, masked};
use crate::state::{AgentState, Ending, PlannedAction};
use crate::timeline::TimelineItem;

pub(crate) fn confirm_interrupt(state: &mut AgentState, resume: Option<Resume>) -> Flow<Interrupt> {
    let Some(mut planned) = state.run.planned_action.take() else {
        return Flow::Next;
    };
    let hash = action_hash(planned.action(), state.current_url());
    let flow = match resume {
        None => {
            let (reason, rule) = match &planned.gate {
                Some((_, decision)) => (decision.reason().to_owned(), decision.rule().to_owned()),
                None => (String::new(), String::new()),
            };
            let interrupt = Interrupt::new(InterruptKind::Confirm {
                action: masked(planned.action(), planned.element.as_ref()),
                summary: describe(planned.action(), planned.element.as_ref()),
                action_hash: hash,
                reason,
                rule,
                target: planned.element.as_ref().map(|element| ActionTarget {
                    eid: element.eid.to_string(),
                    role: element.role.clone(),
                    name: element.name.clone(),
                }),
                page_url: state.current_url().map(str::to_owned),
            });
            pending_entry(state, &mut planned, &interrupt);
            Flow::Pause(interrupt)
        }
        Some(Resume::Confirm {
            approved,
            remember,
            reason,
            ..
        }) => {
            if approved {
                if remember && let Some((request, _)) = &planned.gate {
                    let url = state.current_url().map(str::to_owned);
                    state.session.approvals.approve(request, url.as_deref());
                }
                planned.confirmed_hash = Some(hash);
            } else {
                declined(state, &planned, hash, reason);
            }
            Flow::Next
        }
        Some(Resume::ManualDone { .. } | Resume::Answer { .. }) => {
            // The checkpointer refuses replies of the wrong kind; treat one as a refusal.
            declined(state, &planned, hash, None);
            Flow::Next
        }
    };
    state.run.planned_action = Some(planned);
    flow
}

/// A confirmation that was not given. Declined by the person: a failed step the planner reads
/// ([`StepOutcome::Declined`], with their reason), the action's hash is barred for the rest of
/// the run, and the run goes on (routing sends it back to planning). Answered by nobody in
/// time (expired): the run ends, since nobody is there to steer it.
fn declined(state: &mut AgentState, planned: &PlannedAction, hash: String, reason: Option<String>) {
    let expired = state.run.question_end == Some(QuestionEnd::Expired);
    let reason = reason
        .map(|r| r.trim().to_owned())
        .filter(|r| !r.is_empty());
    if let Some(seq) = planned.timeline_seq {
        let message = match (expired, &reason) {
            (true, _) => "not confirmed in time".to_owned(),
            (false, None) => "declined by you".to_owned(),
            (false, Some(reason)) => format!("declined by you: {reason}"),
        };
        state
            .run
            .record
            .timeline
            .set_result(seq, ActionResult::Error { message });
    }
    let shown = describe(planned.action(), planned.element.as_ref());
    if expired {
        let text = format!("Nobody confirmed in time, so I did not: {shown}. Nothing was done.");
        state.run.ending = Some(Ending::new(RunOutcome::Cancelled, text, "declined"));
        return;
    }
    if let Some(reason) = &reason {
        person_said(state, &format!("Why not: {reason}"));
    }
    state.run.failures.push(match &reason {
        Some(reason) => format!("the person declined {shown}: {reason}"),
        None => format!("the person declined {shown}"),
    });
    state.run.declined_hashes.push(hash);
    state
        .run
        .steps
        .push(planned.record(StepOutcome::Declined { reason }));
}

pub(crate) fn manual_interrupt(state: &mut AgentState, resume: Option<Resume>) -> Flow<Interrupt> {
    let Some(mut planned) = state.run.planned_action.take() else {
        return Flow::Next;
    };
    let flow = match resume {
        None => {
            let interrupt = Interrupt::new(handover(&planned));
            if !matches!(planned.action(), Action::NeedUser { .. }) {
                pending_entry(state, &mut planned, &interrupt);
            } else {
                state.run.record.timeline.push(TimelineItem::Question {
                    interrupt: interrupt.clone(),
                });
            }
            Flow::Pause(interrupt)
        }
        Some(Resume::ManualDone { message }) => {
            if let Some(seq) = planned.timeline_seq {
                state.run.record.timeline.set_result(
                    seq,
                    ActionResult::Success {
                        summary: "done by you".to_owned(),
                    },
                );
            }
            person_said(state, &message);
            remember_captcha_page(state, &planned);
            state
                .run
                .steps
                .push(planned.record(StepOutcome::UserDone { message }));
            // The person used the browser: plan the next step from a fresh observation, which
            // also tells the planner what changed (`maybe_observe`).
            state.run.before_handover = state.page.observation.clone();
            state.page.needs_observe = true;
            Flow::Next
        }
        Some(Resume::Confirm { .. } | Resume::Answer { .. }) => {
            state.page.needs_observe = true;
            Flow::Next
        }
    };
    state.run.planned_action = Some(planned);
    flow
}

/// The policy rule that hands over a page because it shows a CAPTCHA.
const CAPTCHA_PAGE_RULE: &str = "takeover-captcha-visible";

/// A page handed over for its CAPTCHA is handed over once per run: remembers its URL.
fn remember_captcha_page(state: &mut AgentState, planned: &PlannedAction) {
    let for_captcha = matches!(
        &planned.gate,
        Some((_, PolicyDecision::RequireTakeover { rule, .. })) if rule == CAPTCHA_PAGE_RULE
    );
    if let (true, Some(page)) = (for_captcha, state.current_page()) {
        let page = page.to_owned();
        if !state.run.captcha_pages_handed_back.contains(&page) {
            state.run.captcha_pages_handed_back.push(page);
        }
    }
}

/// What the person is asked to do in a takeover.
fn handover(planned: &PlannedAction) -> InterruptKind {
    match (planned.action(), &planned.gate) {
        (Action::NeedUser { reason }, _) => InterruptKind::Manual {
            text: format!("{reason} Press Hand back when you have finished."),
            reason: reason.clone(),
            rule: None,
            target: None,
        },
        (action, gate) => {
            let (reason, rule) = match gate {
                Some((_, decision @ PolicyDecision::RequireTakeover { .. })) => (
                    decision.reason().to_owned(),
                    Some(decision.rule().to_owned()),
                ),
                Some((_, decision)) => (decision.reason().to_owned(), None),
                None => (String::new(), None),
            };
            InterruptKind::Manual {
                text: format!(
                    "Please do this yourself in the browser: {}. Press Hand back when you have \
                     finished and I will continue.",
                    action_phrase(action, planned.element.as_ref())
                ),
                reason,
                rule,
                target: planned.element.as_ref().map(takeover_target),
            }
        }
    }
}

/// The element a takeover is about, with its box in the viewport for the live view.
fn takeover_target(element: &Element) -> TakeoverTarget {
    let rect = element.rect;
    TakeoverTarget {
        eid: element.eid.to_string(),
        role: element.role.clone(),
        name: element.name.clone(),
        rect: PageRect {
            x: rect.x,
            y: rect.y,
            width: rect.w,
            height: rect.h,
        },
    }
}

/// Records the paused action as pending (with its question) on the timeline.
fn pending_entry(state: &mut AgentState, planned: &mut PlannedAction, interrupt: &Interrupt) {
    let seq = state.run.record.timeline.push(TimelineItem::Action {
        action: masked(planned.action(), planned.element.as_ref()),
        note: planned.plan.note.clone(),
        result: ActionResult::Pending {
            interrupt_id: Some(interrupt.id.clone()),
        },
    });
    planned.timeline_seq = Some(seq);
    state.run.record.timeline.push(TimelineItem::Question {
        interrupt: interrupt.clone(),
    });
}

/// Adds what the person said (if anything) to the chat and the timeline.
fn person_said(state: &mut AgentState, text: &str) {
    if text.trim().is_empty() {
        return;
    }
    state.session.messages.push(ChatMessage {
        author: Author::User,
        text: text.to_owned(),
    });
    state.run.record.timeline.push(TimelineItem::Text {
        author: Author::User,
        text: text.to_owned(),
    });
}

pub(crate) fn ask_user(state: &mut AgentState, resume: Option<Resume>) -> Flow<Interrupt> {
    let Some(planned) = state.run.planned_action.take() else {
        return Flow::Next;
    };
    let flow = match (resume, planned.action()) {
        (None, Action::AskUser { questions }) => {
            let interrupt = Interrupt::new(InterruptKind::Ask {
                questions: questions.clone(),
            });
            state.run.record.timeline.push(TimelineItem::Question {
                interrupt: interrupt.clone(),
            });
            Flow::Pause(interrupt)
        }
        (Some(Resume::Answer { answers }), action) => {
            if let Action::AskUser { questions } = action {
                state
                    .run
                    .doc_patches
                    .extend(crate::product_doc::patches::from_answers(
                        questions,
                        &answers,
                        &crate::planner::instruction::ELEMENT_QUESTIONS,
                    ));
            }
            let said: Vec<String> = answers
                .iter()
                .map(|a| format!("{}: {}", a.question_id, a.values.join(", ")))
                .collect();
            person_said(state, &said.join("; "));
            state
                .run
                .steps
                .push(planned.record(StepOutcome::Answered { answers }));
            Flow::Next
        }
        (None, _) | (Some(Resume::Confirm { .. } | Resume::ManualDone { .. }), _) => Flow::Next,
    };
    state.run.planned_action = Some(planned);
    flow
}
