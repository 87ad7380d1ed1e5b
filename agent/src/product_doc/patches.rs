//! Patches for the Product Doc, made without a model: from the person's answers to questions
//! and from the site tools' structured results.

use serde_json::Value;
use tandem_protocol::{Answer, DocAuthor, Question};

use super::DocPatch;

/// Site tools whose results patch the doc, and the section each one writes.
const BRIEF_TOOL: &str = "analyze_brief";
const DESIGN_TOOL: &str = "create_design_system";
const PAGE_TOOL: &str = "generate_page";

/// One section per answered question: the question's prompt, the person's answer. Questions
/// whose ids are in `left_out` (the planner's questions about which element was meant, not
/// about the project) are left out.
pub fn from_answers(
    questions: &[Question],
    answers: &[Answer],
    left_out: &[&str],
) -> Vec<DocPatch> {
    answers
        .iter()
        .filter(|answer| !left_out.contains(&answer.question_id.as_str()))
        .filter_map(|answer| {
            let question = questions.iter().find(|q| q.id == answer.question_id)?;
            let content = answer.values.join(", ");
            Some(DocPatch {
                title: question.prompt.trim().trim_end_matches('?').to_owned(),
                content,
                by: DocAuthor::Person,
            })
        })
        .collect()
}

/// Patches from a site tool's structured result (`None` for other tools). A tool's name may
/// carry a server prefix (`site__generate_page`).
pub fn from_tool(name: &str, structured: &Value, pages_so_far: Option<&str>) -> Vec<DocPatch> {
    let base = name.rsplit("__").next().unwrap_or(name);
    match base {
        BRIEF_TOOL => brief(structured),
        DESIGN_TOOL => vec![agent("Design system", &flatten(structured))],
        PAGE_TOOL => {
            let page = ["path", "file", "name", "title", "page"]
                .iter()
                .find_map(|key| structured.get(key).and_then(Value::as_str))
                .map(str::to_owned)
                .unwrap_or_else(|| flatten(structured));
            let mut pages: Vec<String> = pages_so_far
                .map(|p| p.split(", ").map(str::to_owned).collect())
                .unwrap_or_default();
            if !pages.contains(&page) {
                pages.push(page);
            }
            vec![agent("Pages", &pages.join(", "))]
        }
        _ => Vec::new(),
    }
}

/// A brief's top-level fields, one section each ("target_audience" → "Target audience").
fn brief(structured: &Value) -> Vec<DocPatch> {
    let Some(fields) = structured.as_object() else {
        return vec![agent("Brief", &flatten(structured))];
    };
    fields
        .iter()
        .map(|(key, value)| agent(&title_of(key), &flatten(value)))
        .collect()
}

fn agent(title: &str, content: &str) -> DocPatch {
    DocPatch {
        title: title.to_owned(),
        content: content.to_owned(),
        by: DocAuthor::Agent,
    }
}

fn title_of(key: &str) -> String {
    let words = key.replace(['_', '-'], " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A JSON value as one compact line: strings as they are, lists joined, objects as `key: value`.
fn flatten(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Array(items) => items.iter().map(flatten).collect::<Vec<_>>().join(", "),
        Value::Object(fields) => fields
            .iter()
            .map(|(key, value)| format!("{key}: {}", flatten(value)))
            .collect::<Vec<_>>()
            .join("; "),
        Value::Null => String::new(),
        Value::Bool(_) | Value::Number(_) => value.to_string(),
    }
}
