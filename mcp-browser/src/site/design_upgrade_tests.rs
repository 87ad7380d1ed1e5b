//! Older design systems take the tokens added since (`design_upgrade.rs`), through the same
//! `edit_page` instruction as any token.
#![allow(clippy::unwrap_used)] // a failed expectation is the test failing

use crate::site::brief::ProductType;
use crate::site::design;
use crate::site::design_upgrade::LATER_TOKENS;
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
