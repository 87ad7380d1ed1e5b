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
use tandem_policy::Effect;
use tandem_protocol::{
    ActionResult, Answer, Author, PageRect, QuestionEnd, RunOutcome, TakeoverTarget,
};

use crate::action::Action;
use crate::graph::Flow;
use crate::interrupt::{Interrupt, InterruptKind, Resume, action_hash};
use crate::memory::ChatMessage;
use crate::plan::StepOutcome;
use crate::policy_bridge::{describe, masked};
use crate::question::answers_from_message;
use crate::state::{AgentState, Ending, PlannedAction};
use crate::timeline::TimelineItem;
use tandem_mcp_browser::gate::facts::captcha_visible;

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
                target: planned.target(),
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
                if let Some(reason) = reason.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
                    person_said(state, &format!("Why not: {reason}"));
                }
                declined(state, &planned, hash, reason);
            }
            Flow::Next
        }
        Some(Resume::Message { text }) => {
            // The person's words while the confirmation was pending: never an approval.
            person_said(state, &text);
            declined(state, &planned, hash, Some(text));
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
        Some(Resume::Confirm { .. } | Resume::Answer { .. } | Resume::Message { .. }) => {
            state.page.needs_observe = true;
            Flow::Next
        }
    };
    state.run.planned_action = Some(planned);
    flow
}

/// The policy rules that hand over a CAPTCHA (`takeover-captcha`, `takeover-captcha-visible`).
const CAPTCHA_RULES: &str = "takeover-captcha";

/// One CAPTCHA is one handover: a page the person had while it showed a CAPTCHA (whoever asked
/// for the handover: a CAPTCHA rule, the planner or the person) is not handed over again for
/// it in this run; remembers its URL. The re-observation after the hand-back then finds the
/// challenge solved (box ticked, widget gone) or the page moved on, and the rest of the page
/// is the agent's. (The widget itself stays the person's by its own rule.)
fn remember_captcha_page(state: &mut AgentState, planned: &PlannedAction) {
    let for_captcha = planned.gate.as_ref().is_some_and(|(_, decision)| {
        decision.effect() == Effect::Takeover && decision.rule().starts_with(CAPTCHA_RULES)
    }) || state.snapshot().is_some_and(captcha_visible);
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
                Some((_, decision)) if decision.effect() == Effect::Takeover => (
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
                    describe(action, planned.element.as_ref())
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
        target: planned.target(),
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
            let said: Vec<String> = answers
                .iter()
                .map(|a| format!("{}: {}", a.question_id, a.values.join(", ")))
                .collect();
            person_said(state, &said.join("; "));
            answered(state, &planned, action, answers);
            Flow::Next
        }
        (Some(Resume::Message { text }), action) => {
            // The person wrote instead of using the form: their message is the answer when it
            // fits the question, otherwise their reason for not answering (the planner reads it).
            person_said(state, &text);
            let fitting = match action {
                Action::AskUser { questions } => answers_from_message(questions, &text),
                _ => None,
            };
            match fitting {
                Some(answers) => answered(state, &planned, action, answers),
                None => state.run.steps.push(planned.record(StepOutcome::Declined {
                    reason: Some(text.trim().to_owned()),
                })),
            }
            Flow::Next
        }
        (None, _) | (Some(Resume::Confirm { .. } | Resume::ManualDone { .. }), _) => Flow::Next,
    };
    state.run.planned_action = Some(planned);
    flow
}

/// The person answered the ask: the answers go to the Product Doc's patches and the step's
/// record.
fn answered(
    state: &mut AgentState,
    planned: &PlannedAction,
    action: &Action,
    answers: Vec<Answer>,
) {
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
    state
        .run
        .steps
        .push(planned.record(StepOutcome::Answered { answers }));
}
