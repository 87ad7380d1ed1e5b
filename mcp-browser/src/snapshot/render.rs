//! Compact text rendering of a [`Snapshot`] for models.
//!
//! In: a snapshot and a token budget. Out: one line per element or text, for example
//!
//! ```text
//! page "Checkout – Shop" https://shop.test/checkout
//! viewport 1280x800, scrolled 0 of 2400
//! ## Checkout
//! "Please fill in your details."
//! [e4] textbox "Email" value="a@b.c" placeholder="you@example.com"
//! [e5] combobox "Country" value="France" options=[France, Germany, Spain]
//! [e6] checkbox "Accept terms" unchecked
//! [e7] button "Pay now" disabled
//! [e8] link "Help" -> /help
//! ... 312 more elements below the viewport (scroll to see)
//! ```
//!
//! Page content only ever appears inside quotes (escaped) or after a line's fixed prefix, so a
//! page cannot forge an element line. Elements in the viewport are kept first, then in-viewport
//! texts, then the rest of the page in document order; what does not fit is counted in a final
//! line. When the full form does not fit, low-value fields (form, frame, placeholders that repeat
//! the name, long option lists) are dropped before whole lines are.

use std::fmt::Write as _;

use url::Url;

use super::model::{Element, Snapshot, TextBlock};

/// Limits for [`render_compact`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderOptions {
    /// Budget for the whole text, estimated with [`estimate_tokens`].
    pub max_tokens: usize,
    /// Options of a select shown before `(+N more)`.
    pub max_options: usize,
    /// Whether headings and text blocks are rendered at all.
    pub include_texts: bool,
}

impl Default for RenderOptions {
    fn default() -> Self {
        Self {
            max_tokens: 4000,
            max_options: 10,
            include_texts: true,
        }
    }
}

/// Rough token count of a text: a token is about four characters.
pub fn estimate_tokens(text: &str) -> usize {
    text.chars().count().div_ceil(4)
}

/// How much of an element line to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Detail {
    Full,
    Compact,
}

/// Options shown in compact lines, whatever `max_options` says.
const COMPACT_OPTIONS: usize = 5;
/// Longest href shown, in characters.
const MAX_HREF_CHARS: usize = 100;

/// One line of the text, with what is needed to choose and order it.
struct Entry {
    /// Position on the page (top edge, viewport coordinates) used to interleave texts.
    y: f64,
    /// Index in the snapshot's element or text list.
    index: usize,
    kind: EntryKind,
    in_viewport: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EntryKind {
    Element,
    Text,
}

/// Renders the snapshot within `options.max_tokens`.
pub fn render_compact(snapshot: &Snapshot, options: &RenderOptions) -> String {
    let origin = Url::parse(&snapshot.url).ok();
    let header = header(snapshot);
    let entries = ordered_entries(snapshot, options.include_texts);
    let budget_chars = options.max_tokens.saturating_mul(4);
    // Room for the final summary line.
    let reserve = 120;
    let available = budget_chars
        .saturating_sub(header.chars().count())
        .saturating_sub(reserve);

    let mut chosen = None;
    for detail in [Detail::Full, Detail::Compact] {
        let mut seen = Seen::default();
        let lines: Vec<String> = entries
            .iter()
            .map(|e| entry_line(snapshot, e, detail, options, origin.as_ref(), &mut seen))
            .collect();
        let total: usize = lines.iter().map(|l| l.chars().count() + 1).sum();
        if total <= available || detail == Detail::Compact {
            chosen = Some(select_within(&entries, lines, available));
            break;
        }
    }
    let (lines, kept) = chosen.unwrap_or_default();

    let mut out = header;
    for line in &lines {
        out.push_str(line);
        out.push('\n');
    }
    if let Some(summary) = omitted_summary(snapshot, &entries, &kept) {
        out.push_str(&summary);
        out.push('\n');
    }
    out
}

/// One element as a single line (absolute link targets), for step logs and confirm cards.
pub fn render_element(element: &Element) -> String {
    element_line(
        element,
        Detail::Full,
        RenderOptions::default().max_options,
        None,
        None,
    )
}

fn header(snapshot: &Snapshot) -> String {
    let v = &snapshot.viewport;
    let mut out = format!("page {} {}\n", quote(&snapshot.title), snapshot.url);
    let _ = write!(
        out,
        "viewport {}x{}, scrolled {} of {}",
        v.width.round(),
        v.height.round(),
        v.scroll_y.round(),
        v.page_height.round()
    );
    if v.scroll_x.abs() >= 1.0 {
        let _ = write!(out, " (x {})", v.scroll_x.round());
    }
    out.push('\n');
    out
}

/// All entries in reading order: elements and texts merged by vertical position, each list
/// keeping its own (document) order.
fn ordered_entries(snapshot: &Snapshot, include_texts: bool) -> Vec<Entry> {
    let elements = snapshot
        .elements
        .iter()
        .enumerate()
        .map(|(index, e)| Entry {
            y: e.rect.y,
            index,
            kind: EntryKind::Element,
            in_viewport: e.in_viewport,
        });
    let texts: Vec<Entry> = if include_texts {
        snapshot
            .texts
            .iter()
            .enumerate()
            .map(|(index, t)| Entry {
                y: t.y,
                index,
                kind: EntryKind::Text,
                in_viewport: t.in_viewport,
            })
            .collect()
    } else {
        Vec::new()
    };
    let mut merged = Vec::with_capacity(snapshot.elements.len() + texts.len());
    let mut texts = texts.into_iter().peekable();
    for element in elements {
        while let Some(text) = texts.next_if(|t| t.y <= element.y) {
            merged.push(text);
        }
        merged.push(element);
    }
    merged.extend(texts);
    merged
}

/// Chooses lines by priority (viewport elements, viewport texts, other elements, other texts)
/// until `available` characters are used, and returns them in reading order with the kept flags.
fn select_within(
    entries: &[Entry],
    lines: Vec<String>,
    available: usize,
) -> (Vec<String>, Vec<bool>) {
    let priority = |e: &Entry| match (e.in_viewport, e.kind) {
        (true, EntryKind::Element) => 0,
        (true, EntryKind::Text) => 1,
        (false, EntryKind::Element) => 2,
        (false, EntryKind::Text) => 3,
    };
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by_key(|&i| priority(&entries[i]));
    let mut kept = vec![false; entries.len()];
    let mut used = 0usize;
    for i in order {
        let cost = lines[i].chars().count() + 1;
        if used + cost > available {
            // Stop here rather than pick shorter lines further on: what is shown stays a
            // prefix of each tier, which the omitted-count line can describe.
            break;
        }
        used += cost;
        kept[i] = true;
    }
    let chosen = lines
        .into_iter()
        .zip(&kept)
        .filter_map(|(line, &keep)| keep.then_some(line))
        .collect();
    (chosen, kept)
}

fn omitted_summary(snapshot: &Snapshot, entries: &[Entry], kept: &[bool]) -> Option<String> {
    let viewport_height = snapshot.viewport.height;
    let (mut above, mut below, mut visible, mut texts) = (0usize, 0usize, 0usize, 0usize);
    for (entry, &keep) in entries.iter().zip(kept) {
        if keep {
            continue;
        }
        match entry.kind {
            EntryKind::Text => texts += 1,
            EntryKind::Element => {
                let rect = snapshot.elements[entry.index].rect;
                if entry.in_viewport {
                    visible += 1;
                } else if rect.y + rect.h <= 0.0 {
                    above += 1;
                } else if rect.y >= viewport_height {
                    below += 1;
                } else {
                    // Beside the viewport (horizontal scroll) or clipped by a frame.
                    below += 1;
                }
            }
        }
    }
    let mut parts = Vec::new();
    if visible > 0 {
        parts.push(format!("{visible} more elements in the viewport"));
    }
    if below > 0 {
        parts.push(format!("{below} more elements below the viewport"));
    }
    if above > 0 {
        parts.push(format!("{above} more elements above the viewport"));
    }
    if texts > 0 {
        parts.push(format!("{texts} texts"));
    }
    if parts.is_empty() && !snapshot.truncated {
        return None;
    }
    let mut line = if parts.is_empty() {
        String::from("...")
    } else {
        format!("... {} not shown (scroll to see)", parts.join(", "))
    };
    if snapshot.truncated {
        line.push_str("; the page has more elements than the snapshot holds");
    }
    Some(line)
}

/// What the lines before the current one already said, so repeated context is not repeated.
#[derive(Debug, Default)]
struct Seen {
    context: Option<String>,
    form: Option<String>,
    text: Option<String>,
}

impl Seen {
    /// True when `context` adds nothing to the lines above.
    fn knows_context(&mut self, context: Option<&str>) -> bool {
        let known = context
            .is_some_and(|c| self.context.as_deref() == Some(c) || self.text.as_deref() == Some(c));
        self.context = context.map(str::to_owned);
        known
    }

    fn knows_form(&mut self, form: Option<&str>) -> bool {
        let known = form.is_some() && self.form.as_deref() == form;
        self.form = form.map(str::to_owned);
        known
    }
}

fn entry_line(
    snapshot: &Snapshot,
    entry: &Entry,
    detail: Detail,
    options: &RenderOptions,
    origin: Option<&Url>,
    seen: &mut Seen,
) -> String {
    match entry.kind {
        EntryKind::Element => element_line(
            &snapshot.elements[entry.index],
            detail,
            options.max_options,
            origin,
            Some(seen),
        ),
        EntryKind::Text => {
            let text = &snapshot.texts[entry.index];
            seen.text = Some(text.text.clone());
            text_line(text)
        }
    }
}

fn text_line(text: &TextBlock) -> String {
    match text.kind.as_str() {
        "heading" => {
            let level = usize::from(text.level.unwrap_or(2).clamp(1, 6));
            format!("{} {}", "#".repeat(level), single_line(&text.text))
        }
        "alert" => format!("alert {}", quote(&text.text)),
        "label" => format!("label {}", quote(&text.text)),
        _ => quote(&text.text),
    }
}

fn element_line(
    el: &Element,
    detail: Detail,
    max_options: usize,
    origin: Option<&Url>,
    mut seen: Option<&mut Seen>,
) -> String {
    let full = detail == Detail::Full;
    let context_known = seen
        .as_deref_mut()
        .is_some_and(|s| s.knows_context(el.context.as_deref()));
    let form_known = seen.is_some_and(|s| s.knows_form(el.form_submit.as_deref()));
    let mut out = format!("[{}] {}", el.eid, single_line(&el.role));
    let placeholder = el.placeholder.as_deref().filter(|p| !p.is_empty());
    if !el.name.is_empty() {
        out.push(' ');
        out.push_str(&quote(&el.name));
    } else if placeholder.is_none() && el.context.is_none() {
        out.push_str(" (unnamed)");
    }
    if let Some(kind) = el.input_type.as_deref().filter(|t| shows_input_type(t)) {
        let _ = write!(out, " type={}", single_line(kind));
    }
    if let Some(value) = el.value.as_deref() {
        let shown = if el.input_type.as_deref() == Some("password") {
            "•".repeat(value.chars().count().min(32))
        } else {
            value.to_owned()
        };
        let _ = write!(out, " value={}", quote(&shown));
    }
    match el.checked {
        Some(true) => out.push_str(" checked"),
        Some(false) => out.push_str(" unchecked"),
        None => {}
    }
    if el.selected == Some(true) {
        out.push_str(" selected");
    }
    match el.expanded {
        Some(true) => out.push_str(" expanded"),
        Some(false) => out.push_str(" collapsed"),
        None => {}
    }
    if el.disabled {
        out.push_str(" disabled");
    }
    if el.focused {
        out.push_str(" focused");
    }
    if matches!(el.role.as_str(), "textbox" | "searchbox") && !el.editable && !el.disabled {
        out.push_str(" readonly");
    }
    if let Some(p) = placeholder {
        let repeats_name = p.trim().eq_ignore_ascii_case(el.name.trim());
        if el.name.is_empty() || (full && !repeats_name) {
            let _ = write!(out, " placeholder={}", quote(p));
        }
    }
    if let Some(icon) = el.icon.as_deref() {
        let _ = write!(out, " icon={}", quote(icon));
    }
    if !el.options.is_empty() {
        let cap = if full {
            max_options
        } else {
            max_options.min(COMPACT_OPTIONS)
        };
        out.push_str(&options_list(el, cap));
    }
    if let Some(href) = el.href.as_deref().and_then(|h| shown_href(h, origin)) {
        let _ = write!(out, " -> {href}");
    }
    // Context is said once per run of elements that share it (compact lines too: a row's first
    // cell reaches the snapshot only as the context of the row's elements).
    if let Some(context) = el.context.as_deref()
        && (el.name.is_empty() || !context_known)
    {
        let _ = write!(out, " near {}", quote(context));
    }
    if full {
        if let Some(submit) = el.form_submit.as_deref().filter(|_| !form_known) {
            let _ = write!(out, " form={}", quote(submit));
        }
        if let Some(frame) = el.frame.as_deref() {
            let _ = write!(out, " in {}", single_line(frame));
        }
    }
    out
}

/// Input types worth naming: those that change how a value must be typed.
fn shows_input_type(kind: &str) -> bool {
    !matches!(
        kind,
        "text"
            | "checkbox"
            | "radio"
            | "submit"
            | "button"
            | "reset"
            | "search"
            | "number"
            | "range"
    )
}

fn options_list(el: &Element, cap: usize) -> String {
    let total = el.options_total.unwrap_or(0).max(el.options.len());
    let shown: Vec<String> = el
        .options
        .iter()
        .take(cap)
        .map(|o| {
            let label = single_line(&o.label);
            if label.is_empty() || label.contains([',', '[', ']', '"']) {
                quote(&o.label)
            } else {
                label
            }
        })
        .collect();
    let mut out = format!(" options=[{}", shown.join(", "));
    let hidden = total.saturating_sub(shown.len());
    if hidden > 0 {
        let _ = write!(out, ", (+{hidden} more)");
    }
    out.push(']');
    out
}

/// Link target as the model should read it: relative on the page's own origin, nothing for
/// script pseudo-links.
fn shown_href(href: &str, origin: Option<&Url>) -> Option<String> {
    let parsed = Url::parse(href).ok();
    let shown = match (&parsed, origin) {
        (Some(url), _) if url.scheme() == "javascript" => return None,
        (Some(url), Some(page)) if url.origin() == page.origin() && url.origin().is_tuple() => {
            let mut s = url.path().to_owned();
            if let Some(q) = url.query() {
                s.push('?');
                s.push_str(q);
            }
            if let Some(f) = url.fragment() {
                s.push('#');
                s.push_str(f);
            }
            s
        }
        _ => href.to_owned(),
    };
    Some(tandem_protocol::words::clip(
        &single_line(&shown),
        MAX_HREF_CHARS,
    ))
}

/// Page text as a quoted, escaped string.
fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Unquoted page text kept on one line.
fn single_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests;
