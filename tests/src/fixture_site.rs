//! The fixture site: the pages under `tests/fixtures/` served over HTTP on 127.0.0.1 (a free
//! port), as real pages for real Chromium. Requests under `/hang/` are accepted and never
//! answered: a subresource (or a document) that never arrives, as real sites' trackers, ads and
//! slow CDNs sometimes do.

use std::net::SocketAddr;
use std::path::PathBuf;

use axum::Router;
use tower_http::services::ServeDir;

/// A running fixture server; stops when dropped.
pub struct FixtureSite {
    addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl FixtureSite {
    /// Directory holding the fixture pages.
    pub fn root() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures")
    }

    /// Serves the fixture pages on a free loopback port.
    pub async fn start() -> anyhow::Result<Self> {
        let app = Router::new()
            .route("/hang/{*rest}", axum::routing::any(never_answer))
            .fallback_service(ServeDir::new(Self::root()));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let task = tokio::spawn(async move {
            if let Err(error) = axum::serve(listener, app).await {
                tracing::error!(%error, "fixture site stopped");
            }
        });
        Ok(Self { addr, task })
    }

    /// Absolute URL of a fixture path such as `/form.html`.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
}

/// Holds the request open until the server stops: no status line, no headers.
async fn never_answer() -> &'static str {
    std::future::pending::<()>().await;
    ""
}

impl Drop for FixtureSite {
    fn drop(&mut self) {
        self.task.abort();
    }
}
