use serde_json::json;
use tandem_mcp_browser::snapshot::render::estimate_tokens;
use tandem_protocol::{Answer, Question, QuestionKind};

use super::patches::{from_answers, from_tool};
use super::*;

#[test]
fn answers_and_site_tool_results_patch_sections_and_the_card_stays_under_its_budget() {
    let mut doc = ProductDoc::default();
    let questions = vec![Question {
        id: "audience".into(),
        prompt: "Who is the site for?".into(),
        kind: QuestionKind::Text,
        options: Vec::new(),
    }];
    let answers = vec![Answer {
        question_id: "audience".into(),
        values: vec!["families in Lyon".into()],
    }];
    assert_eq!(
        apply(&mut doc, from_answers(&questions, &answers, &[])),
        ["Who is the site for"]
    );
    let brief =
        json!({"business_name": "Chez Ada", "tone": "warm", "services": ["lunch", "dinner"]});
    let changed = apply(&mut doc, from_tool("analyze_brief", &brief, None));
    assert_eq!(changed, ["Business name", "Services", "Tone"]);
    apply(
        &mut doc,
        from_tool("generate_page", &json!({"path": "index.html"}), None),
    );
    let pages = doc
        .sections
        .iter()
        .find(|s| s.title == "Pages")
        .map(|s| s.content.clone());
    apply(
        &mut doc,
        from_tool(
            "site__generate_page",
            &json!({"path": "menu.html"}),
            pages.as_deref(),
        ),
    );
    let card = super::card(&doc).unwrap();
    assert!(
        card.contains("- Who is the site for: families in Lyon"),
        "{card}"
    );
    assert!(card.contains("- Pages: index.html; menu.html"), "{card}");
    assert_eq!(
        apply(&mut doc, from_tool("click", &json!({}), None)),
        Vec::<String>::new()
    );

    // A long doc: the card is cut to stay under the budget, measured.
    for n in 0..30 {
        apply(
            &mut doc,
            vec![DocPatch {
                title: format!("Section {n}"),
                content: "word ".repeat(300),
                by: DocAuthor::Agent,
            }],
        );
    }
    let card = super::card(&doc).unwrap();
    assert!(
        estimate_tokens(&card) < 500,
        "{} tokens",
        estimate_tokens(&card)
    );
    assert!(card.contains("Section 29"), "the newest sections stay");
}

#[test]
fn the_doc_is_saved_and_loaded_as_json() {
    let dir = std::env::temp_dir().join(format!("tandem-doc-{}", uuid::Uuid::new_v4()));
    let path = dir.join("sites").join("s1").join("product-doc.json");
    assert_eq!(load(&path).unwrap(), ProductDoc::default());
    let mut doc = ProductDoc::default();
    apply(
        &mut doc,
        vec![DocPatch {
            title: "Goal".into(),
            content: "A menu site".into(),
            by: DocAuthor::Person,
        }],
    );
    save(&doc, &path).unwrap();
    assert_eq!(load(&path).unwrap(), doc);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_message_speaks_of_a_site_in_its_words_not_in_its_addresses() {
    use super::speaks_of_a_site;
    assert!(speaks_of_a_site("the site is for families in Lyon"));
    assert!(speaks_of_a_site("Build a landing page for my bakery."));
    assert!(speaks_of_a_site("change the homepage colours"));
    assert!(!speaks_of_a_site(
        "open http://127.0.0.1:7420/site/form.html then click Sign in"
    ));
    assert!(!speaks_of_a_site("type Ada into Full name"));
}

#[test]
fn site_tool_patches_list_pages_by_slug_title_and_address_and_the_brand_choices() {
    let page = |slug: &str, title: &str, version: u32| {
        json!({
            "page": {
                "slug": slug, "title": title, "bytes": 18234, "version": version,
                "modified_unix": 1_764_100_000u64 + u64::from(version),
                "url": format!("http://127.0.0.1:5000/sites/s1/pages/{slug}.html"),
                "placeholders": ["[Your phone number]"],
            },
            "source": "template",
        })
    };
    let mut doc = ProductDoc::default();
    let pages_now = |doc: &ProductDoc| {
        doc.sections
            .iter()
            .find(|s| s.title == patches::PAGES_SECTION)
            .map(|s| s.content.clone())
    };
    apply(
        &mut doc,
        from_tool("generate_page", &page("home", "Crumb & Co", 1), None),
    );
    let so_far = pages_now(&doc);
    apply(
        &mut doc,
        from_tool("generate_page", &page("menu", "Menu", 1), so_far.as_deref()),
    );
    // A page generated again replaces its entry.
    let so_far = pages_now(&doc);
    apply(
        &mut doc,
        from_tool(
            "generate_page",
            &page("home", "Crumb & Co", 2),
            so_far.as_deref(),
        ),
    );
    let pages = pages_now(&doc).unwrap();
    assert_eq!(
        pages,
        "menu \"Menu\" at http://127.0.0.1:5000/sites/s1/pages/menu.html; \
         home \"Crumb & Co\" at http://127.0.0.1:5000/sites/s1/pages/home.html"
    );
    for noise in ["18234", "1764100", "bytes", "version", "placeholder"] {
        assert!(!pages.contains(noise), "{noise} in {pages}");
    }
    let design = json!({
        "version": 1,
        "tokens": {
            "color-primary": "#1d4ed8", "color-accent": "#c2410c", "color-header": "#ffffff",
            "color-primary-50": "#eff6ff", "space-unit": "4px", "radius-md": "12px",
            "font-body": "system-ui, -apple-system, \"Segoe UI\", Roboto, sans-serif",
            "font-heading": "var(--font-body)",
        },
        "pairs": [{"name": "button text", "foreground": "#fff", "background": "#1d4ed8", "ratio": 6.7}],
    });
    apply(&mut doc, from_tool("create_design_system", &design, None));
    let brand = doc
        .sections
        .iter()
        .find(|s| s.title == patches::DESIGN_SECTION)
        .unwrap();
    assert_eq!(
        brand.content,
        "primary #1d4ed8, accent #c2410c, header #ffffff, headings same as body, body system-ui"
    );
    // The brief: the person's project, not the tools' plumbing.
    let brief = json!({
        "site_name": "Crumb & Co", "place": "Totnes",
        "sections": [{"kind": "menu", "label": "Our bakes", "items": []}],
        "task": {"kind": "contact", "fields": []},
        "data_model": {"name": "Crumb & Co"}, "pages": [{"slug": "home"}], "open_questions": [],
        "vague": false, "source": "template",
    });
    let titles = apply(&mut doc, from_tool("analyze_brief", &brief, None));
    assert_eq!(titles, ["Place", "Sections", "Site name", "Task"]);
    let sections = doc.sections.iter().find(|s| s.title == "Sections").unwrap();
    assert_eq!(sections.content, "Our bakes");
}
