//! Test-only parts of synthetic snapshots shared by the unit tests of sibling modules.

use tandem_mcp_browser::snapshot::{Eid, Element, Rect, TextBlock};

/// A 14 px clickable control at x 20.
pub(super) fn el(eid: &str, name: &str, y: f64) -> Element {
    Element {
        eid: Eid(eid.to_owned()),
        role: "clickable".to_owned(),
        name: name.to_owned(),
        rect: Rect {
            x: 20.0,
            y,
            w: 14.0,
            h: 14.0,
        },
        in_viewport: true,
        ..Element::default()
    }
}

pub(super) fn text(text: &str, y: f64) -> TextBlock {
    TextBlock {
        text: text.to_owned(),
        y,
        ..TextBlock::default()
    }
}
