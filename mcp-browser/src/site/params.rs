//! Typed, documented parameters of the site tools. The `///` docs are what a model reads in each
//! tool's JSON schema; unknown fields are refused with `invalid_argument`.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::brief::ProductType;
use super::edit::Hunk;
use crate::server::arguments::Validate;

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
    /// Content to show, e.g. {"site_name": "…", "items": [{"name", "text", "price"}], "hours"}.
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
pub struct SlugParams {
    /// The page's slug.
    pub slug: String,
}

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
impl Validate for SlugParams {}
impl Validate for ExtractStyleParams {}
