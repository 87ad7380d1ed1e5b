//! Fields named in a sentence: "First name Lena, last name Fischer, email lena@x.example",
//! "enter the address manually: line 1 Flat 2, 8 Mill Lane, town Hebden Bridge, postcode HX7
//! 8AD".
//!
//! In ([`instead`]): a clause and what the other phrasings made of it. A clause of at least
//! three pieces (split at ",", ";", ":", " - " or a sentence end) that the other phrasings
//! could not place (nothing, an unknown verb, or text for no named field) becomes
//! [`Step::Fields`]. Which words name fields is only known on the page, so the sentence is
//! read there ([`decide`], a sweep):
//! - A mention is a run of words, at the start of a piece (or after "and"), that are all words
//!   of one field's label or placeholder (a word matches a longer or shorter form of it of at
//!   least 4 letters: "heard" / "hear"), with at least one word that is not a small word or a
//!   number. The field whose label covers most words wins, then the one whose label has the
//!   larger share covered; an equal match between two fields asks which one is meant.
//! - A mention's value is the text after it (and after "is", "=", ":" or "-") up to the next
//!   mention. It runs on past a comma only into a piece that starts with a number ("Flat 2, 8
//!   Mill Lane") or into a multi-line field. An email field takes one word with "@", a phone
//!   field digits, a list the option whose words the value holds.
//! - Words before the first mention are the control that opens the form ("enter the address
//!   manually" → the "Enter address manually" button), clicked first, or polite words.
//! - Any other words (a piece that names no field, a value a field cannot take) stop the step
//!   before it acts: they are quoted as not understood, never dropped.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, act};
use super::field_words::{Field, Word, fields, value_for, words};
use super::kinds;
use super::locate::ask_which;
use super::matching::{self, normalize};
use super::progress::{StepAnswer, StepState};
use super::report::describe;
use super::resolve::{Intent, Resolution, resolve};
use super::split::{quote_spans, value};
use super::step::{Step, Target, is_editable, is_select, target};
use super::verb_phrases::starts_phrase;
use super::verbs::starts_phrasal;
use crate::action::Action;

/// Words that never make a mention alone (they may stand inside one).
const SMALL: &[&str] = &[
    "or", "and", "of", "to", "your", "my", "you", "did", "how", "this", "about", "is", "in", "for",
    "on", "it", "what", "do", "optional", "please", "select", "enter", "e", "g", "we", "our",
    "with", "at", "by", "are",
];
/// Words between a mention and its value.
const LINKING: &[&str] = &["is", "are", "="];
/// Words that join two mentions ("first name Priya and last name Nair").
const JOINERS: &[&str] = &["and", "then", "plus"];
/// Words that may stand before the first mention without naming a control.
const POLITE: &[&str] = &[
    "please",
    "pls",
    "ok",
    "so",
    "now",
    "then",
    "and",
    "also",
    "just",
    "here",
    "are",
    "is",
    "my",
    "details",
    "the",
    "these",
    "following",
    "use",
    "with",
];

/// The [`Step::Fields`] for a clause the other phrasings could not place (see module docs).
/// (`starts_with_verb`: whether words start with a verb of the vocabulary.)
pub(super) fn instead(
    clause: &str,
    parsed: Vec<Step>,
    starts_with_verb: impl Fn(&str) -> bool,
) -> Vec<Step> {
    let weak = match parsed.as_slice() {
        [] => true,
        // (An unknown verb with a message, "reply to Ann: thanks, …", is placed.)
        [
            Step::Act {
                message: None,
                renames: false,
                ..
            }
            | Step::Prose { .. },
        ] => true,
        [Step::Type { target: None, .. }] => true,
        // "First name Tom, last name Berg, …, message: Do you ship?": a list of fields whose
        // last value follows a colon, not a message to a thing named by the list.
        [
            Step::Act {
                message: Some(_),
                object,
                ..
            },
        ] => object.phrase.matches(", ").count() >= 2,
        _ => false,
    };
    // ("Departure: Vienna. Arrival: Athens" is not a message to "departure".)
    let one_act = matches!(parsed.as_slice(), [Step::Act { .. }]);
    if (weak || one_act)
        && let Some(steps) = colon_pairs(clause)
    {
        return steps;
    }
    if (weak || one_act)
        && let Some(steps) = colon_pair(clause, starts_with_verb)
    {
        return steps;
    }
    // "Pay 45.50 to Northside Energy from my everyday account": values known by their kind.
    if (weak || matches!(parsed.as_slice(), [Step::Click { .. }])) && kinds::reads(clause) {
        return vec![Step::Fields {
            text: clause.trim().to_owned(),
        }];
    }
    if !weak {
        return parsed;
    }
    if pieces(clause) >= 3 {
        vec![Step::Fields {
            text: clause.trim().to_owned(),
        }]
    } else {
        parsed
    }
}

/// "Departure: Vienna. Arrival: Athens.": every piece is a field's name, a colon and a value,
/// so each is a [`Step::Set`] (the element's kind then decides how it is set). `None` unless
/// the clause has at least two such pieces and nothing before the first.
fn colon_pairs(clause: &str) -> Option<Vec<Step>> {
    let quotes = quote_spans(clause);
    let quoted = |at: usize| quotes.iter().any(|(open, close)| at > *open && at < *close);
    let colons: Vec<usize> = clause
        .match_indices(": ")
        .map(|(at, _)| at)
        .filter(|at| !quoted(*at))
        .collect();
    if colons.len() < 2 {
        return None;
    }
    // Where the name before each colon starts: after the last piece end before it.
    let mut starts = Vec::new();
    let mut from = 0;
    for &colon in &colons {
        let before = &clause[from..colon];
        let start = [", ", ". ", "; ", " - "]
            .iter()
            .filter_map(|sep| before.rfind(sep).map(|at| from + at + sep.len()))
            .max()
            .unwrap_or(from);
        if from > 0 && start == from {
            return None;
        }
        starts.push(start);
        from = colon + 1;
    }
    if !clause[..starts[0]].trim().is_empty() {
        return None;
    }
    let mut steps = Vec::new();
    for (n, (&start, &colon)) in starts.iter().zip(&colons).enumerate() {
        let name = clause[start..colon].trim();
        let end = starts.get(n + 1).map_or(clause.len(), |next| *next);
        let said = clause[colon + 1..end]
            .trim()
            .trim_end_matches([',', ';', '-'])
            .trim();
        let field = target(name)?;
        let said = value(said);
        if name.split_whitespace().count() > 4 || said.is_empty() {
            return None;
        }
        steps.push(Step::Set {
            target: field,
            value: said,
        });
    }
    Some(steps)
}

/// "Email: ada@byron.test" (one clause of a ";"-separated list, or alone): a field's name of at
/// most four words that is not a verb, one colon, a value.
fn colon_pair(clause: &str, starts_with_verb: impl Fn(&str) -> bool) -> Option<Vec<Step>> {
    let (name, said) = clause.split_once(": ")?;
    let name = name.trim();
    let said = value(said.trim().trim_end_matches(['.', ';']).trim());
    let one_piece = !name.contains([',', ';', '.', ':']) && !said.contains(": ");
    let words = name.split_whitespace().count();
    // ("Reply to Priya: thanks" is a verb's message.)
    let verb = starts_with_verb(name) || starts_phrase(name) || starts_phrasal(name);
    (one_piece && (1..=4).contains(&words) && !said.is_empty() && !verb)
        .then(|| target(name))
        .flatten()
        .map(|field| {
            vec![Step::Set {
                target: field,
                value: said,
            }]
        })
}

/// How many pieces the clause has (outside quotes).
fn pieces(clause: &str) -> usize {
    let quotes = quote_spans(clause);
    let quoted = |at: usize| quotes.iter().any(|(open, close)| at > *open && at < *close);
    let mut count = 1;
    let bytes = clause.as_bytes();
    for (at, c) in clause.char_indices() {
        let next_is_space = bytes.get(at + 1).is_none_or(|b| b.is_ascii_whitespace());
        let separates = match c {
            ',' | ';' | ':' => next_is_space,
            '.' | '?' | '!' => next_is_space && at + 1 < clause.len(),
            '-' | '–' => at > 0 && bytes[at - 1].is_ascii_whitespace() && next_is_space,
            _ => false,
        };
        if separates && !quoted(at) && at + 1 < clause.trim_end().len() {
            count += 1;
        }
    }
    count
}

/// Whether a word of the sentence is a word of a label.
fn same_word(said: &str, label: &str) -> bool {
    said == label
        || (said.len().min(label.len()) >= 4
            && (said.starts_with(label) || label.starts_with(said)))
}

fn is_small(word: &str) -> bool {
    word.is_empty() || SMALL.contains(&word) || word.chars().all(|c| c.is_ascii_digit())
}

/// How well a run of words starting at `at` names a field: (words, share of the label).
fn mention_len(words: &[Word], at: usize, label: &[String]) -> Option<(usize, f64)> {
    let mut len = 0;
    let mut used = Vec::new();
    while let Some(word) = words.get(at + len) {
        // ("e-mail" is the words "e mail".)
        let found: Option<Vec<usize>> = word
            .norm
            .split(' ')
            .map(|part| label.iter().position(|l| same_word(part, l)))
            .collect();
        let Some(found) = found.filter(|_| !word.norm.is_empty()) else {
            break;
        };
        used.extend(found);
        len += 1;
        if word.ends_piece {
            break;
        }
    }
    let content = (at..at + len).any(|i| words[i].norm.split(' ').any(|part| !is_small(part)));
    used.sort_unstable();
    used.dedup();
    (len > 0 && content).then(|| (len, used.len() as f64 / label.len() as f64))
}

/// The fields a mention at `at` names best, and its length (several fields: an equal match).
fn mention<'f, 's>(
    words: &[Word],
    at: usize,
    fields: &'f [Field<'s>],
) -> Option<(usize, Vec<&'f Field<'s>>)> {
    let mut best: Option<((usize, f64), Vec<&Field<'_>>)> = None;
    for field in fields {
        let Some(score) = field
            .labels
            .iter()
            .filter_map(|label| mention_len(words, at, label))
            .max_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)))
        else {
            continue;
        };
        match &mut best {
            Some((top, tied)) if *top == score => tied.push(field),
            Some((top, _)) if (top.0, top.1) > (score.0, score.1) => {}
            _ => best = Some((score, vec![field])),
        }
    }
    best.map(|((len, _), tied)| (len, tied))
}

/// A piece of the sentence may start a mention at word `at`.
fn starts_piece(words: &[Word], at: usize) -> bool {
    at == 0 || words[at - 1].ends_piece || JOINERS.contains(&words[at - 1].norm.as_str())
}

/// What the sentence asks of this page.
#[derive(Debug, Default)]
struct Plan<'s> {
    /// The control that opens the form.
    opening: Option<&'s Element>,
    /// Each field with its value, in the sentence's order.
    values: Vec<(&'s Element, String)>,
    /// Words that name two fields equally, with those fields.
    unsure: Option<(String, Vec<&'s Element>)>,
    /// Words that could not be placed.
    unplaced: Vec<String>,
}

fn plan<'s>(text: &str, snap: &'s Snapshot, state: &StepState) -> Plan<'s> {
    let words = words(text);
    let fields = fields(snap);
    let mut plan = Plan::default();
    // The mentions: (first word, words, fields).
    let mut mentions = Vec::new();
    let mut at = 0;
    while at < words.len() {
        // (Words right after a mention are its value: "question: can you deliver …" is not
        // a second mention of the field labelled "How can we help?".)
        let follows_mention = mentions
            .last()
            .is_some_and(|(_, end, _): &(usize, usize, _)| *end == at);
        if starts_piece(&words, at) && !follows_mention {
            let mut first = at;
            while words
                .get(first)
                .is_some_and(|w| w.norm.is_empty() || ["my", "your"].contains(&w.norm.as_str()))
            {
                first += 1;
            }
            if let Some((len, tied)) = mention(&words, first, &fields) {
                mentions.push((at, first + len, tied));
                at = first + len;
                continue;
            }
        }
        at += 1;
    }
    let head_end = mentions.first().map_or(words.len(), |m| m.0);
    // The first piece may name the control that shows the fields ("enter the address
    // manually: line 1 …"): clicked first, before the fields it shows can be read.
    let first_piece = words
        .iter()
        .position(|w| w.ends_piece)
        .map_or(head_end, |end| (end + 1).min(head_end));
    let opened = state
        .acted
        .first()
        .filter(|el| !is_editable(el) && !is_select(el));
    if first_piece > 0 && opened.is_none() {
        let phrase = &text[words[0].start..words[first_piece - 1].end];
        if let Some(el) = control(snap, phrase) {
            plan.opening = Some(el);
            return plan;
        }
    }
    if mentions.is_empty() {
        plan.unplaced.push(text.to_owned());
        return plan;
    }
    let head = &words[..head_end];
    if head
        .iter()
        .any(|w| !POLITE.contains(&w.norm.as_str()) && !w.norm.is_empty())
        && opened.is_none()
    {
        let phrase = &text[head[0].start..head[head.len() - 1].end];
        match control(snap, phrase) {
            Some(el) => plan.opening = Some(el),
            None => plan.unplaced.push(phrase.to_owned()),
        }
    }
    for (n, (_, after, tied)) in mentions.iter().enumerate() {
        let end = mentions.get(n + 1).map_or(words.len(), |next| next.0);
        let mut first = *after;
        while words
            .get(first)
            .is_some_and(|w| LINKING.contains(&w.norm.as_str()))
            && first + 1 < end
        {
            first += 1;
        }
        let mut last = end;
        while last > first && JOINERS.contains(&words[last - 1].norm.as_str()) {
            last -= 1;
        }
        let named = &text[words[mentions[n].0].start..words[after - 1].end];
        if last == first {
            plan.unplaced.push(named.to_owned());
            continue;
        }
        let field = match tied.as_slice() {
            [one] => one.el,
            many => {
                let chosen = match &state.answer {
                    Some(StepAnswer::Choice(eid)) => many.iter().find(|f| f.el.eid.as_str() == eid),
                    _ => None,
                };
                match chosen {
                    Some(field) => field.el,
                    None => {
                        plan.unsure.get_or_insert_with(|| {
                            (named.to_owned(), many.iter().map(|f| f.el).collect())
                        });
                        continue;
                    }
                }
            }
        };
        let value_words = &words[first..last];
        match value_for(field, text, value_words) {
            Some(value) => plan.values.push((field, value)),
            None => plan
                .unplaced
                .push(text[words[first].start..words[last - 1].end].to_owned()),
        }
    }
    plan
}

/// The control (not a field) that `phrase` names, every word of it.
fn control<'s>(snap: &'s Snapshot, phrase: &str) -> Option<&'s Element> {
    let target = Target::parse(phrase);
    match resolve(snap, &target, Intent::Click) {
        Resolution::Found(el)
            if !is_editable(el)
                && !is_select(el)
                && matching::quality(&target.full, &normalize(&el.name)) >= matching::WORDS =>
        {
            Some(el)
        }
        _ => None,
    }
}

/// What the sweep does next.
pub(super) enum Next<'s> {
    Decided(Decision),
    /// Set this field to this value (as a `set` step would).
    Set(&'s Element, String),
}

/// The sweep's next decision (see the module docs).
pub(super) fn decide<'s>(
    text: &str,
    snap: &'s Snapshot,
    state: &StepState,
) -> Result<Next<'s>, Decision> {
    let verb = kinds::sending_verb(text);
    if let Some(verb) = &verb
        && kinds::sent(state)
    {
        return Ok(Next::Decided(kinds::confirm(verb, snap, state)));
    }
    let mut plan = plan(text, snap, state);
    // Words no label places: their kinds may ("45.50", "from my everyday account").
    let mut sends = None;
    if plan.opening.is_none() && (!plan.unplaced.is_empty() || kinds::reads(text)) {
        let reading = kinds::read(text, snap);
        if !reading.values.is_empty() && (reading.unplaced.is_empty() || kinds::reads(text)) {
            sends = verb.filter(|_| reading.sends);
            plan = Plan {
                values: reading.values,
                unplaced: reading.unplaced,
                ..Plan::default()
            };
        }
    }
    let acted = |el: &Element| {
        state
            .acted
            .iter()
            .any(|done| done.eid == el.eid && done.name == el.name)
    };
    if let Some(opening) = plan.opening {
        return Ok(Next::Decided(act(
            Action::Click {
                eid: opening.eid.clone(),
            },
            format!("click {}", describe(opening)),
        )));
    }
    if !plan.unplaced.is_empty() {
        let words: Vec<String> = plan.unplaced.iter().map(|w| format!("\"{w}\"")).collect();
        return Err(Decision::Stop {
            reason: Some(format!(
                "Stopped: I could not place {} in \"{text}\": no field of this page takes it, \
                 so I did not act on a guess.",
                words.join(" and ")
            )),
        });
    }
    if let Some((named, candidates)) = &plan.unsure {
        return Err(ask_which(state, named, candidates));
    }
    // A field that already holds its value needs nothing.
    let holds = |el: &Element, value: &str| {
        el.value.as_deref() == Some(value)
            || el.options.iter().any(|o| o.selected && o.label == value)
    };
    match plan
        .values
        .iter()
        .find(|(el, value)| !acted(el) && !holds(el, value))
    {
        Some((el, value)) => Ok(Next::Set(el, value.clone())),
        None => Ok(Next::Decided(
            sends
                .and_then(|verb| kinds::send(&verb, &plan.values, snap))
                .unwrap_or_else(|| Decision::Skip {
                    note: format!("filled in {} fields", plan.values.len()),
                }),
        )),
    }
}
