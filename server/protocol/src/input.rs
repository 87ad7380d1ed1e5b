//! [`UserInput`]: the person's clicks, wheel and keys on the live view, carried by the `input`
//! frame and relayed to the page during a takeover. Never logged with its content, never shown
//! to the model.

use serde::{Deserialize, Serialize};

/// A mouse button.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PointerButton {
    Left,
    Middle,
    Right,
}

/// One piece of the person's input, in the viewport's CSS pixels (the live view maps a point
/// on its image). Parsed strictly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum UserInput {
    /// A click (`count` 2 for a double click) at a point of the viewport.
    Click {
        x: f64,
        y: f64,
        #[serde(default = "left")]
        button: PointerButton,
        #[serde(default = "one")]
        count: u8,
    },
    /// Wheel scrolling at a point, by CSS pixels.
    Wheel {
        x: f64,
        y: f64,
        #[serde(default)]
        delta_x: f64,
        delta_y: f64,
    },
    /// A key press with modifiers, named as `press_key` names them (`Enter`, `Control+A`).
    Key { key: String },
    /// Text typed, pasted or composed (IME), inserted at the caret.
    Text { text: String },
}

fn left() -> PointerButton {
    PointerButton::Left
}

fn one() -> u8 {
    1
}

impl UserInput {
    /// What kind of input this is, for logs that must not carry what was typed.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Click { .. } => "click",
            Self::Wheel { .. } => "wheel",
            Self::Key { .. } => "key",
            Self::Text { .. } => "text",
        }
    }
}
