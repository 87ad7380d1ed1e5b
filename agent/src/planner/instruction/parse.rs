//! Text → instruction steps.
//!
//! In: the person's message. Out: [`Instructions`]: the understood [`Step`]s in order (each
//! with the clause it came from) and the clauses that were not understood. Deterministic and
//! case-insensitive; polite lead-ins ("please", "now", "then", "finally", ...) are ignored.

use super::containers::names_only_containers;
use super::keys::parse_key;
use super::phrases::{
    address_or_link, described_choice, every_box, names_a_thing, no_box, parse_check, parse_find,
    parse_leave, parse_scroll, parse_type, parse_wait,
};
use super::split::{
    Clause, first_word, opens_address, split_at_first, split_at_last, split_clauses, strip_words,
    value,
};
use super::step::{Instructions, Step, target};
use super::{
    absorbed, acknowledge, affixes, all_but, booking_words, compound, disclose, every, feed,
    fields, items, likeness, mail, menus, paged_results, passive, prose, questions, records, rows,
    sign_in, slider, superlative, terse_answers, to_place, verb_phrases, verbs, with_choice,
};

/// Words that start an instruction clause.
const VERBS: &[&str] = &[
    "open", "visit", "load", "browse", "go", "navigate", "back", "reload", "refresh", "click",
    "tap", "follow", "hit", "press", "push", "type", "enter", "input", "write", "put", "fill",
    "set", "select", "choose", "pick", "check", "tick", "mark", "uncheck", "untick", "unmark",
    "enable", "disable", "turn", "switch", "toggle", "clear", "empty", "scroll", "wait", "submit",
    "search", "stop", "done", "finish", "quit", "exit", "end", "focus", "place", "dismiss",
    "close", "leave", "find", "look", "expand", "sign", "log", "send", "save", "continue",
    "proceed", "apply", "show", "i",
];

/// Lead-in words skipped before the verb.
const LEAD_INS: &[&str] = &[
    "please",
    "pls",
    "now",
    "next",
    "then",
    "finally",
    "first",
    "firstly",
    "lastly",
    "also",
    "and",
    "afterwards",
    "after that",
    "kindly",
    "just",
    "can you",
    "could you",
    "would you",
    "i want you to",
    "i'd like you to",
    "go ahead and",
    "you should",
    "on this page",
    "on the page",
];

/// Strips lead-in words and list punctuation from the start of a clause.
pub(crate) fn strip_lead_ins(text: &str) -> &str {
    let mut rest = text.trim_start_matches(|c: char| c.is_whitespace() || ",:".contains(c));
    loop {
        let lower = rest.to_ascii_lowercase();
        let lead = LEAD_INS.iter().find(|w| {
            lower.starts_with(**w)
                && (lower.len() == w.len()
                    || lower[w.len()..]
                        .starts_with(|c: char| c.is_whitespace() || ",:".contains(c)))
        });
        match lead {
            Some(w) => {
                rest = rest[w.len()..]
                    .trim_start_matches(|c: char| c.is_whitespace() || ",:".contains(c));
            }
            None => return rest,
        }
    }
}

/// True when `text` starts (after lead-ins) with a known verb.
pub(crate) fn starts_with_verb(text: &str) -> bool {
    let (word, _) = first_word(strip_lead_ins(text));
    VERBS.contains(&word.as_str())
}

/// Parses the whole message.
pub(crate) fn parse_message(message: &str) -> Instructions {
    // "Book a table for 4 on Saturday at 19:30 under the name Keller, …": one booking.
    if booking_words::reads(message) {
        let text = message.trim().to_owned();
        return Instructions {
            steps: vec![(Step::Fields { text: text.clone() }, text)],
            ignored: Vec::new(),
        };
    }
    // "For the user @kim, click Mute": the clicks are of that thing's controls (`feed`).
    if let Some((thing, rest)) = feed::scoped(strip_lead_ins(message), starts_with_verb) {
        let mut scoped = parse_message(rest);
        feed::scope_steps(&mut scoped.steps, &thing);
        return scoped;
    }
    let clauses = split_clauses(message, |text| {
        let text = strip_lead_ins(text);
        starts_with_verb(text) || verbs::starts_phrasal(text) || verb_phrases::starts_phrase(text)
    });
    let mut merged: Vec<Clause> = Vec::new();
    for clause in clauses {
        if strip_lead_ins(&clause.text)
            .trim_matches(|c: char| c.is_whitespace() || ",.;:!?".contains(c))
            .is_empty()
        {
            continue;
        }
        let parses = !parse_clause(&clause.text).is_empty();
        // "then find and click the 7th result": the finding is the click that follows.
        if clause.soft && !parses && paged_results::lone_finding(strip_lead_ins(&clause.text)) {
            continue;
        }
        match merged.last_mut() {
            // A softly split piece that means nothing alone belonged to the clause before.
            Some(previous) if clause.soft && !parses && !opens_address(&previous.text) => {
                previous.text.push_str(&clause.joiner);
                previous.text.push_str(&clause.text);
            }
            // "find Ada's email and send it to Hedy": read together, one request of an inbox.
            Some(previous)
                if mail::parse(strip_lead_ins(&previous.text)).is_none()
                    && mail::parse(strip_lead_ins(&format!(
                        "{}{}{}",
                        previous.text, clause.joiner, clause.text
                    )))
                    .is_some() =>
            {
                previous.text.push_str(&clause.joiner);
                previous.text.push_str(&clause.text);
            }
            // "cancel booking 2232, keep the deposit as credit": the choice its flow asks for.
            Some(previous)
                if with_choice::parse(&previous.text, parse_clause, starts_with_verb).is_none()
                    && with_choice::parse(
                        &format!("{}{}{}", previous.text, clause.joiner, clause.text),
                        parse_clause,
                        starts_with_verb,
                    )
                    .is_some() =>
            {
                previous.text.push_str(&clause.joiner);
                previous.text.push_str(&clause.text);
            }
            // "Under the second question, choose No": the answer goes with its question.
            Some(previous) if questions::only_question(strip_lead_ins(&previous.text)) => {
                previous.text.push_str(&clause.joiner);
                previous.text.push_str(&clause.text);
            }
            _ => merged.push(clause),
        }
    }
    // "close the popup and add …": the words after a dismissal are a clause of their own.
    let merged: Vec<Clause> = merged
        .into_iter()
        .flat_map(|clause| {
            let (verb, _) = first_word(strip_lead_ins(&clause.text));
            match absorbed::after_dismissal(&clause.text, &verb) {
                Some((head, tail)) => vec![
                    Clause {
                        text: head,
                        ..clause.clone()
                    },
                    Clause {
                        text: tail,
                        ..clause
                    },
                ],
                None => vec![clause],
            }
        })
        .collect();
    let mut out = Instructions::default();
    // "expand the sections below, to find and click X": the next click is a find.
    let mut find_next = false;
    for clause in merged {
        if names_only_containers(strip_lead_ins(&clause.text)) {
            if disclose::opens_one(strip_lead_ins(&clause.text)) {
                out.steps.push((Step::Expand, clause.text.clone()));
            }
            find_next = true;
            continue;
        }
        // "find the walnut side table and save it to my wishlist": the found thing's control.
        let previous = out.steps.last().map(|(s, _)| s);
        if let Some(step) = to_place::parse(strip_lead_ins(&clause.text), previous) {
            out.steps.push((step, clause.text.clone()));
            continue;
        }
        let steps = fields::instead(&clause.text, parse_clause(&clause.text), starts_with_verb);
        // "cancel booking 2231 but keep the deposit": the verb, then the choice its flow asks.
        let weak = matches!(steps.as_slice(), [] | [Step::Act { .. }]);
        let steps = match with_choice::parse(&clause.text, parse_clause, starts_with_verb) {
            Some(step) if weak => vec![step],
            _ => steps,
        };
        if steps.is_empty() {
            out.ignored.push(clause.text);
            continue;
        }
        // "expand 'X' and say it was helpful": the words after the name are not placed.
        if steps.iter().all(Step::names_an_element)
            && let Some(words) = absorbed::after_quoted_name(&clause.text)
        {
            out.ignored.push(words);
        }
        for step in steps {
            if std::mem::take(&mut find_next)
                && let Step::Click { target } = &step
            {
                let reveal = Step::Reveal {
                    target: target.clone(),
                };
                out.steps.push((reveal, clause.text.clone()));
            }
            let step = super::submit::sends_what_was_filled(step, out.steps.last().map(|s| &s.0));
            // "click it" after a step that named a thing means that thing.
            if let Step::Click { target } = &step
                && matches!(
                    target.full.as_str(),
                    "it" | "that" | "this" | "them" | "on it"
                )
            {
                match out.steps.last().map(|(s, _)| s.clone()) {
                    Some(Step::Click { .. }) => continue,
                    Some(previous) => {
                        if let Some(named) = previous.named_target() {
                            out.steps
                                .push((Step::Click { target: named }, clause.text.clone()));
                            continue;
                        }
                    }
                    None => {}
                }
            }
            out.steps.push((step, clause.text.clone()));
        }
    }
    sign_in::tick_before_sending(&mut out.steps);
    out
}

/// Parses one clause into its steps (none when it is not understood).
pub(crate) fn parse_clause(clause: &str) -> Vec<Step> {
    let text = strip_lead_ins(clause).trim();
    let (verb, rest) = first_word(text);
    // "book the cheapest flight from: A to: B on DATE": the search, then the best item.
    if let Some(steps) = superlative::parse(text) {
        return steps;
    }
    // "add two to the bag", "add the large one in charcoal to my bag": the thing whose page
    // this is, put in the place.
    if let Some(steps) = to_place::quantity(text).or_else(|| to_place::described_one(text)) {
        return steps;
    }
    // "get rid of the cookie popup (reject everything)": the pop-up's control the words give.
    if let Some(step) = super::dismissal::parse(text) {
        return vec![step];
    }
    // "open the chat and ask them when order 5521 will arrive"
    if let Some(steps) = super::conversation::parse(text) {
        return steps;
    }
    if let Some(steps) = sign_in::parse(text)
        .or_else(|| questions::parse(text))
        // (Read as written: "first order? yes" does not start with the lead-in "first".)
        .or_else(|| terse_answers::parse(clause.trim()))
    {
        return steps;
    }
    // "Ada's email should be deleted": the request in the active voice.
    if let Some(active) = passive::active(text) {
        return parse_clause(&active);
    }
    if let Some(steps) = every::parse(text).or_else(|| mail::parse(text)) {
        return steps;
    }
    if let Some(steps) = slider::parse(text)
        .or_else(|| menus::parse(text))
        .or_else(|| likeness::parse(text))
        .or_else(|| affixes::parse(text))
    {
        return steps;
    }
    if let Some(step) = records::parse(text) {
        return vec![step];
    }
    // "mark Buy fish and chips for Friday as done" names one item, not a list of boxes.
    if verb == "mark"
        && let Some(step) = verbs::phrasal(text)
    {
        return vec![step];
    }
    // "tick that you've read it": the box that states it, before "A and B" is two boxes;
    // "switch off everything except X": every box but X.
    if let Some(step) = acknowledge::parse(&verb, rest).or_else(|| all_but::parse(&verb, rest)) {
        return vec![step];
    }
    if let Some(steps) = compound::parse(&verb, rest) {
        return steps;
    }
    if let Some(step) = verbs::phrasal(text) {
        return vec![step];
    }
    if let Some(steps) = verb_phrases::parse(text) {
        return steps;
    }
    match parse_single(text) {
        // Finding a thing is for using it: once it shows, it is clicked.
        Some(Step::Reveal { target }) => vec![
            Step::Reveal {
                target: target.clone(),
            },
            Step::Click { target },
        ],
        // The item shows the words once found; it is opened by its title, or those words.
        Some(Step::OpenItem { shown }) => vec![
            Step::Reveal {
                target: shown.clone(),
            },
            Step::OpenItem { shown },
        ],
        Some(step) => vec![step],
        // A verb the vocabulary does not list gets its meaning from the page.
        None if !starts_with_verb(text) => verbs::parse(text).into_iter().collect(),
        None => Vec::new(),
    }
}

/// The words without a last "for me" ("find the blue lamp for me").
fn for_me(rest: &str) -> &str {
    let trimmed = rest.trim_end().trim_end_matches(['.', '!']);
    let lower = trimmed.to_ascii_lowercase();
    lower
        .strip_suffix(" for me")
        .map_or(rest, |kept| trimmed[..kept.len()].trim_end())
}

/// Parses a clause that holds one step.
fn parse_single(text: &str) -> Option<Step> {
    let (verb, rest) = first_word(text);
    let rest_lower = rest.to_ascii_lowercase();
    let rest_lower = rest_lower.trim_end_matches(['.', '!']);
    match verb.as_str() {
        "find" | "open" | "locate" if items::described_item(rest).is_some() => {
            items::described_item(rest).map(|shown| Step::OpenItem { shown })
        }
        "open" | "browse" | "expand" | "go"
            if ["until you ", "till you ", "until the "]
                .iter()
                .any(|w| rest_lower.contains(w)) =>
        {
            parse_find(rest)
        }
        "open" | "visit" | "load" | "browse" => address_or_link(strip_words(rest, &["to"])),
        "go" | "navigate" => {
            if rest_lower.starts_with("back") {
                return Some(Step::Back);
            }
            address_or_link(strip_words(rest, &["to", "over to", "on to", "onto"]))
        }
        "back" => Some(Step::Back),
        "reload" | "refresh" => Some(Step::Reload),
        "click" | "tap" if starts_with_any(rest_lower, &["in ", "into ", "inside "]) => {
            let rest = strip_words(rest, &["in", "into", "inside"]);
            target(rest).map(|target| Step::Focus { target })
        }
        "focus" => {
            target(strip_words(rest, &["on", "in", "into"])).map(|target| Step::Focus { target })
        }
        "put" | "place" | "set"
            if starts_with_any(
                rest_lower,
                &[
                    "the cursor ",
                    "cursor ",
                    "focus ",
                    "the focus ",
                    "the caret ",
                ],
            ) =>
        {
            let (_, field) = split_at_first(rest, &["in", "into", "on", "inside"])?;
            target(&field).map(|target| Step::Focus { target })
        }
        "dismiss" | "close" => {
            let phrase = match split_at_first(rest, &["with", "using", "by clicking", "via"]) {
                Some((_, with)) => {
                    strip_words(&with, &["its", "the", "their", "his", "her"]).to_owned()
                }
                None => "close".to_owned(),
            };
            target(&phrase).map(|target| Step::Click { target })
        }
        "sign" | "log" => {
            let phrase = format!("{verb} {}", rest.trim_end_matches(['.', '!']));
            target(&phrase).map(|target| Step::Click { target })
        }
        "leave" => parse_leave(rest_lower),
        // "send", "save it", "continue": the button that says so.
        "send" | "save" | "continue" | "proceed" | "apply" => {
            let object = strip_words(rest, &["it", "this", "the form", "them"]);
            let object = object.trim_end_matches(['.', '!']);
            let phrase = if object.is_empty()
                || matches!(
                    object.to_ascii_lowercase().as_str(),
                    // ("send it off", "send it in": a particle, no other control.)
                    "it" | "this" | "the form" | "them" | "on" | "off" | "in"
                ) {
                verb.clone()
            } else {
                format!("{verb} {object}")
            };
            target(&phrase).map(|target| Step::Click { target })
        }
        // ("look for the X for me": the last words are politeness.)
        "find" | "look" if for_me(rest).len() < rest.len() => {
            parse_single(&format!("{verb} {}", for_me(rest)))
        }
        "find" | "look" | "show" | "get"
            if prose::looks_like_prose(strip_words(rest, &["for", "me"]))
                && !names_a_thing(rest_lower) =>
        {
            Some(Step::Prose {
                text: value(strip_words(rest, &["for", "me"])),
            })
        }
        "i" => {
            let wish = strip_words(
                rest,
                &[
                    "need",
                    "want",
                    "would like",
                    "'d like",
                    "am looking for",
                    "'m looking for",
                ],
            );
            (wish.len() < rest.len() && prose::looks_like_prose(wish))
                .then(|| Step::Prose { text: value(wish) })
        }
        "find" | "look" | "expand" => parse_find(rest),
        "click" | "tap" | "press" | "hit" | "push" if rows::control_in_row(rest).is_some() => {
            rows::control_in_row(rest)
        }
        "click" | "tap" | "follow" | "push" => {
            let rest = strip_words(rest, &["on", "at", "the link", "link to"]);
            target(items::without_purpose(rest)).map(|target| Step::Click { target })
        }
        "press" | "hit" => {
            let rest = strip_words(rest, &["on", "at"]);
            match parse_key(rest) {
                Some(key) => Some(Step::PressKey { key }),
                None => target(rest).map(|target| Step::Click { target }),
            }
        }
        "type" | "enter" | "input" | "write" | "put" | "insert" => parse_type(rest),
        "fill" => {
            let rest = strip_words(rest, &["in", "out", "up"]);
            if let Some((field, val)) = split_at_first(rest, &["with"]) {
                return target(&field).map(|target| Step::Set {
                    target,
                    value: value(&val),
                });
            }
            parse_type(rest).filter(|s| {
                matches!(
                    s,
                    Step::Type {
                        target: Some(_),
                        ..
                    }
                )
            })
        }
        "set" => {
            let (field, val) = split_at_first(rest, &["to", "as"])?;
            target(&field).map(|target| Step::Set {
                target,
                value: value(&val),
            })
        }
        "select" | "choose" | "pick" | "check" | "tick" | "mark" if no_box(rest_lower) => {
            Some(Step::CheckAll {
                on: false,
                except: Vec::new(),
            })
        }
        "select" | "choose" | "pick" => {
            if rest.is_empty() {
                return None;
            }
            if let Some(described) = described_choice(rest) {
                return Some(Step::Select {
                    option: described,
                    target: None,
                });
            }
            match split_at_last(rest, &["from", "in", "on", "for", "as"]) {
                Some((option, list)) => Some(Step::Select {
                    option: value(&option),
                    target: target(&list),
                }),
                None => Some(Step::Select {
                    option: value(strip_words(rest, &["the option"])),
                    target: None,
                }),
            }
        }
        "check" | "tick" | "mark" | "enable" if every_box(rest_lower) => Some(Step::CheckAll {
            on: true,
            except: Vec::new(),
        }),
        "uncheck" | "untick" | "unmark" | "disable" | "clear" if every_box(rest_lower) => {
            Some(Step::CheckAll {
                on: false,
                except: Vec::new(),
            })
        }
        "check" | "tick" | "mark" | "enable" => parse_check(rest, rest_lower, true),
        "uncheck" | "untick" | "unmark" | "disable" => parse_check(rest, rest_lower, false),
        "turn" | "switch" => {
            let (state, thing) = first_word(rest);
            match state.as_str() {
                "on" => target(thing).map(|target| Step::Check { target, on: true }),
                "off" => target(thing).map(|target| Step::Check { target, on: false }),
                "to" if verb == "switch" => target(thing).map(|target| Step::Click { target }),
                // "switch the language to Svenska": a value for a field.
                _ if verb == "switch" => split_at_last(rest, &["to"]).and_then(|(field, to)| {
                    let to = value(&to);
                    (!to.is_empty())
                        .then(|| target(&field))
                        .flatten()
                        .map(|target| Step::Set { target, value: to })
                }),
                _ => None,
            }
        }
        "clear" | "empty" => target(rest).map(|target| Step::Type {
            text: String::new(),
            target: Some(target),
        }),
        "scroll" => parse_scroll(rest),
        "wait" => parse_wait(rest, rest_lower),
        "submit" => Some(Step::Submit),
        "search" if prose::looks_like_prose(strip_words(rest, &["for"])) => Some(Step::Prose {
            text: value(strip_words(rest, &["for"])),
        }),
        "search" => {
            let query = value(strip_words(rest, &["for"]));
            (!query.is_empty()).then_some(Step::Search { query })
        }
        "stop" | "done" | "finish" | "quit" | "exit" | "end" => Some(Step::Stop),
        _ => None,
    }
}

fn starts_with_any(text: &str, prefixes: &[&str]) -> bool {
    prefixes.iter().any(|p| text.starts_with(p))
}
