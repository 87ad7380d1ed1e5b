//! Test support for Tandem's end-to-end tests: the fixture site on a loopback port and helpers to
//! start a real headless Chromium behind the MCP browser server.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod agent;
pub mod browser;
pub mod devtools_chromium;
pub mod fixture_site;
pub mod instruction_set;
pub mod mock_model;
pub mod realweb;
pub mod stats;
pub mod zip;

pub use agent::TestAgent;
pub use browser::{TestBrowser, browser_config, connected_client, test_sites_dir};
pub use devtools_chromium::DevtoolsChromium;
pub use fixture_site::FixtureSite;
