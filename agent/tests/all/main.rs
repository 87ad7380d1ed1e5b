//! The crate's integration tests, linked as one binary (a cold `cargo test` links a
//! handful of binaries instead of one per file). Each module is one former test file.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

mod support;

mod agent_flow;
mod hand_back;
mod instruction_runs;
mod message_during_run;
mod request_invariants;
mod served_tools_policy;
mod sign_in_again;
mod takeover;
mod words_at_a_question;
