//! Tandem's PolicyGate: the deterministic safety boundary between the agent and the browser.
//!
//! The model can be fooled by page content; the gate cannot. Every action the agent is about to
//! take is described as an [`ActionRequest`] and judged by [`PolicyGate::assess`] in a
//! [`PolicyContext`]; the answer is a [`PolicyDecision`] (allow, require confirmation, require
//! takeover, deny) carrying a human-readable reason and the id of the rule that decided. Every
//! navigation the browser performs by itself (redirects, popups, meta refresh) is judged by
//! [`PolicyGate::check_navigation`].
//!
//! Rules come from TOML: safe defaults embedded in the binary ([`DEFAULT_POLICY_TOML`]), to which
//! a user's file can add. A bad file is refused at start-up with its line and problem
//! ([`PolicyError`]). The format and the defaults are documented in `docs/policy.md`.
//!
//! The crate is pure: no async runtime, and no I/O in the decision path (only the `*_file`
//! constructors read a file, at start-up).
//!
//! ```
//! use tandem_policy::{ActionRequest, Effect, PolicyContext, PolicyGate};
//! use tandem_protocol::Mode;
//!
//! let gate = PolicyGate::default();
//! let context = PolicyContext::new(Mode::Agent).with_current_url("https://shop.example/cart");
//! let decision = gate.assess(&ActionRequest::click("button", "Buy now"), &context);
//! assert_eq!(decision.effect(), Effect::Confirm);
//! assert_eq!(decision.rule(), "confirm-purchase");
//! ```

#![deny(clippy::print_stdout, clippy::print_stderr)]

mod changes;
mod config;
mod context;
mod decision;
mod error;
mod gate;
mod glob;
mod host;
mod kind;
mod load;
mod navigation;
mod prepared;
mod request;
mod rule;
mod words;

pub use changes::{DataChange, data_change};
pub use context::{PolicyContext, SecretFacts, SessionApprovals};
pub use decision::{Effect, PolicyDecision};
pub use error::PolicyError;
pub use gate::PolicyGate;
pub use kind::ActionKind;
pub use load::DEFAULT_POLICY_TOML;
pub use request::ActionRequest;
