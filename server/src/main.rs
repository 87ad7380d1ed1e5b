//! `tandem`: the Tandem command-line entry point.
//!
//! `tandem mcp` serves the browser tools as an MCP server on stdio (stdout is the protocol; all
//! logs go to stderr).

use std::path::PathBuf;

use anyhow::Context;
use clap::{Parser, Subcommand};
use rmcp::serve_server;
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::{BrowserConfig, BrowserHost};
use tracing_subscriber::EnvFilter;

/// Tandem drives a real browser for you and asks before anything risky.
#[derive(Debug, Parser)]
#[command(name = "tandem", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the browser tools as an MCP server over stdin/stdout (for any MCP client).
    Mcp(BrowserArgs),
}

/// Where the browser comes from.
#[derive(Debug, clap::Args)]
struct BrowserArgs {
    /// Chromium executable (default: $TANDEM_CHROME, then chromium / google-chrome on PATH).
    #[arg(long, env = "TANDEM_CHROME")]
    chrome: Option<PathBuf>,
    /// Use a running browser instead: its DevTools URL (ws://… or http://host:9222).
    #[arg(long, env = "TANDEM_CHROME_URL")]
    chrome_url: Option<String>,
    /// Show the browser window (needs a display).
    #[arg(long)]
    headed: bool,
}

impl BrowserArgs {
    fn config(&self) -> BrowserConfig {
        BrowserConfig {
            executable: self.chrome.clone(),
            remote_url: self.chrome_url.clone(),
            headless: !self.headed,
            ..BrowserConfig::default()
        }
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_env("TANDEM_LOG")
                .unwrap_or_else(|_| EnvFilter::new("info,chromiumoxide=error")),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    match cli.command {
        Command::Mcp(args) => serve_stdio(args.config()).await,
    }
}

/// Serves one MCP session on stdio until the client disconnects, then closes the browser.
async fn serve_stdio(config: BrowserConfig) -> anyhow::Result<()> {
    let host = BrowserHost::new(config);
    let server = BrowserServer::new(host.clone());
    let running = serve_server(server, rmcp::transport::stdio())
        .await
        .context("starting the MCP server on stdio")?;
    let reason = running.waiting().await;
    tracing::info!(?reason, "MCP client disconnected");
    host.shutdown().await;
    Ok(())
}
