//! Verb phrases that say a known step in other words (issue #30): "over on example.com, …"
//! (open it), "show the comments" (the control that shows them), "mark all my notifications as
//! read" (the page's "Mark all as read"), "I don't want push notifications any more, but do send
//! me the weekly summary" (switches off and on).
//!
//! In: one clause, lead-ins stripped. Out: its steps, or `None` when the clause is not one of
//! these phrasings (the other parsers then try it). Nothing here guesses: each phrasing maps to
//! a step whose target must be found on the page, or the run stops and says so.

use super::phrases::{address_or_link, every_box, names_a_thing};
use super::split::{first_word, strip_words, value};
use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::matching::{lower_keeping_offsets, normalize};
use super::resolve::{Intent, Resolution, resolve};
use super::step::{Question, Step, Target, is_editable, target};

/// Words before an address that mean "go there": "over on example.com", "over at …".
const OVER: &[&str] = &["over on", "over at", "over to"];

/// How people say they no longer want something the page can switch off.
const UNWANTED: &[&str] = &[
    "i don't want",
    "i dont want",
    "i do not want",
    "i no longer want",
    "i don't need",
    "i do not need",
    "i no longer need",
    "stop sending me",
    "no more",
];

/// How people say they do want something the page can switch on.
const WANTED: &[&str] = &[
    "do send me",
    "please send me",
    "send me",
    "i do want",
    "i want",
    "i'd like",
    "keep sending me",
];

/// How people open a verdict on what they read ("say it was helpful").
const VERDICT: &[&str] = &[
    "say it was",
    "say that it was",
    "say this was",
    "tell them it was",
];

/// Words after the thing that only say "from now on".
const FROM_NOW_ON: &[&str] = &["any more", "anymore", "any longer", "from now on", "please"];

/// The steps of a clause said as one of the phrasings above.
pub(super) fn parse(text: &str) -> Option<Vec<Step>> {
    let text = text.trim().trim_end_matches(['.', '!']);
    if let Some(rest) = after_any(text, OVER) {
        return address_or_link(rest).map(|step| vec![step]);
    }
    if let Some(steps) = switch_list(text).or_else(|| keep(text)) {
        return Some(steps);
    }
    if let Some(step) = use_field(text) {
        return Some(vec![step]);
    }
    if let Some(step) = note_saying(text) {
        return Some(vec![step]);
    }
    if let Some(steps) = into_basket(text) {
        return Some(steps);
    }
    if let Some(steps) = add_to_list(text) {
        return Some(steps);
    }
    if let Some(step) = verdict(text) {
        return Some(vec![step]);
    }
    if let Some(step) = mark_all(text).or_else(|| super::scroll_box::read_to_end(text)) {
        return Some(vec![step]);
    }
    if let Some(steps) = wishes(text) {
        return Some(steps);
    }
    show(text).map(|step| vec![step])
}

/// Names pages give the control that puts a thing in a place people name otherwise: "add Mum
/// to my favourites" is the row's "Star" (or "Favourite") control.
pub(super) fn controls_for_place(place: &str) -> Vec<String> {
    let favourites = ["favourites", "favorites", "favs", "starred"];
    let words: Vec<&str> = place.split(' ').collect();
    if words.iter().any(|w| favourites.contains(w)) {
        return ["star", "favourite", "favorite"]
            .iter()
            .map(|c| (*c).to_owned())
            .collect();
    }
    Vec::new()
}

/// Verbs of actions on things that the step vocabulary does not list but people join with
/// "and" or a comma ("switch to the weekly digest and update my preferences"). They only split
/// a message; their meaning comes from the page (`verbs`). A split piece that means nothing
/// alone is joined back (`parse`).
const ACTION_VERBS: &[&str] = &[
    "accept",
    "add",
    "agree",
    "archive",
    "block",
    "book",
    "buy",
    "cancel",
    "change",
    "confirm",
    "decline",
    "delete",
    "download",
    "duplicate",
    "edit",
    "follow",
    "forward",
    "like",
    "mute",
    "order",
    "pay",
    "pin",
    "publish",
    "remove",
    "rename",
    "reply",
    "report",
    "share",
    "snooze",
    "star",
    "subscribe",
    "unpin",
    "unstar",
    "unsubscribe",
    "update",
    "upload",
];

/// Whether `word` is a verb that answers what the page asks and means something alone: "then
/// accept", "and agree" (a lone "archive" names no thing and stays not understood).
pub(super) fn answers_alone(word: &str) -> bool {
    ["accept", "agree", "decline"].contains(&word)
}

/// Whether a clause starts with one of these phrasings' openings (so a message splits before
/// it: "… and cross off X").
pub(super) fn starts_phrase(text: &str) -> bool {
    let (verb, rest) = first_word(text);
    (ACTION_VERBS.contains(&verb.as_str()) && !rest.is_empty())
        || after_any(text, OVER).is_some()
        || after_any(text, UNWANTED).is_some()
        || after_any(text, VERDICT).is_some()
        || after_any(text, &["keep"]).is_some()
}

/// The text after the first of `openings` it starts with (case-insensitive, whole words).
fn after_any<'t>(text: &'t str, openings: &[&str]) -> Option<&'t str> {
    let lower = lower_keeping_offsets(text);
    openings.iter().find_map(|opening| {
        let rest = lower.strip_prefix(opening)?;
        rest.starts_with(' ')
            .then(|| text[opening.len()..].trim())
            .filter(|rest| !rest.is_empty())
    })
}

/// "switch off Read receipts and Show my profile to search engines": one part per name (the
/// page's own names first: a whole phrase that names one switch is that switch).
fn switch_list(text: &str) -> Option<Vec<Step>> {
    let (verb, rest) = first_word(text);
    if !matches!(verb.as_str(), "switch" | "turn") {
        return None;
    }
    let (state, rest) = first_word(rest);
    let on = match state.as_str() {
        "on" => true,
        "off" => false,
        _ => return None,
    };
    let items = super::compound::split_list(rest);
    // Each part a name ("Read receipts"), not a sentence ("do whatever you think is best").
    let names = items
        .iter()
        .all(|item| item.split_whitespace().count() <= 6 && !super::prose::looks_like_prose(item));
    (items.len() >= 2 && names).then(|| super::compound::list_parts(&items, rest, on))
}

/// "keep News and offers" (ticked, as it may already be), "keep the newsletter off".
fn keep(text: &str) -> Option<Vec<Step>> {
    let (verb, rest) = first_word(text);
    if verb != "keep" {
        return None;
    }
    let lower = lower_keeping_offsets(rest);
    let (thing, on) = [
        (" on", true),
        (" ticked", true),
        (" off", false),
        (" unticked", false),
    ]
    .iter()
    .find(|(end, _)| lower.ends_with(end))
    .map_or((rest, true), |(end, on)| {
        (&rest[..rest.len() - end.len()], *on)
    });
    let thing = thing.trim();
    if thing.is_empty() || thing.split_whitespace().count() > 6 {
        return None;
    }
    // "keep me signed in" is the name of the box to tick.
    if lower.starts_with("me ") {
        return Some(vec![Step::Check {
            target: target(text)?,
            on: true,
        }]);
    }
    Some(vec![Step::Check {
        target: target(thing)?,
        on,
    }])
}

/// "Use the textbox to enter "Jerald"": the value typed into the field the words name.
fn use_field(text: &str) -> Option<Step> {
    let (verb, rest) = first_word(text);
    if verb != "use" {
        return None;
    }
    let (field, task) = super::split::split_at_first(rest, &["to"])?;
    let (how, value) = first_word(&task);
    if !matches!(how.as_str(), "enter" | "type" | "write" | "input" | "put") {
        return None;
    }
    let value = super::split::value(value);
    let field = target(&field)?;
    (!value.is_empty()).then_some(Step::Type {
        text: value,
        target: Some(field),
    })
}

/// "add a note for the driver saying 'Ring twice'", "leave a comment saying 'Lovely'": the
/// quoted words typed into the field the thing names ("Notes for the driver"). Unquoted, a
/// comma may end the message or belong to it: not this phrasing.
fn note_saying(text: &str) -> Option<Step> {
    let (verb, rest) = first_word(text);
    if !matches!(verb.as_str(), "add" | "leave") {
        return None;
    }
    let (thing, message) = super::split::split_at_first(rest, &["saying"])?;
    let message = super::split::whole_quoted(message.trim())?;
    let thing = strip_words(&thing, &["a", "an", "the", "my"]);
    let field = super::step::Target::parse(thing);
    (!message.is_empty() && !field.full.is_empty()).then_some(Step::Type {
        text: message,
        target: Some(field),
    })
}

/// "clear completed" on a page with no field of that name but a "Clear completed" button: the
/// page's own name first, so that button.
pub(super) fn clear_control<'s>(
    text: &str,
    target: Option<&Target>,
    snap: &'s Snapshot,
) -> Option<&'s Element> {
    let target = target.filter(|t| text.is_empty() && t.role.is_none())?;
    if !matches!(resolve(snap, target, Intent::Type), Resolution::NotFound) {
        return None;
    }
    let name = normalize(&format!("clear {}", target.full));
    let mut named = snap
        .elements
        .iter()
        .filter(|el| !el.disabled && !is_editable(el) && normalize(&el.name) == name);
    match (named.next(), named.next()) {
        (Some(one), None) => Some(one),
        _ => None,
    }
}

/// Places a shop keeps what the person will buy.
const BASKETS: &[&str] = &["basket", "bag", "cart", "trolley"];

/// Words that start a new item of a list said in prose ("the salt and pepper mills and the
/// 90 cm oak shelf": the second "and" starts an item, the first is inside a name).
const ARTICLES: &[&str] = &["the", "a", "an", "some", "my"];

/// "put the salt and pepper mills and the 90 cm oak shelf in my basket": each item's own "Add
/// to basket" control (as "add X to the basket" is).
fn into_basket(text: &str) -> Option<Vec<Step>> {
    let (verb, rest) = first_word(text);
    if !matches!(verb.as_str(), "put" | "pop" | "throw" | "stick") {
        return None;
    }
    let (items, place) = super::split::split_at_last(rest, &["in", "into", "in to"])?;
    let place = super::matching::normalize(&place);
    let noun = place.split(' ').next_back()?;
    if !BASKETS.contains(&noun) || place.split(' ').count() > 3 {
        return None;
    }
    let items = items_of(&items);
    // "the large one in charcoal": a variant the click would not choose (see `verbs`).
    if items
        .iter()
        .any(|item| item.split_whitespace().any(|w| w == "one"))
    {
        return None;
    }
    items
        .iter()
        .map(|item| {
            Some(Step::Act {
                verbs: vec![format!("add to {noun}"), "add".to_owned()],
                object: target(item)?,
                message: None,
                renames: false,
            })
        })
        .collect()
}

/// The items of a list said in prose: split before each article when the list starts with
/// one (names keep their own "and"), else at every comma and "and".
fn items_of(text: &str) -> Vec<String> {
    let text = text.trim();
    let (first, _) = first_word(text);
    if !ARTICLES.contains(&first.as_str()) {
        return super::compound::split_list(text);
    }
    let lower = lower_keeping_offsets(text);
    let mut items = Vec::new();
    let mut start = 0;
    for (at, joiner) in lower
        .match_indices(", and ")
        .chain(lower.match_indices(", "))
        .chain(lower.match_indices(" and "))
        .collect::<std::collections::BTreeMap<_, _>>()
    {
        let next = lower[at + joiner.len()..].split(' ').next().unwrap_or("");
        if at >= start && ARTICLES.contains(&next) {
            items.push(text[start..at].trim().to_owned());
            start = at + joiner.len();
        }
    }
    items.push(text[start..].trim().to_owned());
    items.retain(|item| !item.is_empty());
    items
}

/// Places that are a list the person adds new entries to ("the list", "my to-do list").
const LISTS: &[&str] = &["list", "todos", "to-dos", "todo", "to-do", "checklist"];

/// "Add 'book dentist' to the list": a new entry, quoted because it is not on the page yet,
/// typed into the list's entry field and confirmed with Enter.
fn add_to_list(text: &str) -> Option<Vec<Step>> {
    let (verb, rest) = first_word(text);
    if !matches!(verb.as_str(), "add" | "put") {
        return None;
    }
    let (entry, place) = super::split::split_at_last(rest, &["to", "on", "onto"])?;
    let entry = super::split::whole_quoted(entry.trim())?;
    let place = super::matching::normalize(&place);
    if entry.trim().is_empty() || !place.split(' ').any(|w| LISTS.contains(&w)) {
        return None;
    }
    Some(vec![
        Step::Type {
            text: entry,
            target: None,
        },
        Step::PressKey {
            key: "Enter".to_owned(),
        },
    ])
}

/// "say it was helpful" / "say it wasn't helpful": the Yes or No answer of the page's "Was
/// this helpful?" question (one shown question holding that word, else the run asks).
fn verdict(text: &str) -> Option<Step> {
    let lower = text.to_lowercase();
    let rest = after_any(&lower, VERDICT).map(str::to_owned).or_else(|| {
        let rest = lower
            .strip_prefix("say it wasn't ")
            .or_else(|| lower.strip_prefix("say it was not "))?;
        Some(format!("not {rest}"))
    })?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    let (option, word) = match words.as_slice() {
        ["not" | "n't", word] => ("No", *word),
        [word] if word.starts_with("un") && word.len() > 4 => ("No", &word[2..]),
        [word] => ("Yes", *word),
        _ => return None,
    };
    Some(Step::Answer {
        option: option.to_owned(),
        question: Question::About(vec![word.to_owned()]),
    })
}

/// "mark all my notifications as read": the page's one control that does it for all ("Mark
/// all as read"), next to the things. Never a row's own control: that would do a part.
fn mark_all(text: &str) -> Option<Step> {
    let (verb, rest) = first_word(text);
    if verb != "mark" {
        return None;
    }
    let every = strip_words(rest, &["all", "every", "each"]);
    if every.len() == rest.trim().len() || every_box(&rest.to_lowercase()) {
        return None;
    }
    let rest = every;
    let (things, state) = super::split::split_at_last(rest, &["as"])?;
    let things = strip_words(&things, &["of", "my", "the", "your", "our"]).to_owned();
    let state = value(&state);
    if things.is_empty() || state.is_empty() || state.contains(' ') {
        return None;
    }
    let object = target(&things)?;
    Some(Step::Act {
        verbs: vec![format!("mark all as {state}"), format!("mark all {state}")],
        object,
        message: None,
        renames: false,
    })
}

/// "I don't want push notifications any more, but do send me the weekly summary email": each
/// part a switch turned off or on. Every part must be such a wish, else none is.
fn wishes(text: &str) -> Option<Vec<Step>> {
    let parts = super::split::split_at_first(text, &["but"])
        .map(|(first, second)| vec![first, second])
        .unwrap_or_else(|| vec![text.to_owned()]);
    let mut steps = Vec::new();
    for part in &parts {
        let part = part.trim().trim_end_matches([',', '.', '!', ' ']).trim();
        let (thing, on) = match after_any(part, UNWANTED) {
            Some(thing) => (thing, false),
            None => (after_any(part, WANTED)?, true),
        };
        let mut thing = thing.trim();
        for end in FROM_NOW_ON {
            let lower = thing.to_lowercase();
            if lower.ends_with(&format!(" {end}")) {
                thing = thing[..thing.len() - end.len()].trim_end();
            }
        }
        // "I don't want to pay more than 40": a wish about doing, not about a thing.
        let (first, _) = first_word(thing);
        if first == "to"
            || thing.split_whitespace().count() > 6
            || super::prose::looks_like_prose(thing)
        {
            return None;
        }
        steps.push(Step::Check {
            target: target(thing)?,
            on,
        });
    }
    // "I want …" alone is also how people open a request in prose: only a part with "but" or
    // a clear "don't want" is a wish about a switch.
    let negative = parts
        .iter()
        .any(|part| after_any(part.trim(), UNWANTED).is_some());
    negative.then_some(steps)
}

/// "show the comments", "show more products": the control that says "show" and names them.
fn show(text: &str) -> Option<Step> {
    let (verb, rest) = first_word(text);
    if !matches!(verb.as_str(), "show" | "reveal" | "display" | "unhide") {
        return None;
    }
    // "show me red trainers under 50": a request in prose (as `parse` reads it).
    let wish = strip_words(rest, &["for", "me"]);
    if super::prose::looks_like_prose(wish) && !names_a_thing(&rest.to_lowercase()) {
        return None;
    }
    let rest = strip_words(rest, &["me", "the", "all", "all the"]);
    // A short name of what shows ("more products", "the comments"), not a control's whole
    // name split off a list ("… and Show my profile to search engines").
    let words: Vec<String> = rest.split_whitespace().map(str::to_lowercase).collect();
    let links = ["to", "on", "in", "for", "from", "with", "my", "your", "our"];
    if rest.is_empty() || words.len() > 3 || words.iter().any(|w| links.contains(&w.as_str())) {
        return None;
    }
    let object = target(rest)?;
    let mut verbs = vec![format!("show {rest}")];
    // "show more products" → "Show more"; "show the comments" → "Show comments (3)".
    if let Some((first, _)) = rest.split_once(' ') {
        verbs.push(format!("show {first}"));
    }
    Some(Step::Act {
        verbs,
        object,
        message: None,
        renames: false,
    })
}

#[cfg(test)]
#[path = "verb_phrases_tests.rs"]
mod tests;
