//! Errors raised while *loading* a policy. Deciding never fails: `assess` always returns a
//! [`PolicyDecision`](crate::PolicyDecision), so every error here happens at start-up.
//!
//! In: a TOML source (embedded defaults, a user file, a string). Out: a [`PolicyError`] whose
//! `Display` names the source, the line and column where known, and the problem, ready to print
//! once and exit.

use std::path::PathBuf;

/// Why a policy could not be loaded. Every variant is fatal at start-up: the daemon refuses to
/// run with a policy it does not understand rather than guessing.
#[derive(Debug, thiserror::Error)]
pub enum PolicyError {
    /// The policy file could not be read from disk. Fatal at start-up: the caller shows the path
    /// and the OS error and exits.
    #[error("cannot read policy file {path}: {source}")]
    Read {
        /// The file that was asked for.
        path: PathBuf,
        /// The underlying I/O error.
        #[source]
        source: std::io::Error,
    },

    /// The text is not valid TOML, or does not have the shape of a policy (unknown key, wrong
    /// type). Fatal at start-up: shown to the user with line and column so they can fix the file.
    #[error("{origin}: line {line}, column {column}: {problem}")]
    Syntax {
        /// Where the text came from ("embedded defaults", a path, "policy string").
        origin: String,
        /// 1-based line of the problem.
        line: usize,
        /// 1-based column of the problem.
        column: usize,
        /// What is wrong, in the TOML parser's words.
        problem: String,
    },

    /// A `[[rule]]` is well-formed TOML but meaningless or unsafe (unknown effect or action kind,
    /// bad host or glob pattern, duplicate id, ...). Fatal at start-up: shown with the rule id and
    /// line so the user can fix that one rule.
    #[error("{origin}: line {line}: rule \"{rule}\": {problem}")]
    InvalidRule {
        /// Where the text came from.
        origin: String,
        /// 1-based line of the offending value (or of the rule when no finer place is known).
        line: usize,
        /// The rule's `id` (or `#n` when the id itself is missing or bad).
        rule: String,
        /// What is wrong and what would be accepted.
        problem: String,
    },

    /// A top-level setting (`[navigation]`, `[hosts]`) holds a bad value, such as a malformed host
    /// pattern, a relative `file_folders` entry or a scheme that may never be allowed. Fatal at
    /// start-up: shown with the setting's name and line.
    #[error("{origin}: line {line}: {setting}: {problem}")]
    InvalidSetting {
        /// Where the text came from.
        origin: String,
        /// 1-based line of the offending value.
        line: usize,
        /// Dotted name of the setting, e.g. `hosts.deny`.
        setting: String,
        /// What is wrong and what would be accepted.
        problem: String,
    },
}

/// Turns a byte offset into a 1-based (line, column) pair, counting columns in characters.
pub(crate) fn line_and_column(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let before = source.get(..offset).unwrap_or(source);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
    let column = before
        .get(line_start..)
        .map_or(0, |text| text.chars().count())
        + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::line_and_column;

    #[test]
    fn offsets_become_lines_and_columns() {
        let text = "a = 1\nbb = 2\n";
        assert_eq!(line_and_column(text, 0), (1, 1));
        assert_eq!(line_and_column(text, 6), (2, 1));
        assert_eq!(line_and_column(text, 9), (2, 4));
        assert_eq!(line_and_column(text, 999), (3, 1));
    }
}
