//! The site tools, each declared on its parameter type ([`BrowserTool`]): name, description,
//! effect and answer (their structured content, as JSON). The fields' `///` docs are what a model
//! reads in each tool's JSON schema; unknown fields are refused with `invalid_argument`.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::brief::ProductType;
use super::edit::Hunk;
use crate::tool::arguments::Validate;
use crate::tool::{BrowserTool, Effect};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeBriefParams {
    /// The person's request in their words, e.g. "a small site for a bakery with a menu".
    pub request: String,
    /// What was said earlier in the conversation that matters for the site, if anything.
    #[serde(default)]
    pub conversation_summary: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DesignSystemParams {
    /// The kind of site (from analyze_brief).
    pub product_type: ProductType,
    /// Brand colours as #rrggbb: the first is the primary colour, the second the accent.
    #[serde(default)]
    pub brand_colors: Option<Vec<String>>,
    /// Token overrides: radius-sm, radius-md, radius-lg, font-body, font-heading, space-unit,
    /// shadow-sm, shadow-md (plain CSS values).
    #[serde(default)]
    pub style_tokens: Option<BTreeMap<String, String>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GeneratePageParams {
    /// The page's name: 1 to 64 of a-z, 0-9 and `-` (the file is pages/{slug}.html).
    pub slug: String,
    /// The page's title.
    pub title: String,
    /// What the page is for and what it should say.
    pub description: String,
    /// Content to show: analyze_brief's `data_model` with the page's `sections` ([{kind,
    /// label, items}]) — the brief's name, place, facts and task — or a bare
    /// {"site_name": "…", "items": [{"name", "text", "price"}], "hours"}.
    #[serde(default)]
    pub data_model: Option<Value>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EditPageParams {
    /// The page to edit.
    pub slug: String,
    /// What to change. Without a model: `replace "old" with "new"`, `set --token to value`
    /// (design system) or `remove the "name" section`; anything else needs a model.
    #[serde(default)]
    pub instructions: Option<String>,
    /// Exact search/replace hunks to apply instead of instructions; each `search` must occur
    /// exactly once in the page.
    #[serde(default)]
    pub hunks: Option<Vec<Hunk>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadPageParams {
    /// The page's slug.
    pub slug: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ValidateHtmlParams {
    /// The page's slug.
    pub slug: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListPagesParams {}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExtractStyleParams {
    /// A PNG or JPEG: a path inside the session's site folder (e.g. "uploads/logo.png"), a
    /// `data:image/png;base64,…` URL, or `current_page` for a screenshot of the browser's tab.
    pub image: String,
}

impl Validate for AnalyzeBriefParams {
    fn validate(&self) -> Result<(), String> {
        if self.request.trim().is_empty() {
            return Err("`request` is empty".into());
        }
        Ok(())
    }
}
impl Validate for DesignSystemParams {}
impl Validate for GeneratePageParams {}
impl Validate for EditPageParams {
    fn validate(&self) -> Result<(), String> {
        match (&self.instructions, &self.hunks) {
            (Some(_), Some(_)) => Err("give `instructions` or `hunks`, not both".into()),
            (None, None) => Err("give `instructions` (or exact `hunks`)".into()),
            _ => Ok(()),
        }
    }
}
impl Validate for ReadPageParams {}
impl Validate for ValidateHtmlParams {}
impl Validate for ListPagesParams {}
impl Validate for ExtractStyleParams {}

/// Reads the session's own files (or asks the client's model); changes nothing.
const READS_FILES: Effect = Effect::reads(false);
/// Writes a new version of a file of the session's folder; earlier versions stay.
const WRITES_FILES: Effect = Effect::writes(false, false, false);

impl BrowserTool for AnalyzeBriefParams {
    const NAME: &'static str = "analyze_brief";
    const DESCRIPTION: &'static str = "Site studio: analyse a person's request for a small website, in their \
        words. Returns the name and place as written, the facts given (prices, hours, phone, \
        email, address, services), the sections named (kind and the person's label), the main \
        task's form, the pages (slug, title, purpose, sections), the data model for \
        generate_page, and — only for a brief too vague to build from — 3 to 5 open questions \
        (radio, checkbox or text, with options).";
    const EFFECT: Effect = READS_FILES;
    type Output = Value;
}

impl BrowserTool for DesignSystemParams {
    const NAME: &'static str = "create_design_system";
    const DESCRIPTION: &'static str = "Site studio: write the session's design-system.css (colour scales, \
        spacing, type scale, radii, shadows, component classes btn/card/list/form/nav/tab-bar, \
        mobile utilities). Text colours pass WCAG AA. Returns the tokens and contrast pairs.";
    const EFFECT: Effect = WRITES_FILES;
    type Output = Value;
}

impl BrowserTool for GeneratePageParams {
    const NAME: &'static str = "generate_page";
    const DESCRIPTION: &'static str = "Site studio: generate a standalone mobile-first HTML page that links \
        design-system.css, and save it as pages/{slug}.html (a new numbered version when it \
        exists). Returns its address for the browser.";
    const EFFECT: Effect = WRITES_FILES;
    type Output = Value;
}

impl BrowserTool for EditPageParams {
    const NAME: &'static str = "edit_page";
    const DESCRIPTION: &'static str = "Site studio: make a targeted edit to a page and leave the rest \
        byte-identical. Without a model: replace \"old\" with \"new\", set --token to value, \
        remove the \"name\" section; other instructions ask the client's model for exact \
        search/replace hunks. Hunks that do not match exactly once are refused.";
    const EFFECT: Effect = WRITES_FILES;
    type Output = Value;
}

impl BrowserTool for ReadPageParams {
    const NAME: &'static str = "read_page";
    const DESCRIPTION: &'static str = "Site studio: the HTML of one of the session's pages.";
    const EFFECT: Effect = READS_FILES;
    type Output = Value;
}

impl BrowserTool for ListPagesParams {
    const NAME: &'static str = "list_pages";
    const DESCRIPTION: &'static str = "Site studio: the session's pages (slug, title, bytes, version, modified \
        time, address).";
    const EFFECT: Effect = READS_FILES;
    type Output = Value;
}

impl BrowserTool for ValidateHtmlParams {
    const NAME: &'static str = "validate_html";
    const DESCRIPTION: &'static str = "Site studio: open a page in the real browser and check it: at a \
        phone viewport (390x844) viewport meta, horizontal overflow, touch targets under 44x44, \
        text under 12px, images without alt, WCAG AA contrast, console errors, links to missing \
        pages or #anchors, unlabelled form controls, design system linked; then at 360, 768 and \
        1280 px (device emulation) overflow and axe-core violations by impact. Returns a report \
        and a one-line summary.";
    const EFFECT: Effect = READS_FILES;
    type Output = Value;
}

impl BrowserTool for ExtractStyleParams {
    const NAME: &'static str = "extract_style";
    const DESCRIPTION: &'static str = "Site studio: a palette from an image by clustering its pixels: colours by \
        share, light/dark, accent, and brand_colors ready for create_design_system. `image` is a \
        path inside the session's site folder, a data:image/…;base64 URL, or current_page.";
    const EFFECT: Effect = Effect::reads(true);
    type Output = Value;
}
