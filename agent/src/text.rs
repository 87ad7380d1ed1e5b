//! Text shaped for one-line displays (step lines, memory, prompts, messages).

/// Shortens `text` to at most `max` characters (the last one `…` when it was cut); one
/// definition with the protocol's step words.
pub use tandem_protocol::words::clip;

/// The words of `text` separated by single spaces.
pub fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clips_to_the_limit_with_an_ellipsis() {
        assert_eq!(clip("short", 10), "short");
        assert_eq!(clip("a longer text", 6), "a lon…");
        assert_eq!(clip("été", 2), "é…");
        assert_eq!(one_line("  two\n lines\t here "), "two lines here");
    }
}
