//! Key names: "enter", "the escape key", "ctrl+a", "page down" → `Enter`, `Escape`,
//! `Control+A`, `PageDown` (the names the browser's key tool takes).

fn named_key(word: &str) -> Option<&'static str> {
    Some(match word {
        "enter" | "return" => "Enter",
        "tab" => "Tab",
        "escape" | "esc" => "Escape",
        "space" | "spacebar" | "space bar" => "Space",
        "backspace" | "back space" => "Backspace",
        "delete" | "del" => "Delete",
        "insert" | "ins" => "Insert",
        "up" | "arrow up" | "up arrow" | "arrowup" => "ArrowUp",
        "down" | "arrow down" | "down arrow" | "arrowdown" => "ArrowDown",
        "left" | "arrow left" | "left arrow" | "arrowleft" => "ArrowLeft",
        "right" | "arrow right" | "right arrow" | "arrowright" => "ArrowRight",
        "page down" | "pagedown" | "pgdn" => "PageDown",
        "page up" | "pageup" | "pgup" => "PageUp",
        "home" => "Home",
        "end" => "End",
        _ => return None,
    })
}

fn modifier(word: &str) -> Option<&'static str> {
    Some(match word {
        "ctrl" | "control" | "ctl" => "Control",
        "shift" => "Shift",
        "alt" | "option" | "opt" => "Alt",
        "meta" | "cmd" | "command" | "super" | "win" => "Meta",
        _ => return None,
    })
}

/// A single key of a combination: a named key, a function key or one character.
fn combo_key(word: &str) -> Option<String> {
    if let Some(named) = named_key(word) {
        return Some(named.to_owned());
    }
    if let Some(number) = word.strip_prefix('f')
        && let Ok(n) = number.parse::<u8>()
        && (1..=12).contains(&n)
    {
        return Some(format!("F{n}"));
    }
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_whitespace() => Some(c.to_uppercase().collect()),
        _ => None,
    }
}

/// The key named by `phrase`, if it names one ("Enter", "the tab key", "Ctrl+Shift+K").
/// A lone letter counts only with "key" ("the a key") so "press A" can still click "A".
pub(crate) fn parse_key(phrase: &str) -> Option<String> {
    let lower = phrase.trim().trim_end_matches(['.', '!']).to_lowercase();
    let lower = lower.strip_prefix("the ").unwrap_or(&lower);
    let (lower, said_key) = match lower.strip_suffix(" key") {
        Some(rest) => (rest.trim(), true),
        None => (lower.trim(), false),
    };
    if lower.contains('+') || lower.contains('-') && lower.len() > 1 {
        let parts: Vec<&str> = lower.split(['+', '-']).map(str::trim).collect();
        let (last, mods) = parts.split_last()?;
        let mut names: Vec<String> = mods
            .iter()
            .map(|m| modifier(m).map(str::to_owned))
            .collect::<Option<_>>()?;
        if names.is_empty() {
            return None;
        }
        names.push(combo_key(last)?);
        return Some(names.join("+"));
    }
    if let Some(named) = named_key(lower) {
        return Some(named.to_owned());
    }
    if said_key {
        return combo_key(lower);
    }
    combo_key(lower).filter(|k| k.len() > 1)
}

#[cfg(test)]
mod tests {
    use super::parse_key;

    #[test]
    fn key_names_are_normalized() {
        for (written, key) in [
            ("enter", Some("Enter")),
            ("the Escape key", Some("Escape")),
            ("Esc", Some("Escape")),
            ("ctrl+a", Some("Control+A")),
            ("Cmd-Shift-K", Some("Meta+Shift+K")),
            ("page down", Some("PageDown")),
            ("F5", Some("F5")),
            ("Sign in", None),
            ("A", None),
            ("the a key", Some("A")),
        ] {
            assert_eq!(parse_key(written).as_deref(), key, "{written}");
        }
    }
}
