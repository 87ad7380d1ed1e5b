//! Clauses that hold several steps of one kind.
//!
//! In: the clause's verb (lower case) and the words after it. Out: the steps, or `None` when the
//! clause is not compound (the single-step parser takes it then).
//! - Pairs of value and field: `fill in "kim" as the user name and "pw7" as the password`,
//!   `enter 3 for Adults, 2 for Children`, `fill Name with Ada and City with Paris`.
//! - One value for several fields: `write hello in both boxes`.
//! - Values described by their kind: `enter the username "kim" and the password "pw7" into the
//!   text fields` (each goes into the field its kind names, else into the field at its place).
//! - Lists of names to select: `select Ann, Bob and click Submit` (like ticking a list; a
//!   list whose options they are is not meant: "select A from Colours" names its list).
//! - Several fields set at once: `set the date to 4 July 2025 and the time to 9:30 am`.
//! - Lists of boxes: `tick Red, Blue and Green` (one [`Step::CheckPart`] per item; when the
//!   whole phrase is one element's name, such as "Terms and Conditions", only that is ticked).

use super::described::described;
use super::matching::normalize;
use super::split::{quote_spans, split_at_last, whole_quoted};
use super::step::{Ordinal, RoleClass, Step, Target};

const TYPE_VERBS: &[&str] = &["type", "enter", "input", "write", "put", "insert", "fill"];
const CHECK_VERBS: &[(&str, bool)] = &[
    ("check", true),
    ("tick", true),
    ("mark", true),
    ("uncheck", false),
    ("untick", false),
    ("unmark", false),
];

const SELECT_VERBS: &[&str] = &["select", "choose", "pick"];

/// The steps of a compound clause, if it is one.
pub(crate) fn parse(verb: &str, rest: &str) -> Option<Vec<Step>> {
    let rest = rest.trim().trim_end_matches(['.', '!']);
    if TYPE_VERBS.contains(&verb) {
        let rest = if verb == "fill" {
            strip_first(rest, &["in ", "out ", "up "])
        } else {
            rest
        };
        return several_fields(rest)
            .or_else(|| described_values(rest))
            .or_else(|| pairs(rest, verb == "fill"));
    }
    if verb == "set" {
        return set_pairs(rest);
    }
    if SELECT_VERBS.contains(&verb) {
        return chosen_names(rest);
    }
    let (_, on) = CHECK_VERBS.iter().find(|(v, _)| *v == verb)?;
    let items = split_list(rest);
    if items.len() < 2 {
        return None;
    }
    Some(list_parts(&items, rest, *on))
}

/// One [`Step::CheckPart`] per item of the list `whole`.
pub(super) fn list_parts(items: &[String], whole: &str, on: bool) -> Vec<Step> {
    let whole = Target::parse(whole);
    items
        .iter()
        .enumerate()
        .map(|(i, item)| Step::CheckPart {
            target: Target::parse(item),
            whole: whole.clone(),
            on,
            first: i == 0,
        })
        .collect()
}

fn strip_first<'t>(text: &'t str, prefixes: &[&str]) -> &'t str {
    let lower = text.to_ascii_lowercase();
    prefixes
        .iter()
        .find(|p| lower.starts_with(**p))
        .map_or(text, |p| text[p.len()..].trim_start())
}

/// The value without quotes.
fn value(text: &str) -> String {
    let text = text.trim();
    whole_quoted(text).unwrap_or_else(|| text.to_owned())
}

/// `X in both boxes` / `X into all three fields`.
fn several_fields(rest: &str) -> Option<Vec<Step>> {
    let lower = rest.to_ascii_lowercase();
    let spans = quote_spans(rest);
    for (marker, count) in [
        (" in both ", 2),
        (" into both ", 2),
        (" in all three ", 3),
        (" into all three ", 3),
        (" in all two ", 2),
    ] {
        let Some(at) = lower.rfind(marker) else {
            continue;
        };
        if spans.iter().any(|(open, close)| at >= *open && at < *close) {
            continue;
        }
        let text = described(&rest[..at]).map_or_else(|| value(&rest[..at]), |d| d.value);
        let kind = lower[at + marker.len()..].trim();
        let role = match kind.trim_end_matches('s') {
            "checkboxe" | "checkbox" => return None,
            _ => RoleClass::Editable,
        };
        return Some(
            (1..=count)
                .map(|n| Step::Type {
                    text: text.clone(),
                    target: Some(Target {
                        phrase: format!("{kind} ({n})"),
                        name: String::new(),
                        full: String::new(),
                        role: Some(role),
                        ordinal: Some(Ordinal::Nth(n)),
                        optional: false,
                        position: None,
                        any: false,
                        icon: false,
                    }),
                })
                .collect(),
        );
    }
    None
}

/// `the username "kim" and the password "pw7" [into the text fields]`: two or more quoted
/// values, each with the words that say what it is.
fn described_values(rest: &str) -> Option<Vec<Step>> {
    let (values, fields) =
        split_at_last(rest, &["into", "in"]).unwrap_or_else(|| (rest.to_owned(), String::new()));
    let items = split_list(&values);
    if items.len() < 2 {
        return None;
    }
    let role = role_of_plural(&fields).unwrap_or(RoleClass::Editable);
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let (text, kind) = match (described(item), whole_quoted(item)) {
                (Some(d), _) => (d.value, d.kind),
                (None, Some(inner)) => (inner, String::new()),
                (None, None) => return None,
            };
            let target = if kind.is_empty() {
                Target {
                    phrase: format!("field {}", i + 1),
                    name: String::new(),
                    full: String::new(),
                    role: Some(role),
                    ordinal: Some(Ordinal::Nth(i + 1)),
                    optional: false,
                    position: None,
                    any: false,
                    icon: false,
                }
            } else {
                Target {
                    position: Some(i + 1),
                    ..Target::named(&kind, Some(role))
                }
            };
            Some(Step::Type {
                text,
                target: Some(target),
            })
        })
        .collect()
}

/// The kind a plural (or singular) phrase names: "the text fields" → editable.
fn role_of_plural(phrase: &str) -> Option<RoleClass> {
    let words = normalize(phrase);
    let singular = words
        .strip_suffix("boxes")
        .map(|stem| format!("{stem}box"))
        .or_else(|| words.strip_suffix('s').map(str::to_owned))
        .unwrap_or(words);
    Target::parse(&singular).role
}

/// `select Ann, Bob and Cy`: two or more names to tick or choose, with no list named.
fn chosen_names(rest: &str) -> Option<Vec<Step>> {
    // "select March 3, 2021 as the date", "pick Red, Blue from Colours": one value, or options
    // of a named list.
    if contains_word(rest, &["as", "from", "in", "on", "for", "with", "to"]) {
        return None;
    }
    let items = split_list(rest);
    if items.len() < 2 || items.iter().any(|item| item.split_whitespace().count() > 4) {
        return None;
    }
    Some(list_parts(&items, rest, true))
}

/// `V as F and V2 as F2` (or `for`, `in`, `into`); with `fill`, also `F with V and F2 with V2`.
fn pairs(rest: &str, fill: bool) -> Option<Vec<Step>> {
    let items = split_list(rest);
    // "March 3rd, 2021 as the start date": a value with commas in it is one pair.
    let pairs_up =
        |item: &str| value_then_field(item).is_some() || fill && field_then_value(item).is_some();
    let items = if items.len() > 1 && !pairs_up(&items[0]) {
        vec![rest.to_owned()]
    } else {
        items
    };
    let mut steps = Vec::with_capacity(items.len());
    for item in &items {
        let step =
            value_then_field(item).or_else(|| fill.then(|| field_then_value(item)).flatten())?;
        steps.push(step);
    }
    // A single "V in F" is the single-step parser's; a single "V as F" is understood here.
    let single_plain = items.len() == 1 && !contains_word(&items[0], &["as", "for"]);
    (!steps.is_empty() && !single_plain).then_some(steps)
}

/// `set F to V and F2 to V2` (two or more pairs).
fn set_pairs(rest: &str) -> Option<Vec<Step>> {
    let items = split_list(rest);
    if items.len() < 2 {
        return None;
    }
    items
        .iter()
        .map(|item| {
            let (field, text) = split_word(item, &["to", "as"])?;
            let target = Target::parse(field);
            let value = value(text);
            (!value.is_empty() && !target.full.is_empty()).then_some(Step::Set { target, value })
        })
        .collect()
}

fn contains_word(text: &str, words: &[&str]) -> bool {
    let spans = quote_spans(text);
    let lower = text.to_ascii_lowercase();
    words.iter().any(|w| {
        lower
            .match_indices(&format!(" {w} "))
            .any(|(i, _)| !spans.iter().any(|(o, c)| i >= *o && i < *c))
    })
}

/// Splits at the first ` word ` outside quotes (words in order of preference).
fn split_word<'t>(text: &'t str, words: &[&str]) -> Option<(&'t str, &'t str)> {
    let spans = quote_spans(text);
    let lower = text.to_ascii_lowercase();
    words.iter().find_map(|w| {
        let needle = format!(" {w} ");
        lower
            .match_indices(&needle)
            .map(|(i, _)| i)
            .find(|i| !spans.iter().any(|(o, c)| *i >= *o && *i < *c))
            .map(|i| (&text[..i], &text[i + needle.len()..]))
    })
}

fn value_then_field(item: &str) -> Option<Step> {
    let (text, field) = split_word(item, &["as", "for", "into", "in"])?;
    let text = value(text);
    let target = Target::parse(field);
    if text.is_empty() || target.full.is_empty() {
        return None;
    }
    Some(Step::Type {
        text,
        target: Some(target),
    })
}

fn field_then_value(item: &str) -> Option<Step> {
    let (field, text) = split_word(item, &["with"])?;
    let target = Target::parse(field);
    let text = value(text);
    if text.is_empty() || target.full.is_empty() {
        return None;
    }
    Some(Step::Set {
        target,
        value: text,
    })
}

/// Splits "A, B and C" / "A and B" / "A & B" outside quotes into trimmed items.
pub(crate) fn split_list(text: &str) -> Vec<String> {
    let spans = quote_spans(text);
    let lower = text.to_ascii_lowercase();
    let mut items = Vec::new();
    let mut start = 0;
    let mut at = 0;
    while at < text.len() {
        let inside = spans.iter().any(|(o, c)| at >= *o && at < *c);
        let separator = if inside {
            None
        } else {
            [", and ", ", ", " and ", " & "]
                .iter()
                .find(|s| lower[at..].starts_with(**s))
        };
        match separator {
            Some(s) => {
                items.push(text[start..at].trim().to_owned());
                at += s.len();
                start = at;
            }
            None => {
                at += text[at..].chars().next().map_or(1, char::len_utf8);
            }
        }
    }
    items.push(text[start..].trim().to_owned());
    items.retain(|i| !i.is_empty());
    items
}

#[cfg(test)]
mod tests {
    use super::split_list;

    #[test]
    fn lists_split_outside_quotes() {
        assert_eq!(split_list("Red, Blue and Green"), ["Red", "Blue", "Green"]);
        assert_eq!(
            split_list("\"Salt, fine\" and Pepper"),
            ["\"Salt, fine\"", "Pepper"]
        );
        assert_eq!(split_list("Terms"), ["Terms"]);
    }
}
