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
use super::split::first_word;
use super::step::{RoleClass, Step, Target};

/// Verbs that choose one item of several.
const VERBS: &[&str] = &[
    "book", "reserve", "choose", "pick", "select", "order", "buy", "get", "take",
];

/// What a superlative compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Measure {
    /// An amount of money ("$123", "£4.50", "12 EUR").
    Price,
    /// A length of time ("2h 15m", "1 hour 5 minutes", "3 days").
    Duration,
    /// A time of day ("10:23 PM", "07:15", "7am").
    Clock,
}

/// Which item a superlative wants: the least or the most of a measure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Order {
    pub measure: Measure,
    pub least: bool,
    /// The superlative as written ("cheapest"), for notes.
    pub word: String,
}

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
    let (word, measure, least) = SUPERLATIVES.iter().find(|(w, _, _)| {
        lower.starts_with(w) && lower[w.len()..].starts_with(|c: char| c == ' ' || c == '-')
    })?;
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

/// The value of `measure` that `text` shows first, in a unit of its own kind (money as
/// written, minutes for durations and times of day).
pub(crate) fn value_in(text: &str, measure: Measure) -> Option<f64> {
    match measure {
        Measure::Price => price(text),
        Measure::Duration => duration(text),
        Measure::Clock => clock(text),
    }
}

/// The first amount of money: a currency sign before a number, or a currency code after it.
fn price(text: &str) -> Option<f64> {
    let chars: Vec<char> = text.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        if matches!(c, '$' | '£' | '€' | '¥' | '₹') {
            let rest: String = chars[i + 1..].iter().collect();
            if let Some((n, _)) = number(rest.trim_start()) {
                return Some(n);
            }
        }
    }
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    words.windows(2).find_map(|w| {
        ["usd", "eur", "gbp", "€", "£", "dollars", "euros", "pounds"]
            .contains(&w[1].trim_end_matches(['.', ',']))
            .then(|| number(w[0]).map(|(n, _)| n))
            .flatten()
    })
}

/// A number at the start of `text` (grouping commas allowed) and the bytes it took.
fn number(text: &str) -> Option<(f64, usize)> {
    let end = text
        .char_indices()
        .find(|(i, c)| {
            !(c.is_ascii_digit()
                || (*c == ',' || *c == '.')
                    && text[i + 1..].starts_with(|d: char| d.is_ascii_digit()))
        })
        .map_or(text.len(), |(i, _)| i);
    let digits: String = text[..end].chars().filter(|c| *c != ',').collect();
    digits.parse().ok().map(|n| (n, end))
}

/// The first length of time: numbers each followed by a unit (days, hours, minutes), summed
/// in minutes ("2h 15m" → 135).
fn duration(text: &str) -> Option<f64> {
    let lower = text.to_lowercase();
    let mut total: Option<f64> = None;
    let mut rest = lower.as_str();
    loop {
        let Some(at) = rest.find(|c: char| c.is_ascii_digit()) else {
            return total;
        };
        // A number inside a word or a time of day ("10:23") is no duration.
        let joined = rest[..at].ends_with(|c: char| c.is_alphabetic() || c == ':');
        let Some((n, len)) = number(&rest[at..]) else {
            return total;
        };
        let after = rest[at + len..].trim_start();
        let unit_len = after
            .find(|c: char| !c.is_alphabetic())
            .unwrap_or(after.len());
        let minutes = match &after[..unit_len] {
            "d" | "day" | "days" => Some(n * 24.0 * 60.0),
            "h" | "hr" | "hrs" | "hour" | "hours" => Some(n * 60.0),
            "m" | "min" | "mins" | "minute" | "minutes" => Some(n),
            _ => None,
        };
        match minutes {
            Some(m) if !joined && !rest[at + len..].starts_with(':') => {
                total = Some(total.unwrap_or(0.0) + m);
            }
            // The first duration ends at the first number that is not one of its parts.
            _ if total.is_some() => return total,
            _ => {}
        }
        let consumed = at + len + (rest[at + len..].len() - after.len()) + unit_len;
        rest = &rest[consumed..];
    }
}

/// The first time of day, in minutes after midnight ("10:23 PM" → 1343, "7am" → 420).
fn clock(text: &str) -> Option<f64> {
    let lower = text.to_lowercase();
    let mut rest = lower.as_str();
    while let Some(at) = rest.find(|c: char| c.is_ascii_digit()) {
        let digits_end = rest[at..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(rest.len(), |i| at + i);
        let hours: f64 = rest[at..digits_end].parse().ok()?;
        let mut end = digits_end;
        let mut minutes = None;
        if rest[end..].starts_with(':') || rest[end..].starts_with('.') {
            let m_end = rest[end + 1..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(rest.len(), |i| end + 1 + i);
            if m_end - (end + 1) == 2 {
                minutes = rest[end + 1..m_end].parse::<f64>().ok();
                end = m_end;
            }
        }
        let after = rest[end..].trim_start();
        let half = if after.starts_with("pm") || after.starts_with("p.m") {
            Some(12.0)
        } else if after.starts_with("am") || after.starts_with("a.m") {
            Some(0.0)
        } else {
            None
        };
        if hours <= 24.0 && (minutes.is_some() || half.is_some()) {
            let hours = match half {
                Some(add) => hours % 12.0 + add,
                None => hours,
            };
            return Some(hours * 60.0 + minutes.unwrap_or(0.0));
        }
        rest = &rest[end..];
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{Measure, parse, value_in};
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

    #[test]
    fn values_are_read_as_written() {
        assert_eq!(
            value_in("Book flight for $1,234", Measure::Price),
            Some(1234.0)
        );
        assert_eq!(value_in("£4.50 per night", Measure::Price), Some(4.5));
        assert_eq!(value_in("total 12 EUR", Measure::Price), Some(12.0));
        assert_eq!(value_in("no price", Measure::Price), None);
        assert_eq!(value_in("2h 15m", Measure::Duration), Some(135.0));
        assert_eq!(
            value_in("Journey: 1 hour 5 minutes, 2 changes", Measure::Duration),
            Some(65.0)
        );
        assert_eq!(value_in("3 days", Measure::Duration), Some(4320.0));
        assert_eq!(value_in("10:23 PM", Measure::Duration), None);
        assert_eq!(value_in("10:23 PM", Measure::Clock), Some(1343.0));
        assert_eq!(value_in("Departs 07:15", Measure::Clock), Some(435.0));
        assert_eq!(value_in("leaves at 7am", Measure::Clock), Some(420.0));
        assert_eq!(value_in("12:05 AM", Measure::Clock), Some(5.0));
        assert_eq!(value_in("Platform 4", Measure::Clock), None);
    }
}
