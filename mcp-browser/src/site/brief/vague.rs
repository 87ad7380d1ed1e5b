//! A brief too vague to build from: the 3 to 5 structured questions to ask first, and the
//! person's answers turned back into more of the brief.

use super::vocab::SectionKind;
use super::{AnswerKind, OpenQuestion};

/// The questions for a vague brief (3 to 5): what it does, its name, where, which sections,
/// and the main action; no style question when the brief already says a style.
pub fn questions(text: &str) -> Vec<OpenQuestion> {
    let lower = text.to_lowercase();
    let mut questions = vec![
        OpenQuestion {
            id: "what".into(),
            question: "What does your business do?".into(),
            kind: AnswerKind::Text,
            options: vec![
                "e.g. dog grooming".into(),
                "e.g. a café".into(),
                "e.g. plumbing".into(),
            ],
        },
        OpenQuestion {
            id: "name".into(),
            question: "What is it called?".into(),
            kind: AnswerKind::Text,
            options: Vec::new(),
        },
        OpenQuestion {
            id: "place".into(),
            question: "Where are you based?".into(),
            kind: AnswerKind::Text,
            options: Vec::new(),
        },
        OpenQuestion {
            id: "sections".into(),
            question: "What should the site show?".into(),
            kind: AnswerKind::Checkbox,
            options: [
                SectionKind::Services,
                SectionKind::Prices,
                SectionKind::Hours,
                SectionKind::Reviews,
                SectionKind::Gallery,
                SectionKind::Faq,
                SectionKind::Location,
            ]
            .iter()
            .map(|k| k.default_label().to_owned())
            .collect(),
        },
        OpenQuestion {
            id: "task".into(),
            question: "What should visitors be able to do?".into(),
            kind: AnswerKind::Radio,
            options: vec![
                "Book an appointment".into(),
                "Ask for a quote".into(),
                "Send a message".into(),
                "Just find information".into(),
            ],
        },
    ];
    let styled = [
        "modern", "clean", "minimal", "colour", "color", "style", "look",
    ]
    .iter()
    .any(|w| lower.contains(w));
    if !styled && questions.len() < 5 {
        questions.push(OpenQuestion {
            id: "style".into(),
            question: "What look do you want?".into(),
            kind: AnswerKind::Radio,
            options: vec![
                "Warm".into(),
                "Fresh".into(),
                "Bold".into(),
                "Let Tandem choose".into(),
            ],
        });
    }
    questions
}

/// The answers to [`questions`] as more of the brief ("Name: Muddy Paws. Sections: …").
pub fn answers_as_brief(answers: &[(String, Vec<String>)]) -> String {
    answers
        .iter()
        .filter(|(_, values)| values.iter().any(|v| !v.trim().is_empty()))
        .map(|(id, values)| {
            let joined = values.join(", ");
            match id.as_str() {
                "what" => format!("Business: {joined}."),
                "name" => format!("We're called {joined}."),
                "place" => format!("Based in {joined}."),
                "sections" => format!("Sections: {joined}."),
                "task" if joined.to_lowercase().contains("message") => {
                    "Main action: a contact form.".to_owned()
                }
                "task" => format!("Main action: {joined}."),
                _ => format!("{joined}."),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
