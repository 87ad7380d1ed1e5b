//! [`Realweb`]: the agent, the fixture server, the browser and the harness's own DevTools
//! connection to that browser, and the loop that runs one case.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use chromiumoxide::cdp::js_protocol::runtime::EvaluateParams;
use chromiumoxide::{Browser, Page};
use futures::StreamExt as _;
use serde_json::Value;
use tandem_agent::{AgentConfig, AgentEvent, InterruptKind, Resume};
use tandem_mcp_browser::server::params::{CloseTabParams, ListTabsParams, NavigateParams};
use tandem_protocol::RunOutcome;

use super::corpus::{RealCase, fill, placeholders};
use crate::{DevtoolsChromium, TestAgent};

/// How long the end state may take to show (the contract's 2 s poll).
const RECORD_WAIT: Duration = Duration::from_secs(2);

/// The policy rule that asks before a send the person did not ask for.
const UNASKED_SEND_RULE: &str = "confirm-unasked-send";

/// How one case went.
#[derive(Debug, Clone)]
pub struct CaseRun {
    pub case: RealCase,
    pub passed: bool,
    pub outcome: Option<RunOutcome>,
    /// The run ended `done` although the case failed (goal: never).
    pub wrong_done: bool,
    /// Confirmations approved during the run.
    pub confirms: usize,
    /// Sends the agent offered after a message that only filled a form, declined.
    pub offers_declined: usize,
    /// The run asked the person (and was cancelled).
    pub asked: bool,
    /// (`not_done`) the question or final text quotes the unplaced words.
    pub quoted_unplaced: bool,
    /// (hanging pages) first input minus DOM ready, in ms.
    pub usable_after_dcl_ms: Option<f64>,
    /// From the message to the end of the run.
    pub elapsed: Duration,
    /// What went wrong (empty when it passed), then the run's final text.
    pub detail: String,
}

/// The agent (instruction planner) on a browser the harness can also read directly.
pub struct Realweb {
    pub agent: TestAgent,
    chromium: DevtoolsChromium,
    cdp: Browser,
    cdp_task: tokio::task::JoinHandle<()>,
    values: BTreeMap<&'static str, String>,
}

impl Realweb {
    /// Starts Chromium with a DevTools port, the agent on it (default navigation budget, as the
    /// person meets it) and the harness's own connection.
    pub async fn start() -> anyhow::Result<Self> {
        let chromium = DevtoolsChromium::start().await?;
        let browser = tandem_mcp_browser::BrowserConfig {
            remote_url: Some(chromium.ws_url.clone()),
            sites_dir: Some(crate::test_sites_dir()),
            ..tandem_mcp_browser::BrowserConfig::default()
        };
        let planner = Arc::new(tandem_agent::planner::InstructionPlanner::new());
        let agent =
            TestAgent::start_on(browser, AgentConfig::default().with_max_actions(40), |_| {
                planner
            })
            .await?;
        let (cdp, mut handler) = Browser::connect(chromium.ws_url.clone()).await?;
        let cdp_task = tokio::spawn(async move { while handler.next().await.is_some() {} });
        let dead = {
            let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
            listener.local_addr()?.to_string()
        };
        let values = placeholders(&agent.site.addr().to_string(), &dead);
        Ok(Self {
            agent,
            chromium,
            cdp,
            cdp_task,
            values,
        })
    }

    /// Runs every case in order.
    pub async fn run_all(&mut self, cases: &[RealCase]) -> Vec<CaseRun> {
        let mut runs = Vec::with_capacity(cases.len());
        for case in cases {
            let run = match self.run_case(case).await {
                Ok(run) => run,
                Err(error) => CaseRun {
                    case: case.clone(),
                    passed: false,
                    outcome: None,
                    wrong_done: false,
                    confirms: 0,
                    offers_declined: 0,
                    asked: false,
                    quoted_unplaced: false,
                    usable_after_dcl_ms: None,
                    elapsed: Duration::ZERO,
                    detail: format!("{error:#}"),
                },
            };
            runs.push(run);
        }
        runs
    }

    /// Runs one case: fresh page, message, interrupts, then the checks of its ending.
    pub async fn run_case(&mut self, case: &RealCase) -> anyhow::Result<CaseRun> {
        self.fresh_tab(case).await?;
        let say = fill(&case.say, &self.values);
        let started = Instant::now();
        self.agent.say(&say).await?;
        let mut confirms = 0;
        let mut offers_declined = 0;
        let mut asked = false;
        let mut heard = Vec::new();
        let mut problems = Vec::new();
        let (outcome, text) = loop {
            let event = self
                .agent
                .wait_for_event(|e| {
                    matches!(
                        e,
                        AgentEvent::Question { .. } | AgentEvent::RunFinished { .. }
                    )
                })
                .await?;
            match event {
                AgentEvent::Question { interrupt, .. } => match &interrupt.kind {
                    // The corpus' person said what they meant: a send they did not ask for
                    // (offered after a fill-only message) is declined.
                    InterruptKind::Confirm {
                        action_hash, rule, ..
                    } if rule == UNASKED_SEND_RULE => {
                        offers_declined += 1;
                        let decline = Resume::Confirm {
                            approved: false,
                            action_hash: action_hash.clone(),
                            remember: false,
                            reason: None,
                        };
                        self.agent.agent.resume(&interrupt.id, decline).await?;
                    }
                    InterruptKind::Confirm { action_hash, .. } => {
                        confirms += 1;
                        let approve = Resume::Confirm {
                            approved: true,
                            action_hash: action_hash.clone(),
                            remember: false,
                            reason: None,
                        };
                        self.agent.agent.resume(&interrupt.id, approve).await?;
                    }
                    InterruptKind::Ask { questions } => {
                        asked = true;
                        heard.extend(questions.iter().map(|q| q.prompt.clone()));
                        self.agent.agent.cancel();
                    }
                    InterruptKind::Manual { text, .. } => {
                        problems.push(format!("handed over: {text}"));
                        self.agent.agent.cancel();
                    }
                },
                AgentEvent::RunFinished { outcome, text, .. } => break (outcome, text),
                other => bail!("unexpected event {other:?}"),
            }
        };
        let elapsed = started.elapsed();
        heard.push(text.clone());
        match case.ending.as_str() {
            "done" => {
                if outcome != RunOutcome::Done {
                    problems.push(format!("ended {outcome:?}"));
                }
                if case.confirm && confirms == 0 {
                    problems.push("no confirmation came".into());
                }
            }
            "not_done" if outcome == RunOutcome::Done => problems.push("ended Done".into()),
            "failed" => {
                if outcome != RunOutcome::Failed {
                    problems.push(format!("ended {outcome:?}"));
                }
                let host = fill(case.names_host.as_deref().unwrap_or_default(), &self.values);
                if !text.contains(&host) {
                    problems.push(format!("final text does not name {host}"));
                }
                if let Some(max) = case.max_ms
                    && elapsed > Duration::from_millis(max)
                {
                    problems.push(format!("took {} ms (max {max})", elapsed.as_millis()));
                }
            }
            _ => {}
        }
        if let Some(expect) = &case.expect
            && !self.record_holds(expect).await
        {
            problems.push(format!("expect false: {expect}"));
        }
        let usable_after_dcl_ms = match &case.timing {
            Some(timing) => self.usable_after_dcl(timing).await,
            None => None,
        };
        let quoted_unplaced = case.unplaced.as_ref().is_some_and(|words| {
            let words = words.to_lowercase();
            heard.iter().any(|h| h.to_lowercase().contains(&words))
        });
        let passed = problems.is_empty();
        if asked {
            problems.push(format!("asked: {}", heard[..heard.len() - 1].join(" | ")));
        }
        problems.push(format!("final: {}", text.replace('\n', " / ")));
        Ok(CaseRun {
            case: case.clone(),
            passed,
            outcome: Some(outcome),
            wrong_done: outcome == RunOutcome::Done && !passed,
            confirms,
            offers_declined,
            asked,
            quoted_unplaced,
            usable_after_dcl_ms,
            elapsed,
            detail: if passed {
                String::new()
            } else {
                problems.join("; ")
            },
        })
    }

    /// Leaves one tab, on the case's page (DOM ready) or on `about:blank`.
    async fn fresh_tab(&self, case: &RealCase) -> anyhow::Result<()> {
        let person = &self.agent.person;
        let tabs = person.invoke(&ListTabsParams {}).await?.tabs;
        for tab in tabs.iter().filter(|t| !t.active) {
            person
                .invoke(&CloseTabParams {
                    tab_id: tab.id.clone(),
                })
                .await?;
        }
        let url = match (&case.page, case.start.as_str()) {
            (Some(page), "page") => self.agent.url(&format!("/realweb/{page}")),
            _ => "about:blank".to_owned(),
        };
        person.invoke(&NavigateParams { url }).await?;
        Ok(())
    }

    /// Polls the record of the active tab's top document until `expect` holds (up to 2 s).
    async fn record_holds(&self, expect: &str) -> bool {
        let deadline = Instant::now() + RECORD_WAIT;
        loop {
            if let Ok(Value::Bool(true)) = self.over_record(expect).await {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// `first_input - dcl` on the active tab, if both are recorded.
    async fn usable_after_dcl(&self, timing: &super::Timing) -> Option<f64> {
        let expression = format!("({}) - ({})", timing.first_input, timing.dcl);
        self.over_record(&expression).await.ok()?.as_f64()
    }

    /// Evaluates an expression over `r`, the record of the active tab's top document.
    async fn over_record(&self, expression: &str) -> anyhow::Result<Value> {
        let page = self.active_page().await?;
        let wrapped = format!(
            "(r => ({expression}))(JSON.parse(document.getElementById('tandem-result').textContent))"
        );
        let params = EvaluateParams::builder()
            .expression(wrapped)
            .return_by_value(true)
            .build()
            .map_err(anyhow::Error::msg)?;
        let response = page.execute(params).await?;
        if let Some(details) = &response.result.exception_details {
            bail!("the page threw: {}", details.text);
        }
        Ok(response.result.result.value.clone().unwrap_or(Value::Null))
    }

    /// The harness's handle on the tab the person's client reports active.
    async fn active_page(&self) -> anyhow::Result<Page> {
        let tabs = self.agent.person.invoke(&ListTabsParams {}).await?.tabs;
        let active = tabs
            .into_iter()
            .find(|t| t.active)
            .context("no active tab")?;
        for page in self.cdp.pages().await? {
            if page.url().await?.as_deref() == Some(active.url.as_str()) {
                return Ok(page);
            }
        }
        bail!(
            "the active tab {} is not among the browser's pages",
            active.url
        )
    }

    /// Stops the agent, both connections and the browser.
    pub async fn shutdown(self) {
        self.agent.shutdown().await;
        self.cdp_task.abort();
        drop(self.cdp);
        drop(self.chromium);
    }
}
