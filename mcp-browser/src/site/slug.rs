//! [`Slug`]: the only names a page may have, `[a-z0-9-]{1,64}`.
//!
//! Checked before any path is built, so `../x`, `a/b`, `%2e%2e`, absolute paths, unicode
//! look-alikes and over-long names never reach the file system.

use std::fmt;

use super::error::SiteError;

/// Longest slug, in characters.
pub const MAX_SLUG_CHARS: usize = 64;

/// A checked page name.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Slug(String);

impl Slug {
    /// `text` if it is 1 to 64 ASCII lower-case letters, digits and `-`; else
    /// [`SiteError::InvalidSlug`].
    pub fn parse(text: &str) -> Result<Self, SiteError> {
        let valid = (1..=MAX_SLUG_CHARS).contains(&text.len())
            && text
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if valid {
            Ok(Self(text.to_owned()))
        } else {
            let shown: String = text.chars().take(80).collect();
            Err(SiteError::InvalidSlug(shown))
        }
    }

    /// A slug made from free text ("Our Menu!" → `our-menu`), or `None` when nothing is left.
    pub fn from_words(text: &str) -> Option<Self> {
        let mut slug = String::new();
        for c in text.chars().flat_map(char::to_lowercase) {
            if c.is_ascii_alphanumeric() {
                slug.push(c);
            } else if !slug.is_empty() && !slug.ends_with('-') {
                slug.push('-');
            }
        }
        let slug: String = slug
            .trim_matches('-')
            .chars()
            .take(MAX_SLUG_CHARS)
            .collect();
        Self::parse(slug.trim_end_matches('-')).ok()
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Slug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// True for a session key that is safe as one folder name: 1 to 64 ASCII letters, digits, `-`.
pub fn is_session_key(text: &str) -> bool {
    (1..=MAX_SLUG_CHARS).contains(&text.len())
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_slugs_are_refused() {
        let long = "a".repeat(65);
        for bad in [
            "",
            "../x",
            "a/b",
            "%2e%2e",
            "/etc/passwd",
            "C:\\x",
            "mеnu",
            "Menu",
            "a b",
            "a.html",
            "ｍenu",
            "a\0b",
            &long,
        ] {
            assert!(
                matches!(Slug::parse(bad), Err(SiteError::InvalidSlug(_))),
                "{bad:?} was accepted"
            );
        }
        assert_eq!(Slug::parse(&"a".repeat(64)).unwrap().as_str().len(), 64);
        assert_eq!(Slug::parse("menu-2").unwrap().as_str(), "menu-2");
    }

    #[test]
    fn words_become_slugs() {
        assert_eq!(Slug::from_words("Our Menu!").unwrap().as_str(), "our-menu");
        assert!(Slug::from_words("¿?").is_none());
    }

    #[test]
    fn session_keys_are_single_folder_names() {
        assert!(is_session_key("3f2a-BC"));
        assert!(!is_session_key("../x"));
        assert!(!is_session_key(""));
    }
}
