//! The served tools and the default policy are one list: every tool the browser server serves
//! (listed over a real in-process MCP connection, no browser started, with the effect its
//! annotations state) is walked through the embedded default policy as a `tool` call in agent
//! and chat mode and gets its intended verdict; the policy names no tool that is not served, and
//! every served tool has a rule.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::collections::BTreeSet;

use tandem_agent::policy_bridge::request_for;
use tandem_agent::tool_names;
use tandem_agent::{Action, BrowserTools, ToolInfo};
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::{BrowserConfig, BrowserHost, McpBrowserClient};
use tandem_policy::{DEFAULT_POLICY_TOML, Effect, PolicyContext, PolicyGate};
use tandem_protocol::Mode;

/// The intended verdict of each served tool as a `tool` call: (agent mode, chat mode).
fn intended(tool: &str) -> (Effect, Effect) {
    use Effect::{Allow, Deny};
    match tool {
        // The graph observes by itself; reading is allowed everywhere.
        "observe" | "screenshot" | "list_tabs" => (Allow, Allow),
        // Site tools that only read the session's files or the page.
        "analyze_brief" | "read_page" | "list_pages" | "validate_html" | "extract_style" => {
            (Allow, Allow)
        }
        // Site tools that write the session's files: not in chat mode.
        "create_design_system" | "generate_page" | "edit_page" => (Allow, Deny),
        // Tabs change what the agent acts on: an action, so not in chat mode.
        "switch_tab" | "close_tab" => (Allow, Deny),
        // Typed actions call these, with element and page checks a tool call would skip.
        "launch" | "navigate" | "click" | "type" | "select_option" | "press_key" | "scroll"
        | "hover" | "wait" | "back" => (Deny, Deny),
        other => panic!("served tool `{other}` has no intended verdict: add it here"),
    }
}

async fn served_tools() -> Vec<ToolInfo> {
    let server = BrowserServer::new(BrowserHost::new(BrowserConfig::default()));
    let client = McpBrowserClient::in_process(server)
        .await
        .expect("the in-process MCP server answers");
    let tools = client.tools().await.expect("the server lists its tools");
    client.close().await;
    tools
}

/// Every tool name the default policy's rules name.
fn policy_tool_names() -> BTreeSet<String> {
    let policy: toml::Value = toml::from_str(DEFAULT_POLICY_TOML).expect("the default parses");
    let rules = policy["rule"].as_array().expect("rules");
    rules
        .iter()
        .filter_map(|rule| rule.get("tools").and_then(toml::Value::as_array))
        .flatten()
        .filter_map(|name| name.as_str().map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn every_served_tool_gets_its_intended_verdict_in_each_mode() {
    let gate = PolicyGate::with_defaults().expect("the default policy loads");
    let served = served_tools().await;
    assert!(served.iter().any(|t| t.name == "list_tabs"), "{served:?}");
    for served_tool in &served {
        let tool = &served_tool.name;
        let action = Action::Tool {
            name: tool.clone(),
            args: serde_json::json!({}),
        };
        let request = request_for(&action, None, None, Some(served_tool.effect));
        let (in_agent, in_chat) = intended(tool);
        for (mode, expected) in [(Mode::Agent, in_agent), (Mode::Chat, in_chat)] {
            let decision = gate.assess(&request, &PolicyContext::new(mode));
            assert_eq!(
                decision.effect(),
                expected,
                "{tool} in {mode:?}: {} ({})",
                decision.reason(),
                decision.rule()
            );
            assert_ne!(decision.rule(), "unknown-tool", "{tool} has no rule");
        }
        assert_eq!(
            tool_names::is_offered(tool),
            in_agent == Effect::Allow && !tool_names::OBSERVATION_TOOLS.contains(&tool.as_str()),
            "{tool}: offered to the planner exactly when a tool call of it is allowed"
        );
    }
}

#[tokio::test]
async fn the_policy_names_no_tool_that_is_not_served() {
    let served: BTreeSet<String> = served_tools()
        .await
        .into_iter()
        .map(|tool| tool.name)
        .collect();
    let unserved: Vec<String> = policy_tool_names()
        .into_iter()
        .filter(|name| !served.contains(name))
        .collect();
    assert!(
        unserved.is_empty(),
        "policy names without a tool: {unserved:?}"
    );
    let lists = tool_names::TYPED_ACTION_TOOLS
        .iter()
        .chain(&tool_names::OBSERVATION_TOOLS)
        .chain(&tool_names::TAB_CHANGING_TOOLS);
    for name in lists {
        assert!(
            served.contains(*name),
            "tool_names lists `{name}`, which is not served"
        );
    }
}
