//! Site studio bench (issue #25): builds the site of every brief in a corpus offline, through
//! the site tools over MCP in real headless Chromium, and reports per brief: sections asked
//! for against sections built, pages, the brief's facts found on the pages, placeholders left,
//! axe-core violations by impact at 360/768/1280 px, overflow, the main form's fields, and —
//! with `--scenarios` — writes the sites' main-task scenarios for `tandem scenario`.
//! A vague brief is reported by its questions (3 to 5, structured) instead.
//!
//! Run: `cargo bench -p tandem-tests --bench site_studio -- [corpus.toml] [--keep DIR]`
//! (default corpus: tests/benches/site_studio/briefs.toml). `--keep DIR` leaves the sites in
//! DIR (for `tandem scenario DIR/*/scenario.toml --site DIR` and screenshots).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use serde::Deserialize;
use serde_json::json;
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::site::SiteStudio;
use tandem_mcp_browser::site::brief::BriefAnalysis;
use tandem_mcp_browser::site::templates::placeholder;
use tandem_mcp_browser::{BrowserHost, McpBrowserClient};
use tandem_tests::browser_config;

#[path = "site_studio/refinements.rs"]
mod refinements;

#[derive(Deserialize)]
struct Corpus {
    brief: Vec<Brief>,
    #[serde(default)]
    refinement: Vec<refinements::FollowUp>,
}

#[derive(Deserialize)]
struct Brief {
    id: String,
    text: String,
    #[serde(default)]
    vague: bool,
    #[serde(default)]
    name: String,
    #[serde(default)]
    place: String,
    #[serde(default)]
    sections: Vec<Named>,
    #[serde(default)]
    facts: Facts,
    #[serde(default)]
    task: Task,
}

#[derive(Deserialize)]
struct Named {
    kind: String,
}

#[derive(Default, Deserialize)]
struct Facts {
    #[serde(default)]
    prices: Vec<Price>,
    #[serde(default)]
    hours: Vec<String>,
    #[serde(default)]
    address: Option<String>,
    #[serde(default)]
    phone: Option<String>,
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    services: Vec<String>,
}

#[derive(Deserialize)]
struct Price {
    item: String,
    price: String,
}

#[derive(Default, Deserialize)]
struct Task {
    #[serde(default)]
    kind: String,
    #[serde(default)]
    fields: Vec<String>,
}

#[derive(Default)]
struct Row {
    sections_asked: usize,
    sections_built: usize,
    missing_sections: Vec<String>,
    pages: usize,
    facts_asked: usize,
    facts_found: usize,
    missing_facts: Vec<String>,
    placeholders: usize,
    axe: BTreeMap<u32, [usize; 4]>,
    overflow_px: f64,
    violations: usize,
    task_ok: bool,
    fields_missing: Vec<String>,
    scenario: bool,
    questions: usize,
    rules: Vec<String>,
    millis: u128,
}

fn normalise(text: &str) -> String {
    text.to_lowercase()
        .replace('’', "'")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The visible text of a page, roughly: tags dropped, entities undone, whitespace collapsed.
fn text_of(html: &str) -> String {
    let body = html.split("<body>").nth(1).unwrap_or(html);
    let body = body.split("<script>").next().unwrap_or(body);
    let mut out = String::new();
    let mut inside = false;
    for c in body.chars() {
        match c {
            '<' => {
                inside = true;
                out.push(' ');
            }
            '>' => inside = false,
            _ if !inside => out.push(c),
            _ => {}
        }
    }
    normalise(
        &out.replace("&amp;", "&")
            .replace("&#39;", "'")
            .replace("&quot;", "\"")
            .replace("&lt;", "<")
            .replace("&gt;", ">"),
    )
}

/// Corpus field names a form field of ours covers.
fn field_present(field: &str, names: &[String]) -> bool {
    let has = |n: &str| names.iter().any(|x| x == n);
    match field {
        "email_or_phone" => has("email") || has("phone"),
        "class" | "service" | "dog_size" | "room" => has("service") || has("room") || has("class"),
        "date" => has("date") || has("check_in") || has("event_date"),
        "event_date" => has("event_date") || has("date"),
        "problem" | "job" => has("job") || has("problem") || has("message") || has("idea"),
        "interest" | "level" | "mode" => has("message") || has(field),
        other => has(other),
    }
}

async fn build(client: &McpBrowserClient, brief: &Brief, dir: &Path) -> anyhow::Result<Row> {
    let started = Instant::now();
    let mut row = Row::default();
    let analysis = client
        .call("analyze_brief", json!({ "request": brief.text }))
        .await?
        .structured
        .unwrap_or_default();
    let analysis: BriefAnalysis = serde_json::from_value(analysis)?;
    row.questions = analysis.open_questions.len();
    if analysis.vague {
        row.millis = started.elapsed().as_millis();
        return Ok(row);
    }
    client
        .call(
            "create_design_system",
            json!({ "product_type": analysis.product_type }),
        )
        .await?;
    for page in &analysis.pages {
        client
            .call(
                "generate_page",
                json!({ "slug": page.slug, "title": page.title, "description": page.purpose,
                        "data_model": analysis.page_model(page) }),
            )
            .await?;
    }
    row.pages = analysis.pages.len();
    for page in &analysis.pages {
        let report = client
            .call("validate_html", json!({ "slug": page.slug }))
            .await?
            .structured
            .unwrap_or_default();
        row.violations += report["violations"].as_u64().unwrap_or(0) as usize;
        for width in report["widths"].as_array().into_iter().flatten() {
            let w = width["width"].as_u64().unwrap_or(0) as u32;
            let counts = row.axe.entry(w).or_default();
            for (i, impact) in ["critical", "serious", "moderate", "minor"]
                .iter()
                .enumerate()
            {
                counts[i] += width[impact].as_u64().unwrap_or(0) as usize;
            }
            for rule in width["axe"].as_array().into_iter().flatten() {
                let impact = rule["impact"].as_str().unwrap_or("?");
                let id = format!("{impact}:{}", rule["id"].as_str().unwrap_or("?"));
                if !row.rules.contains(&id) {
                    row.rules.push(id);
                }
            }
            row.overflow_px = row
                .overflow_px
                .max(width["overflow_px"].as_f64().unwrap_or(0.0));
        }
    }
    // What the pages say.
    let mut all_html = String::new();
    let mut text = String::new();
    for page in &analysis.pages {
        let path = dir.join("pages").join(format!("{}.html", page.slug));
        let html = std::fs::read_to_string(path)?;
        text.push_str(&text_of(&html));
        text.push(' ');
        all_html.push_str(&html);
    }
    row.placeholders = analysis
        .pages
        .iter()
        .map(|p| {
            std::fs::read_to_string(dir.join("pages").join(format!("{}.html", p.slug)))
                .map(|h| placeholder::scan(&h).len())
                .unwrap_or(0)
        })
        .sum();
    row.sections_asked = brief.sections.len();
    for named in &brief.sections {
        if all_html.contains(&format!("data-section=\"{}\"", named.kind)) {
            row.sections_built += 1;
        } else {
            row.missing_sections.push(named.kind.clone());
        }
    }
    let mut facts: Vec<String> = Vec::new();
    if !brief.name.is_empty() {
        facts.push(brief.name.clone());
    }
    if !brief.place.is_empty() {
        facts.push(brief.place.clone());
    }
    for price in &brief.facts.prices {
        facts.push(price.item.clone());
        facts.push(price.price.clone());
    }
    facts.extend(brief.facts.hours.iter().cloned());
    facts.extend(brief.facts.address.iter().cloned());
    facts.extend(brief.facts.phone.iter().cloned());
    facts.extend(brief.facts.email.iter().cloned());
    facts.extend(brief.facts.services.iter().cloned());
    row.facts_asked = facts.len();
    for fact in facts {
        if text.contains(&normalise(&fact)) {
            row.facts_found += 1;
        } else {
            row.missing_facts.push(fact);
        }
    }
    let names: Vec<String> = analysis
        .task
        .fields
        .iter()
        .map(|f| f.name.clone())
        .collect();
    let kind = match analysis.task.kind {
        tandem_mcp_browser::site::brief::TaskKind::Booking => "booking",
        tandem_mcp_browser::site::brief::TaskKind::Quote => "quote",
        tandem_mcp_browser::site::brief::TaskKind::Contact => "contact",
        tandem_mcp_browser::site::brief::TaskKind::None => "none",
    };
    row.task_ok = kind == brief.task.kind || (brief.task.kind.is_empty() && kind == "none");
    row.fields_missing = brief
        .task
        .fields
        .iter()
        .filter(|f| !field_present(f, &names))
        .cloned()
        .collect();
    row.scenario = dir.join("scenario.toml").exists();
    row.millis = started.elapsed().as_millis();
    Ok(row)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let mut corpus_path = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/site_studio/briefs.toml"
    ));
    let mut keep: Option<PathBuf> = None;
    while let Some(arg) = args.next() {
        if arg == "--keep" {
            keep = args.next().map(PathBuf::from);
        } else {
            corpus_path = PathBuf::from(arg);
        }
    }
    let corpus: Corpus = toml::from_str(&std::fs::read_to_string(&corpus_path)?)?;
    let temp = tempfile::tempdir()?;
    let root = keep.clone().unwrap_or_else(|| temp.path().to_path_buf());
    std::fs::create_dir_all(&root)?;
    let host = BrowserHost::new(browser_config());
    println!(
        "tandem site studio bench — {} briefs from {}",
        corpus.brief.len(),
        corpus_path.display()
    );
    println!();
    println!(
        "{:<30} {:>8} {:>5} {:>7} {:>5} {:>14} {:>14} {:>14} {:>6} {:>5} {:>4} {:>6}",
        "brief",
        "sections",
        "pages",
        "facts",
        "ph",
        "axe@360 c/s/m/n",
        "axe@768",
        "axe@1280",
        "ovf",
        "task",
        "scen",
        "ms"
    );
    let mut totals = (
        0usize, 0usize, 0usize, 0usize, 0usize, 0usize, 0usize, 0usize, 0usize,
    );
    let mut notes: Vec<String> = Vec::new();
    for brief in &corpus.brief {
        let server = BrowserServer::new(Arc::clone(&host))
            .with_site(SiteStudio::new(brief.id.clone()).with_root(root.clone()));
        let client = McpBrowserClient::in_process(server).await?;
        let row = build(&client, brief, &root.join(&brief.id)).await?;
        client.close().await;
        if brief.vague {
            let ok = (3..=5).contains(&row.questions);
            println!(
                "{:<30} vague: {} question(s) {}",
                brief.id,
                row.questions,
                if ok { "ok" } else { "WRONG" }
            );
            totals.8 += usize::from(ok);
            continue;
        }
        let axe = |w: u32| {
            let c = row.axe.get(&w).copied().unwrap_or_default();
            format!("{}/{}/{}/{}", c[0], c[1], c[2], c[3])
        };
        println!(
            "{:<30} {:>8} {:>5} {:>7} {:>5} {:>14} {:>14} {:>14} {:>6} {:>5} {:>4} {:>6}",
            brief.id,
            format!("{}/{}", row.sections_built, row.sections_asked),
            row.pages,
            format!("{}/{}", row.facts_found, row.facts_asked),
            row.placeholders,
            axe(360),
            axe(768),
            axe(1280),
            row.overflow_px,
            if row.task_ok && row.fields_missing.is_empty() {
                "ok"
            } else if row.task_ok {
                "part"
            } else {
                "no"
            },
            if row.scenario { "yes" } else { "-" },
            row.millis
        );
        if !row.rules.is_empty() {
            notes.push(format!("{}: axe rules {:?}", brief.id, row.rules));
        }
        if !row.missing_sections.is_empty()
            || !row.missing_facts.is_empty()
            || !row.fields_missing.is_empty()
        {
            notes.push(format!(
                "{}: sections missing {:?}; facts missing {:?}; fields missing {:?}",
                brief.id, row.missing_sections, row.missing_facts, row.fields_missing
            ));
        }
        totals.0 += row.sections_asked;
        totals.1 += row.sections_built;
        totals.2 += row.facts_asked;
        totals.3 += row.facts_found;
        totals.4 += row.placeholders;
        totals.5 += row.axe.values().map(|c| c[0] + c[1]).sum::<usize>();
        totals.6 += usize::from(row.overflow_px > 0.0);
        totals.7 += usize::from(row.task_ok);
    }
    let built = corpus.brief.iter().filter(|b| !b.vague).count();
    let vague = corpus.brief.len() - built;
    println!();
    println!(
        "sections built {}/{} · facts on the pages {}/{} · placeholders {} · serious+critical axe findings {} · briefs with overflow {} · task kind right {}/{} · vague briefs with 3-5 questions {}/{}",
        totals.1,
        totals.0,
        totals.3,
        totals.2,
        totals.4,
        totals.5,
        totals.6,
        totals.7,
        built,
        totals.8,
        vague
    );
    for note in notes {
        println!("  {note}");
    }
    if corpus.refinement.iter().any(|r| r.expect.is_some()) {
        println!();
        let (right, run) = refinements::report(&corpus.refinement, &root);
        println!(
            "follow-ups understood as expected (and applying to the built site) {right}/{run}"
        );
    }
    if let Some(dir) = keep {
        println!();
        println!(
            "sites kept in {}; main-task scenarios: tandem scenario {}/*/scenario.toml --site {}",
            dir.display(),
            dir.display(),
            dir.display()
        );
    }
    host.shutdown().await;
    Ok(())
}
