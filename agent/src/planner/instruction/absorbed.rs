//! Words absorbed into a neighbouring step (issue #30): "turn off read receipts, do whatever
//! you think is best with the rest" must not become "turn off Read receipts" with the rest
//! silently dropped.
//!
//! In: a phrase (normalized, and as written) and an element text that holds only some of its
//! words. Out: whether the phrase says more than that element: its other words are a clause of
//! their own (the phrase joins clauses with a comma, "and", "but" or "then"), or they are too
//! many to be a description ("the blue submit thing" still names "Submit"). Such a match is no
//! match, so the step asks or stops instead of acting on part of the words.

use super::matching::lower_keeping_offsets;

/// Words that carry no meaning of their own in a description.
const FUNCTION_WORDS: &[&str] = &[
    "by", "of", "for", "to", "in", "on", "at", "with", "from", "my", "your", "our", "this", "that",
    "it", "its", "is", "me", "please", "one", "and", "or",
];

/// More content words than this, beside the element's own, are more than a description.
const MAX_DESCRIBING_WORDS: usize = 2;

/// Whether `query` (normalized) says more than `text` (normalized, all of whose words are in
/// the query); `phrase` is the phrase as written, which still shows its commas.
pub(super) fn absorbs(query: &str, text: &str, phrase: &str) -> bool {
    let own: Vec<&str> = text.split(' ').collect();
    let extra = query
        .split(' ')
        .filter(|w| !own.contains(w) && !FUNCTION_WORDS.contains(w))
        .count();
    extra > MAX_DESCRIBING_WORDS
        || (extra > 0 && joins_clauses(phrase, &own))
        || (extra > 0 && names_what_it_is_by(query, text))
}

/// "the thread by Marguerite Okafor", "the newsletter from Wanderlust Weekly": the element's
/// words follow "by" or "from" after other words, so the phrase names a thing the element is
/// the author or sender of, not the element.
fn names_what_it_is_by(query: &str, text: &str) -> bool {
    ["by", "from"].iter().any(|word| {
        let needle = format!(" {word} {text}");
        query
            .find(&needle)
            .is_some_and(|at| at > 0 && !FUNCTION_WORDS.contains(&query[..at].trim()))
    })
}

/// Whether a phrase as written holds a clause break outside quotes that is not a word of the
/// element's own name (`own`: "Street and number" holds its "and").
fn joins_clauses(phrase: &str, own: &[&str]) -> bool {
    let spans = super::split::quote_spans(phrase);
    let outside = |at: usize| !spans.iter().any(|(open, close)| at >= *open && at < *close);
    let lower = lower_keeping_offsets(phrase);
    let comma = phrase
        .char_indices()
        .any(|(at, c)| matches!(c, ',' | ';') && outside(at));
    let word = ["and", "but", "then"].iter().any(|w| {
        let in_phrase = lower
            .match_indices(&format!(" {w} "))
            .filter(|(at, _)| outside(*at))
            .count();
        in_phrase > own.iter().filter(|o| *o == w).count()
    });
    comma || word
}

/// Words after a quoted name that only say what kind of element it is.
const KIND_WORDS: &[&str] = &[
    "button", "link", "tab", "box", "field", "checkbox", "option", "item", "entry", "section",
    "question", "heading", "menu", "icon",
];

/// For a clause that names its element in quotes ("expand 'Delivery?' and say it was
/// helpful"), a clause joined after the quoted name: the words no step of it places.
pub(super) fn after_quoted_name(clause: &str) -> Option<String> {
    let &(_, close) = super::split::quote_spans(clause).last()?;
    let rest = clause[close..].trim_start();
    let lower = lower_keeping_offsets(rest);
    let joined = ["and ", "but ", "then ", ", ", "; "]
        .iter()
        .find_map(|joiner| lower.starts_with(joiner).then(|| &rest[joiner.len()..]))
        .or_else(|| rest.strip_prefix(',').map(str::trim_start))?;
    let words = super::matching::normalize(joined);
    let content = words
        .split(' ')
        .any(|w| !w.is_empty() && !FUNCTION_WORDS.contains(&w) && !KIND_WORDS.contains(&w));
    content.then(|| joined.trim().to_owned())
}

/// "close the popup and add the large one to my bag", "Close the popup. Add …": a dismissal
/// names no element of its own (it clicks the close control), so whatever follows its joiner
/// or the end of its sentence is a clause of its own and is never dropped. The dismissal and that clause.
/// `verb` is the clause's first word after its lead-ins.
pub(super) fn after_dismissal(clause: &str, verb: &str) -> Option<(String, String)> {
    if !matches!(verb, "close" | "dismiss") {
        return None;
    }
    let spans = super::split::quote_spans(clause);
    let lower = lower_keeping_offsets(clause);
    let at = [" and ", ", ", " then ", ". ", "! "]
        .iter()
        .filter_map(|joiner| {
            lower
                .match_indices(joiner)
                .map(|(at, w)| (at, at + w.len()))
                .find(|(at, _)| !spans.iter().any(|(open, close)| at >= open && at < close))
        })
        .min()?;
    let (head, tail) = (clause[..at.0].trim(), clause[at.1..].trim());
    (!tail.is_empty()).then(|| (head.to_owned(), tail.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::{absorbs, after_dismissal, after_quoted_name};

    #[test]
    fn what_follows_a_dismissal_is_a_clause_of_its_own() {
        assert_eq!(
            after_dismissal("close the popup and add the large one to my bag", "close"),
            Some((
                "close the popup".to_owned(),
                "add the large one to my bag".to_owned()
            ))
        );
        assert_eq!(
            after_dismissal("Close the popup. Add the large one to my bag", "close"),
            Some((
                "Close the popup".to_owned(),
                "Add the large one to my bag".to_owned()
            ))
        );
        assert_eq!(after_dismissal("close the dialog", "close"), None);
        assert_eq!(after_dismissal("click Save and close", "click"), None);
    }

    #[test]
    fn a_clause_after_a_quoted_name_is_words_of_its_own() {
        assert_eq!(
            after_quoted_name("expand 'Can I change it?' and say it was helpful").as_deref(),
            Some("say it was helpful")
        );
        assert_eq!(after_quoted_name("click 'Save and close' button"), None);
        assert_eq!(after_quoted_name("click \"Next\" and the button"), None);
        assert_eq!(after_quoted_name("click the Next button"), None);
    }

    #[test]
    fn a_clause_beside_the_name_is_not_a_description() {
        let phrase = "read receipts, do whatever you think is best";
        let query = "read receipts do whatever you think is best";
        assert!(absorbs(query, "read receipts", phrase));
        assert!(absorbs(
            "read receipts and delete my account",
            "read receipts",
            "read receipts and delete my account"
        ));
    }

    #[test]
    fn an_and_of_the_elements_own_name_joins_nothing() {
        assert!(!absorbs(
            "field labelled street and number",
            "street and number",
            "the field labelled Street and number"
        ));
    }

    #[test]
    fn a_few_describing_words_still_name_the_element() {
        assert!(!absorbs(
            "blue submit thing",
            "submit",
            "the blue submit thing"
        ));
        assert!(!absorbs(
            "send button at bottom",
            "send",
            "send button at the bottom"
        ));
        assert!(absorbs(
            "thread by marguerite okafor",
            "marguerite okafor",
            "the thread by Marguerite Okafor"
        ));
        assert!(!absorbs(
            "sign in by google",
            "sign in",
            "sign in by google"
        ));
        assert!(absorbs(
            "thing at bottom that says we will delete everything",
            "delete",
            "the thing at the bottom that says we will delete everything"
        ));
    }
}
