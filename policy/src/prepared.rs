//! A request made ready for matching: URLs parsed once, the element name split into words once,
//! so each rule only compares.
//!
//! In: an [`ActionRequest`], the mode, and the parsed target and current-page URLs. Out: a
//! [`PreparedRequest`] that [`Rule::matches`](crate::rule::Rule) reads.

use tandem_protocol::Mode;
use url::Url;

use crate::context::{PolicyContext, SecretFacts};
use crate::host::host_key;
use crate::kind::ActionKind;
use crate::request::ActionRequest;
use crate::words::words_of;

/// The parts of one URL that rules look at.
#[derive(Debug, Clone)]
pub(crate) struct UrlFacts {
    /// Lower-case scheme without the colon.
    pub(crate) scheme: String,
    /// Canonical host (see [`host_key`]), if the URL has one.
    pub(crate) host: Option<String>,
    /// The path with %-escapes decoded, so `/tr%61nsfer` is seen as `/transfer`.
    pub(crate) path: String,
}

impl UrlFacts {
    pub(crate) fn of(url: &Url) -> UrlFacts {
        UrlFacts {
            scheme: url.scheme().to_owned(),
            host: host_key(url),
            path: percent_decode(url.path()),
        }
    }
}

/// The context facts a rule can test besides the request itself.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Situation {
    pub(crate) mode: Mode,
    pub(crate) secrets: SecretFacts,
    pub(crate) unasked_send: bool,
}

impl Situation {
    pub(crate) fn of(context: &PolicyContext<'_>) -> Situation {
        Situation {
            mode: context.mode,
            secrets: context.secrets,
            unasked_send: context.unasked_send,
        }
    }
}

/// One request, ready for the rules.
#[derive(Debug)]
pub(crate) struct PreparedRequest<'r> {
    pub(crate) request: &'r ActionRequest,
    /// Index of the kind in [`ActionKind::KNOWN`].
    pub(crate) kind_index: usize,
    pub(crate) mode: Mode,
    /// What the agent knows about the secret being typed.
    pub(crate) secrets: SecretFacts,
    /// The action sends a form the person did not ask to send.
    pub(crate) unasked_send: bool,
    /// The URLs the rules' `schemes`/`hosts`/`paths` are checked against: the target for
    /// `navigate` and `back`; the target and the current page for everything else.
    pub(crate) urls: Vec<UrlFacts>,
    /// The element's accessible name, split into lower-case words.
    pub(crate) name_words: Vec<String>,
}

impl<'r> PreparedRequest<'r> {
    pub(crate) fn new(
        request: &'r ActionRequest,
        kind_index: usize,
        situation: Situation,
        target: Option<&Url>,
        current_page: Option<&Url>,
    ) -> PreparedRequest<'r> {
        let Situation {
            mode,
            secrets,
            unasked_send,
        } = situation;
        let mut urls = Vec::with_capacity(2);
        urls.extend(target.map(UrlFacts::of));
        let judged_on_target_only = matches!(request.kind, ActionKind::Navigate | ActionKind::Back);
        if !judged_on_target_only {
            urls.extend(current_page.map(UrlFacts::of));
        }
        PreparedRequest {
            request,
            kind_index,
            mode,
            secrets,
            unasked_send,
            urls,
            name_words: request
                .element_name
                .as_deref()
                .map(words_of)
                .unwrap_or_default(),
        }
    }
}

/// Decodes %XX escapes; invalid escapes stay as they are, invalid UTF-8 becomes U+FFFD.
fn percent_decode(text: &str) -> String {
    if !text.contains('%') {
        return text.to_owned();
    }
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let escaped = (bytes[index] == b'%')
            .then(|| bytes.get(index + 1..index + 3))
            .flatten()
            .filter(|hex| hex.iter().all(u8::is_ascii_hexdigit))
            .and_then(|hex| std::str::from_utf8(hex).ok())
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escaped {
            Some(byte) => {
                decoded.push(byte);
                index += 3;
            }
            None => {
                decoded.push(bytes[index]);
                index += 1;
            }
        }
    }
    String::from_utf8_lossy(&decoded).into_owned()
}

#[cfg(test)]
mod tests {
    use super::percent_decode;

    #[test]
    fn decodes_escapes_and_keeps_broken_ones() {
        assert_eq!(percent_decode("/tr%61nsfer"), "/transfer");
        assert_eq!(percent_decode("/a%2"), "/a%2");
        assert_eq!(percent_decode("/a%zz%"), "/a%zz%");
        assert_eq!(percent_decode("/a%+1"), "/a%+1");
        assert_eq!(percent_decode("/%C3%BC"), "/ü");
    }
}
