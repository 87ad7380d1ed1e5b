//! Folding a history file's lines into runs.

use serde::{Deserialize, Serialize};
use tandem_agent::{AgentEvent, RunOutcome, RunRecord, RunUsage, Timeline};

use super::{Fact, Line};

/// How a stored run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunStatusOnDisk {
    Done,
    Denied,
    Cancelled,
    Blocked,
    Limit,
    Failed,
    /// No record was written: the daemon stopped while the run was going.
    Interrupted,
}

/// One run as the history holds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredRun {
    pub run_id: String,
    /// The person's message that began it.
    pub goal: String,
    pub status: RunStatusOnDisk,
    /// Unix time (ms) of its first and last line.
    pub started_at: u64,
    pub updated_at: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_response: Option<String>,
    /// The run's typed timeline (empty for an interrupted run: its steps are in `steps`).
    pub timeline: Timeline,
    /// One line per step event, for runs cut short as well.
    pub steps: Vec<String>,
    pub usage: RunUsage,
    /// `[reference, data URL]` of each observation's screenshot, in order (`obs-1`, …).
    pub screenshots: Vec<(String, String)>,
}

pub(super) fn fold(lines: Vec<Line>) -> Vec<StoredRun> {
    let mut runs: Vec<StoredRun> = Vec::new();
    for line in lines {
        if line.run_id.is_empty() {
            continue;
        }
        let index = match runs.iter().position(|run| run.run_id == line.run_id) {
            Some(index) => index,
            None => {
                runs.push(StoredRun {
                    run_id: line.run_id.clone(),
                    goal: String::new(),
                    status: RunStatusOnDisk::Interrupted,
                    started_at: line.at,
                    updated_at: line.at,
                    final_response: None,
                    timeline: Timeline::default(),
                    steps: Vec::new(),
                    usage: RunUsage::default(),
                    screenshots: Vec::new(),
                });
                runs.len() - 1
            }
        };
        let run = &mut runs[index];
        run.updated_at = line.at;
        match line.fact {
            Fact::Started { goal } => run.goal = goal,
            Fact::Event { event } => apply(run, *event),
            Fact::Record { record } => finish(run, *record),
        }
    }
    runs
}

fn apply(run: &mut StoredRun, event: AgentEvent) {
    match event {
        AgentEvent::Step {
            action,
            result,
            node,
            ..
        } => {
            if let Some(action) = action {
                let result = match result {
                    Some(tandem_agent::ActionResult::Success { summary }) => {
                        format!("ok: {summary}")
                    }
                    Some(tandem_agent::ActionResult::Error { message }) => {
                        format!("error: {message}")
                    }
                    Some(tandem_agent::ActionResult::Pending { .. }) | None => "pending".to_owned(),
                };
                run.steps.push(format!("[{node}] {action} → {result}"));
            }
        }
        AgentEvent::Observation {
            mime_type,
            screenshot: Some(data),
            ..
        } => {
            let reference = format!("obs-{}", run.screenshots.len() + 1);
            let mime = mime_type.unwrap_or_else(|| "image/jpeg".to_owned());
            run.screenshots
                .push((reference, format!("data:{mime};base64,{data}")));
        }
        AgentEvent::Usage { run_total, .. } => run.usage = run_total,
        AgentEvent::RunFinished { text, .. } => run.final_response = Some(text),
        AgentEvent::BrowserRestarted { reason, .. } => {
            run.steps.push(format!("[browser restarted] {reason}"));
        }
        AgentEvent::Observation {
            screenshot: None, ..
        }
        | AgentEvent::Status { .. }
        | AgentEvent::Question { .. }
        | AgentEvent::QuestionCleared { .. }
        | AgentEvent::Message { .. }
        | AgentEvent::ProductDocUpdated { .. }
        | AgentEvent::Takeover { .. }
        | AgentEvent::Error { .. } => {}
    }
}

fn finish(run: &mut StoredRun, record: RunRecord) {
    if run.goal.is_empty() {
        run.goal = record.goal.clone();
    }
    run.status = match record.outcome {
        Some(RunOutcome::Done) => RunStatusOnDisk::Done,
        Some(RunOutcome::Denied) => RunStatusOnDisk::Denied,
        Some(RunOutcome::Cancelled) => RunStatusOnDisk::Cancelled,
        Some(RunOutcome::Blocked) => RunStatusOnDisk::Blocked,
        Some(RunOutcome::Limit) => RunStatusOnDisk::Limit,
        Some(RunOutcome::Failed) => RunStatusOnDisk::Failed,
        None => RunStatusOnDisk::Interrupted,
    };
    run.final_response = record.final_response;
    run.timeline = record.timeline;
    run.usage = record.usage;
}
