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

/// The doc section that lists the site's pages; a session whose doc has it has a site.
pub const PAGES_SECTION: &str = "Pages";
/// The doc section with the site's brand choices.
pub const DESIGN_SECTION: &str = "Design system";

/// Keys of `analyze_brief`'s result that are plumbing for the tools, not the person's project.
const BRIEF_PLUMBING: &[&str] = &[
    "data_model",
    "pages",
    "open_questions",
    "vague",
    "source",
    "structure",
    "scenario",
];

/// Patches from a site tool's structured result (`None` for other tools). A tool's name may
/// carry a server prefix (`site__generate_page`). Pages are listed as slug, title and address
/// (never sizes or times); the design system as its brand colours and fonts.
pub fn from_tool(name: &str, structured: &Value, pages_so_far: Option<&str>) -> Vec<DocPatch> {
    let base = name.rsplit("__").next().unwrap_or(name);
    match base {
        BRIEF_TOOL => brief(structured),
        DESIGN_TOOL => vec![agent(DESIGN_SECTION, &design(structured))],
        PAGE_TOOL => {
            let (slug, entry) = page_entry(structured);
            let mut pages: Vec<String> = pages_so_far
                .map(|p| p.split("; ").map(str::to_owned).collect())
                .unwrap_or_default();
            pages.retain(|p| !p.is_empty() && p != &slug && !p.starts_with(&format!("{slug} ")));
            pages.push(entry);
            vec![agent(PAGES_SECTION, &pages.join("; "))]
        }
        _ => Vec::new(),
    }
}

/// A generated page as `slug "Title" at address` (its slug alone is the key), from
/// `{page: {slug, title, url}}`, or a model tool's `{path}`/`{file}`/`{name}`.
fn page_entry(structured: &Value) -> (String, String) {
    let page = structured.get("page").unwrap_or(structured);
    let text = |key: &str| page.get(key).and_then(Value::as_str).map(str::to_owned);
    let slug = ["slug", "path", "file", "name"]
        .iter()
        .find_map(|key| text(key))
        .unwrap_or_else(|| "page".to_owned());
    let mut entry = slug.clone();
    if let Some(title) = text("title").filter(|t| !t.is_empty()) {
        entry.push_str(&format!(" \"{title}\""));
    }
    if let Some(url) = text("url") {
        entry.push_str(&format!(" at {url}"));
    }
    (slug, entry)
}

/// The brand choices of a design system: its primary and accent colours, the header's colour
/// when it has its own, and the fonts ("same as body" for headings that follow the body).
fn design(structured: &Value) -> String {
    let Some(tokens) = structured.get("tokens").and_then(Value::as_object) else {
        return flatten(structured);
    };
    let token = |name: &str| tokens.get(name).and_then(Value::as_str);
    let mut parts = Vec::new();
    for (name, label) in [
        ("color-primary", "primary"),
        ("color-accent", "accent"),
        ("color-header", "header"),
    ] {
        if let Some(value) = token(name) {
            parts.push(format!("{label} {value}"));
        }
    }
    let family = |stack: &str| -> String {
        if stack.contains("var(--font-body)") {
            "same as body".to_owned()
        } else {
            stack
                .split(',')
                .next()
                .unwrap_or(stack)
                .trim()
                .trim_matches('"')
                .to_owned()
        }
    };
    if let Some(font) = token("font-heading") {
        parts.push(format!("headings {}", family(font)));
    }
    if let Some(font) = token("font-body") {
        parts.push(format!("body {}", family(font)));
    }
    parts.join(", ")
}

/// A brief's top-level fields, one section each ("target_audience" → "Target audience"),
/// leaving out the tools' plumbing and empty fields; sections by their labels, the main task
/// by its kind.
fn brief(structured: &Value) -> Vec<DocPatch> {
    let Some(fields) = structured.as_object() else {
        return vec![agent("Brief", &flatten(structured))];
    };
    fields
        .iter()
        .filter(|(key, _)| !BRIEF_PLUMBING.contains(&key.as_str()))
        .map(|(key, value)| {
            let content = match (key.as_str(), value) {
                ("sections", Value::Array(items)) => items
                    .iter()
                    .map(|item| item.get("label").map_or_else(|| flatten(item), flatten))
                    .collect::<Vec<_>>()
                    .join(", "),
                ("task", Value::Object(task)) => {
                    task.get("kind").map_or_else(|| flatten(value), flatten)
                }
                _ => flatten(value),
            };
            (key, content)
        })
        .filter(|(_, content)| !content.trim().is_empty())
        .map(|(key, content)| agent(&title_of(key), &content))
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
