use super::{answer_pairs, parse};
use crate::planner::instruction::step::{Ordinal, Question, Step};

fn answers(clause: &str) -> Option<Vec<(String, Question)>> {
    answer_pairs(parse(clause))
}

fn about(words: &[&str]) -> Question {
    Question::About(words.iter().map(|w| (*w).to_owned()).collect())
}

#[test]
fn an_answer_is_named_by_its_question() {
    let yes = |q| Some(vec![("yes".to_owned(), q)]);
    assert_eq!(
        answers("choose Yes under the last question"),
        yes(Question::At(Ordinal::Last))
    );
    assert_eq!(
        answers("Under the question about refunds, click Yes"),
        yes(about(&["refunds"]))
    );
    assert_eq!(
        answers("pick Yes for the question about paying with a gift card"),
        yes(about(&["paying", "gift", "card"]))
    );
    assert_eq!(
        answers(
            "Answer No to the question about the newsletter and Yes to the one about recommending us"
        ),
        Some(vec![
            ("no".to_owned(), about(&["newsletter"])),
            ("yes".to_owned(), about(&["recommending"])),
        ])
    );
    assert_eq!(
        answers("answer No to the first question"),
        Some(vec![("no".to_owned(), Question::At(Ordinal::Nth(1)))])
    );
}

#[test]
fn a_yes_or_no_names_its_question_by_topic() {
    assert_eq!(
        answers("say yes to being allowed to work in the UK and no to needing sponsorship"),
        Some(vec![
            ("yes".to_owned(), about(&["allowed", "work", "in", "uk"])),
            ("no".to_owned(), about(&["needing", "sponsorship"])),
        ])
    );
    assert_eq!(
        answers("tick no for the newsletter, yes about recommending us"),
        Some(vec![
            ("no".to_owned(), about(&["newsletter"])),
            ("yes".to_owned(), about(&["recommending"])),
        ])
    );
}

#[test]
fn a_question_named_first_takes_the_answer_of_the_next_clause() {
    use crate::planner::instruction::parse::parse_message;
    let parsed = parse_message("under the second question, choose No");
    assert_eq!(parsed.steps.len(), 1);
    assert!(matches!(
        &parsed.steps[0].0,
        Step::Answer { option, question: Question::At(Ordinal::Nth(2)) } if option == "no"
    ));
    assert!(parsed.ignored.is_empty());
}

#[test]
fn other_words_name_no_question() {
    for clause in [
        "choose Yes",
        "click the Edit button in the row for Ada",
        "pick Blue for the colour",
        "pick Blue about the colour",
        "say yes to the question",
        "select No to the question",
        "choose Yes under the last question and cc my boss",
    ] {
        assert_eq!(answers(clause), None, "{clause}");
    }
}
