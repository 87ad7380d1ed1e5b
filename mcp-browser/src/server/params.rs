//! The MCP browser tools, each declared on its parameter type ([`BrowserTool`]): name,
//! description, effect and answer. The fields' `///` docs are what a model reads in each tool's
//! JSON schema. Unknown fields, values out of range and contradictory fields are refused with
//! `invalid_argument` (see [`Validate`]) rather than clamped or ignored.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::browser::{ActionOutcome, ScrollDirection, WaitCondition};
use crate::observation::ObservedPage;
use crate::screenshot::{ScreenshotFormat, ScreenshotOptions};
use crate::tool::arguments::Validate;
use crate::tool::{BrowserTool, Effect, TabList, ToolOutput};

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
pub struct ClickParams {
    /// Element id from the latest observation, such as "e12".
    pub eid: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HoverParams {
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
    /// The option to choose: its value or its visible label. For a list that takes several
    /// options: several, one a line, which become its whole selection.
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
    /// With `to`: words naming a box that scrolls inside the page (its label, title or
    /// heading, e.g. "privacy policy"); that box is scrolled to its top or bottom instead of
    /// the page, and the answer says where its content stands afterwards.
    #[serde(default)]
    pub within: Option<String>,
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
        match &self.within {
            Some(_) if self.to.is_none() => {
                Err("`within` needs `to` (\"top\" or \"bottom\" of that box)".to_owned())
            }
            Some(words) if words.trim().is_empty() => {
                Err("`within` must name the box that scrolls".to_owned())
            }
            _ => Ok(()),
        }
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
pub struct SwitchTabParams {
    /// Tab id from `list_tabs` or an observation, such as "t2".
    pub tab_id: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CloseTabParams {
    /// Tab id from `list_tabs` or an observation, such as "t2".
    pub tab_id: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BackParams {}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListTabsParams {}

// Their schemas say everything there is to check.
impl Validate for LaunchParams {}
impl Validate for NavigateParams {}
impl Validate for ClickParams {}
impl Validate for HoverParams {}
impl Validate for TypeParams {}
impl Validate for SelectParams {}
impl Validate for KeyParams {}
impl Validate for SwitchTabParams {}
impl Validate for CloseTabParams {}
impl Validate for BackParams {}
impl Validate for ListTabsParams {}

/// Acts on the page the session shows: may change anything the page can (submit, buy, delete).
const ACTS_ON_PAGE: Effect = Effect::writes(true, false, true);
/// Moves the active tab to another page; nothing is destroyed, the web is reached.
const MOVES_PAGE: Effect = Effect::writes(false, false, true);

impl BrowserTool for LaunchParams {
    const NAME: &'static str = "launch";
    const DESCRIPTION: &'static str = "Start the browser for this session (done automatically by any other \
        tool) and optionally open a URL. Returns the session's tabs.";
    const EFFECT: Effect = Effect::writes(false, true, true);
    type Output = TabList;
}

impl BrowserTool for ObserveParams {
    const NAME: &'static str = "observe";
    const DESCRIPTION: &'static str = "Observe the active tab: a screenshot and a snapshot of the elements \
        you can act on (with eids like e12 to pass to other tools), taken together. Also reports \
        tabs, dialogs that were dismissed and popups that opened since the last observation.";
    const EFFECT: Effect = Effect::reads(true);
    type Output = ObservedPage;
}

impl BrowserTool for ScreenshotParams {
    const NAME: &'static str = "screenshot";
    const DESCRIPTION: &'static str = "Take a screenshot of the active tab's viewport.";
    const EFFECT: Effect = Effect::reads(true);
    type Output = ToolOutput;
}

impl BrowserTool for NavigateParams {
    const NAME: &'static str = "navigate";
    const DESCRIPTION: &'static str = "Open a URL in the active tab and wait for it to load.";
    const EFFECT: Effect = MOVES_PAGE;
    type Output = ActionOutcome;
}

impl BrowserTool for ClickParams {
    const NAME: &'static str = "click";
    const DESCRIPTION: &'static str = "Click an element (by eid from the latest observation) with a real \
        mouse click at its centre.";
    const EFFECT: Effect = ACTS_ON_PAGE;
    type Output = ActionOutcome;
}

impl BrowserTool for HoverParams {
    const NAME: &'static str = "hover";
    const DESCRIPTION: &'static str = "Move the mouse onto an element (by eid) without pressing: opens \
        a submenu or a tooltip that shows only under the mouse. Says what appeared.";
    const EFFECT: Effect = Effect::reads(true);
    type Output = ActionOutcome;
}

impl BrowserTool for TypeParams {
    const NAME: &'static str = "type";
    const DESCRIPTION: &'static str = "Type text into an editable element (by eid). Clears \
        it first unless clear=false; presses Enter afterwards when submit=true.";
    const EFFECT: Effect = ACTS_ON_PAGE;
    type Output = ActionOutcome;
}

impl BrowserTool for SelectParams {
    const NAME: &'static str = "select_option";
    const DESCRIPTION: &'static str = "Choose an option of a select list (by eid) by its value or label; several, one a \
        line, for a list that takes several.";
    const EFFECT: Effect = Effect::writes(true, true, true);
    type Output = ActionOutcome;
}

impl BrowserTool for KeyParams {
    const NAME: &'static str = "press_key";
    const DESCRIPTION: &'static str = "Press a key or chord in the focused element, e.g. Enter, Tab, \
        Escape, ArrowDown, Control+A.";
    const EFFECT: Effect = ACTS_ON_PAGE;
    type Output = ActionOutcome;
}

impl BrowserTool for ScrollParams {
    const NAME: &'static str = "scroll";
    const DESCRIPTION: &'static str = "Scroll the page up/down/left/right, to the top or bottom, or bring \
        an element (by eid) into view. Give one of these targets, not several.";
    const EFFECT: Effect = Effect::reads(true);
    type Output = ActionOutcome;
}

impl BrowserTool for WaitParams {
    const NAME: &'static str = "wait";
    const DESCRIPTION: &'static str = "Wait for a time, for text to appear, for an element to appear, or \
        for the current navigation to finish.";
    const EFFECT: Effect = Effect::reads(true);
    type Output = ActionOutcome;
}

impl BrowserTool for BackParams {
    const NAME: &'static str = "back";
    const DESCRIPTION: &'static str = "Go back one page in the active tab's history.";
    const EFFECT: Effect = MOVES_PAGE;
    type Output = ActionOutcome;
}

impl BrowserTool for ListTabsParams {
    const NAME: &'static str = "list_tabs";
    const DESCRIPTION: &'static str = "List the session's tabs (id, URL, title, which is active).";
    const EFFECT: Effect = Effect::reads(false);
    type Output = TabList;
}

impl BrowserTool for SwitchTabParams {
    const NAME: &'static str = "switch_tab";
    const DESCRIPTION: &'static str = "Make another tab (by tab id such as t2) the active one.";
    const EFFECT: Effect = Effect::writes(false, true, false);
    type Output = TabList;
}

impl BrowserTool for CloseTabParams {
    const NAME: &'static str = "close_tab";
    const DESCRIPTION: &'static str = "Close a tab (by tab id). The last tab cannot be closed.";
    const EFFECT: Effect = Effect::writes(true, true, false);
    type Output = TabList;
}

impl ObserveParams {
    /// The observation the agent plans on: the compact snapshot as structured content (what
    /// [`ObservedPage`] reads), a screenshot at most [`OBSERVE_MAX_WIDTH`] wide, and the text
    /// under `max_tokens`.
    pub fn compact(max_tokens: Option<usize>) -> ObserveParams {
        ObserveParams {
            max_tokens,
            max_width: Some(OBSERVE_MAX_WIDTH),
            include_json: true,
            compact_json: true,
            ..ObserveParams::default()
        }
    }
}

/// The widest screenshot an agent's observation carries, in pixels (JPEG, the observe tool's
/// `max_width`): what a vision model is sent with a planning request, and what the chat shows.
/// A 1280x800 viewport is kept as is; a high-density one is downscaled.
pub const OBSERVE_MAX_WIDTH: u32 = 1280;
