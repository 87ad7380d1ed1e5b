//! Values items show that a superlative compares: prices, durations, times of day.
//!
//! In: a text as the page shows it ("Book flight for $1,234", "2h 15m", "10:23 PM"). Out: the
//! first value of the asked kind in it, as a number ([`value_in`]); and the [`Order`] a
//! superlative asks for (the least or the most of a [`Measure`]).

use super::value_format;

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

/// The first time of day, in minutes after midnight ("10:23 PM" → 1343, "7am" → 420), read as
/// a booking reads one (`value_format::clock`).
fn clock(text: &str) -> Option<f64> {
    let words: Vec<String> = text
        .to_lowercase()
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| ",;()".contains(c)).to_owned())
        .collect();
    (0..words.len())
        .find_map(|at| value_format::clock(&words, at))
        .map(|(time, _)| f64::from(time.minutes))
}

#[cfg(test)]
mod tests {
    use super::{Measure, value_in};

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
