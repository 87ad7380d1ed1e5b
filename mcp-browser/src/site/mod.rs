//! Site studio: the page/site generation tools, served beside the browser tools by the same MCP
//! server (in-process to the agent, `tandem mcp`, the daemon's `/mcp`).
//!
//! Tools (declared in [`params`], served by `tools.rs` over any [`SiteHost`], merged into
//! [`crate::server::BrowserServer`]'s router):
//! `analyze_brief`, `create_design_system`, `generate_page`, `edit_page`, `read_page`,
//! `list_pages`, `validate_html`, `extract_style`. (`ask_user` stays the agent's question
//! interrupt.)
//!
//! - Files: `{sites_root}/{session}/` ([`store`]): pages, `design-system.css`, numbered
//!   versions, bounded sizes, slugs `[a-z0-9-]{1,64}` ([`slug`]).
//! - Serving: read-only with a sandboxing CSP ([`serve`]), by the daemon at
//!   `/sites/{session}/…` and by the loopback [`preview`] server the browser opens.
//! - Text: from the client's model through MCP sampling when it offers it ([`sampling`]),
//!   else from templates ([`brief`], [`design`], [`templates`], [`edit`]).
//! - Checks: `validate_html` renders in real Chromium at 390×844, then runs axe-core and
//!   measures overflow at 360, 768 and 1280 px ([`validator`], [`report`]); `extract_style`
//!   clusters pixels with `image` ([`style`]).
//! - Main task: a page with the brief's form also writes `scenario.toml` beside the site, which
//!   Tandem's agent runs with `tandem scenario` ([`scenario`]).

pub mod brief;
pub mod colors;
pub mod design;
pub mod design_upgrade;
#[cfg(test)]
mod design_upgrade_tests;
pub mod edit;
pub mod error;
pub mod params;
pub mod preview;
pub mod refine;
pub mod report;
pub mod sampling;
pub mod scenario;
pub mod serve;
pub mod slug;
pub mod store;
pub mod studio;
pub mod style;
pub mod templates;
pub(crate) mod tools;
pub mod validator;

use std::path::PathBuf;
use std::sync::Arc;

use tokio::sync::Mutex;

pub use error::SiteError;
pub use slug::Slug;
pub use store::{PageInfo, SiteStore};

use crate::browser::BrowserSession;
use crate::config::BrowserConfig;
use validator::Validator;

/// What the site tools need from the server that serves them: the browser session they check
/// pages in (and screenshot for `extract_style`), and their own state.
pub trait SiteHost: Send + Sync + 'static {
    /// The session's browser.
    fn browser_session(&self) -> &Arc<Mutex<BrowserSession>>;
    /// The site tools' state.
    fn studio(&self) -> &SiteStudio;
}

/// The site tools' state for one MCP connection: which session's folder they write, and the
/// phone tab `validate_html` reuses.
pub struct SiteStudio {
    session: String,
    root: Option<PathBuf>,
    validator: Validator,
}

impl SiteStudio {
    /// Tools for `session` (one folder name: letters, digits, `-`), under the configured sites
    /// folder ([`sites_root`]).
    pub fn new(session: impl Into<String>) -> Self {
        Self {
            session: session.into(),
            root: None,
            validator: Validator::default(),
        }
    }

    /// Tools for a session of their own (a new random key).
    pub fn fresh() -> Self {
        Self::new(uuid::Uuid::new_v4().to_string())
    }

    /// The same, writing under `root` whatever the configuration says.
    pub fn with_root(mut self, root: PathBuf) -> Self {
        self.root = Some(root);
        self
    }

    pub fn session(&self) -> &str {
        &self.session
    }

    /// The sites folder these tools write under.
    pub fn root(&self, config: &BrowserConfig) -> PathBuf {
        self.root.clone().unwrap_or_else(|| sites_root(config))
    }

    /// The session's store.
    pub fn store(&self, config: &BrowserConfig) -> Result<SiteStore, SiteError> {
        SiteStore::new(&self.root(config), &self.session)
    }

    pub(crate) fn validator(&self) -> &Validator {
        &self.validator
    }
}

/// Where site files live: `sites_dir` of the browser config, else [`data_root`]`/sites`.
pub fn sites_root(config: &BrowserConfig) -> PathBuf {
    config
        .sites_dir
        .clone()
        .unwrap_or_else(|| data_root().join("sites"))
}

/// Tandem's data folder: `$TANDEM_DATA_DIR`, else `$XDG_DATA_HOME/tandem`, else
/// `~/.local/share/tandem`, else the temporary folder's `tandem`.
pub fn data_root() -> PathBuf {
    let env = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(data) = env("TANDEM_DATA_DIR") {
        return data;
    }
    if let Some(data) = env("XDG_DATA_HOME") {
        return data.join("tandem");
    }
    if let Some(home) = env("HOME") {
        return home.join(".local/share/tandem");
    }
    std::env::temp_dir().join("tandem")
}
