//! Colour refinements: a named colour ("green", "navy blue", "a darker red", `#2f7d32`) for a
//! part of the site, as design-system token values whose text still passes WCAG AA.

use crate::site::colors::{self, AA_TEXT, Rgb, at_lightness, hex, readable_on, text_for};

/// The part of every page a colour is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The top bar: its background, brand and links.
    Header,
    /// Primary buttons (the brand colour).
    Buttons,
    /// The page background (kept light so body text stays readable).
    Background,
    /// Links in the text.
    Links,
}

impl Part {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Header => "header",
            Self::Buttons => "buttons",
            Self::Background => "background",
            Self::Links => "links",
        }
    }
}

/// A colour as the person named it.
#[derive(Debug, Clone, PartialEq)]
pub struct Named {
    /// The base name ("green", "navy"), or the `#hex` given.
    pub name: String,
    pub rgb: Rgb,
}

/// Colour names (longest first where one contains another) and their sRGB values.
const COLOURS: &[(&str, &str)] = &[
    ("navy", "#1f3a6e"),
    ("teal", "#0f766e"),
    ("turquoise", "#14b8a6"),
    ("green", "#2e7d32"),
    ("olive", "#6b7a2a"),
    ("sage", "#87a878"),
    ("mint", "#98d8b5"),
    ("blue", "#2563eb"),
    ("purple", "#7e3fb8"),
    ("lilac", "#b69ad8"),
    ("lavender", "#a78bdb"),
    ("violet", "#7c3aed"),
    ("pink", "#db2777"),
    ("red", "#c62828"),
    ("burgundy", "#800f2f"),
    ("maroon", "#7f1d1d"),
    ("coral", "#f0705a"),
    ("orange", "#ea6c0a"),
    ("yellow", "#eab308"),
    ("mustard", "#c9a227"),
    ("gold", "#c79a1e"),
    ("brown", "#7c4a2d"),
    ("terracotta", "#c1643f"),
    ("cream", "#f6efd9"),
    ("beige", "#e8dcc4"),
    ("grey", "#6b7280"),
    ("gray", "#6b7280"),
    ("charcoal", "#36454f"),
    ("black", "#111111"),
    ("white", "#ffffff"),
];

/// Words for each part.
const PARTS: &[(Part, &[&str])] = &[
    (
        Part::Header,
        &[
            "header",
            "top bar",
            "nav",
            "menu bar",
            "banner",
            "top of the page",
            "title bar",
            "top bit",
            "top part",
            "top strip",
            "top of the site",
        ],
    ),
    (
        Part::Buttons,
        &[
            "button",
            "brand colour",
            "brand color",
            "main colour",
            "main color",
            "primary",
        ],
    ),
    (Part::Background, &["background"]),
    (Part::Links, &["link"]),
];

/// The part and colour a message names, if it names both (a colour alone is the brand colour
/// when the message talks about colour: "can it be more purple?").
pub fn parse(lower: &str) -> Option<(Part, Named)> {
    let colour = named(lower)?;
    let part = PARTS
        .iter()
        .filter_map(|(part, words)| {
            words
                .iter()
                .filter_map(|w| lower.find(w))
                .min()
                .map(|at| (at, *part))
        })
        .min_by_key(|(at, _)| *at)
        .map(|(_, part)| part);
    let about_colour = ["colour", "color", " more ", " in ", " be "]
        .iter()
        .any(|w| lower.contains(w));
    match part {
        Some(part) => Some((part, colour)),
        None if about_colour => Some((Part::Buttons, colour)),
        None => None,
    }
}

/// The colour a message names, with "dark", "light", "pale", "deep" applied.
fn named(lower: &str) -> Option<Named> {
    if let Some(at) = lower.find('#') {
        let code: String = lower[at..]
            .chars()
            .take_while(|c| *c == '#' || c.is_ascii_hexdigit())
            .collect();
        if let Ok(rgb) = colors::parse_hex(&code) {
            return Some(Named { name: code, rgb });
        }
    }
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let (index, name, value) = words.iter().enumerate().find_map(|(i, word)| {
        COLOURS
            .iter()
            .find(|(name, _)| *word == *name || word.strip_suffix("ish") == Some(name))
            .map(|(name, value)| (i, *name, *value))
    })?;
    let base = colors::parse_hex(value).ok()?;
    let shade = index
        .checked_sub(1)
        .and_then(|i| words.get(i))
        .copied()
        .unwrap_or_default();
    let rgb = match shade {
        "dark" | "darker" | "deep" | "deeper" => darker(base),
        "light" | "lighter" | "pale" | "paler" | "pastel" | "soft" => lighter(base),
        _ => base,
    };
    Some(Named {
        name: name.to_owned(),
        rgb,
    })
}

fn lightness(color: Rgb) -> f32 {
    use palette::{FromColor, Oklch};
    Oklch::from_color(color).l
}

fn darker(color: Rgb) -> Rgb {
    at_lightness(color, (lightness(color) - 0.15).max(0.2))
}

fn lighter(color: Rgb) -> Rgb {
    at_lightness(color, (lightness(color) + 0.15).min(0.92))
}

/// Token values that paint `part` in `colour`, each text colour at AA on its background.
/// `page_bg` is the page background the links sit on.
pub fn tokens(part: Part, colour: &Named, page_bg: Rgb) -> Vec<(String, String)> {
    let pair =
        |a: &str, b: Rgb, c: &str, d: Rgb| vec![(a.to_owned(), hex(b)), (c.to_owned(), hex(d))];
    match part {
        Part::Header => {
            let fill = colour.rgb;
            let ink = text_for(fill);
            let mut all = pair("color-header", fill, "color-on-header", ink);
            all.push(("color-header-link".to_owned(), hex(ink)));
            all
        }
        Part::Buttons => {
            let fill = colors::fill_for_white_text(colour.rgb);
            pair("color-primary", fill, "color-on-primary", text_for(fill))
        }
        Part::Background => {
            // A tint: body text, muted text and links were made for a near-white page.
            let tint = if lightness(colour.rgb) >= 0.9 {
                colour.rgb
            } else {
                at_lightness(colour.rgb, 0.96)
            };
            vec![("color-bg".to_owned(), hex(tint))]
        }
        Part::Links => {
            let white = colors::parse_hex("#ffffff").unwrap_or(page_bg);
            let link = readable_on(readable_on(colour.rgb, page_bg, AA_TEXT), white, AA_TEXT);
            vec![("color-link".to_owned(), hex(link))]
        }
    }
}
