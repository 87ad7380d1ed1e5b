//! `tandem mcp` driven as a separate process over stdio, the way any MCP client uses it.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use tandem_mcp_browser::McpBrowserClient;
use tandem_mcp_browser::server::params::{ClickParams, NavigateParams, ObserveParams, TypeParams};
use tandem_tests::FixtureSite;

#[tokio::test]
async fn an_mcp_client_drives_the_browser_over_stdio() {
    let site = FixtureSite::start().await.unwrap();
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_tandem"));
    command.arg("mcp").env("TANDEM_LOG", "warn");
    let client = McpBrowserClient::spawn(command).await.unwrap();

    let tools: Vec<String> = client
        .list_tools()
        .await
        .unwrap()
        .into_iter()
        .map(|tool| tool.name.to_string())
        .collect();
    for expected in [
        "launch",
        "observe",
        "screenshot",
        "navigate",
        "click",
        "hover",
        "type",
        "select_option",
        "press_key",
        "scroll",
        "wait",
        "back",
        "list_tabs",
        "switch_tab",
    ] {
        assert!(
            tools.iter().any(|t| t == expected),
            "missing tool {expected}: {tools:?}"
        );
    }

    client
        .invoke(&NavigateParams {
            url: site.url("/form.html").to_string(),
        })
        .await
        .unwrap();
    let page = client.invoke(&ObserveParams::compact(None)).await.unwrap();
    let email = page
        .observation
        .snapshot
        .elements
        .iter()
        .find(|e| e.name == "Email")
        .expect("email field")
        .eid
        .to_string();
    client
        .invoke(&TypeParams {
            eid: email.to_string(),
            text: "stdio@example.com".into(),
            clear: true,
            submit: false,
        })
        .await
        .unwrap();
    let error = client
        .invoke(&ClickParams {
            eid: "e424242".into(),
        })
        .await
        .unwrap_err();
    assert_eq!(error.code(), "unknown_eid");
    // MCP clients refuse structured content that is not an object (the Python SDK does).
    for tool in ["launch", "list_tabs"] {
        let output = client.call(tool, serde_json::json!({})).await.unwrap();
        let structured = output.structured.expect("the tabs");
        assert!(structured["tabs"].is_array(), "{tool}: {structured}");
    }
    let refused = client
        .call(
            "scroll",
            serde_json::json!({ "direction": "up", "to": "top" }),
        )
        .await
        .unwrap_err();
    assert_eq!(refused.code(), "invalid_argument", "{refused}");
    let again = client.invoke(&ObserveParams::compact(None)).await.unwrap();
    let value = again
        .observation
        .snapshot
        .elements
        .iter()
        .find(|e| e.name == "Email")
        .and_then(|e| e.value.clone());
    assert_eq!(value.as_deref(), Some("stdio@example.com"));
    client.close().await;
}
