//! The `tandem` command line: flags and environment variables layered over the config file.

pub mod export;
pub mod run;
pub mod scenario;
pub mod serve;

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use clap::{Args, Parser, Subcommand};
use tandem_agent::planner::{InstructionPlanner, Planner};
use tandem_agent::{ExternalServer, ModelConfig, ModelPlanner};
use tandem_mcp_browser::McpBrowserClient;
use tandem_policy::PolicyGate;

use crate::config::Config;
use crate::session::SessionFactory;

/// Tandem drives a real browser for you and asks before anything risky.
///
/// Start the daemon with `tandem` (or `tandem serve`) and open the address it prints.
#[derive(Debug, Parser)]
#[command(
    name = "tandem",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub common: CommonArgs,
    /// The daemon's settings when no command is named (`tandem --port 8000`).
    #[command(flatten)]
    pub serve: ServeArgs,
}

impl Cli {
    /// The command to run: `serve` with the top-level settings when none is named.
    pub fn command(self) -> Command {
        self.command.unwrap_or(Command::Serve(self.serve))
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the daemon: the chat UI, the WebSocket API and MCP over HTTP (the default).
    Serve(ServeArgs),
    /// Serve the browser tools as an MCP server over stdin/stdout (for any MCP client).
    Mcp,
    /// Run one goal in the terminal and exit; the exit code says how it ended.
    Run(RunArgs),
    /// Run scenario files (docs/scenarios.md) against headless Chromium; exit 1 if any fails.
    Scenario(ScenarioArgs),
    /// Write a project's site as a plain static folder that opens from disk.
    Export(export::ExportArgs),
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
    /// MCP clients (`tandem mcp`, `/mcp`) get their confirmations without asking the person.
    /// Takeovers and denies still apply. Prints a warning on every start.
    #[arg(long, global = true)]
    pub approve_all: bool,
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
    /// Open this URL before the first plan (the planner starts on this page).
    #[arg(long)]
    pub url: Option<String>,
    /// Also show every graph node as it runs (plan, gate, execute...), not only one line per
    /// action.
    #[arg(short, long)]
    pub verbose: bool,
    /// Never ask: confirmations are denied and takeovers end the run.
    #[arg(long)]
    pub no_input: bool,
    /// Most actions (browser actions and tool calls) before the run stops.
    #[arg(long)]
    pub max_actions: Option<usize>,
}

#[derive(Debug, Clone, Args)]
pub struct ScenarioArgs {
    /// Scenario files (TOML), or folders whose `*.toml` files are run.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Scenarios run at the same time, each in its own browser context.
    #[arg(long, default_value_t = 2)]
    pub parallel: usize,
    /// Write JUnit XML here.
    #[arg(long)]
    pub junit: Option<PathBuf>,
    /// Write a failed scenario's timeline and last screenshot under this folder.
    #[arg(long, default_value = "scenario-results")]
    pub out: PathBuf,
    /// Serve this folder as `{{site}}` (default: tests/fixtures when it exists).
    #[arg(long, conflicts_with = "site_url")]
    pub site: Option<PathBuf>,
    /// Use this running site as `{{site}}` instead of serving a folder.
    #[arg(long)]
    pub site_url: Option<String>,
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
        config.policy.approve_all |= self.approve_all;
        Ok(config)
    }
}

/// The policy: the safe defaults plus the configured file's rules.
pub fn policy_gate(config: &Config) -> anyhow::Result<Arc<PolicyGate>> {
    let gate = match &config.policy.file {
        Some(path) => PolicyGate::with_defaults_and_file(path)
            .with_context(|| format!("loading the policy file {}", path.display()))?,
        None => PolicyGate::with_defaults().context("loading the default policy")?,
    };
    Ok(Arc::new(gate))
}

/// The warning printed on every start with `--approve-all`.
pub const APPROVE_ALL_WARNING: &str = "WARNING: --approve-all is on: MCP clients' actions that \
     need a confirmation (purchases, sending, deleting...) run without asking you. Takeovers \
     and denies still apply.";

/// What every session is built from: the browser host, the planner and the policy gate.
pub fn session_factory(config: &Config) -> anyhow::Result<SessionFactory> {
    let gate = policy_gate(config)?;
    let (planner, planner_label) = planner(config)?;
    let mut agent = config.agent.agent_config();
    agent.secrets = config
        .secrets(std::env::vars())
        .context("the [secrets] settings and TANDEM_SECRET_* variables")?;
    Ok(SessionFactory {
        host: tandem_mcp_browser::BrowserHost::new(config.browser.clone()),
        planner,
        planner_label,
        gate,
        agent,
        extra_tools: Vec::new(),
    })
}

/// Starts the configured external MCP servers (once per daemon, shared by every session) and
/// returns them for [`SessionFactory::extra_tools`]. A server that fails to start is an error
/// at start-up, with its name.
pub async fn connect_mcp_servers(config: &Config) -> anyhow::Result<Vec<ExternalServer>> {
    let mut servers = Vec::with_capacity(config.mcp_servers.len());
    for settings in &config.mcp_servers {
        settings.check()?;
        let client = match (&settings.command, &settings.url) {
            (Some(program), _) => {
                let mut command = tokio::process::Command::new(program);
                command.args(&settings.args).envs(&settings.env);
                McpBrowserClient::spawn(command).await.with_context(|| {
                    format!(
                        "starting the MCP server `{}` ({})",
                        settings.name,
                        program.display()
                    )
                })?
            }
            (None, Some(url)) => McpBrowserClient::connect_http(
                url,
                settings.bearer_token.as_deref(),
                settings.ca_file.as_deref(),
            )
            .await
            .with_context(|| {
                format!("connecting to the MCP server `{}` at {url}", settings.name)
            })?,
            (None, None) => anyhow::bail!("MCP server `{}` has no command or url", settings.name),
        };
        tracing::info!(server = %settings.name, "connected an external MCP server");
        servers.push(ExternalServer {
            name: settings.name.clone(),
            server: Arc::new(client),
        });
    }
    Ok(servers)
}

/// The model planner when a model is configured (file `[model]`, then the environment on top),
/// else the offline instruction planner. Returns it with a one-line description.
fn planner(config: &Config) -> anyhow::Result<(Arc<dyn Planner>, String)> {
    let model = match config.model.clone() {
        Some(mut model) => {
            model.apply_env().context("the [model] settings")?;
            Some(model)
        }
        None => ModelConfig::from_env().context("the TANDEM_MODEL_* / MODEL_* variables")?,
    };
    match model {
        Some(model) => {
            let label = format!(
                "model planner: {} at {}",
                model
                    .standard
                    .as_ref()
                    .map(|tier| tier.primary.clone())
                    .unwrap_or_default(),
                model.base_url
            );
            let planner = ModelPlanner::from_config(model).context("starting the model planner")?;
            Ok((Arc::new(planner), label))
        }
        None => Ok((
            Arc::new(InstructionPlanner::new()),
            "instruction planner (no model configured)".to_owned(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_instruction_planner_is_the_default_and_a_model_section_selects_the_model_planner() {
        let plain = session_factory(&Config::default()).unwrap();
        // (A model configured in this process's environment would also count; CI has none.)
        if std::env::var_os("TANDEM_MODEL_BASE_URL").is_none()
            && std::env::var_os("MODEL_STANDARD").is_none()
        {
            assert!(plain.planner_label.starts_with("instruction planner"));
        }
        let with_model = Config::parse(
            "[model]\nbase_url = \"http://127.0.0.1:9/v1\"\nstandard = \"test-model\"\n",
        )
        .unwrap();
        let factory = session_factory(&with_model).unwrap();
        assert!(
            factory.planner_label.contains("test-model"),
            "{}",
            factory.planner_label
        );
    }

    #[test]
    fn the_daemon_takes_its_settings_with_or_without_the_serve_command() {
        for argv in [
            &["tandem", "--port", "8123"][..],
            &["tandem", "serve", "--port", "8123"][..],
        ] {
            let command = Cli::try_parse_from(argv).unwrap().command();
            assert!(
                matches!(&command, Command::Serve(args) if args.port == Some(8123)),
                "{argv:?}: {command:?}"
            );
        }
        // Daemon settings before another command would be ignored: refused instead.
        assert!(Cli::try_parse_from(["tandem", "--port", "8123", "mcp"]).is_err());
    }
}
