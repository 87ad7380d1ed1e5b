//! Design systems written before a token existed: setting that token adds it.
//!
//! Sites built before the header had its own colours paint the navigation with the shared
//! surface, text and link tokens, so "make the header green" would have nothing to set. For a
//! token the current design system has and an older one lacks ([`LATER_TOKENS`]), [`hunks`]
//! declares it at the top of `:root` and points the rules that use it in today's design system
//! at it, rule line by rule line; every other byte of the file stays as it was, and the pages
//! are not touched.

use super::edit::Hunk;

/// Tokens added after the first design systems, with the rules (selector, property) that use
/// them in today's `design.rs`.
const LATER_TOKENS: [(&str, &[(&str, &str)]); 3] = [
    ("color-header", &[(".nav", "background")]),
    (
        "color-on-header",
        &[
            (".nav-brand", "color"),
            (".nav-links a[aria-current=\"page\"]", "color"),
        ],
    ),
    ("color-header-link", &[(".nav-links a", "color")]),
];

/// The hunks that add token `name` with `value` to `css`, or `None` when `name` is not a later
/// token or `css` is not a design system this module knows (no `:root {` line, or a rule it
/// would rewrite is missing).
pub fn hunks(css: &str, name: &str, value: &str) -> Option<Vec<Hunk>> {
    let (_, rules) = LATER_TOKENS.iter().find(|(token, _)| *token == name)?;
    let root = css
        .lines()
        .find(|line| line.trim_start().starts_with(":root {"))?;
    (css.matches(root).count() == 1).then_some(())?;
    let mut hunks = vec![Hunk {
        search: format!("{root}\n"),
        replace: format!("{root}\n  --{name}: {value};\n"),
    }];
    for (selector, property) in *rules {
        let opening = format!("{selector} {{");
        let line = css.lines().find(|line| line.starts_with(&opening))?;
        let at = line.find(&format!(" {property}: var(--"))? + property.len() + 3;
        let end = at + line[at..].find(')')? + 1;
        let replaced = format!("{}var(--{name}){}", &line[..at], &line[end..]);
        if replaced != line {
            hunks.push(Hunk {
                search: format!("{line}\n"),
                replace: format!("{replaced}\n"),
            });
        }
    }
    Some(hunks)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::site::brief::ProductType;
    use crate::site::design;
    use crate::site::edit::{EditTarget, apply, offline_edit};

    /// Today's design system as the first ones were written: no header tokens, the navigation
    /// painted with the shared surface, text and link tokens.
    fn before_header_tokens(css: &str) -> String {
        css.lines()
            .filter(|line| {
                !LATER_TOKENS
                    .iter()
                    .any(|(token, _)| line.starts_with(&format!("  --{token}: ")))
            })
            .map(|line| {
                line.replace("var(--color-header)", "var(--color-surface)")
                    .replace("var(--color-on-header)", "var(--color-text)")
                    .replace("var(--color-header-link)", "var(--color-link)")
            })
            .map(|line| format!("{line}\n"))
            .collect()
    }

    #[test]
    fn an_old_design_system_takes_a_header_colour_and_keeps_every_other_byte() {
        let today = design::create(ProductType::Landing, &[], &Default::default())
            .unwrap()
            .css;
        let old = before_header_tokens(&today);
        assert!(!old.contains("--color-header"), "the old shape");
        let mut css = old.clone();
        for (name, value) in [
            ("color-header", "#2e7d32"),
            ("color-on-header", "#ffffff"),
            ("color-header-link", "#ffffff"),
        ] {
            let edit = offline_edit(&format!("set --{name} to {value}"), "", Some(&css))
                .unwrap()
                .unwrap();
            assert_eq!(edit.target, EditTarget::DesignSystem);
            css = apply(&css, &edit.hunks).unwrap();
        }
        assert!(css.contains("  --color-header: #2e7d32;\n"), "{css}");
        let nav = |css: &str| -> Vec<String> {
            css.lines()
                .filter(|l| l.starts_with(".nav"))
                .map(str::to_owned)
                .collect()
        };
        assert_eq!(nav(&css), nav(&today), "the navigation uses the new tokens");
        // Nothing else moved: removing the three new lines and the rewritten rules gives the
        // old file back.
        assert_eq!(before_header_tokens(&css), old);
        // Setting it again is an ordinary token edit.
        let again = offline_edit("set --color-header to #1b5e20", "", Some(&css))
            .unwrap()
            .unwrap();
        assert_eq!(again.hunks.len(), 1);
        // A token no design system ever had is still refused.
        assert!(offline_edit("set --color-sidebar to #000000", "", Some(&old)).is_err());
    }
}
