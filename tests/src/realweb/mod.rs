//! The realweb corpus (`fixtures/realweb/`, issue #30): pages that copy real sites' markup and
//! instructions in people's words, run by the instruction planner in real headless Chromium.
//! `fixtures/realweb/README.md` is the contract this harness follows.
//!
//! One [`Realweb`] rig runs every case in turn: the person's tab opens the case's page (or
//! `about:blank`), the message is sent with its placeholders filled, every confirmation is
//! approved as the person would, a question is noted and the run cancelled, and at the end the
//! page's record (`#tandem-result`) is read over the harness's own DevTools connection to the
//! same browser. Used by the `realweb` test (a regression subset) and bench (every case).

mod corpus;
mod rig;

pub use corpus::{RealCase, Timing, load_cases};
pub use rig::{CaseRun, Realweb};
