//! "The third result", "the second of the results" (issue #30): a list of results is the
//! links that carry a heading of their own (search engines, shops and forums put each result's
//! title in a heading inside its link), not every link of the page (the tabs and menus above
//! them are links too).
//!
//! In: the scored candidates of a target that names only the kind "result", and the snapshot.
//! Out: the candidates that are results, when the page has any; otherwise all of them.

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
    let headings: Vec<String> = snapshot
        .texts
        .iter()
        .filter(|t| t.kind == "heading")
        .map(|t| normalize(&t.text))
        .collect();
    let is_result =
        |el: &Element| el.role == "link" && headings.iter().any(|h| *h == normalize(&el.name));
    if scored.iter().any(|(_, el)| is_result(el)) {
        scored.into_iter().filter(|(_, el)| is_result(el)).collect()
    } else {
        scored
    }
}
