//! The daemon's HTTP surface: `pub fn app(state) -> Router`, so tests can drive it in-process.
//!
//! Routes: `/` and the UI assets, `/demo/…` (the built-in shop), `/sites/…` (the site studio's
//! pages, sandboxed), `/health`, `/ws` (the chat
//! protocol), `/handover/ws` (the live view an MCP client's takeover sends the person to),
//! `/api/projects/{id}/site.zip` (the site download) and `/mcp` (the browser tools over MCP
//! streamable HTTP); `/api/…` and `/mcp` take the launch token as a bearer token. Every request passes the access check first (its target, `Host` and `Origin`;
//! see [`security::AccessPolicy`]); `/mcp` also needs the token.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Router};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::json;
use tandem_mcp_browser::server::BrowserServer;

use crate::security;
use crate::state::AppState;
use crate::ws::OpenSockets;
use crate::{handover, sites, static_files, ws};

/// The router of the daemon. Its WebSockets close (1001) as soon as `state.shutdown` is
/// cancelled; [`router`] lets the daemon choose when.
pub fn app(state: Arc<AppState>) -> Router {
    let sockets = OpenSockets::closing_with(state.shutdown.clone());
    router(state, sockets)
}

/// The router of the daemon, whose WebSockets are tracked by `sockets` and closed when it says.
pub fn router(state: Arc<AppState>, sockets: OpenSockets) -> Router {
    let mcp = mcp_service(&state);
    let guarded_mcp = Router::new()
        .nest_service("/mcp", mcp)
        .route("/api/sessions/{session_id}/runs", get(session_runs))
        .route(
            "/api/projects/{project_id}/site.zip",
            get(crate::export::download::site_zip),
        )
        .layer(middleware::from_fn_with_state(
            Arc::clone(&state),
            require_token,
        ));
    let handover = match &state.handover {
        Some(desk) => handover::router(Arc::clone(desk), state.access.clone()),
        None => Router::new(),
    };
    Router::new()
        .merge(handover)
        .route("/health", get(health))
        .route("/ws", get(ws::upgrade))
        .route("/demo", get(static_files::demo))
        .route("/demo/", get(static_files::demo))
        .route("/demo/{*path}", get(static_files::demo))
        .route("/sites/{*path}", get(sites::file))
        .merge(guarded_mcp)
        .fallback(get(static_files::ui))
        .layer(Extension(sockets))
        .layer(middleware::from_fn_with_state(
            Arc::clone(&state),
            check_host,
        ))
        .with_state(state)
}

/// `GET /health`: liveness for scripts and tests.
async fn health(State(state): State<Arc<AppState>>) -> impl IntoResponse {
    axum::Json(json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "sessions": state.sessions.len(),
    }))
}

/// `GET /api/sessions/{id}/runs` (launch token as bearer): the session's run history, oldest
/// first, as `{"session_id", "runs"}`; 404 when the daemon keeps no history, 400 for a bad id.
async fn session_runs(
    State(state): State<Arc<AppState>>,
    axum::extract::Path(session_id): axum::extract::Path<String>,
) -> Response {
    let Some(store) = state.sessions.store().cloned() else {
        return (StatusCode::NOT_FOUND, "this daemon keeps no run history").into_response();
    };
    let id = session_id.clone();
    match crate::store::blocking(move || store.runs(&id)).await {
        Ok(runs) => axum::Json(json!({ "session_id": session_id, "runs": runs })).into_response(),
        Err(error @ crate::store::StoreError::BadId(_)) => {
            (StatusCode::BAD_REQUEST, error.to_string()).into_response()
        }
        Err(error) => (StatusCode::INTERNAL_SERVER_ERROR, error.to_string()).into_response(),
    }
}

/// Refuses requests whose target, Host or Origin (when present) is not this daemon's.
async fn check_host(State(state): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    match state
        .access
        .refusal(request.uri(), request.headers(), "a request")
    {
        None => next.run(request).await,
        Some(refused) => refused,
    }
}

/// `/mcp` needs `Authorization: Bearer <launch token>` (the scheme in any case).
async fn require_token(
    State(state): State<Arc<AppState>>,
    request: Request,
    next: Next,
) -> Response {
    match security::bearer_token(request.headers()) {
        Some(token) if state.token.matches(token) => next.run(request).await,
        _ => (StatusCode::UNAUTHORIZED, "the launch token is required").into_response(),
    }
}

/// The browser tools over MCP streamable HTTP: one browser session per MCP session.
fn mcp_service(state: &Arc<AppState>) -> StreamableHttpService<BrowserServer, LocalSessionManager> {
    let host = Arc::clone(state.host());
    let gate = state.mcp_gate.clone();
    // Host and Origin were already checked by our own middleware, with the same rules as the
    // WebSocket; rmcp's list is kept as a second line of defence.
    let mut config = StreamableHttpServerConfig::default();
    config.allowed_origins = state.access.origins().to_vec();
    config.cancellation_token = state.shutdown.child_token();
    StreamableHttpService::new(
        move || Ok(BrowserServer::new(Arc::clone(&host)).with_gate(gate.clone())),
        Arc::default(),
        config,
    )
}
