//! Verbs the planner does not list get their meaning from the page (issue #30): "archive the
//! March report", "star Aunt Rosa", "add the napkins to the basket", "get rid of the folder
//! Photos", "delete the email from Marta". The verb names a control; the words after it name
//! the thing (a row, a card, a tile) the control belongs to.
//!
//! In: a clause the vocabulary of `parse` did not understand (lead-ins stripped); later, the
//! step, the snapshot and the step's state. Out: a [`Step::Act`] (the control words and the
//! thing), then one [`Decision`] per call (a sweep): click the control with that name in the
//! thing's row (its own name or its row's text holds the thing's words); else open the row's
//! menu ("More actions for …") or the thing itself and look again; stop once a control with
//! that name was clicked. A thing the page does not show, or a verb no control carries, stops
//! the run saying which words could not be placed: never a guess.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, act as act_with, check, click};
use super::locate::{best_or_ask, usable};
use super::matching::{PREFIX, WORDS, lower_keeping_offsets, normalize, quality};
use super::progress::StepState;
use super::report::describe;
use super::resolve::{Intent, Resolution, default_field, resolve};
use super::split::{first_word, split_at_last};
use super::step::{Step, Target, is_checkable, is_editable};
use crate::action::Action;

/// Phrasal verbs people use for the controls pages name otherwise.
const PHRASAL: &[(&str, &[&str])] = &[
    ("get rid of", &["delete", "remove"]),
    ("throw away", &["delete", "remove"]),
    ("bin", &["delete", "remove"]),
];

/// First words that are no verb: a sentence about the person, a greeting, a vague "do".
const NOT_VERBS: &[&str] = &[
    "i", "i'm", "im", "we", "you", "my", "our", "the", "a", "an", "this", "that", "it", "it's",
    "there", "here", "hello", "hi", "hey", "thanks", "thank", "ok", "okay", "yes", "no", "sorry",
    "do", "make", "let", "let's", "maybe", "what", "which", "where", "who", "how", "why", "when",
    "is", "are", "can", "could", "would", "will", "should", "if", "and", "or", "but", "new",
];

/// Words of a thing's phrase that name nothing on the page.
const FUNCTION_WORDS: &[&str] = &[
    "by", "of", "for", "to", "in", "on", "at", "with", "from", "my", "your", "our", "this", "that",
    "it", "its", "is", "me", "please", "one", "and", "or", "s",
];

/// Names of the controls that open a row's menu of actions.
const MENU_WORDS: &[&str] = &["more", "actions", "options", "menu", "⋮", "⋯", "…"];

/// Phrasal verbs that mark an item done ("cross off renew passport").
const DONE_PHRASES: &[&str] = &[
    "cross off",
    "tick off",
    "check off",
    "cross out",
    "strike off",
];

/// Whether a clause starts with one of the phrasal verbs above ("cross off call mum").
pub(super) fn starts_phrasal(text: &str) -> bool {
    let lower = text.trim_start().to_lowercase();
    let phrases = PHRASAL.iter().map(|(phrase, _)| *phrase);
    phrases
        .chain(DONE_PHRASES.iter().copied())
        .any(|phrase| lower.starts_with(&format!("{phrase} ")))
}

/// A clause that starts with a phrasal verb: "get rid of X" (the delete control that belongs
/// to X), "take X off …" (its remove control), "cross off X" (X's box, ticked).
pub(super) fn phrasal(text: &str) -> Option<Step> {
    let lower = lower_keeping_offsets(text);
    let after = |phrase: &str| {
        lower
            .strip_prefix(phrase)
            .filter(|rest| rest.starts_with(' '))
            .map(|rest| text[text.len() - rest.len()..].trim())
    };
    for (phrase, controls) in PHRASAL {
        if let Some(thing) = after(phrase) {
            return act(controls.iter().map(|c| (*c).to_owned()).collect(), thing);
        }
    }
    for phrase in DONE_PHRASES {
        if let Some(thing) = after(phrase) {
            return act(Vec::new(), thing);
        }
    }
    // "mark Buy fish and chips for Friday as done"
    if let Some(thing) = after("mark") {
        let lower = lower_keeping_offsets(thing);
        let done = [
            "as done",
            "as complete",
            "as completed",
            "as finished",
            "done",
            "complete",
        ]
        .iter()
        .find(|end| {
            lower
                .trim_end_matches(['.', '!'])
                .ends_with(&format!(" {end}"))
        });
        if let Some(end) = done {
            let end_at = lower.trim_end_matches(['.', '!']).len() - end.len();
            return act(Vec::new(), &thing[..end_at]);
        }
    }
    // "take the espresso cups off my order"
    let rest = after("take")?;
    let (thing, _) = super::split::split_at_last(rest, &["off", "out of", "away from"])?;
    act(vec!["remove".to_owned(), "delete".to_owned()], &thing)
}

/// A clause that starts with a verb the vocabulary does not list, applied to a thing (alone,
/// "then accept": the control that says it).
pub(super) fn parse(text: &str) -> Option<Step> {
    let (verb, rest) = first_word(text);
    if rest.trim().is_empty() && super::verb_phrases::answers_alone(&verb) {
        return super::step::target(&verb).map(|target| Step::Click { target });
    }
    if verb.len() < 3
        || !verb.chars().all(char::is_alphabetic)
        || NOT_VERBS.contains(&verb.as_str())
        || rest.trim().is_empty()
    {
        return None;
    }
    let rest = super::split::strip_words(rest, &["to", "on", "with"]);
    // "change the language to Português (Brasil)": a value for a field.
    if matches!(verb.as_str(), "change" | "update")
        && let Some((field, value)) = split_at_last(rest, &["to"])
        && let Some(target) = super::step::target(&field)
    {
        let value = super::split::value(&value);
        return (!value.is_empty()).then_some(Step::Set { target, value });
    }
    if verb == "rename" {
        let (thing, new_name) = split_at_last(rest, &["to"])?;
        return rename(&thing, &new_name);
    }
    // "add the napkins to the basket": the control is "Add to basket".
    if let Some((thing, place)) = split_at_last(rest, &["to"]) {
        let place = normalize(&place);
        if !place.is_empty() && place.split(' ').count() <= 3 {
            let mut verbs = vec![format!("{verb} to {place}"), verb];
            verbs.extend(super::verb_phrases::controls_for_place(&place));
            return act(verbs, &thing);
        }
    }
    act(vec![verb], rest)
}

fn act(verbs: Vec<String>, thing: &str) -> Option<Step> {
    // "reply to Priya: thanks, I'll look tonight", "reply to Jonas saying Thursday works".
    let (thing, message) = match split_message(thing) {
        Some((thing, message)) => (thing, Some(message)),
        None => (thing.to_owned(), None),
    };
    let thing = thing.trim().trim_end_matches(['.', '!']);
    // "cancel booking 2231 but keep the deposit": a second clause the click would not carry
    // out. Not understood as a whole, so nothing is done on half of it. (A box to tick is
    // named by its whole line: "Buy fish and chips for Friday".)
    if !verbs.is_empty() && holds_clause(thing) {
        return None;
    }
    // "add the large one in charcoal to my bag": "one" stands for a variant described by
    // choices (a size, a colour) that the click would not make. Not understood, so nothing is
    // added on half of it.
    if !verbs.is_empty()
        && thing.split_whitespace().any(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .eq_ignore_ascii_case("one")
        })
    {
        return None;
    }
    let object = super::step::target(thing)?;
    Some(Step::Act {
        verbs,
        object,
        message,
        renames: false,
    })
}

/// "rename the note 'Trip ideas' to 'Lisbon trip'": the rename control of the thing, then the
/// new name typed over the old one and confirmed.
fn rename(thing: &str, new_name: &str) -> Option<Step> {
    let object = super::step::target(thing.trim())?;
    let new_name = super::split::value(new_name);
    (!new_name.is_empty()).then_some(Step::Act {
        verbs: vec!["rename".to_owned()],
        object,
        message: Some(new_name),
        renames: true,
    })
}

/// Whether a thing's phrase joins a second clause with "and", "but" or "then" (outside
/// quotes).
fn holds_clause(thing: &str) -> bool {
    let spans = super::split::quote_spans(thing);
    let lower = lower_keeping_offsets(thing);
    [" and ", " but ", " then "].iter().any(|joiner| {
        lower
            .match_indices(joiner)
            .any(|(at, _)| !spans.iter().any(|(open, close)| at >= *open && at < *close))
    })
}

/// The thing and the message of "Priya: thanks…" or "Jonas saying Thursday works".
fn split_message(text: &str) -> Option<(String, String)> {
    let spans = super::split::quote_spans(text);
    let colon = text
        .char_indices()
        .find(|(at, c)| *c == ':' && !spans.iter().any(|(o, e)| at >= o && at < e))
        .map(|(at, _)| (text[..at].to_owned(), text[at + 1..].to_owned()));
    let saying = || {
        // "saying Thursday works, cc his assistant": unquoted, a comma may end the message or
        // be part of it. That is not guessed: the words stay unplaced (quote the message).
        super::split::split_at_first(text, &["saying"]).filter(|(_, message)| {
            super::split::whole_quoted(message.trim().trim_end_matches(['.', '!'])).is_some()
                || !message.contains(',')
        })
    };
    let (thing, message) = colon.or_else(saying)?;
    let message = super::split::value(&message);
    (!message.is_empty() && !thing.trim().is_empty()).then_some((thing, message))
}

/// How well `el`'s name says one of `verbs` ("Archive", "Star contact", "Add to basket").
pub(super) fn says_verb(el: &Element, verbs: &[String]) -> u8 {
    let name = normalize(&el.name);
    verbs
        .iter()
        .enumerate()
        .map(|(i, verb)| {
            let verb = normalize(verb);
            // An icon-only control says its verb with its icon (a bin deletes, a pen edits).
            let by_icon = el
                .icon
                .as_deref()
                .map_or(0, |i| super::icons::quality(&verb, i));
            let q = quality(&verb, &name).max(by_icon);
            // "↩ Reply", "Quick reply": the verb among a word or two more.
            let short = name.split(' ').count() <= verb.split(' ').count() + 2;
            let q = if q >= PREFIX || (q == WORDS && short) {
                q
            } else {
                0
            };
            // The longer phrase ("add to basket") before the bare verb.
            q.saturating_mul(2)
                .saturating_add(u8::from(i == 0 && q > 0))
        })
        .max()
        .unwrap_or(0)
}

/// The words of the thing's phrase that can be found on the page.
pub(super) fn thing_words(object: &Target) -> Vec<String> {
    normalize(&object.phrase)
        .split(' ')
        .filter(|w| !w.is_empty() && !FUNCTION_WORDS.contains(w))
        .map(str::to_owned)
        .collect()
}

/// How many of `words` a text holds.
fn count_in(text: &str, words: &[String]) -> usize {
    let text = normalize(text);
    let have: Vec<&str> = text.split(' ').collect();
    words.iter().filter(|w| have.contains(&w.as_str())).count()
}

/// How many of `words` the element's own name and row text hold.
pub(super) fn own_coverage(el: &Element, words: &[String]) -> usize {
    let mut text = el.name.clone();
    if let Some(context) = &el.context {
        text.push(' ');
        text.push_str(context);
    }
    count_in(&text, words)
}

/// How many of `words` the element or the row it sits in holds: its own name and context, an
/// element that contains it (a row, a card), or a text on its line (a list row's name).
pub(super) fn coverage(el: &Element, words: &[String], snap: &Snapshot) -> usize {
    let centre_x = el.rect.x + el.rect.w / 2.0;
    let centre_y = el.rect.y + el.rect.h / 2.0;
    let wide = snap.viewport.width * 0.4;
    let holders = snap
        .elements
        .iter()
        .filter(|h| h.eid != el.eid)
        .filter(|h| {
            let r = &h.rect;
            let inside_y = centre_y >= r.y && centre_y <= r.y + r.h;
            let inside_x = centre_x >= r.x && centre_x <= r.x + r.w;
            r.h > 0.0 && inside_y && (inside_x || r.w >= wide)
        })
        .map(|h| own_coverage(h, words));
    // A text on the control's line (a list row whose name is plain text): its top lies
    // between a little above the control and the control's bottom.
    let (top, bottom) = (el.rect.y - ROW_BAND, el.rect.y + el.rect.h);
    let texts = snap
        .texts
        .iter()
        .filter(|t| t.y >= top && t.y <= bottom)
        .map(|t| count_in(&t.text, words));
    std::iter::once(own_coverage(el, words))
        .chain(holders)
        .chain(texts)
        .chain(std::iter::once(super::feed::item_coverage(el, words, snap)))
        .max()
        .unwrap_or(0)
}

/// How far (CSS px) above a control a text's top still counts as on its line.
const ROW_BAND: f64 = 20.0;

/// Whether the element's own name ends with the thing's words it holds ("More actions for
/// Website redesign", not "… Website redesign – assets", for "the Website redesign project").
fn ends_with_thing(el: &Element, words: &[String]) -> bool {
    let name = normalize(&el.name);
    let have: Vec<&str> = name.split(' ').collect();
    let held: Vec<&str> = words
        .iter()
        .map(String::as_str)
        .filter(|w| have.contains(w))
        .collect();
    !held.is_empty() && have.ends_with(&held)
}

pub(super) fn clickable(el: &Element) -> bool {
    !el.disabled && !is_editable(el)
}

/// The sweep's next decision (see the module docs).
pub(super) fn decide(
    verbs: &[String],
    object: &Target,
    (message, renames): (Option<&str>, bool),
    snap: &Snapshot,
    state: &StepState,
) -> Result<Decision, Decision> {
    if verbs.is_empty() {
        return tick(object, snap, state);
    }
    // (Eids name nodes within one document: the name guards against another page's.)
    let acted = |el: &Element| {
        state
            .acted
            .iter()
            .any(|done| done.eid == el.eid && done.name == el.name)
    };
    // A reply written in the page's reply box (no Reply control was clicked): send it.
    let clicked_verb = |el: &Element| !is_editable(el) && says_verb(el, verbs) > 0;
    if let (Some(message), false) = (message, renames)
        && !state.acted.iter().any(clicked_verb)
        && state.acted.iter().any(is_editable)
        && let Some(decision) = super::reply_box::decide(verbs, message, snap, state)
    {
        return Ok(decision);
    }
    if let Some(done) = state.acted.iter().find(|el| says_verb(el, verbs) > 0) {
        let typed = state.acted.iter().any(is_editable);
        if let (Some(message), false) = (message, typed) {
            // The control opened a field for the message (a reply's body).
            let field = Target::named("message", Some(super::step::RoleClass::Editable));
            let el = usable(default_field(snap), &field, snap, state)?;
            return Ok(act_with(
                Action::Type {
                    eid: el.eid.clone(),
                    text: message.to_owned(),
                    clear: renames,
                    submit: renames,
                },
                format!("type \"{message}\" into {}", describe(el)),
            ));
        }
        return Ok(Decision::Skip {
            note: format!("clicked {}", done.name),
        });
    }
    let words = thing_words(object);
    let need = words.len().div_ceil(2).max(1);
    let near_thing = |el: &Element| coverage(el, &words, snap) >= need;
    // 1. The control with the verb's name, in the thing's row (or anywhere once the thing or
    //    its menu was opened by this step).
    let opened = !state.acted.is_empty();
    let mut controls: Vec<Ranked<'_>> = snap
        .elements
        .iter()
        .filter(|el| clickable(el) && !acted(el))
        .filter_map(|el| {
            let verb = says_verb(el, verbs);
            let near = if verb > 0 {
                coverage(el, &words, snap)
            } else {
                0
            };
            (verb > 0 && (near >= need || opened)).then_some((
                el,
                (near, verb, ends_with_thing(el, &words), el.in_viewport),
            ))
        })
        .collect();
    if let Some(el) = best_or_ask(&mut controls, state, &object.phrase)? {
        return Ok(click(el));
    }
    // 1b. No such control, but a reply box that says the verb ("Write your reply here…").
    if let (Some(message), false) = (message, renames)
        && let Some(decision) = super::reply_box::decide(verbs, message, snap, state)
    {
        return Ok(decision);
    }
    // 2. The row's menu of actions ("More actions for Q3 campaign").
    if !opened {
        let mut menus: Vec<Ranked<'_>> = snap
            .elements
            .iter()
            .filter(|el| clickable(el) && near_thing(el) && opens_menu(el))
            .map(|el| {
                let near = coverage(el, &words, snap);
                (el, (near, 0, ends_with_thing(el, &words), el.in_viewport))
            })
            .collect();
        if let Some(el) = best_or_ask(&mut menus, state, &object.phrase)? {
            return Ok(click(el));
        }
        // 3. The thing itself, opened to find the control inside ("reply to Priya").
        // ("Ana's thread" is the title above Ana's byline, not Ana's profile link.)
        if let Some(el) = super::reply_box::owners_item(object, snap) {
            return Ok(click(el));
        }
        if let Resolution::Found(el) = resolve(snap, object, Intent::Click)
            && clickable(el)
        {
            return Ok(click(el));
        }
    }
    Err(Decision::Stop {
        reason: Some(format!(
            "Stopped: I could not place \"{} {}\": nothing on this page called \"{}\" belongs \
             to \"{}\", so I did not act on a guess.",
            verbs.last().map_or("", String::as_str),
            object.phrase,
            verbs.last().map_or("", String::as_str),
            object.phrase
        )),
    })
}

/// "cross off X": the box on X's row, ticked once.
fn tick(object: &Target, snap: &Snapshot, state: &StepState) -> Result<Decision, Decision> {
    if let Some(done) = state.acted.first() {
        return Ok(Decision::Skip {
            note: format!("ticked {}", done.name),
        });
    }
    let words = thing_words(object);
    // "Buy fish and chips for Friday" is one line holding every word; "A and B" is no line.
    let need = if object.phrase.to_lowercase().contains(" and ") {
        words.len().max(1)
    } else {
        words.len().div_ceil(2).max(1)
    };
    let mut boxes: Vec<Ranked<'_>> = snap
        .elements
        .iter()
        .filter(|el| !el.disabled && is_checkable(el))
        .filter_map(|el| {
            let near = coverage(el, &words, snap);
            // A box named for something else ("Toggle all") is not the thing's own.
            let own = el.name.trim().is_empty() || own_coverage(el, &words) > 0;
            (near >= need).then_some((el, (near, u8::from(own), false, el.in_viewport)))
        })
        .collect();
    match best_or_ask(&mut boxes, state, &object.phrase)? {
        Some(el) => Ok(check(el, true)),
        None => Err(Decision::Stop {
            reason: Some(format!(
                "Stopped: I could not place \"{}\": no box on this page belongs to it, so I did \
                 not act on a guess.",
                object.phrase
            )),
        }),
    }
}

/// A candidate and its rank: words of the thing near it, how well it says the verb (or is the
/// thing's own box), whether its name ends with the thing, whether it is in view.
type Ranked<'s> = (&'s Element, (usize, u8, bool, bool));

/// A control that opens a menu of actions.
pub(super) fn opens_menu(el: &Element) -> bool {
    let name = normalize(&el.name);
    let trimmed = el.name.trim();
    name.split(' ').any(|w| MENU_WORDS.contains(&w)) || MENU_WORDS.contains(&trimmed)
}

#[cfg(test)]
mod tests {
    use super::parse;
    use crate::planner::instruction::step::Step;

    fn verbs_and_thing(text: &str) -> (Vec<String>, String) {
        match parse(text) {
            Some(Step::Act { verbs, object, .. }) => (verbs, object.phrase),
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn an_unknown_verb_names_a_control_and_the_rest_names_the_thing() {
        assert_eq!(
            verbs_and_thing("archive the March report"),
            (vec!["archive".to_owned()], "March report".to_owned())
        );
        assert_eq!(
            verbs_and_thing("add the Linen Napkins (set of 4) to the basket"),
            (
                vec!["add to basket".to_owned(), "add".to_owned()],
                "Linen Napkins (set of 4)".to_owned()
            )
        );
        assert_eq!(
            super::phrasal("get rid of the folder Photos for Mum").map(|step| match step {
                Step::Act { verbs, object, .. } => (verbs, object.phrase),
                other => panic!("{other:?}"),
            }),
            Some((
                vec!["delete".to_owned(), "remove".to_owned()],
                "folder Photos for Mum".to_owned()
            ))
        );
        // A variant described by choices the click would not make is not understood.
        assert_eq!(parse("add the large one in charcoal to my bag"), None);
        for text in [
            "cross off pick up dry cleaning",
            "mark Buy fish and chips for Friday as done",
        ] {
            assert!(
                matches!(super::phrasal(text), Some(Step::Act { ref verbs, .. }) if verbs.is_empty()),
                "{text}"
            );
        }
        let reply = parse("reply to Priya: thanks, I'll look tonight");
        assert!(
            matches!(&reply, Some(Step::Act { object, message: Some(m), .. })
                if object.phrase == "Priya" && m == "thanks, I'll look tonight"),
            "{reply:?}"
        );
        assert!(
            matches!(
                parse("reply to Jonas saying Thursday works, cc his assistant"),
                Some(Step::Act { message: None, .. })
            ),
            "an unquoted message with a comma is not split off"
        );
        assert!(matches!(
            parse("change the language to Português (Brasil)"),
            Some(Step::Set { ref value, .. }) if value == "Português (Brasil)"
        ));
        assert!(matches!(
            parse("rename Budget 2025, draft.xlsx to Budget 2025 final.xlsx"),
            Some(Step::Act { ref object, message: Some(ref m), renames: true, .. })
                if object.phrase == "Budget 2025, draft.xlsx" && m == "Budget 2025 final.xlsx"
        ));
        assert_eq!(parse("cancel booking 2231 but keep the deposit"), None);
        assert_eq!(parse("do whatever you think is best"), None);
        assert_eq!(parse("hello there"), None);
        assert_eq!(parse("archive"), None);
        assert!(
            matches!(parse("accept"), Some(Step::Click { ref target }) if target.name == "accept")
        );
    }
}
