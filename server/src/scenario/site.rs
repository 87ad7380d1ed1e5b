//! The fixture site a scenario suite runs against: a folder of pages served on a free loopback
//! port, plus a few dynamic routes real sites have and static files cannot fake.
//!
//! Routes: every file of the folder; `/_/redirect?to=URL` answers `302 Location: URL` (a server
//! redirect, e.g. to `{{site_alias}}`, another host); `/_/slow/<path>?ms=N` serves `<path>` after
//! N milliseconds (at most 10 s). The server stops when the [`SiteServer`] is dropped.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use axum::Router;
use axum::extract::{Path as UrlPath, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tower_http::services::ServeDir;

use super::loopback::Loopback;

/// Longest delay `/_/slow` honours.
const MAX_DELAY: Duration = Duration::from_secs(10);

/// A running fixture site.
pub struct SiteServer {
    server: Loopback,
}

impl SiteServer {
    /// Serves `root` on a free loopback port.
    pub async fn start(root: &Path) -> anyhow::Result<Self> {
        if !root.is_dir() {
            anyhow::bail!("the fixture site folder {} does not exist", root.display());
        }
        let root = root.to_path_buf();
        let app = Router::new()
            .route("/_/redirect", get(redirect))
            .route("/_/slow/{*path}", get(slow))
            .with_state(root.clone())
            .fallback_service(ServeDir::new(root));
        let server = Loopback::serve(app, "the fixture site").await?;
        Ok(Self { server })
    }

    /// `http://127.0.0.1:<port>`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.server.addr())
    }

    /// The same site under the host name `localhost`: another host to the browser and the
    /// policy.
    pub fn alias_url(&self) -> String {
        format!("http://localhost:{}", self.server.addr().port())
    }
}

async fn redirect(Query(query): Query<HashMap<String, String>>) -> Response {
    match query.get("to") {
        Some(to) => (StatusCode::FOUND, [(header::LOCATION, to.clone())]).into_response(),
        None => (StatusCode::BAD_REQUEST, "missing ?to=URL").into_response(),
    }
}

async fn slow(
    State(root): State<PathBuf>,
    UrlPath(path): UrlPath<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let delay = query
        .get("ms")
        .and_then(|ms| ms.parse::<u64>().ok())
        .map(Duration::from_millis)
        .unwrap_or(Duration::from_secs(1))
        .min(MAX_DELAY);
    let Some(file) = inside(&root, &path) else {
        return (StatusCode::NOT_FOUND, "no such page").into_response();
    };
    tokio::time::sleep(delay).await;
    match tokio::fs::read(&file).await {
        Ok(body) => ([(header::CONTENT_TYPE, content_type(&file))], body).into_response(),
        Err(_) => (StatusCode::NOT_FOUND, "no such page").into_response(),
    }
}

/// `path` under `root`, refusing anything that could leave it.
fn inside(root: &Path, path: &str) -> Option<PathBuf> {
    let safe = path.split('/').all(|part| {
        !part.is_empty()
            && part != ".."
            && part
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
    });
    safe.then(|| root.join(path))
}

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript",
        Some("css") => "text/css",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_paths_stay_inside_the_folder() {
        let root = Path::new("/srv/site");
        assert_eq!(inside(root, "a/b.html"), Some(root.join("a/b.html")));
        for bad in ["../etc/passwd", "a/../../x", "", "a//b", "a/%2e%2e/b"] {
            assert_eq!(inside(root, bad), None, "{bad}");
        }
    }
}
