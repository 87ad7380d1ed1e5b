//! tandem-mcp-browser: a browser actor over Chromium (CDP) and an MCP server in front of it.
//!
//! - [`browser`]: [`BrowserHost`] owns Chromium (launch or remote connect, relaunch after a
//!   crash); [`BrowserSession`] is one user session's isolated context and its actions.
//! - [`snapshot`]: the structured DOM snapshot with stable eids and its compact text form.
//! - [`tool`]: each MCP tool declared once on its parameter type ([`BrowserTool`]); [`server`]:
//!   the browser tools (rmcp) over a session; [`client`]: the typed client the agent uses.
//! - [`site`]: the site studio tools (briefs, design systems, pages, checks in the browser),
//!   served by the same MCP server.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod browser;
pub mod client;
pub mod config;
pub mod error;
pub mod gate;
pub mod observation;
pub mod sampling_client;
pub mod screenshot;
pub mod server;
pub mod site;
pub mod snapshot;
pub mod tls;
pub mod tool;

pub use browser::script::PAGE_SCRIPT;
pub use browser::{BrowserHost, BrowserSession, SavedBrowserState};
pub use client::McpBrowserClient;
pub use config::BrowserConfig;
pub use error::{BrowserError, ClientError};
pub use observation::{Observation, ObservedPage, PageNotice, Screenshot, TabInfo};
pub use sampling_client::{SamplingAnswerer, SamplingRequest};
pub use tool::{Answer, BrowserTool, Effect, ToolOutput};
