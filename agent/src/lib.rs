//! tandem-agent: the agent that drives the browser for a person. Its vocabulary with the daemon
//! and clients (mode, lifecycle, outcomes, questions and answers, the run record, usage, the
//! Product Doc) is the `tandem-protocol` crate's.
//!
//! - [`action`]: the typed [`Action`] a planner decides on, with its JSON schema for models;
//! - [`question`]: checks on the structured questions for the person and on their answers;
//! - [`planner`]: the [`planner::Planner`] trait (one action per call, stateless, everything in
//!   a [`planner::PlanContext`]), the offline [`planner::InstructionPlanner`] and the
//!   [`planner::ModelPlanner`];
//! - [`model`]: the OpenAI-compatible model client ([`model::ModelClient`], [`model::ModelConfig`]);
//! - [`graph`]: a small generic graph runner (nodes, routing functions, one typed state,
//!   interrupts, transition log, node limit, cancellation);
//! - [`nodes`]: the agent graph of DESIGN §2 on that runner, one module per node;
//! - [`plan`]: one planned step and what became of it ([`plan::Plan`], [`plan::StepRecord`]);
//! - [`state`], [`interrupt`], [`timeline`], [`events`]: the graph's state by lifetime (session,
//!   page, run), its pauses for the person, the run record and the event stream;
//! - [`frames`]: the events and the pending question as the protocol's frames (what the daemon
//!   relays to clients);
//! - [`settings`]: the person's settings (mode, reasoning, take-over requested), one source;
//! - [`policy_bridge`]: from an [`Action`] and its element to the policy's request;
//! - [`browser`]: the tools the agent calls ([`BrowserTools`]: list and call by name,
//!   implemented by the MCP client), with typed calls of the declared browser tools on top
//!   ([`Invoke`]);
//! - [`tool_hub`], [`tool_info`]: the browser's tools plus other MCP servers' as one set, and
//!   each tool as the planner sees it ([`ToolInfo`]: name, description, parameter signature,
//!   effect from its annotations); [`tool_names`]: the served tools the graph calls itself;
//! - [`handle`]: [`Agent::spawn`] and the [`AgentHandle`] the server and tests drive: the task
//!   loop, paused runs, the person's side (confirmations bound to their action, takeovers);
//! - [`handover`]: what changed while the person had the browser, told after a takeover;
//! - [`sign_in_again`]: a login the project had, asked for again: said, and handed over;
//! - [`wording`]: actions and elements in the person's words (never an element id);
//! - [`error`]: [`PlannerError`] and [`AgentError`].
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod action;
pub mod browser;
pub mod chat;
pub mod config;
pub mod error;
pub mod events;
pub mod frames;
pub mod graph;
pub mod handle;
pub mod handover;
pub mod interrupt;
pub mod memory;
pub mod message_secrets;
pub mod model;
pub mod nodes;
pub mod plan;
pub mod planner;
pub mod policy_bridge;
pub mod product_doc;
pub mod question;
pub(crate) mod secrets;
pub mod settings;
pub mod sign_in_again;
pub mod site_sampling;
pub mod state;
pub mod text;
pub mod timeline;
pub mod tool_args;
pub mod tool_hub;
pub mod tool_info;
pub mod tool_names;
pub mod wording;

pub use action::{Action, ActionClass, ScrollDirection, WaitFor};
pub use browser::{BrowserTools, Invoke};
pub use config::AgentConfig;
pub use error::{AgentError, PlannerError};
pub use events::{AgentEvent, StepTimings};
pub use handle::{Agent, AgentHandle, AgentStatus, TakeoverStart};
pub use interrupt::{Interrupt, InterruptError, InterruptKind, Resume};
pub use model::{ModelConfig, RequestUsage};
pub use nodes::NodeId;
pub use planner::ModelPlanner;
pub use question::{AnswerError, QuestionError, check_questions};
pub use timeline::{RunRecord, Timeline, TimelineItem};
pub use tool_hub::{ExternalServer, ToolHub};
pub use tool_info::ToolInfo;
