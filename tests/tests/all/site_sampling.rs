//! The site tools with a model behind MCP sampling: the agent's [`ModelSampler`] answers the
//! tools' `sampling/createMessage` requests with its model client (a wiremock model speaking
//! OpenAI chat completions) on the STANDARD tier. Brief → design system → three pages → each
//! validated in real Chromium; then a free-form edit through model hunks.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::sync::Arc;

use serde_json::{Value, json};
use tandem_agent::model::ModelClient;
use tandem_agent::site_sampling::ModelSampler;
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::site::SiteStudio;
use tandem_mcp_browser::{BrowserHost, McpBrowserClient, SamplingAnswerer};
use tandem_tests::browser_config;
use tandem_tests::mock_model::{MockModel, STANDARD_MODEL, reply, request_text};

fn model_page(title: &str) -> String {
    format!(
        "```html\n<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title>\
         <link rel=\"stylesheet\" href=\"../design-system.css\"></head><body>\
         <main class=\"container stack\"><h1>{title}</h1><p class=\"muted\">Written by the model.</p>\
         <a class=\"btn btn-primary\" href=\"home.html\">Home</a></main></body></html>\n```"
    )
}

#[tokio::test]
async fn with_a_model_the_tools_build_a_site_through_sampling_and_each_page_passes() {
    let model = MockModel::start().await;
    let brief = json!({
        "product_type": "restaurant", "subject": "bakery", "site_name": "Crumb",
        "audience": "neighbours", "scenario": "find bread on a phone",
        "pages": [
            {"slug": "home", "title": "Crumb", "purpose": "welcome"},
            {"slug": "menu", "title": "Menu", "purpose": "breads"},
            {"slug": "contact", "title": "Contact", "purpose": "reach us"}],
        "data_model": {"items": []}, "open_questions": []
    });
    model.script(vec![
        reply(&brief.to_string()),
        reply(&model_page("Crumb")),
        reply(&model_page("Menu")),
        reply(&model_page("Contact")),
        reply(r#"[{"search": "Written by the model.", "replace": "Baked at dawn."}]"#),
    ]);
    let sampler = ModelSampler::new(ModelClient::new(model.config()).unwrap(), "sampling-test");
    let answerer: Arc<dyn SamplingAnswerer> = sampler;
    let root = tempfile::tempdir().unwrap();
    let host = BrowserHost::new(browser_config());
    let server = BrowserServer::new(Arc::clone(&host))
        .with_site(SiteStudio::new("sampled").with_root(root.path().to_path_buf()));
    let client = McpBrowserClient::in_process_with_sampling(server, answerer)
        .await
        .unwrap();
    let call = |tool: &'static str, args: Value| {
        let client = &client;
        async move {
            let output = client
                .call(tool, args)
                .await
                .unwrap_or_else(|e| panic!("{tool}: {e}"));
            output.structured.unwrap()
        }
    };

    let analysis = call(
        "analyze_brief",
        json!({ "request": "a site for my bakery Crumb" }),
    )
    .await;
    assert_eq!(analysis["source"], "model");
    assert_eq!(analysis["site_name"], "Crumb");
    call(
        "create_design_system",
        json!({ "product_type": analysis["product_type"] }),
    )
    .await;
    for page in analysis["pages"].as_array().unwrap() {
        let made = call(
            "generate_page",
            json!({ "slug": page["slug"], "title": page["title"], "description": page["purpose"] }),
        )
        .await;
        assert_eq!(made["source"], "model");
    }
    for slug in ["home", "menu", "contact"] {
        let report = call("validate_html", json!({ "slug": slug })).await;
        assert_eq!(report["violations"], 0, "{report:#}");
    }
    let menu = root.path().join("sampled/pages/menu.html");
    let before = std::fs::read_to_string(&menu).unwrap();
    assert!(before.contains("<h1>Menu</h1>"));
    let edit = call(
        "edit_page",
        json!({ "slug": "menu", "instructions": "make the tone warmer" }),
    )
    .await;
    assert_eq!(edit["source"], "model");
    let after = std::fs::read_to_string(&menu).unwrap();
    assert_eq!(
        after,
        before.replacen("Written by the model.", "Baked at dawn.", 1)
    );

    // Five sampling requests, all on the STANDARD tier, each saying what it is for.
    let requests = model.requests().await;
    assert_eq!(requests.len(), 5);
    assert!(requests.iter().all(|r| r["model"] == STANDARD_MODEL));
    assert!(request_text(&requests[0]).contains("a site for my bakery Crumb"));
    assert!(request_text(&requests[2]).contains("Slug: menu"));
    assert!(request_text(&requests[4]).contains("make the tone warmer"));
    client.close().await;
    host.shutdown().await;
}
