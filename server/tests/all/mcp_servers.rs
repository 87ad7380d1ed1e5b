//! External MCP servers from the config: started as real child processes over stdio, their tools
//! offered as `<name>__<tool>` next to the browser's and routed to them.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::Arc;

use tandem_agent::{BrowserTools, ToolHub};
use tandem_server::Config;
use tandem_server::cli::connect_mcp_servers;
use tandem_server::config::McpServerSettings;
use tandem_tests::TestBrowser;

use crate::support;

fn tandem_as_external(name: &str) -> McpServerSettings {
    McpServerSettings {
        name: name.into(),
        command: Some(env!("CARGO_BIN_EXE_tandem").into()),
        args: vec!["mcp".into()],
        env: [("TANDEM_LOG".to_owned(), "warn".to_owned())].into(),
        ..McpServerSettings::default()
    }
}

#[tokio::test]
async fn an_external_servers_tools_are_offered_with_its_prefix_and_routed_to_it() {
    let config = Config {
        mcp_servers: vec![tandem_as_external("aux")],
        ..Config::default()
    };
    let servers = connect_mcp_servers(&config).await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let own = tandem_tests::connected_client(&browser.host).await.unwrap();
    let hub = ToolHub::new(Arc::new(own), servers);

    let tools = hub.tools().await.unwrap();
    let names: Vec<&str> = tools.iter().map(|tool| tool.name.as_str()).collect();
    assert!(
        names.contains(&"navigate"),
        "the browser's own tools: {names:?}"
    );
    assert!(
        names.contains(&"aux__list_tabs"),
        "prefixed external tools: {names:?}"
    );
    // The external tool keeps its server's description and input schema.
    let switch_tab = tools
        .iter()
        .find(|tool| tool.name == "aux__switch_tab")
        .expect("aux__switch_tab is offered");
    assert!(
        switch_tab.description.contains("Make another tab"),
        "{switch_tab:?}"
    );
    assert_eq!(
        switch_tab.input_schema["required"][0], "tab_id",
        "{switch_tab:?}"
    );
    assert_eq!(switch_tab.signature(), "aux__switch_tab(tab_id: string)");

    let tabs = hub
        .call("aux__list_tabs", serde_json::json!({}))
        .await
        .unwrap();
    assert!(tabs.text.contains("tab"), "{}", tabs.text);
    let unknown = hub
        .call("aux__no_such_tool", serde_json::json!({}))
        .await
        .unwrap_err();
    assert_eq!(unknown.code(), "external_tool_failed", "{unknown}");
    browser.shutdown().await;
}

#[tokio::test]
async fn a_server_that_cannot_start_is_a_clear_start_up_error() {
    let mut missing = tandem_as_external("ghost");
    missing.command = Some("/nonexistent/mcp-server".into());
    let config = Config {
        mcp_servers: vec![missing],
        ..Config::default()
    };
    let error = connect_mcp_servers(&config).await.err().expect("refused");
    assert!(format!("{error:#}").contains("ghost"), "{error:#}");
}

#[tokio::test]
async fn an_http_mcp_server_is_reached_with_its_bearer_token() {
    // Another Tandem daemon serves its browser tools at /mcp behind its launch token.
    let remote = support::TestDaemon::start().await;
    let settings = |token: Option<String>| McpServerSettings {
        name: "remote".into(),
        url: Some(remote.url("/mcp")),
        bearer_token: token,
        ..McpServerSettings::default()
    };
    let without_token = Config {
        mcp_servers: vec![settings(None)],
        ..Config::default()
    };
    assert!(
        connect_mcp_servers(&without_token).await.is_err(),
        "the token is required"
    );

    let config = Config {
        mcp_servers: vec![settings(Some(remote.token.clone()))],
        ..Config::default()
    };
    let servers = connect_mcp_servers(&config).await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    assert_served_through_a_hub(&browser, servers, "remote").await;
    browser.shutdown().await;
    remote.stop().await;
}

/// The servers' tools are offered through a hub as `<prefix>__…`, and a call reaches them.
async fn assert_served_through_a_hub(
    browser: &TestBrowser,
    servers: Vec<tandem_agent::ExternalServer>,
    prefix: &str,
) {
    let own = tandem_tests::connected_client(&browser.host).await.unwrap();
    let hub = ToolHub::new(Arc::new(own), servers);
    let tools = hub.tools().await.unwrap();
    let names: Vec<&str> = tools.iter().map(|tool| tool.name.as_str()).collect();
    assert!(
        names.contains(&format!("{prefix}__observe").as_str()),
        "{names:?}"
    );
    let tabs = hub
        .call(&format!("{prefix}__list_tabs"), serde_json::json!({}))
        .await
        .unwrap();
    assert!(tabs.text.contains("tab"), "{}", tabs.text);
}

/// TLS in front of a TCP listener: each accepted connection is handshaken before axum sees it
/// (a failed handshake is dropped and the next connection awaited).
struct TlsListener {
    tcp: tokio::net::TcpListener,
    acceptor: tokio_rustls::TlsAcceptor,
}

impl axum::serve::Listener for TlsListener {
    type Io = tokio_rustls::server::TlsStream<tokio::net::TcpStream>;
    type Addr = std::net::SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            let Ok((stream, addr)) = self.tcp.accept().await else {
                continue;
            };
            if let Ok(tls) = self.acceptor.accept(stream).await {
                return (tls, addr);
            }
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        self.tcp.local_addr()
    }
}

/// The test certificate authority's file (tests/fixtures/tls).
fn test_ca() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/tls/ca.pem")
}

/// A browser MCP server over HTTPS with the test certificate for 127.0.0.1, signed by the test
/// certificate authority. Answers its `/mcp` URL.
async fn https_mcp_server(host: Arc<tandem_mcp_browser::BrowserHost>) -> String {
    use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
    use rmcp::transport::streamable_http_server::{
        StreamableHttpServerConfig, StreamableHttpService,
    };
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};

    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/tls");
    let certs = CertificateDer::pem_file_iter(dir.join("server.pem"))
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    let key = PrivateKeyDer::from_pem_file(dir.join("server.key")).unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let tls = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .unwrap();
    let listener = TlsListener {
        tcp: tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap(),
        acceptor: tokio_rustls::TlsAcceptor::from(Arc::new(tls)),
    };
    let url = format!(
        "https://127.0.0.1:{}/mcp",
        listener.tcp.local_addr().unwrap().port()
    );
    let service: StreamableHttpService<_, LocalSessionManager> = StreamableHttpService::new(
        move || {
            Ok(tandem_mcp_browser::server::BrowserServer::new(Arc::clone(
                &host,
            )))
        },
        Arc::default(),
        StreamableHttpServerConfig::default(),
    );
    let app = axum::Router::new().nest_service("/mcp", service);
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    url
}

#[tokio::test]
async fn an_https_mcp_server_is_reached_when_its_authority_is_trusted() {
    let browser = TestBrowser::start().await.unwrap();
    let url = https_mcp_server(Arc::clone(&browser.host)).await;
    let settings = |ca_file: Option<std::path::PathBuf>| Config {
        mcp_servers: vec![McpServerSettings {
            name: "secure".into(),
            url: Some(url.clone()),
            ca_file,
            ..McpServerSettings::default()
        }],
        ..Config::default()
    };

    // Only the system's authorities: the private one is not among them.
    let error = connect_mcp_servers(&settings(None)).await.err().unwrap();
    let message = format!("{error:#}");
    assert!(message.contains("secure"), "{message}");
    assert!(message.to_lowercase().contains("certificate"), "{message}");

    let missing = settings(Some("/nonexistent/ca.pem".into()));
    let error = connect_mcp_servers(&missing).await.err().unwrap();
    assert!(
        format!("{error:#}").contains("cannot read the CA file"),
        "{error:#}"
    );

    let servers = connect_mcp_servers(&settings(Some(test_ca())))
        .await
        .unwrap();
    assert_served_through_a_hub(&browser, servers, "secure").await;
    browser.shutdown().await;
}

#[test]
fn a_ca_file_needs_an_https_url() {
    let settings = McpServerSettings {
        name: "plain".into(),
        url: Some("http://127.0.0.1:9/mcp".into()),
        ca_file: Some(test_ca()),
        ..McpServerSettings::default()
    };
    let error = settings.check().unwrap_err();
    assert!(error.to_string().contains("https://"), "{error}");
}
