//! Follow-up messages in a corpus (`[[refinement]]` with `expect`), read by the offline parser
//! against the site the bench built for their brief: understood as the change the corpus
//! expects, and edits that apply to that site's pages; or, for `expect = "model"`, not parsed
//! and recognised as a site edit that needs a model.

use std::path::Path;

use serde::Deserialize;
use tandem_mcp_browser::site::refine::edits::{PageText, edits};
use tandem_mcp_browser::site::refine::{Refinement, looks_like_site_edit, parse};

#[derive(Deserialize)]
pub struct FollowUp {
    pub site: String,
    pub text: String,
    #[serde(default)]
    pub expect: Option<String>,
    /// Words the change's description must hold ("header" for a colour of the top bar).
    #[serde(default)]
    pub says: Option<String>,
}

fn op(refinement: &Refinement) -> &'static str {
    match refinement {
        Refinement::Colour { .. } => "colour",
        Refinement::Font { .. } => "font",
        Refinement::TextSize { .. } => "text_size",
        Refinement::Phone { .. } => "phone",
        Refinement::Email { .. } => "email",
        Refinement::Replace { .. } => "replace",
        Refinement::AddPage { .. } => "add_page",
        Refinement::RemoveSection { .. } => "remove_section",
        Refinement::MoveSection { .. } => "move_section",
        Refinement::SwapSections { .. } => "swap_sections",
    }
}

fn pages(site: &Path) -> Vec<PageText> {
    let Ok(dir) = std::fs::read_dir(site.join("pages")) else {
        return Vec::new();
    };
    let mut pages: Vec<PageText> = dir
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let path = entry.path();
            let slug = path.file_stem()?.to_str()?.to_owned();
            let html = std::fs::read_to_string(&path).ok()?;
            (path.extension()? == "html").then_some(PageText { slug, html })
        })
        .collect();
    pages.sort_by(|a, b| a.slug.cmp(&b.slug));
    pages
}

/// Prints one line per follow-up and returns (as expected, run).
pub fn report(follow_ups: &[FollowUp], root: &Path) -> (usize, usize) {
    let mut right = 0;
    let mut run = 0;
    for follow_up in follow_ups {
        let Some(expect) = follow_up.expect.as_deref() else {
            continue;
        };
        run += 1;
        let site = pages(&root.join(&follow_up.site));
        let (got, ok) = match parse(&follow_up.text) {
            Some(refinement) => {
                let applied = edits(&refinement, &site);
                let says = follow_up
                    .says
                    .as_deref()
                    .is_none_or(|words| refinement.describe().contains(words));
                let ok = op(&refinement) == expect
                    && says
                    && applied.as_ref().is_ok_and(|e| !e.is_empty());
                let outcome = match applied {
                    Ok(e) => format!("{} edit(s)", e.len()),
                    Err(error) => format!("error: {error}"),
                };
                (format!("{} ({outcome})", refinement.describe()), ok)
            }
            None if looks_like_site_edit(&follow_up.text) => {
                ("needs a model".to_owned(), expect == "model")
            }
            None => ("not read as a site edit".to_owned(), false),
        };
        right += usize::from(ok);
        println!(
            "{:<24} {:<58} → {} {}",
            follow_up.site,
            format!("\"{}\"", follow_up.text),
            got,
            if ok { "ok" } else { "WRONG" }
        );
    }
    (right, run)
}
