//! "Book the cheapest one-way flight from: Anvik, AK to: MOT on 12/23/2016", "pick the
//! shortest delivery", "book the earliest train from Leeds to York on 3 March": a verb, a
//! superlative, the thing, and what the search for it asks.
//!
//! In: one clause. Out: its steps, or `None` when the clause does not start with a choosing verb
//! (book, reserve, choose, pick, select, order, buy, get, take) and a superlative word. The
//! search's values come first: "from X" and "to Y" are typed into the From / To fields and the
//! suggestion each brings is chosen ([`Step::Suggested`]); "on DATE" sets the date field
//! ([`Step::Set`], a calendar's too). Then [`Step::Best`]: the search is sent when no item shows
//! yet, and the item best by the value the superlative compares (a price, a duration, a time of
//! day) has its control pressed (`best_item`). Other words ("for 2 nights") describe the thing
//! and are kept with it.
//!
//! [`Step::Suggested`]: super::step::Step::Suggested
//! [`Step::Set`]: super::step::Step::Set
//! [`Step::Best`]: super::step::Step::Best

use super::matching::lower_keeping_offsets;
use super::measures::{Measure, Order};
use super::split::first_word;
use super::step::{RoleClass, Step, Target};

/// Verbs that choose one item of several.
const VERBS: &[&str] = &[
    "book", "reserve", "choose", "pick", "select", "order", "buy", "get", "take",
];

/// Superlatives, longest first where one starts another.
const SUPERLATIVES: &[(&str, Measure, bool)] = &[
    ("least expensive", Measure::Price, true),
    ("lowest-priced", Measure::Price, true),
    ("lowest priced", Measure::Price, true),
    ("lowest-cost", Measure::Price, true),
    ("lowest cost", Measure::Price, true),
    ("cheapest", Measure::Price, true),
    ("most expensive", Measure::Price, false),
    ("priciest", Measure::Price, false),
    ("dearest", Measure::Price, false),
    ("shortest", Measure::Duration, true),
    ("quickest", Measure::Duration, true),
    ("fastest", Measure::Duration, true),
    ("longest", Measure::Duration, false),
    ("slowest", Measure::Duration, false),
    ("earliest", Measure::Clock, true),
    ("latest", Measure::Clock, false),
];

/// Words that start a part of the search: its value runs to the next such word.
const PARTS: &[&str] = &["from", "to", "on", "for", "at", "in", "with"];

/// The steps of a superlative choice (see the module docs).
pub(super) fn parse(text: &str) -> Option<Vec<Step>> {
    let text = text.trim().trim_end_matches(['.', '!']);
    let (verb, rest) = first_word(text);
    if !VERBS.contains(&verb.as_str()) {
        return None;
    }
    let rest = strip_article(rest);
    let lower = lower_keeping_offsets(rest);
    let (word, measure, least) = SUPERLATIVES
        .iter()
        .find(|(w, _, _)| lower.starts_with(w) && lower[w.len()..].starts_with([' ', '-']))?;
    let after = rest[word.len()..].trim_start_matches([' ', '-']);
    let pieces = pieces(after);
    let mut thing = pieces.first().map(|(_, v)| v.clone()).unwrap_or_default();
    let mut steps = Vec::new();
    let mut dates = Vec::new();
    for (key, value) in pieces.iter().skip(1) {
        match key.as_str() {
            "from" | "to" if !value.is_empty() => steps.push(Step::Suggested {
                target: Target::named(key, Some(RoleClass::Editable)),
                value: value.clone(),
            }),
            "on" if value.chars().any(|c| c.is_ascii_digit()) => dates.push(Step::Set {
                target: Target::named("date", Some(RoleClass::Editable)),
                value: value.clone(),
            }),
            _ => {
                thing.push(' ');
                thing.push_str(key);
                if !value.is_empty() {
                    thing.push(' ');
                    thing.push_str(value);
                }
            }
        }
    }
    if thing.trim().is_empty() {
        return None;
    }
    steps.extend(dates);
    steps.push(Step::Best {
        verb,
        order: Order {
            measure: *measure,
            least: *least,
            word: (*word).to_owned(),
        },
        thing: thing.trim().to_owned(),
        search: !steps.is_empty(),
    });
    Some(steps)
}

/// The words without a leading "the", "a", "an" or "me the".
fn strip_article(text: &str) -> &str {
    let mut rest = text.trim_start();
    for word in ["me ", "the ", "a ", "an "] {
        if rest.len() >= word.len() && rest[..word.len()].eq_ignore_ascii_case(word) {
            rest = rest[word.len()..].trim_start();
        }
    }
    rest
}

/// The thing's words, then each part of the search: (its word, its value). A part's word
/// counts when it stands alone (spaces around it, or a colon after it: "from: Anvik, AK").
fn pieces(text: &str) -> Vec<(String, String)> {
    let lower = lower_keeping_offsets(text);
    let mut starts: Vec<(usize, usize, &str)> = Vec::new();
    for part in PARTS {
        let mut from = 0;
        while let Some(at) = lower[from..].find(part).map(|i| i + from) {
            let end = at + part.len();
            let before = at == 0 || lower[..at].ends_with(' ');
            let after = lower[end..].starts_with([' ', ':']);
            if before && after {
                starts.push((at, end, part));
            }
            from = end;
        }
    }
    starts.sort_unstable();
    let mut out = Vec::new();
    let head_end = starts.first().map_or(text.len(), |s| s.0);
    out.push((String::new(), text[..head_end].trim().to_owned()));
    for (i, (_, end, part)) in starts.iter().enumerate() {
        let stop = starts.get(i + 1).map_or(text.len(), |s| s.0);
        let value = text[*end..stop]
            .trim_start_matches(':')
            .trim()
            .trim_end_matches(',')
            .trim();
        out.push(((*part).to_owned(), value.to_owned()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::parse;
    use crate::planner::instruction::step::Step;

    fn shape(text: &str) -> Vec<String> {
        parse(text)
            .unwrap_or_default()
            .iter()
            .map(|s| match s {
                Step::Suggested { target, value } => format!("suggest {}={value}", target.name),
                Step::Set { target, value } => format!("set {}={value}", target.name),
                Step::Best {
                    verb, order, thing, ..
                } => {
                    format!(
                        "{verb} {} {:?} {}: {thing}",
                        order.least, order.measure, order.word
                    )
                }
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn a_search_then_the_best_item() {
        assert_eq!(
            shape("Book the cheapest one-way flight from: Anvik, AK to: MOT on 12/23/2016."),
            [
                "suggest from=Anvik, AK",
                "suggest to=MOT",
                "set date=12/23/2016",
                "book true Price cheapest: one-way flight",
            ]
        );
        assert_eq!(
            shape("book the earliest train from Leeds to York on 3 March"),
            [
                "suggest from=Leeds",
                "suggest to=York",
                "set date=3 March",
                "book true Clock earliest: train",
            ]
        );
    }

    #[test]
    fn a_superlative_alone_compares_the_items_shown() {
        assert_eq!(
            shape("pick the cheapest room for 2 nights"),
            ["pick true Price cheapest: room for 2 nights"]
        );
        assert_eq!(
            shape("order the shortest delivery"),
            ["order true Duration shortest: delivery"]
        );
        assert_eq!(
            shape("choose the most expensive plan"),
            ["choose false Price most expensive: plan"]
        );
    }

    #[test]
    fn other_words_are_no_superlative_choice() {
        for text in [
            "select the first option",
            "book a table for 4 on Saturday at 19:30",
            "pick the latest",
            "click the cheapest flight",
            "choose Shortest from the list",
        ] {
            assert!(parse(text).is_none(), "{text}");
        }
    }
}
