//! Scrolling: the page by a step or to its top or bottom, an element into view, or a box that
//! scrolls inside the page to its top or end. The answer says where the box's content stands, as
//! the page measured it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::actions::ActionOutcome;
use super::script::{self, ScriptFn};
use super::session::BrowserSession;
use crate::error::Result;

/// Which way to scroll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ScrollDirection {
    Up,
    Down,
    Left,
    Right,
}

/// What to scroll to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScrollTarget {
    /// About 80% of the viewport (or `amount_px`) in a direction.
    By {
        direction: ScrollDirection,
        amount_px: Option<u32>,
    },
    /// Bring an element into view.
    Element {
        eid: String,
    },
    Top,
    Bottom,
    /// Scroll the box that `within` names (a region that scrolls inside the page) to its top
    /// or its bottom.
    Inside {
        within: String,
        to_bottom: bool,
    },
}

impl BrowserSession {
    /// Scrolls the page or brings an element into view.
    pub async fn scroll(&mut self, target: &ScrollTarget) -> Result<ActionOutcome> {
        let (argument, eid) = match target {
            ScrollTarget::By {
                direction,
                amount_px,
            } => (
                json!({ "direction": direction, "amount_px": amount_px }),
                None,
            ),
            ScrollTarget::Element { eid } => (json!({ "eid": eid }), Some(eid.as_str())),
            ScrollTarget::Top => (json!({ "to": "top" }), None),
            ScrollTarget::Bottom => (json!({ "to": "bottom" }), None),
            ScrollTarget::Inside { within, to_bottom } => {
                let to = if *to_bottom { "bottom" } else { "top" };
                (json!({ "to": to, "within": within }), None)
            }
        };
        let page = self.page().await?;
        let timeout = self.host().config().call_timeout();
        let scrolling = async { script::call(&page, ScriptFn::Scroll, &[argument]).await };
        let answer = self.guard_ours("scroll", timeout, scrolling).await?;
        let answer = script::check(answer, eid.unwrap_or("page"))?;
        self.outcome(scrolled(&answer)).await
    }
}

/// What a scroll did, as the page answered it: for a box, where its content stands afterwards
/// (so "to its end" is said only when the box shows its last line).
fn scrolled(answer: &Value) -> String {
    let Some(name) = answer.get("box").and_then(Value::as_str) else {
        return "scrolled".into();
    };
    let number = |key: &str| answer.get(key).and_then(Value::as_f64).unwrap_or(0.0);
    let (top, height, shown) = (
        number("scroll_top"),
        number("scroll_height"),
        number("client_height"),
    );
    let at_end = answer.get("at_end").and_then(Value::as_bool) == Some(true);
    let place = match (answer.get("to").and_then(Value::as_str), at_end) {
        (Some("top"), true) => "at its top",
        (Some("top"), false) => "not at its top",
        (_, true) => "at its end",
        (_, false) => "not at its end",
    };
    format!(
        "the box \"{name}\" is {place}: scrolled to {top:.0} px of {height:.0} px, {shown:.0} px shown"
    )
}
