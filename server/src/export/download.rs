//! `GET /api/projects/{id}/site.zip` (launch token as bearer): the project's exported site as a
//! zip, for the chat page's "Download the site". Same origin as the chat page and behind the
//! token, so a generated page (sandboxed, `connect-src 'none'`, no token) never reaches it.
//! 404 when the project has no site, 400 for a bad id.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tandem_mcp_browser::site::sites_root;

use super::{ExportError, site_files, zip};
use crate::state::AppState;

/// Answers the site of `project_id` as `tandem-site-{id}.zip`.
pub async fn site_zip(
    State(state): State<Arc<AppState>>,
    Path(project_id): Path<String>,
) -> Response {
    let root = sites_root(state.host().config());
    let id = project_id.clone();
    let packed = tokio::task::spawn_blocking(move || {
        let files = site_files(&root, &id)?;
        zip::archive(&files).map_err(|error| ExportError::Io(std::io::Error::other(error)))
    })
    .await;
    let bytes = match packed {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(error @ ExportError::BadId(_))) => {
            return (StatusCode::BAD_REQUEST, error.to_string()).into_response();
        }
        Ok(Err(error @ ExportError::NoSite(_))) => {
            return (StatusCode::NOT_FOUND, error.to_string()).into_response();
        }
        Ok(Err(error @ ExportError::Io(_))) => {
            tracing::warn!(%error, "a site could not be packed");
            return (StatusCode::INTERNAL_SERVER_ERROR, error.to_string()).into_response();
        }
        Err(error) => {
            tracing::warn!(%error, "packing a site failed");
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
    };
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/zip"),
    );
    // The id was checked (ASCII letters, digits, `-`) before the site was read.
    if let Ok(value) = HeaderValue::from_str(&format!(
        "attachment; filename=\"tandem-site-{project_id}.zip\""
    )) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
