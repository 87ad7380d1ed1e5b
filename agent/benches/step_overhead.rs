//! Bench: the agent's own overhead per step — graph runner, nodes, validation, policy, events,
//! timeline and records — with a browser and a planner that answer instantly.
//!
//! A step is one action: maybe_observe → plan_action → validate_action → policy_gate →
//! execute_action → maybe_stop_or_continue. Each run plays `STEPS` clicks on a 60-element page
//! (with a 64 KB screenshot in every observation event) and stops. Per run, the time spent inside
//! the stand-in browser and planner is subtracted from the wall time (submit → `RunFinished`),
//! and the rest is divided by the number of steps. Prints median and p95 over `RUNS` runs and
//! PASS/FAIL against a 1 ms median target.
//! Run with `cargo bench -p tandem-agent --bench step_overhead`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use serde_json::Value;
use tandem_agent::plan::Plan;
use tandem_agent::planner::{PlanContext, Planner};
use tandem_agent::{Action, Agent, AgentConfig, AgentEvent, BrowserTools, PlannerError, ToolInfo};
use tandem_mcp_browser::browser::ActionOutcome;
use tandem_mcp_browser::snapshot::{Element, Rect, Snapshot};
use tandem_mcp_browser::{Answer, ClientError, Observation, ObservedPage, Screenshot, ToolOutput};
use tandem_policy::PolicyGate;
use tandem_protocol::RunOutcome;

const STEPS: usize = 20;
const RUNS: usize = 200;
const TARGET: Duration = Duration::from_millis(1);

/// Time spent inside the stand-ins, in nanoseconds.
#[derive(Default)]
struct Outside(AtomicU64);

impl Outside {
    fn add(&self, since: Instant) {
        let ns = u64::try_from(since.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.0.fetch_add(ns, Ordering::Relaxed);
    }
    fn take(&self) -> Duration {
        Duration::from_nanos(self.0.swap(0, Ordering::Relaxed))
    }
}

struct InstantBrowser {
    page: ObservedPage,
    outside: Arc<Outside>,
}

#[async_trait]
impl BrowserTools for InstantBrowser {
    async fn tools(&self) -> Result<Vec<ToolInfo>, ClientError> {
        Ok(Vec::new())
    }

    /// Observations answer the page (written as `observe` writes it); every other call is an
    /// action that succeeded.
    async fn call(&self, name: &str, _: Value) -> Result<ToolOutput, ClientError> {
        let started = Instant::now();
        let output = match name {
            "observe" => self.page.write(),
            action => ActionOutcome {
                message: action.to_owned(),
                url: "https://bench.test/".to_owned(),
                title: "Bench".to_owned(),
            }
            .write(),
        };
        self.outside.add(started);
        Ok(output)
    }
}

/// Clicks "Next" `STEPS` times, then stops.
struct InstantPlanner {
    calls: AtomicUsize,
    outside: Arc<Outside>,
}

#[async_trait]
impl Planner for InstantPlanner {
    async fn plan(&self, ctx: &PlanContext<'_>) -> Result<Plan, PlannerError> {
        let started = Instant::now();
        let done = ctx.history.len();
        self.calls.fetch_add(1, Ordering::Relaxed);
        let action = if done < STEPS {
            Action::Click { eid: "e1".into() }
        } else {
            Action::Stop {
                answer: "done".to_owned(),
            }
        };
        self.outside.add(started);
        Ok(Plan::new(action))
    }
}

fn page() -> ObservedPage {
    let elements = (0..60)
        .map(|i| Element {
            eid: format!("e{}", i + 1).as_str().into(),
            role: if i == 0 { "button" } else { "link" }.to_owned(),
            name: if i == 0 {
                "Next".to_owned()
            } else {
                format!("Article {i}")
            },
            tag: "a".to_owned(),
            in_viewport: true,
            rect: Rect {
                x: 0.0,
                y: 20.0 * f64::from(i),
                w: 100.0,
                h: 18.0,
            },
            ..Element::default()
        })
        .collect();
    ObservedPage {
        observation: Observation {
            snapshot: Snapshot {
                url: "https://bench.test/".to_owned(),
                title: "Bench".to_owned(),
                elements,
                ..Snapshot::default()
            },
            screenshot: Some(Screenshot {
                mime_type: "image/jpeg".to_owned(),
                data: "A".repeat(64 * 1024),
                width: 1280,
                height: 800,
            }),
            tabs: Vec::new(),
            notices: Vec::new(),
            sign_in_again: None,
        },
        text: "page text ".repeat(200),
    }
}

fn main() {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            println!("FAIL: no tokio runtime: {error}");
            return;
        }
    };
    runtime.block_on(bench());
}

async fn bench() {
    let outside = Arc::new(Outside::default());
    let gate = match PolicyGate::with_defaults() {
        Ok(gate) => Arc::new(gate),
        Err(error) => {
            println!("FAIL: policy: {error}");
            return;
        }
    };
    let browser = Arc::new(InstantBrowser {
        page: page(),
        outside: Arc::clone(&outside),
    });
    let planner = Arc::new(InstantPlanner {
        calls: AtomicUsize::new(0),
        outside: Arc::clone(&outside),
    });
    let config = AgentConfig::default()
        .with_max_actions(2 * STEPS)
        .with_max_transitions(10 * STEPS);
    let agent = Agent::spawn(config, planner, browser, gate);
    let mut events = agent.subscribe();

    let mut per_step = Vec::with_capacity(RUNS);
    let mut nodes_per_run = 0;
    for run in 0..RUNS + 10 {
        outside.take();
        let started = Instant::now();
        if let Err(error) = agent.submit_user_message("click next a few times").await {
            println!("FAIL: {error}");
            return;
        }
        let outcome = loop {
            match events.recv().await {
                Ok(AgentEvent::RunFinished { outcome, .. }) => break outcome,
                Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                Err(tokio::sync::broadcast::error::RecvError::Closed) => {
                    println!("FAIL: agent stopped");
                    return;
                }
            }
        };
        let wall = started.elapsed();
        if outcome != RunOutcome::Done {
            println!("FAIL: run ended {outcome:?}");
            return;
        }
        let own = wall.saturating_sub(outside.take());
        // The first runs warm caches and allocators.
        if run >= 10 {
            per_step.push(own / u32::try_from(STEPS).unwrap_or(1));
        }
        if let Some(record) = agent.runs().last() {
            nodes_per_run = record.transitions.len();
        }
    }
    per_step.sort();
    let median = per_step[per_step.len() / 2];
    let p95 = per_step[per_step.len() * 95 / 100];
    println!(
        "agent overhead per step ({STEPS} steps per run, {nodes_per_run} nodes per run, {RUNS} runs): \
         median {:.3} ms, p95 {:.3} ms -> {} (target: median < {} ms)",
        median.as_secs_f64() * 1e3,
        p95.as_secs_f64() * 1e3,
        if median < TARGET { "PASS" } else { "FAIL" },
        TARGET.as_millis()
    );
    agent.shutdown().await;
}
