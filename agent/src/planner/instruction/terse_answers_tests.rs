use super::parse;
use crate::planner::instruction::questions::answer_pairs;
use crate::planner::instruction::step::Question;

fn answers(clause: &str) -> Option<Vec<(String, Question)>> {
    answer_pairs(parse(clause))
}

fn about(words: &[&str]) -> Question {
    Question::About(words.iter().map(|w| (*w).to_owned()).collect())
}

#[test]
fn sentences_of_question_and_answer() {
    assert_eq!(
        answers("on time? no. anything missing? no. give it 4 out of 5"),
        Some(vec![
            ("no".to_owned(), about(&["on", "time"])),
            ("no".to_owned(), about(&["anything", "missing"])),
            ("4".to_owned(), Question::Offering),
        ])
    );
    assert_eq!(
        answers("first order? yes; rate it five stars"),
        Some(vec![
            ("yes".to_owned(), about(&["first", "order"])),
            ("5".to_owned(), Question::Offering),
        ])
    );
}

#[test]
fn other_clauses_are_left_alone() {
    for clause in [
        "can you click Save?",
        "on time? no. and cc my boss on it",
        "give it to Ada",
        "what is on this page?",
    ] {
        assert_eq!(answers(clause), None, "{clause}");
    }
}
