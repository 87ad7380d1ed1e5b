//! The router driven in-process with `oneshot`: health, UI headers, demo shop, Host checks and
//! the token on `/mcp`; and, over a real loopback socket, the request shapes only raw HTTP can
//! send (repeated headers, absolute-form targets).
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use crate::support;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use support::TestDaemon;
use tandem_server::Config;
use tandem_server::cli::ServeArgs;
use tandem_server::cli::serve::Daemon;
use tower::ServiceExt;

async fn router() -> (axum::Router, u16, String) {
    let mut config = Config::default();
    config.server.port = 0;
    let daemon = Daemon::bind(config, &ServeArgs::default()).await.unwrap();
    let port = daemon.addr.port();
    let token = daemon.state.token.reveal().to_owned();
    (tandem_server::app(daemon.state.clone()), port, token)
}

fn get(path: &str, host: &str) -> Request<Body> {
    Request::get(path)
        .header(header::HOST, host)
        .body(Body::empty())
        .unwrap()
}

#[tokio::test]
async fn health_answers_on_the_daemons_own_host() {
    let (app, port, _) = router().await;
    let response = app
        .clone()
        .oneshot(get("/health", &format!("127.0.0.1:{port}")))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let body = axum::body::to_bytes(response.into_body(), 1 << 16)
        .await
        .unwrap();
    let health: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(health["status"], "ok");

    let rebinding = app
        .oneshot(get("/health", &format!("evil.example:{port}")))
        .await
        .unwrap();
    assert_eq!(
        rebinding.status(),
        StatusCode::FORBIDDEN,
        "DNS rebinding is refused"
    );
}

#[tokio::test]
async fn the_ui_is_served_with_a_strict_csp_and_no_framing() {
    let (app, port, token) = router().await;
    let response = app
        .oneshot(get("/", &format!("localhost:{port}")))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers();
    let csp = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
    assert!(csp.starts_with("default-src 'self'"), "{csp}");
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert_eq!(headers[header::X_FRAME_OPTIONS], "DENY");
    assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    let body = axum::body::to_bytes(response.into_body(), 1 << 20)
        .await
        .unwrap();
    let page = String::from_utf8_lossy(&body);
    assert!(page.contains("<html"), "the chat page");
    assert!(
        !page.contains(&token),
        "the token is never embedded in the page"
    );
}

#[tokio::test]
async fn the_demo_shop_is_built_in() {
    let (app, port, _) = router().await;
    let host = format!("127.0.0.1:{port}");
    for path in ["/demo/", "/demo/checkout.html", "/demo/shop.js"] {
        let response = app.clone().oneshot(get(path, &host)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
    }
    let missing = app
        .oneshot(get("/demo/../Cargo.toml", &host))
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn mcp_over_http_needs_the_launch_token() {
    let (app, port, token) = router().await;
    let initialize = serde_json::json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-03-26", "capabilities": {},
                   "clientInfo": {"name": "test", "version": "1"}}
    })
    .to_string();
    let request = |auth: Option<&str>| {
        let mut builder = Request::post("/mcp")
            .header(header::HOST, format!("127.0.0.1:{port}"))
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::ACCEPT, "application/json, text/event-stream");
        if let Some(auth) = auth {
            builder = builder.header(header::AUTHORIZATION, auth);
        }
        builder.body(Body::from(initialize.clone())).unwrap()
    };
    let anonymous = app.clone().oneshot(request(None)).await.unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    let wrong = app
        .clone()
        .oneshot(request(Some("Bearer nope")))
        .await
        .unwrap();
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    let allowed = app
        .oneshot(request(Some(&format!("Bearer {token}"))))
        .await
        .unwrap();
    assert_eq!(allowed.status(), StatusCode::OK);
}

#[tokio::test]
async fn the_bearer_scheme_is_case_insensitive() {
    let (app, port, token) = router().await;
    let initialize = serde_json::json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-03-26", "capabilities": {},
                   "clientInfo": {"name": "test", "version": "1"}}
    })
    .to_string();
    for scheme in ["bearer", "BEARER"] {
        let request = Request::post("/mcp")
            .header(header::HOST, format!("127.0.0.1:{port}"))
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::ACCEPT, "application/json, text/event-stream")
            .header(header::AUTHORIZATION, format!("{scheme} {token}"))
            .body(Body::from(initialize.clone()))
            .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{scheme}");
    }
}

#[tokio::test]
async fn a_repeated_host_or_origin_is_refused_whatever_comes_first() {
    let (app, port, _) = router().await;
    let ours = format!("127.0.0.1:{port}");
    let two_hosts = Request::get("/health")
        .header(header::HOST, &ours)
        .header(header::HOST, "evil.example")
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(two_hosts).await.unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);

    let two_origins = Request::get("/health")
        .header(header::HOST, &ours)
        .header(header::ORIGIN, format!("http://{ours}"))
        .header(header::ORIGIN, "https://evil.example")
        .body(Body::empty())
        .unwrap();
    let response = app.oneshot(two_origins).await.unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn an_absolute_target_must_name_the_daemon() {
    let (app, port, _) = router().await;
    let host = format!("127.0.0.1:{port}");
    let foreign = app
        .clone()
        .oneshot(get("http://evil.example/health", &host))
        .await
        .unwrap();
    assert_eq!(foreign.status(), StatusCode::FORBIDDEN);
    let own = app
        .oneshot(get(&format!("http://{host}/health"), &host))
        .await
        .unwrap();
    assert_eq!(own.status(), StatusCode::OK);
}

/// The status line the daemon answers `request` with, over a real socket.
async fn status_line(daemon: &TestDaemon, request: &str) -> String {
    let response = daemon.raw_http(request).await;
    response.lines().next().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn raw_requests_with_repeated_hosts_or_foreign_targets_are_refused() {
    let daemon = TestDaemon::start().await;
    let ours = format!("127.0.0.1:{}", daemon.port);
    let cases = [
        (format!("GET /health HTTP/1.1\r\nHost: {ours}\r\n"), "200"),
        (
            format!("GET /health HTTP/1.1\r\nHost: {ours}\r\nHost: evil.example\r\n"),
            "403",
        ),
        (
            format!("GET http://{ours}/health HTTP/1.1\r\nHost: {ours}\r\n"),
            "200",
        ),
        (
            format!("GET http://evil.example/health HTTP/1.1\r\nHost: {ours}\r\n"),
            "403",
        ),
    ];
    for (head, status) in cases {
        let line = status_line(&daemon, &format!("{head}Connection: close\r\n\r\n")).await;
        assert!(
            line.starts_with(&format!("HTTP/1.1 {status}")),
            "{head:?}: {line}"
        );
    }
    daemon.stop().await;
}

#[tokio::test]
async fn cross_site_requests_are_refused() {
    let (app, port, token) = router().await;
    let request = Request::post("/mcp")
        .header(header::HOST, format!("127.0.0.1:{port}"))
        .header(header::ORIGIN, "https://evil.example")
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .body(Body::empty())
        .unwrap();
    let response = app.oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_non_loopback_bind_is_refused_unless_asked_for() {
    let mut config = Config::default();
    config.server.host = "0.0.0.0".into();
    config.server.port = 0;
    let refused = Daemon::bind(config.clone(), &ServeArgs::default()).await;
    let message = refused.err().expect("refused").to_string();
    assert!(message.contains("--allow-remote"), "{message}");
    let allowed = ServeArgs {
        allow_remote: true,
        ..ServeArgs::default()
    };
    assert!(Daemon::bind(config, &allowed).await.is_ok());
}
