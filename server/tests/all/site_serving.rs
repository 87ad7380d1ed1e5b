//! The daemon serves the site studio's pages read-only at `/sites/{session}/…`, sandboxed: a
//! generated page's script runs in an opaque origin and cannot call the API, read storage or
//! fetch another session's pages. Checked in real Chromium.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use support::TestDaemon;
use tandem_mcp_browser::browser::WaitCondition;
use tandem_mcp_browser::server::params::{NavigateParams, ObserveParams, WaitParams};
use tandem_tests::{TestBrowser, test_sites_dir};

use crate::support;

/// A page whose script tries everything a hostile page would, and writes what happened.
const HOSTILE: &str = r#"<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Hostile</title></head>
<body><p id="out">running</p><script>
const seen = ['origin=' + self.origin];
try { localStorage.setItem('k', '1'); seen.push('storage=open'); } catch (e) { seen.push('storage=blocked'); }
try { seen.push('cookie=' + (document.cookie === '' ? 'empty' : 'read')); } catch (e) { seen.push('cookie=blocked'); }
const attempt = (name, url, init) => fetch(url, init)
  .then((r) => r.text()).then((t) => seen.push(name + '=read:' + t.slice(0, 20)))
  .catch(() => seen.push(name + '=blocked'));
Promise.all([
  attempt('health', '/health'),
  attempt('mcp', '/mcp', { method: 'POST', body: '{}' }),
  attempt('other', '/sites/other-session/pages/secret.html'),
  attempt('ws-token', '/?token=x'),
]).then(() => { document.getElementById('out').textContent = seen.join(' ') + ' done'; });
</script></body></html>"#;

fn write_page(session: &str, slug: &str, html: &str) {
    let pages = test_sites_dir().join(session).join("pages");
    std::fs::create_dir_all(&pages).unwrap();
    std::fs::write(pages.join(format!("{slug}.html")), html).unwrap();
}

#[tokio::test]
async fn a_generated_pages_script_cannot_reach_the_api_or_other_sessions() {
    write_page("hostile-session", "evil", HOSTILE);
    write_page("other-session", "secret", "<p>other session's secret</p>");
    let daemon = TestDaemon::start().await;
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    client
        .invoke(&NavigateParams {
            url: daemon
                .url("/sites/hostile-session/pages/evil.html")
                .to_string(),
        })
        .await
        .unwrap();
    let finished = client
        .invoke(&WaitParams {
            condition: WaitCondition::Text {
                text: "done".into(),
            },
            timeout_ms: Some(10_000),
        })
        .await;
    assert!(
        finished.is_ok(),
        "the page's script never finished: {finished:?}"
    );
    let page = client.invoke(&ObserveParams::compact(None)).await.unwrap();
    let text = page.text;
    for expected in [
        "origin=null",
        "storage=blocked",
        "health=blocked",
        "mcp=blocked",
        "other=blocked",
        "ws-token=blocked",
    ] {
        assert!(text.contains(expected), "missing {expected} in {text}");
    }
    assert!(!text.contains("secret"), "{text}");

    // The headers say the same, and nothing outside the two file shapes is served.
    let request = |path: &str| {
        format!(
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            daemon.port
        )
    };
    let served = daemon
        .raw_http(&request("/sites/hostile-session/pages/evil.html"))
        .await
        .to_lowercase();
    assert!(served.starts_with("http/1.1 200"), "{served}");
    assert!(served.contains("content-security-policy: sandbox allow-scripts"));
    assert!(!served.contains("allow-same-origin"));
    assert!(served.contains("connect-src 'none'"));
    for path in [
        "/sites/hostile-session/pages/../../other-session/pages/secret.html",
        "/sites/hostile-session/pages/%2e%2e%2fx.html",
        "/sites/hostile-session/versions/evil/1.html",
        "/sites/..%2fsecret/pages/x.html",
    ] {
        let refused = daemon.raw_http(&request(path)).await;
        assert!(
            refused.starts_with("HTTP/1.1 404") || refused.starts_with("HTTP/1.1 403"),
            "{path}: {refused}"
        );
    }
    browser.shutdown().await;
    daemon.stop().await;
}

const SITE_TOOLS: [(&str, &[&str]); 8] = [
    ("analyze_brief", &["request"]),
    ("create_design_system", &["product_type"]),
    ("generate_page", &["slug", "title", "description"]),
    ("edit_page", &["slug"]),
    ("read_page", &["slug"]),
    ("list_pages", &[]),
    ("validate_html", &["slug"]),
    ("extract_style", &["image"]),
];

/// Every site tool is listed with a described input schema naming its required fields.
async fn assert_site_tools_listed(client: &tandem_mcp_browser::McpBrowserClient, over: &str) {
    let tools = client.list_tools().await.unwrap();
    for (name, required) in SITE_TOOLS {
        let tool = tools
            .iter()
            .find(|tool| tool.name == name)
            .unwrap_or_else(|| panic!("{over}: no {name}"));
        assert!(
            tool.description.as_deref().is_some_and(|d| d.len() > 40),
            "{over}: {name} is not described"
        );
        let schema = serde_json::Value::Object((*tool.input_schema).clone());
        let listed: Vec<&str> = schema["required"]
            .as_array()
            .map(|names| names.iter().filter_map(|n| n.as_str()).collect())
            .unwrap_or_default();
        assert_eq!(listed, required, "{over}: {name} {schema}");
        for field in required {
            assert!(
                schema["properties"][field]["description"].is_string(),
                "{over}: {name}.{field} has no description: {schema}"
            );
        }
    }
    assert!(tools.iter().any(|tool| tool.name == "observe"), "{over}");
}

#[tokio::test]
async fn site_tools_are_listed_with_schemas_over_stdio_and_http() {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_tandem"));
    command.arg("mcp").env("TANDEM_LOG", "warn");
    let stdio = tandem_mcp_browser::McpBrowserClient::spawn(command)
        .await
        .unwrap();
    assert_site_tools_listed(&stdio, "stdio").await;
    let refused = stdio
        .call(
            "generate_page",
            serde_json::json!({ "slug": "../x", "title": "T", "description": "D" }),
        )
        .await
        .unwrap_err();
    assert_eq!(refused.code(), "invalid_slug", "{refused}");
    stdio.close().await;

    let daemon = TestDaemon::start().await;
    let http = tandem_mcp_browser::McpBrowserClient::connect_http(
        &daemon.url("/mcp"),
        Some(&daemon.token),
        None,
    )
    .await
    .unwrap();
    assert_site_tools_listed(&http, "http").await;
    http.close().await;
    daemon.stop().await;
}

#[tokio::test]
async fn the_agent_builds_a_site_from_one_message_offline() {
    let daemon = TestDaemon::start().await;
    let mut client = daemon.client().await;
    let session_id = match client
        .wait_for(|f| matches!(f, tandem_protocol::ServerMessage::Session { .. }))
        .await
    {
        tandem_protocol::ServerMessage::Session { session_id, .. } => session_id,
        _ => unreachable!(),
    };
    client
        .send(&tandem_protocol::ClientMessage::UserMessage {
            text: "build a small site for a bakery with a menu and a contact page".into(),
        })
        .await;
    let finished = client
        .wait_for(|f| matches!(f, tandem_protocol::ServerMessage::RunFinished { .. }))
        .await;
    let tandem_protocol::ServerMessage::RunFinished { outcome, text } = finished else {
        unreachable!()
    };
    assert_eq!(outcome, tandem_protocol::RunOutcome::Done, "{text}");
    assert!(
        text.contains("Built a site for [Your business name] with 3 page(s)"),
        "{text}"
    );
    for slug in ["home", "menu", "contact"] {
        let address = format!("/sites/{session_id}/pages/{slug}.html —");
        assert!(text.contains(&address), "no address for {slug}: {text}");
        assert!(
            text.contains(&format!(
                "{slug}: passes at 360, 768 and 1280 px, no violations"
            )),
            "{text}"
        );
        let file = test_sites_dir()
            .join(&session_id)
            .join("pages")
            .join(format!("{slug}.html"));
        assert!(file.is_file(), "{}", file.display());
    }
    assert!(
        test_sites_dir()
            .join(&session_id)
            .join("design-system.css")
            .is_file()
    );
    // The daemon serves the session's pages for the person too.
    let served = daemon
        .raw_http(&format!(
            "GET /sites/{session_id}/pages/menu.html HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            daemon.port
        ))
        .await;
    assert!(
        served.starts_with("HTTP/1.1 200") && served.contains("[Item 1]"),
        "{served}"
    );
    daemon.stop().await;
}
