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
    assert!(card.contains("- Pages: index.html, menu.html"), "{card}");
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
