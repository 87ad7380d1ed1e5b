//! The crate's integration tests, linked as one binary (a cold `cargo test` links a
//! handful of binaries instead of one per file). Each module is one former test file.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

mod support;

mod browser_restarts;
mod cli_run;
mod close_handshake;
mod faults;
mod history;
mod http_routes;
mod logins;
mod mcp_gate;
mod mcp_servers;
mod projects;
mod scenarios;
mod session_lifetime;
mod signals;
mod site_model_loop;
mod site_serving;
mod stdio_mcp;
mod takeover;
mod ui_e2e;
mod ui_forms;
mod ui_projects;
mod ui_site_download;
mod ui_site_pages;
mod ui_takeover;
mod ui_takeover_stage;
mod ui_words;
mod websocket;
