use tandem_protocol::QuestionOption;

use super::*;

fn question(id: &str, kind: QuestionKind, options: &[&str]) -> Question {
    Question {
        id: id.to_owned(),
        prompt: format!("Question {id}?"),
        kind,
        options: options
            .iter()
            .map(|value| QuestionOption {
                value: (*value).to_owned(),
                label: value.to_uppercase(),
            })
            .collect(),
    }
}

fn answer(id: &str, values: &[&str]) -> Answer {
    Answer {
        question_id: id.to_owned(),
        values: values.iter().map(|v| (*v).to_owned()).collect(),
    }
}

fn asked() -> Vec<Question> {
    vec![
        question("size", QuestionKind::Radio, &["s", "m", "l"]),
        question("extras", QuestionKind::Checkbox, &["wrap", "card"]),
        question("note", QuestionKind::Text, &[]),
    ]
}

#[test]
fn answers_that_fit_their_questions_are_accepted() {
    let answers = [
        answer("size", &["m"]),
        answer("extras", &["wrap", "card"]),
        answer("note", &["ring twice"]),
    ];
    assert_eq!(check_answers(&asked(), &answers), Ok(()));
}

#[test]
fn questions_may_be_left_unanswered() {
    assert_eq!(check_answers(&asked(), &[]), Ok(()));
    assert_eq!(check_answers(&asked(), &[answer("note", &[])]), Ok(()));
}

#[test]
fn an_answer_to_a_question_that_was_not_asked_is_refused() {
    assert_eq!(
        check_answers(&asked(), &[answer("bogus", &["x"])]),
        Err(AnswerError::UnknownQuestion("bogus".to_owned()))
    );
}

#[test]
fn a_value_outside_the_options_is_refused_and_the_options_are_named() {
    let refused = check_answers(&asked(), &[answer("size", &["xl"])]).unwrap_err();
    assert_eq!(
        refused,
        AnswerError::NotAnOption {
            question_id: "size".to_owned(),
            value: "xl".to_owned(),
            allowed: vec!["s".to_owned(), "m".to_owned(), "l".to_owned()],
        }
    );
    assert_eq!(
        refused.to_string(),
        "`xl` is not an option of question `size` (one of: s, m, l)"
    );
    assert!(matches!(
        check_answers(&asked(), &[answer("extras", &["wrap", "bow"])]),
        Err(AnswerError::NotAnOption { value, .. }) if value == "bow"
    ));
}

#[test]
fn a_radio_or_text_question_takes_one_value() {
    assert_eq!(
        check_answers(&asked(), &[answer("size", &["s", "m"])]),
        Err(AnswerError::TooManyValues {
            question_id: "size".to_owned(),
            count: 2,
        })
    );
    assert!(matches!(
        check_answers(&asked(), &[answer("note", &["a", "b"])]),
        Err(AnswerError::TooManyValues { .. })
    ));
}

#[test]
fn a_question_answered_twice_in_one_reply_is_refused() {
    assert_eq!(
        check_answers(&asked(), &[answer("size", &["s"]), answer("size", &["m"])]),
        Err(AnswerError::Repeated("size".to_owned()))
    );
}

#[test]
fn a_choice_without_options_cannot_be_asked() {
    for kind in [QuestionKind::Radio, QuestionKind::Checkbox] {
        let open = [question("city", kind, &[])];
        let error = check_questions(&open).unwrap_err();
        assert!(
            matches!(&error, QuestionError::NoOptions { question_id, .. } if question_id == "city"),
            "{error:?}"
        );
        assert!(error.to_string().contains("`text` question"), "{error}");
    }
    assert_eq!(check_questions(&asked()), Ok(()));
    assert_eq!(check_questions(&[]), Err(QuestionError::NoQuestions));
    let twice = [
        question("size", QuestionKind::Text, &[]),
        question("size", QuestionKind::Text, &[]),
    ];
    assert_eq!(
        check_questions(&twice),
        Err(QuestionError::RepeatedId("size".to_owned()))
    );
}

#[test]
fn a_message_that_names_an_option_or_fills_a_text_question_answers_it() {
    let size = [question("size", QuestionKind::Radio, &["small", "large"])];
    assert_eq!(
        answers_from_message(&size, " Large. "),
        Some(vec![answer("size", &["large"])])
    );
    assert_eq!(
        answers_from_message(&size, "\"small\""),
        Some(vec![answer("size", &["small"])])
    );
    let extras = [question(
        "extras",
        QuestionKind::Checkbox,
        &["wrap", "card"],
    )];
    assert_eq!(
        answers_from_message(&extras, "card and wrap"),
        Some(vec![answer("extras", &["card", "wrap"])])
    );
    let note = [question("note", QuestionKind::Text, &[])];
    assert_eq!(
        answers_from_message(&note, "ring twice"),
        Some(vec![answer("note", &["ring twice"])])
    );
}

#[test]
fn a_message_that_is_not_an_answer_answers_nothing() {
    let size = [question("size", QuestionKind::Radio, &["small", "large"])];
    assert_eq!(answers_from_message(&size, "no, not large"), None);
    assert_eq!(answers_from_message(&size, "   "), None);
    let extras = [question(
        "extras",
        QuestionKind::Checkbox,
        &["wrap", "card"],
    )];
    assert_eq!(answers_from_message(&extras, "wrap and a bow"), None);
    // Several questions: one message cannot tell which it answers.
    assert_eq!(answers_from_message(&asked(), "m"), None);
}
