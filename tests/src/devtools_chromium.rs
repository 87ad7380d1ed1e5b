//! A Chromium started by hand with a DevTools port, the way a person starts one for Tandem to
//! connect to (`--chrome-url`), for tests of remote browsers.

use std::process::Stdio;

use anyhow::Context as _;
use tandem_mcp_browser::BrowserConfig;
use tandem_mcp_browser::browser::find_executable;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::Child;

/// The running browser: killed when dropped, its profile deleted.
pub struct DevtoolsChromium {
    pub process: Child,
    /// Its DevTools WebSocket URL, `ws://127.0.0.1:PORT/devtools/browser/…`.
    pub ws_url: String,
    _profile: tempfile::TempDir,
}

impl DevtoolsChromium {
    /// Starts headless Chromium with a fresh profile, closed network and a DevTools port of
    /// its own choosing; returns once it has printed its DevTools URL.
    pub async fn start() -> anyhow::Result<Self> {
        Self::start_on(0).await
    }

    /// Like [`DevtoolsChromium::start`] on a given DevTools port (0: any free one), e.g. to
    /// bring a browser back at the address Tandem was told to reconnect to.
    pub async fn start_on(port: u16) -> anyhow::Result<Self> {
        let profile = tempfile::tempdir()?;
        let executable = find_executable(&BrowserConfig::default())?;
        let mut process = tokio::process::Command::new(executable)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "about:blank",
            ])
            .arg(format!("--remote-debugging-port={port}"))
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .kill_on_drop(true)
            .spawn()?;
        let stderr = process.stderr.take().context("no stderr")?;
        let mut lines = BufReader::new(stderr).lines();
        let ws_url = loop {
            let line = lines
                .next_line()
                .await?
                .context("Chromium exited before printing its DevTools URL")?;
            if let Some(url) = line.strip_prefix("DevTools listening on ") {
                break url.trim().to_owned();
            }
        };
        Ok(Self {
            process,
            ws_url,
            _profile: profile,
        })
    }

    /// The `host:port` of its DevTools HTTP endpoint (`/json/version`, `/json/list`).
    pub fn http_address(&self) -> String {
        self.ws_url
            .strip_prefix("ws://")
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_default()
            .to_owned()
    }
}
