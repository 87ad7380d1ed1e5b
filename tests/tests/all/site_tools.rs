//! The site studio tools over MCP (in-process), with real headless Chromium for validate_html:
//! offline sites for every product type pass, a seeded bad page is caught with exact counts,
//! hostile slugs write nothing, edits leave the rest byte-identical, styles come from images.
#![allow(clippy::expect_used, clippy::unwrap_used)] // a failed expectation is the test failing

use std::path::Path;
use std::sync::Arc;

use serde_json::{Value, json};
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::site::SiteStudio;
use tandem_mcp_browser::{BrowserHost, ClientError, McpBrowserClient};
use tandem_tests::browser_config;

const SESSION: &str = "site-test";

/// A client whose site tools write under `root` for the session `site-test`.
async fn studio(root: &Path) -> (Arc<BrowserHost>, McpBrowserClient) {
    let host = BrowserHost::new(browser_config());
    let server = BrowserServer::new(Arc::clone(&host))
        .with_site(SiteStudio::new(SESSION).with_root(root.to_path_buf()));
    let client = McpBrowserClient::in_process(server).await.unwrap();
    (host, client)
}

async fn call(client: &McpBrowserClient, tool: &str, args: Value) -> (String, Value) {
    let output = client
        .call(tool, args.clone())
        .await
        .unwrap_or_else(|e| panic!("{tool} {args}: {e}"));
    (output.text, output.structured.unwrap_or(Value::Null))
}

fn tool_error(result: Result<tandem_mcp_browser::ToolOutput, ClientError>) -> String {
    match result {
        Err(ClientError::Tool { code, .. }) => code,
        other => panic!("expected a tool error, got {other:?}"),
    }
}

#[tokio::test]
async fn offline_sites_for_every_product_type_pass_validate_html() {
    let root = tempfile::tempdir().unwrap();
    let (host, client) = studio(root.path()).await;
    let requests = [
        "a landing page for my startup",
        "build a small site for a bakery with a menu and a contact page",
        "an online shop for my ceramics store",
        "a portfolio for a photographer",
        "a site for our wedding",
        "onboarding screens for a mobile app",
    ];
    let mut validated = 0;
    for request in requests {
        let (_, brief) = call(&client, "analyze_brief", json!({ "request": request })).await;
        assert_eq!(brief["source"], "template");
        call(
            &client,
            "create_design_system",
            json!({ "product_type": brief["product_type"] }),
        )
        .await;
        let analysis: tandem_mcp_browser::site::brief::BriefAnalysis =
            serde_json::from_value(brief.clone()).unwrap();
        let pages = brief["pages"].as_array().unwrap();
        for (page, plan) in pages.iter().zip(&analysis.pages) {
            let model = analysis.page_model(plan);
            let (line, _) = call(
                &client,
                "generate_page",
                json!({ "slug": page["slug"], "title": page["title"],
                        "description": page["purpose"], "data_model": model }),
            )
            .await;
            assert!(line.contains("/sites/site-test/pages/"), "{line}");
        }
        for page in pages {
            let (summary, report) =
                call(&client, "validate_html", json!({ "slug": page["slug"] })).await;
            assert_eq!(report["violations"], 0, "{request}: {summary}\n{report:#}");
            assert!(summary.contains("no violations"), "{summary}");
            validated += 1;
        }
    }
    // Every request gets at least its home page, each one validated.
    assert!(validated >= requests.len(), "{validated} pages validated");
    let (_, listed) = call(&client, "list_pages", json!({})).await;
    let slugs: Vec<&str> = listed["pages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["slug"].as_str().unwrap())
        .collect();
    assert!(
        slugs.contains(&"menu") && slugs.contains(&"home"),
        "{slugs:?}"
    );
    client.close().await;
    host.shutdown().await;
}

/// No viewport meta, a 1200 px wide block, two 30×20 buttons, 10 px text, grey-on-white text,
/// an image without alt, a console error, a link to a missing page, no design system.
const BAD_PAGE: &str = r#"<!doctype html><html><head><title>Bad</title>
<style>body{margin:0;font-family:sans-serif;background:#fff;color:#111}
.wide{width:1200px;height:10px;background:#eee}.tiny{width:30px;height:20px;padding:0}
.faint{color:#bbbbbb}.small{font-size:10px}
.go{display:inline-block;min-height:48px;min-width:48px;padding:12px}</style></head>
<body><h1>Bad page</h1><button class="tiny">A</button><button class="tiny">B</button>
<p class="faint">Low contrast text</p><p class="small">Tiny print</p>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="50" height="50">
<div class="wide"></div><p><a class="go" href="missing.html">Gone</a></p>
<script>console.error('boom');</script></body></html>"#;

#[tokio::test]
async fn a_seeded_bad_page_is_caught_with_exact_counts() {
    let root = tempfile::tempdir().unwrap();
    let pages = root.path().join(SESSION).join("pages");
    std::fs::create_dir_all(&pages).unwrap();
    std::fs::write(pages.join("bad.html"), BAD_PAGE).unwrap();
    let (host, client) = studio(root.path()).await;
    let (summary, report) = call(&client, "validate_html", json!({ "slug": "bad" })).await;
    assert_eq!(report["viewport_meta"], false, "{report:#}");
    assert!(report["horizontal_overflow_px"].as_f64().unwrap() > 0.0);
    let targets = report["small_touch_targets"].as_array().unwrap();
    assert_eq!(targets.len(), 2, "{report:#}");
    assert_eq!(targets[0]["width"], 30.0);
    assert_eq!(targets[0]["height"], 20.0);
    assert!(
        targets[0]["element"]
            .as_str()
            .unwrap()
            .starts_with("button.tiny")
    );
    assert_eq!(
        report["small_text"].as_array().unwrap().len(),
        1,
        "{report:#}"
    );
    assert_eq!(report["small_text"][0]["font_size_px"], 10.0);
    assert_eq!(report["images_without_alt"].as_array().unwrap().len(), 1);
    let contrast = report["contrast_failures"].as_array().unwrap();
    assert_eq!(contrast.len(), 1, "{report:#}");
    assert_eq!(contrast[0]["foreground"], "#bbbbbb");
    assert!(contrast[0]["ratio"].as_f64().unwrap() < 2.0);
    assert_eq!(report["console_errors"], json!(["console.error: boom"]));
    assert_eq!(report["broken_links"].as_array().unwrap().len(), 1);
    assert_eq!(report["design_system_linked"], false);
    // The ten seeded above, the three serious or critical findings axe-core makes of them, and
    // the overflow at two of the three emulated widths (360 and 768 px).
    assert_eq!(report["violations"], 15, "{report:#}");
    assert!(
        summary.starts_with("bad: 15 violation(s): no viewport meta; horizontal overflow"),
        "{summary}"
    );
    assert!(
        summary.contains("3 serious/critical axe finding(s); overflow at 360/768 px"),
        "{summary}"
    );
    client.close().await;
    host.shutdown().await;
}

#[tokio::test]
async fn hostile_slugs_are_refused_and_write_nothing() {
    let root = tempfile::tempdir().unwrap();
    let (host, client) = studio(root.path()).await;
    let long = "a".repeat(65);
    for slug in [
        "../x",
        "a/b",
        "%2e%2e",
        "/etc/passwd",
        "mеnu",
        "Menu",
        long.as_str(),
    ] {
        let refused = client
            .call(
                "generate_page",
                json!({ "slug": slug, "title": "T", "description": "D" }),
            )
            .await;
        assert_eq!(tool_error(refused), "invalid_slug", "{slug}");
        let read = client.call("read_page", json!({ "slug": slug })).await;
        assert_eq!(tool_error(read), "invalid_slug", "{slug}");
    }
    assert_eq!(std::fs::read_dir(root.path()).unwrap().count(), 0);
    assert!(!root.path().parent().unwrap().join("x.html").exists());
    let missing = client.call("read_page", json!({ "slug": "nope" })).await;
    assert_eq!(tool_error(missing), "no_such_page");
    client.close().await;
    host.shutdown().await;
}

#[tokio::test]
async fn edit_page_changes_only_what_was_asked() {
    let root = tempfile::tempdir().unwrap();
    let (host, client) = studio(root.path()).await;
    call(
        &client,
        "create_design_system",
        json!({ "product_type": "restaurant" }),
    )
    .await;
    let model = json!({ "site_name": "Bakery", "hours": "Tue–Sun 7:00–18:00",
        "items": [{ "name": "Sourdough loaf", "text": "Slow-fermented", "price": "6.50" }] });
    call(
        &client,
        "generate_page",
        json!({ "slug": "menu", "title": "Menu", "description": "What we bake", "data_model": model }),
    )
    .await;
    let path = root.path().join(SESSION).join("pages/menu.html");
    let before = std::fs::read_to_string(&path).unwrap();

    let (line, outcome) = call(
        &client,
        "edit_page",
        json!({ "slug": "menu", "instructions": "replace \"Sourdough loaf\" with \"Rye loaf\"" }),
    )
    .await;
    assert!(line.starts_with("edited menu (page v2)"), "{line}");
    assert_eq!(outcome["source"], "offline");
    let after = std::fs::read_to_string(&path).unwrap();
    assert_eq!(after, before.replacen("Sourdough loaf", "Rye loaf", 1));

    call(
        &client,
        "edit_page",
        json!({ "slug": "menu", "instructions": "remove the \"info\" section" }),
    )
    .await;
    let removed = std::fs::read_to_string(&path).unwrap();
    let start = after.find("<section class=\"card\" id=\"info\"").unwrap();
    let end = after[start..].find("</section>\n").unwrap() + start + "</section>\n".len();
    assert_eq!(removed, format!("{}{}", &after[..start], &after[end..]));

    let css_path = root.path().join(SESSION).join("design-system.css");
    let css_before = std::fs::read_to_string(&css_path).unwrap();
    let (_, token) = call(
        &client,
        "edit_page",
        json!({ "slug": "menu", "instructions": "set --radius-md to 4px" }),
    )
    .await;
    assert_eq!(token["changed"], "design_system");
    let css_after = std::fs::read_to_string(&css_path).unwrap();
    assert_eq!(
        css_after,
        css_before.replace("--radius-md: 12px;", "--radius-md: 4px;")
    );

    let unmatched = client
        .call(
            "edit_page",
            json!({ "slug": "menu", "hunks": [{ "search": "nowhere", "replace": "x" }] }),
        )
        .await;
    assert_eq!(tool_error(unmatched), "hunk_mismatch");
    let vague = client
        .call(
            "edit_page",
            json!({ "slug": "menu", "instructions": "make it cosier" }),
        )
        .await;
    assert_eq!(tool_error(vague), "needs_model");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        removed,
        "refusals change nothing"
    );
    client.close().await;
    host.shutdown().await;
}

#[tokio::test]
async fn extract_style_reads_images_inside_the_session_only() {
    let root = tempfile::tempdir().unwrap();
    let (host, client) = studio(root.path()).await;
    // A 2×1 PNG: one navy pixel, one orange pixel.
    let png = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGOQ04z62iQCAAbnAi2RfQrDAAAAAElFTkSuQmCC";
    let (line, style) = call(
        &client,
        "extract_style",
        json!({ "image": format!("data:image/png;base64,{png}") }),
    )
    .await;
    assert_eq!(
        style["palette"].as_array().unwrap().len(),
        2,
        "{line} {style:#}"
    );
    assert!(style["design_system_arguments"]["brand_colors"].is_array());
    for outside in ["../secret.png", "/etc/passwd"] {
        let refused = client
            .call("extract_style", json!({ "image": outside }))
            .await;
        assert_eq!(tool_error(refused), "invalid_argument", "{outside}");
    }
    client.close().await;
    host.shutdown().await;
}
