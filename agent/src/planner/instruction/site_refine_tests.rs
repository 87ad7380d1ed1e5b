use std::collections::BTreeMap;

use serde_json::{Value, json};
use tandem_mcp_browser::site::brief;
use tandem_mcp_browser::site::design;
use tandem_mcp_browser::site::edit::{Hunk, apply, offline_edit};

use super::*;

const YOGA: &str = "a yoga studio in Leeds: class timetable, prices for drop-in and monthly passes, reviews, and a page to book a first class. Call 0113 496 0000.";
const PAGES: &str = "home \"Yoga\" at http://127.0.0.1:9/sites/s/pages/home.html";

/// A site as the offline tools build it: pages by slug, and the design system.
struct Site {
    pages: BTreeMap<String, String>,
    css: String,
}

fn site() -> Site {
    let pages = PageText::offline_site(YOGA)
        .into_iter()
        .map(|page| (page.slug, page.html))
        .collect();
    let kind = brief::analyze(YOGA, None).product_type;
    let css = design::create(kind, &[], &BTreeMap::new()).unwrap().css;
    Site { pages, css }
}

fn url(slug: &str) -> String {
    format!("http://127.0.0.1:9/sites/s/pages/{slug}.html")
}

/// Plays the site tools on `site` (as `tools.rs` answers them) until the flow stops.
fn run(goal: &str, site: &mut Site) -> (Plan, Vec<String>) {
    let mut history: Vec<StepRecord> = Vec::new();
    let mut seen = Vec::new();
    loop {
        let ctx = PlanContext::new(goal, None, &history).with_site_pages(Some(PAGES));
        let plan = plan(&ctx).expect("a refinement");
        let (summary, data) = match &plan.action {
            Action::Stop { .. } => return (plan, seen),
            Action::Tool { name, args } => {
                seen.push(name.clone());
                tool(site, name, args)
            }
            Action::Navigate { url } => {
                seen.push(format!("navigate {url}"));
                (format!("navigated to {url}"), None)
            }
            other => panic!("{other:?}"),
        };
        history.push(StepRecord::of(&plan, StepOutcome::Succeeded { summary }).with_data(data));
    }
}

fn tool(site: &mut Site, name: &str, args: &Value) -> (String, Option<Value>) {
    let slug = args["slug"].as_str().unwrap_or_default().to_owned();
    match name {
        "list_pages" => {
            let pages: Vec<Value> = site
                .pages
                .keys()
                .map(|slug| json!({ "slug": slug, "url": url(slug), "bytes": 1, "version": 1 }))
                .collect();
            ("pages".into(), Some(json!({ "pages": pages })))
        }
        "read_page" => {
            let html = site.pages[&slug].clone();
            (
                format!("{slug} ({} bytes)", html.len()),
                Some(json!({ "slug": slug, "url": url(&slug), "html": html })),
            )
        }
        "edit_page" => {
            if let Some(instructions) = args["instructions"].as_str() {
                let edit = offline_edit(instructions, &site.pages[&slug], Some(&site.css))
                    .unwrap()
                    .unwrap();
                site.css = apply(&site.css, &edit.hunks).unwrap();
                (format!("edited design system: {}", edit.summary), None)
            } else {
                let hunks: Vec<Hunk> = serde_json::from_value(args["hunks"].clone()).unwrap();
                let page = site.pages.get_mut(&slug).unwrap();
                *page = apply(page, &hunks).unwrap();
                (
                    format!("edited {slug}: applied {} hunk(s)", hunks.len()),
                    None,
                )
            }
        }
        "generate_page" => {
            site.pages.insert(slug.clone(), "<main>new</main>".into());
            (format!("generated {slug} v1 at {}", url(&slug)), None)
        }
        other => panic!("unexpected tool {other}"),
    }
}

fn answer(plan: &Plan) -> &str {
    match &plan.action {
        Action::Stop { answer } => answer,
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_colour_is_a_design_token_edit_and_no_page_changes() {
    let mut built = site();
    let before = built.pages.clone();
    let (stop, seen) = run("make the header green", &mut built);
    assert_eq!(
        stop.stop_meaning,
        StopMeaning::Finished,
        "{}",
        answer(&stop)
    );
    assert_eq!(built.pages, before, "pages are byte-identical");
    assert!(
        built.css.contains("--color-header: #2e7d32;"),
        "{}",
        built.css
    );
    assert!(seen.iter().filter(|s| *s == "edit_page").count() >= 2);
    assert!(answer(&stop).starts_with("Changed the site: header green."));
}

#[test]
fn a_rename_edits_only_the_words_on_each_page() {
    let mut built = site();
    let before = built.pages.clone();
    let (stop, seen) = run("rename Timetable to Class times", &mut built);
    assert_eq!(
        stop.stop_meaning,
        StopMeaning::Finished,
        "{}",
        answer(&stop)
    );
    assert_eq!(seen[0], "list_pages");
    assert!(seen.contains(&"read_page".to_owned()));
    for (slug, html) in &built.pages {
        // What changed is exactly the word, wherever it was shown.
        let expected = before[slug].replace(">Timetable<", ">Class times<");
        assert_eq!(*html, expected, "{slug}");
    }
    assert!(seen.last().unwrap().starts_with("navigate "));
}

#[test]
fn a_section_moves_across_pages_and_a_page_is_added() {
    let mut built = site();
    let (stop, _) = run("move prices above the timetable", &mut built);
    assert_eq!(
        stop.stop_meaning,
        StopMeaning::Finished,
        "{}",
        answer(&stop)
    );
    let timetable = &built.pages["timetable"];
    let prices = timetable.find("data-section=\"prices\"").unwrap();
    assert!(prices < timetable.find("data-section=\"timetable\"").unwrap());
    assert!(!built.pages["home"].contains("data-section=\"prices\""));

    let (stop, seen) = run("add a FAQ page", &mut built);
    assert!(seen.contains(&"generate_page".to_owned()), "{seen:?}");
    assert!(answer(&stop).contains("open at http://127.0.0.1:9/sites/s/pages/faq.html"));
}

#[test]
fn a_change_that_is_not_possible_says_why_and_changes_nothing() {
    let mut built = site();
    let before = built.pages.clone();
    let (stop, _) = run("remove the gallery section", &mut built);
    assert_eq!(stop.stop_meaning, StopMeaning::GaveUp);
    assert!(
        answer(&stop).contains("no gallery section on any page"),
        "{}",
        answer(&stop)
    );
    assert_eq!(built.pages, before);
}

#[test]
fn other_site_edits_need_a_model_and_browser_tasks_pass_through() {
    let ctx = PlanContext::new("make it feel more premium", None, &[]).with_site_pages(Some(PAGES));
    let stop = plan(&ctx).unwrap();
    assert_eq!(answer(&stop), NEEDS_MODEL);
    for goal in [
        "go to example.com and click Sign in",
        "what time is it in Tokyo",
    ] {
        let ctx = PlanContext::new(goal, None, &[]).with_site_pages(Some(PAGES));
        assert!(plan(&ctx).is_none(), "{goal}");
    }
    // Without a site, a follow-up is not a refinement.
    assert!(plan(&PlanContext::new("make the header green", None, &[])).is_none());
}
