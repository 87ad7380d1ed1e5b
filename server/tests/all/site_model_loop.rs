//! The site studio with a model, through the daemon: a scripted model (wiremock speaking chat
//! completions, deciding each answer from the request alone) drives the whole loop over a real
//! WebSocket with real Chromium behind the site tools — a vague brief, the brief's questions
//! answered over the socket, the design system, every planned page written by the model through
//! sampling, each validated (axe-core at 3 widths), then a refinement in the same session that
//! reads a page and edits it with one hunk, leaving everything else byte-identical.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;
use tandem_agent::planner::ModelPlanner;
use tandem_protocol::{Answer, ClientMessage, RunOutcome, ServerMessage};
use tandem_tests::mock_model::{MockModel, request_text};
use tandem_tests::test_sites_dir;

use crate::support::studio_model::{studio_model, tool_result};
use crate::support::{TestDaemon, WsClient};

async fn finished(client: &mut WsClient) -> String {
    let frame = client
        .wait_for(|f| matches!(f, ServerMessage::RunFinished { .. }))
        .await;
    let ServerMessage::RunFinished { outcome, text } = frame else {
        unreachable!()
    };
    assert_eq!(outcome, RunOutcome::Done, "{text}");
    text
}

/// Every file of the site (pages and design system), by path.
fn site_files(root: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    let css = root.join("design-system.css");
    files.insert(
        "design-system.css".to_owned(),
        std::fs::read_to_string(css).unwrap(),
    );
    for entry in std::fs::read_dir(root.join("pages")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        files.insert(name, std::fs::read_to_string(&path).unwrap());
    }
    files
}

#[tokio::test]
async fn a_model_builds_a_site_from_a_vague_brief_then_refines_one_page_in_place() {
    let model = MockModel::start().await;
    model.answer_with(studio_model());
    let daemon = TestDaemon::with_model(model.config()).await;
    let mut client = daemon.client().await;
    let session_id = client.session_id().await;

    // Too vague to build from: the brief's own questions come first, as a form.
    let asked = client.ask("a website for my business".into()).await;
    let ids: Vec<&str> = asked.questions.iter().map(|q| q.id.as_str()).collect();
    assert_eq!(
        ids,
        ["what", "name", "place", "sections", "task"],
        "{asked:?}"
    );
    let answer = |id: &str, values: &[&str]| Answer {
        question_id: id.to_owned(),
        values: values.iter().map(|v| (*v).to_owned()).collect(),
    };
    client
        .send(&ClientMessage::Answer {
            interrupt_id: asked.interrupt_id.clone(),
            answers: vec![
                answer("what", &["dog grooming"]),
                answer("name", &["Muddy Paws"]),
                answer("place", &["Bristol"]),
                answer("sections", &["Services", "Prices", "Reviews"]),
                answer("task", &["Book an appointment"]),
            ],
        })
        .await;
    let built = finished(&mut client).await;
    assert!(built.starts_with("Built your site: "), "{built}");

    // What the analysis of the answers planned is what was built, each page validated clean.
    let root = test_sites_dir().join(&session_id);
    let before = site_files(&root);
    let pages: Vec<&str> = before
        .keys()
        .filter_map(|name| name.strip_suffix(".html"))
        .collect();
    assert_eq!(pages, ["booking", "home"], "{built}");
    for page in &pages {
        assert!(
            built.contains(&format!("/{session_id}/pages/{page}.html")),
            "{page}: {built}"
        );
    }
    assert!(before["home.html"].contains("Muddy Paws"));
    assert!(before["booking.html"].contains("<h1>Book an appointment</h1>"));

    let requests = model.requests().await;
    let texts: Vec<String> = requests.iter().map(request_text).collect();
    let validations: Vec<&String> = texts
        .iter()
        .filter(|t| t.contains("<tool_result name=\"validate_html\">"))
        .collect();
    assert!(
        !validations.is_empty(),
        "the model saw the validation reports"
    );
    for text in &validations {
        let report = tool_result(text, "validate_html");
        assert_eq!(report["violations"], 0, "{report:#}");
    }
    // Pages were written by the model (sampling), two analyses (before and after the answers).
    let sampled = |marker: &str| texts.iter().filter(|t| t.contains(marker)).count();
    assert_eq!(sampled("You plan small websites"), 2);
    assert_eq!(sampled("You write clean, accessible HTML pages."), 2);

    // A refinement in the same session: one page edited through read_page and edit_page.
    client
        .send(&ClientMessage::UserMessage {
            text: "change the heading of the booking page to Book a groom".into(),
        })
        .await;
    let changed = finished(&mut client).await;
    assert!(
        changed.starts_with("Changed the booking page's heading"),
        "{changed}"
    );
    let after = site_files(&root);
    let mut expected = before.clone();
    let booking = expected.get_mut("booking.html").unwrap();
    *booking = booking.replacen("<h1>Book an appointment</h1>", "<h1>Book a groom</h1>", 1);
    assert_eq!(after, expected, "only the heading changed, byte for byte");

    let requests = model.requests().await;
    let refinement: Vec<String> = requests
        .iter()
        .map(request_text)
        .filter(|t| t.contains("# Site studio (refinement)"))
        .collect();
    assert!(
        refinement
            .iter()
            .any(|t| t.contains("<tool_result name=\"read_page\">")),
        "the model read the page it edited"
    );
    // Every planning request carried the planner's strict schema (the one its unit test checks
    // against strict mode's rules).
    let planner = ModelPlanner::from_config(model.config()).unwrap();
    let planning: Vec<&Value> = requests
        .iter()
        .filter(|r| r["response_format"]["type"] == "json_schema")
        .collect();
    assert!(planning.len() >= 12, "{} planning requests", planning.len());
    for request in planning {
        let format = &request["response_format"]["json_schema"];
        assert_eq!(format["strict"], true);
        assert_eq!(&format["schema"], planner.answer_schema(false));
    }
    daemon.stop().await;
}
