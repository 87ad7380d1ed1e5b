//! A real headless Chromium behind an in-process MCP browser server, for tests and benches.

use std::sync::Arc;

use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::{BrowserConfig, BrowserHost, McpBrowserClient};

/// Browser settings for tests: headless, fresh profile, a 1280x800 viewport, short timeouts so
/// a failure shows quickly, and site files under the temporary folder (one per test process).
pub fn browser_config() -> BrowserConfig {
    BrowserConfig {
        call_timeout_ms: 8_000,
        navigation_timeout_ms: 10_000,
        // Starting Chromium and each tab's renderer takes as long as the test machine's load
        // makes it; a browser that dies ends the wait at once, so this is only a cut-off.
        launch_timeout_ms: 60_000,
        sites_dir: Some(test_sites_dir()),
        ..BrowserConfig::default()
    }
}

/// Where this test process's site tools write: `{tmp}/tandem-test-sites-{pid}`.
pub fn test_sites_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("tandem-test-sites-{}", std::process::id()))
}

/// A host and a client connected in-process to a server over one session.
pub struct TestBrowser {
    pub host: Arc<BrowserHost>,
    pub client: McpBrowserClient,
}

impl TestBrowser {
    /// Starts nothing yet: the browser launches on the first tool call.
    pub async fn start() -> anyhow::Result<Self> {
        let host = BrowserHost::new(browser_config());
        let client = connected_client(&host).await?;
        Ok(Self { host, client })
    }

    /// Closes the client and the browser (`close()` then `wait()`).
    pub async fn shutdown(self) {
        self.client.close().await;
        self.host.shutdown().await;
    }
}

/// A new MCP session (its own browser context) on `host`, connected in-process.
pub async fn connected_client(host: &Arc<BrowserHost>) -> anyhow::Result<McpBrowserClient> {
    let server = BrowserServer::new(Arc::clone(host));
    Ok(McpBrowserClient::in_process(server).await?)
}
