//! Items named by likeness of meaning: "select words similar to mild and huge", "tick the
//! synonyms of fast", "pick the options that mean angry".
//!
//! In: the clause (parse) or a named word and the page (decide). Out: one [`Step::Similar`] per
//! named word; for a word, the decision that ticks the next candidate box whose label means the
//! same, a skip once each such box shows as asked, or a question.
//!
//! Likeness is read from a real English thesaurus (`tandem_lexicon`: Moby and WordNet), never
//! from a word list of our own. A box's label is like the word when it is the word (plural or
//! not), else when the thesaurus lists them as synonyms: every such box is meant. Only when
//! no label is either, a label that shares a synonym with the word is meant, and only when one
//! label alone does (two such labels, or none: the person is asked).

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::compound::split_list;
use super::decision::{Decision, check};
use super::locate::{ask_again, ask_which};
use super::matching::normalize;
use super::progress::{StepAnswer, StepState};
use super::resolve::by_eid;
use super::split::whole_quoted;
use super::step::{Step, is_checkable};

/// Verbs that tick (`true`) or untick boxes.
const VERBS: &[(&str, bool)] = &[
    ("select", true),
    ("choose", true),
    ("pick", true),
    ("check", true),
    ("tick", true),
    ("mark", true),
    ("click", true),
    ("deselect", false),
    ("uncheck", false),
    ("untick", false),
    ("unmark", false),
];

/// Nouns for the things chosen ("the words similar to …").
const NOUNS: &[&str] = &[
    "words",
    "word",
    "items",
    "item",
    "options",
    "option",
    "ones",
    "one",
    "terms",
    "term",
    "boxes",
    "checkboxes",
    "entries",
    "answers",
    "choices",
    "names",
    "labels",
    "adjectives",
    "nouns",
    "verbs",
    "things",
];

/// What says "like in meaning"; `true` when it needs a noun before it ("words like X", but
/// "select like" is a control's name).
const MARKERS: &[(&str, bool)] = &[
    ("similar in meaning to ", false),
    ("close in meaning to ", false),
    ("similar to ", false),
    ("synonymous with ", false),
    ("with the same meaning as ", false),
    ("that mean the same as ", false),
    ("that means the same as ", false),
    ("meaning the same as ", false),
    ("that mean ", true),
    ("that means ", true),
    ("which mean ", true),
    ("meaning ", true),
    ("like ", true),
];

/// Lead-ins before the likeness ("the synonyms of X", "similar words to X").
const LEADS: &[&str] = &[
    "synonyms of ",
    "synonyms for ",
    "a synonym of ",
    "a synonym for ",
    "synonym of ",
    "synonym for ",
    "similar words to ",
    "similar words for ",
];

/// The steps of a clause that chooses by likeness of meaning, if it is one.
pub(crate) fn parse(text: &str) -> Option<Vec<Step>> {
    let text = text.trim().trim_end_matches(['.', '!']);
    let (verb, rest) = text.split_once(char::is_whitespace)?;
    let verb = verb.to_ascii_lowercase();
    let (_, on) = VERBS.iter().find(|(v, _)| *v == verb)?;
    let words = named_words(rest.trim())?;
    Some(
        words
            .iter()
            .map(|word| Step::Similar {
                word: word.clone(),
                others: words.iter().filter(|w| *w != word).cloned().collect(),
                on: *on,
            })
            .collect(),
    )
}

/// The words after the likeness marker, one per item of the list.
fn named_words(rest: &str) -> Option<Vec<String>> {
    let mut at = 0;
    let lower = rest.to_ascii_lowercase();
    for lead in [
        "on ",
        "all of the ",
        "all the ",
        "all ",
        "every ",
        "any ",
        "the ",
    ] {
        if lower[at..].starts_with(lead) {
            at += lead.len();
        }
    }
    let after_lead = LEADS.iter().find(|l| lower[at..].starts_with(**l));
    let list_at = match after_lead {
        Some(lead) => at + lead.len(),
        None => {
            let noun = NOUNS
                .iter()
                .find(|n| lower[at..].starts_with(&format!("{n} ")))
                .map(|n| n.len() + 1);
            let mut at = at + noun.unwrap_or(0);
            for filler in ["that are ", "which are ", "that is ", "which is "] {
                if lower[at..].starts_with(filler) {
                    at += filler.len();
                }
            }
            let (marker, needs_noun) = MARKERS.iter().find(|(m, _)| lower[at..].starts_with(*m))?;
            if *needs_noun && noun.is_none() {
                return None;
            }
            at + marker.len()
        }
    };
    let items = split_list(&rest[list_at..]);
    let words: Vec<String> = items
        .iter()
        .map(|item| {
            let item = item.trim().trim_matches(['.', ',', ';']);
            whole_quoted(item).unwrap_or_else(|| item.to_owned())
        })
        .collect();
    let plain = |w: &String| {
        let n = w.split_whitespace().count();
        (1..=3).contains(&n)
    };
    (!words.is_empty() && words.iter().all(plain)).then_some(words)
}

/// How close a label is to the word in meaning (higher is closer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Likeness {
    None,
    /// They share a synonym.
    Near,
    /// The thesaurus lists them as synonyms.
    Synonym,
    /// The same word (or its plural).
    Same,
}

/// The forms a word may be listed under: itself and, for a plural, its singular.
fn forms(word: &str) -> Vec<String> {
    let word = word.to_lowercase();
    let mut out = vec![word.clone()];
    if let Some(stem) = word.strip_suffix("ies") {
        out.push(format!("{stem}y"));
    }
    if let Some(stem) = word.strip_suffix("es") {
        out.push(stem.to_owned());
    }
    if let Some(stem) = word.strip_suffix('s') {
        out.push(stem.to_owned());
    }
    out
}

fn synonyms(word: &str) -> Vec<&'static str> {
    forms(word)
        .iter()
        .flat_map(|form| tandem_lexicon::synonyms(form))
        .collect()
}

/// How close `label` (a few words at most) is to `word` in meaning.
fn likeness(word: &str, label: &str) -> Likeness {
    let tokens: Vec<&str> = label
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\''))
        .filter(|t| !t.is_empty())
        .collect();
    if tokens.is_empty() || tokens.len() > 3 {
        return Likeness::None;
    }
    let word = word.to_lowercase();
    let whole = tokens.join(" ").to_lowercase();
    if forms(&word).iter().any(|w| forms(&whole).contains(w)) {
        return Likeness::Same;
    }
    let word_synonyms = synonyms(&word);
    let mut best = Likeness::None;
    for token in tokens {
        if forms(token)
            .iter()
            .any(|form| word_synonyms.contains(&form.as_str()))
        {
            return Likeness::Synonym;
        }
        let token_synonyms = synonyms(token);
        if token_synonyms.iter().any(|s| word_synonyms.contains(s)) {
            best = Likeness::Near;
        }
    }
    best
}

/// The boxes whose labels are like `word` (see the module docs); `Err` with the tied boxes
/// when only shared synonyms link several. A label closer to another word of the same list
/// (`others`) is that word's, not this one's.
fn meant<'s>(
    word: &str,
    others: &[String],
    boxes: &[&'s Element],
) -> Result<Vec<&'s Element>, Vec<&'s Element>> {
    let scored: Vec<(Likeness, &Element)> = boxes
        .iter()
        .map(|el| {
            let own = likeness(word, &el.name);
            let theirs = others.iter().map(|o| likeness(o, &el.name)).max();
            let own = if theirs.is_some_and(|t| t > own) {
                Likeness::None
            } else {
                own
            };
            (own, *el)
        })
        .collect();
    let best = scored
        .iter()
        .map(|(l, _)| *l)
        .max()
        .unwrap_or(Likeness::None);
    match best {
        Likeness::None => Ok(Vec::new()),
        Likeness::Same | Likeness::Synonym => Ok(scored
            .into_iter()
            .filter(|(l, _)| *l >= Likeness::Synonym)
            .map(|(_, el)| el)
            .collect()),
        Likeness::Near => {
            let near: Vec<&Element> = scored
                .into_iter()
                .filter(|(l, _)| *l == Likeness::Near)
                .map(|(_, el)| el)
                .collect();
            if near.len() == 1 { Ok(near) } else { Err(near) }
        }
    }
}

/// Ticks (`on`) or unticks the next box like `word` in meaning (see the module docs).
pub(crate) fn decide(
    word: &str,
    others: &[String],
    on: bool,
    snap: &Snapshot,
    state: &StepState,
) -> Decision {
    let boxes: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| is_checkable(el) && !el.disabled && !el.name.trim().is_empty())
        .collect();
    // The person's pick: a box offered, or one named by its label.
    let picked = match &state.answer {
        Some(StepAnswer::Choice(eid)) => by_eid(snap, eid),
        Some(StepAnswer::Text(text)) => by_eid(snap, text).or_else(|| {
            let text = normalize(text);
            boxes.iter().copied().find(|el| normalize(&el.name) == text)
        }),
        Some(StepAnswer::Option(_)) | None => None,
    };
    if let Some(el) = picked {
        return check(el, on);
    }
    let phrase = format!("something similar to \"{word}\"");
    match meant(word, others, &boxes) {
        Ok(found) if found.is_empty() && boxes.is_empty() => ask_again(
            state,
            format!("I can't find a choice on this page to match \"{word}\"."),
        ),
        // No label is like the word: the person picks among the boxes.
        Ok(found) if found.is_empty() => ask_which(state, &phrase, &boxes),
        // A box this step already ticked counts as done (a custom box may not show its state).
        Ok(found) => match found
            .iter()
            .find(|el| el.checked != Some(on) && !state.acted_on(el))
        {
            Some(el) => check(el, on),
            None => {
                let names: Vec<String> =
                    found.iter().map(|el| format!("\"{}\"", el.name)).collect();
                let state_word = if on { "checked" } else { "unchecked" };
                Decision::Skip {
                    note: format!("{} like \"{word}\": {state_word}", names.join(", ")),
                }
            }
        },
        Err(tied) => ask_which(state, &phrase, &tied),
    }
}

#[cfg(test)]
#[path = "likeness_tests.rs"]
mod tests;
