//! Values as people write them → values the control takes.
//!
//! In: the value from the instruction and the element it goes into. Out: the text to type or set.
//! Dates ("12/31/2019", "March 3rd, 2021", "3 March 2021") become `YYYY-MM-DD` for date inputs,
//! times ("7:45 PM", "7 pm") `HH:MM` for time inputs, both for `datetime-local`, "March 2021"
//! `YYYY-MM` for month inputs; numbers lose grouping commas, currency signs and units for
//! number and range inputs; colour names and short or `rgb()` forms become `#rrggbb` for colour
//! inputs. A value that cannot be read that way is passed on unchanged (the browser reports a
//! bad value as the step's error, so nothing is guessed).

use tandem_mcp_browser::snapshot::Element;

/// The value to put into `el` for what the person wrote.
pub(crate) fn for_element(el: &Element, written: &str) -> String {
    let written = written.trim();
    let converted = match el.input_type.as_deref() {
        Some("date") => date(written),
        Some("time") => time(written),
        Some("datetime-local") => datetime(written),
        Some("month") => month(written),
        Some("number" | "range") => number(written),
        Some("color") => colour(written),
        _ => None,
    };
    converted.unwrap_or_else(|| written.to_owned())
}

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// "May", "jun", "June", "Sept" → 1..=12: the whole name, its first three letters or "sept", in
/// any case. Another word that merely starts like a month ("Marchant", "Decimal") is none.
pub(super) fn month_number(word: &str) -> Option<u32> {
    let word = word.to_lowercase();
    let word = if word == "sept" { "sep" } else { word.as_str() };
    MONTHS
        .iter()
        .position(|m| *m == word || (word.len() == 3 && m.starts_with(word)))
        .and_then(|i| u32::try_from(i + 1).ok())
}

/// "3rd" → 3; "31" → 31: a day of the month, digits with an ordinal ending or none.
pub(super) fn day_number(word: &str) -> Option<u32> {
    let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
    let rest = &word[digits.len()..];
    if !matches!(rest, "" | "st" | "nd" | "rd" | "th") {
        return None;
    }
    digits.parse().ok().filter(|d| (1..=31).contains(d))
}

/// Numbers written as words, zero to twenty.
const NUMBER_WORDS: [&str; 21] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];

/// "seven", "Seven", "7" → 7: a whole number in one word, in digits or as a word up to twenty.
pub(super) fn whole_number(word: &str) -> Option<u32> {
    let lower = word.to_lowercase();
    NUMBER_WORDS
        .iter()
        .position(|w| *w == lower)
        .and_then(|n| u32::try_from(n).ok())
        .or_else(|| word.parse().ok())
}

/// A clock time's word without its "am"/"pm" and which it was ("7pm" → ("7", Some(true));
/// "19:30" → ("19:30", None)). Lower case in.
pub(super) fn meridiem(word: &str) -> (&str, Option<bool>) {
    match word.strip_suffix("pm") {
        Some(body) => (body, Some(true)),
        None => match word.strip_suffix("am") {
            Some(body) => (body, Some(false)),
            None => (word, None),
        },
    }
}

/// The hour of the 24-hour clock that hour 1..=12 "am" or "pm" is (12 am is 0); `None` for an
/// hour a 12-hour clock does not show.
pub(super) fn hour_of_day(hour: u32, pm: bool) -> Option<u32> {
    (1..=12)
        .contains(&hour)
        .then_some(hour % 12 + if pm { 12 } else { 0 })
}

/// A time of day as said: minutes after midnight, and whether the 12-hour reading is open
/// ("half past six" may be 06:30 or 18:30).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Time {
    pub minutes: u32,
    pub either_half: bool,
}

impl Time {
    /// Whether a slot at `minutes` after midnight is this time.
    pub(super) fn is(&self, minutes: u32) -> bool {
        minutes == self.minutes
            || (self.either_half && (minutes + 12 * 60) % (24 * 60) == self.minutes)
    }
}

/// A clock time written in one word or two: "19:30", "7pm", "7.30", "7 pm" (the index of the
/// word after it).
pub(super) fn clock(words: &[String], at: usize) -> Option<(Time, usize)> {
    let word = words.get(at)?;
    let (body, mut pm) = meridiem(word);
    let mut next = at + 1;
    if pm.is_none()
        && let Some(after) = words.get(at + 1)
        && matches!(after.as_str(), "pm" | "am" | "p.m" | "a.m")
    {
        pm = Some(after.starts_with('p'));
        next += 1;
    }
    let (hours, minutes) = match body.split_once([':', '.']) {
        Some((h, m)) if m.len() == 2 => (h.parse::<u32>().ok()?, m.parse::<u32>().ok()?),
        Some(_) => return None,
        None if pm.is_some() || words.get(next).is_some_and(|w| w == "o'clock") => {
            if words.get(next).is_some_and(|w| w == "o'clock") {
                next += 1;
            }
            (whole_number(body)?, 0)
        }
        None => return None,
    };
    if hours > 23 || minutes > 59 {
        return None;
    }
    Some((at_hour(hours, minutes, pm), next))
}

/// The time `hours`:`minutes`, read on the 12-hour clock when "am"/"pm" was said and fits.
pub(super) fn at_hour(hours: u32, minutes: u32, pm: Option<bool>) -> Time {
    match pm.and_then(|pm| hour_of_day(hours, pm)) {
        Some(hour) => Time {
            minutes: hour * 60 + minutes,
            either_half: false,
        },
        None => Time {
            minutes: hours * 60 + minutes,
            either_half: (1..=12).contains(&hours),
        },
    }
}

fn year_number(word: &str) -> Option<i32> {
    (word.len() == 4)
        .then(|| word.parse().ok())
        .flatten()
        .or_else(|| {
            (word.len() == 2)
                .then(|| word.parse::<i32>().ok().map(|y| 2000 + y))
                .flatten()
        })
}

fn iso_date(year: i32, month: u32, day: u32) -> Option<String> {
    ((1..=12).contains(&month) && (1..=31).contains(&day))
        .then(|| format!("{year:04}-{month:02}-{day:02}"))
}

/// A date in any common written form, as `YYYY-MM-DD`.
pub(crate) fn date(text: &str) -> Option<String> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || ",/.-".contains(c))
        .filter(|w| !w.is_empty() && !matches!(w.to_lowercase().as_str(), "the" | "on"))
        .collect();
    match words.as_slice() {
        // 2019-12-31
        [y, m, d] if y.len() == 4 && y.chars().all(|c| c.is_ascii_digit()) => {
            iso_date(year_number(y)?, m.parse().ok()?, day_number(d)?)
        }
        // 12/31/2019 (month first unless the first number cannot be a month)
        [a, b, y]
            if a.chars().all(|c| c.is_ascii_digit()) && b.chars().all(|c| c.is_ascii_digit()) =>
        {
            let (a, b): (u32, u32) = (a.parse().ok()?, b.parse().ok()?);
            let (month, day) = if a > 12 { (b, a) } else { (a, b) };
            iso_date(year_number(y)?, month, day)
        }
        // March 3rd 2021 / 3 March 2021 / March 3rd, 2021
        [a, b, y] => {
            let (month, day) = match month_number(a) {
                Some(m) => (m, day_number(b)?),
                None => (month_number(b)?, day_number(a)?),
            };
            iso_date(year_number(y)?, month, day)
        }
        // "3rd of March 2021"
        [d, of, m, y] if of.eq_ignore_ascii_case("of") => {
            iso_date(year_number(y)?, month_number(m)?, day_number(d)?)
        }
        _ => None,
    }
}

/// A time such as "7:45 PM", "7 pm", "19:45", as `HH:MM` (or `HH:MM:SS`).
pub(crate) fn time(text: &str) -> Option<String> {
    let lower = text.to_lowercase().replace('.', "");
    let compact: String = lower.split_whitespace().collect();
    let (clock, pm) = meridiem(&compact);
    let parts: Vec<u32> = clock
        .split(['h', ':'])
        .filter(|p| !p.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let (hour, minute, second) = match parts.as_slice() {
        [h] => (*h, 0, None),
        [h, m] => (*h, *m, None),
        [h, m, s] => (*h, *m, Some(*s)),
        _ => return None,
    };
    let hour = match pm {
        Some(pm) => hour_of_day(hour, pm)?,
        None => hour,
    };
    if hour > 23 || minute > 59 || second.is_some_and(|s| s > 59) {
        return None;
    }
    Some(match second {
        Some(s) => format!("{hour:02}:{minute:02}:{s:02}"),
        None => format!("{hour:02}:{minute:02}"),
    })
}

fn datetime(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    let (day, clock) = lower
        .split_once(" at ")
        .or_else(|| lower.split_once('t').filter(|(d, _)| date(d).is_some()))
        .or_else(|| lower.rsplit_once(", "))?;
    Some(format!("{}T{}", date(day)?, time(clock)?))
}

/// A month such as "March 2021" or "2021-03", as `YYYY-MM`.
pub(crate) fn month_of(text: &str) -> Option<String> {
    month(text)
}

fn month(text: &str) -> Option<String> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || ",/.-".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    let (m, y) = match words.as_slice() {
        // "2025 06" (a year first); not "June 2025", whose month name also has four letters.
        [a, b] if a.len() == 4 && a.chars().all(|c| c.is_ascii_digit()) => {
            (b.parse().ok().or_else(|| month_number(b))?, year_number(a)?)
        }
        [a, b] => (a.parse().ok().or_else(|| month_number(a))?, year_number(b)?),
        _ => return None,
    };
    (1..=12).contains(&m).then(|| format!("{y:04}-{m:02}"))
}

/// A number without grouping, currency or unit: "1,000" → "1000", "$12.50" → "12.50",
/// "75%" → "75", "five" → "5".
pub(crate) fn number(text: &str) -> Option<String> {
    let lower = text.trim().to_lowercase();
    if let Some(n) = NUMBER_WORDS.iter().position(|w| *w == lower) {
        return Some(n.to_string());
    }
    let kept: String = lower
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.' || *c == '-')
        .collect();
    let dropped_only_noise = lower
        .chars()
        .all(|c| c.is_ascii_digit() || ".-, _$€£¥%".contains(c) || c.is_alphabetic());
    (dropped_only_noise && kept.parse::<f64>().is_ok()).then_some(kept)
}

/// A colour as `#rrggbb`.
pub(crate) fn colour(text: &str) -> Option<String> {
    const NAMED: &[(&str, &str)] = &[
        ("black", "#000000"),
        ("white", "#ffffff"),
        ("red", "#ff0000"),
        ("green", "#008000"),
        ("lime", "#00ff00"),
        ("blue", "#0000ff"),
        ("yellow", "#ffff00"),
        ("orange", "#ffa500"),
        ("purple", "#800080"),
        ("pink", "#ffc0cb"),
        ("brown", "#a52a2a"),
        ("gray", "#808080"),
        ("grey", "#808080"),
        ("cyan", "#00ffff"),
        ("magenta", "#ff00ff"),
        ("navy", "#000080"),
        ("teal", "#008080"),
        ("maroon", "#800000"),
        ("olive", "#808000"),
        ("silver", "#c0c0c0"),
        ("gold", "#ffd700"),
        ("violet", "#ee82ee"),
        ("indigo", "#4b0082"),
    ];
    let lower = text.trim().to_lowercase();
    if let Some((_, hex)) = NAMED.iter().find(|(name, _)| *name == lower) {
        return Some((*hex).to_owned());
    }
    let hex = lower.trim_start_matches('#');
    if hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return match hex.len() {
            6 => Some(format!("#{hex}")),
            3 => Some(format!(
                "#{}",
                hex.chars().flat_map(|c| [c, c]).collect::<String>()
            )),
            _ => None,
        };
    }
    let inner = lower.strip_prefix("rgb(")?.strip_suffix(')')?;
    let parts: Vec<u8> = inner
        .split(',')
        .map(|p| p.trim().parse())
        .collect::<Result<_, _>>()
        .ok()?;
    match parts.as_slice() {
        [r, g, b] => Some(format!("#{r:02x}{g:02x}{b:02x}")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_common_forms_become_iso() {
        for (written, iso) in [
            ("12/31/2019", "2019-12-31"),
            ("31/12/2019", "2019-12-31"),
            ("March 3rd, 2021", "2021-03-03"),
            ("3 March 2021", "2021-03-03"),
            ("2021-03-03", "2021-03-03"),
            ("Sept 9 2024", "2024-09-09"),
            ("1st of May 2020", "2020-05-01"),
        ] {
            assert_eq!(date(written).as_deref(), Some(iso), "{written}");
        }
        assert_eq!(date("tomorrow"), None);
    }

    #[test]
    fn times_numbers_and_colours_take_the_control_form() {
        type Reader = fn(&str) -> Option<String>;
        let cases: [(Reader, &str, &str); 15] = [
            (time, "7:45 PM", "19:45"),
            (time, "12 am", "00:00"),
            (time, "19:05", "19:05"),
            (number, "1,000", "1000"),
            (number, "$12.50", "12.50"),
            (number, "75%", "75"),
            (number, "seven", "7"),
            (colour, "Red", "#ff0000"),
            (colour, "#0F0", "#00ff00"),
            (colour, "rgb(0, 128, 255)", "#0080ff"),
            (datetime, "12/31/2019 at 7:45 pm", "2019-12-31T19:45"),
            (month, "March 2021", "2021-03"),
            // Four-letter month names are no year.
            (month, "June 2025", "2025-06"),
            (month, "July 2016", "2016-07"),
            (month, "2025 06", "2025-06"),
        ];
        for (read, written, value) in cases {
            assert_eq!(read(written).as_deref(), Some(value), "{written}");
        }
    }

    #[test]
    fn a_month_is_its_whole_name_three_letters_or_sept() {
        for (word, n) in [
            ("March", 3),
            ("mar", 3),
            ("Sept", 9),
            ("sep", 9),
            ("MAY", 5),
        ] {
            assert_eq!(month_number(word), Some(n), "{word}");
        }
        // Words that only start like a month are none.
        for word in ["Marchant", "Mayor", "Decimal", "Junk", "Augment", "ma"] {
            assert_eq!(month_number(word), None, "{word}");
        }
        assert_eq!(date("Marchant 3 2021"), None);
        assert_eq!(month("Mayor 2021"), None);
        assert_eq!(month("Sept. 2021").as_deref(), Some("2021-09"));
    }

    #[test]
    fn words_of_numbers_days_and_clock_faces_are_read_once() {
        assert_eq!(whole_number("Seven"), Some(7));
        assert_eq!(whole_number("twenty"), Some(20));
        assert_eq!(whole_number("42"), Some(42));
        assert_eq!(whole_number("forty"), None);
        assert_eq!(day_number("14th"), Some(14));
        assert_eq!(day_number("32"), None);
        assert_eq!(day_number("14x"), None);
        assert_eq!(meridiem("7pm"), ("7", Some(true)));
        assert_eq!(meridiem("19:30"), ("19:30", None));
        assert_eq!(hour_of_day(12, false), Some(0));
        assert_eq!(hour_of_day(7, true), Some(19));
        assert_eq!(hour_of_day(13, true), None);
    }
}
