//! Minimal `*` wildcards for tool names, roles, input types, autocomplete tokens and URL paths.
//!
//! In: pattern text from the policy file. Out: a [`Glob`] that says whether a value matches.
//! `*` stands for any run of characters (including none); nothing else is special. Matching is
//! case-insensitive when the glob is compiled that way (roles, paths) and exact otherwise (tool
//! names).

/// A compiled wildcard pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Glob {
    /// The pattern split at each `*`: the value must contain these pieces in order.
    pieces: Vec<String>,
    starts_free: bool,
    ends_free: bool,
    ignore_case: bool,
}

impl Glob {
    /// Compiles a pattern, or says why it is unusable.
    pub(crate) fn compile(pattern: &str, ignore_case: bool) -> Result<Glob, String> {
        if pattern.is_empty() {
            return Err("empty pattern (use \"*\" to match anything)".to_owned());
        }
        let text = if ignore_case {
            pattern.to_lowercase()
        } else {
            pattern.to_owned()
        };
        Ok(Glob {
            pieces: text
                .split('*')
                .filter(|piece| !piece.is_empty())
                .map(str::to_owned)
                .collect(),
            starts_free: text.starts_with('*'),
            ends_free: text.ends_with('*'),
            ignore_case,
        })
    }

    /// Whether the value matches.
    pub(crate) fn matches(&self, value: &str) -> bool {
        if self.ignore_case && value.chars().any(char::is_uppercase) {
            self.matches_folded(&value.to_lowercase())
        } else {
            self.matches_folded(value)
        }
    }

    fn matches_folded(&self, value: &str) -> bool {
        let mut rest = value;
        for (index, piece) in self.pieces.iter().enumerate() {
            let is_first = index == 0;
            let is_last = index + 1 == self.pieces.len();
            if is_first && !self.starts_free {
                match rest.strip_prefix(piece.as_str()) {
                    Some(after) => rest = after,
                    None => return false,
                }
                if is_last && !self.ends_free {
                    return rest.is_empty();
                }
            } else if is_last && !self.ends_free {
                return rest.ends_with(piece.as_str());
            } else {
                match rest.find(piece.as_str()) {
                    Some(at) => rest = &rest[at + piece.len()..],
                    None => return false,
                }
            }
        }
        // Only reached when the pieces ran out: either the pattern was all `*`, or it ends free.
        self.ends_free || rest.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::Glob;

    fn matches(pattern: &str, value: &str) -> bool {
        Glob::compile(pattern, true).unwrap().matches(value)
    }

    #[test]
    fn wildcards_match_runs_of_characters() {
        assert!(matches("*", ""));
        assert!(matches("*", "anything"));
        assert!(matches("button", "Button"));
        assert!(!matches("button", "buttons"));
        assert!(matches("/transfer*", "/transfer/new"));
        assert!(!matches("/transfer*", "/account/transfer"));
        assert!(matches("*/transfer*", "/account/transfer"));
        assert!(matches("a*b*c", "aXbYc"));
        assert!(!matches("a*b*c", "aXbY"));
        assert!(!matches("ab*ba", "aba"));
        assert!(matches("*.pdf", "/files/report.PDF"));
        assert!(!Glob::compile("Tool", false).unwrap().matches("tool"));
        assert!(Glob::compile("", true).is_err());
    }
}
