//! Values written with words around them: `the number "16"`, `the password "yA"`,
//! `"agustina" in all upper case letters`, and lists of them (`the username "kim" and the
//! password "pw7"`).
//!
//! In: the words of a type clause that hold the value (before "into …"). Out: the value itself
//! (the quoted text, put in the case the words ask for) and the words that describe it ("number",
//! "password"), or `None` when the words are not one quoted value with a few words around it
//! (then the words are the value, as written).

use super::split::quote_spans;

/// A value and the words that describe it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Described {
    /// The value to type, in the case asked for.
    pub value: String,
    /// The words before the value without articles ("password"); empty when there are none.
    pub kind: String,
}

/// At most this many words may stand around a quoted value for it to be the value.
const MAX_WORDS_AROUND: usize = 6;

/// The quoted value of `text` when `text` is one quoted span with a few describing words
/// around it (see the module docs).
pub(crate) fn described(text: &str) -> Option<Described> {
    let text = text.trim().trim_end_matches(['.', '!']);
    let spans = quote_spans(text);
    let [(open, close)] = spans.as_slice() else {
        return None;
    };
    let (open, close) = (*open, *close);
    let before = words(&text[..open]);
    let after = words(&text[close..]);
    if before.is_empty() && after.is_empty() {
        return None;
    }
    if before.len() + after.len() > MAX_WORDS_AROUND {
        return None;
    }
    let inner = &text[open..close];
    let mut chars = inner.chars();
    chars.next();
    chars.next_back();
    let all = [before.as_slice(), after.as_slice()].concat();
    let value = match letter_case(&all) {
        Some(Case::Upper) => chars.as_str().to_uppercase(),
        Some(Case::Lower) => chars.as_str().to_lowercase(),
        None if !after.is_empty() => return None,
        None => chars.as_str().to_owned(),
    };
    let kind = before
        .iter()
        .filter(|w| !matches!(w.as_str(), "the" | "a" | "an" | "my" | "your" | "this"))
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
    Some(Described { value, kind })
}

/// A case the words ask the value to be typed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Case {
    Upper,
    Lower,
}

/// "in all upper case letters", "in capitals", "in lowercase", "all caps".
fn letter_case(words: &[String]) -> Option<Case> {
    let joined = words.join(" ");
    let has = |phrases: &[&str]| phrases.iter().any(|p| joined.contains(p));
    if has(&[
        "upper case",
        "uppercase",
        "capital",
        "caps",
        "block letters",
    ]) {
        Some(Case::Upper)
    } else if has(&["lower case", "lowercase", "small letters"]) {
        Some(Case::Lower)
    } else {
        None
    }
}

/// Lower-case words of `text` (letters, digits and hyphens).
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Described, described};

    fn value(text: &str) -> Option<String> {
        described(text).map(|d| d.value)
    }

    #[test]
    fn a_quoted_value_with_a_kind_word_is_the_quoted_text() {
        assert_eq!(
            described("the number \"-5\""),
            Some(Described {
                value: "-5".to_owned(),
                kind: "number".to_owned()
            })
        );
        assert_eq!(value("the password “Sfz”").as_deref(), Some("Sfz"));
        assert_eq!(value("my user name 'ada99'").as_deref(), Some("ada99"));
    }

    #[test]
    fn words_after_the_value_may_ask_for_a_letter_case() {
        assert_eq!(
            value("\"agustina\" in all upper case letters").as_deref(),
            Some("AGUSTINA")
        );
        assert_eq!(
            value("\"MARCELLA\" in lowercase").as_deref(),
            Some("marcella")
        );
        assert_eq!(value("\"Bonn\" in capitals").as_deref(), Some("BONN"));
    }

    #[test]
    fn other_shapes_are_not_described_values() {
        // The whole value is quoted: nothing to take off.
        assert_eq!(value("\"hello\""), None);
        // Words after the value that ask for nothing: the words are part of the value.
        assert_eq!(value("\"Hi\" said Ann"), None);
        // Two quoted values are a list, not one value.
        assert_eq!(value("\"a\" and \"b\""), None);
        // A long sentence around a quote is a value of its own.
        assert_eq!(
            value("the note that says \"ok\" to everyone who reads this page"),
            None
        );
    }
}
