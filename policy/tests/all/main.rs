//! The crate's integration tests, linked as one binary (a cold `cargo test` links a
//! handful of binaries instead of one per file). Each module is one former test file.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

mod common;

mod adversarial_urls;
mod config_errors;
mod default_allow_confirm;
mod default_takeover_deny;
mod no_panic;
mod secret_facts;
mod semantics;
mod unasked_send;
