//! An answer named by its question: "choose Yes under the last question", "Under the question
//! about refunds, click No", "Answer No to the question about the newsletter and Yes to the one
//! about recommending us".
//!
//! In: one clause. Out: one [`Step::Answer`] per answer, or `None` when the clause names no
//! question. A question is the group of answers that share one context (the heading, legend
//! or row the snapshot gives them), in document order. "The Nth / last question" counts those
//! groups; "the question about X" is the one group whose context holds the most of X's words
//! (a tie asks). A question whose answers are hidden in a collapsed section ("Was this
//! helpful?" under an FAQ) is opened first: the collapsed control named like it. A yes or no
//! may name its question by topic alone ("say yes to being allowed to work in the UK and no to
//! needing sponsorship", "no to the newsletter, yes to being contacted"): the words after the
//! link are the question's "about". Terse forms are read in `terse_answers`.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::decision::{Decision, act};
use super::locate::{ask_again, ask_which};
use super::matching::normalize;
use super::progress::StepState;
use super::report::describe;
use super::step::{Ordinal, Question, Step, ordinal_of};
use crate::action::Action;

/// Verbs that give an answer.
const VERBS: &[&str] = &[
    "choose", "pick", "select", "click", "tick", "answer", "say", "put",
];
/// Words before the question ("Yes under the last question").
const LINKS: &[&str] = &["under", "for", "to", "on", "in", "about"];
/// Answers that name their question by its topic alone ("yes to being allowed to work").
const POLAR: &[&str] = &["yes", "no"];
/// Words that carry no meaning of a question's text.
const EMPTY: &[&str] = &[
    "the", "a", "an", "to", "of", "us", "me", "my", "your", "with", "and", "or", "by", "about",
    "one", "question", "is", "it", "you", "we", "being",
];

/// "the last question", "the question about refunds", "the one about recommending us".
fn question(words: &[&str]) -> Option<Question> {
    let words: Vec<&str> = words
        .iter()
        .copied()
        .skip_while(|w| ["the", "that", "this"].contains(w))
        .collect();
    match words.as_slice() {
        [n, "question"] => ordinal_of(n).map(Question::At),
        ["question" | "one", "about", topic @ ..] => about(topic),
        _ => None,
    }
}

/// The question named by its topic's words (the empty words left out); none without a topic.
fn about(topic: &[&str]) -> Option<Question> {
    let words: Vec<String> = topic
        .iter()
        .filter(|w| !EMPTY.contains(w))
        .map(|w| (*w).to_owned())
        .collect();
    (!words.is_empty()).then_some(Question::About(words))
}

/// The (answer, question) pairs of the answer steps a reader of answers gave: the tests of
/// `questions` and `terse_answers` read their results through it.
#[cfg(test)]
pub(super) fn answer_pairs(steps: Option<Vec<Step>>) -> Option<Vec<(String, Question)>> {
    steps.map(|steps| {
        steps
            .into_iter()
            .filter_map(|s| match s {
                Step::Answer { option, question } => Some((option, question)),
                _ => None,
            })
            .collect()
    })
}

/// Whether a clause only names a question ("Under the question about refunds"): the answer
/// follows in the next clause.
pub(super) fn only_question(clause: &str) -> bool {
    let lower = clause.to_lowercase().replace([',', ':'], " ");
    let words: Vec<&str> = lower.split_whitespace().collect();
    matches!(words.as_slice(), ["under" | "for", rest @ ..] if question(rest).is_some())
}

/// "Yes under the last question" → the answer and its question.
fn pair(words: &[&str]) -> Option<(String, Question)> {
    let at = words.iter().position(|w| LINKS.contains(w))?;
    let answer = &words[..at];
    if answer.is_empty() || answer.len() > 3 {
        return None;
    }
    let topic = &words[at + 1..];
    let question = question(topic).or_else(|| match answer {
        [polar] if POLAR.contains(polar) && !topic.contains(&"question") => about(topic),
        _ => None,
    })?;
    Some((answer.join(" "), question))
}

/// The answers a clause gives (see the module docs).
pub(super) fn parse(clause: &str) -> Option<Vec<Step>> {
    let lower = clause
        .to_lowercase()
        .replace([',', ';'], " , ")
        .replace(['.', '!', '?'], " ");
    let words: Vec<&str> = lower.split_whitespace().collect();
    let steps = |pairs: Vec<(String, Question)>| {
        pairs
            .into_iter()
            .map(|(option, question)| Step::Answer { option, question })
            .collect::<Vec<_>>()
    };
    match words.as_slice() {
        // "Under the question about refunds, click No".
        ["under" | "for", rest @ ..] => {
            let rest: Vec<&str> = rest.iter().copied().filter(|w| *w != ",").collect();
            let verb = rest.iter().position(|w| VERBS.contains(w))?;
            let answer = &rest[verb + 1..];
            if answer.is_empty() || answer.len() > 3 {
                return None;
            }
            let question = question(&rest[..verb])?;
            Some(steps(vec![(answer.join(" "), question)]))
        }
        // "choose Yes under the last question and No to the one about …".
        [verb, rest @ ..] if VERBS.contains(verb) => {
            let pairs: Option<Vec<_>> = rest
                .split(|w| *w == "and" || *w == ",")
                .filter(|piece| !piece.is_empty())
                .map(pair)
                .collect();
            Some(steps(pairs?))
        }
        _ => None,
    }
}

/// Whether `text` holds `word` (or a word sharing its first five letters: "refunds",
/// "refund").
fn holds(text: &str, word: &str) -> bool {
    text.split(' ')
        .any(|t| t == word || (t.len() >= 5 && word.len() >= 5 && t.get(..5) == word.get(..5)))
}

fn score(text: &str, about: &[String]) -> usize {
    let text = normalize(text);
    about.iter().filter(|w| holds(&text, w)).count()
}

/// "say it was helpful": the words are in a prompt shown on the answers' line ("Was this
/// helpful? Yes No"), not in their question. The question of the answers on such lines, when
/// they all belong to one.
fn by_prompt<'s>(snap: &Snapshot, answers: &[&'s Element], about: &[String]) -> Option<&'s str> {
    let mut groups: Vec<&str> = Vec::new();
    for text in snap
        .texts
        .iter()
        .filter(|t| score(&t.text, about) * 2 > about.len())
    {
        for el in answers {
            let on_line = text.y >= el.rect.y - 20.0 && text.y <= el.rect.y + el.rect.h;
            if let (true, Some(context)) = (on_line, el.context.as_deref())
                && !groups.contains(&context)
            {
                groups.push(context);
            }
        }
    }
    match groups.as_slice() {
        [one] => Some(one),
        _ => None,
    }
}

/// The step's next decision: the answer of that question, once.
pub(super) fn decide(
    option: &str,
    which: &Question,
    snap: &Snapshot,
    state: &StepState,
) -> Result<Decision, Decision> {
    let wanted = normalize(option);
    // Once the answer was clicked, the question is answered.
    if let Some(done) = state.acted.iter().find(|el| normalize(&el.name) == wanted) {
        return Ok(Decision::Skip {
            note: format!("answered {}", done.name),
        });
    }
    let answers: Vec<&Element> = snap
        .elements
        .iter()
        .filter(|el| !el.disabled && normalize(&el.name) == normalize(option))
        .filter(|el| el.context.is_some())
        .collect();
    // The page's questions: the contexts of controls like the answers, in document order.
    let role = answers.first().map(|el| el.role.as_str());
    let mut groups: Vec<&str> = Vec::new();
    for el in &snap.elements {
        if Some(el.role.as_str()) == role
            && let Some(context) = el.context.as_deref()
            && !groups.contains(&context)
        {
            groups.push(context);
        }
    }
    let group = match which {
        Question::At(Ordinal::Last) => groups.last().copied(),
        Question::At(Ordinal::Nth(n)) => n.checked_sub(1).and_then(|i| groups.get(i)).copied(),
        Question::Offering => {
            let offering: Vec<&str> = groups
                .iter()
                .copied()
                .filter(|g| answers.iter().any(|el| el.context.as_deref() == Some(*g)))
                .collect();
            match offering.as_slice() {
                [one] => Some(*one),
                [] => None,
                _ => return Err(ask_which(state, option, &answers)),
            }
        }
        Question::About(about) => {
            // Only questions that show this answer (a section's heading is no question).
            let answered: Vec<&str> = groups
                .iter()
                .copied()
                .filter(|g| answers.iter().any(|el| el.context.as_deref() == Some(*g)))
                .collect();
            let best = answered.iter().map(|g| score(g, about)).max().unwrap_or(0);
            let top: Vec<&str> = answered
                .into_iter()
                .filter(|g| best > 0 && score(g, about) == best)
                .collect();
            if top.len() > 1 {
                let tied: Vec<&Element> = answers
                    .iter()
                    .copied()
                    .filter(|el| el.context.as_deref().is_some_and(|c| top.contains(&c)))
                    .collect();
                return Err(ask_which(state, option, &tied));
            }
            match top.first() {
                Some(g) => Some(*g),
                None if let Some(g) = by_prompt(snap, &answers, about) => Some(g),
                // Answers hidden under a collapsed question: open it first.
                None if state.actions == 0 => {
                    let opener = snap.elements.iter().find(|el| {
                        el.expanded == Some(false) && score(&el.name, about) * 2 > about.len()
                    });
                    if let Some(opener) = opener {
                        return Ok(act(
                            Action::Click {
                                eid: opener.eid.clone(),
                            },
                            format!("open {}", describe(opener)),
                        ));
                    }
                    None
                }
                None => None,
            }
        }
    };
    let answer = group.and_then(|g| answers.iter().find(|el| el.context.as_deref() == Some(g)));
    match answer {
        Some(el) if el.checked == Some(true) => Ok(Decision::Skip {
            note: format!("{} is already chosen", describe(el)),
        }),
        Some(el) => Ok(act(
            Action::Click {
                eid: el.eid.clone(),
            },
            format!("choose {}", describe(el)),
        )),
        None => Err(ask_again(
            state,
            format!("I could not find the answer \"{option}\" of that question on this page."),
        )),
    }
}

#[cfg(test)]
#[path = "questions_tests.rs"]
mod tests;
