//! Key presses: parses `"Enter"`, `"Control+A"`, `"Shift+Tab"` into CDP key events with the
//! modifier bitmask, using chromiumoxide's US keyboard layout table.

use chromiumoxide::cdp::browser_protocol::input::{DispatchKeyEventParams, DispatchKeyEventType};
use chromiumoxide::keys::{KeyDefinition, get_key_definition};

use crate::error::{BrowserError, Result};

/// A key with the modifiers held while it is pressed.
#[derive(Debug)]
pub struct KeyChord {
    pub key: &'static KeyDefinition,
    /// CDP modifier bitmask: Alt=1, Control=2, Meta=4, Shift=8.
    pub modifiers: i64,
}

/// Parses a key name such as `Enter`, `a`, `ArrowDown`, `Control+A` (case-insensitive modifiers:
/// Ctrl/Control, Alt/Option, Shift, Meta/Cmd/Command).
pub fn parse(spec: &str) -> Result<KeyChord> {
    let spec = spec.trim();
    if spec.is_empty() {
        return Err(BrowserError::InvalidArgument("key name is empty".into()));
    }
    // A lone "+" is the plus key, not a separator.
    let parts: Vec<&str> = if spec == "+" {
        vec!["+"]
    } else {
        spec.split('+').map(str::trim).collect()
    };
    let (key_name, modifier_names) = parts
        .split_last()
        .ok_or_else(|| BrowserError::InvalidArgument(format!("bad key `{spec}`")))?;
    let mut modifiers = 0;
    for name in modifier_names {
        modifiers |= match name.to_ascii_lowercase().as_str() {
            "alt" | "option" => 1,
            "ctrl" | "control" => 2,
            "meta" | "cmd" | "command" => 4,
            "shift" => 8,
            other => {
                return Err(BrowserError::InvalidArgument(format!(
                    "unknown modifier `{other}` in `{spec}`"
                )));
            }
        };
    }
    let key = lookup(key_name).ok_or_else(|| {
        BrowserError::InvalidArgument(format!(
            "unknown key `{key_name}` (try Enter, Tab, Escape, Backspace, ArrowDown, PageDown, a, Control+A)"
        ))
    })?;
    Ok(KeyChord { key, modifiers })
}

fn lookup(name: &str) -> Option<&'static KeyDefinition> {
    let alias = match name.to_ascii_lowercase().as_str() {
        "enter" | "return" => "Enter",
        "esc" | "escape" => "Escape",
        "tab" => "Tab",
        "space" | "spacebar" => " ",
        "backspace" => "Backspace",
        "delete" | "del" => "Delete",
        "up" | "arrowup" => "ArrowUp",
        "down" | "arrowdown" => "ArrowDown",
        "left" | "arrowleft" => "ArrowLeft",
        "right" | "arrowright" => "ArrowRight",
        "pageup" => "PageUp",
        "pagedown" => "PageDown",
        "home" => "Home",
        "end" => "End",
        _ => name,
    };
    get_key_definition(alias).or_else(|| {
        // Single letters are looked up in lower case (shift is a modifier).
        let lower = alias.to_ascii_lowercase();
        (alias.chars().count() == 1)
            .then(|| get_key_definition(lower.as_str()))
            .flatten()
    })
}

/// The keyDown and keyUp events for a chord. Text is only sent without Control/Alt/Meta, so
/// `Control+A` selects instead of typing "a".
pub fn events(chord: &KeyChord) -> Result<[DispatchKeyEventParams; 2]> {
    let key = chord.key;
    let text = if chord.modifiers & 0b0111 == 0 {
        key.text.or((key.key.len() == 1).then_some(key.key))
    } else {
        None
    };
    let down_type = if text.is_some() {
        DispatchKeyEventType::KeyDown
    } else {
        DispatchKeyEventType::RawKeyDown
    };
    let build = |kind: DispatchKeyEventType, text: Option<&str>| {
        let mut builder = DispatchKeyEventParams::builder()
            .r#type(kind)
            .key(key.key)
            .code(key.code)
            .modifiers(chord.modifiers)
            .windows_virtual_key_code(key.key_code)
            .native_virtual_key_code(key.key_code);
        if let Some(text) = text {
            builder = builder.text(text).unmodified_text(text);
        }
        builder.build().map_err(BrowserError::InvalidArgument)
    };
    Ok([
        build(down_type, text)?,
        build(DispatchKeyEventType::KeyUp, None)?,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_plain_keys_and_aliases() {
        assert_eq!(parse("Enter").unwrap().key.key, "Enter");
        assert_eq!(parse("return").unwrap().key.key, "Enter");
        assert_eq!(parse("esc").unwrap().key.key, "Escape");
        assert_eq!(parse("PageDown").unwrap().key.key, "PageDown");
        assert_eq!(parse("a").unwrap().modifiers, 0);
    }

    #[test]
    fn parses_modifier_chords() {
        let chord = parse("Control+Shift+A").unwrap();
        assert_eq!(chord.modifiers, 2 | 8);
        assert_eq!(chord.key.key_code, 65, "the A key");
        let [down, _] = events(&chord).unwrap();
        assert!(down.text.is_none(), "control chords must not type text");
    }

    #[test]
    fn refuses_unknown_keys_and_modifiers() {
        assert!(matches!(
            parse("Hyper+A"),
            Err(BrowserError::InvalidArgument(_))
        ));
        assert!(matches!(
            parse("NoSuchKey"),
            Err(BrowserError::InvalidArgument(_))
        ));
        assert!(matches!(parse("  "), Err(BrowserError::InvalidArgument(_))));
    }
}
