//! The facts a brief gives, copied verbatim: prices, opening hours, phone, e-mail, address,
//! social handles and services. Each extractor is a pure function of the text; what it cannot
//! find stays empty, and the pages show a placeholder for it instead.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::vocab::{self, Words};

/// An item and its price, both as written ("custom birthday cakes", "from £35").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PriceFact {
    pub item: String,
    pub price: String,
}

/// Everything the brief states about the business.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Facts {
    #[serde(default)]
    pub prices: Vec<PriceFact>,
    #[serde(default)]
    pub hours: Vec<String>,
    #[serde(default)]
    pub phone: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub address: Option<String>,
    #[serde(default)]
    pub social: Vec<String>,
    #[serde(default)]
    pub services: Vec<String>,
}

impl Facts {
    pub fn is_empty(&self) -> bool {
        self.prices.is_empty()
            && self.hours.is_empty()
            && self.phone.is_none()
            && self.email.is_none()
            && self.address.is_none()
            && self.social.is_empty()
            && self.services.is_empty()
    }
}

/// All the facts of `text`.
pub fn facts(text: &str) -> Facts {
    Facts {
        prices: prices(text),
        hours: hours(text),
        phone: phone(text),
        email: email(text),
        address: address(text),
        social: social(text),
        services: services(text),
    }
}

const CLAUSE_ENDS: &[char] = &[',', ';', ':', '(', ')', '!', '?', '\n', '+'];

/// Prices in pounds, euros or dollars with the item each one is for.
pub fn prices(text: &str) -> Vec<PriceFact> {
    let mut found = Vec::new();
    let mut previous_end = 0;
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    let mut index = 0;
    while index < bytes.len() {
        let (at, c) = bytes[index];
        if !matches!(c, '£' | '€' | '$') {
            index += 1;
            continue;
        }
        let digits_start = at + c.len_utf8();
        let digits_len = text[digits_start..]
            .char_indices()
            .take_while(|(i, d)| {
                d.is_ascii_digit()
                    || ((*d == '.' || *d == ',') && following_digit(text, digits_start + i))
            })
            .map(|(i, d)| i + d.len_utf8())
            .last()
            .unwrap_or(0);
        if digits_len == 0 {
            index += 1;
            continue;
        }
        let mut end = digits_start + digits_len;
        // "…Asylum. £22 per player.": a price that opens a sentence is for the unit after it.
        let opens = text[previous_end..at]
            .trim_end()
            .ends_with(['.', '!', '?', '\n'])
            || text[previous_end..at].trim().is_empty();
        if opens && let Some(unit) = per_unit(&text[end..]) {
            let unit_end = end + 1 + unit.len();
            found.push(PriceFact {
                item: unit,
                price: text[at..end].to_owned(),
            });
            previous_end = unit_end;
            index = bytes
                .iter()
                .position(|(i, _)| *i >= unit_end)
                .unwrap_or(bytes.len());
            continue;
        }
        for suffix in [
            " a night",
            " per night",
            " an hour",
            " per hour",
            " per person",
            " pp",
            " each",
            " per session",
            " a month",
            " per month",
            " a day",
            " per day",
            " a week",
            " per week",
            "/night",
            "/hour",
            "/hr",
            "/day",
            "/week",
            "/month",
            "/session",
        ] {
            if text[end..]
                .get(..suffix.len())
                .is_some_and(|s| s.eq_ignore_ascii_case(suffix))
            {
                end += suffix.len();
                break;
            }
        }
        let mut start = at;
        let before = &text[previous_end..at];
        let lower_before = before.to_ascii_lowercase();
        if lower_before.trim_end().ends_with("from") {
            start = previous_end + lower_before.trim_end().len() - 4;
        }
        let price = text[start..end].trim().to_owned();
        let item = item_after(&text[end..]).or_else(|| item_before(&text[previous_end..start]));
        if let Some(item) = item {
            found.push(PriceFact { item, price });
        }
        previous_end = end;
        index = bytes
            .iter()
            .position(|(i, _)| *i >= end)
            .unwrap_or(bytes.len());
    }
    found
}

/// " per player", " per car": the unit right after a price.
fn per_unit(after: &str) -> Option<String> {
    let rest = after.strip_prefix(" per ")?;
    let word: String = rest.chars().take_while(|c| c.is_alphabetic()).collect();
    (!word.is_empty()).then(|| format!("per {word}"))
}

fn following_digit(text: &str, at: usize) -> bool {
    text[at + 1..]
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_digit())
}

/// The item named just before a price: the end of the clause, without "are", "from", "is"…
fn item_before(before: &str) -> Option<String> {
    let before = before.trim_end().trim_end_matches('(').trim_end();
    let clause_start = before
        .rfind(|c| CLAUSE_ENDS.contains(&c))
        .map_or(0, |i| i + 1);
    let clause_start = before[clause_start..]
        .rfind(". ")
        .map_or(clause_start, |i| clause_start + i + 2);
    let mut clause = before[clause_start..].trim();
    let lower = format!("{} ", clause.to_lowercase());
    for verb in [
        " are ",
        " is ",
        " do ",
        " include ",
        " includes ",
        " costs ",
        " start at",
        " starts at",
        " start from",
        " starts from",
    ] {
        if let Some(i) = lower.rfind(verb) {
            let rest = clause.get(i + verb.len()..).unwrap_or_default().trim();
            clause = if rest.is_empty() {
                clause.get(..i).unwrap_or(clause).trim()
            } else {
                rest
            };
            break;
        }
    }
    let clause = strip_words(
        clause,
        &[
            "and", "from", "at", "for", "-", "–", "=", "only", "just", "we", "do", "our",
        ],
    );
    let words = clause.split_whitespace().count();
    (words > 0 && words <= 6).then(|| clause.to_owned())
}

/// "£30 for an hour": the item after a price.
fn item_after(after: &str) -> Option<String> {
    let rest = after.trim_start().strip_prefix("for ")?;
    let end = rest
        .find(|c| CLAUSE_ENDS.contains(&c) || c == '.')
        .unwrap_or(rest.len());
    let item = rest[..end].trim();
    let item = item.strip_prefix("the ").unwrap_or(item);
    (!item.is_empty() && item.split_whitespace().count() <= 6).then(|| item.to_owned())
}

/// `text` without leading or trailing words from `words` (case-insensitive).
fn strip_words<'a>(mut text: &'a str, words: &[&str]) -> &'a str {
    loop {
        let trimmed = text.trim();
        let lower = trimmed.to_ascii_lowercase();
        let cut = words.iter().find_map(|word| {
            if lower.starts_with(&format!("{word} ")) {
                Some((word.len() + 1, 0))
            } else if lower.ends_with(&format!(" {word}")) || lower == *word {
                Some((0, word.len()))
            } else {
                None
            }
        });
        match cut {
            Some((front, back)) => text = trimmed[front..trimmed.len() - back].trim(),
            None => return trimmed,
        }
    }
}

const DAYS: &[&str] = &[
    "mon",
    "monday",
    "mondays",
    "tue",
    "tues",
    "tuesday",
    "tuesdays",
    "wed",
    "weds",
    "wednesday",
    "wednesdays",
    "thu",
    "thur",
    "thurs",
    "thursday",
    "thursdays",
    "fri",
    "friday",
    "fridays",
    "sat",
    "saturday",
    "saturdays",
    "sun",
    "sunday",
    "sundays",
    "weekdays",
    "weekends",
    "daily",
    "everyday",
];

fn is_day(word: &str) -> bool {
    word.split(['-', '/'])
        .all(|part| DAYS.contains(&part) || part.is_empty())
        && word.split(['-', '/']).any(|part| DAYS.contains(&part))
}

/// Opening hours as written: clauses that name a day with a time or a range of days.
pub fn hours(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for clause in clauses(text, true) {
        let words = Words::new(clause);
        let Some(first_day) = (0..words.lower.len()).find(|&i| is_day(&words.lower[i])) else {
            continue;
        };
        let start = if first_day > 0
            && matches!(words.lower[first_day - 1].as_str(), "closed" | "closes")
        {
            first_day - 1
        } else {
            first_day
        };
        let rest = &words.lower[first_day..];
        let timed = rest
            .iter()
            .any(|w| w.chars().next().is_some_and(|c| c.is_ascii_digit()));
        let ranged = rest.iter().any(|w| is_day(w) && w.contains(['-', '/']))
            || words.lower.get(first_day + 1).is_some_and(|w| w == "to");
        let kind = rest.iter().any(|w| {
            ["evenings", "mornings", "afternoons", "lunch", "closed"].contains(&w.as_str())
        }) || start != first_day;
        if !(timed || ranged || kind) {
            continue;
        }
        let from = words.spans[start].0;
        let value = clause[from..].trim().trim_end_matches('.').trim();
        if !value.is_empty() && value.split_whitespace().count() <= 8 {
            found.push(value.to_owned());
        }
    }
    found
}

/// The text split into clauses at punctuation (and at " and " when `and` is set); a full stop
/// ends a clause only when followed by a space, so "8.30am" stays whole.
fn clauses(text: &str, and: bool) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (index, (at, c)) in chars.iter().enumerate() {
        // A full stop or colon ends a clause only before a space: "8.30am", "5:30" stay whole.
        let spaced = chars.get(index + 1).is_none_or(|(_, n)| n.is_whitespace());
        let stop = (CLAUSE_ENDS.contains(c) && *c != ':') || ((*c == '.' || *c == ':') && spaced);
        if stop {
            out.push(&text[start..*at]);
            start = at + c.len_utf8();
        }
    }
    out.push(&text[start..]);
    if and {
        out = out
            .into_iter()
            .flat_map(|clause| clause.split(" and "))
            .collect();
    }
    out.into_iter()
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect()
}

/// A UK-style phone number as written ("0114 496 0321", "+44 7700 900123").
pub fn phone(text: &str) -> Option<String> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (index, (at, c)) in chars.iter().enumerate() {
        let starts = (*c == '0' || *c == '+')
            && index
                .checked_sub(1)
                .is_none_or(|p| !chars[p].1.is_alphanumeric());
        if !starts {
            continue;
        }
        let mut end = *at;
        let mut digits = 0;
        for (i, d) in &chars[index..] {
            if d.is_ascii_digit() {
                digits += 1;
                end = i + 1;
            } else if (*d == ' ' || *d == '-' || (*d == '+' && *i == *at)) && digits < 13 {
                continue;
            } else {
                break;
            }
        }
        if (10..=13).contains(&digits) {
            return Some(text[*at..end].to_owned());
        }
    }
    None
}

/// The first e-mail address.
pub fn email(text: &str) -> Option<String> {
    text.split(|c: char| c.is_whitespace() || ",;()<>".contains(c))
        .map(|word| word.trim_end_matches(['.', '!', '?']))
        .find(|word| {
            word.split_once('@').is_some_and(|(user, domain)| {
                !user.is_empty() && domain.contains('.') && !domain.starts_with('.')
            })
        })
        .map(str::to_owned)
}

/// Social handles ("@studioninehair").
pub fn social(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || ",;()".contains(c))
        .map(|word| word.trim_end_matches(['.', '!', '?']))
        .filter(|word| {
            word.len() > 2
                && word.starts_with('@')
                && word[1..]
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '.')
        })
        .map(str::to_owned)
        .collect()
}

const STREET_WORDS: &[&str] = &[
    "road", "rd", "street", "st", "lane", "ln", "terrace", "avenue", "ave", "way", "close",
    "place", "square", "hill", "row", "parade", "crescent", "drive", "court", "gardens", "green",
    "walk", "mews", "yard", "quay", "market", "park",
];

/// A street address: a house number, words ending in a street word, and the town and postcode
/// after it when they follow with a comma or a space.
pub fn address(text: &str) -> Option<String> {
    let words = Words::new(text);
    for (index, word) in words.lower.iter().enumerate() {
        if !word.chars().next().is_some_and(|c| c.is_ascii_digit()) || word.len() > 4 {
            continue;
        }
        let street = (index + 1..(index + 5).min(words.lower.len()))
            .take_while(|i| words.joined(i - 1))
            .find(|i| STREET_WORDS.contains(&words.lower[*i].as_str()));
        let Some(street) = street else { continue };
        let mut end = words.spans[street].1;
        // ", Leicester LE1 6XY" or ", S7 1FA": up to the postcode when there is one.
        let rest = &text[end..];
        let tail_end = rest.find(['.', ')', ';', '\n']).unwrap_or(rest.len());
        let tail = &rest[..tail_end];
        if let Some(postcode_end) = postcode_end(tail) {
            end += postcode_end;
        }
        return Some(text[words.spans[index].0..end].trim().to_owned());
    }
    None
}

/// Where a UK postcode in `tail` ends, if `tail` holds one within a few words.
fn postcode_end(tail: &str) -> Option<usize> {
    let tokens: Vec<(usize, &str)> = tail
        .split_whitespace()
        .map(|t| {
            (
                t.as_ptr() as usize - tail.as_ptr() as usize,
                t.trim_matches(','),
            )
        })
        .collect();
    for pair in tokens.windows(2).take(4) {
        let (outward, inward) = (pair[0].1, pair[1].1);
        let outward_ok = outward.len() <= 4
            && outward
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_uppercase())
            && outward.chars().any(|c| c.is_ascii_digit())
            && outward
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
        let inward_ok = inward.len() == 3
            && inward.chars().next().is_some_and(|c| c.is_ascii_digit())
            && inward[1..].chars().all(|c| c.is_ascii_uppercase());
        if outward_ok && inward_ok {
            return Some(pair[1].0 + inward.len());
        }
    }
    None
}

/// Services the brief lists: comma lists of short items (three or more, or after a section
/// word like "Services:" or "Treatments ("), without prices, days or the names of sections.
pub fn services(text: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for list in lists(text) {
        let items: Vec<String> = list
            .iter()
            .map(|item| strip_lead(item))
            .filter(|item| !item.is_empty())
            .collect();
        let sectiony = items
            .iter()
            .filter(|item| !vocab::named_sections(item).is_empty())
            .count();
        let short = items
            .iter()
            .filter(|item| (1..=4).contains(&item.split_whitespace().count()))
            .count();
        if sectiony * 2 >= items.len() || short < 3.min(items.len()) || short < 2 {
            continue;
        }
        for item in items {
            let words = Words::new(&item);
            let short = (1..=4).contains(&item.split_whitespace().count());
            let timed = words.lower.iter().any(|w| is_day(w));
            let numeric = item.chars().next().is_some_and(|c| c.is_ascii_digit());
            if short
                && !timed
                && !numeric
                && !item.contains(['£', '€', '$', '@'])
                && !found.contains(&item)
            {
                found.push(item);
            }
        }
    }
    found
}

/// Comma lists in `text`: parenthesised ones and sentences with three or more items; "a and b"
/// at the end splits into two.
fn lists(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut outside = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        outside.push_str(&rest[..open]);
        let Some(close) = rest[open..].find(')') else {
            break;
        };
        let inner = &rest[open + 1..open + close];
        let owner = rest[..open]
            .split_whitespace()
            .last()
            .unwrap_or_default()
            .to_lowercase();
        let formish = ["form", "request", "booking", "consultation", "details"]
            .iter()
            .any(|w| owner.contains(w));
        if inner.contains(',') && split_items(inner).len() >= 3 && !formish {
            out.push(split_items(inner));
        }
        outside.push(' ');
        rest = &rest[open + close + 1..];
    }
    outside.push_str(rest);
    // Sentences end at a full stop before a space, so "£13.50" stays whole.
    let sentences: Vec<&str> = outside
        .split(". ")
        .flat_map(|s| s.split(['!', '?', '\n', ';']))
        .map(|s| s.trim_end_matches('.'))
        .collect();
    for sentence in sentences {
        let items = split_items(sentence);
        if items.len() >= 3 {
            out.push(items);
        } else if let Some((lead, list)) = sentence.split_once(':')
            && vocab::kind_of_label(lead).is_some()
            && list.contains(',')
        {
            out.push(split_items(list));
        }
    }
    out
}

fn split_items(text: &str) -> Vec<String> {
    let text = text.rsplit_once(':').map_or(text, |(_, list)| list);
    let mut items: Vec<String> = text.split(',').map(|i| i.trim().to_owned()).collect();
    if let Some(last) = items.pop() {
        let last = last.strip_prefix("and ").unwrap_or(&last).to_owned();
        match last.rsplit_once(" and ") {
            Some((a, b)) if !items.is_empty() => {
                items.push(a.trim().to_owned());
                items.push(b.trim().to_owned());
            }
            _ => items.push(last),
        }
    }
    items.retain(|i| !i.is_empty());
    items
}

/// An item without the words that lead into a list ("I treat", "we do", "do").
fn strip_lead(item: &str) -> String {
    let lower = item.to_ascii_lowercase();
    for lead in [
        "i treat ",
        "we treat ",
        "we do ",
        "i do ",
        "we offer ",
        "i offer ",
        "we sell ",
        "i teach ",
        "we make ",
        "do ",
        "offering ",
        "including ",
    ] {
        if lower.starts_with(lead) {
            return item[lead.len()..].trim().to_owned();
        }
    }
    item.trim().to_owned()
}

#[cfg(test)]
#[path = "facts_tests.rs"]
mod tests;
