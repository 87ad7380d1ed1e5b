//! [`TestAgent`]: an agent over a real headless Chromium and the fixture site, plus the test's
//! own MCP client on the *same* browser session (to act as the person during a takeover, or to
//! check the page independently of the agent).

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, bail};
use tandem_agent::planner::{InstructionPlanner, Planner};
use tandem_agent::{Agent, AgentConfig, AgentEvent, AgentHandle, Interrupt};
use tandem_mcp_browser::browser::WaitCondition;
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::server::params::{ListTabsParams, WaitParams};
use tandem_mcp_browser::{BrowserHost, BrowserSession, McpBrowserClient};
use tandem_policy::PolicyGate;
use tandem_protocol::RunOutcome;
use tokio::sync::{Mutex, broadcast};

use crate::browser::browser_config;
use crate::fixture_site::FixtureSite;

/// Policy added to the defaults in agent tests: `localhost` is a host the agent may not visit
/// (the fixture site itself is served as `127.0.0.1`, so a page can send the browser there).
pub const TEST_POLICY: &str = "[hosts]\ndeny = [\"localhost\"]\n";

/// How long a test waits for one event before failing.
pub const EVENT_TIMEOUT: Duration = Duration::from_secs(45);

/// An agent on a fresh browser, the fixture site and an event receiver.
pub struct TestAgent {
    pub agent: AgentHandle,
    pub events: broadcast::Receiver<AgentEvent>,
    pub site: FixtureSite,
    pub host: Arc<BrowserHost>,
    /// The test's own client on the agent's browser session.
    pub person: McpBrowserClient,
}

impl TestAgent {
    /// Instruction planner, default configuration.
    pub async fn start() -> anyhow::Result<Self> {
        Self::start_with(AgentConfig::default(), Arc::new(InstructionPlanner::new())).await
    }

    /// An agent with this configuration and planner, the defaults plus [`TEST_POLICY`].
    pub async fn start_with(
        config: AgentConfig,
        planner: Arc<dyn Planner>,
    ) -> anyhow::Result<Self> {
        Self::start_custom(config, |_| planner).await
    }

    /// An agent whose planner is built with access to the browser host (for fault injection).
    pub async fn start_custom(
        config: AgentConfig,
        planner: impl FnOnce(&Arc<BrowserHost>) -> Arc<dyn Planner>,
    ) -> anyhow::Result<Self> {
        Self::start_on(browser_config(), config, planner).await
    }

    /// Like [`TestAgent::start_custom`] on a browser with these settings (e.g. a browser the
    /// test also reaches over DevTools, through `remote_url`).
    pub async fn start_on(
        browser: tandem_mcp_browser::BrowserConfig,
        config: AgentConfig,
        planner: impl FnOnce(&Arc<BrowserHost>) -> Arc<dyn Planner>,
    ) -> anyhow::Result<Self> {
        let site = FixtureSite::start().await?;
        let host = BrowserHost::new(browser);
        let planner = planner(&host);
        let session = Arc::new(Mutex::new(BrowserSession::new(Arc::clone(&host))));
        let browser =
            McpBrowserClient::in_process(BrowserServer::with_session(Arc::clone(&session))).await?;
        let person = McpBrowserClient::in_process(BrowserServer::with_session(session)).await?;
        let gate = PolicyGate::with_defaults_and(TEST_POLICY)?;
        let agent = Agent::spawn(config, planner, Arc::new(browser), Arc::new(gate));
        let events = agent.subscribe();
        Ok(Self {
            agent,
            events,
            site,
            host,
            person,
        })
    }

    /// Absolute URL of a fixture page.
    pub fn url(&self, path: &str) -> String {
        self.site.url(path)
    }

    /// Sends a message and returns the run id.
    pub async fn say(&self, text: &str) -> anyhow::Result<String> {
        Ok(self.agent.submit_user_message(text).await?)
    }

    /// The next event matching `pred` (other events are skipped), or an error after
    /// [`EVENT_TIMEOUT`].
    pub async fn wait_for_event(
        &mut self,
        pred: impl Fn(&AgentEvent) -> bool,
    ) -> anyhow::Result<AgentEvent> {
        let events = &mut self.events;
        tokio::time::timeout(EVENT_TIMEOUT, async {
            loop {
                match events.recv().await {
                    Ok(event) if pred(&event) => return Ok(event),
                    Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                    Err(broadcast::error::RecvError::Closed) => bail!("agent events closed"),
                }
            }
        })
        .await
        .context("timed out waiting for an agent event")?
    }

    /// Waits for the end of the current run.
    pub async fn finished(&mut self) -> anyhow::Result<(RunOutcome, String)> {
        match self
            .wait_for_event(|e| matches!(e, AgentEvent::RunFinished { .. }))
            .await?
        {
            AgentEvent::RunFinished { outcome, text, .. } => Ok((outcome, text)),
            other => bail!("unexpected event {other:?}"),
        }
    }

    /// Waits for the next question.
    pub async fn question(&mut self) -> anyhow::Result<Interrupt> {
        match self
            .wait_for_event(|e| matches!(e, AgentEvent::Question { .. }))
            .await?
        {
            AgentEvent::Question { interrupt, .. } => Ok(interrupt),
            other => bail!("unexpected event {other:?}"),
        }
    }

    /// Waits (in the browser, up to 5 s) until the page shows `text`.
    pub async fn page_shows(&self, text: &str) -> anyhow::Result<()> {
        self.person
            .invoke(&WaitParams {
                condition: WaitCondition::Text {
                    text: text.to_owned(),
                },
                timeout_ms: Some(5_000),
            })
            .await
            .with_context(|| format!("the page never showed {text:?}"))?;
        Ok(())
    }

    /// The active tab's URL, as the person's client sees it.
    pub async fn active_url(&self) -> anyhow::Result<String> {
        let tabs = self.person.invoke(&ListTabsParams {}).await?;
        tabs.tabs
            .into_iter()
            .find(|t| t.active)
            .map(|t| t.url)
            .context("no active tab")
    }

    /// Stops the agent, the clients and the browser.
    pub async fn shutdown(self) {
        self.agent.shutdown().await;
        self.person.close().await;
        self.host.shutdown().await;
    }
}
