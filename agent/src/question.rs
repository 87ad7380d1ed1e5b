//! Checks on structured questions the agent asks the person and on the person's answers (the
//! types are the protocol's: [`Question`], [`Answer`]).
//!
//! In: a planner puts [`Question`]s into [`crate::Action::AskUser`]. Out: the runtime pauses, the
//! action is validated with [`check_questions`] (a choice without options cannot be asked), the
//! UI renders them, and the reply comes back as [`Answer`]s in
//! [`crate::plan::StepOutcome::Answered`], once [`check_answers`] has found that they fit the
//! questions (a reply that does not fit is refused and the questions stay pending).

use tandem_protocol::{Answer, Question, QuestionKind};
use thiserror::Error;

/// Why an `ask_user` action cannot be asked as planned. The action is invalid: the planner is
/// told why and plans again.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum QuestionError {
    /// The action holds no question.
    #[error("ask_user needs at least one question")]
    NoQuestions,
    /// A `radio` or `checkbox` question lists no options to choose from.
    #[error(
        "question `{question_id}` is a {kind} question without options: give its options, or \
         ask it as a `text` question"
    )]
    NoOptions {
        /// The question.
        question_id: String,
        /// `radio` or `checkbox`.
        kind: &'static str,
    },
    /// Two questions share an id, so answers could not tell them apart.
    #[error("two questions have the id `{0}`")]
    RepeatedId(String),
}

/// Checks that `questions` can be asked: at least one, ids unique, every `radio` and
/// `checkbox` question with options.
pub fn check_questions(questions: &[Question]) -> Result<(), QuestionError> {
    if questions.is_empty() {
        return Err(QuestionError::NoQuestions);
    }
    for (index, question) in questions.iter().enumerate() {
        if questions[..index].iter().any(|q| q.id == question.id) {
            return Err(QuestionError::RepeatedId(question.id.clone()));
        }
        let kind = match question.kind {
            QuestionKind::Radio | QuestionKind::Checkbox => question.kind.name(),
            QuestionKind::Text => continue,
        };
        if question.options.is_empty() {
            return Err(QuestionError::NoOptions {
                question_id: question.id.clone(),
                kind,
            });
        }
    }
    Ok(())
}

/// Why a reply does not fit the questions it answers. The whole reply is refused and the
/// questions stay pending, so the person can answer again.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AnswerError {
    /// The answer names a question that was not asked.
    #[error("no question `{0}` was asked")]
    UnknownQuestion(String),
    /// The same question is answered twice in one reply.
    #[error("question `{0}` is answered more than once")]
    Repeated(String),
    /// A `radio` or `text` question got several values.
    #[error("question `{question_id}` takes one value, not {count}")]
    TooManyValues {
        /// The question answered.
        question_id: String,
        /// How many values came.
        count: usize,
    },
    /// A value is not one of the options of a `radio` or `checkbox` question.
    #[error(
        "`{value}` is not an option of question `{question_id}` (one of: {})",
        allowed.join(", ")
    )]
    NotAnOption {
        /// The question answered.
        question_id: String,
        /// The value that came.
        value: String,
        /// The option values the question offers.
        allowed: Vec<String>,
    },
}

/// Checks that `answers` fit `questions`: every answer names a question that was asked, at most
/// once; a `radio` or `text` answer has at most one value; a `radio` or `checkbox` question
/// takes only its options' values ([`check_questions`] keeps one without options from being
/// asked). No question is required: one left out, or answered with no value, is
/// unanswered.
pub fn check_answers(questions: &[Question], answers: &[Answer]) -> Result<(), AnswerError> {
    for (index, answer) in answers.iter().enumerate() {
        let id = answer.question_id.as_str();
        let question = questions
            .iter()
            .find(|q| q.id == id)
            .ok_or_else(|| AnswerError::UnknownQuestion(id.to_owned()))?;
        if answers[..index].iter().any(|a| a.question_id == id) {
            return Err(AnswerError::Repeated(id.to_owned()));
        }
        let single = match question.kind {
            QuestionKind::Radio | QuestionKind::Text => true,
            QuestionKind::Checkbox => false,
        };
        if single && answer.values.len() > 1 {
            return Err(AnswerError::TooManyValues {
                question_id: id.to_owned(),
                count: answer.values.len(),
            });
        }
        let closed = match question.kind {
            QuestionKind::Radio | QuestionKind::Checkbox => true,
            QuestionKind::Text => false,
        };
        if !closed {
            continue;
        }
        let offered = |value: &String| question.options.iter().any(|o| o.value == *value);
        if let Some(value) = answer.values.iter().find(|v| !offered(v)) {
            return Err(AnswerError::NotAnOption {
                question_id: id.to_owned(),
                value: value.clone(),
                allowed: question.options.iter().map(|o| o.value.clone()).collect(),
            });
        }
    }
    Ok(())
}

/// The answer a message typed while an ask was pending gives, when it answers it: with exactly
/// one question, a `text` question takes the whole message; a `radio` question takes the option
/// whose value or label the message is (letter case, surrounding quotes and end punctuation
/// aside); a `checkbox` question takes the options the message lists (separated by commas or
/// "and"), when every item is one. Anything else (several questions, a message that is not an
/// option) answers nothing: the message is then the person's reason for not answering.
pub fn answers_from_message(questions: &[Question], text: &str) -> Option<Vec<Answer>> {
    let [question] = questions else {
        return None;
    };
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let values = match question.kind {
        QuestionKind::Text => vec![text.to_owned()],
        QuestionKind::Radio => vec![option_named(question, text)?],
        QuestionKind::Checkbox => {
            let items = text
                .split([',', ';'])
                .flat_map(|part| part.split(" and "))
                .map(str::trim)
                .filter(|item| !item.is_empty());
            let mut values = Vec::new();
            for item in items {
                let value = option_named(question, item)?;
                if !values.contains(&value) {
                    values.push(value);
                }
            }
            if values.is_empty() {
                return None;
            }
            values
        }
    };
    Some(vec![Answer {
        question_id: question.id.clone(),
        values,
    }])
}

/// The value of the option of `question` whose value or label `said` is.
fn option_named(question: &Question, said: &str) -> Option<String> {
    let said = plain(said);
    question
        .options
        .iter()
        .find(|option| plain(&option.value) == said || plain(&option.label) == said)
        .map(|option| option.value.clone())
}

/// `text` lower-cased, without surrounding quotes, spaces and end punctuation.
fn plain(text: &str) -> String {
    text.trim()
        .trim_end_matches(['.', '!', '?'])
        .trim_matches(|c: char| {
            c.is_whitespace() || matches!(c, '"' | '\'' | '“' | '”' | '‘' | '’')
        })
        .to_lowercase()
}

#[cfg(test)]
#[path = "question_tests.rs"]
mod tests;
