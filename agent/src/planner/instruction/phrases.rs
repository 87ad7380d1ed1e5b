//! The object phrases of some verbs: addresses, typed values and their fields, boxes, scroll
//! goals, waits, "leave … unticked", "find …" and choices by description.
//!
//! In: the words after the verb (as written, and lower-cased where noted). Out: the step, or
//! `None` when the words do not fit the verb. Used by `parse` only.

use super::address::normalize_url;
use super::described::described;
use super::split::{first_word, quote_spans, split_at_last, strip_words, value};
use super::step::{ScrollGoal, Step, Target, target};
use crate::action::{ScrollDirection, WaitFor};

/// "the one in Texas", "the suggestion that mentions France": the words that tell the choice.
pub(super) fn described_choice(rest: &str) -> Option<String> {
    let lower = rest.to_ascii_lowercase();
    let after_noun = [
        "the one ",
        "one ",
        "the suggestion ",
        "the result ",
        "the option ",
        "the entry ",
    ]
    .iter()
    .find_map(|noun| lower.strip_prefix(noun).map(|_| noun.len()))?;
    let tail = &lower[after_noun..];
    let link = [
        "that says ",
        "that mentions ",
        "that has ",
        "that contains ",
        "mentioning ",
        "saying ",
        "containing ",
        "with ",
        "in ",
        "from ",
        "for ",
        "about ",
        "near ",
        "of ",
    ]
    .iter()
    .find(|w| tail.starts_with(**w))?;
    let words = value(&rest[after_noun + link.len()..]);
    (!words.is_empty()).then_some(words)
}

/// "a file called X", "until you find X": the words name one thing to find, not values.
pub(super) fn names_a_thing(rest_lower: &str) -> bool {
    [
        " called ",
        " named ",
        " labelled ",
        " labeled ",
        " titled ",
        "until ",
    ]
    .iter()
    .any(|w| rest_lower.contains(w))
}

/// "all (the) boxes", "every checkbox", "everything": each checkbox of the page.
pub(super) fn every_box(rest_lower: &str) -> bool {
    let words: Vec<&str> = rest_lower
        .split_whitespace()
        .filter(|w| !matches!(*w, "the" | "of"))
        .collect();
    match words.as_slice() {
        ["everything"] => true,
        [quantifier, kind @ ..] if matches!(*quantifier, "all" | "every" | "each") => {
            kind.is_empty()
                || matches!(
                    kind.join(" ").as_str(),
                    "box"
                        | "boxes"
                        | "checkbox"
                        | "checkboxes"
                        | "check box"
                        | "check boxes"
                        | "option"
                        | "options"
                        | "items"
                )
        }
        _ => false,
    }
}

/// "nothing", "none", "no boxes": select nothing, so every box ends unticked.
pub(super) fn no_box(rest_lower: &str) -> bool {
    let words: Vec<&str> = rest_lower
        .split_whitespace()
        .filter(|w| !matches!(*w, "at" | "all"))
        .collect();
    match words.as_slice() {
        ["nothing" | "none"] => true,
        ["no", kind] => matches!(
            *kind,
            "boxes" | "box" | "checkboxes" | "checkbox" | "options" | "option" | "items"
        ),
        _ => false,
    }
}

/// "leave every box unticked", "leave all options unchecked", "leave Newsletter checked".
pub(super) fn parse_leave(rest_lower: &str) -> Option<Step> {
    let (thing, on) = [
        "unticked",
        "unchecked",
        "unselected",
        "off",
        "blank",
        "empty",
    ]
    .iter()
    .find_map(|w| rest_lower.strip_suffix(w).map(|t| (t, false)))
    .or_else(|| {
        ["ticked", "checked", "selected", "on"]
            .iter()
            .find_map(|w| rest_lower.strip_suffix(w).map(|t| (t, true)))
    })?;
    let thing = thing.trim().trim_end_matches(" as it is").trim();
    if every_box(thing) {
        return Some(Step::CheckAll {
            on,
            except: Vec::new(),
        });
    }
    target(thing).map(|target| Step::Check { target, on })
}

/// "find the link X", "look through the folders for a file called X", "expand the sections
/// until you find X": open things until X shows, then click it.
pub(super) fn parse_find(rest: &str) -> Option<Step> {
    let lower = rest.to_ascii_lowercase();
    let cut = [
        "until you find ",
        "until you see ",
        "till you find ",
        " for ",
        "find ",
    ]
    .iter()
    .find_map(|w| lower.find(w).map(|i| i + w.len()))
    // ("look for the X": the thing is after "for".)
    .or_else(|| lower.starts_with("for ").then_some(4))
    .unwrap_or(0);
    let mut phrase = rest[cut..].trim();
    let lower = phrase.to_ascii_lowercase();
    for named in [
        " called ",
        " named ",
        " labelled ",
        " labeled ",
        " titled ",
        " saying ",
    ] {
        if let Some(i) = lower.find(named) {
            let kind = &phrase[..i];
            phrase = &phrase[i + named.len()..];
            let role_words = Target::parse(kind).role;
            let mut t = target(phrase)?;
            t.role = t.role.or(role_words);
            return Some(Step::Reveal { target: t });
        }
    }
    target(phrase).map(|target| Step::Reveal { target })
}

pub(super) fn parse_scroll(rest: &str) -> Option<Step> {
    let rest = strip_words(
        rest,
        &["the page", "page", "all the way", "a bit", "a little"],
    );
    let (word, after) = first_word(rest);
    let direction = match word.as_str() {
        "up" => Some(ScrollDirection::Up),
        "down" => Some(ScrollDirection::Down),
        "left" => Some(ScrollDirection::Left),
        "right" => Some(ScrollDirection::Right),
        _ => None,
    };
    let goal_text = match direction {
        Some(_) => strip_words(after, &["all the way", "to", "until"]),
        None => strip_words(rest, &["to", "until", "till"]),
    };
    let goal_lower = super::matching::normalize(goal_text);
    let goal = match goal_lower.as_str() {
        "" | "bit" | "little" | "more" | "page" | "once" => {
            return Some(Step::Scroll(ScrollGoal::By(direction?)));
        }
        "top" | "top of page" | "start" | "beginning" => ScrollGoal::Top,
        "bottom" | "bottom of page" | "end" | "end of page" => ScrollGoal::Bottom,
        _ if super::scroll_box::box_end(&goal_lower).is_some() => {
            super::scroll_box::box_end(&goal_lower)?
        }
        _ if direction.is_none() && super::scroll_box::named_first(&goal_lower).is_some() => {
            super::scroll_box::named_first(&goal_lower)?
        }
        _ => ScrollGoal::To(target(goal_text.trim_end_matches(" is visible"))?),
    };
    Some(Step::Scroll(goal))
}

pub(super) fn parse_wait(rest: &str, rest_lower: &str) -> Option<Step> {
    let words: Vec<&str> = rest_lower
        .split_whitespace()
        .filter(|w| !matches!(*w, "a" | "an" | "the"))
        .collect();
    let words = words.join(" ");
    let words = words.strip_prefix("for ").unwrap_or(&words);
    if words.is_empty() || matches!(words, "second" | "moment" | "bit" | "while" | "little") {
        return Some(Step::Wait(WaitFor::Millis { ms: 1000 }));
    }
    if let Some(ms) = duration_ms(words) {
        return Some(Step::Wait(WaitFor::Millis { ms }));
    }
    if [
        "page to load",
        "navigation",
        "page load",
        "to load",
        "finish loading",
    ]
    .iter()
    .any(|w| words.contains(w))
    {
        return Some(Step::Wait(WaitFor::Navigation));
    }
    let rest = strip_words(rest, &["for", "until", "till"]);
    let rest = rest.trim_end_matches(['.', '!']).trim_end();
    let lower = rest.to_ascii_lowercase();
    let cut = [
        " to appear",
        " appears",
        " is shown",
        " shows up",
        " is visible",
        " to show up",
        " to be visible",
    ]
    .iter()
    .find(|s| lower.ends_with(**s))
    .map_or(rest.len(), |s| rest.len() - s.len());
    let text = value(strip_words(&rest[..cut], &["the text", "text"]));
    (!text.is_empty()).then_some(Step::Wait(WaitFor::Text { text }))
}

/// "3 seconds", "500 ms", "2s", "1.5 sec", "a minute".
fn duration_ms(words: &str) -> Option<u64> {
    let mut parts = words.split(' ');
    let first = parts.next()?;
    let (number, unit) = match first.find(|c: char| c.is_alphabetic()) {
        Some(i) if i > 0 => (first[..i].to_owned(), first[i..].to_owned()),
        _ => (first.to_owned(), parts.next().unwrap_or("s").to_owned()),
    };
    let amount: f64 = match number.as_str() {
        "one" => 1.0,
        "two" => 2.0,
        "three" => 3.0,
        "five" => 5.0,
        "ten" => 10.0,
        n => n.parse().ok()?,
    };
    let factor = match unit.as_str() {
        "ms" | "millisecond" | "milliseconds" | "msec" => 1.0,
        "s" | "sec" | "secs" | "second" | "seconds" => 1000.0,
        "min" | "mins" | "minute" | "minutes" => 60_000.0,
        _ => return None,
    };
    let ms = (amount * factor).round();
    (ms.is_finite() && ms >= 0.0).then_some(ms as u64)
}

pub(super) fn address_or_link(rest: &str) -> Option<Step> {
    let rest = strip_words(
        rest,
        &["the url", "url", "the address", "address", "the website"],
    );
    let raw = value(rest);
    if let Some(url) = normalize_url(&raw) {
        return Some(Step::Open { url });
    }
    target(rest).map(|target| Step::Click { target })
}

pub(super) fn parse_type(rest: &str) -> Option<Step> {
    if rest.trim().is_empty() {
        return None;
    }
    let split = split_at_last(rest, &["into", "inside", "in"]);
    // `type the code "42"`: the quoted text is the value, the other words describe the field.
    if split.is_none()
        && let Some((open, close)) = quote_spans(rest).first().copied()
        && (open > 0 || close < rest.trim_end().len())
    {
        let described = format!("{} {}", &rest[..open], &rest[close..]);
        let described = strip_words(described.trim(), &["the", "a", "an", "as", "value", "text"]);
        let mut field = target(described.trim_end_matches(['.', '!']));
        if let Some(field) = field.as_mut() {
            field.optional = true;
        }
        return Some(Step::Type {
            text: value(&rest[open..close]),
            target: field,
        });
    }
    match split {
        Some((text, field)) if !text.trim().is_empty() => Some(Step::Type {
            // `the number "16" into …`: the quoted text is the value.
            text: described(&text).map_or_else(|| value(&text), |d| d.value),
            target: target(&field),
        }),
        _ => Some(Step::Type {
            text: value(rest),
            target: None,
        }),
    }
}

pub(super) fn parse_check(rest: &str, rest_lower: &str, on: bool) -> Option<Step> {
    // "check that/if/whether/for ..." asks to verify something, not to tick a box.
    let (first, _) = first_word(rest_lower);
    if rest.is_empty() || matches!(first.as_str(), "that" | "if" | "whether" | "for" | "out") {
        return None;
    }
    target(rest).map(|target| Step::Check { target, on })
}
