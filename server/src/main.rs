//! `tandem`: the Tandem command-line entry point (see `tandem --help`).
//!
//! `tandem` / `tandem serve` runs the daemon; `tandem mcp` serves the browser tools on stdio
//! (stdout is the protocol: every log goes to stderr); `tandem run "<goal>"` runs one goal.

use std::io::IsTerminal as _;

use anyhow::Context;
use clap::Parser;
use rmcp::serve_server;
use tandem_mcp_browser::BrowserHost;
use tandem_mcp_browser::gate::GateSettings;
use tandem_mcp_browser::server::BrowserServer;
use tandem_server::cli::serve::{Daemon, shutdown_signal};
use tandem_server::cli::{APPROVE_ALL_WARNING, Cli, Command, export, policy_gate, run, scenario};
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_env("TANDEM_LOG")
                .unwrap_or_else(|_| EnvFilter::new("info,chromiumoxide=error,rmcp=warn")),
        )
        .with_writer(std::io::stderr)
        // Colour codes only for a person at a terminal, not in an MCP client's log file.
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    let cli = Cli::parse();
    let config = cli.common.load()?;
    match cli.command() {
        Command::Serve(args) => {
            if config.policy.approve_all {
                eprintln!("{APPROVE_ALL_WARNING}");
            }
            let daemon = Daemon::bind(config, &args).await?;
            let address = daemon.ui_address();
            println!("Tandem is running. Open the chat page:\n\n    {address}\n");
            println!(
                "Planning with the {}.\n\
                 Try the built-in demo shop: open http://127.0.0.1:{}/demo/ then click Add kettle to cart\n",
                daemon.state.sessions.planner_label(),
                daemon.addr.port()
            );
            if args.open {
                open_in_browser(&address);
            }
            daemon.serve(shutdown_signal()).await
        }
        Command::Mcp => {
            serve_stdio(config).await?;
            // Stopped by a signal, the transport's reader thread can still be blocked on stdin,
            // which would hold the runtime open. The browser is closed: nothing is left to do.
            std::process::exit(0);
        }
        Command::Run(args) => {
            let code = run::run(config, args).await?;
            std::process::exit(code);
        }
        Command::Scenario(args) => {
            let code = scenario::run(config, args, &mut std::io::stdout()).await?;
            std::process::exit(code);
        }
        Command::Export(args) => {
            let sites = tandem_mcp_browser::site::sites_root(&config.browser);
            let pages = export::export_site(&sites, &args.project, &args.dir)?;
            println!(
                "Wrote {} pages to {}: open {} in a browser.",
                pages.len(),
                args.dir.display(),
                args.dir.join("index.html").display()
            );
            Ok(())
        }
    }
}

/// Serves one MCP session on stdio until the client disconnects or a signal (Ctrl-C, SIGTERM)
/// stops it, then closes the browser.
async fn serve_stdio(config: tandem_server::Config) -> anyhow::Result<()> {
    if config.policy.approve_all {
        eprintln!("{APPROVE_ALL_WARNING}");
    }
    // Takeovers (passwords, CAPTCHAs, payments) send the person to the live view, served on a
    // loopback port for as long as this process runs.
    let handover = tandem_server::handover::serve_loopback()
        .await
        .context("starting the live view for takeovers on loopback")?;
    eprintln!(
        "Tandem: takeovers open the live view at {} (loopback; each link works once)",
        handover.address()
    );
    let gate = GateSettings {
        approve_all: config.policy.approve_all,
        takeover: Some(handover),
        ..GateSettings::new(policy_gate(&config)?)
    };
    let host = BrowserHost::new(config.browser);
    let server = BrowserServer::new(host.clone()).with_gate(gate);
    let running = serve_server(server, rmcp::transport::stdio())
        .await
        .context("starting the MCP server on stdio")?;
    let stop = running.cancellation_token();
    let on_signal = tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("stopping on a signal");
        stop.cancel();
    });
    let reason = running.waiting().await;
    on_signal.abort();
    tracing::info!(?reason, "MCP session ended");
    host.shutdown().await;
    Ok(())
}

/// Best effort: hands the address to the desktop's opener.
fn open_in_browser(address: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    if let Err(error) = std::process::Command::new(opener).arg(address).spawn() {
        tracing::warn!(%error, "could not open a browser; copy the address instead");
    }
}
