//! The `validate_html` report: the audit's measured facts plus console errors and link checks,
//! counted into violations and said in one line.
//!
//! Every check of the issue is one field: viewport meta, horizontal overflow, touch targets
//! under 44×44 CSS px (element and measured size), text under 12 px, images without alt, WCAG AA
//! contrast failures (from computed styles), console errors, links to pages that do not exist,
//! design system not linked, form controls without a label, `#anchors` that lead nowhere — and,
//! at each of 360, 768 and 1280 px, horizontal overflow and axe-core's violations by impact.
//! `violations` counts one per missing viewport meta, overflowing page, missing design system,
//! one per listed element, error or link, one per width that overflows, and the serious or
//! critical axe findings (nodes) at the worst width.

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
    #[serde(default)]
    pub unlabelled_controls: Vec<String>,
    #[serde(default)]
    pub missing_anchors: Vec<Link>,
    pub design_system_linked: bool,
    pub design_system_loaded: bool,
}

/// One axe-core rule broken on a page, as axe reports it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct AxeViolation {
    pub id: String,
    /// `critical`, `serious`, `moderate` or `minor`.
    pub impact: String,
    /// How many elements break it.
    pub nodes: usize,
    /// CSS selectors of the first few.
    #[serde(default)]
    pub targets: Vec<String>,
}

/// What one width's check measured.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct WidthAudit {
    #[serde(default)]
    pub width: u32,
    pub overflow_px: f64,
    pub violations: Vec<AxeViolation>,
}

/// The page at one width: overflow and axe violations counted by impact (elements).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct WidthReport {
    pub width: u32,
    /// `scrollWidth - clientWidth`, CSS px.
    pub overflow_px: f64,
    pub critical: usize,
    pub serious: usize,
    pub moderate: usize,
    pub minor: usize,
    pub axe: Vec<AxeViolation>,
}

impl WidthReport {
    fn of(audit: WidthAudit) -> Self {
        let count = |impact: &str| {
            audit
                .violations
                .iter()
                .filter(|v| v.impact == impact)
                .map(|v| v.nodes)
                .sum()
        };
        Self {
            width: audit.width,
            overflow_px: audit.overflow_px,
            critical: count("critical"),
            serious: count("serious"),
            moderate: count("moderate"),
            minor: count("minor"),
            axe: audit.violations,
        }
    }
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
    /// Links to pages of this site that do not exist (or to other sessions' pages), and
    /// `#anchors` with no element of that id.
    pub broken_links: Vec<Link>,
    /// Form controls with no label (nor aria-label/aria-labelledby/title).
    pub unlabelled_controls: Vec<String>,
    pub design_system_linked: bool,
    /// Overflow and axe-core's violations at 360, 768 and 1280 px.
    pub widths: Vec<WidthReport>,
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
    (audit, console_errors, widths): (Audit, Vec<String>, Vec<WidthAudit>),
    page_exists: &dyn Fn(&str) -> bool,
    elapsed_ms: u64,
) -> ValidationReport {
    let widths: Vec<WidthReport> = widths.into_iter().map(WidthReport::of).collect();
    let overflow = (audit.scroll_width - audit.viewport_width).max(0.0);
    let origin_end = pages_url
        .find("://")
        .and_then(|scheme| pages_url[scheme + 3..].find('/').map(|i| scheme + 3 + i))
        .unwrap_or(pages_url.len());
    let origin = &pages_url[..origin_end];
    let mut broken_links: Vec<Link> = audit
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
    broken_links.extend(audit.missing_anchors);
    let design_system_linked = audit.design_system_linked && audit.design_system_loaded;
    let overflowing_widths: Vec<u32> = widths
        .iter()
        .filter(|w| w.overflow_px > 0.0)
        .map(|w| w.width)
        .collect();
    let worst_axe = widths
        .iter()
        .map(|w| w.serious + w.critical)
        .max()
        .unwrap_or(0);
    let violations = usize::from(!audit.viewport_meta)
        + usize::from(overflow > 0.0)
        + usize::from(!design_system_linked)
        + audit.touch_targets.len()
        + audit.small_text.len()
        + audit.images_without_alt.len()
        + audit.contrast.len()
        + console_errors.len()
        + broken_links.len()
        + audit.unlabelled_controls.len()
        + overflowing_widths.len()
        + worst_axe;
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
    count(audit.unlabelled_controls.len(), "unlabelled control(s)");
    count(worst_axe, "serious/critical axe finding(s)");
    if !overflowing_widths.is_empty() {
        let at: Vec<String> = overflowing_widths.iter().map(u32::to_string).collect();
        problems.push(format!("overflow at {} px", at.join("/")));
    }
    if !design_system_linked {
        problems.push("design system not linked".into());
    }
    let minor: usize = widths
        .iter()
        .map(|w| w.moderate + w.minor)
        .max()
        .unwrap_or(0);
    let checked = if widths.is_empty() {
        "390×844".to_owned()
    } else {
        "360, 768 and 1280 px".to_owned()
    };
    let summary = if problems.is_empty() {
        let note = if minor > 0 {
            format!("; axe: {minor} moderate/minor")
        } else {
            String::new()
        };
        format!("{slug}: passes at {checked}, no violations{note} ({elapsed_ms} ms)")
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
        unlabelled_controls: audit.unlabelled_controls,
        design_system_linked,
        widths,
        violations,
        summary,
        elapsed_ms,
    }
}
