//! A follow-up to a built site ("make the header green", "rename Booking to Appointments",
//! "move prices above the timetable"), changed in place without a model.
//!
//! Only when the session has a site ([`PlanContext::site_pages`], from its Product Doc, which
//! outlives a daemon restart). In: the message and the run's history. Out: the next step of a
//! fixed flow, each step's index being its [`Plan::cursor`]:
//! 1. `list_pages`; 2. `read_page` for each page; 3. the edits
//!    ([`tandem_mcp_browser::site::refine::edits`]): `edit_page` with exact hunks (a page) or
//!    `set --token to value` (the design system), or `generate_page` for a new page;
//! 4. open the changed page in the browser (the change is seen); 5. `stop` saying what changed.
//!
//! Every step reads the tools' structured results ([`StepRecord::data`]). A message that reads
//! as a site edit but is none of the offline shapes ends at once, saying it needs a model.

use serde_json::{Value, json};
use tandem_mcp_browser::site::refine::edits::{self, Edit, PageText};
use tandem_mcp_browser::site::refine::{self, Refinement};

use crate::action::Action;
use crate::plan::{Plan, StepOutcome, StepRecord, StopMeaning};
use crate::planner::PlanContext;

/// Failures of one step that end the run.
const MAX_FAILURES: usize = 2;

/// What an offline planner says about a site change it cannot make.
pub const NEEDS_MODEL: &str = "That change to the site needs a model. Without one I can change \
    colours (\"make the header green\"), fonts (\"use a serif font for headings\"), text size, \
    text (\"rename Booking to Appointments\", \"change the phone number to …\"), add a page \
    (\"add a FAQ page\"), and remove, move or swap sections (\"move prices above the timetable\", \
    \"swap the prices and the reviews\"). \
    Connect a model in Settings for anything else.";

/// Words that make a message a browser task even in a session with a site.
const BROWSER_CUES: &[&str] = &[
    "http",
    "www.",
    " go to ",
    " open ",
    " visit ",
    " click ",
    " search ",
    " log in ",
    " sign in ",
    " scroll ",
];

/// The next plan of a refinement, or `None` when the session has no site or the message is not
/// about it.
pub fn plan(ctx: &PlanContext<'_>) -> Option<Plan> {
    ctx.site_pages?;
    let lower = format!(" {} ", ctx.goal.to_lowercase());
    if BROWSER_CUES.iter().any(|cue| lower.contains(cue)) {
        return None;
    }
    let Some(refinement) = refine::parse(ctx.goal) else {
        return refine::looks_like_site_edit(ctx.goal)
            .then(|| stop(NEEDS_MODEL.to_owned(), StopMeaning::GaveUp, None));
    };
    Some(next(ctx.history, &refinement))
}

#[derive(Debug, Clone, PartialEq)]
enum Step {
    List,
    Read(String),
    Change(Edit),
    Open(String),
    Answer,
}

fn next(history: &[StepRecord], refinement: &Refinement) -> Plan {
    let data = |index: usize| succeeded_at(history, index).and_then(|r| r.data.as_ref());
    let mut steps = vec![Step::List];
    let listed = data(0).map(listed_pages);
    if let Some(pages) = &listed {
        if pages.is_empty() {
            return stop(
                "This session's site has no pages yet: ask for a site first.".to_owned(),
                StopMeaning::GaveUp,
                Some(0),
            );
        }
        steps.extend(pages.iter().map(|(slug, _)| Step::Read(slug.clone())));
    }
    let reads: Option<Vec<PageText>> = listed.as_ref().and_then(|pages| {
        (0..pages.len())
            .map(|i| {
                let html = data(i + 1)?.get("html")?.as_str()?;
                Some(PageText {
                    slug: pages[i].0.clone(),
                    html: html.to_owned(),
                })
            })
            .collect()
    });
    if let (Some(pages), Some(reads)) = (&listed, &reads) {
        let changes = match edits::edits(refinement, reads) {
            Ok(changes) => changes,
            Err(error) => {
                return stop(
                    format!("Nothing changed: {error}."),
                    StopMeaning::GaveUp,
                    Some(steps.len()),
                );
            }
        };
        let shown = shown_page(&changes, pages);
        steps.extend(changes.into_iter().map(Step::Change));
        steps.push(Step::Open(shown));
        steps.push(Step::Answer);
    }
    let done = |index: usize| succeeded_at(history, index).is_some();
    let index = (0..steps.len())
        .find(|index| !done(*index))
        .unwrap_or(steps.len() - 1);
    let failures = super::site_request::failures_at(history, index);
    if failures.len() >= MAX_FAILURES {
        return stop(
            format!(
                "Stopped changing the site ({}): step {} failed twice: {}",
                refinement.describe(),
                index + 1,
                failures.last().copied().unwrap_or_default()
            ),
            StopMeaning::GaveUp,
            Some(index),
        );
    }
    let first_page = listed
        .as_ref()
        .and_then(|pages| pages.first())
        .map_or("home", |(slug, _)| slug.as_str())
        .to_owned();
    let (action, what) = match &steps[index] {
        Step::List => (
            tool("list_pages", json!({})),
            "listing the pages".to_owned(),
        ),
        Step::Read(slug) => (
            tool("read_page", json!({ "slug": slug })),
            format!("reading the {slug} page"),
        ),
        Step::Change(edit) => change(edit, &first_page),
        Step::Open(url) => (
            Action::Navigate { url: url.clone() },
            "opening the changed page".to_owned(),
        ),
        Step::Answer => {
            return stop(
                answer(history, &steps, refinement),
                StopMeaning::Finished,
                Some(index),
            );
        }
    };
    Plan {
        action,
        note: Some(format!(
            "Site change ({}) {}/{}: {what}",
            refinement.describe(),
            index + 1,
            steps.len()
        )),
        cursor: Some(index),
        stop_meaning: StopMeaning::Finished,
        offered: false,
    }
}

/// `list_pages`' pages as (slug, address).
fn listed_pages(data: &Value) -> Vec<(String, String)> {
    data.get("pages")
        .and_then(Value::as_array)
        .map(|pages| {
            pages
                .iter()
                .filter_map(|page| {
                    Some((
                        page.get("slug")?.as_str()?.to_owned(),
                        page.get("url")?.as_str()?.to_owned(),
                    ))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The page to show after the change: the first page edited, a new page, or the first page.
fn shown_page(changes: &[Edit], pages: &[(String, String)]) -> String {
    let url_of = |slug: &str| {
        pages
            .iter()
            .find(|(s, _)| s == slug)
            .map(|(_, url)| url.clone())
    };
    let first = pages
        .first()
        .map(|(_, url)| url.clone())
        .unwrap_or_default();
    changes
        .iter()
        .find_map(|edit| match edit {
            Edit::Page { slug, .. } => url_of(slug),
            Edit::NewPage { slug, .. } => {
                // The new page sits beside the others.
                let base = first.rsplit_once('/').map(|(base, _)| base)?;
                Some(format!("{base}/{slug}.html"))
            }
            Edit::Token { .. } => None,
        })
        .unwrap_or(first)
}

fn change(edit: &Edit, first_page: &str) -> (Action, String) {
    match edit {
        Edit::Page { slug, hunks } => (
            tool("edit_page", json!({ "slug": slug, "hunks": hunks })),
            format!("editing the {slug} page ({} change(s))", hunks.len()),
        ),
        Edit::Token { name, value } => (
            tool(
                "edit_page",
                json!({ "slug": first_page, "instructions": format!("set --{name} to {value}") }),
            ),
            format!("setting --{name}"),
        ),
        Edit::NewPage {
            slug,
            title,
            description,
            data_model,
        } => (
            tool(
                "generate_page",
                json!({
                    "slug": slug,
                    "title": title,
                    "description": description,
                    "data_model": data_model,
                }),
            ),
            format!("adding the {slug} page"),
        ),
    }
}

fn answer(history: &[StepRecord], steps: &[Step], refinement: &Refinement) -> String {
    let lines: Vec<String> = steps
        .iter()
        .enumerate()
        .filter_map(|(index, step)| match step {
            Step::Change(edit) => succeeded_at(history, index).map(|record| (edit, record)),
            _ => None,
        })
        .map(|(edit, record)| match (edit, &record.outcome) {
            (Edit::Page { slug, hunks }, _) => {
                format!("- {slug} page: {} exact change(s)", hunks.len())
            }
            (Edit::Token { name, value }, _) => format!("- design system: --{name} is {value}"),
            (Edit::NewPage { .. }, StepOutcome::Succeeded { summary }) => format!("- {summary}"),
            (Edit::NewPage { slug, .. }, _) => format!("- {slug} page added"),
        })
        .collect();
    let shown = steps.iter().find_map(|step| match step {
        Step::Open(url) => Some(url.as_str()),
        _ => None,
    });
    format!(
        "Changed the site: {}.\n{}\nEverything else on every page is unchanged.{}",
        refinement.describe(),
        lines.join("\n"),
        shown.map_or(String::new(), |url| format!(" It is open at {url}."))
    )
}

fn succeeded_at(history: &[StepRecord], index: usize) -> Option<&StepRecord> {
    history.iter().rev().find(|record| {
        record.cursor == Some(index) && matches!(record.outcome, StepOutcome::Succeeded { .. })
    })
}

fn tool(name: &str, args: Value) -> Action {
    Action::Tool {
        name: name.to_owned(),
        args,
    }
}

fn stop(answer: String, meaning: StopMeaning, cursor: Option<usize>) -> Plan {
    Plan {
        action: Action::Stop { answer },
        note: None,
        cursor,
        offered: false,
        stop_meaning: meaning,
    }
}

#[cfg(test)]
#[path = "site_refine_tests.rs"]
mod tests;
