//! A question put in a conversation (issue #30): "open the chat and ask them when order 5521
//! will arrive", "start a chat with support and ask whether it has shipped", "chat with support
//! and ask them why it is late".
//!
//! In: a clause (lead-ins stripped). Out, for a clause of that shape: three steps:
//! 1. a click on what opens the conversation, named by the clause's noun ("the chat", "the
//!    messenger"; the page's own word for it is found by `ui_synonyms`);
//! 2. the question typed into the message field that opened;
//! 3. a click on its Send control (a send, which the policy asks the person to confirm).
//!
//! The question is sent in the person's words, without the addressee ("them") or the
//! "whether" / "if" that introduced it. Any other clause: `None`.

use super::step::{RoleClass, Step, Target, target};

/// Words that join the opening to the question.
const ASKING: &[&str] = &[" and ask ", ", then ask ", " then ask ", ", ask "];
/// Verbs that open the conversation's window ("open the chat", "start a chat").
const OPENING: &[&str] = &["open", "start", "begin", "launch", "use"];
/// Verbs that are the conversation themselves ("chat with support").
const CONVERSING: &[&str] = &["chat", "talk"];
/// Words before the conversation's noun.
const ARTICLES: &[&str] = &["a", "an", "the", "your", "their", "my", "our"];
/// Who is asked: not part of the question.
const ADDRESSEES: &[&str] = &[
    "them",
    "him",
    "her",
    "support",
    "someone",
    "the agent",
    "the team",
    "the shop",
];
/// Words that introduce a reported question.
const INTRODUCERS: &[&str] = &["whether", "if"];

/// The steps of a question put in a conversation (see the module docs).
pub(super) fn parse(text: &str) -> Option<Vec<Step>> {
    let lower = text.to_lowercase();
    let (at, len) = ASKING
        .iter()
        .filter_map(|joiner| lower.find(joiner).map(|at| (at, joiner.len())))
        .min_by_key(|(at, _)| *at)?;
    let opener = opener(&text[..at])?;
    let question = question(&text[at + len..])?;
    Some(vec![
        Step::Click { target: opener },
        Step::Type {
            text: question,
            target: Some(Target::named("message", Some(RoleClass::Editable))),
        },
        Step::Click {
            target: Target::named("send", Some(RoleClass::Button)),
        },
    ])
}

/// What opens the conversation: the noun after an opening verb ("the chat"), or the
/// conversation a verb names ("chat with support" is the chat); "with …" names who answers.
fn opener(head: &str) -> Option<Target> {
    let head = head.trim().trim_end_matches(',');
    let (verb, rest) = head.split_once(' ').unwrap_or((head, ""));
    let verb = verb.to_lowercase();
    let noun = if OPENING.contains(&verb.as_str()) {
        let rest = rest.trim();
        let (first, after) = rest.split_once(' ').unwrap_or((rest, ""));
        if ARTICLES.contains(&first.to_lowercase().as_str()) {
            after
        } else {
            rest
        }
    } else if CONVERSING.contains(&verb.as_str()) {
        "chat"
    } else {
        return None;
    };
    let noun = match noun.to_lowercase().find(" with ") {
        Some(cut) => &noun[..cut],
        None => noun,
    };
    target(noun.trim())
}

/// The question as it is sent (see the module docs); `None` when nothing is asked.
fn question(tail: &str) -> Option<String> {
    let mut words = tail.trim().trim_end_matches(['.', '!']).trim();
    for leading in [ADDRESSEES, INTRODUCERS] {
        let lower = words.to_lowercase();
        if let Some(word) = leading.iter().find(|w| lower.starts_with(&format!("{w} "))) {
            words = words[word.len()..].trim_start();
        }
    }
    let mut chars = words.chars();
    let first = chars.next()?;
    let mut sent: String = first.to_uppercase().chain(chars).collect();
    if !sent.ends_with('?') {
        sent.push('?');
    }
    Some(sent)
}
