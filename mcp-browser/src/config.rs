//! How to reach a browser: launch a local Chromium or connect to a remote DevTools endpoint.

use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// Browser settings. `Default` launches a headless Chromium found via `TANDEM_CHROME` or PATH.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BrowserConfig {
    /// Chromium executable. `None`: `TANDEM_CHROME`, then `chromium`, `chromium-browser`,
    /// `google-chrome`, `google-chrome-stable` on PATH.
    pub executable: Option<PathBuf>,
    /// Connect to this running browser instead of launching one: a DevTools WebSocket URL
    /// (`ws://host:9222/devtools/browser/…`) or its HTTP address (`http://host:9222`).
    pub remote_url: Option<String>,
    /// Run without a window (default true). A headed browser needs a display.
    pub headless: bool,
    /// Viewport in CSS pixels.
    pub viewport_width: u32,
    pub viewport_height: u32,
    /// Upper bound for any single CDP call, in milliseconds.
    pub call_timeout_ms: u64,
    /// Upper bound for a navigation to finish loading, in milliseconds.
    pub navigation_timeout_ms: u64,
    /// Upper bound for starting a browser process, in milliseconds: launching the browser, and
    /// opening a tab (which starts the tab's renderer process). A failure cut-off: a browser
    /// that dies meanwhile ends the wait at once.
    pub launch_timeout_ms: u64,
    /// Extra command-line switches, without the leading `--` (e.g. `"lang=de"`).
    pub extra_args: Vec<String>,
    /// Where the site tools keep each session's pages (`{sites_dir}/{session}/`). `None`:
    /// `$TANDEM_DATA_DIR/sites`, else the user's data folder (`~/.local/share/tandem/sites`).
    pub sites_dir: Option<PathBuf>,
    /// Where files that pages download are saved, under the name the page gives them. `None`
    /// (the default): downloads are refused, as headless Chromium refuses them.
    pub downloads_dir: Option<PathBuf>,
}

impl Default for BrowserConfig {
    fn default() -> Self {
        Self {
            executable: None,
            remote_url: None,
            headless: true,
            viewport_width: 1280,
            viewport_height: 800,
            call_timeout_ms: 10_000,
            navigation_timeout_ms: 20_000,
            launch_timeout_ms: 20_000,
            extra_args: Vec::new(),
            sites_dir: None,
            downloads_dir: None,
        }
    }
}

impl BrowserConfig {
    pub fn call_timeout(&self) -> Duration {
        Duration::from_millis(self.call_timeout_ms)
    }

    pub fn navigation_timeout(&self) -> Duration {
        Duration::from_millis(self.navigation_timeout_ms)
    }

    pub fn launch_timeout(&self) -> Duration {
        Duration::from_millis(self.launch_timeout_ms)
    }
}
