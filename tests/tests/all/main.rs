//! The crate's integration tests, linked as one binary (a cold `cargo test` links a
//! handful of binaries instead of one per file). Each module is one former test file.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

mod action_validation;
mod agent_scenarios;
mod architecture;
mod browser_tools;
mod captcha_handover;
mod clicks;
mod config_secrets;
mod conversation;
mod hover;
mod icons;
mod instruction_set;
mod mcp_results;
mod model_planner;
mod page_replacement;
mod realweb;
mod remote_browser;
mod restart_mid_run;
mod scroll_boxes;
mod send_offer;
mod sign_in_pages;
mod site_sampling;
mod site_tools;
mod tabs;
mod text_positions;
