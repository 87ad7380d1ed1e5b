//! Controls people name with another word than the page (issue #30): "the cookie options" is
//! "Manage options" in a cookie banner, "Cookie settings" or "Privacy preferences" elsewhere;
//! "the chat" is the "Open messenger" launcher; "send it off" is a form's "Submit". A small set of UI synonyms, kept as data.
//!
//! In: a target that names no element, and the snapshot. Out: the one element that a variant
//! of the target names: each word replaced by a word of its group, and a topic word (cookie,
//! privacy) left out when the page itself speaks of that topic (the control sits in its banner
//! or dialog). Several elements: all of them (the caller asks which). None: `NotFound`.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::matching::normalize;
use super::resolve::{Intent, Resolution, resolve};
use super::step::Target;

/// Words that name the same kind of control.
const GROUPS: &[&[&str]] = &[
    &["options", "settings", "preferences", "choices"],
    &["option", "setting", "preference", "choice"],
    &["chat", "messenger", "live chat", "support chat"],
    &["customise", "customize", "manage"],
    &["send", "submit"],
    &["all", "everything"],
];

/// Words that name what a banner or dialog is about, not the control in it.
const TOPICS: &[&str] = &["cookie", "cookies", "privacy", "consent", "tracking"];

/// Most variants tried for one target.
const MOST: usize = 24;

/// The element(s) a variant of `target` names (see the module docs).
pub(super) fn resolve_variant<'s>(
    snap: &'s Snapshot,
    target: &Target,
    intent: Intent,
) -> Resolution<'s> {
    let mut found: Vec<&'s Element> = Vec::new();
    for variant in variants(&target.full, snap) {
        let phrase = Target {
            name: variant.clone(),
            full: variant,
            ..target.clone()
        };
        match resolve(snap, &phrase, intent) {
            Resolution::Found(el) => found.push(el),
            Resolution::Ambiguous(_) | Resolution::NotFound => {}
        }
    }
    found.sort_by(|a, b| a.eid.as_str().cmp(b.eid.as_str()));
    found.dedup_by(|a, b| a.eid == b.eid);
    match found.as_slice() {
        [] => Resolution::NotFound,
        [one] => Resolution::Found(one),
        _ => Resolution::Ambiguous(found),
    }
}

/// The variants of a normalized phrase: synonyms swapped in, topic words the page speaks of
/// left out. Never the phrase itself.
fn variants(phrase: &str, snap: &Snapshot) -> Vec<String> {
    let page_speaks_of = |topic: &str| {
        snap.texts
            .iter()
            .any(|t| normalize(&t.text).split(' ').any(|w| w.starts_with(topic)))
    };
    let words: Vec<&str> = phrase.split(' ').filter(|w| !w.is_empty()).collect();
    let mut out: Vec<Vec<String>> = vec![Vec::new()];
    for word in &words {
        let mut choices: Vec<Option<String>> = vec![Some((*word).to_owned())];
        if let Some(group) = GROUPS.iter().find(|g| g.contains(word)) {
            choices.extend(
                group
                    .iter()
                    .filter(|w| *w != word)
                    .map(|w| Some((*w).to_owned())),
            );
        }
        if TOPICS.contains(word) && words.len() > 1 && page_speaks_of(word.trim_end_matches('s')) {
            choices.push(None);
        }
        out = out
            .into_iter()
            .flat_map(|head| {
                choices.iter().map(move |choice| {
                    let mut next = head.clone();
                    next.extend(choice.clone());
                    next
                })
            })
            .take(MOST)
            .collect();
    }
    out.into_iter()
        .map(|words| words.join(" "))
        .filter(|v| !v.is_empty() && v != phrase)
        .collect()
}

#[cfg(test)]
#[path = "ui_synonyms_tests.rs"]
mod tests;
