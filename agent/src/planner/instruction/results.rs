//! "The third result", "the second of the results" (issue #30): a list of results is the
//! links that carry a heading of their own (search engines, shops and forums put each result's
//! title in a heading inside its link), not every link of the page (the tabs and menus above
//! them are links too).
//!
//! In: the scored candidates of a target that names only the kind "result", and the snapshot.
//! Out: the candidates that are results, when the page has any; otherwise all of them. Also
//! the page's result links themselves, for counting results across pages (`paged_results`).

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::matching::normalize;
use super::step::Target;

/// Keeps the result links among `scored` when `target` names only "result(s)".
pub(super) fn only_results<'s, S>(
    scored: Vec<(S, &'s Element)>,
    target: &Target,
    snapshot: &Snapshot,
) -> Vec<(S, &'s Element)> {
    if !target.name.is_empty() || !matches!(target.full.as_str(), "result" | "results") {
        return scored;
    }
    let headings: Vec<String> = headings(snapshot);
    let is_result =
        |el: &Element| el.role == "link" && headings.iter().any(|h| *h == normalize(&el.name));
    if scored.iter().any(|(_, el)| is_result(el)) {
        scored.into_iter().filter(|(_, el)| is_result(el)).collect()
    } else {
        scored
    }
}

/// The page's result links in document order: the links that carry a heading of their own,
/// else every named link that `is_control` does not call a control of the list (paging).
pub(super) fn result_links(snapshot: &Snapshot, is_control: fn(&Element) -> bool) -> Vec<&Element> {
    let headings = headings(snapshot);
    let links = || {
        snapshot
            .elements
            .iter()
            .filter(|el| el.role == "link" && !el.name.trim().is_empty())
    };
    let titled: Vec<&Element> = links()
        .filter(|el| headings.iter().any(|h| *h == normalize(&el.name)))
        .collect();
    if !titled.is_empty() {
        return titled;
    }
    links().filter(|el| !is_control(el)).collect()
}

/// The page's headings, normalized.
fn headings(snapshot: &Snapshot) -> Vec<String> {
    snapshot
        .texts
        .iter()
        .filter(|t| t.kind == "heading")
        .map(|t| normalize(&t.text))
        .collect()
}
