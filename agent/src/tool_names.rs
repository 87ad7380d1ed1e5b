//! The served tools, sorted once: which ones the planner is offered as `tool` calls, which ones
//! a typed action already covers, and which ones change nothing.
//!
//! Contract: these lists, the browser server's tools and the tool names of the default policy
//! (`policy/default-policy.toml`) are one list. `agent/tests/all/served_tools_policy.rs` lists the
//! served tools over a real MCP connection and walks each through the default policy in every
//! mode, so a tool added on one side only fails that test.
//!
//! - A tool in [`TYPED_ACTION_TOOLS`] is what a typed [`crate::Action`] calls (`click`,
//!   `navigate`...). As a `tool` call it would skip the element checks and the policy's element
//!   rules, so it is never offered, validation refuses it, and the policy denies it.
//! - A tool in [`OBSERVATION_TOOLS`] is what the graph calls by itself before each plan: not
//!   offered, allowed (it reads).
//! - Every other tool (tabs, site tools, external servers' tools) is offered by name.

/// Served tools that a typed action calls; never a `tool` call.
pub const TYPED_ACTION_TOOLS: [&str; 9] = [
    "launch",
    "navigate",
    "click",
    "type",
    "select_option",
    "press_key",
    "scroll",
    "wait",
    "back",
];

/// Served tools the graph calls by itself to observe the page.
pub const OBSERVATION_TOOLS: [&str; 2] = ["observe", "screenshot"];

/// Tools after which the active tab shows another page, so the next plan observes afresh.
pub const TAB_CHANGING_TOOLS: [&str; 2] = ["switch_tab", "close_tab"];

/// Tools known to change nothing; every other tool is treated as mutating (so chat mode
/// refuses it). Of the site tools, `create_design_system`, `generate_page` and `edit_page` write
/// the session's files.
pub const READ_ONLY_TOOLS: [&str; 8] = [
    "observe",
    "screenshot",
    "list_tabs",
    "read_page",
    "list_pages",
    "validate_html",
    "analyze_brief",
    "extract_style",
];

/// Whether the planner is offered `name` as a `tool` call.
pub fn is_offered(name: &str) -> bool {
    !TYPED_ACTION_TOOLS.contains(&name) && !OBSERVATION_TOOLS.contains(&name)
}

/// Whether `name` changes nothing.
pub fn is_read_only(name: &str) -> bool {
    READ_ONLY_TOOLS.contains(&name)
}

/// The typed action to use instead of calling `name` as a tool, for the planner's correction.
pub fn typed_action_for(name: &str) -> Option<&'static str> {
    match TYPED_ACTION_TOOLS.iter().find(|tool| **tool == name) {
        Some(&"launch") => Some("navigate"),
        Some(tool) => Some(tool),
        None => None,
    }
}
