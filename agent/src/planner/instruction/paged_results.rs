//! "The 7th search result" when the page shows three results at a time: the results are
//! counted across the pages of a paged list, opening the page that holds the one asked for with
//! the list's own page links (its number, else "next").
//!
//! In: a click target that names only the kind "result" ("the 7th result", "the second search
//! result") with an ordinal, the snapshot, and the step's asides (the page links it already
//! followed). Out: the click on that result, an aside that opens another page, or `None` when
//! the target is no numbered result or the page has no results (the caller resolves as usual).
//!
//! The results are the links that carry a heading of their own (`results`), else every link
//! that is not a paging control. Pages are taken to hold the same number of results as the page
//! shown; a last page that holds fewer is recognised when the result asked for cannot be on it
//! otherwise. The page shown is the one the step opened last (the first page before it opened
//! any).

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, click};
use super::matching::normalize;
use super::progress::StepState;
use super::report::describe;
use super::results::result_links;
use super::step::{Ordinal, Target};
use crate::action::Action;

/// Names of the controls that open the next page of a paged list.
const NEXT: &[&str] = &["next", "next page", ">", "›", "»", "→", "more results"];
/// Names of the controls that open the previous page.
const PREVIOUS: &[&str] = &["previous", "prev", "previous page", "<", "‹", "«", "←"];
/// Names of the controls that open the first or last page.
const ENDS: &[&str] = &["first", "last", "first page", "last page"];

/// Whether `target` is a result by its number ("the 7th search result"): counted across pages
/// by the click, so finding it first needs no step of its own.
pub(super) fn counted(target: &Target) -> bool {
    names_results(target) && matches!(target.ordinal, Some(Ordinal::Nth(_)))
}

/// What to do for a click on the `n`th result, counted across pages.
pub(super) fn decide(target: &Target, snap: &Snapshot, state: &StepState) -> Option<Decision> {
    let Some(Ordinal::Nth(n)) = target.ordinal.filter(|_| names_results(target)) else {
        return None;
    };
    let results = result_links(snap, is_paging);
    if results.is_empty() {
        return None;
    }
    let shown = page_shown(&state.aside_acted);
    let last = page_link(snap, shown + 1).is_none() && paging_control(snap, NEXT).is_none();
    let per_page = per_page(n, shown, results.len(), last);
    let before = (shown - 1) * per_page;
    if n > before && n - before <= results.len() {
        return Some(click(results[n - before - 1]));
    }
    let wanted = (n - 1) / per_page + 1;
    let link = page_link(snap, wanted).or_else(|| {
        let names = if wanted > shown { NEXT } else { PREVIOUS };
        paging_control(snap, names)
    })?;
    Some(Decision::Aside {
        action: Action::Click {
            eid: link.eid.clone(),
        },
        note: format!(
            "result {n} is on page {wanted} ({per_page} a page): click {}",
            describe(link)
        ),
    })
}

/// How many results a page holds, seen from page `shown` that shows `here` of them: `here`,
/// unless this is the `last` page and result `n` cannot be on it so (a last page shorter than
/// the others); then the fewest a page that puts `n` among this page's results.
fn per_page(n: usize, shown: usize, here: usize, last: bool) -> usize {
    let earlier = shown - 1;
    if !last || earlier == 0 || (earlier * here < n && n <= shown * here) {
        return here;
    }
    here.max(n.saturating_sub(here).div_ceil(earlier))
}

/// "result", "results", "search result(s)": the kind alone, with no name of its own.
fn names_results(target: &Target) -> bool {
    matches!(
        target.full.as_str(),
        "result" | "results" | "search result" | "search results"
    )
}

/// A control of a paged list: a page number, next, previous, first or last.
fn is_paging(el: &Element) -> bool {
    let name = el.name.trim().to_lowercase();
    page_number(el).is_some()
        || [NEXT, PREVIOUS, ENDS].iter().any(|names| {
            names.contains(&name.as_str()) || names.contains(&normalize(&name).as_str())
        })
}

/// The number a page link shows ("3"), if it shows only a number.
fn page_number(el: &Element) -> Option<usize> {
    if el.role != "link" && el.role != "button" {
        return None;
    }
    el.name.trim().parse().ok()
}

/// The page the step's asides opened last: a number link opens its page, next and previous
/// move by one; page 1 before any.
fn page_shown(asides: &[Element]) -> usize {
    asides.iter().fold(1, |page, el| {
        let name = el.name.trim().to_lowercase();
        match page_number(el) {
            Some(number) => number,
            None if NEXT.contains(&name.as_str()) => page + 1,
            None if PREVIOUS.contains(&name.as_str()) => page.saturating_sub(1).max(1),
            None => page,
        }
    })
}

/// The enabled link that opens page `number`.
fn page_link(snap: &Snapshot, number: usize) -> Option<&Element> {
    snap.elements
        .iter()
        .find(|el| !el.disabled && page_number(el) == Some(number))
}

/// The enabled control named one of `names`.
fn paging_control<'s>(snap: &'s Snapshot, names: &[&str]) -> Option<&'s Element> {
    snap.elements.iter().find(|el| {
        let name = el.name.trim().to_lowercase();
        !el.disabled
            && matches!(el.role.as_str(), "link" | "button")
            && (names.contains(&name.as_str()) || names.contains(&normalize(&name).as_str()))
    })
}

/// "find" or "locate" alone, split off "find and click …": the click that follows is the finding
/// (for a result by its number, it counts across the pages).
pub(super) fn lone_finding(text: &str) -> bool {
    let words = text
        .trim()
        .trim_matches(|c: char| ",.;:".contains(c))
        .to_lowercase();
    matches!(
        words.strip_prefix("then ").unwrap_or(&words).trim(),
        "find" | "locate" | "look for"
    )
}
