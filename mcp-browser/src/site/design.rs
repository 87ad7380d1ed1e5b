//! `create_design_system`: the CSS every page links — custom properties (colour scales,
//! spacing, type scale, radii, shadows), component classes (button, card, list, form, nav, tab
//! bar) and mobile utilities.
//!
//! Colours come from [`super::colors`]: a brand colour per product type (or the caller's), its
//! OKLCH scale, and semantic colours whose text/background pairs pass WCAG AA
//! ([`DesignSystem::pairs`] lists them; tests check every one). Caller tokens may override
//! radii, fonts and spacing; their values are checked so they cannot break out of the rule.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::brief::ProductType;
use super::colors::{
    self, AA_TEXT, Rgb, contrast, fill_for_white_text, hex, neutral, readable_on, scale, text_for,
};
use super::error::SiteError;

/// Tokens a caller may set, with their defaults.
const TUNABLE_TOKENS: [(&str, &str); 8] = [
    ("radius-sm", "6px"),
    ("radius-md", "12px"),
    ("radius-lg", "20px"),
    (
        "font-body",
        "system-ui, -apple-system, \"Segoe UI\", Roboto, sans-serif",
    ),
    ("font-heading", "var(--font-body)"),
    ("space-unit", "4px"),
    ("shadow-sm", "0 1px 2px rgb(0 0 0 / 0.08)"),
    ("shadow-md", "0 4px 16px rgb(0 0 0 / 0.10)"),
];

/// A text colour and the background it is used on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ColorPair {
    pub name: String,
    pub foreground: String,
    pub background: String,
    pub ratio: f32,
}

/// What `create_design_system` made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DesignSystem {
    pub css: String,
    /// Every custom property, name (without `--`) to value.
    pub tokens: BTreeMap<String, String>,
    /// Every text/background pair the components use, with its contrast ratio (all ≥ 4.5).
    pub pairs: Vec<ColorPair>,
}

fn brand_defaults(kind: ProductType) -> (&'static str, &'static str) {
    match kind {
        ProductType::Landing => ("#2563eb", "#f97316"),
        ProductType::Restaurant => ("#9a3412", "#ca8a04"),
        ProductType::Shop => ("#0f766e", "#e11d48"),
        ProductType::Portfolio => ("#4f46e5", "#14b8a6"),
        ProductType::Event => ("#7c3aed", "#f59e0b"),
        ProductType::AppOnboarding => ("#0ea5e9", "#22c55e"),
    }
}

/// Builds the design system.
pub fn create(
    kind: ProductType,
    brand_colors: &[String],
    style_tokens: &BTreeMap<String, String>,
) -> Result<DesignSystem, SiteError> {
    let (default_primary, default_accent) = brand_defaults(kind);
    let primary = colors::parse_hex(brand_colors.first().map_or(default_primary, String::as_str))?;
    let accent = colors::parse_hex(brand_colors.get(1).map_or(default_accent, String::as_str))?;
    let mut tokens: BTreeMap<String, String> = BTreeMap::new();
    for (step, color) in scale(primary) {
        tokens.insert(format!("color-primary-{step}"), hex(color));
    }
    for (step, color) in scale(accent) {
        tokens.insert(format!("color-accent-{step}"), hex(color));
    }
    let background = neutral(primary, 0.985);
    let surface = Rgb::new(1.0, 1.0, 1.0);
    let text = readable_on(neutral(primary, 0.25), background, 7.0);
    let muted = readable_on(neutral(primary, 0.5), surface, AA_TEXT);
    let muted = readable_on(muted, background, AA_TEXT);
    let border = neutral(primary, 0.88);
    let fill = fill_for_white_text(colors::at_lightness(primary, 0.51));
    let fill_text = text_for(fill);
    let soft = colors::at_lightness(primary, 0.93);
    let soft_text = readable_on(colors::at_lightness(primary, 0.35), soft, AA_TEXT);
    let accent_fill = colors::at_lightness(accent, 0.6);
    let accent_text = text_for(accent_fill);
    let link = readable_on(colors::at_lightness(primary, 0.45), background, AA_TEXT);
    let link = readable_on(link, surface, AA_TEXT);
    let semantic = [
        ("color-bg", background),
        ("color-surface", surface),
        ("color-text", text),
        ("color-muted", muted),
        ("color-border", border),
        ("color-primary", fill),
        ("color-on-primary", fill_text),
        ("color-primary-soft", soft),
        ("color-on-primary-soft", soft_text),
        ("color-accent", accent_fill),
        ("color-on-accent", accent_text),
        ("color-link", link),
        // The top bar: its own tokens so "make the header green" is a token edit.
        ("color-header", surface),
        ("color-on-header", text),
        ("color-header-link", link),
    ];
    for (name, color) in semantic {
        tokens.insert(name.to_owned(), hex(color));
    }
    let pairs = [
        ("text on background", text, background),
        ("text on surface", text, surface),
        ("muted on surface", muted, surface),
        ("muted on background", muted, background),
        ("button text", fill_text, fill),
        ("soft badge", soft_text, soft),
        ("accent button", accent_text, accent_fill),
        ("link on background", link, background),
        ("link on surface", link, surface),
    ]
    .into_iter()
    .map(|(name, fg, bg)| ColorPair {
        name: name.to_owned(),
        foreground: hex(fg),
        background: hex(bg),
        ratio: (contrast(fg, bg) * 100.0).round() / 100.0,
    })
    .collect();
    for (name, default) in TUNABLE_TOKENS {
        tokens.insert(name.to_owned(), default.to_owned());
    }
    for (name, value) in style_tokens {
        let name = name.trim_start_matches("--");
        if !TUNABLE_TOKENS.iter().any(|(known, _)| *known == name) {
            let known: Vec<&str> = TUNABLE_TOKENS.iter().map(|(known, _)| *known).collect();
            return Err(SiteError::InvalidArgument(format!(
                "`style_tokens.{name}` is not a token that can be set; use one of {}",
                known.join(", ")
            )));
        }
        check_token_value(name, value)?;
        tokens.insert(name.to_owned(), value.clone());
    }
    Ok(DesignSystem {
        css: stylesheet(kind, &tokens),
        tokens,
        pairs,
    })
}

/// A token value that stays inside its declaration: no `;`, braces, angle brackets,
/// backslashes, comments or `url(`, at most 120 characters.
pub fn check_token_value(name: &str, value: &str) -> Result<(), SiteError> {
    let lower = value.to_ascii_lowercase();
    let safe = !value.trim().is_empty()
        && value.len() <= 120
        && !value.contains([';', '{', '}', '<', '>', '\\', '\n', '\r'])
        && !lower.contains("url(")
        && !lower.contains("/*")
        && !lower.contains("@import");
    if safe {
        Ok(())
    } else {
        Err(SiteError::InvalidArgument(format!(
            "the value of `{name}` must be a plain CSS value (no ; {{ }} < > \\ url( or comments)"
        )))
    }
}

fn stylesheet(kind: ProductType, tokens: &BTreeMap<String, String>) -> String {
    let mut css = format!(
        "/* Tandem design system ({}) — generated; edit tokens with edit_page or \
         create_design_system. */\n:root {{\n",
        kind.as_str()
    );
    for (name, value) in tokens {
        let _ = writeln!(css, "  --{name}: {value};");
    }
    css.push_str(
        "  --space-1: calc(var(--space-unit) * 1);\n  --space-2: calc(var(--space-unit) * 2);\n  \
         --space-3: calc(var(--space-unit) * 3);\n  --space-4: calc(var(--space-unit) * 4);\n  \
         --space-6: calc(var(--space-unit) * 6);\n  --space-8: calc(var(--space-unit) * 8);\n  \
         --text-sm: 0.875rem;\n  --text-md: 1rem;\n  --text-lg: 1.25rem;\n  --text-xl: 1.5rem;\n  \
         --text-2xl: 2rem;\n  --touch: 44px;\n}\n",
    );
    css.push_str(COMPONENTS);
    css
}

/// Components and utilities; every interactive one is at least 44×44 CSS px.
const COMPONENTS: &str = r#"
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--color-bg); color: var(--color-text); font-family: var(--font-body); font-size: var(--text-md); line-height: 1.5; overflow-wrap: anywhere; }
img { max-width: 100%; height: auto; display: block; }
h1, h2, h3 { font-family: var(--font-heading); line-height: 1.2; margin: 0 0 var(--space-3); }
h1 { font-size: var(--text-2xl); } h2 { font-size: var(--text-xl); } h3 { font-size: var(--text-lg); }
p { margin: 0 0 var(--space-3); }
a { color: var(--color-link); }
.container { width: 100%; max-width: 430px; margin: 0 auto; padding: var(--space-4); }
.stack > * + * { margin-top: var(--space-4); }
.muted { color: var(--color-muted); }
.hero { padding: var(--space-8) 0 var(--space-6); }
.badge { display: inline-block; padding: var(--space-1) var(--space-3); border-radius: 999px; background: var(--color-primary-soft); color: var(--color-on-primary-soft); font-size: var(--text-sm); font-weight: 600; }
.btn { display: inline-flex; align-items: center; justify-content: center; min-height: var(--touch); min-width: var(--touch); padding: 0 var(--space-4); border: 0; border-radius: var(--radius-md); font: inherit; font-weight: 600; text-decoration: none; cursor: pointer; }
.btn-primary { background: var(--color-primary); color: var(--color-on-primary); }
.btn-accent { background: var(--color-accent); color: var(--color-on-accent); }
.btn-block { display: flex; width: 100%; }
.card { background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius-lg); padding: var(--space-4); box-shadow: var(--shadow-sm); }
.list { list-style: none; margin: 0; padding: 0; }
.list > li { display: flex; justify-content: space-between; gap: var(--space-3); padding: var(--space-3) 0; border-bottom: 1px solid var(--color-border); }
.price { font-weight: 700; white-space: nowrap; }
.form { display: grid; gap: var(--space-4); }
.field { display: grid; gap: var(--space-1); }
.field label { font-weight: 600; }
.field input, .field textarea, .field select { width: 100%; min-height: var(--touch); padding: var(--space-2) var(--space-3); border: 1px solid var(--color-muted); border-radius: var(--radius-sm); font: inherit; color: var(--color-text); background: var(--color-surface); }
.nav { position: sticky; top: 0; z-index: 10; background: var(--color-header); border-bottom: 1px solid var(--color-border); }
.nav-inner { display: flex; align-items: center; justify-content: space-between; max-width: 430px; margin: 0 auto; padding: 0 var(--space-4); }
.nav-brand { font-weight: 700; color: var(--color-on-header); text-decoration: none; display: inline-flex; align-items: center; min-height: var(--touch); }
.nav-links { display: flex; gap: var(--space-1); margin: 0; padding: 0; list-style: none; }
.nav-links a { display: inline-flex; align-items: center; min-height: var(--touch); min-width: var(--touch); padding: 0 var(--space-2); color: var(--color-header-link); text-decoration: none; font-weight: 600; }
.nav-links a[aria-current="page"] { color: var(--color-on-header); text-decoration: underline; }
.tab-bar { position: fixed; bottom: 0; left: 0; right: 0; display: flex; justify-content: space-around; background: var(--color-surface); border-top: 1px solid var(--color-border); padding-bottom: env(safe-area-inset-bottom); }
.tab-bar a { flex: 1; display: flex; align-items: center; justify-content: center; min-height: 56px; color: var(--color-link); text-decoration: none; font-weight: 600; }
.footer { padding: var(--space-6) 0; color: var(--color-muted); font-size: var(--text-sm); }
@media (min-width: 768px) { .container { padding: var(--space-6); } .container, .nav-inner { max-width: 720px; } }
@media (min-width: 1024px) { .container, .nav-inner { max-width: 960px; } }
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_pair_passes_wcag_aa_for_every_product_type_and_odd_brands() {
        let mut brands: Vec<Vec<String>> = vec![Vec::new()];
        for pair in [
            ["#ffff00", "#00ffff"],
            ["#111111", "#eeeeee"],
            ["#ff0000", "#808080"],
        ] {
            brands.push(pair.iter().map(|c| (*c).to_owned()).collect());
        }
        for kind in ProductType::ALL {
            for brand in &brands {
                let system = create(kind, brand, &BTreeMap::new()).unwrap();
                assert_eq!(system.pairs.len(), 9);
                for pair in &system.pairs {
                    let fg = colors::parse_hex(&pair.foreground).unwrap();
                    let bg = colors::parse_hex(&pair.background).unwrap();
                    assert!(
                        contrast(fg, bg) >= AA_TEXT,
                        "{kind:?} {brand:?} {}: {} on {} is {}",
                        pair.name,
                        pair.foreground,
                        pair.background,
                        contrast(fg, bg)
                    );
                }
            }
        }
    }

    #[test]
    fn the_css_has_tokens_components_and_a_phone_container() {
        let system = create(ProductType::Restaurant, &[], &BTreeMap::new()).unwrap();
        for needle in [
            "--color-primary-500:",
            "--radius-md:",
            "--text-xl:",
            "--shadow-md:",
            ".btn",
            ".card",
            ".list",
            ".form",
            ".nav",
            ".tab-bar",
            "max-width: 430px",
            "min-height: var(--touch)",
        ] {
            assert!(system.css.contains(needle), "missing {needle}");
        }
    }

    #[test]
    fn caller_tokens_are_checked() {
        let mut tokens = BTreeMap::new();
        tokens.insert("radius-md".to_owned(), "4px".to_owned());
        let system = create(ProductType::Shop, &[], &tokens).unwrap();
        assert!(system.css.contains("--radius-md: 4px;"));
        tokens.insert(
            "radius-md".to_owned(),
            "4px; } body { display:none".to_owned(),
        );
        assert!(create(ProductType::Shop, &[], &tokens).is_err());
        let mut unknown = BTreeMap::new();
        unknown.insert("evil".to_owned(), "1px".to_owned());
        assert!(create(ProductType::Shop, &[], &unknown).is_err());
        assert!(
            create(
                ProductType::Shop,
                &["javascript:".to_owned()],
                &BTreeMap::new()
            )
            .is_err()
        );
    }
}
