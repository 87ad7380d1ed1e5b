//! A [`Refinement`] as exact edits of the site's current pages: hunks whose `search` occurs
//! exactly once where it is applied (so `edit_page` changes those bytes and nothing else),
//! design-system tokens, or a new page.

use serde_json::{Value, json};

use super::colour;
use super::{Family, FontRole, Position, Refinement};
use crate::site::brief::SectionKind;
use crate::site::colors::Rgb;
use crate::site::edit::{Hunk, section_span};
use crate::site::error::SiteError;
use crate::site::templates::{content::tel, escape};

/// A page of the site as `read_page` returned it.
#[derive(Debug, Clone, PartialEq)]
pub struct PageText {
    pub slug: String,
    pub html: String,
}

impl PageText {
    /// Every page the offline analysis of `brief` plans, rendered from the templates as
    /// `generate_page` writes them without a model (its navigation lists no other page).
    pub fn offline_site(brief: &str) -> Vec<PageText> {
        let analysis = crate::site::brief::analyze(brief, None);
        analysis
            .pages
            .iter()
            .map(|page| {
                let model = analysis.page_model(page);
                let request = crate::site::templates::PageRequest {
                    slug: &page.slug,
                    title: &page.title,
                    description: &page.purpose,
                    data_model: &model,
                };
                PageText {
                    slug: page.slug.clone(),
                    html: crate::site::templates::render(&request, &[]),
                }
            })
            .collect()
    }
}

/// One change to make.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// Hunks for one page, applied in order (`edit_page` with `hunks`).
    Page { slug: String, hunks: Vec<Hunk> },
    /// A design-system token (`edit_page` with `set --name to value`).
    Token { name: String, value: String },
    /// A new page (`generate_page`); the other pages' navigation follows.
    NewPage {
        slug: String,
        title: String,
        description: String,
        data_model: Value,
    },
}

/// The page background links are checked against (the design system's is near-white).
const LIGHT_PAGE: (f32, f32, f32) = (0.95, 0.95, 0.95);

/// The edits that make `refinement` on `pages`; `invalid_argument` naming what is missing when
/// the pages have nothing to change ("no reviews section on any page").
pub fn edits(refinement: &Refinement, pages: &[PageText]) -> Result<Vec<Edit>, SiteError> {
    match refinement {
        Refinement::Colour { part, colour } => {
            let page_bg = Rgb::new(LIGHT_PAGE.0, LIGHT_PAGE.1, LIGHT_PAGE.2);
            Ok(colour::tokens(*part, colour, page_bg)
                .into_iter()
                .map(|(name, value)| Edit::Token { name, value })
                .collect())
        }
        Refinement::Font { role, family } => {
            let stack = match family {
                Family::Serif => "Georgia, \"Times New Roman\", Times, serif",
                Family::Sans => "system-ui, -apple-system, \"Segoe UI\", Roboto, sans-serif",
                Family::Mono => "ui-monospace, Menlo, Consolas, monospace",
            };
            let names: &[&str] = match role {
                FontRole::Heading => &["font-heading"],
                FontRole::Body => &["font-body"],
                FontRole::Both => &["font-body", "font-heading"],
            };
            Ok(names
                .iter()
                .map(|name| Edit::Token {
                    name: (*name).to_owned(),
                    value: stack.to_owned(),
                })
                .collect())
        }
        Refinement::TextSize { up } => {
            let sizes: [(&str, &str, &str); 5] = [
                ("text-sm", "1rem", "0.8125rem"),
                ("text-md", "1.125rem", "0.9375rem"),
                ("text-lg", "1.375rem", "1.125rem"),
                ("text-xl", "1.75rem", "1.375rem"),
                ("text-2xl", "2.25rem", "1.75rem"),
            ];
            Ok(sizes
                .iter()
                .map(|(name, bigger, smaller)| Edit::Token {
                    name: (*name).to_owned(),
                    value: if *up { bigger } else { smaller }.to_string(),
                })
                .collect())
        }
        Refinement::Phone { new } => contact_edits(pages, "tel:", &tel(new), new, "phone"),
        Refinement::Email { new } => contact_edits(pages, "mailto:", new, new, "email"),
        Refinement::Replace { old, new } => replace_edits(pages, old, new),
        Refinement::AddPage { kind } => add_page(pages, *kind),
        Refinement::RemoveSection { kind } => {
            let (page, span) = find_section(pages, *kind)?;
            Ok(vec![Edit::Page {
                slug: page.slug.clone(),
                hunks: vec![Hunk {
                    search: page.html[span.0..span.1].to_owned(),
                    replace: String::new(),
                }],
            }])
        }
        Refinement::MoveSection {
            kind,
            position,
            anchor,
        } => move_section(pages, *kind, *position, *anchor),
        Refinement::SwapSections { first, second } => swap_sections(pages, *first, *second),
    }
}

/// Pages that hold a section of `kind`, first one found, with its span.
fn find_section(
    pages: &[PageText],
    kind: SectionKind,
) -> Result<(&PageText, (usize, usize)), SiteError> {
    pages
        .iter()
        .find_map(|page| section_span(&page.html, kind.as_str()).map(|span| (page, span)))
        .ok_or_else(|| {
            let present: Vec<String> = pages
                .iter()
                .flat_map(|page| sections_of(&page.html))
                .collect();
            SiteError::InvalidArgument(format!(
                "no {} section on any page (the pages have: {})",
                kind.as_str(),
                present.join(", ")
            ))
        })
}

/// The `data-section` names on a page, in order (hero and footer left out).
fn sections_of(html: &str) -> Vec<String> {
    html.split("data-section=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .filter(|name| !matches!(*name, "hero" | "footer"))
        .map(str::to_owned)
        .collect()
}

fn move_section(
    pages: &[PageText],
    kind: SectionKind,
    position: Position,
    anchor: SectionKind,
) -> Result<Vec<Edit>, SiteError> {
    let (from, span) = find_section(pages, kind)?;
    let (to, anchor_span) = find_section(pages, anchor)?;
    let moved = &from.html[span.0..span.1];
    let anchor_text = &to.html[anchor_span.0..anchor_span.1];
    let placed = match position {
        Position::Before => format!("{moved}{anchor_text}"),
        Position::After => format!("{anchor_text}{moved}"),
    };
    let remove = Hunk {
        search: moved.to_owned(),
        replace: String::new(),
    };
    let insert = Hunk {
        search: anchor_text.to_owned(),
        replace: placed,
    };
    if from.slug == to.slug {
        return Ok(vec![Edit::Page {
            slug: from.slug.clone(),
            hunks: vec![remove, insert],
        }]);
    }
    if !moved.contains("aria-labelledby=") {
        return Err(SiteError::InvalidArgument(format!(
            "{} is a page of its own; moving it onto the {} page needs a model",
            kind.as_str(),
            to.slug
        )));
    }
    Ok(vec![
        Edit::Page {
            slug: to.slug.clone(),
            hunks: vec![insert],
        },
        Edit::Page {
            slug: from.slug.clone(),
            hunks: vec![remove],
        },
    ])
}

/// Two sections of one page trade places: one hunk from the start of the earlier to the end of
/// the later, the text between them kept.
fn swap_sections(
    pages: &[PageText],
    first: SectionKind,
    second: SectionKind,
) -> Result<Vec<Edit>, SiteError> {
    let (page, a) = find_section(pages, first)?;
    let (other, b) = find_section(pages, second)?;
    if page.slug != other.slug {
        return Err(SiteError::InvalidArgument(format!(
            "{} and {} are on different pages ({} and {}); swapping them needs a model",
            first.as_str(),
            second.as_str(),
            page.slug,
            other.slug
        )));
    }
    let (early, late) = if a.0 < b.0 { (a, b) } else { (b, a) };
    let html = &page.html;
    Ok(vec![Edit::Page {
        slug: page.slug.clone(),
        hunks: vec![Hunk {
            search: html[early.0..late.1].to_owned(),
            replace: format!(
                "{}{}{}",
                &html[late.0..late.1],
                &html[early.1..late.0],
                &html[early.0..early.1]
            ),
        }],
    }])
}

fn add_page(pages: &[PageText], kind: SectionKind) -> Result<Vec<Edit>, SiteError> {
    let slug = kind.as_str();
    if pages.iter().any(|page| page.slug == slug) {
        return Err(SiteError::InvalidArgument(format!(
            "the site already has a {slug} page"
        )));
    }
    let name = pages
        .iter()
        .find_map(|page| brand_of(&page.html))
        .filter(|name| !name.starts_with('['));
    let label = kind.default_label();
    Ok(vec![Edit::NewPage {
        slug: slug.to_owned(),
        title: label.to_owned(),
        description: kind.purpose().to_owned(),
        data_model: json!({
            "name": name,
            "sections": [{ "kind": slug, "label": label }],
        }),
    }])
}

/// The site's name as the navigation shows it.
fn brand_of(html: &str) -> Option<String> {
    let start = html.find("class=\"nav-brand\"")?;
    let text = &html[start..];
    let open = text.find('>')? + 1;
    let close = text[open..].find('<')? + open;
    let name = text[open..close]
        .replace("&amp;", "&")
        .replace("&quot;", "\"")
        .replace("&#39;", "'");
    (!name.trim().is_empty()).then(|| name.trim().to_owned())
}

/// The phone number or e-mail address on every page: each `tel:`/`mailto:` link's address and
/// text, and each placeholder for it, which becomes such a link.
fn contact_edits(
    pages: &[PageText],
    scheme: &str,
    href_value: &str,
    shown: &str,
    placeholder: &str,
) -> Result<Vec<Edit>, SiteError> {
    let link = format!(
        "<a class=\"tap\" href=\"{scheme}{}\">{}</a>",
        escape(href_value),
        escape(shown)
    );
    let opener = format!("href=\"{scheme}");
    let marker = format!("data-placeholder=\"{placeholder}-");
    let mut edits = Vec::new();
    for page in pages {
        let mut spans: Vec<(usize, usize, String)> = elements_with(&page.html, &opener, "a")
            .chain(elements_with(&page.html, &marker, "span"))
            .map(|(start, end)| (start, end, link.clone()))
            .collect();
        spans.sort_by_key(|span| span.0);
        if !spans.is_empty() {
            edits.push(Edit::Page {
                slug: page.slug.clone(),
                hunks: unique_hunks(&page.html, &spans),
            });
        }
    }
    if edits.is_empty() {
        return Err(SiteError::InvalidArgument(format!(
            "no {placeholder} on any page to change"
        )));
    }
    Ok(edits)
}

/// The byte spans of the `<tag …>…</tag>` elements of `html` whose opening tag contains
/// `attribute` (an attribute's start, `href="tel:`), in order. Elements are not nested.
fn elements_with<'a>(
    html: &'a str,
    attribute: &'a str,
    tag: &'a str,
) -> impl Iterator<Item = (usize, usize)> + 'a {
    let open = format!("<{tag}");
    let close = format!("</{tag}>");
    let mut from = 0;
    std::iter::from_fn(move || {
        let at = from + html[from..].find(attribute)?;
        let start = html[..at].rfind(&open)?;
        let end = at + html[at..].find(&close)? + close.len();
        from = end;
        Some((start, end))
    })
}

/// `old` as a whole word in the visible text of every page (never inside a tag, a style or a
/// script), matched exactly or, when nowhere exact, ignoring case.
fn replace_edits(pages: &[PageText], old: &str, new: &str) -> Result<Vec<Edit>, SiteError> {
    let replacement = escape(new);
    let escaped_old = escape(old);
    for ignore_case in [false, true] {
        let mut edits = Vec::new();
        for page in pages {
            let spans: Vec<(usize, usize, String)> =
                text_matches(&page.html, &escaped_old, ignore_case)
                    .into_iter()
                    .map(|(start, end)| (start, end, replacement.clone()))
                    .collect();
            if !spans.is_empty() {
                edits.push(Edit::Page {
                    slug: page.slug.clone(),
                    hunks: unique_hunks(&page.html, &spans),
                });
            }
        }
        if !edits.is_empty() {
            return Ok(edits);
        }
    }
    Err(SiteError::InvalidArgument(format!(
        "\"{old}\" is not in the text of any page"
    )))
}

/// Byte spans of `needle` as a whole word in text outside tags, `<style>` and `<script>`.
fn text_matches(html: &str, needle: &str, ignore_case: bool) -> Vec<(usize, usize)> {
    let haystack = if ignore_case {
        html.to_ascii_lowercase()
    } else {
        html.to_owned()
    };
    let needle = if ignore_case {
        needle.to_ascii_lowercase()
    } else {
        needle.to_owned()
    };
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = haystack[from..].find(&needle).map(|i| from + i) {
        let end = at + needle.len();
        from = end;
        let before = html[..at].chars().next_back();
        let after = html[end..].chars().next();
        let whole = before.is_none_or(|c| !c.is_alphanumeric())
            && after.is_none_or(|c| !c.is_alphanumeric());
        if whole && in_text(html, at) {
            found.push((at, end));
        }
    }
    found
}

/// True when byte `at` is in a text node outside `<style>`/`<script>` and `<head>`'s meta.
fn in_text(html: &str, at: usize) -> bool {
    let before = &html[..at];
    let last_open = before.rfind('<');
    let last_close = before.rfind('>');
    if last_open > last_close || last_close.is_none() {
        return false;
    }
    let lower = before.to_ascii_lowercase();
    let inside = |open: &str, close: &str| lower.rfind(open) > lower.rfind(close);
    !inside("<style", "</style>") && !inside("<script", "</script>")
}

/// Hunks for non-overlapping `(start, end, replacement)` spans of `text` in increasing order,
/// applied one after another: each `search` is its span grown by context on both sides until
/// it occurs exactly once in the text as it is when that hunk applies (later spans first, so
/// the earlier ones' offsets hold).
pub fn unique_hunks(text: &str, spans: &[(usize, usize, String)]) -> Vec<Hunk> {
    let mut current = text.to_owned();
    let mut hunks = Vec::new();
    for (start, end, replacement) in spans.iter().rev() {
        let (mut from, mut to) = (*start, *end);
        loop {
            let search = &current[from..to];
            if current.matches(search).count() == 1 || (from == 0 && to == current.len()) {
                break;
            }
            from = floor_char(&current, from.saturating_sub(8));
            to = ceil_char(&current, (to + 8).min(current.len()));
        }
        let search = current[from..to].to_owned();
        let replace = format!(
            "{}{replacement}{}",
            &current[from..*start],
            &current[*end..to]
        );
        current = format!("{}{replace}{}", &current[..from], &current[to..]);
        hunks.push(Hunk { search, replace });
    }
    hunks
}

fn floor_char(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn ceil_char(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}
