//! Starting or connecting to Chromium: finds the executable, builds the closed-network flags, and
//! spawns the task that polls chromiumoxide's `Handler` for the browser's whole life.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex as StdMutex};

use chromiumoxide::error::CdpError;
use chromiumoxide::handler::viewport::Viewport;
use chromiumoxide::{Browser, Handler};
use futures::StreamExt;
use tokio::task::JoinHandle;

use super::reaper::Reaper;
use crate::config::BrowserConfig;
use crate::error::{BrowserError, Result};

/// Names tried on PATH when no executable is configured.
const CANDIDATES: [&str; 4] = [
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
];

/// Switches that keep Chromium quiet on a closed network (chromiumoxide adds the `--`).
pub const CLOSED_NETWORK_ARGS: [&str; 8] = [
    "disable-gpu",
    "disable-background-networking",
    "disable-component-update",
    "disable-sync",
    "no-first-run",
    "disable-quic",
    "no-default-browser-check",
    "disable-features=Translate,OptimizationHints,MediaRouter,InterestFeedContentSuggestions",
];

/// Switches for how the mouse reaches a page (chromiumoxide adds the `--`).
///
/// `BoundaryEventDispatchTracksNodeRemoval` off: the element under the pointer stays the target
/// of the next mouse event when the page's own `mouseover` handler moves it in the DOM (a widget
/// that brings its hovered part to the front re-inserts it). With the newer rule every event
/// re-sends `mouseover`, the handler moves the element again and the press's mouse events go to
/// its parent: the control can never be clicked, by a person's mouse either (a pie menu's
/// current slice).
pub const POINTER_ARGS: [&str; 1] =
    ["disable-blink-features=BoundaryEventDispatchTracksNodeRemoval"];

/// A started browser: the chromiumoxide handle, its handler task and its profile directory.
pub(crate) struct Launched {
    pub browser: Browser,
    pub handler_task: JoinHandle<()>,
    /// Cleared by the handler task when the DevTools connection ends (crash, kill, close).
    pub alive: Arc<AtomicBool>,
    /// How the DevTools connection ended, set by the handler task when nobody asked for it.
    pub lost: Arc<StdMutex<Option<String>>>,
    /// The fresh profile; removed from disk when dropped. `None` for a remote browser.
    pub profile: Option<tempfile::TempDir>,
    /// Kills the browser if Tandem's process dies first. `None` for a remote browser.
    pub reaper: Option<Reaper>,
}

/// The executable to launch: config, then `TANDEM_CHROME`, then well-known names on PATH.
pub fn find_executable(config: &BrowserConfig) -> Result<PathBuf> {
    if let Some(path) = &config.executable {
        return existing(path);
    }
    if let Some(path) = std::env::var_os("TANDEM_CHROME").filter(|v| !v.is_empty()) {
        return existing(Path::new(&path));
    }
    let path_var = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path_var)
        .flat_map(|dir| CANDIDATES.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
        .ok_or(BrowserError::NotFound)
}

/// The named browser, if it is a file.
fn existing(path: &Path) -> Result<PathBuf> {
    if path.is_file() {
        Ok(path.to_path_buf())
    } else {
        Err(BrowserError::ExecutableMissing(path.display().to_string()))
    }
}

/// Launches a local Chromium or connects to `config.remote_url`.
pub(crate) async fn start(config: &BrowserConfig) -> Result<Launched> {
    match &config.remote_url {
        Some(url) => connect(url, config).await,
        None => launch(config).await,
    }
}

async fn launch(config: &BrowserConfig) -> Result<Launched> {
    let executable = find_executable(config)?;
    let target = executable.display().to_string();
    let profile = tempfile::Builder::new()
        .prefix("tandem-profile-")
        .tempdir()
        .map_err(|e| format!("cannot create a profile directory: {e}"))
        .map_err(BrowserError::launch(&target))?;

    let mut builder = chromiumoxide::BrowserConfig::builder()
        .chrome_executable(&executable)
        .user_data_dir(profile.path())
        .no_sandbox()
        .window_size(config.viewport_width, config.viewport_height)
        .viewport(viewport(config))
        .launch_timeout(config.launch_timeout())
        .request_timeout(handler_timeout(config))
        .args(CLOSED_NETWORK_ARGS)
        .args(POINTER_ARGS)
        .args(config.extra_args.iter().map(String::as_str));
    if !config.headless {
        builder = builder.with_head();
    }
    let chrome_config = builder.build().map_err(BrowserError::launch(&target))?;
    let (mut browser, handler) = Browser::launch(chrome_config)
        .await
        .map_err(BrowserError::launch(&target))?;
    let pid = browser
        .get_mut_child()
        .and_then(|child| child.as_mut_inner().id());
    let reaper = pid.and_then(|pid| Reaper::arm(pid, profile.path()));
    tracing::info!(executable = %target, ?pid, "launched Chromium");
    let mut launched = spawn_handler(browser, handler, Some(profile));
    launched.reaper = reaper;
    Ok(launched)
}

async fn connect(url: &str, config: &BrowserConfig) -> Result<Launched> {
    let handler_config = chromiumoxide::handler::HandlerConfig {
        viewport: Some(viewport(config)),
        request_timeout: handler_timeout(config),
        ..Default::default()
    };
    let ws_url = devtools_websocket(url)
        .await
        .map_err(BrowserError::launch(url))?;
    let connecting = Browser::connect_with_config(ws_url, handler_config);
    let (browser, handler) = tokio::time::timeout(config.launch_timeout(), connecting)
        .await
        .map_err(|_| "timed out connecting to the DevTools endpoint")
        .map_err(BrowserError::launch(url))?
        .map_err(BrowserError::launch(url))?;
    tracing::info!(%url, "connected to a remote browser");
    Ok(spawn_handler(browser, handler, None))
}

/// The DevTools WebSocket URL of a remote browser given by it or by its HTTP address
/// (`http://host:9222`), which is asked `/json/version` here rather than by chromiumoxide, so
/// the request uses our TLS settings.
async fn devtools_websocket(url: &str) -> std::result::Result<String, String> {
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        return Ok(url.to_owned());
    }
    let trimmed = url.trim_end_matches('/');
    let version_url = if trimmed.ends_with("/json/version") {
        trimmed.to_owned()
    } else {
        format!("{trimmed}/json/version")
    };
    let client = crate::tls::http_client(None)?;
    let fetched = async {
        client
            .get(&version_url)
            .send()
            .await?
            .error_for_status()?
            .json::<serde_json::Value>()
            .await
    };
    let version = fetched
        .await
        .map_err(|e| format!("asking {version_url}: {e}"))?;
    version
        .get("webSocketDebuggerUrl")
        .and_then(serde_json::Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| format!("{version_url} names no webSocketDebuggerUrl"))
}

/// chromiumoxide's own bound on each command it sends. Every call Tandem makes is bounded by
/// Tandem itself (the call, navigation or launch timeout), so this one only governs the commands
/// chromiumoxide sends on its own: setting up a new tab, whose first command (`Page.enable`)
/// waits for the tab's renderer process to start. That is a process start, bounded like a
/// launch; with the call timeout it raced the machine's load.
fn handler_timeout(config: &BrowserConfig) -> std::time::Duration {
    config.call_timeout().max(config.launch_timeout())
}

fn viewport(config: &BrowserConfig) -> Viewport {
    Viewport {
        width: config.viewport_width,
        height: config.viewport_height,
        device_scale_factor: Some(1.0),
        ..Default::default()
    }
}

/// Polls the handler until the connection ends; every CDP call depends on this task running.
fn spawn_handler(
    browser: Browser,
    mut handler: Handler,
    profile: Option<tempfile::TempDir>,
) -> Launched {
    let alive = Arc::new(AtomicBool::new(true));
    let lost = Arc::new(StdMutex::new(None));
    let flag = Arc::clone(&alive);
    let cause = Arc::clone(&lost);
    let handler_task = tokio::spawn(async move {
        let mut ending = "the DevTools connection closed".to_owned();
        while let Some(event) = handler.next().await {
            match event {
                Ok(()) => {}
                // The WebSocket itself failed: the browser is gone.
                Err(CdpError::Ws(error)) => {
                    tracing::warn!(%error, "DevTools connection failed");
                    ending = format!("the DevTools connection failed: {error}");
                    break;
                }
                // Other message errors are normal (e.g. a target closed mid-call).
                Err(error) => tracing::debug!(%error, "CDP handler event error"),
            }
        }
        // Still marked alive here means nobody asked for the end: a crash or a lost connection.
        if flag.swap(false, Ordering::SeqCst) {
            tracing::warn!(%ending, "browser connection ended unexpectedly");
            if let Ok(mut cause) = cause.lock() {
                *cause = Some(ending);
            }
        }
    });
    Launched {
        browser,
        handler_task,
        alive,
        lost,
        profile,
        reaper: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_browser_that_is_not_there_is_named_in_the_error() {
        let config = BrowserConfig {
            executable: Some("/nonexistent/chrome".into()),
            ..BrowserConfig::default()
        };
        let error = find_executable(&config).unwrap_err();
        assert!(
            matches!(&error, BrowserError::ExecutableMissing(path) if path == "/nonexistent/chrome"),
            "{error}"
        );
        assert!(error.to_string().contains("/nonexistent/chrome"), "{error}");
        assert_eq!(error.code(), "browser_not_found");
    }
}
