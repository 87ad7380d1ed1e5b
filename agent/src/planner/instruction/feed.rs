//! Controls of one post of a feed, one card of a list: "For the user @kim, click on the "Mute"
//! button", "for the post by Ada Stone, click Like".
//!
//! In: the person's message (for [`scoped`]); later a control, the thing's words and the
//! snapshot (for [`item_coverage`]). Out: the thing a leading "For …," clause names and the
//! rest of the message, whose clicks become [`Step::Act`] on that thing (the control of that
//! name that belongs to the thing's post, opened from the post's "more" menu when it is there:
//! see `verbs`); and how many of the thing's words the control's item shows.
//!
//! An item of a repeated list is bounded by the controls it repeats: a control's item reaches
//! up from the control to the one of the same name above it (a feed shows the author at the
//! top of a post and its actions at the bottom, so the row band of `verbs` misses the author).
//! In a grid of cards (controls of that name on one line) the item is also bounded sideways:
//! a text belongs to the card between the neighbouring controls where its middle lies.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::items::described_item;
use super::matching::normalize;
use super::split::quote_spans;
use super::step::{Step, Target};

/// Words that say what kind of thing the scope is; not part of what it shows.
const KINDS: &[&str] = &[
    "the user",
    "user",
    "the account",
    "account",
    "the profile",
    "profile",
    "the author",
    "author",
    "the person",
    "the handle",
    "handle",
];

/// Most words a scope may have.
const MAX_SCOPE_WORDS: usize = 4;

/// "For THING, REST": the thing and the rest (see the module docs), when the rest starts with
/// a verb (`starts_with_verb`).
pub(super) fn scoped(
    message: &str,
    starts_with_verb: impl Fn(&str) -> bool,
) -> Option<(Target, &str)> {
    let text = message.trim_start();
    if !text.get(..4)?.eq_ignore_ascii_case("for ") {
        return None;
    }
    let spans = quote_spans(text);
    let comma = text
        .char_indices()
        .find(|(at, c)| *c == ',' && !spans.iter().any(|(o, e)| at >= o && at < e))?
        .0;
    let rest = text[comma + 1..].trim_start();
    if !starts_with_verb(rest) {
        return None;
    }
    let mut scope = text[4..comma].trim();
    for kind in KINDS {
        if scope.len() > kind.len()
            && scope[..kind.len()].eq_ignore_ascii_case(kind)
            && scope[kind.len()..].starts_with(' ')
        {
            scope = scope[kind.len()..].trim_start();
            break;
        }
    }
    let thing = match described_item(scope) {
        Some(shown) => shown,
        None => Target::parse(scope),
    };
    let words = thing.phrase.split_whitespace().count();
    (!thing.full.is_empty() && words <= MAX_SCOPE_WORDS).then_some((thing, rest))
}

/// The clicks of `steps` become clicks on the control of that name that belongs to `thing`.
pub(super) fn scope_steps(steps: &mut [(Step, String)], thing: &Target) {
    for (step, _) in steps.iter_mut() {
        if let Step::Click { target } = step {
            let name = if target.name.is_empty() {
                target.phrase.clone()
            } else {
                target.name.clone()
            };
            *step = Step::Act {
                verbs: vec![name],
                object: thing.clone(),
                message: None,
                renames: false,
            };
        }
    }
}

/// How many of `words` the texts of `el`'s item hold (see the module docs); 0 when `el` is the
/// only control of its name (no repeated list).
pub(super) fn item_coverage(el: &Element, words: &[String], snap: &Snapshot) -> usize {
    let name = normalize(&el.name);
    if name.is_empty() {
        return 0;
    }
    let column = |other: &Element| {
        other.rect.x < el.rect.x + el.rect.w && el.rect.x < other.rect.x + other.rect.w
    };
    // In a grid (controls of this name on the same line) the item is the column between its
    // neighbours' controls: a text belongs to it when its middle lies there.
    let same_line = |other: &Element| {
        other.rect.y < el.rect.y + el.rect.h && el.rect.y < other.rect.y + other.rect.h
    };
    let twins: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|other| other.eid != el.eid && normalize(&other.name) == name && same_line(other))
        .collect();
    let left = twins
        .iter()
        .map(|o| o.rect.x + o.rect.w)
        .filter(|r| *r <= el.rect.x)
        .fold(f64::NEG_INFINITY, f64::max);
    let right = twins
        .iter()
        .map(|o| o.rect.x)
        .filter(|x| *x >= el.rect.x + el.rect.w)
        .fold(f64::INFINITY, f64::min);
    let in_column = |x: f64, w: f64| {
        let middle = x + w / 2.0;
        middle > left && middle < right
    };
    // The item reaches up to the control of this name above it in its column; in a grid
    // whose column holds no other, to the row above (any column).
    let named: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|other| other.eid != el.eid && normalize(&other.name) == name)
        .collect();
    let in_own_column: Vec<&Element> = named.iter().copied().filter(|o| column(o)).collect();
    let same = if in_own_column.is_empty() && !twins.is_empty() {
        named
    } else {
        in_own_column
    };
    let bottom = el.rect.y + el.rect.h;
    let above = same
        .iter()
        .map(|o| o.rect.y + o.rect.h)
        .filter(|b| *b <= el.rect.y)
        .fold(None, |best: Option<f64>, b| {
            Some(best.map_or(b, |x| x.max(b)))
        });
    let below = same
        .iter()
        .map(|o| o.rect.y)
        .filter(|y| *y >= bottom)
        .fold(None, |best: Option<f64>, y| {
            Some(best.map_or(y, |x| x.min(y)))
        });
    // The first item of the list is as tall as the next one.
    let top = match (above, below) {
        (Some(top), _) => top,
        (None, Some(next)) => bottom - (next - el.rect.y),
        (None, None) => return 0,
    };
    let have = |text: &str| {
        let text = normalize(text);
        let have: Vec<&str> = text.split(' ').collect();
        words.iter().filter(|w| have.contains(&w.as_str())).count()
    };
    snap.texts
        .iter()
        .filter(|t| t.y >= top && t.y < bottom && in_column(t.x, t.w))
        .map(|t| have(&t.text))
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
#[path = "feed_tests.rs"]
mod tests;
