//! A small builder for synthetic snapshots, and helpers to plan and record steps.

use tandem_mcp_browser::snapshot::{Element, Rect, SelectOption, Snapshot, TextBlock, Viewport};
use tandem_protocol::Answer;

use crate::action::Action;
use crate::plan::{Plan, StepOutcome, StepRecord};
use crate::planner::InstructionPlanner;
use crate::planner::PlanContext;

/// A page under construction. Elements get eids e1, e2, ... in the order they are added, and
/// start enabled and in the viewport.
pub(super) struct Page {
    snapshot: Snapshot,
}

impl Page {
    pub(super) fn new(url: &str, title: &str) -> Self {
        Self {
            snapshot: Snapshot {
                url: url.to_owned(),
                title: title.to_owned(),
                viewport: Viewport {
                    width: 1280.0,
                    height: 800.0,
                    scroll_x: 0.0,
                    scroll_y: 0.0,
                    page_height: 3000.0,
                },
                ..Snapshot::default()
            },
        }
    }

    pub(super) fn element(mut self, role: &str, name: &str) -> Self {
        let n = self.snapshot.elements.len() + 1;
        let tag = match role {
            "button" => "button",
            "link" => "a",
            "combobox" => "select",
            _ => "input",
        };
        self.snapshot.elements.push(Element {
            eid: format!("e{n}").as_str().into(),
            role: role.to_owned(),
            name: name.to_owned(),
            tag: tag.to_owned(),
            in_viewport: true,
            rect: Rect {
                x: 10.0,
                y: 40.0 * n as f64,
                w: 100.0,
                h: 30.0,
            },
            ..Element::default()
        });
        self
    }

    pub(super) fn button(self, name: &str) -> Self {
        self.element("button", name)
    }

    pub(super) fn link(self, name: &str, href: &str) -> Self {
        self.element("link", name)
            .with(|el| el.href = Some(href.to_owned()))
    }

    pub(super) fn textbox(self, name: &str) -> Self {
        self.element("textbox", name).with(|el| {
            el.editable = true;
            el.input_type = Some("text".to_owned());
        })
    }

    pub(super) fn checkbox(self, name: &str, checked: bool) -> Self {
        self.element("checkbox", name).with(|el| {
            el.checked = Some(checked);
            el.input_type = Some("checkbox".to_owned());
        })
    }

    pub(super) fn select(self, name: &str, options: &[&str]) -> Self {
        self.element("combobox", name).with(|el| {
            el.options = options
                .iter()
                .enumerate()
                .map(|(i, label)| SelectOption {
                    value: label.to_lowercase(),
                    label: (*label).to_owned(),
                    selected: i == 0,
                    disabled: false,
                })
                .collect();
            el.value = options.first().map(|l| (*l).to_owned());
        })
    }

    /// Changes the element added last.
    pub(super) fn with(mut self, change: impl FnOnce(&mut Element)) -> Self {
        if let Some(el) = self.snapshot.elements.last_mut() {
            change(el);
        }
        self
    }

    pub(super) fn offscreen(self) -> Self {
        self.with(|el| {
            el.in_viewport = false;
            el.rect.y = 2000.0;
        })
    }

    pub(super) fn disabled(self) -> Self {
        self.with(|el| el.disabled = true)
    }

    pub(super) fn text(mut self, text: &str) -> Self {
        self.snapshot.texts.push(TextBlock {
            kind: "text".to_owned(),
            text: text.to_owned(),
            in_viewport: true,
            ..TextBlock::default()
        });
        self
    }

    /// Changes the text block added last.
    pub(super) fn with_last_text(mut self, change: impl FnOnce(&mut TextBlock)) -> Self {
        if let Some(text) = self.snapshot.texts.last_mut() {
            change(text);
        }
        self
    }

    pub(super) fn build(self) -> Snapshot {
        self.snapshot
    }
}

/// Plans with the instruction planner.
pub(super) fn plan(goal: &str, snapshot: Option<&Snapshot>, history: &[StepRecord]) -> Plan {
    InstructionPlanner::new().plan_now(&PlanContext::new(goal, snapshot, history))
}

pub(super) fn succeeded(plan: &Plan) -> StepRecord {
    StepRecord::of(
        plan,
        StepOutcome::Succeeded {
            summary: plan.action.to_string(),
        },
    )
}

/// A success record as the runtime writes it: with the element the action targeted on `page`,
/// the page it was planned on.
pub(super) fn succeeded_on(plan: &Plan, page: Option<&Snapshot>) -> StepRecord {
    let element = plan
        .action
        .target_eid()
        .zip(page)
        .and_then(|(eid, page)| page.elements.iter().find(|el| el.eid == *eid))
        .cloned();
    succeeded(plan).with_element(element)
}

pub(super) fn failed(plan: &Plan, error: &str) -> StepRecord {
    StepRecord::of(
        plan,
        StepOutcome::Failed {
            error: error.to_owned(),
            code: None,
        },
    )
}

/// A failure the browser reported with its error's `code` (`covered`, `click_missed` …).
pub(super) fn refused(plan: &Plan, code: &str, error: &str) -> StepRecord {
    StepRecord::of(
        plan,
        StepOutcome::Failed {
            error: error.to_owned(),
            code: Some(code.to_owned()),
        },
    )
}

/// "Nothing on the page fits" the first time: the plan for `goal` on `page` is the step's one
/// wait for late content; its record, and the question planned after it.
pub(super) fn waited_then_asked(goal: &str, page: &Snapshot) -> (StepRecord, Plan) {
    let first = plan(goal, Some(page), &[]);
    assert!(
        matches!(first.action, Action::Wait { .. }),
        "expected the wait for late content, got {}",
        first.action
    );
    let waited = succeeded(&first);
    let question = plan(goal, Some(page), std::slice::from_ref(&waited));
    (waited, question)
}

pub(super) fn answered(plan: &Plan, value: &str) -> StepRecord {
    let Action::AskUser { questions } = &plan.action else {
        panic!("expected ask_user, got {}", plan.action);
    };
    StepRecord::of(
        plan,
        StepOutcome::Answered {
            answers: vec![Answer {
                question_id: questions[0].id.clone(),
                values: vec![value.to_owned()],
            }],
        },
    )
}

/// Runs the planner to the end, treating every browser action as succeeded; returns the
/// actions taken and the final stop answer. Panics on questions.
pub(super) fn run_all(goal: &str, snapshot: &Snapshot) -> (Vec<Action>, String) {
    let mut history = Vec::new();
    for _ in 0..50 {
        let next = plan(goal, Some(snapshot), &history);
        match &next.action {
            Action::Stop { answer } => {
                let actions = history.into_iter().map(|r: StepRecord| r.action).collect();
                return (actions, answer.clone());
            }
            Action::AskUser { .. } => panic!("unexpected question: {:?}", next.note),
            _ => history.push(succeeded_on(&next, Some(snapshot))),
        }
    }
    panic!("the planner did not stop");
}

pub(super) fn click(eid: &str) -> Action {
    Action::Click { eid: eid.into() }
}

pub(super) fn typed(eid: &str, text: &str) -> Action {
    Action::Type {
        eid: eid.into(),
        text: text.to_owned(),
        clear: true,
        submit: false,
    }
}

/// The stop answer, or a panic naming the action.
pub(super) fn stop_answer(plan: &Plan) -> &str {
    match &plan.action {
        Action::Stop { answer } => answer,
        other => panic!("expected stop, got {other}"),
    }
}
