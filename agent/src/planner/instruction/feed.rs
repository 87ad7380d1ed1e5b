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

use tandem_mcp_browser::snapshot::{Element, Snapshot, TextBlock};

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
    let named: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|other| normalize(&other.name) == name)
        .collect();
    let Some(band) = ItemBand::of(el, &named) else {
        return 0;
    };
    let have = |text: &str| {
        let text = normalize(text);
        let have: Vec<&str> = text.split(' ').collect();
        words.iter().filter(|w| have.contains(&w.as_str())).count()
    };
    band.texts(snap).map(|t| have(&t.text)).max().unwrap_or(0)
}

/// Where the item of one control of a repeated list lies (see the module docs): down the page
/// from the control before it to the control's bottom, and across between its neighbours on
/// the same line (a grid of cards).
#[derive(Debug, Clone, Copy)]
pub(super) struct ItemBand {
    top: f64,
    bottom: f64,
    left: f64,
    right: f64,
}

impl ItemBand {
    /// The band of `el`'s item among `peers`, the list's repeated controls (`el` may be one of
    /// them); `None` when `el` has no peer above or below it.
    pub(super) fn of(el: &Element, peers: &[&Element]) -> Option<ItemBand> {
        let peers: Vec<&Element> = peers.iter().copied().filter(|o| o.eid != el.eid).collect();
        let column = |other: &Element| {
            other.rect.x < el.rect.x + el.rect.w && el.rect.x < other.rect.x + other.rect.w
        };
        let same_line = |other: &Element| {
            other.rect.y < el.rect.y + el.rect.h && el.rect.y < other.rect.y + other.rect.h
        };
        // In a grid (peers on the same line) the item is the column between its neighbours.
        let twins: Vec<&Element> = peers.iter().copied().filter(|o| same_line(o)).collect();
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
        // The item reaches up to the peer above it in its column; in a grid whose column holds
        // no other, to the row above (any column).
        let in_own_column: Vec<&Element> = peers.iter().copied().filter(|o| column(o)).collect();
        let same = if in_own_column.is_empty() && !twins.is_empty() {
            peers
        } else {
            in_own_column
        };
        let bottom = el.rect.y + el.rect.h;
        let above = same
            .iter()
            .map(|o| o.rect.y + o.rect.h)
            .filter(|b| *b <= el.rect.y)
            .reduce(f64::max);
        let below = same
            .iter()
            .map(|o| o.rect.y)
            .filter(|y| *y >= bottom)
            .reduce(f64::min);
        // The first item of the list is as tall as the next one.
        let top = match (above, below) {
            (Some(top), _) => top,
            (None, Some(next)) => bottom - (next - el.rect.y),
            (None, None) => return None,
        };
        Some(ItemBand {
            top,
            bottom,
            left,
            right,
        })
    }

    /// The page's texts in the band (a text's top in it, its middle between the neighbours).
    pub(super) fn texts(self, snap: &Snapshot) -> impl Iterator<Item = &TextBlock> {
        snap.texts.iter().filter(move |t| {
            let middle = t.x + t.w / 2.0;
            t.y >= self.top && t.y < self.bottom && middle > self.left && middle < self.right
        })
    }
}

#[cfg(test)]
#[path = "feed_tests.rs"]
mod tests;
