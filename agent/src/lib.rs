//! tandem-agent: the agent that drives the browser for a person.
//!
//! What is here so far:
//! - [`action`]: the typed [`Action`] a planner decides on, with its JSON schema for models;
//! - [`question`]: structured questions for the person and their answers;
//! - [`planner`]: the [`planner::Planner`] trait (one action per call, stateless, everything in
//!   a [`planner::PlanContext`]) and the offline [`planner::InstructionPlanner`] that follows
//!   plain imperative instructions by matching the DOM snapshot;
//! - [`error`]: the [`PlannerError`] a planner may return.
//!
//! The graph runtime (nodes, state, interrupts) builds on these.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod action;
pub mod error;
pub mod planner;
pub mod question;

pub use action::{Action, ScrollDirection, WaitFor};
pub use error::PlannerError;
pub use question::{Answer, Question, QuestionKind, QuestionOption};
