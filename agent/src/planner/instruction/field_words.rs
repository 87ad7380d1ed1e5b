//! The words of a sentence and the fields of a page with the words of their labels, and the
//! value a field can take from some words: shared by [`super::fields`] (fields named by their
//! labels) and [`super::kinds`] (values known by their kind).

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::matching::normalize;
use super::report::is_secret;
use super::step::{is_checkable, is_editable, is_select};

/// A word of the sentence.
#[derive(Debug)]
pub(super) struct Word {
    /// Byte range in the sentence, without the punctuation after it.
    pub start: usize,
    pub end: usize,
    /// Lower case, punctuation removed ("" for "the", "a", "an").
    pub norm: String,
    /// A piece ends after this word (",", ";", ":", ".", " - ").
    pub ends_piece: bool,
}

pub(super) fn words(text: &str) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    let mut at = 0;
    for piece in text.split_inclusive(char::is_whitespace) {
        let start = at;
        at += piece.len();
        let raw = piece.trim_end();
        if raw.is_empty() {
            continue;
        }
        if matches!(raw, "-" | "–" | "—" | ":") {
            if let Some(last) = out.last_mut() {
                last.ends_piece = true;
            }
            continue;
        }
        let kept = raw.trim_end_matches([',', ';', ':', '.', '?', '!']);
        let kept = if kept.is_empty() { raw } else { kept };
        out.push(Word {
            start,
            end: start + kept.len(),
            norm: normalize(kept),
            ends_piece: kept.len() < raw.len(),
        });
    }
    out
}

/// A field of the page and the words of its label and placeholder.
pub(super) struct Field<'s> {
    pub el: &'s Element,
    pub labels: Vec<Vec<String>>,
}

/// (The form's one multi-line field is also named by what it is for: "message: Do you ship to
/// Norway?" is the box labelled "How can we help?".)
pub(super) fn fields(snap: &Snapshot) -> Vec<Field<'_>> {
    let usable: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| {
            !el.disabled
                && !is_secret(el)
                && !is_checkable(el)
                && (is_editable(el) || is_select(el))
        })
        .collect();
    let multi_line = |el: &Element| is_editable(el) && el.tag != "input";
    let one_multi_line = usable.iter().filter(|el| multi_line(el)).count() == 1;
    usable
        .into_iter()
        .map(|el| {
            let mut labels: Vec<Vec<String>> = [Some(el.name.as_str()), el.placeholder.as_deref()]
                .into_iter()
                .flatten()
                .map(|text| normalize(text).split(' ').map(str::to_owned).collect())
                .filter(|words: &Vec<String>| words.iter().any(|w| !w.is_empty()))
                .collect();
            if one_multi_line && multi_line(el) {
                labels.extend(TEXT_NAMES.iter().map(|w| vec![(*w).to_owned()]));
            }
            Field { el, labels }
        })
        .collect()
}

/// Words that name a form's one multi-line field by what it is for.
const TEXT_NAMES: &[&str] = &[
    "message", "comment", "comments", "question", "enquiry", "inquiry",
];

/// The value `field` takes from these words, if it can take them.
pub(super) fn value_for(field: &Element, text: &str, words: &[Word]) -> Option<String> {
    let multi_line = field.tag == "textarea";
    // A value runs on past a piece's end only into a number ("Flat 2, 8 Mill Lane").
    let runs_on = words.windows(2).all(|pair| {
        !pair[0].ends_piece || multi_line || pair[1].norm.starts_with(|c: char| c.is_ascii_digit())
    });
    if !runs_on {
        return None;
    }
    let raw = text[words[0].start..words[words.len() - 1].end].trim();
    let raw = raw.trim_matches(|c: char| "\"'“”‘’".contains(c));
    if is_select(field) {
        return option_in(field, raw);
    }
    let one_word = !raw.contains(char::is_whitespace);
    match field.input_type.as_deref() {
        Some("email") => (one_word && raw.contains('@')).then(|| raw.to_owned()),
        Some("tel") => raw
            .chars()
            .all(|c| c.is_ascii_digit() || " +-()".contains(c))
            .then(|| raw.to_owned()),
        _ => Some(raw.to_owned()),
    }
}

/// The labels of a list's enabled options whose normalized words pass `keep`.
pub(super) fn options_where(list: &Element, keep: impl Fn(&str) -> bool) -> Vec<&str> {
    list.options
        .iter()
        .filter(|o| !o.disabled)
        .map(|o| o.label.as_str())
        .filter(|label| keep(&normalize(label)))
        .collect()
}

/// The one option of a list whose words the value holds (the longest, when one holds another).
fn option_in(list: &Element, value: &str) -> Option<String> {
    let said = format!(" {} ", normalize(value));
    let mut found = options_where(list, |words| {
        !words.is_empty() && said.contains(&format!(" {words} "))
    });
    found.sort_by_key(|label| std::cmp::Reverse(normalize(label).len()));
    match found.as_slice() {
        [] => None,
        [one] => Some((*one).to_owned()),
        [longest, next, ..] => (normalize(longest).len() > normalize(next).len()
            && normalize(longest).contains(&normalize(next)))
        .then(|| (*longest).to_owned()),
    }
}
