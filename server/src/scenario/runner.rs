//! Runs one scenario: a session of its own (its own agent and browser context on the shared
//! browser), the person's messages in order, each question checked against the next `[[expect]]`
//! and answered as it says, then the checks. Never panics: whatever goes wrong is a failure line
//! in the [`ScenarioReport`].

use std::collections::VecDeque;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use base64::Engine;
use tandem_agent::interrupt::{Interrupt, InterruptKind, Resume};
use tandem_agent::planner::{InstructionPlanner, Planner};
use tandem_agent::{AgentConfig, AgentEvent, ModelPlanner, RunRecord};
use tandem_mcp_browser::BrowserHost;
use tandem_policy::PolicyGate;
use tandem_protocol::{ActionResult, Answer, RunOutcome};
use tokio::sync::broadcast;

use super::assertions::{self, Ending};
use super::format::{AnswerKind, Expect, Message, PlannerSpec, Scenario, Variables};
use super::human::Human;
use super::report::{ScenarioReport, Screenshot, Timings};
use super::scripted_model::ScriptedModel;
use crate::session::{Session, SessionFactory, SessionRegistry};

/// What every scenario of a suite shares.
#[derive(Clone)]
pub struct Shared {
    pub host: Arc<BrowserHost>,
    /// The daemon's policy (defaults plus its policy file); a scenario can add rules.
    pub gate: PolicyGate,
    /// The daemon's agent settings; a scenario can change the step limit.
    pub agent: AgentConfig,
    pub vars: Variables,
}

/// Loads and runs the scenario in `path`.
pub async fn run_file(path: &Path, shared: &Shared) -> ScenarioReport {
    let started = Instant::now();
    let mut report = ScenarioReport {
        name: super::format::default_name(path),
        file: path.to_path_buf(),
        failures: Vec::new(),
        timings: Timings::default(),
        runs: Vec::new(),
        screenshot: None,
        artifacts: Vec::new(),
    };
    match Scenario::load(path, &shared.vars) {
        Ok(scenario) => {
            report.name = scenario.name.clone();
            if let Err(error) = run(&scenario, shared, &mut report).await {
                report.failures.push(format!("{error:#}"));
            }
        }
        Err(error) => report
            .failures
            .push(format!("invalid scenario file: {error:#}")),
    }
    report.timings.wall_us = micros(started.elapsed());
    report
}

async fn run(
    scenario: &Scenario,
    shared: &Shared,
    report: &mut ScenarioReport,
) -> anyhow::Result<()> {
    let started = Instant::now();
    // The scripted model must outlive the session that calls it.
    let (planner, _model) = planner(&scenario.planner).await?;
    let gate = match &scenario.policy {
        Some(rules) => shared
            .gate
            .clone()
            .extended_with("the scenario's policy", rules)
            .context("in the scenario's policy")?,
        None => shared.gate.clone(),
    };
    let mut agent = shared.agent.clone();
    if let Some(max) = scenario.max_actions {
        agent.max_actions = max;
    }
    let registry = SessionRegistry::new(SessionFactory {
        host: Arc::clone(&shared.host),
        planner,
        planner_label: String::new(),
        extra_tools: Vec::new(),
        gate: Arc::new(gate),
        agent,
    });
    let session = registry.create().await?;
    let human = Human::attach(Arc::clone(&session.browser)).await?;
    let mut drive = Drive {
        session: &session,
        human: &human,
        events: session.agent.subscribe(),
        expects: scenario.expects.iter().enumerate().collect(),
        failures: Vec::new(),
        timings: Timings::default(),
        last: None,
        run_ids: Vec::new(),
        last_screenshot: None,
        waiting_for: "the start".to_owned(),
        started,
    };
    let limit = Duration::from_secs(scenario.timeout_secs);
    let finished = tokio::time::timeout(limit, drive.all(scenario)).await;
    if finished.is_err() {
        drive.failures.push(format!(
            "timed out after {} s waiting for {}",
            scenario.timeout_secs, drive.waiting_for
        ));
        session.agent.cancel();
    }
    for (n, expect) in drive.expects.drain(..) {
        drive.failures.push(format!(
            "expected a {} question (expect #{}) that was never asked",
            expect.kind.name(),
            n + 1
        ));
    }
    let runs: Vec<RunRecord> = drive
        .run_ids
        .iter()
        .filter_map(|id| session.agent.run(id))
        .collect();
    add_node_times(&runs, &mut drive.timings);
    let last = drive.last.as_ref().map(|(o, t)| (*o, t.as_str()));
    let mut failures = std::mem::take(&mut drive.failures);
    let ending = Ending { last, runs: &runs };
    let checks_started = Instant::now();
    failures.extend(assertions::check(&scenario.checks, &ending, &human).await);
    drive.timings.checks_us = micros(checks_started.elapsed());
    report.timings = drive.timings;
    if !failures.is_empty() {
        report.screenshot = match human.observe().await {
            Ok(page) => page
                .observation
                .screenshot
                .and_then(|s| decode(&s.mime_type, &s.data)),
            Err(_) => None,
        }
        .or_else(|| drive.last_screenshot.take());
    }
    report.failures.extend(failures);
    report.runs = runs;
    human.close().await;
    registry.shutdown().await;
    Ok(())
}

/// The scenario's planner, and the scripted model server behind it if there is one.
async fn planner(spec: &PlannerSpec) -> anyhow::Result<(Arc<dyn Planner>, Option<ScriptedModel>)> {
    Ok(match spec {
        PlannerSpec::Instructions => (Arc::new(InstructionPlanner::new()), None),
        PlannerSpec::Model(config) => {
            let planner = ModelPlanner::from_config(config.as_ref().clone())
                .context("in the scenario's model planner")?;
            (Arc::new(planner), None)
        }
        PlannerSpec::Scripted(replies) => {
            let model = ScriptedModel::start(replies.clone()).await?;
            let planner = ModelPlanner::from_config(model.config())
                .context("configuring the scripted model planner")?;
            (Arc::new(planner), Some(model))
        }
    })
}

/// The state of one scenario while its runs go on.
struct Drive<'a> {
    session: &'a Session,
    human: &'a Human,
    events: broadcast::Receiver<AgentEvent>,
    expects: VecDeque<(usize, &'a Expect)>,
    failures: Vec<String>,
    timings: Timings,
    /// The last finished run's outcome and final message.
    last: Option<(RunOutcome, String)>,
    run_ids: Vec<String>,
    last_screenshot: Option<Screenshot>,
    /// What the scenario waits for now (for the timeout message).
    waiting_for: String,
    started: Instant,
}

impl Drive<'_> {
    async fn all(&mut self, scenario: &Scenario) {
        if let Some(url) = &scenario.start_url {
            self.waiting_for = format!("the start page {url}");
            if let Err(error) = self.human.open(url).await {
                self.failures.push(format!("{error:#}"));
                return;
            }
        }
        self.timings.setup_us = micros(self.started.elapsed());
        for (n, message) in scenario.messages.iter().enumerate() {
            if let Err(error) = self.message(n + 1, message).await {
                self.failures.push(format!("message #{}: {error:#}", n + 1));
                return;
            }
        }
    }

    /// Sends one message and follows its run to the end.
    async fn message(&mut self, n: usize, message: &Message) -> anyhow::Result<()> {
        self.waiting_for = format!("message #{n} to start");
        let run_id = self
            .session
            .agent
            .submit_user_message(&message.text)
            .await?;
        self.run_ids.push(run_id.clone());
        self.waiting_for = format!("message #{n}'s run to finish");
        let mut cancel_sent = false;
        loop {
            let event = match self.events.recv().await {
                Ok(event) => event,
                Err(broadcast::error::RecvError::Lagged(missed)) => {
                    tracing::warn!(missed, "the scenario fell behind the agent's events");
                    continue;
                }
                Err(broadcast::error::RecvError::Closed) => anyhow::bail!("the agent stopped"),
            };
            match event {
                AgentEvent::Step {
                    run_id: of,
                    node,
                    action,
                    result,
                    timings,
                    ..
                } if of == run_id => {
                    self.timings.planner_us += timings.planner_us;
                    self.timings.browser_us += timings.tool_us;
                    let starts = matches!(result, Some(ActionResult::Pending { .. }));
                    if let (Some(kind), Some(action)) = (&message.cancel_on_action, &action)
                        && node == "execute_action"
                        && starts
                        && action.kind_name() == kind
                        && !cancel_sent
                    {
                        cancel_sent = true;
                        self.session.agent.cancel();
                    }
                }
                AgentEvent::Observation {
                    run_id: of,
                    mime_type,
                    screenshot,
                    ..
                } if of == run_id => {
                    if let (Some(mime), Some(data)) = (mime_type, screenshot) {
                        self.last_screenshot = decode(&mime, &data);
                    }
                }
                AgentEvent::Question {
                    run_id: of,
                    interrupt,
                } if of == run_id => self.answer(&interrupt).await,
                AgentEvent::RunFinished {
                    run_id: of,
                    outcome,
                    text,
                    ..
                } if of == run_id => {
                    if let Some(expected) = message.outcome
                        && expected != outcome
                    {
                        self.failures.push(format!(
                            "message #{n}: expected the run to end {}, it ended {}: {}",
                            expected.name(),
                            outcome.name(),
                            text.split_whitespace().collect::<Vec<_>>().join(" ")
                        ));
                    }
                    if let Some(kind) = &message.cancel_on_action
                        && !cancel_sent
                    {
                        self.failures.push(format!(
                            "message #{n}: the run never started a `{kind}` action to cancel"
                        ));
                    }
                    self.last = Some((outcome, text));
                    return Ok(());
                }
                AgentEvent::Error { code, message } => {
                    tracing::debug!(%code, %message, "agent error during a scenario");
                }
                AgentEvent::Step { .. }
                | AgentEvent::Observation { .. }
                | AgentEvent::Question { .. }
                | AgentEvent::QuestionCleared { .. }
                | AgentEvent::RunFinished { .. }
                | AgentEvent::Status { .. }
                | AgentEvent::Message { .. }
                | AgentEvent::BrowserRestarted { .. }
                | AgentEvent::Usage { .. }
                | AgentEvent::Takeover { .. }
                | AgentEvent::ProductDocUpdated { .. } => {}
            }
        }
    }

    /// Checks a question against the next expectation and answers it.
    async fn answer(&mut self, interrupt: &Interrupt) {
        let asked = describe(interrupt);
        self.waiting_for = format!("the answer to {asked}");
        let Some((n, expect)) = self.expects.pop_front() else {
            self.failures.push(format!(
                "unexpected question: {asked}; the run was cancelled"
            ));
            self.session.agent.cancel();
            return;
        };
        let n = n + 1;
        if expect.kind.name() != interrupt.kind.name() {
            self.failures.push(format!(
                "expect #{n}: expected a {} question, the agent asked {asked}; the run was cancelled",
                expect.kind.name()
            ));
            self.session.agent.cancel();
            return;
        }
        let rule = match &interrupt.kind {
            InterruptKind::Confirm { rule, .. } => Some(rule.as_str()),
            InterruptKind::Manual { rule, .. } => rule.as_deref(),
            InterruptKind::Ask { .. } => None,
        };
        if !expect.rule_matches(rule) {
            self.failures.push(format!(
                "expect #{n}: expected the rule {:?}, the question came from {:?}",
                expect.rule.as_deref().unwrap_or(""),
                rule.unwrap_or("the planner")
            ));
        }
        if let Some(wanted) = &expect.contains
            && !question_text(interrupt)
                .to_lowercase()
                .contains(&wanted.to_lowercase())
        {
            self.failures.push(format!(
                "expect #{n}: expected {asked} to mention {wanted:?}"
            ));
        }
        match self.resume(expect, interrupt).await {
            Ok(Some(resume)) => {
                if let Err(error) = self.session.answer(&interrupt.id, resume).await {
                    self.failures
                        .push(format!("expect #{n}: the answer was refused: {error}"));
                    self.session.agent.cancel();
                }
            }
            Ok(None) => self.session.agent.cancel(),
            Err(error) => {
                self.failures
                    .push(format!("expect #{n}: {error:#}; the run was cancelled"));
                self.session.agent.cancel();
            }
        }
        self.waiting_for = "the run to continue".to_owned();
    }

    /// The reply `expect` gives to `interrupt`; `None` cancels the run.
    async fn resume(
        &mut self,
        expect: &Expect,
        interrupt: &Interrupt,
    ) -> anyhow::Result<Option<Resume>> {
        let answer = expect.answer();
        Ok(match (answer, &interrupt.kind) {
            (AnswerKind::Cancel, _) => None,
            (
                AnswerKind::Approve | AnswerKind::ApproveForSession | AnswerKind::Deny,
                InterruptKind::Confirm { action_hash, .. },
            ) => Some(Resume::Confirm {
                approved: answer != AnswerKind::Deny,
                action_hash: action_hash.clone(),
                remember: answer == AnswerKind::ApproveForSession,
                reason: None,
            }),
            (AnswerKind::Done, InterruptKind::Manual { .. }) => {
                let person_started = Instant::now();
                for (i, step) in expect.human.iter().enumerate() {
                    let done = self
                        .human
                        .perform(step)
                        .await
                        .with_context(|| format!("the person's step #{}", i + 1));
                    if done.is_err() {
                        self.timings.person_us += micros(person_started.elapsed());
                    }
                    done?;
                }
                self.timings.person_us += micros(person_started.elapsed());
                Some(Resume::ManualDone {
                    message: expect.message.clone().unwrap_or_default(),
                })
            }
            (AnswerKind::Reply, InterruptKind::Ask { questions }) => {
                let question = questions
                    .first()
                    .context("the ask question had no questions")?;
                let value = match (&expect.choose, &expect.text) {
                    (Some(choose), _) => {
                        let wanted = choose.to_lowercase();
                        question
                            .options
                            .iter()
                            .find(|o| o.label.to_lowercase().contains(&wanted))
                            .map(|o| o.value.clone())
                            .with_context(|| {
                                let labels: Vec<&str> =
                                    question.options.iter().map(|o| o.label.as_str()).collect();
                                format!("no option mentions {choose:?}: {labels:?}")
                            })?
                    }
                    (None, Some(text)) => text.clone(),
                    (None, None) => anyhow::bail!("the answer needs `choose` or `text`"),
                };
                Some(Resume::Answer {
                    answers: vec![Answer {
                        question_id: question.id.clone(),
                        values: vec![value],
                    }],
                })
            }
            (
                AnswerKind::Approve
                | AnswerKind::ApproveForSession
                | AnswerKind::Deny
                | AnswerKind::Done
                | AnswerKind::Reply,
                InterruptKind::Confirm { .. }
                | InterruptKind::Manual { .. }
                | InterruptKind::Ask { .. },
            ) => anyhow::bail!(
                "{answer:?} does not answer a {} question",
                expect.kind.name()
            ),
        })
    }
}

/// `confirm "click … Buy now" (confirm-purchase)`, for failure lines.
fn describe(interrupt: &Interrupt) -> String {
    match &interrupt.kind {
        InterruptKind::Confirm { summary, rule, .. } => format!("confirm {summary:?} ({rule})"),
        InterruptKind::Manual { text, rule, .. } => format!(
            "manual {text:?} ({})",
            rule.as_deref().unwrap_or("asked by the planner")
        ),
        InterruptKind::Ask { questions } => {
            let prompts: Vec<&str> = questions.iter().map(|q| q.prompt.as_str()).collect();
            format!("ask {prompts:?}")
        }
    }
}

/// Everything the person is shown with a question.
fn question_text(interrupt: &Interrupt) -> String {
    match &interrupt.kind {
        InterruptKind::Confirm {
            summary, reason, ..
        } => format!("{summary}\n{reason}"),
        InterruptKind::Manual { text, reason, .. } => format!("{text}\n{reason}"),
        InterruptKind::Ask { questions } => questions
            .iter()
            .flat_map(|q| {
                std::iter::once(q.prompt.clone()).chain(q.options.iter().map(|o| o.label.clone()))
            })
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// Adds the time of the nodes: observations count as browser time, the rest of the node time
/// beyond browser and planner calls as agent time.
fn add_node_times(runs: &[RunRecord], timings: &mut Timings) {
    let mut nodes_us = 0u64;
    for run in runs {
        for transition in &run.transitions {
            nodes_us += transition.took_us;
            if transition.node == "maybe_observe" {
                timings.browser_us += transition.took_us;
            }
        }
    }
    timings.agent_us = nodes_us.saturating_sub(timings.browser_us + timings.planner_us);
}

fn decode(mime_type: &str, data: &str) -> Option<Screenshot> {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(data)
        .ok()?;
    (!bytes.is_empty()).then(|| Screenshot {
        mime_type: mime_type.to_owned(),
        bytes,
    })
}

fn micros(elapsed: Duration) -> u64 {
    u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX)
}
