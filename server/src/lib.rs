//! tandem-server: the `tandem` daemon — HTTP + WebSocket on loopback, the chat UI, MCP over
//! streamable HTTP and stdio, sessions that each own an agent and a browser context.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod app;
pub mod cli;
pub mod config;
pub mod history;
pub mod protocol;
pub mod scenario;
pub mod security;
pub mod session;
mod sites;
mod static_files;
pub mod token;
pub mod translate;
pub mod ws;

pub use app::{AppState, app};
pub use config::Config;
pub use token::LaunchToken;
