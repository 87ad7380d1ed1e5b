//! Typed, documented parameters of the MCP browser tools. The `///` docs are what a model reads
//! in each tool's JSON schema. Unknown fields, values out of range and contradictory fields are
//! refused with `invalid_argument` (see [`Validate`]) rather than clamped or ignored.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::arguments::Validate;
use crate::browser::{ScrollDirection, WaitCondition};
use crate::screenshot::{ScreenshotFormat, ScreenshotOptions};

/// Longest fixed-time wait, in milliseconds (the browser's own limit).
pub const MAX_TIME_WAIT_MS: u64 = 30_000;
/// Default `timeout_ms` of `wait`.
pub const DEFAULT_WAIT_MS: u64 = 10_000;
/// Longest `timeout_ms` of `wait`; longer ones count as this.
pub const MAX_WAIT_MS: u64 = 60_000;

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
    /// JPEG quality, 1 to 100. Default 70.
    #[serde(default)]
    #[schemars(range(min = 1, max = 100))]
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
    /// JPEG quality, 1 to 100. Default 70.
    #[serde(default)]
    #[schemars(range(min = 1, max = 100))]
    pub quality: Option<u8>,
    /// Downscale to at most this many pixels wide.
    #[serde(default)]
    pub max_width: Option<u32>,
}

impl Validate for ObserveParams {
    fn validate(&self) -> Result<(), String> {
        check_quality(self.quality)
    }
}

impl Validate for ScreenshotParams {
    fn validate(&self) -> Result<(), String> {
        check_quality(self.quality)
    }
}

fn check_quality(quality: Option<u8>) -> Result<(), String> {
    match quality {
        Some(q) if !(1..=100).contains(&q) => Err(format!("`quality` is 1 to 100, not {q}")),
        _ => Ok(()),
    }
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

/// Where to scroll: one of `direction` (with `amount_px`), `eid` or `to`; none means down.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScrollParams {
    /// "up", "down", "left" or "right" (default "down" when nothing else is given).
    #[serde(default)]
    pub direction: Option<ScrollDirection>,
    /// Pixels to scroll in `direction`; default about 80% of the viewport.
    #[serde(default)]
    pub amount_px: Option<u32>,
    /// Scroll this element into view instead (not with `direction`, `amount_px` or `to`).
    #[serde(default)]
    pub eid: Option<String>,
    /// "top" or "bottom" of the page instead (not with `direction`, `amount_px` or `eid`).
    #[serde(default)]
    pub to: Option<ScrollEnd>,
}

impl Validate for ScrollParams {
    fn validate(&self) -> Result<(), String> {
        let by = self.direction.is_some() || self.amount_px.is_some();
        let targets = [
            (by, "`direction`/`amount_px`"),
            (self.eid.is_some(), "`eid`"),
            (self.to.is_some(), "`to`"),
        ];
        let given: Vec<&str> = targets
            .iter()
            .filter(|(present, _)| *present)
            .map(|(_, name)| *name)
            .collect();
        if given.len() > 1 {
            return Err(format!(
                "{} contradict each other: give one way to scroll",
                given.join(" and ")
            ));
        }
        Ok(())
    }
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
    /// What to wait for. A fixed `time` is at most 30000 ms and may not be longer than an
    /// explicit `timeout_ms`.
    #[serde(rename = "for")]
    pub condition: WaitCondition,
    /// Give up after this many milliseconds (default 10000; longer than 60000 counts as 60000).
    /// Text, element and navigation waits that time out fail with `wait_timed_out`. A fixed
    /// `time` longer than this is refused with `invalid_argument` instead of being cut short.
    #[serde(default)]
    pub timeout_ms: Option<u64>,
}

impl Validate for WaitParams {
    fn validate(&self) -> Result<(), String> {
        let WaitCondition::Time { ms } = self.condition else {
            return Ok(());
        };
        if ms > MAX_TIME_WAIT_MS {
            return Err(format!(
                "`for.time.ms` is at most {MAX_TIME_WAIT_MS}, not {ms}"
            ));
        }
        match self.timeout_ms {
            Some(timeout) if ms > timeout => Err(format!(
                "`for.time.ms` ({ms}) is longer than `timeout_ms` ({timeout}): \
                 the wait could never finish in time; shorten it or raise `timeout_ms`"
            )),
            _ => Ok(()),
        }
    }
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

// Their schemas say everything there is to check.
impl Validate for LaunchParams {}
impl Validate for NavigateParams {}
impl Validate for ElementParams {}
impl Validate for TypeParams {}
impl Validate for SelectParams {}
impl Validate for KeyParams {}
impl Validate for TabParams {}
impl Validate for NoParams {}
