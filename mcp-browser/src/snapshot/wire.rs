//! The compact form in which the page script (`page_script/08-snapshot.js`) sends a snapshot, and its decoding into
//! [`Snapshot`].
//!
//! On a big page the snapshot is hundreds of kilobytes, and every byte crosses Chromium's
//! renderer, its DevTools JSON encoder and the WebSocket, so its size is a large share of the
//! snapshot's time. The wire form is positional: a third the size of the object form.
//!
//! ```text
//! { url, title, viewport: Viewport, truncated, timing_ms?,
//!   strings:  [string],              // each repeated string once; `#n` below is strings[n]
//!   elements: [[eid_number, #role, name, #tag, flags, x, y, w, h,
//!               #input_type?, value?, #context?, href?, #form_submit?, placeholder?,
//!               #autocomplete?, #frame?, options?, options_total?, #icon?]],
//!   texts:    [[#kind, text, in_viewport (0|1), y, x, w, level?]] }
//! ```
//!
//! Optional positions hold `null` when absent, and trailing `null`s are left out. `flags` is a
//! bit set of [`flags`]; `checked`, `selected` and `expanded` have a "present" bit and an "on" bit because
//! they are tri-state. Element `options` keep the object form of [`SelectOption`].
//!
//! The same form is what an MCP `observe` with `compact_json` carries as its snapshot
//! ([`encode`] on the server, [`decode_value`] on the client): building and parsing JSON trees
//! is most of that call's cost beyond the browser's own work.

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::{Value, json};

use super::model::{
    Eid, Element, Rect, SelectOption, Snapshot, SnapshotTiming, TextBlock, Viewport,
};

/// Bits of an element's `flags` (they match the `EL_*` constants in `page_script/08-snapshot.js`).
pub mod flags {
    pub const DISABLED: u32 = 1;
    pub const FOCUSED: u32 = 2;
    pub const EDITABLE: u32 = 4;
    pub const IN_VIEWPORT: u32 = 8;
    pub const IN_SHADOW: u32 = 16;
    pub const CHECKED: u32 = 32;
    pub const CHECKED_ON: u32 = 64;
    pub const SELECTED: u32 = 128;
    pub const SELECTED_ON: u32 = 256;
    pub const EXPANDED: u32 = 512;
    pub const EXPANDED_ON: u32 = 1024;
}

/// Why a wire snapshot could not be decoded.
#[derive(Debug, thiserror::Error)]
pub enum WireError {
    #[error("the snapshot is not valid wire JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("string reference #{index} is out of range ({len} strings)")]
    BadStringRef { index: usize, len: usize },
    #[error("element id `{0}` is not of the form e<number>")]
    BadEid(String),
}

#[derive(Deserialize)]
struct WireSnapshot {
    url: String,
    title: String,
    viewport: Viewport,
    #[serde(default)]
    truncated: bool,
    #[serde(default)]
    timing_ms: Option<SnapshotTiming>,
    strings: Vec<String>,
    elements: Vec<WireElement>,
    texts: Vec<WireText>,
}

/// One element row; deserialized from a JSON array, position by position.
#[derive(Deserialize)]
struct WireElement {
    eid: u64,
    role: usize,
    name: String,
    tag: usize,
    flags: u32,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    #[serde(default)]
    input_type: Option<usize>,
    #[serde(default)]
    value: Option<String>,
    #[serde(default)]
    context: Option<usize>,
    #[serde(default)]
    href: Option<String>,
    #[serde(default)]
    form_submit: Option<usize>,
    #[serde(default)]
    placeholder: Option<String>,
    #[serde(default)]
    autocomplete: Option<usize>,
    #[serde(default)]
    frame: Option<usize>,
    #[serde(default)]
    options: Option<Vec<SelectOption>>,
    #[serde(default)]
    options_total: Option<usize>,
    #[serde(default)]
    icon: Option<usize>,
}

#[derive(Deserialize)]
struct WireText {
    kind: usize,
    text: String,
    in_viewport: u8,
    y: f64,
    x: f64,
    w: f64,
    #[serde(default)]
    level: Option<u8>,
}

/// Decodes the page script's wire JSON into a [`Snapshot`].
pub fn decode(json: &str) -> Result<Snapshot, WireError> {
    into_snapshot(serde_json::from_str(json)?)
}

/// Decodes a wire snapshot already parsed as JSON (an MCP result's structured content).
pub fn decode_value(value: Value) -> Result<Snapshot, WireError> {
    into_snapshot(serde_json::from_value(value)?)
}

/// Encodes a snapshot in the wire form: the inverse of [`decode`].
pub fn encode(snapshot: &Snapshot) -> Result<Value, WireError> {
    let mut strings = Interner::default();
    let elements = snapshot
        .elements
        .iter()
        .map(|e| encode_element(e, &mut strings))
        .collect::<Result<Vec<_>, _>>()?;
    let texts: Vec<Value> = snapshot
        .texts
        .iter()
        .map(|t| {
            let mut row = vec![
                json!(strings.index(&t.kind)),
                json!(t.text),
                json!(u8::from(t.in_viewport)),
                json!(t.y),
                json!(t.x),
                json!(t.w),
            ];
            if let Some(level) = t.level {
                row.push(json!(level));
            }
            Value::Array(row)
        })
        .collect();
    Ok(json!({
        "url": snapshot.url,
        "title": snapshot.title,
        "viewport": snapshot.viewport,
        "truncated": snapshot.truncated,
        "timing_ms": snapshot.timing_ms,
        "strings": strings.list,
        "elements": elements,
        "texts": texts,
    }))
}

fn encode_element(e: &Element, strings: &mut Interner) -> Result<Value, WireError> {
    let eid: u64 = e
        .eid
        .as_str()
        .strip_prefix('e')
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| WireError::BadEid(e.eid.to_string()))?;
    let bit = |on: bool, bit: u32| if on { bit } else { 0 };
    let tri = |state: Option<bool>, present: u32, on: u32| match state {
        Some(true) => present | on,
        Some(false) => present,
        None => 0,
    };
    let flags = bit(e.disabled, flags::DISABLED)
        | bit(e.focused, flags::FOCUSED)
        | bit(e.editable, flags::EDITABLE)
        | bit(e.in_viewport, flags::IN_VIEWPORT)
        | bit(e.in_shadow, flags::IN_SHADOW)
        | tri(e.checked, flags::CHECKED, flags::CHECKED_ON)
        | tri(e.selected, flags::SELECTED, flags::SELECTED_ON)
        | tri(e.expanded, flags::EXPANDED, flags::EXPANDED_ON);
    let mut interned = |s: Option<&str>| s.map_or(Value::Null, |s| json!(strings.index(s)));
    let options = if e.options.is_empty() {
        Value::Null
    } else {
        json!(e.options)
    };
    let mut row = vec![
        json!(eid),
        interned(Some(&e.role)),
        json!(e.name),
        interned(Some(&e.tag)),
        json!(flags),
        json!(e.rect.x),
        json!(e.rect.y),
        json!(e.rect.w),
        json!(e.rect.h),
        interned(e.input_type.as_deref()),
        json!(e.value),
        interned(e.context.as_deref()),
        json!(e.href),
        interned(e.form_submit.as_deref()),
        json!(e.placeholder),
        interned(e.autocomplete.as_deref()),
        interned(e.frame.as_deref()),
        options,
        json!(e.options_total),
        interned(e.icon.as_deref()),
    ];
    while row.last().is_some_and(Value::is_null) {
        row.pop();
    }
    Ok(Value::Array(row))
}

/// Builds the `strings` table: each distinct string once, in first-use order.
#[derive(Default)]
struct Interner {
    list: Vec<String>,
    index: HashMap<String, usize>,
}

impl Interner {
    fn index(&mut self, s: &str) -> usize {
        if let Some(&i) = self.index.get(s) {
            return i;
        }
        let i = self.list.len();
        self.list.push(s.to_owned());
        self.index.insert(s.to_owned(), i);
        i
    }
}

fn into_snapshot(wire: WireSnapshot) -> Result<Snapshot, WireError> {
    let strings = Strings(&wire.strings);
    let elements = wire
        .elements
        .into_iter()
        .map(|e| element(e, &strings))
        .collect::<Result<_, _>>()?;
    let texts = wire
        .texts
        .into_iter()
        .map(|t| {
            Ok(TextBlock {
                kind: strings.get(t.kind)?,
                level: t.level,
                text: t.text,
                in_viewport: t.in_viewport != 0,
                y: t.y,
                x: t.x,
                w: t.w,
            })
        })
        .collect::<Result<_, WireError>>()?;
    Ok(Snapshot {
        url: wire.url,
        title: wire.title,
        viewport: wire.viewport,
        elements,
        texts,
        truncated: wire.truncated,
        timing_ms: wire.timing_ms,
    })
}

fn element(e: WireElement, strings: &Strings<'_>) -> Result<Element, WireError> {
    let has = |bit: u32| e.flags & bit != 0;
    let tri = |present: u32, on: u32| has(present).then(|| has(on));
    Ok(Element {
        eid: Eid(format!("e{}", e.eid)),
        role: strings.get(e.role)?,
        name: e.name,
        tag: strings.get(e.tag)?,
        input_type: strings.get_opt(e.input_type)?,
        value: e.value,
        placeholder: e.placeholder,
        autocomplete: strings.get_opt(e.autocomplete)?,
        href: e.href,
        checked: tri(flags::CHECKED, flags::CHECKED_ON),
        selected: tri(flags::SELECTED, flags::SELECTED_ON),
        expanded: tri(flags::EXPANDED, flags::EXPANDED_ON),
        disabled: has(flags::DISABLED),
        focused: has(flags::FOCUSED),
        editable: has(flags::EDITABLE),
        in_viewport: has(flags::IN_VIEWPORT),
        options: e.options.unwrap_or_default(),
        options_total: e.options_total,
        context: strings.get_opt(e.context)?,
        form_submit: strings.get_opt(e.form_submit)?,
        frame: strings.get_opt(e.frame)?,
        in_shadow: has(flags::IN_SHADOW),
        icon: strings.get_opt(e.icon)?,
        rect: Rect {
            x: e.x,
            y: e.y,
            w: e.w,
            h: e.h,
        },
    })
}

/// The snapshot's table of repeated strings.
struct Strings<'a>(&'a [String]);

impl Strings<'_> {
    fn get(&self, index: usize) -> Result<String, WireError> {
        self.0.get(index).cloned().ok_or(WireError::BadStringRef {
            index,
            len: self.0.len(),
        })
    }

    fn get_opt(&self, index: Option<usize>) -> Result<Option<String>, WireError> {
        index.map(|i| self.get(i)).transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVERY_FIELD: &str = r#"{
            "url": "http://x/", "title": "T",
            "viewport": {"width": 1280, "height": 800, "scroll_x": 0, "scroll_y": 10, "page_height": 2000},
            "truncated": true,
            "strings": ["textbox", "input", "email", "Row 1", "Send", "username", "iframe#f", "combobox", "select", "heading", "chevron-down"],
            "elements": [
                [3, 0, "Email", 1, 701, 1.5, 2.5, 30, 40, 2, "a@b.c", 3, null, 4, "you@x", 5, 6],
                [4, 7, "Size", 8, 0, 0, 0, 1, 1, null, "M", null, null, null, null, null, null,
                 [{"value": "m", "label": "M", "selected": true}], 60, 10]
            ],
            "texts": [[9, "Title", 1, 12.5, 40, 200, 2], [9, "Other", 0, 900, 0, 0]]
        }"#;

    #[test]
    fn decodes_every_position_and_flag() {
        let snapshot = decode(EVERY_FIELD).unwrap();
        assert!(snapshot.truncated);
        assert_eq!(snapshot.viewport.scroll_y, 10.0);
        let email = &snapshot.elements[0];
        assert_eq!(email.eid.as_str(), "e3");
        assert_eq!(
            (email.role.as_str(), email.tag.as_str()),
            ("textbox", "input")
        );
        assert_eq!(email.input_type.as_deref(), Some("email"));
        assert_eq!(email.value.as_deref(), Some("a@b.c"));
        assert_eq!(email.context.as_deref(), Some("Row 1"));
        assert_eq!(email.form_submit.as_deref(), Some("Send"));
        assert_eq!(email.placeholder.as_deref(), Some("you@x"));
        assert_eq!(email.autocomplete.as_deref(), Some("username"));
        assert_eq!(email.frame.as_deref(), Some("iframe#f"));
        // 701 = disabled | editable | in_viewport | in_shadow | checked present | selected present
        // | expanded present (none of the three on).
        assert!(email.disabled && email.editable && email.in_viewport && email.in_shadow);
        assert!(!email.focused);
        assert_eq!(email.checked, Some(false));
        assert_eq!(email.selected, Some(false));
        assert_eq!(email.expanded, Some(false));
        assert_eq!(
            email.rect,
            Rect {
                x: 1.5,
                y: 2.5,
                w: 30.0,
                h: 40.0
            }
        );
        let size = &snapshot.elements[1];
        assert_eq!(size.checked, None);
        assert_eq!(size.expanded, None);
        assert_eq!(size.options.len(), 1);
        assert!(size.options[0].selected);
        assert_eq!(size.options_total, Some(60));
        assert_eq!(size.icon.as_deref(), Some("chevron-down"));
        assert_eq!(email.icon, None);
        assert_eq!(size.href, None);
        assert_eq!(snapshot.texts[0].level, Some(2));
        assert_eq!((snapshot.texts[0].x, snapshot.texts[0].w), (40.0, 200.0));
        assert!(snapshot.texts[0].in_viewport);
        assert_eq!(snapshot.texts[1].kind, "heading");
        assert!(!snapshot.texts[1].in_viewport);
    }

    #[test]
    fn encoding_is_the_inverse_of_decoding() {
        let snapshot = decode(EVERY_FIELD).unwrap();
        let encoded = encode(&snapshot).unwrap();
        assert_eq!(decode_value(encoded.clone()).unwrap(), snapshot);
        // Trailing absent positions are left out, as the page script does.
        let second = &encoded["elements"][1];
        assert_eq!(second.as_array().unwrap().len(), 20);
        let mut plain = snapshot.elements[1].clone();
        plain.options.clear();
        plain.options_total = None;
        plain.icon = None;
        let only = Snapshot {
            elements: vec![plain],
            ..snapshot.clone()
        };
        let row = encode(&only).unwrap()["elements"][0].clone();
        assert_eq!(row.as_array().unwrap().len(), 11, "{row}");
    }

    #[test]
    fn an_eid_not_made_by_the_page_cannot_be_encoded() {
        let mut snapshot = decode(EVERY_FIELD).unwrap();
        snapshot.elements[0].eid = Eid("button-1".into());
        let err = encode(&snapshot).unwrap_err();
        assert!(
            matches!(err, WireError::BadEid(ref eid) if eid == "button-1"),
            "{err}"
        );
    }

    #[test]
    fn a_bad_string_reference_is_an_error() {
        let json = r#"{"url": "", "title": "", "viewport": {"width": 1, "height": 1, "scroll_x": 0,
            "scroll_y": 0, "page_height": 1}, "strings": ["button"],
            "elements": [[1, 0, "Go", 7, 0, 0, 0, 1, 1]], "texts": []}"#;
        let err = decode(json).unwrap_err();
        assert!(
            matches!(err, WireError::BadStringRef { index: 7, len: 1 }),
            "{err}"
        );
    }

    #[test]
    fn a_failure_answer_is_a_json_error() {
        let err = decode(r#"{"ok": false, "error": "internal", "message": "boom"}"#).unwrap_err();
        assert!(matches!(err, WireError::Json(_)));
    }
}
