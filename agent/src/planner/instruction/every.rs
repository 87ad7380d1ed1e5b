//! One control in every item of a repeated list that some text names: "click the "Share" button
//! on all posts by @kim", "click Reply on 2 posts by @dis", "delete all messages from Cora",
//! "like every post from Ada Stone", "delete Cora's emails".
//!
//! In: one clause (lead-ins stripped); later the step, the snapshot and the step's state. Out:
//! a [`Step::Every`] (the control's words, the text the items show, how many items when a
//! number was given), then one [`Decision`] per call (a sweep): the first control of that name,
//! in document order, whose item (its row, its card, the band of a feed post: see `verbs` and
//! `feed`) shows every word of that text and that this step has not clicked yet. The sweep
//! ends when the number is reached or no such control is left; it never presses a control
//! outside the named items, and each click goes through the policy gate like any other. No
//! such control at all stops the run saying which words could not be placed.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, click};
use super::items::is_item_noun;
use super::mail::{item_of, same_controls};
use super::matching::lower_keeping_offsets;
use super::progress::StepState;
use super::split::first_word;
use super::step::{Step, Target};
use super::verbs::{clickable, coverage, own_coverage, says_verb, thing_words};

/// Verbs that name the control in the words after them ("click the Share button on …").
const CLICKS: &[&str] = &["click", "tap", "press", "hit", "push"];

/// Words that join the control to the items ("Share on all posts", "Reply to 2 posts").
const JOINS: &[&str] = &["on", "in", "under", "for", "of", "to"];

/// Verbs whose words after them name no item (they belong to other phrasings).
const NOT_SWEEPS: &[&str] = &[
    "open", "find", "go", "type", "enter", "write", "fill", "check", "uncheck", "tick", "untick",
    "choose", "pick", "set", "scroll", "wait", "search", "look", "sign", "log", "forward", "reply",
    "send", "give",
];

/// Most items a number may ask for.
const MAX_COUNT: usize = 50;

/// The [`Step::Every`] of a clause that applies one control to several items (module docs).
pub(super) fn parse(text: &str) -> Option<Vec<Step>> {
    let text = text.trim().trim_end_matches(['.', '!']).trim();
    let (verb, rest) = first_word(text);
    if CLICKS.contains(&verb.as_str()) {
        // "the "Share" button on all posts by @kim": the control, then the items.
        let lower = lower_keeping_offsets(rest);
        let (control, (items, count)) = JOINS.iter().find_map(|join| {
            lower
                .match_indices(&format!(" {join} "))
                .find_map(|(at, m)| {
                    let items = many_items(&rest[at + m.len()..])?;
                    Some((&rest[..at], items))
                })
        })?;
        let control = Target::parse(control);
        let name = if control.name.is_empty() {
            control.full.clone()
        } else {
            control.name.clone()
        };
        if name.is_empty() {
            return None;
        }
        return Some(vec![Step::Every {
            verbs: vec![name],
            items,
            count,
        }]);
    }
    if verb.len() < 3 || NOT_SWEEPS.contains(&verb.as_str()) {
        return None;
    }
    let (items, count) = many_items(rest)?;
    Some(vec![Step::Every {
        verbs: same_controls(&verb),
        items,
        count,
    }])
}

/// "all posts by @kim", "2 posts by @dis", "every message from Cora", "Cora's emails": the
/// text the items show and how many of them (`None`: all). `None` for one item ("the post by
/// @kim") or words that describe no items.
fn many_items(phrase: &str) -> Option<(Target, Option<usize>)> {
    let phrase = without_place(phrase.trim().trim_end_matches(['.', '!', ',']));
    let (first, after) = first_word(phrase);
    let (count, rest) = match first.as_str() {
        "all" | "every" | "each" | "both" => (None, after),
        word => match number(word).filter(|n| (1..=MAX_COUNT).contains(n)) {
            Some(n) => (Some(n), after),
            // "Cora's emails", "the posts by @kim": a plural names them all.
            None if phrase.split_whitespace().any(plural_item) => (None, phrase),
            None => return None,
        },
    };
    let rest = rest.trim_start();
    let rest = rest.strip_prefix("of ").unwrap_or(rest);
    let rest = rest.strip_prefix("the ").unwrap_or(rest);
    let item = item_of(&format!("the {rest}")).or_else(|| item_of(rest))?;
    Some((item, count))
}

/// "posts", "emails": a noun of list items in the plural.
fn plural_item(word: &str) -> bool {
    let word = word.to_lowercase();
    word.ends_with('s') && !word.ends_with("'s") && is_item_noun(&word)
}

/// "… from the inbox", "… in my feed": a place after the items, dropped.
fn without_place(phrase: &str) -> &str {
    let lower = lower_keeping_offsets(phrase);
    for link in [
        " from the ",
        " from my ",
        " in the ",
        " in my ",
        " on the ",
        " on my ",
    ] {
        if let Some(at) = lower.rfind(link) {
            let place = &lower[at + link.len()..];
            if place.split_whitespace().count() == 1
                && matches!(
                    place,
                    "inbox" | "feed" | "timeline" | "list" | "app" | "page" | "mailbox" | "wall"
                )
            {
                return phrase[..at].trim_end();
            }
        }
    }
    phrase
}

/// "2", "two", … "ten".
fn number(word: &str) -> Option<usize> {
    const WORDS: &[&str] = &[
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    word.parse()
        .ok()
        .or_else(|| WORDS.iter().position(|w| *w == word).map(|i| i + 1))
}

/// The sweep's next decision (see the module docs).
pub(super) fn decide(
    verbs: &[String],
    items: &Target,
    count: Option<usize>,
    snap: &Snapshot,
    state: &StepState,
) -> Result<Decision, Decision> {
    let says = |el: &Element| says_verb(el, verbs) > 0;
    let done = state.acted.iter().filter(|el| says(el)).count();
    let control = verbs.first().map_or("", String::as_str);
    let finished = || Decision::Skip {
        note: format!(
            "clicked \"{control}\" on {done} item{} showing \"{}\"",
            if done == 1 { "" } else { "s" },
            items.phrase
        ),
    };
    if count.is_some_and(|n| done >= n) {
        return Ok(finished());
    }
    let words = thing_words(items);
    if words.is_empty() {
        return Err(not_placed(control, items));
    }
    // A pressed control may change its name ("Share" → "Share active"): it keeps the name it
    // had, so the controls of that name still bound each item (`feed`), and its eid says it
    // was pressed.
    let acted = |el: &Element| state.acted.iter().any(|a| a.eid == el.eid);
    let mut named = snap.clone();
    for el in &mut named.elements {
        if let Some(before) = state.acted.iter().find(|a| a.eid == el.eid) {
            el.name.clone_from(&before.name);
        }
    }
    let snap = &named;
    let first = |a: &&Element, b: &&Element| {
        (a.rect.y, a.rect.x)
            .partial_cmp(&(b.rect.y, b.rect.x))
            .unwrap_or(std::cmp::Ordering::Equal)
    };
    let fresh = || {
        snap.elements
            .iter()
            .filter(|el| clickable(el) && !acted(el))
    };
    // The last action opened an item: its control is the one on the page now.
    let opened = state.acted.last().is_some_and(|el| !says(el));
    // The sweep goes down the list: an item above the last one pressed was read (and passed
    // over) before, when it was in view; scrolled away, its band may reach texts outside the
    // list (a heading, the page's own instructions).
    let last_pressed = state
        .acted
        .iter()
        .rev()
        .filter(|a| says(a))
        .find_map(|a| snap.elements.iter().find(|el| el.eid == a.eid));
    let below =
        |el: &&Element| last_pressed.is_none_or(|p| (el.rect.y, el.rect.x) > (p.rect.y, p.rect.x));
    // (An opened item's control may be the one pressed for the item before: one reading
    // pane serves every item.)
    let next = snap
        .elements
        .iter()
        .filter(|el| clickable(el) && says(el))
        .filter(|el| {
            opened || (!acted(el) && below(el) && coverage(el, &words, snap) >= words.len())
        })
        .min_by(first);
    if let Some(el) = next {
        return Ok(click(el));
    }
    if opened {
        return Err(not_placed(control, items));
    }
    // No item carries the control in the list: the next item showing the words is opened.
    if let Some(item) = fresh()
        .filter(|el| own_coverage(el, &words) >= words.len())
        .min_by(first)
    {
        return Ok(click(item));
    }
    if done > 0 {
        Ok(finished())
    } else {
        Err(not_placed(control, items))
    }
}

fn not_placed(control: &str, items: &Target) -> Decision {
    Decision::Stop {
        reason: Some(format!(
            "Stopped: I could not place \"{control}\" on the items showing \"{}\": nothing on \
             this page called \"{control}\" belongs to such an item, so I did not act on a guess.",
            items.phrase
        )),
    }
}

#[cfg(test)]
mod tests {
    use tandem_mcp_browser::snapshot::Snapshot;

    use super::decide;
    use crate::action::Action;
    use crate::planner::instruction::decision::Decision;
    use crate::planner::instruction::progress::StepState;
    use crate::planner::instruction::snapshot_parts::{el, text};
    use crate::planner::instruction::step::Target;

    /// Three posts, two by @kim; each has a Like and a Share control at its foot.
    fn feed() -> Snapshot {
        let mut elements = Vec::new();
        let mut texts = Vec::new();
        for (i, who) in ["Kim Li @kim", "Bo Ek @bo", "Kim Li @kim"]
            .iter()
            .enumerate()
        {
            let top = 60.0 * i as f64;
            texts.push(text(who, top + 2.0));
            texts.push(text("Some words of the post", top + 20.0));
            elements.push(el(&format!("like{i}"), "like", top + 44.0));
            let mut share = el(&format!("share{i}"), "share", top + 44.0);
            share.rect.x = 60.0;
            elements.push(share);
        }
        elements.push(el("submit", "Submit", 200.0));
        Snapshot {
            elements,
            texts,
            ..Snapshot::default()
        }
    }

    /// Runs the sweep to its end; the eids it clicked. A pressed control's name changes, as
    /// a class word ("active") joins it on many feeds.
    fn sweep(snap: &Snapshot, verb: &str, who: &str, count: Option<usize>) -> Vec<String> {
        let mut snap = snap.clone();
        let mut state = StepState::default();
        let items = Target::parse(who);
        for _ in 0..10 {
            match decide(&[verb.to_owned()], &items, count, &snap, &state) {
                Ok(Decision::Act {
                    action: Action::Click { eid },
                    ..
                }) => {
                    let el = snap.elements.iter_mut().find(|e| e.eid == eid).unwrap();
                    state.acted.push(el.clone());
                    el.name.push_str(" active");
                }
                Ok(Decision::Skip { .. }) => break,
                other => panic!("{other:?}"),
            }
        }
        state.acted.iter().map(|e| e.eid.0.clone()).collect()
    }

    #[test]
    fn the_control_is_clicked_once_on_every_item_by_the_person_and_nowhere_else() {
        let snap = feed();
        assert_eq!(sweep(&snap, "share", "@kim", None), ["share0", "share2"]);
        assert_eq!(sweep(&snap, "like", "@kim", Some(1)), ["like0"]);
        assert_eq!(sweep(&snap, "like", "@bo", None), ["like1"]);
    }

    #[test]
    fn nobody_of_that_name_stops_without_a_click() {
        let snap = feed();
        let items = Target::parse("@zed");
        let got = decide(
            &["share".to_owned()],
            &items,
            None,
            &snap,
            &StepState::default(),
        );
        assert!(matches!(got, Err(Decision::Stop { .. })), "{got:?}");
    }
}
