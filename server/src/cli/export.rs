//! `tandem export PROJECT DIR`: the project's site as a plain static folder (`crate::export`).

use std::path::PathBuf;

use clap::Args;

pub use crate::export::{ExportError, export_site};

/// `tandem export` arguments.
#[derive(Debug, Clone, Args)]
pub struct ExportArgs {
    /// The project's id (its session id, as the chat page and `projects` list it).
    pub project: String,
    /// The folder to write (made if missing; existing files of the same names are replaced).
    pub dir: PathBuf,
}
