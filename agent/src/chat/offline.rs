//! The offline answers, one per kind of question, matched by plain words (never by page- or
//! site-specific strings).

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::NEEDS_A_MODEL;
use crate::memory::SessionMemory;

/// Elements listed per answer.
const MAX_LISTED: usize = 15;

/// The answer to `message` from `snapshot` and `memory`, without a model.
pub fn answer_offline(
    message: &str,
    snapshot: Option<&Snapshot>,
    memory: &SessionMemory,
) -> String {
    let lower = message.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    if has(&[
        "last run",
        "did you do",
        "did you just",
        "what happened",
        "you just",
    ]) {
        return last_run(memory);
    }
    let Some(page) = snapshot.filter(|s| !s.url.is_empty() && s.url != "about:blank") else {
        return format!("No page is open yet, so there is nothing to describe. {NEEDS_A_MODEL}");
    };
    if let Some(answer) = field_content(&lower, page) {
        return answer;
    }
    if has(&["field", "input", "form", "textbox", "fill"]) {
        return listed(
            "fields",
            page.elements.iter().filter(|e| is_field(e)),
            field_line,
        );
    }
    if has(&["button"]) {
        return listed(
            "buttons",
            page.elements.iter().filter(|e| e.role == "button"),
            name_line,
        );
    }
    if has(&["link"]) {
        return listed(
            "links",
            page.elements.iter().filter(|e| e.role == "link"),
            link_line,
        );
    }
    if has(&[
        "page",
        "where are",
        "what is this",
        "what's this",
        "site",
        "title",
    ]) {
        return page_line(page);
    }
    format!("{} {NEEDS_A_MODEL}", page_line(page))
}

fn last_run(memory: &SessionMemory) -> String {
    let Some(run) = memory.last_run() else {
        return "Nothing has run in this session yet.".to_owned();
    };
    let mut text = format!("The last run was \"{}\".", run.goal.trim());
    if run.actions.is_empty() {
        text.push_str(" It did nothing in the browser.");
    } else {
        text.push_str(&format!(" It did: {}.", run.actions.join("; ")));
    }
    if !run.declined.is_empty() {
        text.push_str(&format!(" You declined: {}.", run.declined.join("; ")));
    }
    if !run.final_answer.trim().is_empty() {
        text.push_str(&format!(" It ended with: {}", run.final_answer.trim()));
    }
    text
}

fn page_line(page: &Snapshot) -> String {
    let heading = page
        .texts
        .iter()
        .find(|t| t.kind == "heading")
        .map(|t| format!(", headed \"{}\"", t.text.trim()))
        .unwrap_or_default();
    let count = |pred: fn(&Element) -> bool| page.elements.iter().filter(|e| pred(e)).count();
    format!(
        "This is \"{}\" ({}){heading}. It has {} fields, {} buttons and {} links.",
        page.title.trim(),
        page.url,
        count(is_field),
        count(|e| e.role == "button"),
        count(|e| e.role == "link"),
    )
}

/// "what is in X", "what does X contain", "value of X": the field named in the message.
fn field_content(lower: &str, page: &Snapshot) -> Option<String> {
    let asks = [
        "contain",
        "what is in",
        "what's in",
        "value of",
        "written in",
        "typed in",
    ]
    .iter()
    .any(|w| lower.contains(w));
    if !asks {
        return None;
    }
    let field = page
        .elements
        .iter()
        .filter(|e| is_field(e) && !e.name.trim().is_empty())
        .filter(|e| lower.contains(&e.name.trim().to_lowercase()))
        .max_by_key(|e| e.name.len())?;
    let name = field.name.trim();
    Some(if is_secret(field) {
        format!("\"{name}\" is a secret field: I never repeat what it holds.")
    } else {
        match field.value.as_deref().map(str::trim) {
            Some(value) if !value.is_empty() => format!("\"{name}\" contains \"{value}\"."),
            Some(_) | None => format!("\"{name}\" is empty."),
        }
    })
}

fn listed<'a>(
    what: &str,
    elements: impl Iterator<Item = &'a Element>,
    line: fn(&Element) -> String,
) -> String {
    let lines: Vec<String> = elements.map(line).collect();
    if lines.is_empty() {
        return format!("This page has no {what} that I can see.");
    }
    let more = lines.len().saturating_sub(MAX_LISTED);
    let mut text = format!(
        "This page has {} {what}: {}",
        lines.len(),
        lines[..lines.len() - more].join("; ")
    );
    if more > 0 {
        text.push_str(&format!("; and {more} more"));
    }
    text.push('.');
    text
}

fn is_field(element: &Element) -> bool {
    element.editable
        || matches!(
            element.role.as_str(),
            "textbox"
                | "searchbox"
                | "combobox"
                | "listbox"
                | "checkbox"
                | "radio"
                | "switch"
                | "spinbutton"
                | "slider"
        )
}

fn is_secret(element: &Element) -> bool {
    element.input_type.as_deref() == Some("password")
        || element.autocomplete.as_deref().is_some_and(|a| {
            a.contains("password") || a.starts_with("cc-") || a.contains("one-time-code")
        })
}

fn name_line(element: &Element) -> String {
    let name = element.name.trim();
    if name.is_empty() {
        format!("an unnamed {}", element.role)
    } else {
        format!("\"{name}\"")
    }
}

fn link_line(element: &Element) -> String {
    match element.href.as_deref() {
        Some(href) => format!("{} → {href}", name_line(element)),
        None => name_line(element),
    }
}

fn field_line(element: &Element) -> String {
    let mut line = format!("{} ({})", name_line(element), element.role);
    if let Some(checked) = element.checked {
        line.push_str(if checked {
            ", checked"
        } else {
            ", not checked"
        });
    } else if is_secret(element) {
        line.push_str(", secret");
    } else if let Some(value) = element
        .value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
    {
        line.push_str(&format!(", contains \"{value}\""));
    }
    line
}

#[cfg(test)]
mod tests {
    use tandem_mcp_browser::snapshot::TextBlock;

    use super::*;
    use crate::memory::RunSummary;
    use tandem_protocol::RunOutcome;

    fn field(eid: &str, name: &str, value: &str, input_type: &str) -> Element {
        Element {
            eid: eid.into(),
            role: "textbox".into(),
            name: name.into(),
            value: Some(value.into()),
            input_type: Some(input_type.into()),
            editable: true,
            ..Element::default()
        }
    }

    fn signup() -> Snapshot {
        Snapshot {
            url: "https://x.test/signup".into(),
            title: "Sign up".into(),
            elements: vec![
                field("e1", "Full name", "Ada", "text"),
                field("e2", "Password", "hunter2", "password"),
                Element {
                    eid: "e3".into(),
                    role: "link".into(),
                    name: "Terms".into(),
                    href: Some("https://x.test/terms".into()),
                    ..Element::default()
                },
            ],
            texts: vec![TextBlock {
                kind: "heading".into(),
                text: "Create your account".into(),
                ..TextBlock::default()
            }],
            ..Snapshot::default()
        }
    }

    #[test]
    fn answers_about_the_page_its_fields_links_and_a_fields_content_never_a_secret() {
        let page = signup();
        let memory = SessionMemory::default();
        let ask = |q: &str| answer_offline(q, Some(&page), &memory);
        assert_eq!(
            ask("What page is this?"),
            "This is \"Sign up\" (https://x.test/signup), headed \"Create your account\". It has \
             2 fields, 0 buttons and 1 links."
        );
        assert_eq!(
            ask("which fields can I fill?"),
            "This page has 2 fields: \"Full name\" (textbox), contains \"Ada\"; \"Password\" \
             (textbox), secret."
        );
        assert_eq!(
            ask("any links?"),
            "This page has 1 links: \"Terms\" → https://x.test/terms."
        );
        assert_eq!(
            ask("what does full name contain?"),
            "\"Full name\" contains \"Ada\"."
        );
        let secret = ask("what is in the password field?");
        assert!(!secret.contains("hunter2"), "{secret}");
        assert!(ask("write me a poem").ends_with(NEEDS_A_MODEL));
    }

    #[test]
    fn says_what_the_last_run_did() {
        let mut memory = SessionMemory::default();
        assert_eq!(
            answer_offline("what did you do?", None, &memory),
            "Nothing has run in this session yet."
        );
        memory.remember(RunSummary {
            run_id: "r1".into(),
            goal: "type Ada into Full name".into(),
            outcome: RunOutcome::Done,
            final_answer: "All steps done.".into(),
            pages: Vec::new(),
            actions: vec!["typed \"Ada\" into Full name".into()],
            values: vec!["Ada".into()],
            declined: Vec::new(),
            folded: None,
            fold_tried: false,
        });
        assert_eq!(
            answer_offline("what did the last run do", None, &memory),
            "The last run was \"type Ada into Full name\". It did: typed \"Ada\" into Full name. \
             It ended with: All steps done."
        );
    }
}
