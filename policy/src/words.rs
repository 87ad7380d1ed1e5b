//! Whole-word matching of element names against the word lists in the policy.
//!
//! In: an accessible name such as "Jetzt kaufen" and list entries such as `"buy"`, `"place
//! order"`, `"unsubscrib*"`. Out: the entry that matched, if any.
//!
//! Names and entries are split into lower-case words at every character that is not a letter or
//! digit, so "Sender" does not contain "send", "Add to cart" does not contain "buy", and "I'm not
//! a robot" is the words `i m not a robot`. An entry of several words matches those words in a
//! row; an entry ending in `*` matches any word starting with it.

use std::collections::HashMap;

/// Splits text into lower-case words (letters and digits of any script).
pub(crate) fn words_of(text: &str) -> Vec<String> {
    text.split(|character: char| !character.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// A compiled word list.
#[derive(Debug, Clone, Default)]
pub(crate) struct WordList {
    /// Single whole words, mapped to the entry as written (for the reason shown to the user).
    single: HashMap<String, String>,
    /// Word prefixes from entries ending in `*`.
    prefixes: Vec<(String, String)>,
    /// Entries of several words.
    phrases: Vec<(Vec<String>, String)>,
}

impl WordList {
    /// Compiles the entries, or says which entry is unusable.
    #[cfg(test)]
    pub(crate) fn compile<'a>(
        entries: impl IntoIterator<Item = &'a str>,
    ) -> Result<WordList, String> {
        let mut list = WordList::default();
        for entry in entries {
            list.add(entry)?;
        }
        Ok(list)
    }

    /// Adds one entry, or says why it is unusable.
    pub(crate) fn add(&mut self, entry: &str) -> Result<(), String> {
        let (body, is_prefix) = match entry.trim().strip_suffix('*') {
            Some(body) => (body, true),
            None => (entry, false),
        };
        let words = words_of(body);
        match (words.as_slice(), is_prefix) {
            ([], _) => Err(format!(
                "word list entry \"{entry}\" has no letters or digits"
            )),
            ([word], false) => {
                self.single.insert(word.clone(), entry.to_owned());
                Ok(())
            }
            ([word], true) => {
                self.prefixes.push((word.clone(), entry.to_owned()));
                Ok(())
            }
            (_, true) => Err(format!(
                "word list entry \"{entry}\": a trailing * is only allowed on a single word"
            )),
            (_, false) => {
                self.phrases.push((words, entry.to_owned()));
                Ok(())
            }
        }
    }

    /// The first entry found among these words (from [`words_of`]), if any.
    pub(crate) fn find(&self, words: &[String]) -> Option<&str> {
        for word in words {
            if let Some(entry) = self.single.get(word) {
                return Some(entry);
            }
            if let Some((_, entry)) = self
                .prefixes
                .iter()
                .find(|(prefix, _)| word.starts_with(prefix.as_str()))
            {
                return Some(entry);
            }
        }
        self.phrases
            .iter()
            .find(|(phrase, _)| words.windows(phrase.len()).any(|window| window == phrase))
            .map(|(_, entry)| entry.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(entries: &[&str]) -> WordList {
        WordList::compile(entries.iter().copied()).unwrap()
    }

    #[test]
    fn matches_whole_words_phrases_and_prefixes() {
        let purchase = list(&["buy", "pay", "place order", "unsubscrib*", "s'inscrire"]);
        let cases = [
            ("Buy now", Some("buy")),
            ("PAY", Some("pay")),
            ("Add to cart", None),
            ("PayPal balance", None),
            ("Place   Order", Some("place order")),
            ("Order history", None),
            ("Unsubscribe from list", Some("unsubscrib*")),
            ("S’inscrire", Some("s'inscrire")),
            ("", None),
        ];
        for (name, expected) in cases {
            assert_eq!(purchase.find(&words_of(name)), expected, "{name}");
        }
        assert_eq!(list(&["send"]).find(&words_of("Sender")), None);
    }

    #[test]
    fn refuses_empty_entries_and_prefix_phrases() {
        assert!(WordList::compile(["  "]).is_err());
        assert!(WordList::compile(["*"]).is_err());
        assert!(WordList::compile(["place ord*"]).is_err());
    }
}
