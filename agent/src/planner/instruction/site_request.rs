//! The site request shape: "a yoga studio in Leeds: class timetable, prices…", "I need a
//! one-page portfolio…", "build a small site for a bakery with a menu and a contact page".
//!
//! In: the run's goal and history. Out: the next step of a fixed flow over the site studio's
//! tools, or `None` when the goal is not a request for a site of the person's own
//! ([`site_intent::is_site_request`]; the instruction planner then follows it as
//! instructions). The flow, each step's index being its [`Plan::cursor`]:
//! 1. `ask_user` the brief's open questions — only for a brief too vague to build from;
//! 2. `analyze_brief` with the person's words verbatim (and their answers);
//! 3. `create_design_system`; 4. `generate_page` for every page the analysis plans, with the
//!    page's sections and the brief's facts; 5. `validate_html` for each; 6. open the first
//!    page in the browser (its address from its `generate_page` structured result);
//! 7. `stop` with the pages, their addresses, checks and the placeholders left to fill.
//!
//! The pages are worked out here with the same offline analysis the tool runs on the same
//! words (`tandem_mcp_browser::site::brief`), so what `analyze_brief` says is what gets built.
//! A step that fails twice ends the run with what was done so far.

use tandem_mcp_browser::site::brief::{self, AnswerKind, BriefAnalysis, OpenQuestion, PagePlan};
use tandem_protocol::{Question, QuestionKind, QuestionOption};

use super::site_intent;
use crate::action::Action;
use crate::plan::{Plan, StepOutcome, StepRecord, StopMeaning};
use crate::planner::PlanContext;

pub use site_intent::is_site_request;

/// Failures of one step that end the run.
const MAX_FAILURES: usize = 2;

#[derive(Debug, Clone, PartialEq)]
enum Step {
    Ask(Vec<OpenQuestion>),
    Analyze,
    Design,
    Generate(PagePlan),
    Validate(String),
    Open,
    Answer,
}

/// The next plan of the site flow, or `None` when the goal is not a site request.
pub fn plan(ctx: &PlanContext<'_>) -> Option<Plan> {
    if !is_site_request(ctx.goal) {
        return None;
    }
    let first = brief::analyze(ctx.goal, None);
    let answers = answered(ctx.history);
    let analysis = match &answers {
        Some(summary) => brief::analyze(ctx.goal, Some(summary)),
        None => first.clone(),
    };
    let steps = steps(&first, &analysis);
    let total = steps.len();
    let done = |index: usize| {
        ctx.history.iter().any(|record| {
            record.cursor == Some(index)
                && matches!(
                    record.outcome,
                    StepOutcome::Succeeded { .. } | StepOutcome::Answered { .. }
                )
        })
    };
    let index = (0..total).find(|index| !done(*index)).unwrap_or(total - 1);
    let failures = failures_at(ctx.history, index);
    if failures.len() >= MAX_FAILURES {
        let answer = format!(
            "Stopped building the site: step {} of {total} failed twice ({}).\n{}",
            index + 1,
            failures.last().copied().unwrap_or_default(),
            pages_so_far(ctx.history, &steps)
        );
        return Some(Plan {
            action: Action::Stop { answer },
            note: None,
            cursor: Some(index),
            stop_meaning: StopMeaning::GaveUp,
            offered: false,
        });
    }
    let (action, what) = action_for(
        &steps[index],
        ctx.goal,
        answers.as_deref(),
        &analysis,
        ctx.history,
        &steps,
    );
    Some(Plan {
        action,
        note: Some(format!("Site step {}/{total}: {what}", index + 1)),
        cursor: Some(index),
        offered: false,
        stop_meaning: StopMeaning::Finished,
    })
}

/// The errors of the failed attempts at the step at `index`, oldest first.
pub(super) fn failures_at(history: &[StepRecord], index: usize) -> Vec<&str> {
    history
        .iter()
        .filter(|record| record.cursor == Some(index))
        .filter_map(|record| match &record.outcome {
            StepOutcome::Failed { error, .. } | StepOutcome::Invalid { error } => {
                Some(error.as_str())
            }
            _ => None,
        })
        .collect()
}

/// The flow: questions only when the person's own words were too vague.
fn steps(first: &BriefAnalysis, analysis: &BriefAnalysis) -> Vec<Step> {
    let mut steps = Vec::new();
    if first.vague && !first.open_questions.is_empty() {
        steps.push(Step::Ask(first.open_questions.clone()));
    }
    steps.push(Step::Analyze);
    steps.push(Step::Design);
    steps.extend(analysis.pages.iter().cloned().map(Step::Generate));
    steps.extend(
        analysis
            .pages
            .iter()
            .map(|page| Step::Validate(page.slug.clone())),
    );
    steps.push(Step::Open);
    steps.push(Step::Answer);
    steps
}

/// The person's answers to the brief's questions, as more of the brief.
fn answered(history: &[StepRecord]) -> Option<String> {
    history
        .iter()
        .rev()
        .find_map(|record| match &record.outcome {
            StepOutcome::Answered { answers } => {
                let pairs: Vec<(String, Vec<String>)> = answers
                    .iter()
                    .map(|a| (a.question_id.clone(), a.values.clone()))
                    .collect();
                let text = brief::vague::answers_as_brief(&pairs);
                (!text.is_empty()).then_some(text)
            }
            _ => None,
        })
}

/// An open question as the agent asks it.
fn question(open: &OpenQuestion) -> Question {
    Question {
        id: open.id.clone(),
        prompt: open.question.clone(),
        kind: match open.kind {
            AnswerKind::Radio => QuestionKind::Radio,
            AnswerKind::Checkbox => QuestionKind::Checkbox,
            AnswerKind::Text => QuestionKind::Text,
        },
        options: open
            .options
            .iter()
            .map(|option| QuestionOption {
                value: option.clone(),
                label: option.clone(),
            })
            .collect(),
    }
}

fn tool(name: &str, args: serde_json::Value) -> Action {
    Action::Tool {
        name: name.to_owned(),
        args,
    }
}

fn action_for(
    step: &Step,
    goal: &str,
    answers: Option<&str>,
    analysis: &BriefAnalysis,
    history: &[StepRecord],
    steps: &[Step],
) -> (Action, String) {
    match step {
        Step::Ask(questions) => (
            Action::AskUser {
                questions: questions.iter().map(question).collect(),
            },
            "asking what the site needs".to_owned(),
        ),
        Step::Analyze => {
            let mut args = serde_json::json!({ "request": goal });
            if let Some(answers) = answers {
                args["conversation_summary"] = answers.into();
            }
            (
                tool("analyze_brief", args),
                "analysing the brief".to_owned(),
            )
        }
        Step::Design => (
            tool(
                "create_design_system",
                serde_json::json!({ "product_type": analysis.product_type }),
            ),
            format!(
                "creating the {} design system",
                analysis.product_type.as_str()
            ),
        ),
        Step::Generate(page) => (
            tool(
                "generate_page",
                serde_json::json!({
                    "slug": page.slug,
                    "title": page.title,
                    "description": page.purpose,
                    "data_model": analysis.page_model(page),
                }),
            ),
            format!("generating the {} page", page.slug),
        ),
        Step::Validate(slug) => (
            tool("validate_html", serde_json::json!({ "slug": slug })),
            format!("checking the {slug} page at 360, 768 and 1280 px"),
        ),
        Step::Open => match generated(history, steps)
            .first()
            .and_then(|page| page.url.clone())
        {
            Some(url) => (
                Action::Navigate { url },
                "opening the first page".to_owned(),
            ),
            None => (
                Action::Stop {
                    answer: final_answer(analysis, history, steps),
                },
                "finishing".to_owned(),
            ),
        },
        Step::Answer => (
            Action::Stop {
                answer: final_answer(analysis, history, steps),
            },
            "finishing".to_owned(),
        ),
    }
}

/// The latest succeeded record at `index`, if any.
fn succeeded_at(history: &[StepRecord], index: usize) -> Option<&StepRecord> {
    history.iter().rev().find(|record| {
        record.cursor == Some(index) && matches!(record.outcome, StepOutcome::Succeeded { .. })
    })
}

/// The summary of the succeeded record at `index`, if any.
fn summary_at(history: &[StepRecord], index: usize) -> Option<&str> {
    succeeded_at(history, index).and_then(|record| match &record.outcome {
        StepOutcome::Succeeded { summary } => Some(summary.as_str()),
        _ => None,
    })
}

/// A generated page as its `generate_page` result reported it.
struct Generated {
    slug: String,
    url: Option<String>,
    /// The placeholders left on the page ("[Your phone number]"), all of them.
    placeholders: Vec<String>,
}

/// The generated pages in flow order with their addresses and placeholders, read from each
/// `generate_page` step's structured result (`page.url`, `page.placeholders`).
fn generated(history: &[StepRecord], steps: &[Step]) -> Vec<Generated> {
    steps
        .iter()
        .enumerate()
        .filter_map(|(index, step)| match step {
            Step::Generate(page) => succeeded_at(history, index).map(|record| {
                let listed = record.data.as_ref().and_then(|data| data.get("page"));
                Generated {
                    slug: page.slug.clone(),
                    url: listed
                        .and_then(|p| p.get("url"))
                        .and_then(serde_json::Value::as_str)
                        .map(str::to_owned),
                    placeholders: listed
                        .and_then(|p| p.get("placeholders"))
                        .and_then(serde_json::Value::as_array)
                        .map(|all| {
                            all.iter()
                                .filter_map(serde_json::Value::as_str)
                                .map(str::to_owned)
                                .collect()
                        })
                        .unwrap_or_default(),
                }
            }),
            _ => None,
        })
        .collect()
}

fn pages_so_far(history: &[StepRecord], steps: &[Step]) -> String {
    let lines: Vec<String> = generated(history, steps)
        .into_iter()
        .map(|page| {
            format!(
                "- {}: {}",
                page.slug,
                page.url.unwrap_or_else(|| "(no address)".into())
            )
        })
        .collect();
    if lines.is_empty() {
        "No page was made.".to_owned()
    } else {
        format!("Pages made so far:\n{}", lines.join("\n"))
    }
}

fn final_answer(analysis: &BriefAnalysis, history: &[StepRecord], steps: &[Step]) -> String {
    let validations: Vec<(&str, &str)> = steps
        .iter()
        .enumerate()
        .filter_map(|(index, step)| match step {
            Step::Validate(slug) => summary_at(history, index).map(|s| (slug.as_str(), s)),
            _ => None,
        })
        .collect();
    let pages = generated(history, steps);
    let mut text = format!(
        "Built a site for {} with {} page(s):",
        analysis.site_name,
        pages.len()
    );
    for page in &pages {
        let title = analysis
            .pages
            .iter()
            .find(|plan| plan.slug == page.slug)
            .map_or(page.slug.as_str(), |plan| plan.title.as_str());
        let check = validations
            .iter()
            .find(|(checked, _)| *checked == page.slug)
            .map_or("not checked", |(_, summary)| summary);
        text.push_str(&format!(
            "\n- {title}: {} — {check}",
            page.url.clone().unwrap_or_else(|| "(no address)".into())
        ));
    }
    let left: Vec<String> = pages
        .iter()
        .filter(|page| !page.placeholders.is_empty())
        .map(|page| format!("- {}: {}", page.slug, page.placeholders.join(", ")))
        .collect();
    if left.is_empty() {
        text.push_str("\nNothing is left to fill in.");
    } else {
        text.push_str("\nLeft for you to fill in (shown in [brackets] on the pages):\n");
        text.push_str(&left.join("\n"));
    }
    text.push_str("\nThe first page is open in the browser.");
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use tandem_protocol::Answer;

    const BAKERY: &str = "build a small site for a bakery with a menu and a contact page";
    const YOGA: &str = "a yoga studio in Leeds: class timetable, prices for drop-in and monthly passes, and a page to book a first class";

    fn done(plan: &Plan, summary: &str, data: Option<serde_json::Value>) -> StepRecord {
        StepRecord::of(
            plan,
            StepOutcome::Succeeded {
                summary: summary.to_owned(),
            },
        )
        .with_data(data)
    }

    fn tool_name(plan: &Plan) -> String {
        match &plan.action {
            Action::Tool { name, .. } => name.clone(),
            other => format!("{other:?}"),
        }
    }

    /// Runs the flow with canned tool lines; returns the tools called and the final answer.
    fn run(
        goal: &str,
        mut history: Vec<StepRecord>,
    ) -> (Vec<String>, Vec<serde_json::Value>, String) {
        let mut seen = Vec::new();
        let mut args_seen = Vec::new();
        loop {
            let ctx = PlanContext::new(goal, None, &history);
            let plan = plan(&ctx).unwrap();
            let (summary, data) = match &plan.action {
                Action::Tool { name, args } if name == "generate_page" => {
                    let slug = args["slug"].as_str().unwrap();
                    let url = format!("http://127.0.0.1:9/sites/s/pages/{slug}.html");
                    // Many placeholders: the line is shortened, the structured result is not.
                    let mut placeholders = vec!["[Your phone number]".to_owned()];
                    placeholders.extend((1..=30).map(|n| format!("[Price {n}]")));
                    (
                        format!("generated {slug} v1 at {url}, placeholders: …"),
                        Some(serde_json::json!({
                            "page": { "slug": slug, "url": url, "placeholders": placeholders },
                            "source": "template",
                        })),
                    )
                }
                Action::Tool { name, args } if name == "validate_html" => (
                    format!(
                        "{}: passes at 360, 768 and 1280 px",
                        args["slug"].as_str().unwrap()
                    ),
                    None,
                ),
                Action::Stop { answer } => return (seen, args_seen, answer.clone()),
                _ => ("ok".to_owned(), None),
            };
            if let Action::Tool { args, .. } = &plan.action {
                args_seen.push(args.clone());
            }
            seen.push(tool_name(&plan));
            history.push(done(&plan, &summary, data));
        }
    }

    #[test]
    fn the_yoga_brief_builds_what_analyze_brief_says_and_lists_placeholders() {
        let (seen, args, answer) = run(YOGA, Vec::new());
        assert_eq!(args[0]["request"], YOGA, "the person's words, verbatim");
        let generated: Vec<&str> = args
            .iter()
            .filter_map(|a| a.get("slug").and_then(|s| s.as_str()))
            .collect();
        assert_eq!(&generated[..3], ["home", "timetable", "booking"]);
        assert_eq!(
            seen[0], "analyze_brief",
            "a detailed brief gets no questions"
        );
        assert!(
            answer.contains("- Book a first class: http://127.0.0.1:9/sites/s/pages/booking.html"),
            "{answer}"
        );
        assert!(answer.contains("Left for you to fill in"), "{answer}");
        assert!(
            answer.contains("- timetable: [Your phone number], [Price 1], ")
                && answer.contains("[Price 30]"),
            "{answer}"
        );
        let booking = args.iter().find(|a| a["slug"] == "booking").unwrap();
        assert_eq!(booking["data_model"]["task"]["kind"], "booking");
        assert_eq!(booking["data_model"]["place"], "Leeds");
    }

    #[test]
    fn the_bakery_flow_runs_every_step_in_order() {
        let (seen, _, answer) = run(BAKERY, Vec::new());
        assert_eq!(seen[..2], ["analyze_brief", "create_design_system"]);
        assert!(seen.iter().any(|s| s.starts_with("Navigate")));
        assert!(
            answer.starts_with("Built a site for [Your business name]"),
            "{answer}"
        );
    }

    #[test]
    fn a_vague_brief_asks_structured_questions_first_and_builds_from_the_answers() {
        let goal = "a website for my business";
        let first = plan(&PlanContext::new(goal, None, &[])).unwrap();
        let Action::AskUser { questions } = &first.action else {
            panic!("{first:?}");
        };
        assert!((3..=5).contains(&questions.len()));
        assert!(
            questions
                .iter()
                .any(|q| q.kind == QuestionKind::Checkbox && !q.options.is_empty())
        );
        assert!(
            questions
                .iter()
                .any(|q| q.kind == QuestionKind::Radio && !q.options.is_empty())
        );
        let answers = vec![
            Answer {
                question_id: "what".into(),
                values: vec!["dog walking".into()],
            },
            Answer {
                question_id: "name".into(),
                values: vec!["Muddy Paws".into()],
            },
            Answer {
                question_id: "sections".into(),
                values: vec!["Prices".into(), "Reviews".into()],
            },
            Answer {
                question_id: "task".into(),
                values: vec!["Book an appointment".into()],
            },
        ];
        let history = vec![StepRecord::of(&first, StepOutcome::Answered { answers })];
        let (seen, args, answer) = run(goal, history);
        assert_eq!(seen[0], "analyze_brief");
        assert_eq!(args[0]["request"], goal);
        assert!(
            args[0]["conversation_summary"]
                .as_str()
                .unwrap()
                .contains("Muddy Paws")
        );
        assert!(
            answer.starts_with("Built a site for Muddy Paws"),
            "{answer}"
        );
        assert!(args.iter().any(|a| a["slug"] == "booking"), "{args:?}");
    }

    #[test]
    fn a_step_failing_twice_ends_the_run() {
        let first = plan(&PlanContext::new(BAKERY, None, &[])).unwrap();
        let failed = StepRecord::of(
            &first,
            StepOutcome::Failed {
                error: "boom".into(),
                code: None,
            },
        );
        let history = vec![failed.clone(), failed];
        let stop = plan(&PlanContext::new(BAKERY, None, &history)).unwrap();
        assert_eq!(stop.stop_meaning, StopMeaning::GaveUp);
    }

    #[test]
    fn browser_tasks_take_another_shape() {
        for goal in [
            "create an account on the site",
            "go to the homepage and make a booking",
            "make sure the site loads",
        ] {
            assert!(plan(&PlanContext::new(goal, None, &[])).is_none(), "{goal}");
        }
    }
}
