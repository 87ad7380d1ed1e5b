//! `GET /sites/{session}/pages/{slug}.html` and `/sites/{session}/design-system.css`: the site
//! studio's pages, read-only, so the person (and the browser tools) can open them.
//!
//! The answer comes from [`tandem_mcp_browser::site::serve::respond`], shared with the
//! preview server: only those two shapes of path exist, names are checked before any path is
//! built, and every answer carries a CSP `sandbox` without `allow-same-origin`. A generated
//! page — whose script may come from a model and untrusted input — runs in an opaque origin: it
//! cannot read the daemon's answers, its storage or another session's pages, and
//! `connect-src 'none'` keeps it from calling the API at all.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tandem_mcp_browser::site::serve::{SiteResponse, respond};
use tandem_mcp_browser::site::sites_root;

use crate::state::AppState;

/// Serves one site file.
pub async fn file(State(state): State<Arc<AppState>>, Path(path): Path<String>) -> Response {
    let root = sites_root(state.host().config());
    let answer = match tokio::task::spawn_blocking(move || respond(&root, &path)).await {
        Ok(answer) => answer,
        Err(error) => {
            tracing::warn!(%error, "reading a site file failed");
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
    };
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::NOT_FOUND);
    let mut response = (status, answer.body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(answer.content_type),
    );
    for (name, value) in SiteResponse::headers() {
        headers.insert(
            HeaderName::from_static(lowercase(name)),
            HeaderValue::from_static(value),
        );
    }
    response
}

/// Header names as `HeaderName::from_static` wants them (it refuses upper case).
fn lowercase(name: &'static str) -> &'static str {
    match name {
        "Content-Security-Policy" => "content-security-policy",
        "X-Content-Type-Options" => "x-content-type-options",
        "Cache-Control" => "cache-control",
        "Referrer-Policy" => "referrer-policy",
        "X-Frame-Options" => "x-frame-options",
        _ => "x-tandem-unknown",
    }
}
