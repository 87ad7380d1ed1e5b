//! The structured snapshot of a page: what the in-page script returns and what programs read.
//!
//! Contract: the page script (`page_script/08-snapshot.js`, function `__tandem.snapshot(opts)`)
//! returns JSON in the wire form that [`super::wire::decode`] turns into a [`Snapshot`]. Elements
//! come in document order (main document first, then open shadow roots and same-origin iframes at
//! the place they occur). An [`Eid`] names one DOM node for the life of the document: the same node
//! keeps its eid across observations, a removed node's eid is never reused for another node.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A stable element id such as `e12`, valid for the document it was taken from.
#[derive(
    Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct Eid(pub String);

impl Eid {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Eid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for Eid {
    fn from(value: &str) -> Self {
        Self(value.to_owned())
    }
}

/// One observation of the DOM.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Snapshot {
    pub url: String,
    pub title: String,
    pub viewport: Viewport,
    /// Elements a user could act on, in document order.
    pub elements: Vec<Element>,
    /// Headings, labels and text blocks that give the elements meaning, in document order.
    /// Text that repeats an element's name or context is not repeated here.
    pub texts: Vec<TextBlock>,
    /// True when the page had more candidates than the script's element limit.
    #[serde(default)]
    pub truncated: bool,
    /// How long the page script took, for tracing and benchmarks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timing_ms: Option<SnapshotTiming>,
}

impl Snapshot {
    /// Every text the snapshot says the page shows: the text blocks, then each element's name
    /// and context. (A row's first cell or a fieldset's legend that is some element's context
    /// travels only as that context, not as a text block too.)
    pub fn shown_texts(&self) -> impl Iterator<Item = &str> {
        let blocks = self.texts.iter().map(|t| t.text.as_str());
        let elements = self
            .elements
            .iter()
            .flat_map(|e| std::iter::once(e.name.as_str()).chain(e.context.as_deref()));
        blocks.chain(elements)
    }
}

/// Time spent inside the page taking a snapshot, in milliseconds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SnapshotTiming {
    /// Walking the DOM.
    pub walk: f64,
    /// The whole `snapshot()` call.
    pub total: f64,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Viewport {
    pub width: f64,
    pub height: f64,
    pub scroll_x: f64,
    pub scroll_y: f64,
    /// Full scrollable height of the document.
    pub page_height: f64,
}

/// Box in CSS pixels relative to the top-level viewport (iframe offsets already added).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

/// An element a user could act on.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Element {
    pub eid: Eid,
    /// ARIA role, explicit or implied: button, link, textbox, searchbox, checkbox, radio, combobox,
    /// listbox, option, slider, spinbutton, switch, tab, menuitem, textarea is `textbox`,
    /// non-semantic clickables are `clickable`.
    pub role: String,
    /// Accessible name: aria-labelledby, aria-label, <label>, alt, title, placeholder, text.
    pub name: String,
    /// Lower-case tag name.
    pub tag: String,
    /// `type` attribute of an input (text, password, email, date, checkbox, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_type: Option<String>,
    /// Current value of form controls (select: the selected option's label).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<String>,
    /// `autocomplete` attribute (e.g. `cc-number`, `one-time-code`), for policy decisions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub autocomplete: Option<String>,
    /// Absolute URL of a link.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub href: Option<String>,
    /// Checkbox/radio/switch state; `None` when not checkable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked: Option<bool>,
    /// Option/tab selection state; `None` when not selectable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selected: Option<bool>,
    /// Disclosure state of a control that shows and hides a region: `aria-expanded`, the
    /// `open` state of a `<details>` for its `<summary>`, or else whether the region named by
    /// `aria-controls` is visible. `None` when the element discloses nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expanded: Option<bool>,
    #[serde(default)]
    pub disabled: bool,
    #[serde(default)]
    pub focused: bool,
    /// Accepts typed text (text-like inputs, textarea, contenteditable).
    #[serde(default)]
    pub editable: bool,
    #[serde(default)]
    pub in_viewport: bool,
    /// Options of a select / listbox (the script lists at most 50).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<SelectOption>,
    /// Total number of options when the select has more than `options` lists.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options_total: Option<usize>,
    /// Short text near the element (its row, fieldset legend, the name of the ARIA group of
    /// choices it sits in, or preceding heading) for context.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<String>,
    /// Label of the enclosing form's submit control, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form_submit: Option<String>,
    /// `iframe` nesting path (e.g. `iframe#pay`), empty for the main document.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame: Option<String>,
    /// True when the element lives in a shadow root.
    #[serde(default)]
    pub in_shadow: bool,
    /// The icon that marks the element, in words (`trash`, `seek-start`, `gear`): read from an
    /// icon font's class (Font Awesome `fa-trash`, Bootstrap Icons `bi-gear`, jQuery UI
    /// `ui-icon-disk`…), a Material Icons ligature, `data-icon`, or an `<svg>`'s title or label
    /// (`page_script/06-icon.js`). `None` when no icon marks it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    pub rect: Rect,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SelectOption {
    pub value: String,
    pub label: String,
    #[serde(default)]
    pub selected: bool,
    #[serde(default)]
    pub disabled: bool,
}

/// Text that gives elements meaning.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TextBlock {
    /// `heading`, `text`, `label`, `alert` (role=alert/status regions).
    pub kind: String,
    /// Heading level 1..6 for headings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    pub text: String,
    #[serde(default)]
    pub in_viewport: bool,
    /// Vertical position relative to the top-level viewport, for ordering with elements.
    #[serde(default)]
    pub y: f64,
    /// Left edge and width (same frame as `y`): which column of a grid the text is in.
    #[serde(default)]
    pub x: f64,
    #[serde(default)]
    pub w: f64,
}
