//! Design systems written before a token existed: setting that token adds it.
//!
//! Sites built before the header had its own colours paint the navigation with the shared
//! surface, text and link tokens, so "make the header green" would have nothing to set. For a
//! token the current design system has and an older one lacks ([`LATER_TOKENS`]), [`hunks`]
//! declares it at the top of `:root` and points the rules that use it in today's design system
//! at it, rule line by rule line; every other byte of the file stays as it was, and the pages
//! are not touched.

/// Tokens added after the first design systems, with the rules (selector, property) that use
/// them in today's `design.rs`.
pub(crate) const LATER_TOKENS: [(&str, &[(&str, &str)]); 3] = [
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

/// The exact (search, replace) pairs that add token `name` with `value` to `css`, each search
/// occurring once; `None` when `name` is not a later token or `css` is not a design system this
/// module knows (no single `:root {` line, or a rule it would rewrite is missing).
pub fn hunks(css: &str, name: &str, value: &str) -> Option<Vec<(String, String)>> {
    let (_, rules) = LATER_TOKENS.iter().find(|(token, _)| *token == name)?;
    let root = css
        .lines()
        .find(|line| line.trim_start().starts_with(":root {"))?;
    (css.matches(root).count() == 1).then_some(())?;
    let mut hunks = vec![(
        format!("{root}\n"),
        format!("{root}\n  --{name}: {value};\n"),
    )];
    for (selector, property) in *rules {
        let opening = format!("{selector} {{");
        let line = css.lines().find(|line| line.starts_with(&opening))?;
        let at = line.find(&format!(" {property}: var(--"))? + property.len() + 3;
        let end = at + line[at..].find(')')? + 1;
        let replaced = format!("{}var(--{name}){}", &line[..at], &line[end..]);
        if replaced != line {
            hunks.push((format!("{line}\n"), format!("{replaced}\n")));
        }
    }
    Some(hunks)
}
