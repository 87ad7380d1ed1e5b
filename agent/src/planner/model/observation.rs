//! The compact page observation for the model, as untrusted data.
//!
//! In: the latest snapshot (and its tabs and notices), a token budget. Out: the text that goes
//! between `<page_content>` and `</page_content>`: notices, tabs, then
//! [`render_compact`] under the budget. Page text is neutralised first: `<` becomes `‹` (so a
//! page can neither close our delimiter, write a chat-template token nor forge a
//! `<secret:…>` placeholder), and any JSON that looks like our protocol or a tool call is
//! replaced by a marker. Only the latest observation is ever sent.

use tandem_mcp_browser::ObservedPage;
use tandem_mcp_browser::snapshot::Snapshot;
use tandem_mcp_browser::snapshot::render::{RenderOptions, render_compact};

/// Words that make a `{…}` on a line look like protocol rather than page text.
const PROTOCOL_MARKERS: [&str; 7] = [
    "\"action\"",
    "\"tool_calls\"",
    "\"function_call\"",
    "\"arguments\"",
    "\"role\"",
    "\"eid\"",
    "\"reasoning\"",
];

/// What replaces protocol-like text.
pub const REMOVED: &str = "[removed: protocol-like text]";

/// The observation text under `max_tokens`, sanitised.
pub(crate) fn compact_observation(
    snapshot: &Snapshot,
    page: Option<&ObservedPage>,
    max_tokens: usize,
) -> String {
    let mut text = String::new();
    if let Some(page) = page {
        for notice in &page.observation.notices {
            text.push_str(&format!("notice: {notice}\n"));
        }
        if page.observation.tabs.len() > 1 {
            let tabs: Vec<String> = page
                .observation
                .tabs
                .iter()
                .map(|t| {
                    let active = if t.active { " (active)" } else { "" };
                    format!("{} \"{}\"{active}", t.id, t.title)
                })
                .collect();
            text.push_str(&format!("tabs: {}\n", tabs.join(" | ")));
        }
    }
    let options = RenderOptions {
        max_tokens,
        ..RenderOptions::default()
    };
    text.push_str(&render_compact(snapshot, &options));
    sanitize(&text)
}

/// Neutralises page text: `<` escaped, protocol-like JSON removed, line by line.
pub(crate) fn sanitize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        out.push_str(&sanitize_line(line));
        out.push('\n');
    }
    out
}

fn sanitize_line(line: &str) -> String {
    let escaped = line.replace('<', "‹");
    let plain = escaped.replace("\\\"", "\"").to_ascii_lowercase();
    let looks_like_protocol =
        plain.contains('{') && PROTOCOL_MARKERS.iter().any(|marker| plain.contains(marker));
    if !looks_like_protocol {
        return escaped;
    }
    let Some(start) = escaped.find('{') else {
        return escaped;
    };
    let end = escaped
        .rfind('}')
        .filter(|end| *end > start)
        .map_or(escaped.len(), |end| end + 1);
    format!("{}{REMOVED}{}", &escaped[..start], &escaped[end..])
}
