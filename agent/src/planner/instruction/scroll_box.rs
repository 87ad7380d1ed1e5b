//! "Scroll down to the bottom of the policy", "read through to the end of the terms": a box that
//! scrolls inside the page, scrolled to its end (or its top).
//!
//! In: the words of a scroll goal ("bottom of the privacy policy") or a whole "read … to the end
//! of X" clause. Out: a [`ScrollGoal::Inside`] that keeps the person's words for the box; the
//! browser's scroll tool finds the box they name (its label, title or heading) and answers where
//! its content stands afterwards. The end of the page, screen or window is not a box: those
//! words stay the page's own scroll goals.

use super::matching::normalize;
use super::split::strip_words;
use super::step::{ScrollGoal, Step};

/// The ends of a box, and whether each is its bottom.
const ENDS: &[(&str, bool)] = &[
    ("bottom of ", true),
    ("end of ", true),
    ("last line of ", true),
    ("top of ", false),
    ("start of ", false),
    ("beginning of ", false),
];

/// Words that name the page itself, not a box in it.
const PAGE: &[&str] = &["page", "this page", "screen", "window", "site", "document"];

/// `goal` (normalized: lower case, no articles), as the end of a box it names: "bottom of
/// privacy policy", "very end of terms".
pub(super) fn box_end(goal: &str) -> Option<ScrollGoal> {
    let goal = goal.strip_prefix("very ").unwrap_or(goal);
    ENDS.iter().find_map(|(end, bottom)| {
        let name = goal.strip_prefix(end)?.trim();
        let name = name.strip_prefix("this ").unwrap_or(name);
        (!name.is_empty() && !PAGE.contains(&name)).then(|| ScrollGoal::Inside {
            within: name.to_owned(),
            bottom: *bottom,
        })
    })
}

/// Ends said after the box's name ("the privacy policy all the way down"), normalized, and
/// whether each is its bottom. (A bare "down" scrolls a little: not an end.)
const ENDS_AFTER: &[(&str, bool)] = &[
    (" all way down to end", true),
    (" all way down to bottom", true),
    (" all way down", true),
    (" all way to end", true),
    (" all way to bottom", true),
    (" right down to end", true),
    (" right down to bottom", true),
    (" down to end", true),
    (" down to bottom", true),
    (" to end", true),
    (" to bottom", true),
    (" all way up", false),
    (" all way to top", false),
    (" up to top", false),
    (" back to top", false),
    (" to top", false),
];

/// `goal` (normalized), as a box named before its end: "privacy policy all way down", "policy
/// text down to end".
pub(super) fn named_first(goal: &str) -> Option<ScrollGoal> {
    ENDS_AFTER.iter().find_map(|(end, bottom)| {
        let name = goal.strip_suffix(end)?.trim();
        let name = name.strip_prefix("this ").unwrap_or(name);
        (!name.is_empty() && !PAGE.contains(&name) && !["down", "up"].contains(&name)).then(|| {
            ScrollGoal::Inside {
                within: name.to_owned(),
                bottom: *bottom,
            }
        })
    })
}

/// "Read (through / all the way) to the end of the privacy policy", "read the terms to the
/// end": scrolling the box it names to its end is what reading it asks of the page.
pub(super) fn read_to_end(clause: &str) -> Option<Step> {
    // "…, tick that you've read it, then accept": several steps, which the splitter separates.
    if clause.contains([',', ';']) || clause.to_lowercase().contains(" then ") {
        return None;
    }
    let lower = normalize(clause);
    let rest = lower.strip_prefix("read ")?;
    let rest = strip_words(rest, &["through", "all way", "right", "down", "it"]);
    let rest = rest.strip_prefix("to ").unwrap_or(rest);
    if let Some(goal) = box_end(rest) {
        return Some(Step::Scroll(goal));
    }
    let (name, _) = rest
        .strip_suffix(" to end")
        .or_else(|| rest.strip_suffix(" to bottom"))
        .map(|name| (name, ()))?;
    let name = strip_words(name, &["through", "all of", "whole"]).trim();
    (!name.is_empty() && !PAGE.contains(&name)).then(|| {
        Step::Scroll(ScrollGoal::Inside {
            within: name.to_owned(),
            bottom: true,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::{box_end, read_to_end};
    use crate::planner::instruction::step::{ScrollGoal, Step};

    fn inside(within: &str, bottom: bool) -> ScrollGoal {
        ScrollGoal::Inside {
            within: within.to_owned(),
            bottom,
        }
    }

    #[test]
    fn the_end_of_a_named_box_is_that_box_s_end() {
        assert_eq!(box_end("bottom of policy"), Some(inside("policy", true)));
        assert_eq!(
            box_end("very end of privacy policy"),
            Some(inside("privacy policy", true))
        );
        assert_eq!(
            box_end("top of terms and conditions"),
            Some(inside("terms and conditions", false))
        );
    }

    #[test]
    fn the_end_of_the_page_is_not_a_box() {
        for goal in [
            "bottom of page",
            "end of this page",
            "bottom",
            "end of screen",
            "pricing",
        ] {
            assert_eq!(box_end(goal), None, "{goal}");
        }
    }

    #[test]
    fn a_box_named_before_its_end_is_that_box() {
        assert_eq!(
            super::named_first("privacy policy all way down"),
            Some(inside("privacy policy", true))
        );
        assert_eq!(
            super::named_first("terms back to top"),
            Some(inside("terms", false))
        );
        for goal in [
            "page all way down",
            "down to bottom",
            "policy down",
            "pricing",
        ] {
            assert_eq!(super::named_first(goal), None, "{goal}");
        }
    }

    #[test]
    fn reading_to_the_end_scrolls_the_box_it_names() {
        for clause in [
            "Read through to the end of the privacy policy",
            "read all the way to the bottom of the privacy policy",
            "read the privacy policy to the end",
        ] {
            assert_eq!(
                read_to_end(clause),
                Some(Step::Scroll(inside("privacy policy", true))),
                "{clause}"
            );
        }
        assert_eq!(read_to_end("read the page to the end"), None);
        assert_eq!(
            read_to_end("Read to the end of the policy, tick it, then accept"),
            None
        );
        assert_eq!(read_to_end("read the reviews"), None);
    }
}
