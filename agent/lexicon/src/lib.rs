//! An offline English thesaurus: the synonyms of a word, from the Moby thesaurus and WordNet.
//!
//! The table is built at compile time by `build.rs` from the crates.io packages
//! `thesaurus-moby` and `thesaurus-wordnet` (see there for what is kept). Lookups are a binary
//! search over the embedded table: no start-up cost, no allocation but the result.
//!
//! Contract: words are single lower-case words; [`synonyms`] is symmetric (b is a synonym of a
//! exactly when a is one of b) and never lists the word itself.

#![deny(clippy::print_stdout, clippy::print_stderr)]

static TABLE: &str = include_str!(concat!(env!("OUT_DIR"), "/lexicon.txt"));
static INDEX: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/lexicon.idx"));

/// The table's line `at` (0-based), without its newline.
fn line(at: usize) -> &'static str {
    let offset = |i: usize| {
        INDEX
            .get(i * 4..i * 4 + 4)
            .and_then(|b| <[u8; 4]>::try_from(b).ok())
            .map_or(TABLE.len(), |b| u32::from_le_bytes(b) as usize)
    };
    let start = offset(at);
    let end = offset(at + 1);
    TABLE.get(start..end).unwrap_or("").trim_end_matches('\n')
}

/// How many words the table holds.
pub fn len() -> usize {
    INDEX.len() / 4
}

/// Whether the table holds no words (never, for a real build).
pub fn is_empty() -> bool {
    len() == 0
}

/// The synonyms the thesauri list for `word` (lower case, one word), in byte order; empty for a
/// word they do not hold.
pub fn synonyms(word: &str) -> Vec<&'static str> {
    let (mut lo, mut hi) = (0, len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let mut parts = line(mid).split(' ');
        let head = parts.next().unwrap_or("");
        match head.cmp(word) {
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
            std::cmp::Ordering::Equal => return parts.collect(),
        }
    }
    Vec::new()
}

/// Whether the thesauri list `a` and `b` as synonyms.
pub fn are_synonyms(a: &str, b: &str) -> bool {
    synonyms(a).contains(&b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_a_real_thesaurus() {
        assert!(len() > 50_000, "{} words", len());
        assert!(are_synonyms("huge", "enormous"));
        assert!(are_synonyms("enormous", "huge"));
        assert!(are_synonyms("begin", "start"));
        assert!(!are_synonyms("huge", "tiny"));
        assert!(synonyms("qwxzv").is_empty());
        assert!(!synonyms("mild").contains(&"mild"));
    }

    #[test]
    fn every_line_is_in_order() {
        let heads: Vec<&str> = (0..len())
            .map(|i| line(i).split(' ').next().unwrap_or(""))
            .collect();
        assert!(heads.windows(2).all(|w| w[0] < w[1]));
    }
}
