//! Requests said in the passive: "Ada's email should be deleted from the inbox", "the post by
//! @kim needs to be shared", "Ada wrote an email that needs to be forwarded to Hedy".
//!
//! In: one clause (lead-ins stripped). Out: the same request in the active voice ("delete Ada's
//! email from the inbox", "forward Ada wrote an email to Hedy"), for the other phrasings to
//! read; `None` when the clause is no such request. Only a verb of this short list is turned
//! (the participle must say which verb it comes from without guessing at spelling).

use super::matching::lower_keeping_offsets;

/// Words between the thing and the participle ("should be deleted").
const MARKERS: &[&str] = &[
    " should be ",
    " must be ",
    " needs to be ",
    " need to be ",
    " has to be ",
    " have to be ",
    " is to be ",
    " are to be ",
    " ought to be ",
];

/// Participles and their verbs.
const PARTICIPLES: &[(&str, &str)] = &[
    ("deleted", "delete"),
    ("removed", "remove"),
    ("trashed", "trash"),
    ("discarded", "discard"),
    ("erased", "erase"),
    ("forwarded", "forward"),
    ("sent", "send"),
    ("archived", "archive"),
    ("starred", "star"),
    ("flagged", "flag"),
    ("liked", "like"),
    ("shared", "share"),
    ("retweeted", "retweet"),
    ("muted", "mute"),
    ("blocked", "block"),
    ("reported", "report"),
    ("pinned", "pin"),
    ("opened", "open"),
    ("clicked", "click"),
    ("checked", "check"),
    ("ticked", "tick"),
    ("unchecked", "uncheck"),
    ("selected", "select"),
    ("saved", "save"),
    ("submitted", "submit"),
    ("closed", "close"),
    ("expanded", "expand"),
];

/// Words that join the thing to a relative clause ("an email that needs to be …").
const RELATIVES: &[&str] = &["that", "which"];

/// The clause in the active voice (see the module docs).
pub(super) fn active(text: &str) -> Option<String> {
    let text = text.trim().trim_end_matches(['.', '!']).trim();
    let lower = lower_keeping_offsets(text);
    let (at, marker) = MARKERS
        .iter()
        .filter_map(|m| lower.find(m).map(|at| (at, *m)))
        .min()?;
    let after = &text[at + marker.len()..];
    let (participle, rest) = match after.find(' ') {
        Some(space) => (&after[..space], &after[space..]),
        None => (after, ""),
    };
    let verb = PARTICIPLES
        .iter()
        .find(|(p, _)| p.eq_ignore_ascii_case(participle))?
        .1;
    let mut thing = text[..at].trim_end();
    if let Some((head, last)) = thing.rsplit_once(' ')
        && RELATIVES.contains(&last.to_lowercase().as_str())
    {
        thing = head.trim_end();
    }
    if thing.is_empty() {
        return None;
    }
    Some(format!("{verb} {thing}{rest}"))
}

#[cfg(test)]
mod tests {
    use super::active;

    #[test]
    fn a_passive_request_reads_as_the_active_one() {
        for (request, active_one) in [
            (
                "Bobine's email should be deleted from the inbox.",
                Some("delete Bobine's email from the inbox"),
            ),
            (
                "Ada wrote an email in this app that needs to be forwarded to Hedy.",
                Some("forward Ada wrote an email in this app to Hedy"),
            ),
            (
                "the post by @kim has to be shared",
                Some("share the post by @kim"),
            ),
            // Not a request, or a participle not on the list.
            ("The report should be ready by noon", None),
            ("delete the email from Ada", None),
            ("should be deleted", None),
            // "İ" lowers to two characters: the participle is still found after the marker.
            (
                "İlkay's email should be deleted from the inbox",
                Some("delete İlkay's email from the inbox"),
            ),
            (
                "the post by @Kİm has to be shared",
                Some("share the post by @Kİm"),
            ),
        ] {
            assert_eq!(active(request).as_deref(), active_one, "{request}");
        }
    }
}
