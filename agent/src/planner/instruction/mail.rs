//! Replying to and forwarding an item of an inbox or a feed: "find the email by Ada and reply
//! to them with the text "See you"", "forward the message from Cora to Hedy", "Forward to Hedy
//! the email from Cora", "reply to it saying "thanks"".
//!
//! In: one clause (lead-ins stripped). Out: the steps a person takes in a webmail: open the item
//! when the clause names one ([`super::items`]: "the email by Ada"; a pronoun means the item
//! already open), click the control named by the verb ("Reply", "Forward"), type the message
//! into the field that opened (a reply) or the recipient into its "to" field (a forward), and
//! click the send control. `None` when the clause is no such request: a bare name ("reply to
//! Priya: thanks") is left to [`super::verbs`], which finds the reply control on the person's
//! row.

use super::items::{described_item, is_item_noun};
use super::matching::lower_keeping_offsets;
use super::split::{first_word, split_at_first, split_at_last, strip_words, value};
use super::step::{RoleClass, Step, Target};

/// Words that stand for the item already found or open.
const PRONOUNS: &[&str] = &[
    "it",
    "them",
    "him",
    "her",
    "this",
    "that",
    "that email",
    "that message",
    "this email",
    "this message",
    "the sender",
    "the email",
    "the message",
];

/// Words between "reply" and the message ("with the text "…"").
const MESSAGE_LINKS: &[&str] = &["by saying", "by writing", "with", "saying", "writing"];

/// Nouns of the message itself, dropped before it ("the text", "the message").
const MESSAGE_NOUNS: &[&str] = &[
    "the text",
    "the message",
    "the words",
    "the reply",
    "a text",
    "a message",
    "text",
    "message",
];

/// The steps of a reply or forward request (see the module docs).
pub(super) fn parse(text: &str) -> Option<Vec<Step>> {
    let text = text.trim().trim_end_matches(['.', '!']).trim();
    // "find the email by Ada and reply to them …": the item first, then the request.
    if let Some((head, tail)) = split_at_first(text, &["and"]) {
        let (verb, rest) = first_word(&head);
        let item = match verb.as_str() {
            "find" | "open" | "locate" | "search" => item_of(rest),
            "look" => item_of(strip_words(rest, &["for", "up"])),
            _ => None,
        }?;
        let (verb, rest) = first_word(tail.trim());
        let mut steps = open(&item);
        steps.extend(request(&verb, rest, true)?);
        return Some(steps);
    }
    let (verb, rest) = first_word(text);
    request(&verb, rest, false)
}

/// Opening the item that shows `shown` (as "find the email by Ada" does).
fn open(shown: &Target) -> Vec<Step> {
    vec![
        Step::Reveal {
            target: shown.clone(),
        },
        Step::OpenItem {
            shown: shown.clone(),
        },
    ]
}

/// "reply to it with …" / "forward it to …" (`found`: an item was named before, so "send it to
/// X" forwards it).
fn request(verb: &str, rest: &str, found: bool) -> Option<Vec<Step>> {
    match verb {
        "reply" | "respond" | "answer" => reply(rest),
        "forward" => forward(rest),
        "delete" | "remove" | "trash" | "discard" | "erase" => delete(verb, rest),
        "send" if found => forward(rest),
        // "give Hedy the message you received from Cora": the recipient, then the item.
        "send" | "give" if !found && ditransitive(rest).is_some() => ditransitive(rest),
        "send" => {
            // "send the email from Cora to Hedy": only a described item is forwarded.
            let (object, _) = split_at_last(rest, &["to"])?;
            item_of(&object)?;
            forward(rest)
        }
        _ => None,
    }
}

/// Controls that do what a verb says under another name (an inbox's bin is "Trash").
const SAME_CONTROLS: &[(&str, &[&str])] = &[
    ("delete", &["delete", "trash", "remove", "bin"]),
    ("remove", &["remove", "delete", "trash"]),
    ("trash", &["trash", "delete", "remove"]),
    ("discard", &["discard", "delete", "trash"]),
    ("erase", &["delete", "trash", "remove"]),
];

/// The names of the controls that do what `verb` says.
pub(super) fn same_controls(verb: &str) -> Vec<String> {
    match SAME_CONTROLS.iter().find(|(v, _)| *v == verb) {
        Some((_, names)) => names.iter().map(|n| (*n).to_owned()).collect(),
        None => vec![verb.to_owned()],
    }
}

/// Verbs of the person who wrote an item ("the email that Ada wrote").
const WROTE: &[&str] = &["wrote", "sent", "posted", "shared"];

/// Most words of a recipient's name.
const MAX_RECIPIENT_WORDS: usize = 3;

/// "Hedy the email from Cora": the forward of the item to the words before it.
fn ditransitive(rest: &str) -> Option<Vec<Step>> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    (1..=MAX_RECIPIENT_WORDS.min(words.len().saturating_sub(1)))
        .find(|cut| item_of(&words[*cut..].join(" ")).is_some())?;
    forward(&format!("to {rest}"))
}

/// The target of a shown name of a few words ("Ada", "Ada Stone").
fn shown_name(words: &[&str]) -> Option<Target> {
    if words.is_empty() || words.len() > MAX_RECIPIENT_WORDS {
        return None;
    }
    let target = Target::parse(&words.join(" "));
    (!target.full.is_empty()).then_some(target)
}

/// The item a phrase describes: "the email by Ada" ([`described_item`]), "Ada's email", "the
/// email that Ada wrote", "the message you received from Ada", "Ada wrote an email in this
/// app", "the information Ada sent you" (whatever Ada sent is an item).
pub(super) fn item_of(phrase: &str) -> Option<Target> {
    let phrase = phrase.trim().trim_end_matches([',', '.', '!']);
    if let Some(item) = described_item(phrase) {
        return Some(item);
    }
    let words: Vec<&str> = phrase.split_whitespace().collect();
    let lower: Vec<String> = words
        .iter()
        .map(|w| w.to_lowercase().replace('-', "").replace('’', "'"))
        .collect();
    // "Ada's email"
    if let [.., owner, noun] = lower.as_slice()
        && is_item_noun(noun)
        && owner.len() > 2
        && owner.ends_with("'s")
    {
        let mut owner_words = words[..words.len() - 1].to_vec();
        let last = owner_words.pop()?;
        let bare = &last[..last.len()
            - last
                .chars()
                .rev()
                .take(2)
                .map(char::len_utf8)
                .sum::<usize>()];
        owner_words.push(bare);
        return shown_name(&owner_words);
    }
    // "Ada wrote an email in this app": the writer first.
    if let Some(verb) = lower.iter().position(|w| WROTE.contains(&w.as_str()))
        && lower
            .get(verb + 1)
            .is_some_and(|w| matches!(w.as_str(), "a" | "an" | "the"))
        && lower.get(verb + 2).is_some_and(|w| is_item_noun(w))
        && lower
            .get(verb + 3)
            .is_none_or(|w| matches!(w.as_str(), "in" | "on" | "to"))
    {
        return shown_name(&words[..verb]);
    }
    let at = usize::from(
        lower
            .first()
            .is_some_and(|w| matches!(w.as_str(), "the" | "a" | "an")),
    );
    // "the information Ada sent you": what someone sent the person is an item, whatever noun
    // names it.
    let sent_you = lower.len() >= at + 4
        && matches!(lower[lower.len() - 2].as_str(), "sent" | "wrote")
        && matches!(lower[lower.len() - 1].as_str(), "you" | "me" | "us")
        || lower.len() >= at + 5
            && matches!(lower[lower.len() - 3].as_str(), "sent" | "wrote")
            && lower[lower.len() - 2] == "to"
            && matches!(lower[lower.len() - 1].as_str(), "you" | "me" | "us");
    if !lower.get(at).is_some_and(|w| is_item_noun(w) || sent_you) {
        return None;
    }
    let start = at
        + 1
        + usize::from(
            lower
                .get(at + 1)
                .is_some_and(|w| w == "that" || w == "which"),
        );
    // "you received from Ada", "I got from Ada"
    if let [who, got, from, ..] = &lower[start.min(lower.len())..]
        && matches!(who.as_str(), "you" | "i" | "we")
        && matches!(got.as_str(), "received" | "got")
        && from == "from"
    {
        return shown_name(&words[start + 3..]);
    }
    // "that Ada wrote", "Ada sent (to) you", "Ada wrote in this app"
    let verb = (start + 1..lower.len()).find(|i| WROTE.contains(&lower[*i].as_str()))?;
    let tail_ok = lower
        .get(verb + 1)
        .is_none_or(|w| matches!(w.as_str(), "you" | "me" | "us" | "in" | "on" | "to"));
    if tail_ok {
        shown_name(&words[start..verb])
    } else {
        None
    }
}

/// The object of the request: none for a pronoun (the item open), else the described item to
/// open first; `None` when it is neither.
fn object(phrase: &str) -> Option<Vec<Step>> {
    let phrase = phrase.trim();
    if phrase.is_empty() || PRONOUNS.contains(&phrase.to_lowercase().as_str()) {
        return Some(Vec::new());
    }
    item_of(phrase).map(|item| open(&item))
}

/// "reply [to OBJECT] with the text "…"".
fn reply(rest: &str) -> Option<Vec<Step>> {
    let rest = strip_words(rest, &["back"]);
    let (object_words, message) = split_at_first(&format!(" {rest}"), MESSAGE_LINKS)?;
    let object_words = strip_words(object_words.trim(), &["to"]);
    let mut steps = object(object_words)?;
    let message = value(strip_words(message.trim(), MESSAGE_NOUNS));
    if message.is_empty() {
        return None;
    }
    steps.push(click("reply"));
    steps.push(Step::Type {
        text: message,
        target: None,
    });
    steps.push(click("send"));
    Some(steps)
}

/// "delete Ada's email (from the inbox)": the delete control of that one item (its row's
/// bin, or the one inside it once opened: see `verbs`). Several items are `every`'s.
fn delete(verb: &str, rest: &str) -> Option<Vec<Step>> {
    let rest = rest.trim();
    let lower = lower_keeping_offsets(rest);
    let object = ["from the ", "from my ", "from your "]
        .iter()
        .filter_map(|link| lower.rfind(link))
        .max()
        .filter(|at| lower[*at..].split_whitespace().count() == 3)
        .map_or(rest, |at| rest[..at].trim_end());
    let item = item_of(object)?;
    Some(vec![Step::Act {
        verbs: same_controls(verb),
        object: item,
        message: None,
        renames: false,
    }])
}

/// "forward OBJECT to NAME" or "forward to NAME OBJECT".
fn forward(rest: &str) -> Option<Vec<Step>> {
    let rest = rest.trim();
    let (object_words, recipient) = if lower_keeping_offsets(rest).starts_with("to ") {
        // "Forward to Hedy the email from Cora": the recipient is the words before the item.
        let words: Vec<&str> = rest[3..].split_whitespace().collect();
        (1..words.len())
            .map(|cut| (words[cut..].join(" "), words[..cut].join(" ")))
            .find(|(item, _)| item_of(item).is_some())?
    } else {
        split_at_last(rest, &["to"])?
    };
    let mut steps = object(&object_words)?;
    let recipient = value(&recipient);
    if recipient.is_empty() || recipient.split_whitespace().count() > 4 {
        return None;
    }
    steps.push(click("forward"));
    steps.push(Step::Type {
        text: recipient,
        target: Some(Target::named("to", Some(RoleClass::Editable))),
    });
    steps.push(click("send"));
    Some(steps)
}

/// A click on the control with that word in its name ("Reply", "↩ Reply", "send reply").
fn click(name: &str) -> Step {
    Step::Click {
        target: Target::named(name, None),
    }
}

#[cfg(test)]
#[path = "mail_tests.rs"]
mod tests;
