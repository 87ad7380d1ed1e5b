//! The Product Doc of a session (the protocol's [`ProductDoc`]) kept up to date, and its project
//! card.
//!
//! In: small patches (a section's title and new content, and who wrote it) from the person's
//! `ask_user` answers and from the results of the site tools (`analyze_brief`,
//! `create_design_system`, `generate_page`: their structured JSON), made without a model
//! ([`patches`]). Out: the doc (sections with `title`, `content`, `updated_at`, `updated_by`),
//! stored as JSON at [`crate::AgentConfig::product_doc_path`] when one is set (the daemon puts it
//! at `{data_dir}/sites/{session}/product-doc.json`), and the project card
//! ([`card`]): under [`CARD_MAX_TOKENS`] tokens, measured, regenerated after every
//! update and carried in the long context layer of every planning request.

pub mod patches;

pub use patches::{from_answers, from_tool};

use std::path::Path;

use tandem_mcp_browser::snapshot::render::estimate_tokens;
use tandem_protocol::{DocAuthor, DocSection, ProductDoc, unix_ms};

use crate::text::clip;

/// Most tokens a project card may have.
pub const CARD_MAX_TOKENS: usize = 480;
/// Longest section content kept in the doc, in characters.
const MAX_CONTENT_CHARS: usize = 4_000;
/// Most sections a doc keeps (the least recently updated goes first).
const MAX_SECTIONS: usize = 40;

/// A patch: the new content of a section (made if missing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocPatch {
    pub title: String,
    pub content: String,
    pub by: DocAuthor,
}

/// Whether `message` speaks of a site (a website, a landing page, a homepage…), in its words,
/// not in the addresses it quotes: then it may carry something for the Product Doc.
pub fn speaks_of_a_site(message: &str) -> bool {
    let words: Vec<String> = message
        .split_whitespace()
        .filter(|word| !word.contains('/') && !word.trim_end_matches('.').contains('.'))
        .map(|word| {
            word.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    let noun = |word: &str| matches!(word, "site" | "sites" | "website" | "websites" | "homepage");
    words.iter().any(|word| noun(word))
        || words.windows(2).any(|pair| {
            matches!(pair[1].as_str(), "page" | "pages")
                && matches!(pair[0].as_str(), "landing" | "web")
        })
}

/// Applies `patches` to `doc`; answers the titles of the sections that changed.
pub fn apply(doc: &mut ProductDoc, patches: Vec<DocPatch>) -> Vec<String> {
    let mut changed = Vec::new();
    for patch in patches {
        let title = patch.title.trim().to_owned();
        let content: String = patch
            .content
            .trim()
            .chars()
            .take(MAX_CONTENT_CHARS)
            .collect();
        if title.is_empty() || content.is_empty() {
            continue;
        }
        let at = unix_ms();
        match doc
            .sections
            .iter_mut()
            .find(|s| s.title.eq_ignore_ascii_case(&title))
        {
            Some(section) if section.content == content => continue,
            Some(section) => {
                section.content = content;
                section.updated_at = at;
                section.updated_by = patch.by;
            }
            None => {
                if doc.sections.len() >= MAX_SECTIONS
                    && let Some(oldest) = doc
                        .sections
                        .iter()
                        .enumerate()
                        .min_by_key(|(_, s)| s.updated_at)
                        .map(|(i, _)| i)
                {
                    doc.sections.remove(oldest);
                }
                doc.sections.push(DocSection {
                    title: title.clone(),
                    content,
                    updated_at: at,
                    updated_by: patch.by,
                });
            }
        }
        if !changed.contains(&title) {
            changed.push(title);
        }
    }
    changed
}

/// The project card: one line per section, each cut so the whole stays under
/// [`CARD_MAX_TOKENS`] (measured with the same estimate as observations). `None` for an
/// empty doc.
pub fn card(doc: &ProductDoc) -> Option<String> {
    if doc.sections.is_empty() {
        return None;
    }
    let mut per_section = 400;
    loop {
        let lines: Vec<String> = doc
            .sections
            .iter()
            .map(|s| {
                let content = s.content.split_whitespace().collect::<Vec<_>>().join(" ");
                format!("- {}: {}", s.title, clip(&content, per_section))
            })
            .collect();
        let card = lines.join("\n");
        if estimate_tokens(&card) < CARD_MAX_TOKENS {
            return Some(card);
        }
        if per_section <= 20 {
            // Too many sections for the budget: keep the most recent lines that fit.
            let mut kept: Vec<&String> = Vec::new();
            for line in lines.iter().rev() {
                let mut trial: Vec<&String> = kept.clone();
                trial.push(line);
                let text: Vec<&str> = trial.iter().rev().map(|l| l.as_str()).collect();
                if estimate_tokens(&text.join("\n")) >= CARD_MAX_TOKENS {
                    break;
                }
                kept = trial;
            }
            let text: Vec<&str> = kept.iter().rev().map(|l| l.as_str()).collect();
            return Some(text.join("\n"));
        }
        per_section = per_section * 2 / 3;
    }
}

/// Reads the doc at `path` (an empty doc when there is none).
pub fn load(path: &Path) -> std::io::Result<ProductDoc> {
    match std::fs::read_to_string(path) {
        Ok(text) => serde_json::from_str(&text).map_err(std::io::Error::other),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(ProductDoc::default()),
        Err(error) => Err(error),
    }
}

/// Writes `doc` to `path` (directories made as needed; replaced whole).
pub fn save(doc: &ProductDoc, path: &Path) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let text = serde_json::to_string_pretty(doc).map_err(std::io::Error::other)?;
    let temporary = path.with_extension("json.tmp");
    std::fs::write(&temporary, text)?;
    std::fs::rename(&temporary, path)
}

#[cfg(test)]
mod tests;
