//! A scripted model that builds and refines a site as a real one would: it decides every answer
//! from the request alone (no memory between requests), reading what the daemon sends it — the
//! goal, the site-studio guidance, the step lines, the tools' whole answers — and answering
//! planning requests with strict-mode actions (`args` as a JSON-encoded string) and the site
//! tools' sampling requests with a brief analysis or a page's HTML.
//!
//! New site: `analyze_brief` → `ask_user` with its open questions → `analyze_brief` with the
//! answers → `create_design_system` → `generate_page` for each planned page → `validate_html`
//! for each → `list_pages` → `navigate` to the first page → `stop` with the addresses.
//! Refinement ("change the heading of the X page to Y"): `list_pages` → `read_page` X →
//! `edit_page` with one hunk copied from the page's HTML → `validate_html` → `navigate` → `stop`.

use serde_json::{Value, json};
use tandem_tests::mock_model::{Script, completion, request_text, status};

/// The model (answers every request it is given).
pub fn studio_model() -> Script {
    Box::new(|body| {
        let text = request_text(body);
        if body["response_format"]["json_schema"]["name"] == "tandem_action" {
            let action = plan(&text);
            return completion(&json!({ "action": action }).to_string());
        }
        if text.contains("You plan small websites") {
            return completion(&analysis_from(&text));
        }
        if text.contains("You write clean, accessible HTML pages.") {
            return completion(&format!("```html\n{}\n```", page_from(&text)));
        }
        status(500, "not a request this model answers")(body)
    })
}

/// A `tool` action as a strict-mode model writes it.
fn tool(name: &str, args: Value) -> Value {
    json!({ "action": "tool", "name": name, "args": args.to_string() })
}

fn stop(answer: &str) -> Value {
    json!({ "action": "stop", "answer": answer })
}

/// The text between `start` and the next blank line.
fn block<'a>(text: &'a str, start: &str) -> &'a str {
    let Some(at) = text.find(start) else {
        return "";
    };
    let rest = &text[at + start.len()..];
    rest.split("\n\n").next().unwrap_or_default()
}

/// The tools called so far this run, in order (from the step lines).
fn called(text: &str) -> Vec<String> {
    block(text, "# Steps so far\n")
        .lines()
        .filter_map(|line| line.split_once(". tool ")?.1.split(' ').next())
        .map(str::to_owned)
        .collect()
}

/// The tool's latest whole answer shown in a planning request (`Null` if none).
pub fn tool_result(text: &str, name: &str) -> Value {
    let open = format!("<tool_result name=\"{name}\">\n");
    let Some(start) = text.find(&open) else {
        return Value::Null;
    };
    let body = &text[start + open.len()..];
    let end = body.find("\n</tool_result>").unwrap_or(body.len());
    serde_json::from_str(&body[..end]).unwrap_or(Value::Null)
}

fn plan(text: &str) -> Value {
    let goal = block(text, "# Goal (from the person)\n").trim().to_owned();
    let called = called(text);
    let count = |name: &str| called.iter().filter(|c| *c == name).count();
    if text.contains("# Site studio (refinement)") {
        return refine(text, &goal, &called);
    }
    if !text.contains("# Site studio (new site)") {
        return stop("no site guidance: not a site message");
    }
    let analysis = tool_result(text, "analyze_brief");
    let answered = block(text, "# Steps so far\n")
        .lines()
        .find_map(|line| line.split_once("the person answered: ").map(|(_, a)| a))
        .map(str::to_owned);
    let questions = analysis["open_questions"].as_array().cloned();
    match (&analysis, questions, answered) {
        (Value::Null, _, _) => tool("analyze_brief", json!({ "request": goal })),
        (_, Some(open), None) if !open.is_empty() => ask(&open),
        (_, Some(open), Some(answers)) if !open.is_empty() => tool(
            "analyze_brief",
            json!({ "request": goal, "conversation_summary": in_words(&answers) }),
        ),
        _ => build(text, &analysis, count("create_design_system"), &count),
    }
}

/// The brief's questions as an `ask_user` (a text question offers no options).
fn ask(open: &[Value]) -> Value {
    let questions: Vec<Value> = open
        .iter()
        .map(|q| {
            let options: Vec<Value> = match q["kind"].as_str() {
                Some("text") => Vec::new(),
                _ => q["options"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|o| json!({ "value": o, "label": o }))
                    .collect(),
            };
            json!({ "id": q["id"], "prompt": q["question"], "kind": q["kind"], "options": options })
        })
        .collect();
    json!({ "action": "ask_user", "questions": questions })
}

/// `what=dog grooming, sections=Services|Prices` as the brief's own phrasing.
fn in_words(answers: &str) -> String {
    answers
        .split(", ")
        .filter_map(|pair| pair.split_once('='))
        .map(|(id, values)| {
            let values = values.replace('|', ", ");
            match id {
                "what" => format!("Business: {values}."),
                "name" => format!("We're called {values}."),
                "place" => format!("Based in {values}."),
                "sections" => format!("Sections: {values}."),
                "task" => format!("Main action: {values}."),
                _ => format!("{values}."),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn build(text: &str, analysis: &Value, designed: usize, count: &dyn Fn(&str) -> usize) -> Value {
    let pages = analysis["pages"].as_array().cloned().unwrap_or_default();
    let slug = |i: usize| pages[i]["slug"].as_str().unwrap_or_default().to_owned();
    if designed == 0 {
        return tool(
            "create_design_system",
            json!({ "product_type": analysis["product_type"] }),
        );
    }
    let generated = count("generate_page");
    if generated < pages.len() {
        let page = &pages[generated];
        let mut model = analysis["data_model"].clone();
        model["site_name"] = analysis["site_name"].clone();
        model["sections"] = page["sections"].clone();
        return tool(
            "generate_page",
            json!({ "slug": page["slug"], "title": page["title"],
                    "description": page["purpose"], "data_model": model }),
        );
    }
    let validated = count("validate_html");
    if validated < pages.len() {
        return tool("validate_html", json!({ "slug": slug(validated) }));
    }
    finish(text, count, "home", "Built your site")
}

/// `list_pages`, then open the page `open`, then stop with every address.
fn finish(text: &str, count: &dyn Fn(&str) -> usize, open: &str, done: &str) -> Value {
    let listed = tool_result(text, "list_pages");
    if count("list_pages") == 0 || listed.is_null() {
        return tool("list_pages", json!({}));
    }
    let pages = listed["pages"].as_array().cloned().unwrap_or_default();
    if !block(text, "# Steps so far\n").contains(". open ") {
        let first = pages.iter().find(|p| p["slug"] == open).or(pages.first());
        let url = first.and_then(|p| p["url"].as_str()).unwrap_or_default();
        return json!({ "action": "navigate", "url": url });
    }
    let lines: Vec<String> = pages
        .iter()
        .map(|p| {
            format!(
                "{} at {} ({} placeholder(s) to fill)",
                p["slug"].as_str().unwrap_or_default(),
                p["url"].as_str().unwrap_or_default(),
                p["placeholders"].as_array().map_or(0, Vec::len)
            )
        })
        .collect();
    stop(&format!("{done}: {}", lines.join("; ")))
}

/// "change the heading of the booking page to Book a groom".
fn refine(text: &str, goal: &str, called: &[String]) -> Value {
    let count = |name: &str| called.iter().filter(|c| *c == name).count();
    let Some((page, heading)) = goal
        .split_once(" page to ")
        .map(|(page, to)| (page.rsplit(' ').next().unwrap_or_default(), to.trim()))
    else {
        return stop("That change needs more than this scripted model.");
    };
    if count("list_pages") == 0 {
        return tool("list_pages", json!({}));
    }
    if count("read_page") == 0 {
        return tool("read_page", json!({ "slug": page }));
    }
    if count("edit_page") == 0 {
        let html = tool_result(text, "read_page")["html"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let Some(h1) = html
            .split_once("<h1>")
            .and_then(|(_, rest)| rest.split_once("</h1>"))
            .map(|(h1, _)| format!("<h1>{h1}</h1>"))
        else {
            return stop("The page has no heading to change.");
        };
        let hunk = json!({ "search": h1, "replace": format!("<h1>{heading}</h1>") });
        return tool("edit_page", json!({ "slug": page, "hunks": [hunk] }));
    }
    if count("validate_html") == 0 {
        return tool("validate_html", json!({ "slug": page }));
    }
    finish(
        text,
        &count,
        page,
        &format!("Changed the {page} page's heading"),
    )
}

/// The analysis the tool offered in its prompt, as the model's own (it agrees with it).
fn analysis_from(prompt: &str) -> String {
    let shape = prompt
        .split_once("app_onboarding):\n")
        .map_or("", |(_, rest)| rest);
    shape
        .split_once("\n\nRequest (the person's words")
        .map_or(shape, |(json, _)| json)
        .to_owned()
}

/// One line of the page prompt: the text after `label`.
fn field<'a>(prompt: &'a str, label: &str) -> &'a str {
    prompt
        .lines()
        .find_map(|line| line.strip_prefix(label))
        .unwrap_or_default()
        .trim()
}

/// An accessible page with one section per planned section, a labelled form for the main task
/// and a placeholder for every fact the brief does not give.
fn page_from(prompt: &str) -> String {
    let title = field(prompt, "Title:");
    let content: Value = serde_json::from_str(field(prompt, "Content (JSON):")).unwrap_or_default();
    let site = content["site_name"]
        .as_str()
        .unwrap_or("[Your business name]");
    let mut nav = Vec::new();
    for other in field(prompt, "Other pages you may link:").split(", ") {
        if let Some((file, name)) = other.split_once(" (")
            && file != "home.html"
        {
            nav.push(format!(
                r#"<li><a href="{file}">{}</a></li>"#,
                name.trim_end_matches(')')
            ));
        }
    }
    let mut sections = String::new();
    for section in content["sections"].as_array().into_iter().flatten() {
        let kind = section["kind"].as_str().unwrap_or("section");
        let label = section["label"].as_str().unwrap_or(kind);
        let body = match kind {
            "booking" | "quote" | "contact" => form(kind),
            _ => format!(
                r#"<p><span class="placeholder" data-placeholder="{kind}">[Your {}]</span></p>"#,
                label.to_lowercase()
            ),
        };
        sections.push_str(&format!(
            r#"<section id="{kind}" data-section="{kind}" aria-labelledby="{kind}-h"><h2 id="{kind}-h">{label}</h2>{body}</section>"#
        ));
    }
    format!(
        r#"<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · {site}</title><link rel="stylesheet" href="../design-system.css"></head>
<body>
<header><nav class="nav" aria-label="Pages"><div class="nav-inner"><a class="nav-brand" href="home.html">{site}</a><ul class="nav-links">{}</ul></div></nav></header>
<main class="container stack">
<h1>{title}</h1>
<p>{site}</p>
{sections}
</main>
</body>
</html>"#,
        nav.join("")
    )
}

fn form(kind: &str) -> String {
    let fields = [
        ("name", "Your name", "text", "name"),
        ("email", "Email", "email", "email"),
        ("date", "Preferred date", "date", "off"),
    ];
    let inputs: String = fields
        .iter()
        .map(|(id, label, kind, auto)| {
            format!(
                r#"<div class="field"><label for="{id}">{label}</label><input id="{id}" name="{id}" type="{kind}" autocomplete="{auto}" required></div>"#
            )
        })
        .collect();
    format!(
        r#"<form class="form" aria-label="{kind}">{inputs}<button class="btn btn-primary" type="submit">Send</button></form>"#
    )
}
