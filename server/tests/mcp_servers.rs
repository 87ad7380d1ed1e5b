//! External MCP servers from the config: started as real child processes over stdio, their tools
//! offered as `<name>__<tool>` next to the browser's and routed to them.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::Arc;

use tandem_agent::{BrowserTools, ToolHub};
use tandem_server::Config;
use tandem_server::cli::connect_mcp_servers;
use tandem_server::config::McpServerSettings;
use tandem_tests::TestBrowser;

mod support;

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
    let own = tandem_tests::connected_client(&browser.host).await.unwrap();
    let hub = ToolHub::new(Arc::new(own), servers);
    let tools = hub.tools().await.unwrap();
    let names: Vec<&str> = tools.iter().map(|tool| tool.name.as_str()).collect();
    assert!(names.contains(&"remote__observe"), "{names:?}");
    let tabs = hub
        .call("remote__list_tabs", serde_json::json!({}))
        .await
        .unwrap();
    assert!(tabs.text.contains("tab"), "{}", tabs.text);
    browser.shutdown().await;
    remote.stop().await;
}
