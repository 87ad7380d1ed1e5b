//! Daemon configuration: a TOML file (`--config` / `TANDEM_CONFIG`), then environment variables
//! and command-line flags on top (see `docs/configuration.md`). Unknown keys are refused with the
//! line and the problem.

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use serde::Deserialize;
use tandem_agent::AgentConfig;
use tandem_mcp_browser::BrowserConfig;

use crate::session::{DEFAULT_IDLE_GRACE, DEFAULT_MAX_SESSIONS, SessionLifetime};

/// The default port of `tandem serve`.
pub const DEFAULT_PORT: u16 = 7420;

/// Everything the daemon can be told.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub server: ServerSettings,
    pub browser: BrowserConfig,
    pub agent: AgentSettings,
    pub sessions: SessionSettings,
    pub policy: PolicySettings,
    /// An OpenAI-compatible model for planning (`[model]`, keys in docs/configuration.md).
    /// Without one, and without `TANDEM_MODEL_BASE_URL` / `MODEL_STANDARD` in the environment,
    /// the offline instruction planner is used.
    pub model: Option<tandem_agent::ModelConfig>,
    /// Other MCP servers (stdio) whose tools are offered to the planner as `<name>__<tool>`.
    /// Their calls pass the policy gate like any tool: allow them in the policy file.
    #[serde(rename = "mcp_server")]
    pub mcp_servers: Vec<McpServerSettings>,
    /// Secrets (`[secrets.NAME] host = "…", value = "…"`), with or without a model: typed as
    /// `<secret:NAME>` into a secret field on `host` without asking, the value put in only there.
    /// `TANDEM_SECRET_<NAME>` + `TANDEM_SECRET_<NAME>_HOST` add more (see [`Config::secrets`]).
    pub secrets: std::collections::BTreeMap<String, tandem_agent::model::SecretEntry>,
}

/// An external MCP server: a child process speaking MCP on its stdio (`command`), or a server
/// reached over streamable HTTP (`url`). A key left out takes its default; an empty `name` is
/// refused by [`McpServerSettings::check`].
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct McpServerSettings {
    /// Prefix of its tools: letters, digits and `-` (`notes` gives `notes__add`).
    pub name: String,
    /// The program to start (stdio).
    pub command: Option<PathBuf>,
    pub args: Vec<String>,
    /// Extra environment variables for it.
    pub env: std::collections::BTreeMap<String, String>,
    /// Its streamable HTTP endpoint (`http://127.0.0.1:9000/mcp`) instead of a command.
    pub url: Option<String>,
    /// Bearer token for `url`.
    pub bearer_token: Option<String>,
    /// For an `https://` `url`: a PEM file of extra certificate authorities to trust (a private
    /// CA). The system's authorities are trusted as well.
    pub ca_file: Option<PathBuf>,
}

impl McpServerSettings {
    /// Refuses settings that cannot work: names that would make tool names ambiguous, neither
    /// or both of `command` and `url`, a `ca_file` without an https:// `url`.
    pub fn check(&self) -> anyhow::Result<()> {
        let valid = !self.name.is_empty()
            && !self.name.contains("__")
            && self
                .name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        anyhow::ensure!(
            valid,
            "MCP server name `{}` must be letters, digits, `-` or `_` (and no `__`)",
            self.name
        );
        anyhow::ensure!(
            self.command.is_some() != self.url.is_some(),
            "MCP server `{}` needs exactly one of `command` (stdio) or `url` (HTTP)",
            self.name
        );
        anyhow::ensure!(
            self.ca_file.is_none()
                || self
                    .url
                    .as_deref()
                    .is_some_and(|u| u.starts_with("https://")),
            "MCP server `{}`: `ca_file` applies only to an https:// `url`",
            self.name
        );
        Ok(())
    }
}

/// Reads TOML `text` as a `T` (the config file, a scenario file); an error names the line and
/// the problem.
pub fn from_toml<T: serde::de::DeserializeOwned>(text: &str) -> anyhow::Result<T> {
    toml::from_str(text).map_err(|error| {
        let line = error
            .span()
            .map(|span| text[..span.start.min(text.len())].matches('\n').count() + 1);
        match line {
            Some(line) => anyhow::anyhow!("line {line}: {}", error.message()),
            None => anyhow::anyhow!("{}", error.message()),
        }
    })
}

/// Where and how the daemon listens.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ServerSettings {
    /// Address to bind. Loopback by default; anything else needs `allow_remote = true`.
    pub host: String,
    /// Port to bind (0 picks a free one).
    pub port: u16,
    /// Extra exact origins allowed to open the WebSocket (e.g. a reverse proxy's address).
    pub allowed_origins: Vec<String>,
    /// Permit binding a non-loopback address (the launch token is still required).
    pub allow_remote: bool,
    /// Open the chat page in the default browser at start-up.
    pub open: bool,
}

impl Default for ServerSettings {
    fn default() -> Self {
        Self {
            host: "127.0.0.1".into(),
            port: DEFAULT_PORT,
            allowed_origins: Vec::new(),
            allow_remote: false,
            open: false,
        }
    }
}

/// Limits of one agent run (`[agent]`); the defaults are the agent library's.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AgentSettings {
    /// Actions (browser actions and tool calls) a run may execute before it stops
    /// (`finalize_limit`).
    pub max_actions: usize,
    /// Graph transitions a run may take: the guard against loops that execute nothing.
    pub max_transitions: usize,
}

impl Default for AgentSettings {
    fn default() -> Self {
        let defaults = AgentConfig::default();
        Self {
            max_actions: defaults.max_actions,
            max_transitions: defaults.max_transitions,
        }
    }
}

impl AgentSettings {
    /// The agent configuration with these limits.
    pub fn agent_config(&self) -> AgentConfig {
        AgentConfig::default()
            .with_max_actions(self.max_actions)
            .with_max_transitions(self.max_transitions)
    }
}

/// How long sessions live and how many there may be (`[sessions]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SessionSettings {
    /// A session with no client attached, no run going and no question pending is closed (its
    /// browser context disposed of) after this many milliseconds.
    pub idle_grace_ms: u64,
    /// Live sessions at most (at least 1); one more `attach` gets `too_many_sessions`.
    pub max_live: NonZeroUsize,
    /// The folder of the project database (`tandem.db`: projects, their run history and
    /// memory, kept across restarts; run history files of earlier daemons in its `history/`
    /// are imported once). Unset: the data folder (`$TANDEM_DATA_DIR`, else
    /// `~/.local/share/tandem`).
    pub store_dir: Option<std::path::PathBuf>,
    /// The run history folder of daemons before the project database (`{session_id}.jsonl`
    /// files). Still accepted, so that an older config file loads: its files are imported into
    /// the database once at start-up (they stay where they are), with a warning to remove the
    /// setting.
    pub history_dir: Option<std::path::PathBuf>,
}

impl Default for SessionSettings {
    fn default() -> Self {
        Self {
            idle_grace_ms: u64::try_from(DEFAULT_IDLE_GRACE.as_millis()).unwrap_or(u64::MAX),
            max_live: DEFAULT_MAX_SESSIONS,
            store_dir: None,
            history_dir: None,
        }
    }
}

impl SessionSettings {
    /// The session registry's lifetime rules.
    pub fn lifetime(&self) -> SessionLifetime {
        SessionLifetime {
            idle_grace: Duration::from_millis(self.idle_grace_ms),
            max_sessions: self.max_live,
            ..SessionLifetime::default()
        }
    }
}

/// Policy rules added to the embedded safe defaults.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PolicySettings {
    /// A TOML rules file (format in `docs/policy.md`); it can only add rules.
    pub file: Option<PathBuf>,
    /// MCP clients' confirmations are taken as given, without asking (`--approve-all`; a
    /// warning is printed on every start). Takeovers and denies are untouched.
    pub approve_all: bool,
}

impl Config {
    /// Reads a config file; a missing `path` gives the defaults.
    pub fn load(path: Option<&Path>) -> anyhow::Result<Self> {
        let Some(path) = path else {
            return Ok(Self::default());
        };
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("reading the config file {}", path.display()))?;
        Self::parse(&text).with_context(|| format!("in the config file {}", path.display()))
    }

    /// Parses config text; errors name the line and the problem.
    pub fn parse(text: &str) -> anyhow::Result<Self> {
        from_toml(text)
    }

    /// The configured secrets: `[secrets]`, then `[model] secrets`, then `TANDEM_SECRET_<NAME>` /
    /// `TANDEM_SECRET_<NAME>_HOST` from `vars` (names lower-cased), read whether or not a model
    /// is configured. A variable without its host, a bad name or an empty value is an error.
    pub fn secrets(
        &self,
        vars: impl IntoIterator<Item = (String, String)>,
    ) -> anyhow::Result<std::collections::BTreeMap<String, tandem_agent::model::SecretEntry>> {
        let vars: std::collections::BTreeMap<String, String> = vars.into_iter().collect();
        let mut secrets = self.secrets.clone();
        if let Some(model) = &self.model {
            secrets.extend(model.secrets.clone());
        }
        for (key, value) in &vars {
            let Some(name) = key.strip_prefix("TANDEM_SECRET_") else {
                continue;
            };
            if name.is_empty() || name.ends_with("_HOST") {
                continue;
            }
            let host = vars
                .get(&format!("{key}_HOST"))
                .ok_or_else(|| anyhow::anyhow!("{key}: a secret needs its host in {key}_HOST"))?;
            secrets.insert(
                name.to_ascii_lowercase(),
                tandem_agent::model::SecretEntry {
                    host: host.clone(),
                    value: tandem_agent::model::SecretString::new(value.clone()),
                },
            );
        }
        for (name, secret) in &secrets {
            let valid_name = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
            if !valid_name {
                anyhow::bail!("secret `{name}`: names use letters, digits, _ and -");
            }
            if secret.host.trim().is_empty() || secret.value.is_empty() {
                anyhow::bail!("secret `{name}`: every secret needs a host and a value");
            }
        }
        Ok(secrets)
    }

    /// True when the bind address is a loopback address.
    pub fn binds_loopback(&self) -> bool {
        let host = self
            .server
            .host
            .trim_start_matches('[')
            .trim_end_matches(']');
        host == "localhost"
            || host
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_come_from_the_file_and_the_environment_without_a_model() {
        let config =
            Config::parse("[secrets.shop]\nhost = \"127.0.0.1\"\nvalue = \"hunter2\"\n").unwrap();
        let vars = [
            ("TANDEM_SECRET_MAIL".to_owned(), "pw".to_owned()),
            ("TANDEM_SECRET_MAIL_HOST".to_owned(), "mail.test".to_owned()),
        ];
        let secrets = config.secrets(vars).unwrap();
        assert_eq!(secrets["shop"].host, "127.0.0.1");
        assert_eq!(secrets["shop"].value.expose(), "hunter2");
        assert_eq!(secrets["mail"].host, "mail.test");
        let error = config
            .secrets([("TANDEM_SECRET_X".to_owned(), "v".to_owned())])
            .unwrap_err();
        assert!(
            format!("{error:#}").contains("TANDEM_SECRET_X_HOST"),
            "{error:#}"
        );
        let bad = Config::parse("[secrets.\"a b\"]\nhost = \"h\"\nvalue = \"v\"\n").unwrap();
        assert!(bad.secrets(Vec::new()).is_err());
    }

    #[test]
    fn defaults_are_loopback_on_the_documented_port() {
        let config = Config::default();
        assert_eq!(config.server.port, DEFAULT_PORT);
        assert!(config.binds_loopback());
        assert_eq!(config.agent.max_actions, 30);
        assert!(config.browser.headless);
        assert_eq!(config.sessions.lifetime(), SessionLifetime::default());
    }

    #[test]
    fn session_lifetime_is_read_and_a_zero_cap_is_refused() {
        let config = Config::parse("[sessions]\nidle_grace_ms = 250\nmax_live = 3\n").unwrap();
        assert_eq!(config.sessions.history_dir, None);
        let older =
            Config::parse("[sessions]\nhistory_dir = \"/var/lib/tandem/history\"\n").unwrap();
        assert_eq!(
            older.sessions.history_dir.as_deref(),
            Some(Path::new("/var/lib/tandem/history")),
            "a config file from before the project database still loads"
        );
        let lifetime = config.sessions.lifetime();
        assert_eq!(lifetime.idle_grace, Duration::from_millis(250));
        assert_eq!(lifetime.max_sessions.get(), 3);
        let error = Config::parse("[sessions]\nmax_live = 0\n").unwrap_err();
        assert!(format!("{error:#}").contains("line 2"), "{error:#}");
    }

    #[test]
    fn reads_every_section() {
        let config = Config::parse(
            r#"
            [server]
            port = 9000
            allowed_origins = ["https://tandem.example"]
            [browser]
            executable = "/opt/chrome"
            viewport_width = 1024
            [agent]
            max_actions = 12
            [policy]
            file = "/etc/tandem/policy.toml"
            "#,
        )
        .unwrap();
        assert_eq!(config.server.port, 9000);
        assert_eq!(config.browser.viewport_width, 1024);
        assert_eq!(config.agent.max_actions, 12);
        assert!(config.policy.file.is_some());
    }

    #[test]
    fn a_model_section_is_read_with_its_tiers() {
        let config = Config::parse(
            r#"
            [model]
            base_url = "http://127.0.0.1:11434/v1"
            standard = "llama3.1"
            "#,
        )
        .unwrap();
        let model = config.model.expect("a model section");
        assert_eq!(model.base_url, "http://127.0.0.1:11434/v1");
        assert!(Config::parse("[model]\nbase_url = 1\n").is_err());
    }

    #[test]
    fn mcp_servers_are_listed_as_tables() {
        let config = Config::parse(
            "[[mcp_server]]\nname = \"notes\"\ncommand = \"/usr/bin/notes-mcp\"\nargs = [\"--stdio\"]\n",
        )
        .unwrap();
        assert_eq!(config.mcp_servers.len(), 1);
        assert!(config.mcp_servers[0].check().is_ok());
        let mut bad = config.mcp_servers[0].clone();
        bad.name = "a__b".into();
        assert!(bad.check().is_err());
    }

    #[test]
    fn unknown_keys_are_refused_with_their_line() {
        let error = Config::parse("[server]\nport = 1\nprot = 2\n").unwrap_err();
        let message = format!("{error:#}");
        assert!(message.contains("line 3"), "{message}");
        assert!(message.contains("prot"), "{message}");
    }

    #[test]
    fn non_loopback_binds_are_recognised() {
        let mut config = Config::default();
        for (host, loopback) in [
            ("127.0.0.1", true),
            ("::1", true),
            ("localhost", true),
            ("0.0.0.0", false),
            ("192.168.1.4", false),
        ] {
            config.server.host = host.into();
            assert_eq!(config.binds_loopback(), loopback, "{host}");
        }
    }
}
