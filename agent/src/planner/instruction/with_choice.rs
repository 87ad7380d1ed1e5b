//! A verb the vocabulary lacks, with the choice its flow asks for: "cancel booking 2231 but keep
//! the deposit", "cancel 2245 and refund the deposit please", "cancel booking 2232, keep the
//! deposit as credit".
//!
//! In ([`parse`]): a clause whose head is a [`Step::Act`] ("cancel booking 2231") and whose tail,
//! after "but", "and" or a comma, is a second verb on "the / my NOUN" ("keep the deposit").
//! Out: one [`Step::Fields`] holding the clause, carried out by [`decide`] (a sweep):
//! 1. the head, as `verbs` does it (the control named by the verb in the thing's row);
//! 2. in what that opened, the one choice (a radio or option) whose name holds the second verb
//!    ("Keep it as credit"), nearest the words of the noun when several do: never a button
//!    ("Keep booking" is not "keep the deposit");
//! 3. the control after that choice named by the first verb ("Cancel booking"), which the
//!    policy asks the person to confirm.
//!
//! A tail that negates ("don't refund") is not read here, so it stays not understood and the
//! run stops before anything commits. A choice the page does not offer stops the run before
//! step 3, quoting the words.
//!
//! [`Step::Fields`]: super::step::Step::Fields

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, click};
use super::matching::normalize;
use super::progress::StepState;
use super::report::describe;
use super::step::{Step, Target};
use super::verbs;

/// Words before the noun of the choice.
const DETERMINERS: &[&str] = &["the", "my", "our", "your", "its", "their"];
/// Words that end the noun.
const ENDS: &[&str] = &["as", "please", "pls", "thanks", "to", "into", "instead"];
/// Words of a negated tail.
const NEGATIONS: &[&str] = &["don't", "dont", "do", "not", "never", "no", "without"];

/// The clause read: the first verb and its thing, the choice's words and the noun's words.
#[derive(Debug, PartialEq)]
pub(super) struct Reading {
    pub verb: String,
    pub thing: String,
    /// The second verb, and the words after "as" ("keep … as credit").
    pub choice: Vec<String>,
    pub about: Vec<String>,
}

/// Reads a clause's words alone (see the module docs); `None` when it is not of that shape.
pub(super) fn read(clause: &str) -> Option<Reading> {
    let text = clause.trim().trim_end_matches(['.', '!']);
    let lower = text.to_lowercase();
    let (head, tail) = [" but ", ", but ", ", and ", " and ", ", "]
        .iter()
        .filter_map(|joiner| lower.find(joiner).map(|at| (at, joiner.len())))
        .min_by_key(|(at, _)| *at)
        .map(|(at, len)| (&text[..at], &lower[at + len..]))?;
    let head = head.trim().trim_end_matches(',');
    let mut head_words = head.split_whitespace();
    let verb = head_words.next()?.to_lowercase();
    let thing: Vec<&str> = head_words.collect();
    if thing.is_empty() || !verb.chars().all(char::is_alphabetic) {
        return None;
    }
    let tail: Vec<String> = tail
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| ",.;:!?".contains(c)).to_owned())
        .skip_while(|w| w == "but" || w == "and")
        .collect();
    let (second, rest) = tail.split_first()?;
    if tail.iter().any(|w| NEGATIONS.contains(&w.as_str()))
        || !second.chars().all(char::is_alphabetic)
        || !DETERMINERS.contains(&rest.first()?.as_str())
    {
        return None;
    }
    let noun: Vec<String> = rest[1..]
        .iter()
        .take_while(|w| !ENDS.contains(&w.as_str()))
        .cloned()
        .collect();
    let after = &rest[1 + noun.len()..];
    let mut choice = vec![second.clone()];
    match after.split_first() {
        None => {}
        Some((w, extra)) if w == "as" || w == "to" || w == "into" => {
            choice.extend(
                extra
                    .iter()
                    .filter(|w| !ENDS.contains(&w.as_str()))
                    .cloned(),
            );
        }
        Some(_) if after.iter().all(|w| ENDS.contains(&w.as_str())) => {}
        Some(_) => return None,
    }
    (!noun.is_empty() && noun.len() <= 3).then(|| Reading {
        verb,
        thing: thing.join(" "),
        choice,
        about: noun,
    })
}

/// The step for a clause of this shape whose head is an unknown verb's [`Step::Act`] and whose
/// second verb is none of the vocabulary's (`parse_clause`, `starts_with_verb` from `parse`).
pub(super) fn parse(
    clause: &str,
    parse_clause: impl Fn(&str) -> Vec<Step>,
    starts_with_verb: impl Fn(&str) -> bool,
) -> Option<Step> {
    let reading = read(clause)?;
    let head = format!("{} {}", reading.verb, reading.thing);
    let acts = matches!(
        parse_clause(&head).as_slice(),
        [Step::Act {
            message: None,
            renames: false,
            ..
        }]
    );
    (acts && !starts_with_verb(&reading.choice[0])).then(|| Step::Fields {
        text: clause.trim().to_owned(),
    })
}

/// Whether two words are one word said otherwise ("refund" / "refunded").
fn same_stem(said: &str, name: &str) -> bool {
    said == name
        || (said.len().min(name.len()) >= 4 && (said.starts_with(name) || name.starts_with(said)))
        || said
            .chars()
            .zip(name.chars())
            .take_while(|(a, b)| a == b)
            .count()
            >= 5
}

fn names_word(text: &str, said: &str) -> bool {
    normalize(text).split(' ').any(|w| same_stem(said, w))
}

fn says(el: &Element, verb: &str) -> bool {
    verbs::says_verb(el, &[verb.to_owned()]) > 0
}

fn is_choice(el: &Element) -> bool {
    matches!(el.role.as_str(), "radio" | "option" | "menuitemradio")
        || el.input_type.as_deref() == Some("radio")
}

/// The sweep's next decision (see the module docs).
pub(super) fn decide(text: &str, snap: &Snapshot, state: &StepState) -> Result<Decision, Decision> {
    let Some(reading) = read(text) else {
        return Err(Decision::Stop {
            reason: Some(format!("Stopped: I could not read \"{text}\".")),
        });
    };
    // 3 done: the first verb's control pressed after the choice.
    let chose = state.acted.iter().position(is_choice);
    if let Some(at) = chose
        && let Some(done) = state.acted[at + 1..]
            .iter()
            .find(|el| says(el, &reading.verb))
    {
        return Ok(Decision::Skip {
            note: format!("clicked {}", done.name),
        });
    }
    // 1. The head, as an unknown verb's step.
    if chose.is_none() {
        let thing = Target::parse(&reading.thing);
        match verbs::decide(
            std::slice::from_ref(&reading.verb),
            &thing,
            (None, false),
            snap,
            state,
        )? {
            Decision::Skip { .. } => {}
            other => return Ok(other),
        }
    }
    // 2. The choice it opened.
    let said = format!(
        "{} the {}",
        reading.choice.join(" "),
        reading.about.join(" ")
    );
    let choices: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| is_choice(el) && !el.disabled && names_word(&el.name, &reading.choice[0]))
        .collect();
    let near_noun = |el: &&&Element| {
        reading.about.iter().any(|w| {
            el.context.as_deref().is_some_and(|c| names_word(c, w)) || names_word(&el.name, w)
        })
    };
    let extra = |el: &&&Element| reading.choice[1..].iter().all(|w| names_word(&el.name, w));
    let ranked: Vec<&&Element> = match choices.as_slice() {
        [_] => choices.iter().collect(),
        _ => choices.iter().filter(near_noun).filter(extra).collect(),
    };
    let Some(choice) = (match ranked.as_slice() {
        [one] => Some(**one),
        _ => None,
    }) else {
        return Err(Decision::Stop {
            reason: Some(format!(
                "Stopped: I could not place \"{said}\": {} choices of this page say \"{}\", so I \
                 did not act on a guess.",
                ranked.len(),
                reading.choice[0]
            )),
        });
    };
    if choice.checked != Some(true) && choice.selected != Some(true) && !state.acted_on(choice) {
        return Ok(click(choice));
    }
    // 3. The control after the choice that the first verb names.
    let after = snap
        .elements
        .iter()
        .skip_while(|el| el.eid != choice.eid)
        .skip(1)
        .find(|el| {
            !el.disabled && !is_choice(el) && says(el, &reading.verb) && !state.acted_on(el)
        });
    match after {
        Some(el) => Ok(click(el)),
        None => Err(Decision::Stop {
            reason: Some(format!(
                "Stopped: I chose {} but found no control after it that says \"{}\".",
                describe(choice),
                reading.verb
            )),
        }),
    }
}
