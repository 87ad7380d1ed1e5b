//! A booking asked for in people's words, read without the page: "Book a table for 4 on
//! Saturday at 19:30 under the name Keller, phone 0170 5551234, and mention we need a high
//! chair", "table for two tomorrow at 7pm please, name Ruth Adler, 07700 900456".
//!
//! In: one message. Out ([`read`]): the party size, the day, the time, the name, the phone, the
//! email and a note for the place, each with the words that said it, and the words that are
//! none of these nor words of asking ("can we get a", "please"). [`reads`] is the gate: the
//! message asks for a party size ("a table for 4", "for two people", "party of 6"), or for a day
//! and a time of a table, booking, reservation or appointment, and names no address.
//!
//! Days: today, tonight, tomorrow, a weekday ("on Saturday"), a date ("14 May", "May 14th",
//! "14 May 2025"). Times: "19:30", "7pm", "7.30 pm", "half past seven", "quarter to 8",
//! "noon"; a time without am/pm keeps both readings and the page's slots decide.

use super::field_words::{Word, words};
use super::value_format::{Time, at_hour, clock, day_number, month_number, whole_number};

/// A day as said.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Day {
    /// 0 = today, 1 = tomorrow.
    From(u32),
    /// A weekday, 0 = Monday.
    Weekday(usize),
    /// Day of the month, month 1..=12, year if said.
    Date(u32, u32, Option<u32>),
}

/// One part of the request with the words that said it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Said<T> {
    pub value: T,
    pub words: String,
}

/// What the message asks to book.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Request {
    pub party: Option<Said<u32>>,
    pub day: Option<Said<Day>>,
    pub time: Option<Said<Time>>,
    pub name: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub note: Option<String>,
    /// Runs of words that are none of the above.
    pub unplaced: Vec<String>,
}

pub(super) const WEEKDAYS: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];
/// Words after a party size.
const PEOPLE: &[&str] = &[
    "people", "persons", "person", "guests", "guest", "adults", "diners", "of", "us", "pax",
];
/// Words of asking that place nothing.
const ASKING: &[&str] = &[
    "book",
    "reserve",
    "a",
    "an",
    "the",
    "table",
    "booking",
    "reservation",
    "please",
    "pls",
    "can",
    "could",
    "would",
    "we",
    "i",
    "d",
    "like",
    "want",
    "get",
    "have",
    "us",
    "me",
    "for",
    "on",
    "at",
    "and",
    "then",
    "also",
    "thanks",
    "thank",
    "you",
    "hi",
    "hello",
    "need",
    "just",
    "make",
    "my",
    "our",
    "is",
    "it",
    "s",
    "ll",
    "to",
];
/// Words a booking request starts with.
const STARTS: &[&str] = &[
    "book",
    "reserve",
    "table",
    "a",
    "can",
    "could",
    "would",
    "we",
    "i",
    "please",
    "pls",
    "hi",
    "hello",
    "need",
    "get",
    "make",
    "booking",
    "reservation",
    "appointment",
    "an",
    "for",
    "dinner",
    "lunch",
    "brunch",
    "breakfast",
];
/// Words that name the name field, the phone field, the email field, the note.
const NAME_WORDS: &[&str] = &["name", "names"];
const PHONE_WORDS: &[&str] = &["phone", "mobile", "tel", "telephone", "number", "cell"];
const EMAIL_WORDS: &[&str] = &["email", "e-mail", "mail"];
const NOTE_VERBS: &[&str] = &["mention", "note", "add", "say", "tell", "request", "ask"];

/// The word as written, lower case, without the punctuation around it.
fn raw(text: &str, w: &Word) -> String {
    text[w.start..w.end]
        .trim_matches(|c: char| "\"'“”‘’()?!".contains(c))
        .replace('’', "'")
        .to_lowercase()
}

/// Whether a word only asks ("we'd" is "we" and "d").
fn asking(word: &str) -> bool {
    word.split('\'')
        .all(|part| part.is_empty() || ASKING.contains(&part))
}

/// "sat", "saturday", "saturdays" → 0..=6.
pub(super) fn weekday(word: &str) -> Option<usize> {
    let word = word.trim_end_matches('s');
    WEEKDAYS
        .iter()
        .position(|d| d.trim_end_matches('s') == word || (word.len() == 3 && d.starts_with(word)))
}

/// "half past seven", "quarter to 8", "noon", "midday" (the index of the word after it).
fn spoken_time(words: &[String], at: usize) -> Option<(Time, usize)> {
    let word = words.get(at)?.as_str();
    if matches!(word, "noon" | "midday") {
        return Some((at_hour(12, 0, Some(true)), at + 1));
    }
    let offset: i32 = match (word, words.get(at + 1).map(String::as_str)) {
        ("half", Some("past")) => 30,
        ("quarter", Some("past")) => 15,
        ("quarter", Some("to")) => -15,
        _ => return None,
    };
    let hour = whole_number(words.get(at + 2)?)?;
    if !(1..=12).contains(&hour) {
        return None;
    }
    let mut next = at + 3;
    let meridiem = match words.get(next).map(String::as_str) {
        Some("pm" | "p.m") => Some(true),
        Some("am" | "a.m") => Some(false),
        _ => None,
    };
    if meridiem.is_some() {
        next += 1;
    }
    let base = at_hour(hour, 0, meridiem);
    let minutes = (base.minutes as i32 + offset).rem_euclid(24 * 60) as u32;
    Some((
        Time {
            minutes,
            either_half: base.either_half,
        },
        next,
    ))
}

/// A day starting at word `at` (the index of the word after it).
fn day(words: &[String], at: usize) -> Option<(Day, usize)> {
    let word = words.get(at)?.as_str();
    match word {
        "today" | "tonight" => return Some((Day::From(0), at + 1)),
        "tomorrow" => return Some((Day::From(1), at + 1)),
        _ => {}
    }
    if word.len() > 3
        && let Some(n) = weekday(word)
    {
        return Some((Day::Weekday(n), at + 1));
    }
    let year = |i: usize| {
        words
            .get(i)
            .and_then(|w| w.parse::<u32>().ok())
            .filter(|y| (1900..=2200).contains(y))
    };
    // "14 May", "14th of May".
    if let Some(d) = day_number(word) {
        let of = usize::from(words.get(at + 1).is_some_and(|w| w == "of"));
        if let Some(m) = words.get(at + 1 + of).and_then(|w| month_number(w)) {
            let y = year(at + 2 + of);
            return Some((Day::Date(d, m, y), at + 2 + of + usize::from(y.is_some())));
        }
    }
    // "May 14th".
    if let Some(m) = month_number(word)
        && let Some(d) = words.get(at + 1).and_then(|w| day_number(w))
    {
        let y = year(at + 2);
        return Some((Day::Date(d, m, y), at + 2 + usize::from(y.is_some())));
    }
    None
}

/// A party size at `at`: "for 4", "for two people", "party of 6", "4 guests" (the index of the
/// word after it).
fn party(words: &[String], at: usize) -> Option<(u32, usize)> {
    let word = words.get(at)?.as_str();
    let (n, mut next) = match word {
        "for" => (whole_number(words.get(at + 1)?)?, at + 2),
        "party" if words.get(at + 1).is_some_and(|w| w == "of") => {
            (whole_number(words.get(at + 2)?)?, at + 3)
        }
        _ => {
            let n = whole_number(word)?;
            let people = words
                .get(at + 1)
                .is_some_and(|w| PEOPLE.contains(&w.as_str()) && w != "of" && w != "us");
            if !people {
                return None;
            }
            (n, at + 1)
        }
    };
    if n == 0 || n > 30 {
        return None;
    }
    // ("for 1 July" is a day.)
    if words.get(next).is_some_and(|w| month_number(w).is_some()) {
        return None;
    }
    while words
        .get(next)
        .is_some_and(|w| PEOPLE.contains(&w.as_str()))
    {
        next += 1;
    }
    Some((n, next))
}

/// Whether a message asks for a booking (see the module docs).
pub(super) fn reads(message: &str) -> bool {
    if message.contains("://") || message.contains(".html") || message.contains("www.") {
        return false;
    }
    let text = message.to_lowercase();
    let all = words(message);
    let said: Vec<String> = all.iter().map(|w| raw(message, w)).collect();
    // A message that starts with another verb is that verb's ("set the appointment date to …").
    let first = said.first().map(String::as_str).unwrap_or_default();
    let first = first.split('\'').next().unwrap_or_default();
    if !first.is_empty() && !STARTS.contains(&first) {
        return false;
    }
    let booking_word = ["table", "book", "reserv", "appointment"]
        .iter()
        .any(|w| text.contains(w));
    let has_party = (0..said.len()).any(|at| {
        party(&said, at).is_some()
            && (said[at] != "for"
                || said.get(at.wrapping_sub(1)).is_some_and(|w| w == "table")
                || said
                    .get(at + 2)
                    .is_some_and(|w| PEOPLE.contains(&w.as_str())))
    });
    let has_day = (0..said.len()).any(|at| day(&said, at).is_some());
    let has_time =
        (0..said.len()).any(|at| clock(&said, at).is_some() || spoken_time(&said, at).is_some());
    booking_word && (has_party || (has_day && has_time))
}

/// What the message asks to book (see the module docs).
pub(super) fn read(message: &str) -> Request {
    let all = words(message);
    let said: Vec<String> = all.iter().map(|w| raw(message, w)).collect();
    let span = |from: usize, to: usize| -> String {
        message[all[from].start..all[to - 1].end]
            .trim_matches(|c: char| "\"'“”‘’".contains(c))
            .to_owned()
    };
    // A value runs to the end of its piece.
    let piece_end = |from: usize| -> usize {
        (from..all.len())
            .find(|i| all[*i].ends_piece)
            .map_or(all.len(), |i| i + 1)
    };
    let mut request = Request::default();
    let mut loose: Vec<usize> = Vec::new();
    let mut at = 0;
    while at < all.len() {
        let word = said[at].as_str();
        let said_from_here = |next: usize| span(at, next);
        if let Some(next) = keep(&mut request.party, party(&said, at), said_from_here) {
            at = next;
            continue;
        }
        let on = usize::from(matches!(word, "on" | "this" | "next") && at + 1 < all.len());
        if let Some(next) = keep(&mut request.day, day(&said, at + on), said_from_here) {
            at = next;
            continue;
        }
        let at_word = usize::from(matches!(word, "at" | "around" | "about") && at + 1 < all.len());
        let time = clock(&said, at + at_word).or_else(|| spoken_time(&said, at + at_word));
        if let Some(next) = keep(&mut request.time, time, said_from_here) {
            at = next;
            continue;
        }
        // "under the name X", "in the name of X", "name X", "name's X".
        let name_at = (at..(at + 4).min(all.len()))
            .find(|i| NAME_WORDS.contains(&said[*i].split('\'').next().unwrap_or_default()));
        let lead_ok = name_at.is_some_and(|i| {
            said[at..i].iter().all(|w| {
                matches!(
                    w.as_str(),
                    "under" | "in" | "the" | "my" | "our" | "for" | "a"
                )
            })
        });
        if let Some(i) = name_at.filter(|_| lead_ok)
            && !all[i].ends_piece
        {
            let mut from = i + 1;
            while said
                .get(from)
                .is_some_and(|w| matches!(w.as_str(), "of" | "is" | "s" | ":"))
            {
                from += 1;
            }
            let end = value_end(&said, from, piece_end(from));
            if from < end {
                request.name = Some(span(from, end));
                at = end;
                continue;
            }
        }
        if PHONE_WORDS.contains(&word) || EMAIL_WORDS.contains(&word) || is_phone_start(word) {
            let from = at + usize::from(!is_phone_start(word));
            let from = from + usize::from(said.get(from).is_some_and(|w| w == "is"));
            let end = value_end(&said, from, piece_end(from));
            if from < end {
                let value = span(from, end);
                if value.contains('@') {
                    request.email = Some(value);
                    at = end;
                    continue;
                }
                if value.chars().filter(char::is_ascii_digit).count() >= 6
                    && value
                        .chars()
                        .all(|c| c.is_ascii_digit() || " +-()".contains(c))
                {
                    request.phone = Some(value);
                    at = end;
                    continue;
                }
            }
        }
        if word.contains('@') && request.email.is_none() {
            request.email = Some(span(at, at + 1));
            at += 1;
            continue;
        }
        // "mention we need a high chair", "note: window seat": to the end of the message.
        if NOTE_VERBS.contains(&word) && at + 1 < all.len() {
            let from = at + 1 + usize::from(said[at + 1] == "that");
            if from < all.len() {
                request.note = Some(span(from, all.len()));
                break;
            }
        }
        if !asking(word) {
            loose.push(at);
        }
        at += 1;
    }
    // Loose words, in runs.
    let mut run: Vec<usize> = Vec::new();
    for i in loose {
        if run.last().is_some_and(|last| *last + 1 != i) {
            request.unplaced.push(span(run[0], run[run.len() - 1] + 1));
            run.clear();
        }
        run.push(i);
    }
    if let Some(first) = run.first() {
        request.unplaced.push(span(*first, run[run.len() - 1] + 1));
    }
    request
}

/// Puts `read` (a value and the index of the word after it) into `slot` unless the message
/// said that part already, with the words `span` gives up to that index; the index to read on
/// from.
fn keep<T>(
    slot: &mut Option<Said<T>>,
    read: Option<(T, usize)>,
    span: impl FnOnce(usize) -> String,
) -> Option<usize> {
    if slot.is_some() {
        return None;
    }
    let (value, next) = read?;
    *slot = Some(Said {
        value,
        words: span(next),
    });
    Some(next)
}

/// A phone number's first word: digits, or "+" and digits.
fn is_phone_start(word: &str) -> bool {
    let digits = word.trim_start_matches('+');
    digits.len() >= 3 && digits.chars().all(|c| c.is_ascii_digit())
}

/// Where a value that starts at `from` ends: at the piece end, or before "and"/"phone"/... .
fn value_end(said: &[String], from: usize, piece_end: usize) -> usize {
    (from..piece_end)
        .find(|i| {
            *i > from
                && (matches!(said[*i].as_str(), "and" | "please" | "then")
                    || PHONE_WORDS.contains(&said[*i].as_str())
                    || EMAIL_WORDS.contains(&said[*i].as_str()))
        })
        .unwrap_or(piece_end)
}
