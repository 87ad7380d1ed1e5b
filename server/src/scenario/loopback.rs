//! A router served on a free loopback port for the length of a suite (the fixture site, the
//! scripted model). The server stops when the [`Loopback`] is dropped.

use std::net::SocketAddr;

use anyhow::Context;
use axum::Router;

pub struct Loopback {
    addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl Loopback {
    /// Serves `app` on `127.0.0.1` at a free port; `what` names it in errors and logs ("the
    /// fixture site").
    pub async fn serve(app: Router, what: &'static str) -> anyhow::Result<Self> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .with_context(|| format!("binding {what} on 127.0.0.1"))?;
        let addr = listener.local_addr()?;
        let task = tokio::spawn(async move {
            if let Err(error) = axum::serve(listener, app).await {
                tracing::error!(%error, "{what} stopped");
            }
        });
        Ok(Self { addr, task })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
}

impl Drop for Loopback {
    fn drop(&mut self) {
        self.task.abort();
    }
}
