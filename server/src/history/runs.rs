//! Folding a history file's lines into runs.

use tandem_protocol::{
    Fact, HistoryLine, RunRecord, RunStatusOnDisk, RunUsage, ServerMessage, StoredRun, Timeline,
};

/// The runs of `lines` (of the current version), in the order they began.
pub(super) fn fold(lines: Vec<HistoryLine>) -> Vec<StoredRun> {
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
            Fact::Frame { frame } => apply(run, *frame),
            Fact::Record { record } => finish(run, *record),
            // Upgraded to frames when read (`legacy`).
            Fact::Event { .. } => {}
        }
    }
    runs
}

fn apply(run: &mut StoredRun, frame: ServerMessage) {
    match frame {
        ServerMessage::Step {
            node,
            summary,
            result,
            ..
        } => {
            run.steps
                .push(format!("[{node}] {summary} → {}", result.name()));
        }
        ServerMessage::Observation {
            screenshot: Some(data_url),
            ..
        } => {
            let reference = format!("obs-{}", run.screenshots.len() + 1);
            run.screenshots.push((reference, data_url));
        }
        ServerMessage::Usage {
            requests,
            prompt_tokens,
            completion_tokens,
            cost,
        } => {
            run.usage = RunUsage {
                requests,
                prompt_tokens,
                completion_tokens,
                cost,
            };
        }
        ServerMessage::RunFinished { text, .. } => run.final_response = Some(text),
        ServerMessage::BrowserRestarted { reason } => {
            run.steps.push(format!("[browser restarted] {reason}"));
        }
        ServerMessage::Observation {
            screenshot: None, ..
        }
        | ServerMessage::Session { .. }
        | ServerMessage::Takeover { .. }
        | ServerMessage::Status { .. }
        | ServerMessage::AgentMessage { .. }
        | ServerMessage::AgentQuestion(_)
        | ServerMessage::QuestionCleared { .. }
        | ServerMessage::ProductDocUpdated { .. }
        | ServerMessage::Transcript { .. }
        | ServerMessage::History { .. }
        | ServerMessage::Projects { .. }
        | ServerMessage::Error { .. } => {}
    }
}

fn finish(run: &mut StoredRun, record: RunRecord) {
    if run.goal.is_empty() {
        run.goal = record.goal.clone();
    }
    run.status = record.outcome.into();
    run.final_response = record.final_response;
    run.timeline = record.timeline;
    run.usage = record.usage;
}
