//! `tandem serve`: binds loopback, prints the UI address with the launch token, serves until
//! Ctrl-C / SIGTERM, then denies pending confirmations, closes every WebSocket with 1001 and
//! closes the browsers.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use tandem_mcp_browser::gate::{GateSettings, TakeoverDesk};

use super::{ServeArgs, connect_mcp_servers, session_factory};
use crate::app::router;
use crate::config::Config;
use crate::handover::HandoverDesk;
use crate::security::AccessPolicy;
use crate::session::SessionRegistry;
use crate::state::AppState;
use crate::token::LaunchToken;
use crate::ws::OpenSockets;

/// How long open WebSockets get, at shutdown, to take their close frame.
const SOCKETS_CLOSE_WITHIN: Duration = Duration::from_secs(5);

/// A bound, not yet serving daemon (tests use it to learn the port).
pub struct Daemon {
    pub listener: tokio::net::TcpListener,
    pub state: Arc<AppState>,
    pub addr: SocketAddr,
}

impl Daemon {
    /// Binds the configured address and builds the state. Refuses a non-loopback bind unless
    /// `allow_remote` is set.
    pub async fn bind(mut config: Config, args: &ServeArgs) -> anyhow::Result<Self> {
        if let Some(host) = &args.host {
            config.server.host = host.clone();
        }
        if let Some(port) = args.port {
            config.server.port = port;
        }
        config.server.allow_remote |= args.allow_remote;
        config.server.open |= args.open;
        if !config.binds_loopback() && !config.server.allow_remote {
            anyhow::bail!(
                "refusing to bind {}: it is not a loopback address. Pass --allow-remote if you \
                 really want the daemon reachable from other machines (the launch token is \
                 still required)",
                config.server.host
            );
        }
        let token = match std::env::var("TANDEM_TOKEN") {
            Ok(secret) => LaunchToken::from_secret(&secret)
                .context("TANDEM_TOKEN must be at least 32 printable characters")?,
            Err(_) => LaunchToken::generate(),
        };
        let bind = format!("{}:{}", config.server.host, config.server.port);
        let listener = tokio::net::TcpListener::bind(&bind)
            .await
            .with_context(|| format!("binding {bind} (is another tandem running? try --port 0)"))?;
        let addr = listener.local_addr()?;
        let access = AccessPolicy::for_port(
            &config.server.host,
            addr.port(),
            &config.server.allowed_origins,
        );
        let mut factory = session_factory(&config)?;
        factory.extra_tools = connect_mcp_servers(&config).await?;
        // MCP takeovers send the person to the handover page on the daemon's own address.
        let handover = Arc::new(HandoverDesk::new(url::Url::parse(&format!(
            "http://127.0.0.1:{}/",
            addr.port()
        ))?));
        let mcp_gate = GateSettings {
            approve_all: config.policy.approve_all,
            takeover: Some(Arc::clone(&handover) as Arc<dyn TakeoverDesk>),
            ..GateSettings::new(Arc::clone(&factory.gate))
        };
        let sessions = SessionRegistry::with_lifetime(factory, config.sessions.lifetime());
        // Projects last in the data folder beside the sites; history files of earlier daemons
        // are imported once.
        let store_dir = config
            .sessions
            .store_dir
            .clone()
            .unwrap_or_else(tandem_mcp_browser::site::data_root);
        let store = crate::store::SqliteStore::open(&store_dir)
            .with_context(|| format!("opening the project database in {}", store_dir.display()))?;
        crate::store::import_history_files(&store, &store_dir.join("history"));
        if let Some(older) = &config.sessions.history_dir {
            let imported = crate::store::import_history_files(&store, older);
            tracing::warn!(
                folder = %older.display(),
                imported,
                "`[sessions] history_dir` is from before the project database: its run history \
                 is imported into tandem.db (once); remove the setting"
            );
        }
        sessions.keep_projects(Arc::new(store));
        // Each project's logins last beside the database, one owner-only file each.
        sessions.keep_logins(crate::logins::LoginVault::new(&store_dir));
        // The Product Doc lives beside the session's site files.
        sessions.keep_product_docs(tandem_mcp_browser::site::sites_root(&config.browser));
        let state = Arc::new(AppState {
            token,
            access,
            sessions,
            shutdown: tokio_util::sync::CancellationToken::new(),
            mcp_gate,
            handover: Some(handover),
        });
        Ok(Self {
            listener,
            state,
            addr,
        })
    }

    /// The address of the chat page, with the token in the fragment (never sent to a server).
    pub fn ui_address(&self) -> String {
        format!(
            "http://127.0.0.1:{}/#token={}",
            self.addr.port(),
            self.state.token.reveal()
        )
    }

    /// Serves until `shutdown` resolves, then closes sessions, WebSockets and the browser.
    pub async fn serve(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        // WebSockets outlive the HTTP server (an upgraded connection is not waited for): they
        // are closed below, once the sessions are.
        let sockets = OpenSockets::new();
        let router = router(Arc::clone(&self.state), sockets.clone());
        let closing = self.state.shutdown.clone();
        let shutdown = async move {
            shutdown.await;
            // Ends MCP event streams, which would otherwise hold the graceful shutdown open.
            closing.cancel();
        };
        axum::serve(self.listener, router)
            .with_graceful_shutdown(shutdown)
            .await
            .context("serving HTTP")?;
        tracing::info!("shutting down: denying pending confirmations and closing browsers");
        self.state.sessions.shutdown().await;
        // Only now, so each socket gets its session's last frames (a denied confirmation) first.
        sockets.close(SOCKETS_CLOSE_WITHIN).await;
        self.state.host().shutdown().await;
        // Last: every write the sessions sent is committed and the database closed before the
        // daemon says it has stopped.
        if let Some(store) = self.state.sessions.store().cloned() {
            crate::store::blocking(move || {
                store.close();
                Ok(())
            })
            .await?;
        }
        Ok(())
    }
}

/// Resolves on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
}
