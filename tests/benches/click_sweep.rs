//! Clicks every control of pages no one here wrote (the realweb corpus, `tests/fixtures/realweb/`:
//! copies of real sites' markup), each on a freshly loaded page, and counts what the click tool
//! answered: landed (at once, or after moving the element clear of a cover), covered (and by
//! what), missed (the press went elsewhere), or another error. Prints the tally and every cover
//! and miss in the words the person would read; figures go to docs/performance.md.
//!
//! Run: `cargo bench -p tandem-tests --bench click_sweep`

use std::collections::BTreeMap;

use tandem_mcp_browser::McpBrowserClient;
use tandem_mcp_browser::server::params::{ClickParams, NavigateParams, ObserveParams};
use tandem_mcp_browser::snapshot::Snapshot;
use tandem_tests::{FixtureSite, TestBrowser};

/// Roles a person clicks.
const CLICKABLE: [&str; 9] = [
    "button",
    "link",
    "checkbox",
    "radio",
    "tab",
    "menuitem",
    "switch",
    "option",
    "clickable",
];

/// At most this many controls per page (the first ones in the snapshot's order).
const PER_PAGE: usize = 25;

async fn fresh(client: &McpBrowserClient, url: &str) -> anyhow::Result<Snapshot> {
    client
        .invoke(&NavigateParams {
            url: url.to_owned(),
        })
        .await?;
    Ok(client
        .invoke(&ObserveParams::compact(None))
        .await?
        .observation
        .snapshot)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let site = FixtureSite::start().await?;
    let browser = TestBrowser::start().await?;
    let client = &browser.client;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/realweb");
    let mut pages: Vec<String> = std::fs::read_dir(&dir)?
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".html") && !name.starts_with("hanging-"))
        .collect();
    pages.sort();
    let mut tally: BTreeMap<String, usize> = BTreeMap::new();
    let mut told = Vec::new();
    for page in &pages {
        let url = site.url(&format!("/realweb/{page}")).to_string();
        let first = fresh(client, &url).await?;
        let names: Vec<(String, String)> = first
            .elements
            .iter()
            .filter(|e| CLICKABLE.contains(&e.role.as_str()) && !e.disabled)
            .take(PER_PAGE)
            .map(|e| (e.role.clone(), e.name.clone()))
            .collect();
        for (role, name) in names {
            let snapshot = fresh(client, &url).await?;
            let Some(element) = snapshot
                .elements
                .iter()
                .find(|e| e.role == role && e.name == name)
            else {
                *tally.entry("not found again".into()).or_default() += 1;
                continue;
            };
            let eid = element.eid.to_string();
            let kind = match client.invoke(&ClickParams { eid }).await {
                Ok(outcome) if outcome.message.contains(" after moving it clear of ") => {
                    told.push(format!("{page}: {}", outcome.message));
                    "landed after moving clear".to_owned()
                }
                Ok(_) => "landed".to_owned(),
                Err(error) => {
                    let code = error.code().to_owned();
                    if code == "covered" || code == "click_missed" {
                        told.push(format!("{page}: {error}"));
                    }
                    code
                }
            };
            *tally.entry(kind).or_default() += 1;
        }
    }
    let total: usize = tally.values().sum();
    println!("click sweep: {} realweb pages, {total} clicks", pages.len());
    for (kind, count) in &tally {
        println!("  {kind:<28} {count:>5}");
    }
    for line in told {
        println!("  · {line}");
    }
    browser.shutdown().await;
    Ok(())
}
