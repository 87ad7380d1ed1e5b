//! A person's input relayed to the active tab during a takeover: clicks, wheel scrolling, key
//! presses and typed text, as CDP input events.
//!
//! In: the protocol's [`UserInput`] (the `input` frame's events), already mapped to the
//! viewport's CSS pixels (the live view maps a point on its image). Out: `Input.dispatchMouseEvent`, `Input.dispatchKeyEvent` and `Input.insertText`
//! on the active tab. This is not a model-facing tool: the agent never calls it, and nothing here
//! logs what was typed.
//!
//! Contract: a point outside the viewport, a non-finite number, an unknown key or an empty text
//! is refused with [`BrowserError::InvalidArgument`] before anything reaches the page.

use chromiumoxide::cdp::browser_protocol::input::{
    DispatchMouseEventParams, DispatchMouseEventType, InsertTextParams, MouseButton,
};
use tandem_protocol::{PointerButton, UserInput};

use super::keys;
use super::session::BrowserSession;
use crate::error::{BrowserError, Result};

/// The longest text one [`UserInput::Text`] may insert.
pub const MAX_INSERTED_CHARS: usize = 4_096;

impl BrowserSession {
    /// Relays one piece of the person's input to the active tab.
    pub async fn dispatch_input(&mut self, input: &UserInput) -> Result<()> {
        let (width, height) = {
            let config = self.host().config();
            (
                f64::from(config.viewport_width),
                f64::from(config.viewport_height),
            )
        };
        let inside = |x: f64, y: f64| {
            if x.is_finite()
                && y.is_finite()
                && (0.0..=width).contains(&x)
                && (0.0..=height).contains(&y)
            {
                Ok(())
            } else {
                Err(BrowserError::InvalidArgument(format!(
                    "the point ({x}, {y}) is outside the {width}×{height} viewport"
                )))
            }
        };
        let page = self.page().await?;
        match input {
            UserInput::Click {
                x,
                y,
                button,
                count,
            } => {
                inside(*x, *y)?;
                let button = match button {
                    PointerButton::Left => MouseButton::Left,
                    PointerButton::Middle => MouseButton::Middle,
                    PointerButton::Right => MouseButton::Right,
                };
                let count = i64::from((*count).clamp(1, 3));
                let moved = mouse(DispatchMouseEventType::MouseMoved, *x, *y)
                    .build()
                    .map_err(BrowserError::InvalidArgument)?;
                self.guard("relay mouse move", page.execute(moved)).await?;
                for kind in [
                    DispatchMouseEventType::MousePressed,
                    DispatchMouseEventType::MouseReleased,
                ] {
                    let event = mouse(kind, *x, *y)
                        .button(button.clone())
                        .click_count(count)
                        .build()
                        .map_err(BrowserError::InvalidArgument)?;
                    self.guard("relay click", page.execute(event)).await?;
                }
            }
            UserInput::Wheel {
                x,
                y,
                delta_x,
                delta_y,
            } => {
                inside(*x, *y)?;
                if !delta_x.is_finite() || !delta_y.is_finite() {
                    return Err(BrowserError::InvalidArgument(
                        "wheel deltas must be finite numbers".into(),
                    ));
                }
                let event = mouse(DispatchMouseEventType::MouseWheel, *x, *y)
                    .delta_x(*delta_x)
                    .delta_y(*delta_y)
                    .build()
                    .map_err(BrowserError::InvalidArgument)?;
                self.guard("relay wheel", page.execute(event)).await?;
            }
            UserInput::Key { key } => {
                let chord = keys::parse(key)?;
                for event in keys::events(&chord)? {
                    self.guard("relay key", page.execute(event)).await?;
                }
            }
            UserInput::Text { text } => {
                if text.is_empty() || text.chars().count() > MAX_INSERTED_CHARS {
                    return Err(BrowserError::InvalidArgument(format!(
                        "typed text must have 1 to {MAX_INSERTED_CHARS} characters"
                    )));
                }
                self.guard(
                    "relay text",
                    page.execute(InsertTextParams::new(text.clone())),
                )
                .await?;
            }
        }
        Ok(())
    }
}

fn mouse(
    kind: DispatchMouseEventType,
    x: f64,
    y: f64,
) -> chromiumoxide::cdp::browser_protocol::input::DispatchMouseEventParamsBuilder {
    DispatchMouseEventParams::builder().r#type(kind).x(x).y(y)
}
