//! The served tools the graph calls by itself, sorted once: which ones a typed action already
//! covers and which ones it observes with. Their names come from the tools' own declarations
//! (`tandem_mcp_browser::BrowserTool`); what a tool does to the world (read-only or not) is not
//! listed here but read from its annotations in the served list ([`crate::ToolInfo::effect`]).
//!
//! Contract: these lists, the browser server's tools and the tool names of the default policy
//! (`policy/default-policy.toml`) agree. `agent/tests/all/served_tools_policy.rs` lists the
//! served tools over a real MCP connection and walks each through the default policy in every
//! mode, so a tool added on one side only fails that test.
//!
//! - A tool in [`TYPED_ACTION_TOOLS`] is what a typed [`crate::Action`] calls (`click`,
//!   `navigate`...). As a `tool` call it would skip the element checks and the policy's element
//!   rules, so it is never offered, validation refuses it, and the policy denies it.
//! - A tool in [`OBSERVATION_TOOLS`] is what the graph calls by itself before each plan: not
//!   offered, allowed (it reads).
//! - Every other tool (tabs, site tools, external servers' tools) is offered by name.

use tandem_mcp_browser::BrowserTool;
use tandem_mcp_browser::server::params::{
    BackParams, ClickParams, CloseTabParams, HoverParams, KeyParams, LaunchParams, NavigateParams,
    ObserveParams, ScreenshotParams, ScrollParams, SelectParams, SwitchTabParams, TypeParams,
    WaitParams,
};

/// Served tools that a typed action calls; never a `tool` call. Each is called by the action of
/// the same name, except `launch`, which `navigate` stands for.
pub const TYPED_ACTION_TOOLS: [&str; 10] = [
    LaunchParams::NAME,
    NavigateParams::NAME,
    ClickParams::NAME,
    HoverParams::NAME,
    TypeParams::NAME,
    SelectParams::NAME,
    KeyParams::NAME,
    ScrollParams::NAME,
    WaitParams::NAME,
    BackParams::NAME,
];

/// Served tools the graph calls by itself to observe the page.
pub const OBSERVATION_TOOLS: [&str; 2] = [ObserveParams::NAME, ScreenshotParams::NAME];

/// Tools after which the active tab shows another page, so the next plan observes afresh.
pub const TAB_CHANGING_TOOLS: [&str; 2] = [SwitchTabParams::NAME, CloseTabParams::NAME];

/// Whether the planner is offered `name` as a `tool` call.
pub fn is_offered(name: &str) -> bool {
    !TYPED_ACTION_TOOLS.contains(&name) && !OBSERVATION_TOOLS.contains(&name)
}

/// The typed action to use instead of calling `name` as a tool, for the planner's correction.
pub fn typed_action_for(name: &str) -> Option<&'static str> {
    match TYPED_ACTION_TOOLS.iter().find(|tool| **tool == name) {
        Some(&LaunchParams::NAME) => Some(NavigateParams::NAME),
        Some(tool) => Some(tool),
        None => None,
    }
}
