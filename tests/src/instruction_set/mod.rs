//! The instruction set: plain instructions on the pages under `fixtures/instructions/`, each
//! with a check of the page's end state, run by the instruction planner in real Chromium.
//!
//! One [`TestAgent`] (one browser) runs every case in turn: the person's client opens the case's
//! page (fresh state), the instruction is sent, confirmations are approved as the person would,
//! and at the end the page's `#state` line (rendered by `fixtures/instructions/state.js`) must
//! show every expected `|key=value|` token. Used by the `instruction_set` test and bench.

mod cases;

use anyhow::{Context, bail};
use tandem_agent::{AgentConfig, AgentEvent, InterruptKind, Resume};
use tandem_mcp_browser::browser::WaitCondition;
use tandem_mcp_browser::server::params::{NavigateParams, ObserveParams, WaitParams};
use tandem_protocol::RunOutcome;

use crate::TestAgent;
pub use cases::CASES;

/// What the run must end with, besides the page's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The run ends `done` (confirmations on the way are approved).
    Done,
    /// The planner asks the person (a real tie, or words it cannot place) before acting.
    Asks,
    /// The run fails, saying what it could not follow, without acting.
    Fails,
    /// The run fails after acting, saying what the page did not show, before its last step
    /// (never a `done` that did not happen).
    Stops,
}

/// One instruction on one page.
#[derive(Debug, Clone, Copy)]
pub struct Case {
    /// The class of understanding it exercises (for the bench's table).
    pub class: &'static str,
    /// Page under `/instructions/`.
    pub page: &'static str,
    /// The person's message; `{url}` is replaced by the page's address.
    pub say: &'static str,
    /// Tokens the page's state line must show at the end (`|key=value|`).
    pub expect: &'static [&'static str],
    pub ending: Ending,
}

/// How one case went.
#[derive(Debug, Clone)]
pub struct CaseResult {
    pub case: Case,
    pub passed: bool,
    /// Browser actions the agent executed.
    pub actions: usize,
    /// Why it failed (empty when it passed).
    pub detail: String,
}

/// An agent for the set: instruction planner, room for long sweeps.
pub async fn start_agent() -> anyhow::Result<TestAgent> {
    TestAgent::start_with(
        AgentConfig::default().with_max_actions(40),
        std::sync::Arc::new(tandem_agent::planner::InstructionPlanner::new()),
    )
    .await
}

/// Runs every case on `t`, in order.
pub async fn run_all(t: &mut TestAgent, cases: &[Case]) -> Vec<CaseResult> {
    let mut results = Vec::with_capacity(cases.len());
    for case in cases {
        let result = match run_case(t, case).await {
            Ok(result) => result,
            Err(error) => CaseResult {
                case: *case,
                passed: false,
                actions: 0,
                detail: format!("{error:#}"),
            },
        };
        results.push(result);
    }
    results
}

/// Runs one case.
pub async fn run_case(t: &mut TestAgent, case: &Case) -> anyhow::Result<CaseResult> {
    let url = t.url(&format!("/instructions/{}", case.page));
    t.person
        .invoke(&NavigateParams {
            url: url.to_string(),
        })
        .await?;
    let run_id = t.say(&case.say.replace("{url}", &url)).await?;
    let mut asked = false;
    let mut problems = Vec::new();
    let (outcome, text) = loop {
        let event = t
            .wait_for_event(|e| {
                matches!(
                    e,
                    AgentEvent::Question { .. } | AgentEvent::RunFinished { .. }
                )
            })
            .await?;
        match event {
            AgentEvent::Question { interrupt, .. } => match &interrupt.kind {
                InterruptKind::Confirm { action_hash, .. } => {
                    let approve = Resume::Confirm {
                        approved: true,
                        action_hash: action_hash.clone(),
                        remember: false,
                        reason: None,
                    };
                    t.agent.resume(&interrupt.id, approve).await?;
                }
                InterruptKind::Ask { questions } => {
                    asked = true;
                    if case.ending != Ending::Asks {
                        problems.push(format!("asked {:?}", questions.first().map(|q| &q.prompt)));
                    }
                    t.agent.cancel();
                }
                InterruptKind::Manual { text, .. } => {
                    problems.push(format!("handed over: {text}"));
                    t.agent.cancel();
                }
            },
            AgentEvent::RunFinished { outcome, text, .. } => break (outcome, text),
            other => bail!("unexpected event {other:?}"),
        }
    };
    let run = t.agent.run(&run_id).context("run record")?;
    let actions = run.timeline.actions().count();
    match case.ending {
        Ending::Done if outcome != RunOutcome::Done => {
            problems.push(format!("ended {outcome:?}: {text}"));
        }
        Ending::Asks if !asked => problems.push(format!("did not ask; ended {outcome:?}: {text}")),
        Ending::Fails if outcome != RunOutcome::Failed || actions > 0 => {
            problems.push(format!(
                "expected a failure without actions; ended {outcome:?}: {text}"
            ));
        }
        Ending::Stops if outcome != RunOutcome::Failed || asked => {
            problems.push(format!("expected a failure; ended {outcome:?}: {text}"));
        }
        Ending::Done | Ending::Asks | Ending::Fails | Ending::Stops => {}
    }
    for token in case.expect {
        if let Err(error) = state_shows(t, token).await {
            problems.push(format!("{error:#}"));
        }
    }
    Ok(CaseResult {
        case: *case,
        passed: problems.is_empty(),
        actions,
        detail: problems.join("; "),
    })
}

/// Waits (up to 10 s: a cut-off for a failing case, never the thing that makes one pass) until the page's state line shows `token`.
async fn state_shows(t: &TestAgent, token: &str) -> anyhow::Result<()> {
    let wait = WaitCondition::Text {
        text: token.to_owned(),
    };
    if t.person
        .invoke(&WaitParams {
            condition: wait.clone(),
            timeout_ms: Some(10_000),
        })
        .await
        .is_ok()
    {
        return Ok(());
    }
    let page = t
        .person
        .invoke(&ObserveParams::compact(None))
        .await?
        .observation
        .snapshot;
    let state = page
        .texts
        .iter()
        .map(|b| b.text.as_str())
        .find(|text| text.starts_with('|'))
        .unwrap_or("(no state line)")
        .to_owned();
    bail!("state lacks {token}: {state}")
}

/// The median of `values` (0 for none).
pub fn median(values: &mut [usize]) -> f64 {
    values.sort_unstable();
    match values.len() {
        0 => 0.0,
        n if n % 2 == 1 => values[n / 2] as f64,
        n => (values[n / 2 - 1] + values[n / 2]) as f64 / 2.0,
    }
}
