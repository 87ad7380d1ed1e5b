//! Splitting a message into instruction clauses, and finding quoted values.
//!
//! In: the person's message. Out: clause strings in order. Hard breaks: new lines, list
//! markers ("1.", "2)", "-", "*", "•"), and ";". Soft breaks — ",", "and", "then", and a
//! sentence end ". " — split only when what follows starts with a known verb or with "then"
//! (whatever verb comes after it), and never inside
//! quotes ('…', "…", “…”, ‘…’). `parse` later merges a soft-split piece back into the previous
//! clause when it does not parse on its own ("click Search and Select" stays one clause).

/// A clause: its text, and whether it was split off softly (may be merged back).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Clause {
    pub text: String,
    pub soft: bool,
    /// The original text between the previous clause and this one (", ", " and "), used when
    /// merging back.
    pub joiner: String,
}

/// Words that open an address ("open", "go to", "visit"), lower case.
const OPENING_WORDS: &[&str] = &[
    "open ",
    "go to ",
    "visit ",
    "navigate to ",
    "head to ",
    "load ",
    "over on ",
    "over at ",
];

/// Whether `piece` is only an address being opened ("open example.com/inbox"): whatever
/// follows it is a step of its own, known verb or not, so the address is always opened.
pub(crate) fn opens_address(piece: &str) -> bool {
    let lower = piece.trim().to_ascii_lowercase();
    let lower = lower.strip_prefix("please ").unwrap_or(&lower);
    OPENING_WORDS.iter().any(|word| {
        lower.strip_prefix(word).is_some_and(|rest| {
            let rest = rest.trim();
            !rest.is_empty()
                && !rest.contains(char::is_whitespace)
                && (rest.contains("://") || (rest.contains('.') && !rest.ends_with('.')))
        })
    })
}

/// Byte ranges `(open, close)` of quoted spans; `open` is the opening quote, `close` the byte
/// just after the closing quote.
pub(crate) fn quote_spans(text: &str) -> Vec<(usize, usize)> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (start, c) = chars[i];
        let closer = match c {
            '"' => '"',
            '\'' => '\'',
            '“' | '”' => '”',
            '‘' => '’',
            '«' => '»',
            _ => {
                i += 1;
                continue;
            }
        };
        // An opening quote starts a word; an apostrophe inside a word ("don't") is not one.
        let opens = i == 0 || {
            let prev = chars[i - 1].1;
            prev.is_whitespace() || "([{:,;=".contains(prev)
        };
        let close = opens
            .then(|| {
                (i + 1..chars.len()).find(|&j| {
                    let (_, cj) = chars[j];
                    let ends_word = chars
                        .get(j + 1)
                        .is_none_or(|(_, n)| n.is_whitespace() || ",.;:!?)]}".contains(*n));
                    (cj == closer || (closer == '”' && cj == '"')) && ends_word
                })
            })
            .flatten();
        match close {
            Some(j) => {
                let end = chars[j].0 + chars[j].1.len_utf8();
                spans.push((start, end));
                i = j + 1;
            }
            None => i += 1,
        }
    }
    spans
}

/// The inner text of the first quoted span of `text`, if any.
pub(crate) fn quoted_inner(text: &str) -> Option<String> {
    let (open, close) = *quote_spans(text).first()?;
    let inner = &text[open..close];
    let mut chars = inner.chars();
    chars.next();
    chars.next_back();
    Some(chars.as_str().to_owned())
}

/// When the whole of `text` (trimmed) is one quoted span, its inner text.
pub(crate) fn whole_quoted(text: &str) -> Option<String> {
    let text = text.trim();
    match quote_spans(text).as_slice() {
        [(0, end)] if *end == text.len() => quoted_inner(text),
        _ => None,
    }
}

fn in_quotes(spans: &[(usize, usize)], at: usize) -> bool {
    spans.iter().any(|(open, close)| at >= *open && at < *close)
}

/// Removes a leading list marker: "1.", "2)", "-", "*", "•", "+".
fn strip_list_marker(line: &str) -> &str {
    let trimmed = line.trim_start();
    for bullet in ["- ", "* ", "• ", "+ ", "– "] {
        if let Some(rest) = trimmed.strip_prefix(bullet) {
            return rest;
        }
    }
    let digits = trimmed.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && digits <= 3 {
        let rest = &trimmed[digits..];
        for mark in [". ", ") ", ": ", " - "] {
            if let Some(after) = rest.strip_prefix(mark) {
                return after;
            }
        }
    }
    trimmed
}

/// Splits the message into clauses (see module docs).
pub(crate) fn split_clauses(message: &str, starts_with_verb: impl Fn(&str) -> bool) -> Vec<Clause> {
    let mut clauses = Vec::new();
    for raw_line in message.lines() {
        let line = strip_list_marker(raw_line);
        let spans = quote_spans(line);
        let lower = line.to_ascii_lowercase();
        let mut piece_start = 0;
        let mut soft = false;
        let mut previous_end = 0;
        let mut push = |from: usize, to: usize, soft: bool, out: &mut Vec<Clause>| {
            let piece = &line[from..to];
            let text = piece.trim();
            if !text.is_empty() {
                let start = from + (piece.len() - piece.trim_start().len());
                out.push(Clause {
                    text: text.to_owned(),
                    soft,
                    joiner: line[previous_end.min(start)..start].to_owned(),
                });
                previous_end = start + text.len();
            }
        };
        let mut at = 0;
        while at < line.len() {
            let Some(c) = line[at..].chars().next() else {
                break;
            };
            let next = at + c.len_utf8();
            if in_quotes(&spans, at) {
                at = next;
                continue;
            }
            let (sep_end, hard) = match c {
                ';' => (Some(next), true),
                ',' => (Some(next), false),
                '.' | '!' | '?' if line[next..].starts_with(char::is_whitespace) => {
                    (Some(next), false)
                }
                ' ' => {
                    let word_end = ["and then ", "then ", "and "]
                        .iter()
                        .find(|w| lower[next..].starts_with(**w))
                        .map(|w| next + w.len());
                    (word_end, false)
                }
                _ => (None, false),
            };
            if let Some(end) = sep_end
                && (hard
                    || starts_with_verb(&line[end..])
                    || opens_address(&line[piece_start..at])
                    || then_follows(&lower[at..]))
            {
                push(piece_start, at, soft, &mut clauses);
                piece_start = end;
                soft = !hard;
                at = end;
                continue;
            }
            at = next;
        }
        push(piece_start, line.len(), soft, &mut clauses);
    }
    clauses
}

/// Whether a separator (at the start of `lower`) is followed by "then": "Duplicate Q3
/// campaign, then rename the copy" is two steps whatever the second verb is, so splitting
/// never depends on knowing it.
fn then_follows(lower: &str) -> bool {
    let rest = lower.trim_start_matches([',', ' ']);
    ["then ", "and then "].iter().any(|w| rest.starts_with(w))
}

/// The first word (lower case, trailing punctuation dropped) and the rest.
pub(super) fn first_word(text: &str) -> (String, &str) {
    let text = text.trim_start();
    let end = text
        .find(|c: char| c.is_whitespace() || c == ':')
        .unwrap_or(text.len());
    let word = text[..end]
        .trim_end_matches(['.', '!', ',', ';'])
        .to_ascii_lowercase();
    (word, text[end..].trim_start_matches(':').trim_start())
}

/// A value as written: quotes removed when the whole value is quoted, trailing "." dropped.
pub(super) fn value(text: &str) -> String {
    let text = text.trim();
    if let Some(inner) = whole_quoted(text) {
        return inner;
    }
    text.trim_end_matches(['.', '!']).trim().to_owned()
}

/// Finds the last ` word ` outside quotes; returns `(before, after)`.
pub(super) fn split_at_last(text: &str, words: &[&str]) -> Option<(String, String)> {
    split_at(text, words, true)
}

pub(super) fn split_at_first(text: &str, words: &[&str]) -> Option<(String, String)> {
    split_at(text, words, false)
}

fn split_at(text: &str, words: &[&str], last: bool) -> Option<(String, String)> {
    let spans = quote_spans(text);
    let lower = text.to_ascii_lowercase();
    for word in words {
        let needle = format!(" {word} ");
        let mut hits = lower
            .match_indices(&needle)
            .map(|(i, _)| i)
            .filter(|i| !spans.iter().any(|(open, close)| *i >= *open && *i < *close));
        let hit = if last { hits.last() } else { hits.next() };
        if let Some(i) = hit {
            return Some((text[..i].to_owned(), text[i + needle.len()..].to_owned()));
        }
    }
    None
}

/// `text` without any of the leading words `prefixes` (repeatedly, case-insensitive).
pub(super) fn strip_words<'t>(text: &'t str, prefixes: &[&str]) -> &'t str {
    let mut rest = text.trim();
    let mut changed = true;
    while changed {
        changed = false;
        for p in prefixes {
            let lower = rest.to_ascii_lowercase();
            if lower.starts_with(p) && lower[p.len()..].starts_with(' ') {
                rest = rest[p.len()..].trim_start();
                changed = true;
            }
        }
    }
    rest
}
