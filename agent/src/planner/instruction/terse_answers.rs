//! Answers written as a form is read aloud: "on time? no. anything missing? no. give it 4 out
//! of 5". Each sentence is a question's words and its short answer, or a rating.
//!
//! In: one clause. Out: one [`Step::Answer`] per sentence, or `None` unless every sentence is
//! such an answer (a clause half understood is left to the other phrasings). "X? no" is the
//! answer "no" of the question about X's words (`questions`); "4 out of 5", "give it 4/5",
//! "rate it 4 stars" is the answer "4" of the one question that offers it.

use super::step::{Question, Step};
use super::value_format::number;

/// Words that carry no meaning of a question's text.
const EMPTY: &[&str] = &[
    "the", "a", "an", "to", "of", "it", "was", "is", "did", "do", "you", "your", "my", "and", "or",
    "please", "so",
];
/// Words before a rating ("give it 4 out of 5", "I'd rate it 4").
const RATING_LEADS: &[&str] = &[
    "give", "rate", "i'd", "id", "i", "would", "it", "them", "us", "a", "score",
];

/// The answers a clause gives (see the module docs).
pub(super) fn parse(clause: &str) -> Option<Vec<Step>> {
    if !clause.contains('?') {
        return None;
    }
    let mut steps = Vec::new();
    for sentence in clause
        .split(['.', ';', '!', ','])
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        steps.push(answer(sentence).or_else(|| rating(sentence))?);
    }
    (steps.len() >= 2).then_some(steps)
}

/// "on time? no": a question's words, "?", an answer of at most three words.
fn answer(sentence: &str) -> Option<Step> {
    let (question, answer) = sentence.split_once('?')?;
    let answer = answer.trim().to_lowercase();
    let words = answer.split_whitespace().count();
    if words == 0 || words > 3 {
        return None;
    }
    let about: Vec<String> = question
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty() && !EMPTY.contains(w))
        .map(str::to_owned)
        .collect();
    if about.is_empty() || about.len() > 6 {
        return None;
    }
    Some(Step::Answer {
        option: answer,
        question: Question::About(about),
    })
}

/// "give it 4 out of 5", "4/5", "rate it 4 stars": the answer "4" of the one scale.
fn rating(sentence: &str) -> Option<Step> {
    let lower = sentence.to_lowercase().replace('/', " out of ");
    let words: Vec<&str> = lower
        .split_whitespace()
        .skip_while(|w| RATING_LEADS.contains(w))
        .collect();
    let value = match words.as_slice() {
        [n, "out", "of", _] | [n, "stars" | "star"] | [n, "out", "of", _, "stars"] => *n,
        _ => return None,
    };
    let value = number(value)?;
    Some(Step::Answer {
        option: value,
        question: Question::Offering,
    })
}

#[cfg(test)]
#[path = "terse_answers_tests.rs"]
mod tests;
