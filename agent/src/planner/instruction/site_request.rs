//! The site request shape: "build a small site for a bakery with a menu and a contact page".
//!
//! In: the run's goal and history. Out: the next step of a fixed flow over the site studio's
//! tools, or `None` when the goal is not a request to build a site (the instruction planner
//! then follows it as instructions). The flow, each step's index being its [`Plan::cursor`]:
//! 1. `ask_user` what the site is for — only when the request names no subject;
//! 2. `analyze_brief`; 3. `create_design_system`; 4. `generate_page` for every suggested page;
//! 5. `validate_html` for each; 6. open the first page in the browser (its address is the last
//!    word of its `generate_page` result); 7. `stop` with the pages, their addresses and their
//!    validation summaries.
//!
//! The pages are worked out here with the same offline analysis the tool uses
//! (`tandem_mcp_browser::site::brief`), so the flow needs nothing from the tools' answers but
//! their one-line results. A step that fails twice ends the run with what was done so far.

use tandem_mcp_browser::site::brief::{self, BriefAnalysis, PagePlan, ProductType};
use tandem_protocol::{Question, QuestionKind, QuestionOption};

use crate::action::Action;
use crate::plan::{Plan, StepOutcome, StepRecord, StopMeaning};
use crate::planner::PlanContext;

/// The id of the question asked when the request names no subject.
const SUBJECT_QUESTION: &str = "site_subject";
/// Failures of one step that end the run.
const MAX_FAILURES: usize = 2;

#[derive(Debug, Clone, PartialEq)]
enum Step {
    Ask,
    Analyze,
    Design,
    Generate(PagePlan),
    Validate(String),
    Open,
    Answer,
}

/// True when `goal` asks to build a site: a making verb and a site noun.
pub fn is_site_request(goal: &str) -> bool {
    let lower = format!(" {} ", goal.to_lowercase());
    let verb = [" build ", " make ", " create ", " generate ", " design "]
        .iter()
        .any(|verb| lower.contains(verb));
    let noun = [" site", "website", "landing page", "web page", "homepage"]
        .iter()
        .any(|noun| lower.contains(noun));
    verb && noun
}

/// The next plan of the site flow, or `None` when the goal is not a site request.
pub fn plan(ctx: &PlanContext<'_>) -> Option<Plan> {
    if !is_site_request(ctx.goal) {
        return None;
    }
    let needs_subject = brief::analyze(ctx.goal, None).subject.is_empty();
    let request = match answered_subject(ctx.history) {
        Some(kind) => format!("{} for a {}", ctx.goal, kind.replace('_', " ")),
        None => ctx.goal.to_owned(),
    };
    let analysis = brief::analyze(&request, None);
    let steps = steps(needs_subject, &analysis);
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
    let failures: Vec<&str> = ctx
        .history
        .iter()
        .filter(|record| record.cursor == Some(index))
        .filter_map(|record| match &record.outcome {
            StepOutcome::Failed { error } | StepOutcome::Invalid { error } => Some(error.as_str()),
            _ => None,
        })
        .collect();
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
        });
    }
    let (action, what) = action_for(&steps[index], &analysis, ctx.history, &steps);
    Some(Plan {
        action,
        note: Some(format!("Site step {}/{total}: {what}", index + 1)),
        cursor: Some(index),
        stop_meaning: StopMeaning::Finished,
    })
}

fn steps(needs_subject: bool, analysis: &BriefAnalysis) -> Vec<Step> {
    let mut steps = Vec::new();
    if needs_subject {
        steps.push(Step::Ask);
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

fn answered_subject(history: &[StepRecord]) -> Option<String> {
    history
        .iter()
        .rev()
        .find_map(|record| match &record.outcome {
            StepOutcome::Answered { answers } => answers
                .iter()
                .find(|answer| answer.question_id == SUBJECT_QUESTION)
                .and_then(|answer| answer.first().map(str::to_owned)),
            _ => None,
        })
}

fn tool(name: &str, args: serde_json::Value) -> Action {
    Action::Tool {
        name: name.to_owned(),
        args,
    }
}

fn action_for(
    step: &Step,
    analysis: &BriefAnalysis,
    history: &[StepRecord],
    steps: &[Step],
) -> (Action, String) {
    match step {
        Step::Ask => (
            Action::AskUser {
                questions: vec![Question {
                    id: SUBJECT_QUESTION.to_owned(),
                    prompt: "What is the site for?".to_owned(),
                    kind: QuestionKind::Radio,
                    options: ProductType::ALL
                        .iter()
                        .map(|kind| QuestionOption {
                            value: kind.as_str().to_owned(),
                            label: kind.as_str().replace('_', " "),
                        })
                        .collect(),
                }],
            },
            "asking what the site is for".to_owned(),
        ),
        Step::Analyze => (
            tool(
                "analyze_brief",
                serde_json::json!({ "request": analysis_request(analysis, history) }),
            ),
            "analysing the brief".to_owned(),
        ),
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
        Step::Generate(page) => {
            let mut data_model = analysis.data_model.clone();
            if let Some(object) = data_model.as_object_mut() {
                object.insert("site_name".into(), analysis.site_name.clone().into());
            }
            (
                tool(
                    "generate_page",
                    serde_json::json!({
                        "slug": page.slug,
                        "title": page.title,
                        "description": page.purpose,
                        "data_model": data_model,
                    }),
                ),
                format!("generating the {} page", page.slug),
            )
        }
        Step::Validate(slug) => (
            tool("validate_html", serde_json::json!({ "slug": slug })),
            format!("checking the {slug} page at phone size"),
        ),
        Step::Open => match generated(history, steps)
            .first()
            .and_then(|(_, url)| url.clone())
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

/// The request as the person made it (with their answer folded in, when they gave one).
fn analysis_request(analysis: &BriefAnalysis, history: &[StepRecord]) -> String {
    match answered_subject(history) {
        Some(kind) => format!(
            "a site for a {} ({})",
            kind.replace('_', " "),
            analysis.site_name
        ),
        None => format!(
            "a {} site for {}",
            analysis.product_type.as_str(),
            analysis.site_name
        ),
    }
}

/// The summary of the succeeded record at `index`, if any.
fn summary_at(history: &[StepRecord], index: usize) -> Option<&str> {
    history
        .iter()
        .rev()
        .find_map(|record| match &record.outcome {
            StepOutcome::Succeeded { summary } if record.cursor == Some(index) => {
                Some(summary.as_str())
            }
            _ => None,
        })
}

/// The generated pages in flow order with their addresses.
fn generated(history: &[StepRecord], steps: &[Step]) -> Vec<(String, Option<String>)> {
    steps
        .iter()
        .enumerate()
        .filter_map(|(index, step)| match step {
            Step::Generate(page) => summary_at(history, index).map(|summary| {
                let url = summary
                    .split_whitespace()
                    .last()
                    .filter(|word| word.starts_with("http"))
                    .map(str::to_owned);
                (page.slug.clone(), url)
            }),
            _ => None,
        })
        .collect()
}

fn pages_so_far(history: &[StepRecord], steps: &[Step]) -> String {
    let lines: Vec<String> = generated(history, steps)
        .into_iter()
        .map(|(slug, url)| format!("- {slug}: {}", url.unwrap_or_else(|| "(no address)".into())))
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
    let mut text = format!(
        "Built a site for {} ({}) with {} page(s):",
        analysis.site_name,
        analysis.product_type.as_str().replace('_', " "),
        analysis.pages.len()
    );
    for (slug, url) in generated(history, steps) {
        let title = analysis
            .pages
            .iter()
            .find(|page| page.slug == slug)
            .map_or(slug.as_str(), |page| page.title.as_str());
        let check = validations
            .iter()
            .find(|(checked, _)| *checked == slug)
            .map_or("not checked", |(_, summary)| summary);
        text.push_str(&format!(
            "\n- {title}: {} — {check}",
            url.unwrap_or_else(|| "(no address)".into())
        ));
    }
    text.push_str("\nThe first page is open in the browser.");
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use tandem_protocol::Answer;

    const BAKERY: &str = "build a small site for a bakery with a menu and a contact page";

    fn done(plan: &Plan, summary: &str) -> StepRecord {
        StepRecord::of(
            plan,
            StepOutcome::Succeeded {
                summary: summary.to_owned(),
            },
        )
    }

    fn tool_name(plan: &Plan) -> String {
        match &plan.action {
            Action::Tool { name, .. } => name.clone(),
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn only_requests_to_build_a_site_take_this_shape() {
        assert!(is_site_request(BAKERY));
        assert!(is_site_request("Create a website for my band"));
        assert!(!is_site_request(
            "open https://example.com and click Sign in"
        ));
        assert!(!is_site_request("build the report"));
    }

    #[test]
    fn the_bakery_flow_runs_every_step_in_order_and_answers_with_addresses() {
        let mut history: Vec<StepRecord> = Vec::new();
        let mut seen = Vec::new();
        loop {
            let ctx = PlanContext::new(BAKERY, None, &history);
            let plan = plan(&ctx).unwrap();
            let summary = match &plan.action {
                Action::Tool { name, args } if name == "generate_page" => {
                    format!(
                        "generated {} v1 at http://127.0.0.1:9/sites/s/pages/{}.html",
                        args["slug"].as_str().unwrap(),
                        args["slug"].as_str().unwrap()
                    )
                }
                Action::Tool { name, args } if name == "validate_html" => {
                    format!(
                        "{}: passes at 390×844, no violations (80 ms)",
                        args["slug"].as_str().unwrap()
                    )
                }
                Action::Stop { answer } => {
                    assert!(
                        answer.contains("Built a site for Bakery (restaurant) with 3 page(s)"),
                        "{answer}"
                    );
                    assert!(
                        answer.contains(
                            "- Menu: http://127.0.0.1:9/sites/s/pages/menu.html — menu: passes"
                        ),
                        "{answer}"
                    );
                    break;
                }
                _ => "ok".to_owned(),
            };
            seen.push(tool_name(&plan));
            history.push(done(&plan, &summary));
        }
        assert_eq!(
            seen,
            [
                "analyze_brief",
                "create_design_system",
                "generate_page",
                "generate_page",
                "generate_page",
                "validate_html",
                "validate_html",
                "validate_html",
                "Navigate { url: \"http://127.0.0.1:9/sites/s/pages/home.html\" }",
            ]
        );
    }

    #[test]
    fn a_brief_without_a_subject_asks_first_and_goes_on_with_the_answer() {
        let goal = "build me a website";
        let first = plan(&PlanContext::new(goal, None, &[])).unwrap();
        let Action::AskUser { questions } = &first.action else {
            panic!("{first:?}");
        };
        assert_eq!(questions[0].options.len(), 6);
        let history = vec![StepRecord::of(
            &first,
            StepOutcome::Answered {
                answers: vec![Answer {
                    question_id: SUBJECT_QUESTION.into(),
                    values: vec!["portfolio".into()],
                }],
            },
        )];
        let next = plan(&PlanContext::new(goal, None, &history)).unwrap();
        assert_eq!(tool_name(&next), "analyze_brief");
        let design = plan(&PlanContext::new(
            goal,
            None,
            &[history[0].clone(), done(&next, "ok")],
        ))
        .unwrap();
        let Action::Tool { args, .. } = &design.action else {
            panic!()
        };
        assert_eq!(args["product_type"], "portfolio");
    }

    #[test]
    fn a_step_failing_twice_ends_the_run() {
        let first = plan(&PlanContext::new(BAKERY, None, &[])).unwrap();
        let failed = StepRecord::of(
            &first,
            StepOutcome::Failed {
                error: "boom".into(),
            },
        );
        let history = vec![failed.clone(), failed];
        let stop = plan(&PlanContext::new(BAKERY, None, &history)).unwrap();
        assert_eq!(stop.stop_meaning, StopMeaning::GaveUp);
    }
}
