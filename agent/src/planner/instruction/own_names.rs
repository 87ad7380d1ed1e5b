//! The page's own names first (issue #30): names that hold "and", "for", "in" or "to" ("Save
//! and close", "Notes for the driver") are split by the words before the page is seen; here
//! the page puts them back together.
//!
//! In: parsed steps (or one step's value) and the snapshot. Out: the element a split name
//! really names, or the value without the words that were the field's name.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::matching::{lower_keeping_offsets, normalize};
use super::split::quote_spans;
use super::step::{Step, Target};

/// "write leave it by the back door in Notes for the driver": the value ends with "in Notes",
/// which is the start of the field's own name ("Notes for the driver"). The value without it.
pub(super) fn value_before_name(text: &str, el: &Element) -> Option<String> {
    let name = normalize(&el.name);
    if name.is_empty() {
        return None;
    }
    let spans = quote_spans(text);
    let lower = lower_keeping_offsets(text);
    [" in ", " into "]
        .iter()
        .flat_map(|word| lower.match_indices(word).map(|(at, w)| (at, at + w.len())))
        .filter(|(at, _)| !spans.iter().any(|(open, close)| at >= open && at < close))
        .filter(|(at, end)| {
            let tail = normalize(&text[*end..]);
            *at > 0 && !tail.is_empty() && name.starts_with(&format!("{tail} "))
        })
        .map(|(at, _)| text[..at].trim().to_owned())
        .max_by_key(String::len)
}

/// "then Save and close", split into "Save" and "close" because "close" is a verb: when the
/// page has one element named by both parts with their joiner, the two steps are one click on
/// it. Returns that element.
pub(super) fn joined_click<'s>(
    steps: &[(Step, String)],
    index: usize,
    snapshot: Option<&'s Snapshot>,
) -> Option<&'s Element> {
    let (Step::Click { target: first }, _) = steps.get(index)? else {
        return None;
    };
    let (Step::Click { target: second }, _) = steps.get(index + 1)? else {
        return None;
    };
    if !plain(first) || !plain(second) {
        return None;
    }
    let wholes = [
        format!("{} and {}", first.full, second.full),
        format!("{} {}", first.full, second.full),
    ];
    let mut named = snapshot?
        .elements
        .iter()
        .filter(|el| !el.disabled && wholes.contains(&normalize(&el.name)));
    match (named.next(), named.next()) {
        (Some(one), None) => Some(one),
        _ => None,
    }
}

/// A target that is only a name: no ordinal, no role word.
fn plain(target: &Target) -> bool {
    target.ordinal.is_none() && target.role.is_none() && !target.full.is_empty()
}

#[cfg(test)]
mod tests {
    use tandem_mcp_browser::snapshot::Element;

    use super::value_before_name;

    fn field(name: &str) -> Element {
        Element {
            name: name.to_owned(),
            role: "textbox".to_owned(),
            editable: true,
            ..Element::default()
        }
    }

    #[test]
    fn a_value_gives_back_the_words_of_the_fields_own_name() {
        let notes = field("Notes for the driver");
        assert_eq!(
            value_before_name("leave it by the back door in Notes", &notes).as_deref(),
            Some("leave it by the back door")
        );
        assert_eq!(value_before_name("meet in Notes Café", &notes), None);
        assert_eq!(value_before_name("leave it in the porch", &notes), None);
    }
}
