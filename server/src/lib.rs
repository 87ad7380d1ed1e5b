//! tandem-server: the `tandem` daemon — HTTP + WebSocket on loopback, the chat UI, MCP over
//! streamable HTTP and stdio, sessions that each own an agent and a browser context.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod app;
pub mod cli;
pub mod config;
pub mod export;
pub mod handover;
pub mod history;
pub mod logins;
pub mod scenario;
pub mod security;
pub mod session;
mod sites;
pub mod state;
mod static_files;
pub mod store;
pub mod token;
pub mod ws;

pub use app::app;
pub use config::Config;
pub use state::AppState;
pub use token::LaunchToken;
