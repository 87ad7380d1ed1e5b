//! The `tandem` command line: flags and environment variables layered over the config file.

pub mod run;
pub mod serve;

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use clap::{Args, Parser, Subcommand};
use tandem_agent::AgentConfig;
use tandem_agent::planner::{InstructionPlanner, Planner};
use tandem_policy::PolicyGate;

use crate::config::Config;
use crate::session::SessionFactory;

/// Tandem drives a real browser for you and asks before anything risky.
///
/// Start the daemon with `tandem` (or `tandem serve`) and open the address it prints.
#[derive(Debug, Parser)]
#[command(name = "tandem", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub common: CommonArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the daemon: the chat UI, the WebSocket API and MCP over HTTP (the default).
    Serve(ServeArgs),
    /// Serve the browser tools as an MCP server over stdin/stdout (for any MCP client).
    Mcp,
    /// Run one goal in the terminal and exit; the exit code says how it ended.
    Run(RunArgs),
}

/// Settings shared by every command.
#[derive(Debug, Clone, Args)]
pub struct CommonArgs {
    /// Config file (TOML, see docs/configuration.md).
    #[arg(long, global = true, env = "TANDEM_CONFIG")]
    pub config: Option<PathBuf>,
    /// Chromium executable (default: chromium / google-chrome on PATH).
    #[arg(long, global = true, env = "TANDEM_CHROME")]
    pub chrome: Option<PathBuf>,
    /// Use a running browser instead: its DevTools URL (ws://… or http://host:9222).
    #[arg(long, global = true, env = "TANDEM_CHROME_URL")]
    pub chrome_url: Option<String>,
    /// Show the browser window (needs a display).
    #[arg(long, global = true)]
    pub headed: bool,
    /// Extra policy rules added to the safe defaults (TOML, see docs/policy.md).
    #[arg(long, global = true, env = "TANDEM_POLICY")]
    pub policy: Option<PathBuf>,
}

#[derive(Debug, Clone, Default, Args)]
pub struct ServeArgs {
    /// Address to bind (default 127.0.0.1).
    #[arg(long, env = "TANDEM_HOST")]
    pub host: Option<String>,
    /// Port to bind (default 7420; 0 picks a free one).
    #[arg(long, env = "TANDEM_PORT")]
    pub port: Option<u16>,
    /// Allow binding a non-loopback address (the launch token is still required).
    #[arg(long)]
    pub allow_remote: bool,
    /// Open the chat page in your browser.
    #[arg(long)]
    pub open: bool,
}

#[derive(Debug, Clone, Args)]
pub struct RunArgs {
    /// What to do, e.g. "open example.com then click More information".
    pub goal: String,
    /// Open this URL first.
    #[arg(long)]
    pub url: Option<String>,
    /// Never ask: confirmations are denied and takeovers end the run.
    #[arg(long)]
    pub no_input: bool,
    /// Most graph steps before the run stops.
    #[arg(long)]
    pub max_steps: Option<usize>,
}

impl CommonArgs {
    /// The config file with these flags applied on top.
    pub fn load(&self) -> anyhow::Result<Config> {
        let mut config = Config::load(self.config.as_deref())?;
        if let Some(chrome) = &self.chrome {
            config.browser.executable = Some(chrome.clone());
        }
        if let Some(url) = &self.chrome_url {
            config.browser.remote_url = Some(url.clone());
        }
        if self.headed {
            config.browser.headless = false;
        }
        if let Some(policy) = &self.policy {
            config.policy.file = Some(policy.clone());
        }
        Ok(config)
    }
}

/// What every session is built from: the browser host, the planner and the policy gate.
pub fn session_factory(config: &Config) -> anyhow::Result<SessionFactory> {
    let gate = match &config.policy.file {
        Some(path) => PolicyGate::with_defaults_and_file(path)
            .with_context(|| format!("loading the policy file {}", path.display()))?,
        None => PolicyGate::with_defaults().context("loading the default policy")?,
    };
    let planner: Arc<dyn Planner> = Arc::new(InstructionPlanner::new());
    let agent = AgentConfig::default().with_max_tool_steps(config.agent.max_tool_steps);
    Ok(SessionFactory {
        host: tandem_mcp_browser::BrowserHost::new(config.browser.clone()),
        planner,
        gate: Arc::new(gate),
        agent,
    })
}
