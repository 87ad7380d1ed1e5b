//! Typed, documented parameters of the MCP browser tools. The `///` docs are what a model reads
//! in each tool's JSON schema; unknown fields are refused.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::browser::{ScrollDirection, WaitCondition};
use crate::screenshot::{ScreenshotFormat, ScreenshotOptions};

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LaunchParams {
    /// Optional URL to open once the browser is ready.
    #[serde(default)]
    pub url: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObserveParams {
    /// Token budget (about 4 characters each) for the text rendering of the page. Default 4000.
    #[serde(default)]
    pub max_tokens: Option<usize>,
    /// Screenshot encoding: "jpeg" (default, smaller) or "png".
    #[serde(default)]
    pub image_format: Option<ScreenshotFormat>,
    /// JPEG quality 1-100. Default 70.
    #[serde(default)]
    pub quality: Option<u8>,
    /// Downscale the screenshot to at most this many pixels wide.
    #[serde(default)]
    pub max_width: Option<u32>,
    /// Also return the full structured snapshot as JSON (`structuredContent`), for programs.
    #[serde(default)]
    pub include_json: bool,
    /// With `include_json`: the snapshot in its compact positional form (about a third of the
    /// size and much cheaper to build and parse; layout in Tandem's docs/snapshot.md).
    #[serde(default)]
    pub compact_json: bool,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScreenshotParams {
    /// "jpeg" (default) or "png".
    #[serde(default)]
    pub image_format: Option<ScreenshotFormat>,
    /// JPEG quality 1-100. Default 70.
    #[serde(default)]
    pub quality: Option<u8>,
    /// Downscale to at most this many pixels wide.
    #[serde(default)]
    pub max_width: Option<u32>,
}

/// Builds screenshot options from the optional tool fields.
pub fn screenshot_options(
    format: Option<ScreenshotFormat>,
    quality: Option<u8>,
    max_width: Option<u32>,
) -> ScreenshotOptions {
    let defaults = ScreenshotOptions::default();
    ScreenshotOptions {
        format: format.unwrap_or(defaults.format),
        quality: quality.unwrap_or(defaults.quality),
        max_width,
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NavigateParams {
    /// Absolute URL to open (http, https, file or about:blank).
    pub url: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ElementParams {
    /// Element id from the latest observation, such as "e12".
    pub eid: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TypeParams {
    /// Element id of an editable field from the latest observation.
    pub eid: String,
    /// Text to type.
    pub text: String,
    /// Clear the field first (default true).
    #[serde(default = "yes")]
    pub clear: bool,
    /// Press Enter after typing (default false).
    #[serde(default)]
    pub submit: bool,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SelectParams {
    /// Element id of a select list from the latest observation.
    pub eid: String,
    /// The option to choose: its value or its visible label.
    pub option: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KeyParams {
    /// Key or chord, e.g. "Enter", "Tab", "Escape", "ArrowDown", "PageDown", "Control+A".
    pub key: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScrollParams {
    /// "up", "down", "left" or "right" (default "down" when nothing else is given).
    #[serde(default)]
    pub direction: Option<ScrollDirection>,
    /// Pixels to scroll; default about 80% of the viewport.
    #[serde(default)]
    pub amount_px: Option<u32>,
    /// Scroll this element into view instead.
    #[serde(default)]
    pub eid: Option<String>,
    /// "top" or "bottom" of the page instead.
    #[serde(default)]
    pub to: Option<ScrollEnd>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ScrollEnd {
    Top,
    Bottom,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WaitParams {
    /// What to wait for.
    #[serde(rename = "for")]
    pub condition: WaitCondition,
    /// Give up after this many milliseconds (default 10000, at most 60000).
    #[serde(default)]
    pub timeout_ms: Option<u64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TabParams {
    /// Tab id from `list_tabs` or an observation, such as "t2".
    pub tab_id: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoParams {}
