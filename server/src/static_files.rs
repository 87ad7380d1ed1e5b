//! Serving the embedded chat UI and the built-in demo shop, with strict security headers: a CSP
//! of `default-src 'self'`, no framing, no MIME sniffing, no referrer.

use axum::body::Body;
use axum::extract::Path;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// The demo shop's files, embedded in the binary.
const DEMO: [(&str, &str, &[u8]); 6] = [
    (
        "index.html",
        "text/html; charset=utf-8",
        include_bytes!("../demo/index.html"),
    ),
    (
        "cart.html",
        "text/html; charset=utf-8",
        include_bytes!("../demo/cart.html"),
    ),
    (
        "checkout.html",
        "text/html; charset=utf-8",
        include_bytes!("../demo/checkout.html"),
    ),
    (
        "signin.html",
        "text/html; charset=utf-8",
        include_bytes!("../demo/signin.html"),
    ),
    (
        "shop.css",
        "text/css; charset=utf-8",
        include_bytes!("../demo/shop.css"),
    ),
    (
        "shop.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../demo/shop.js"),
    ),
];

const UI_CSP: &str = "default-src 'self'; img-src 'self' data: blob:; connect-src 'self'; \
                      base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const DEMO_CSP: &str = "default-src 'self'; base-uri 'none'; frame-ancestors 'none'";

/// The chat UI at `/` and its assets.
pub async fn ui(uri: axum::http::Uri) -> Response {
    match tandem_web_ui::asset(uri.path()) {
        Some(asset) => respond(asset.content_type, asset.body, UI_CSP),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// The demo shop under `/demo/`.
pub async fn demo(path: Option<Path<String>>) -> Response {
    let name = path.map(|Path(p)| p).unwrap_or_default();
    let name = if name.is_empty() {
        "index.html"
    } else {
        name.as_str()
    };
    match DEMO.iter().find(|(file, _, _)| *file == name) {
        Some((_, content_type, body)) => respond(content_type, body, DEMO_CSP),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

fn respond(content_type: &'static str, body: &'static [u8], csp: &'static str) -> Response {
    let mut response = Response::new(Body::from(body));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(csp),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
