//! Fuzzy text matching between a phrase and an element's texts.
//!
//! In: two strings. Out: a [`quality`] level, higher is better: exact > word prefix > all words
//! present > substring > the element's words all in the phrase > small edit distance. Matching
//! ignores case, punctuation, extra whitespace and the articles "the", "a", "an".

/// Match quality levels returned by [`quality`].
pub(crate) const EXACT: u8 = 7;
pub(crate) const PREFIX: u8 = 6;
pub(crate) const WORDS: u8 = 5;
pub(crate) const SUBSTRING: u8 = 4;
pub(crate) const WITHIN: u8 = 3;
/// Edit distance 1.
pub(crate) const FUZZY_NEAR: u8 = 2;
/// Edit distance 2 (long phrases only).
pub(crate) const FUZZY_FAR: u8 = 1;
pub(crate) const NONE: u8 = 0;

/// Lower-case words separated by single spaces, without punctuation or articles.
pub(crate) fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    normalize_into(text, &mut out);
    out
}

/// `text` in lower case with every byte offset kept, for finding words in it and slicing
/// `text` at what was found. A character whose lower case is one character of the same UTF-8
/// length is lowered; any other ("İ" → "i̇", the Kelvin sign → "k") is kept as written, so an
/// offset into the result is a character boundary of `text` at the same place.
pub(crate) fn lower_keeping_offsets(text: &str) -> String {
    text.chars()
        .map(|c| {
            let mut lower = c.to_lowercase();
            match (lower.next(), lower.next()) {
                (Some(low), None) if low.len_utf8() == c.len_utf8() => low,
                _ => c,
            }
        })
        .collect()
}

/// [`normalize`] into a reused buffer (cleared first).
pub(crate) fn normalize_into(text: &str, out: &mut String) {
    out.clear();
    let mut word_start = 0;
    let mut in_word = false;
    let end_word = |out: &mut String, word_start: usize| {
        if matches!(&out[word_start..], "the" | "a" | "an") {
            out.truncate(word_start);
            if out.ends_with(' ') {
                out.pop();
            }
        }
    };
    for c in text.chars() {
        // Symbols beyond ASCII ("★", "→", "⚙") are part of names; punctuation is not.
        let symbol = !c.is_ascii()
            && !c.is_whitespace()
            && !c.is_alphanumeric()
            && !"“”‘’«»—–…·•„‚‹›¡¿、。，".contains(c);
        if c.is_alphanumeric() || symbol {
            if !in_word {
                if !out.is_empty() {
                    out.push(' ');
                }
                word_start = out.len();
                in_word = true;
            }
            if c.is_ascii() {
                out.push(c.to_ascii_lowercase());
            } else {
                out.extend(c.to_lowercase());
            }
        } else if in_word {
            in_word = false;
            end_word(out, word_start);
        }
    }
    if in_word {
        end_word(out, word_start);
    }
    // A text made only of symbols ("★★", "→") is its own name: keep its symbols as words.
    if out.is_empty() {
        let symbols: Vec<&str> = text.split_whitespace().collect();
        out.push_str(&symbols.join(" "));
    }
}

fn compact(text: &str) -> impl Iterator<Item = char> + Clone + '_ {
    text.chars().filter(|c| *c != ' ')
}

fn digits(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars().filter(char::is_ascii_digit)
}

/// How well `candidate` matches `query`; both already [`normalize`]d.
pub(crate) fn quality(query: &str, candidate: &str) -> u8 {
    if query.is_empty() || candidate.is_empty() {
        return NONE;
    }
    if query == candidate || compact(query).eq(compact(candidate)) {
        return EXACT;
    }
    if candidate
        .strip_prefix(query)
        .is_some_and(|rest| rest.starts_with(' '))
    {
        return PREFIX;
    }
    let has_word = |text: &str, word: &str| text.split(' ').any(|w| w == word);
    if query.split(' ').all(|w| has_word(candidate, w)) {
        return WORDS;
    }
    if query.len() >= 3 && candidate.contains(query) {
        return SUBSTRING;
    }
    if candidate.len() >= 3 && candidate.split(' ').all(|w| has_word(query, w)) {
        return WITHIN;
    }
    let length = compact(query).count();
    let allowed = match length {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    };
    // Numbers are names, not typos: "Item 12" never matches "Item 13".
    if allowed == 0
        || compact(candidate).count().abs_diff(length) > allowed
        || !digits(query).eq(digits(candidate))
    {
        return NONE;
    }
    let q: Vec<char> = compact(query).collect();
    let c: Vec<char> = compact(candidate).collect();
    match edit_distance(&q, &c, allowed) {
        Some(1) => FUZZY_NEAR,
        Some(2) => FUZZY_FAR,
        Some(_) | None => NONE,
    }
}

/// The Levenshtein distance between `a` and `b` when it is at most `max`.
pub(crate) fn edit_distance(a: &[char], b: &[char], max: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        current[0] = i + 1;
        let mut row_min = current[0];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
            row_min = row_min.min(current[j + 1]);
        }
        if row_min > max {
            return None;
        }
        std::mem::swap(&mut previous, &mut current);
    }
    Some(previous[b.len()]).filter(|d| *d <= max)
}

/// Case-insensitive "does the page text contain this", on normalized forms.
pub(crate) fn contains_normalized(haystack: &str, needle: &str) -> bool {
    let needle = normalize(needle);
    !needle.is_empty() && normalize(haystack).contains(&needle)
}

#[cfg(test)]
#[path = "matching_tests.rs"]
mod tests;
