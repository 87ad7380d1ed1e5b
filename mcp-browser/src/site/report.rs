//! The `validate_html` report: the audit's measured facts plus console errors and link checks,
//! counted into violations and said in one line.
//!
//! Every check of the issue is one field: viewport meta, horizontal overflow, touch targets
//! under 44×44 CSS px (element and measured size), text under 12 px, images without alt, WCAG AA
//! contrast failures (from computed styles), console errors, links to pages that do not exist,
//! design system not linked. `violations` counts one per missing viewport meta, overflowing
//! page, missing design system, and one per listed element, error or link.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A control smaller than 44×44 CSS px.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SmallTarget {
    pub element: String,
    pub width: f64,
    pub height: f64,
}

/// Text under 12 px.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SmallText {
    pub element: String,
    pub font_size_px: f64,
}

/// Text whose contrast with its background is under WCAG AA.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ContrastFailure {
    pub element: String,
    pub ratio: f64,
    pub required: f64,
    pub foreground: String,
    pub background: String,
}

/// A link as the audit found it (`href` resolved).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Link {
    pub element: String,
    pub href: String,
}

/// What the audit script measured.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Audit {
    pub title: String,
    pub viewport_meta: bool,
    pub viewport_width: f64,
    pub scroll_width: f64,
    pub overflowing: Vec<String>,
    pub touch_targets: Vec<SmallTarget>,
    pub small_text: Vec<SmallText>,
    pub contrast: Vec<ContrastFailure>,
    pub images_without_alt: Vec<String>,
    pub links: Vec<Link>,
    pub design_system_linked: bool,
    pub design_system_loaded: bool,
}

/// What `validate_html` returns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ValidationReport {
    pub slug: String,
    pub url: String,
    /// The viewport the page was rendered at, CSS px.
    pub viewport: String,
    pub viewport_meta: bool,
    /// How far the page scrolls sideways, CSS px (0 when it fits).
    pub horizontal_overflow_px: f64,
    /// The outermost elements that stick out on the right.
    pub overflowing_elements: Vec<String>,
    pub small_touch_targets: Vec<SmallTarget>,
    pub small_text: Vec<SmallText>,
    pub images_without_alt: Vec<String>,
    pub contrast_failures: Vec<ContrastFailure>,
    pub console_errors: Vec<String>,
    /// Links to pages of this site that do not exist (or to other sessions' pages).
    pub broken_links: Vec<Link>,
    pub design_system_linked: bool,
    pub violations: usize,
    pub summary: String,
    /// Time from opening the page to the finished audit, ms.
    pub elapsed_ms: u64,
}

/// Builds the report. `pages_url` is the folder URL of the site's pages (ending in `/`);
/// `page_exists` says whether a slug is a page of this session.
pub fn build(
    slug: &str,
    url: &str,
    pages_url: &str,
    audit: Audit,
    console_errors: Vec<String>,
    page_exists: &dyn Fn(&str) -> bool,
    elapsed_ms: u64,
) -> ValidationReport {
    let overflow = (audit.scroll_width - audit.viewport_width).max(0.0);
    let origin_end = pages_url
        .find("://")
        .and_then(|scheme| pages_url[scheme + 3..].find('/').map(|i| scheme + 3 + i))
        .unwrap_or(pages_url.len());
    let origin = &pages_url[..origin_end];
    let broken_links: Vec<Link> = audit
        .links
        .into_iter()
        .filter(|link| {
            let href = link.href.split(['#', '?']).next().unwrap_or_default();
            if let Some(name) = href.strip_prefix(pages_url) {
                let exists = name
                    .strip_suffix(".html")
                    .is_some_and(|slug| !slug.contains('/') && page_exists(slug));
                !exists
            } else {
                // Elsewhere on the same server is another session's file or nothing at all;
                // other sites are not checked (the browser may be offline).
                href.starts_with(origin) && !link.href.starts_with(url)
            }
        })
        .collect();
    let design_system_linked = audit.design_system_linked && audit.design_system_loaded;
    let violations = usize::from(!audit.viewport_meta)
        + usize::from(overflow > 0.0)
        + usize::from(!design_system_linked)
        + audit.touch_targets.len()
        + audit.small_text.len()
        + audit.images_without_alt.len()
        + audit.contrast.len()
        + console_errors.len()
        + broken_links.len();
    let mut problems: Vec<String> = Vec::new();
    if !audit.viewport_meta {
        problems.push("no viewport meta".into());
    }
    if overflow > 0.0 {
        problems.push(format!("horizontal overflow {overflow}px"));
    }
    let mut count = |n: usize, what: &str| {
        if n > 0 {
            problems.push(format!("{n} {what}"));
        }
    };
    count(audit.touch_targets.len(), "touch target(s) under 44px");
    count(audit.small_text.len(), "text(s) under 12px");
    count(audit.images_without_alt.len(), "image(s) without alt");
    count(audit.contrast.len(), "contrast failure(s)");
    count(console_errors.len(), "console error(s)");
    count(broken_links.len(), "broken link(s)");
    if !design_system_linked {
        problems.push("design system not linked".into());
    }
    let summary = if problems.is_empty() {
        format!("{slug}: passes at 390×844, no violations ({elapsed_ms} ms)")
    } else {
        format!("{slug}: {violations} violation(s): {}", problems.join("; "))
    };
    ValidationReport {
        slug: slug.to_owned(),
        url: url.to_owned(),
        viewport: "390x844".into(),
        viewport_meta: audit.viewport_meta,
        horizontal_overflow_px: overflow,
        overflowing_elements: audit.overflowing,
        small_touch_targets: audit.touch_targets,
        small_text: audit.small_text,
        images_without_alt: audit.images_without_alt,
        contrast_failures: audit.contrast,
        console_errors,
        broken_links,
        design_system_linked,
        violations,
        summary,
        elapsed_ms,
    }
}
