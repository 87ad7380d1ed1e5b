//! The checks at the end of a scenario (`[assert]`): how the last run ended, the page (URL,
//! texts, fields, tabs) as the person sees it, and what the agent executed according to the run
//! records. Every failed check is one line saying what was expected and what was found.

use tandem_agent::text::{clip, one_line};
use tandem_agent::{RunRecord, TimelineItem};
use tandem_protocol::{ActionResult, RunOutcome};

use super::format::Checks;
use super::human::{Human, find_element, page_text};

/// What the runs ended with.
pub struct Ending<'a> {
    /// The last run's outcome and final message.
    pub last: Option<(RunOutcome, &'a str)>,
    /// Every run of the scenario.
    pub runs: &'a [RunRecord],
}

/// Runs every check; returns the failures.
pub async fn check(checks: &Checks, ending: &Ending<'_>, human: &Human) -> Vec<String> {
    let mut failures = Vec::new();
    check_runs(checks, ending, &mut failures);
    if needs_page(checks)
        && let Err(error) = check_page(checks, human, &mut failures).await
    {
        failures.push(format!("could not read the page for the checks: {error:#}"));
    }
    failures
}

fn needs_page(checks: &Checks) -> bool {
    checks.final_url.is_some()
        || checks.tabs.is_some()
        || !checks.text_present.is_empty()
        || !checks.text_absent.is_empty()
        || !checks.fields.is_empty()
}

fn check_runs(checks: &Checks, ending: &Ending<'_>, failures: &mut Vec<String>) {
    if let Some(expected) = checks.outcome {
        match ending.last {
            Some((outcome, _)) if outcome == expected => {}
            Some((outcome, text)) => failures.push(format!(
                "expected the last run to end {}, it ended {}: {}",
                expected.name(),
                outcome.name(),
                one_line(text)
            )),
            None => failures.push(format!(
                "expected the last run to end {}, but no run finished",
                expected.name()
            )),
        }
    }
    if let Some(wanted) = &checks.message_contains {
        let text = ending.last.map(|(_, text)| text).unwrap_or("");
        if !text.to_lowercase().contains(&wanted.to_lowercase()) {
            failures.push(format!(
                "expected the final message to contain {wanted:?}: {}",
                one_line(text)
            ));
        }
    }
    let executed = executed_kinds(ending.runs);
    if let Some(count) = checks.actions_executed
        && executed.len() != count
    {
        failures.push(format!(
            "expected {count} executed actions, found {}: {executed:?}",
            executed.len()
        ));
    }
    if let Some(kinds) = &checks.executed
        && &executed != kinds
    {
        failures.push(format!(
            "expected the executed actions {kinds:?}, found {executed:?}"
        ));
    }
    if checks.nothing_after_deny {
        failures.extend(check_nothing_after_deny(ending.runs));
    }
}

/// The kinds of the actions that succeeded, over all runs, in order.
pub fn executed_kinds(runs: &[RunRecord]) -> Vec<String> {
    runs.iter()
        .flat_map(|run| run.timeline.actions())
        .filter(|(_, result)| matches!(result, ActionResult::Success { .. }))
        .map(|(action, _)| action.kind_name().to_owned())
        .collect()
}

/// Some run declined a confirmation, and in every run nothing ran after a declined action.
fn check_nothing_after_deny(runs: &[RunRecord]) -> Vec<String> {
    let mut failures = Vec::new();
    let mut declined_any = false;
    for run in runs {
        let mut declined = false;
        for entry in run.timeline.entries() {
            let TimelineItem::Action { action, result, .. } = &entry.item else {
                continue;
            };
            match result {
                ActionResult::Error { message } if message.contains("declined") => {
                    declined = true;
                    declined_any = true;
                }
                ActionResult::Success { .. } if declined => failures.push(format!(
                    "`{action}` ran after a declined confirmation in run {}",
                    run.run_id
                )),
                ActionResult::Success { .. }
                | ActionResult::Error { .. }
                | ActionResult::Pending { .. } => {}
            }
        }
    }
    if !declined_any {
        failures.push("expected a declined confirmation, but no action was declined".to_owned());
    }
    failures
}

async fn check_page(
    checks: &Checks,
    human: &Human,
    failures: &mut Vec<String>,
) -> anyhow::Result<()> {
    if checks.final_url.is_some() || checks.tabs.is_some() {
        let (url, tabs) = human.tabs().await?;
        if let Some(expected) = &checks.final_url
            && &url != expected
        {
            failures.push(format!(
                "expected the page {expected}, the browser shows {url}"
            ));
        }
        if let Some(expected) = checks.tabs
            && tabs != expected
        {
            failures.push(format!("expected {expected} open tabs, found {tabs}"));
        }
    }
    if checks.text_present.is_empty() && checks.text_absent.is_empty() && checks.fields.is_empty() {
        return Ok(());
    }
    let page = human.observe().await?;
    let snapshot = &page.observation.snapshot;
    let text = page_text(snapshot);
    for wanted in &checks.text_present {
        if !text.contains(wanted.as_str()) && human.wait_for_text(wanted).await.is_err() {
            failures.push(format!(
                "expected the page to show {wanted:?}; it shows: {}",
                clip(&one_line(&text), 300)
            ));
        }
    }
    for unwanted in &checks.text_absent {
        if text.contains(unwanted.as_str()) {
            failures.push(format!("expected the page not to show {unwanted:?}"));
        }
    }
    for (field, expected) in &checks.fields {
        match find_element(snapshot, field) {
            None => failures.push(format!("expected a field named {field:?} on the page")),
            Some(element) => {
                let actual = match (expected.as_str(), element.checked) {
                    ("checked" | "unchecked", Some(true)) => "checked".to_owned(),
                    ("checked" | "unchecked", Some(false)) => "unchecked".to_owned(),
                    _ => element.value.clone().unwrap_or_default(),
                };
                if &actual != expected {
                    failures.push(format!(
                        "expected the field {field:?} to be {expected:?}, it is {actual:?}"
                    ));
                }
            }
        }
    }
    Ok(())
}
