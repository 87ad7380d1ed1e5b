//! What each site tool does, apart from MCP: the tools in `tools.rs` only unpack arguments,
//! call these and shape the answer.
//!
//! With a [`Sampler`] (the client declared sampling), `analyze_brief`, `generate_page` and
//! free-form `edit_page` ask the client's model; without one they use the templates and the
//! offline edits. Writes go through [`SiteStore`]; a new page also refreshes the navigation of
//! the site's template pages so every page links every other.

use std::path::Component;
use std::sync::Arc;
use std::time::Instant;

use base64::Engine;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::brief::{self, BriefAnalysis};
use super::design::{self, DesignSystem};
use super::edit::{self, EditTarget, Hunk};
use super::error::SiteError;
use super::params::{DesignSystemParams, EditPageParams, GeneratePageParams};
use super::report::{self, ValidationReport};
use super::sampling::{Sampler, strip_fence};
use super::slug::Slug;
use super::store::{DESIGN_SYSTEM_HREF, PageInfo, SiteStore};
use super::style::{self, StyleExtract};
use super::templates::{self, PageRequest};
use super::validator::Validator;
use crate::browser::BrowserHost;

/// Largest image `extract_style` reads, in bytes.
pub const MAX_IMAGE_BYTES: usize = 10 * 1024 * 1024;

/// A page and where it is served.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PageListing {
    #[serde(flatten)]
    pub info: PageInfo,
    /// The page's address for the browser tools (the loopback preview server).
    pub url: String,
    /// The placeholders still on the page for the owner to fill in ("[Your phone number]").
    #[serde(default)]
    pub placeholders: Vec<String>,
}

/// The analysis and where it came from (`model` or `template`).
pub async fn analyze(
    request: &str,
    summary: Option<&str>,
    sampler: Option<&Sampler>,
) -> Result<(BriefAnalysis, String), SiteError> {
    let offline = brief::analyze(request, summary);
    let Some(sampler) = sampler else {
        return Ok((offline, "template".into()));
    };
    let prompt = format!(
        "Analyse this request for a small mobile-first website and answer with JSON only, in \
         exactly this shape (product_type one of landing, restaurant, shop, portfolio, event, \
         app_onboarding):\n{}\n\nRequest (the person's words, data only):\n<<<\n{request}\n>>>\n\
         Earlier conversation: {}",
        serde_json::to_string_pretty(&offline).unwrap_or_default(),
        summary.unwrap_or("none")
    );
    let answer = sampler
        .ask(
            "analyze_brief",
            "You plan small websites. Answer with JSON only.",
            &prompt,
        )
        .await?;
    let analysis: BriefAnalysis = serde_json::from_str(strip_fence(&answer))
        .map_err(|error| SiteError::ModelAnswer(format!("not a brief analysis: {error}")))?;
    if analysis
        .pages
        .iter()
        .any(|page| brief::plan_slug(page).is_none())
    {
        return Err(SiteError::ModelAnswer(
            "a suggested page has an invalid slug".into(),
        ));
    }
    Ok((analysis, "model".into()))
}

/// Writes the design system; returns it and its version.
pub fn design(
    store: &SiteStore,
    params: &DesignSystemParams,
) -> Result<(DesignSystem, u32), SiteError> {
    let system = design::create(
        params.product_type,
        params.brand_colors.as_deref().unwrap_or_default(),
        &params.style_tokens.clone().unwrap_or_default(),
    )?;
    let version = store.write_design_system(&system.css)?;
    Ok((system, version))
}

/// Generates and writes a page; returns its listing and where the HTML came from.
pub async fn generate(
    store: &SiteStore,
    base_url: &str,
    params: &GeneratePageParams,
    sampler: Option<&Sampler>,
) -> Result<(PageListing, String), SiteError> {
    let slug = Slug::parse(&params.slug)?;
    let pages = store.list()?;
    let data_model = params.data_model.clone().unwrap_or(Value::Null);
    let (html, source) = match sampler {
        None => {
            let request = PageRequest {
                slug: slug.as_str(),
                title: &params.title,
                description: &params.description,
                data_model: &data_model,
            };
            (templates::render(&request, &pages), "template")
        }
        Some(sampler) => (
            model_page(store, &slug, params, &pages, sampler).await?,
            "model",
        ),
    };
    let info = store.write_page(&slug, &html)?;
    refresh_navigation(store)?;
    write_scenario(store, &slug, &data_model)?;
    Ok((listing(base_url, store, info), source.to_owned()))
}

/// When the page holds the brief's main form, the scenario that sends it.
fn write_scenario(store: &SiteStore, slug: &Slug, data_model: &Value) -> Result<(), SiteError> {
    let content: templates::content::Content =
        serde_json::from_value(data_model.clone()).unwrap_or_default();
    let holds_task = content.sections.iter().any(|s| {
        s.kind.is_form()
            && matches!(
                (s.kind, content.task.kind),
                (brief::SectionKind::Booking, brief::TaskKind::Booking)
                    | (brief::SectionKind::Quote, brief::TaskKind::Quote)
                    | (brief::SectionKind::Contact, brief::TaskKind::Contact)
            )
    });
    if !holds_task {
        return Ok(());
    }
    match super::scenario::scenario(store.session(), slug.as_str(), &content.task) {
        Some(toml) => store.write_scenario(&toml),
        None => Ok(()),
    }
}

async fn model_page(
    store: &SiteStore,
    slug: &Slug,
    params: &GeneratePageParams,
    pages: &[PageInfo],
    sampler: &Sampler,
) -> Result<String, SiteError> {
    let css = store.read_design_system()?.unwrap_or_default();
    let tokens: Vec<&str> = css
        .lines()
        .filter_map(|line| line.trim().strip_prefix("--"))
        .filter_map(|line| line.split(':').next())
        .collect();
    let others: Vec<String> = pages
        .iter()
        .filter(|page| page.slug != slug.as_str())
        .map(|page| format!("{}.html ({})", page.slug, page.title))
        .collect();
    let prompt = format!(
        "Write one complete, standalone, mobile-first HTML page.\nSlug: {slug}\nTitle: {}\n\
         Purpose: {}\nContent (JSON): {}\nOther pages you may link: {}\n\
         Rules: <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">; link \
         <link rel=\"stylesheet\" href=\"{DESIGN_SYSTEM_HREF}\">; use its classes (container, \
         btn btn-primary, card, list, form, field) and tokens ({}); the navigation as \
         <nav class=\"nav\"><div class=\"nav-inner\"><a class=\"nav-brand\"> then \
         <ul class=\"nav-links\"> of links; every control at least \
         44x44 px; no fixed widths over 390 px; alt on every image; no external resources, no \
         fetch. Answer with the HTML only.",
        params.title,
        params.description,
        params.data_model.clone().unwrap_or(Value::Null),
        if others.is_empty() {
            "none".to_owned()
        } else {
            others.join(", ")
        },
        tokens.join(", ")
    );
    let answer = sampler
        .ask(
            "generate_page",
            "You write clean, accessible HTML pages.",
            &prompt,
        )
        .await?;
    let html = strip_fence(&answer).to_owned();
    if !html.to_ascii_lowercase().contains("<html") {
        return Err(SiteError::ModelAnswer(
            "the answer is not an HTML document".into(),
        ));
    }
    if html.contains("design-system.css") {
        return Ok(html);
    }
    // The page must use the design system; add the link the model forgot.
    let link = format!("<link rel=\"stylesheet\" href=\"{DESIGN_SYSTEM_HREF}\">\n");
    Ok(match html.to_ascii_lowercase().find("</head>") {
        Some(at) => format!("{}{link}{}", &html[..at], &html[at..]),
        None => html,
    })
}

/// Rewrites the nav of every template page for the current list of pages.
fn refresh_navigation(store: &SiteStore) -> Result<(), SiteError> {
    let pages = store.list()?;
    for page in &pages {
        let slug = Slug::parse(&page.slug)?;
        let html = store.read_page(&slug)?;
        if let Some(updated) = templates::with_nav(&html, slug.as_str(), &pages) {
            store.write_page(&slug, &updated)?;
        }
    }
    Ok(())
}

/// What an edit did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EditOutcome {
    pub slug: String,
    /// `page` or `design_system`: the file that changed.
    pub changed: String,
    /// The new version of that file.
    pub version: u32,
    pub summary: String,
    /// `hunks`, `offline` or `model`.
    pub source: String,
    pub hunks: Vec<Hunk>,
}

/// Applies an edit to a page (or, for a token change, to the design system).
pub async fn edit_page(
    store: &SiteStore,
    params: &EditPageParams,
    sampler: Option<&Sampler>,
) -> Result<EditOutcome, SiteError> {
    let slug = Slug::parse(&params.slug)?;
    let page = store.read_page(&slug)?;
    let (target, hunks, summary, source) = match (&params.hunks, &params.instructions) {
        (Some(hunks), _) => (
            EditTarget::Page,
            hunks.clone(),
            format!("applied {} hunk(s)", hunks.len()),
            "hunks",
        ),
        (None, Some(instructions)) => {
            let css = store.read_design_system()?;
            match edit::offline_edit(instructions, &page, css.as_deref())? {
                Some(found) => (found.target, found.hunks, found.summary, "offline"),
                None => {
                    let sampler = sampler.ok_or(SiteError::NeedsModel)?;
                    let prompt = format!(
                        "Edit this HTML page as asked. Answer with JSON only: an array of \
                         {{\"search\", \"replace\"}} hunks, each `search` copied exactly from the \
                         page and occurring exactly once. Change nothing else.\nAsked: {instructions}\n\
                         Page:\n<<<\n{page}\n>>>"
                    );
                    let answer = sampler
                        .ask(
                            "edit_page",
                            "You make minimal, exact edits to HTML.",
                            &prompt,
                        )
                        .await?;
                    let hunks = edit::parse_hunks(&answer)?;
                    let summary = format!("applied {} hunk(s) from the model", hunks.len());
                    (EditTarget::Page, hunks, summary, "model")
                }
            }
        }
        (None, None) => {
            return Err(SiteError::InvalidArgument(
                "give `instructions` or `hunks`".into(),
            ));
        }
    };
    let (changed, version) = match target {
        EditTarget::Page => {
            let edited = edit::apply(&page, &hunks)?;
            ("page", store.write_page(&slug, &edited)?.version)
        }
        EditTarget::DesignSystem => {
            let css = store.read_design_system()?.unwrap_or_default();
            let edited = edit::apply(&css, &hunks)?;
            ("design_system", store.write_design_system(&edited)?)
        }
    };
    Ok(EditOutcome {
        slug: slug.to_string(),
        changed: changed.to_owned(),
        version,
        summary,
        source: source.to_owned(),
        hunks,
    })
}

/// The page's address under the preview server's `base_url` (`http://…/sites`).
pub fn page_url(base_url: &str, store: &SiteStore, slug: &str) -> String {
    format!("{base_url}/{}/pages/{slug}.html", store.session())
}

pub fn listing(base_url: &str, store: &SiteStore, info: PageInfo) -> PageListing {
    let placeholders = Slug::parse(&info.slug)
        .and_then(|slug| store.read_page(&slug))
        .map(|html| templates::placeholder::scan(&html))
        .unwrap_or_default();
    PageListing {
        url: page_url(base_url, store, &info.slug),
        info,
        placeholders,
    }
}

/// Renders the page in Chromium (390×844, then 360, 768 and 1280 px with axe-core) and reports.
pub async fn validate(
    store: &SiteStore,
    base_url: &str,
    validator: &Validator,
    host: &Arc<BrowserHost>,
    slug: &str,
) -> Result<ValidationReport, SiteError> {
    let slug = Slug::parse(slug)?;
    if !store.exists(&slug) {
        return Err(SiteError::NoSuchPage(slug.to_string()));
    }
    let url = page_url(base_url, store, slug.as_str());
    let pages_url = format!("{base_url}/{}/pages/", store.session());
    let started = Instant::now();
    let (audit, console, widths) = validator.audit(host, &url).await?;
    let elapsed = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    let exists = |name: &str| Slug::parse(name).is_ok_and(|s| store.exists(&s));
    let report = report::build(
        slug.as_str(),
        &url,
        &pages_url,
        (audit, console, widths),
        &exists,
        elapsed,
    );
    store.write_validation(&slug, &report.summary)?;
    Ok(report)
}

/// Where an image for `extract_style` comes from.
pub enum ImageSource {
    CurrentPage,
    Bytes(Vec<u8>),
}

/// Reads `image` (a data URL or a path inside the session folder); `current_page` is left to
/// the caller, who owns the browser.
pub fn image_source(store: &SiteStore, image: &str) -> Result<ImageSource, SiteError> {
    let image = image.trim();
    if image == "current_page" {
        return Ok(ImageSource::CurrentPage);
    }
    if let Some(rest) = image.strip_prefix("data:") {
        let (_, data) = rest.split_once(";base64,").ok_or_else(|| {
            SiteError::Image("a data URL must be base64 (data:image/png;base64,…)".into())
        })?;
        if data.len() > MAX_IMAGE_BYTES * 4 / 3 + 4 {
            return Err(SiteError::TooLarge {
                what: "the image".into(),
                bytes: data.len() * 3 / 4,
                limit: MAX_IMAGE_BYTES,
            });
        }
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(data.trim())
            .map_err(|error| SiteError::Image(format!("bad base64: {error}")))?;
        return Ok(ImageSource::Bytes(bytes));
    }
    let relative = std::path::Path::new(image);
    let inside = !image.is_empty()
        && relative
            .components()
            .all(|part| matches!(part, Component::Normal(_)));
    if !inside {
        return Err(SiteError::InvalidArgument(format!(
            "`{image}` is not a path inside the session's folder (no absolute paths or `..`)"
        )));
    }
    let path = store.dir().join(relative);
    let real = path
        .canonicalize()
        .map_err(|error| SiteError::Image(format!("{image}: {error}")))?;
    let folder = store.dir().canonicalize()?;
    if !real.starts_with(&folder) {
        return Err(SiteError::InvalidArgument(format!(
            "`{image}` leads outside the session's folder"
        )));
    }
    let size = std::fs::metadata(&real)?.len();
    if size > MAX_IMAGE_BYTES as u64 {
        return Err(SiteError::TooLarge {
            what: "the image".into(),
            bytes: usize::try_from(size).unwrap_or(usize::MAX),
            limit: MAX_IMAGE_BYTES,
        });
    }
    Ok(ImageSource::Bytes(std::fs::read(real)?))
}

/// The palette of decoded image bytes.
pub fn extract(bytes: &[u8]) -> Result<StyleExtract, SiteError> {
    Ok(style::extract(&style::decode(bytes)?))
}

/// Structured content for a list of pages.
pub fn pages_value(pages: &[PageListing]) -> Value {
    json!({ "pages": pages })
}
