//! Clicking an element so the click lands on it. An element that moves (an accordion or slide
//! still animating) is waited for until its box stays the same over a frame and 17 ms (at most
//! about half a second; the frame the pointer's arrival takes counts). The element is scrolled
//! into view inside every
//! scroll container that holds it, and a point of its visible part that a click really reaches is
//! found by hit testing (through shadow roots and same-origin frames). When something covers it
//! (a sticky header, a cookie banner, a dialog's backdrop), the element is moved clear of that
//! cover and tried once more after the page drew a frame; then the click fails with
//! [`BrowserError::Covered`], naming the cover as a person would. The pointer rests on the point
//! before the press, and the point is found again once the hovered element stands still. After
//! the click, the page says where its press and its mouse events went: a press that went
//! elsewhere is [`BrowserError::ClickMissed`].

use chromiumoxide::Page;
use chromiumoxide::cdp::browser_protocol::input::{
    DispatchMouseEventParams, DispatchMouseEventType, MouseButton,
};
use chromiumoxide::error::CdpError;
use chromiumoxide::layout::Point;
use serde::Deserialize;
use serde_json::{Value, json};

use super::actions::ActionOutcome;
use super::script::{self, ScriptFn};
use super::session::BrowserSession;
use crate::error::{BrowserError, Result};
use crate::snapshot::Element;

/// What covers an element, as the page script describes it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub(crate) struct Cover {
    kind: CoverKind,
    /// The covering element's ARIA role, for [`CoverKind::Element`] (may be empty).
    #[serde(default)]
    role: String,
    /// A dialog's title, or the covering element's text.
    #[serde(default)]
    name: String,
    /// The text of the overlay's first control ("Accept all", "Close"), when it has one.
    #[serde(default)]
    control: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
enum CoverKind {
    Dialog,
    Backdrop,
    Header,
    CookieBanner,
    BottomBar,
    Element,
}

impl Cover {
    /// The cover in a person's words: `the cookie banner ("Accept all")`, `the "Sign up" dialog`.
    pub(crate) fn words(&self) -> String {
        let name = self.name.trim();
        let named = |noun: &str| {
            if name.is_empty() {
                format!("an unnamed {noun}")
            } else {
                format!("the \"{name}\" {noun}")
            }
        };
        let what = match self.kind {
            CoverKind::Dialog if name.is_empty() => "a dialog".to_owned(),
            CoverKind::Dialog => named("dialog"),
            CoverKind::Backdrop if name.is_empty() => "a dialog's backdrop".to_owned(),
            CoverKind::Backdrop => format!("the backdrop of the \"{name}\" dialog"),
            CoverKind::Header => "the sticky header".to_owned(),
            CoverKind::CookieBanner => "the cookie banner".to_owned(),
            CoverKind::BottomBar => "the bar fixed to the bottom of the page".to_owned(),
            CoverKind::Element => {
                return named(if self.role.is_empty() {
                    "element"
                } else {
                    &self.role
                });
            }
        };
        let control = self.control.trim();
        if control.is_empty() || control == name {
            what
        } else {
            format!("{what} (\"{control}\")")
        }
    }
}

/// Which look for a click's point [`BrowserSession::locate`] makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Attempt {
    /// The first look, kept when it is clean; else once the element stands still.
    First,
    /// Looked at again once the element stands still (a hover, which moves the pointer once).
    Settled,
    /// After a cover was seen: the element is moved clear of it first.
    Retry,
    /// With the pointer already resting on the element: once it stands still under it.
    Hovered,
}

/// Where a click on an element would go.
pub(super) enum Located {
    At(Point),
    Covered(Cover),
}

impl BrowserSession {
    /// Clicks an element with real mouse events at a point that reaches it (see the module
    /// docs), and says what happened: `clicked e6 (button "Save")`, or an error naming what
    /// covers it or what the press hit instead.
    pub async fn click(&mut self, eid: &str) -> Result<ActionOutcome> {
        let element = self.describe(eid).await?;
        if element.disabled {
            return Err(BrowserError::Disabled(eid.to_owned()));
        }
        let (point, moved_from) = match self.locate(eid, Attempt::First).await? {
            Located::At(point) => (point, None),
            Located::Covered(first) => match self.locate(eid, Attempt::Retry).await? {
                Located::At(point) => (point, Some(first)),
                Located::Covered(cover) => return Err(covered(eid, &element, &cover)),
            },
        };
        let page = self.page().await?;
        // The pointer arrives before the press, as a person's does: a page may restyle what is
        // hovered (a hover image still loading leaves the element empty for a frame) or an
        // element may still be moving. The point is found again once the element stands still
        // under the pointer (no wait when the frame the arrival took showed it unchanged); when
        // it moved, the pointer follows it there; when something now covers it, the press goes
        // to the first point and says where it landed.
        self.guard("move the pointer", page.move_mouse(point))
            .await?;
        let rested = point;
        let point = match self.locate(eid, Attempt::Hovered).await? {
            Located::At(hovered) => hovered,
            Located::Covered(_) => point,
        };
        let watch = self.watch().await?;
        if point != rested {
            self.guard("move the pointer", page.move_mouse(point))
                .await?;
        }
        self.guard("click", press(&page, point)).await?;
        let landed = self.click_landed().await;
        self.settle(watch).await?;
        if let Some(on) = landed {
            return Err(BrowserError::ClickMissed {
                eid: eid.to_owned(),
                role: element.role,
                name: element.name,
                on: on.words(),
            });
        }
        let clear = moved_from
            .map(|cover| format!(" after moving it clear of {}", cover.words()))
            .unwrap_or_default();
        self.outcome(format!(
            "clicked {eid} ({} \"{}\"){clear}",
            element.role, element.name
        ))
        .await
    }

    /// Scrolls the element into view (on a retry, clear of what covered it) and returns the
    /// point a click should hit, or what covers every point of it.
    pub(super) async fn locate(&mut self, eid: &str, attempt: Attempt) -> Result<Located> {
        let page = self.page().await?;
        let timeout = self.host().config().call_timeout();
        let options = match attempt {
            Attempt::First => json!({}),
            Attempt::Settled => json!({ "settled": true }),
            Attempt::Retry => json!({ "retry": true }),
            Attempt::Hovered => json!({ "hovered": true }),
        };
        let args = [json!(eid), options];
        let asking = async { script::call(&page, ScriptFn::Locate, &args).await };
        let answer = self.guard_ours("locate", timeout, asking).await?;
        let answer = script::check(answer, eid)?;
        if let Some(cover) = answer.get("cover") {
            let cover = serde_json::from_value(cover.clone())
                .map_err(|e| BrowserError::PageScript(format!("locate {eid}: {e}")))?;
            return Ok(Located::Covered(cover));
        }
        let coordinate = |key: &str| answer.get(key).and_then(Value::as_f64);
        match (coordinate("x"), coordinate("y")) {
            (Some(x), Some(y)) => Ok(Located::At(Point { x, y })),
            _ => Err(BrowserError::PageScript(format!("locate {eid}: {answer}"))),
        }
    }

    /// What the last click's press hit instead of its element; `None` when it landed, or when
    /// the page cannot say (a new document replaced it, the press went into another frame).
    async fn click_landed(&mut self) -> Option<Cover> {
        let page = self.page().await.ok()?;
        let timeout = self.host().config().call_timeout();
        let asking = async { script::call(&page, ScriptFn::ClickLanded, &[]).await };
        let answer = match self.guard_ours("click landed", timeout, asking).await {
            Ok(answer) => answer,
            Err(error) => {
                tracing::debug!(%error, "could not ask where the click landed");
                return None;
            }
        };
        if answer.get("landed").and_then(Value::as_bool) != Some(false) {
            return None;
        }
        let unknown = || Cover {
            kind: CoverKind::Element,
            role: String::new(),
            name: String::new(),
            control: String::new(),
        };
        Some(
            answer
                .get("cover")
                .and_then(|cover| serde_json::from_value(cover.clone()).ok())
                .unwrap_or_else(unknown),
        )
    }
}

/// Presses and releases the left button at `point`, where the pointer already rests.
async fn press(page: &Page, point: Point) -> std::result::Result<(), CdpError> {
    for kind in [
        DispatchMouseEventType::MousePressed,
        DispatchMouseEventType::MouseReleased,
    ] {
        let event = DispatchMouseEventParams::builder()
            .r#type(kind)
            .x(point.x)
            .y(point.y)
            .button(MouseButton::Left)
            .click_count(1)
            .build()
            .map_err(CdpError::msg)?;
        page.execute(event).await?;
    }
    Ok(())
}

pub(super) fn covered(eid: &str, element: &Element, cover: &Cover) -> BrowserError {
    BrowserError::Covered {
        eid: eid.to_owned(),
        role: element.role.clone(),
        name: element.name.clone(),
        by: cover.words(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cover(kind: CoverKind, role: &str, name: &str, control: &str) -> Cover {
        Cover {
            kind,
            role: role.to_owned(),
            name: name.to_owned(),
            control: control.to_owned(),
        }
    }

    #[test]
    fn covers_are_named_as_a_person_would() {
        let banner = cover(CoverKind::CookieBanner, "", "", "Accept all");
        assert_eq!(banner.words(), "the cookie banner (\"Accept all\")");
        let dialog = cover(CoverKind::Dialog, "", "Sign up", "Sign up");
        assert_eq!(dialog.words(), "the \"Sign up\" dialog");
        let backdrop = cover(CoverKind::Backdrop, "", "Newsletter", "Close");
        assert_eq!(
            backdrop.words(),
            "the backdrop of the \"Newsletter\" dialog (\"Close\")"
        );
        assert_eq!(
            cover(CoverKind::Header, "", "", "").words(),
            "the sticky header"
        );
        assert_eq!(
            cover(CoverKind::Element, "button", "Chat", "").words(),
            "the \"Chat\" button"
        );
        assert_eq!(
            cover(CoverKind::Element, "", "", "").words(),
            "an unnamed element"
        );
    }

    #[test]
    fn a_covered_error_names_the_cover_and_the_element() {
        let error = BrowserError::Covered {
            eid: "e6".into(),
            role: "button".into(),
            name: "Save".into(),
            by: cover(CoverKind::CookieBanner, "", "", "Accept all").words(),
        };
        assert_eq!(error.code(), "covered");
        assert!(error.is_tool_error());
        assert!(
            error
                .to_string()
                .starts_with("the cookie banner (\"Accept all\") covers e6 (button \"Save\");"),
            "{error}"
        );
    }
}
