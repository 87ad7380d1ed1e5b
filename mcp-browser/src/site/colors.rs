//! Colour maths for the design system, on `palette`: scales in OKLCH (a perceptual space, so
//! equal lightness steps look equal), gamut-mapped back to sRGB by lowering chroma, and text
//! colours pushed until they pass WCAG AA contrast against their background.

use std::str::FromStr;

use palette::color_difference::Wcag21RelativeContrast;
use palette::{Clamp, FromColor, IsWithinBounds, Oklch, Srgb};

use super::error::SiteError;

/// WCAG AA for normal text.
pub const AA_TEXT: f32 = 4.5;

/// Scale steps and their OKLCH lightness, lightest first.
pub const SCALE: [(u16, f32); 10] = [
    (50, 0.97),
    (100, 0.93),
    (200, 0.86),
    (300, 0.77),
    (400, 0.68),
    (500, 0.59),
    (600, 0.51),
    (700, 0.43),
    (800, 0.35),
    (900, 0.26),
];

/// A colour in sRGB, 0..1 per channel.
pub type Rgb = Srgb<f32>;

/// `#rrggbb` or `#rgb`, else an `invalid_argument` naming the text.
pub fn parse_hex(text: &str) -> Result<Rgb, SiteError> {
    Srgb::<u8>::from_str(text.trim())
        .map(|rgb| rgb.into_format())
        .map_err(|_| SiteError::InvalidArgument(format!("`{text}` is not a #rrggbb colour")))
}

/// `#rrggbb` in lower case.
pub fn hex(color: Rgb) -> String {
    let rgb: Srgb<u8> = color.clamp().into_format();
    format!("#{:02x}{:02x}{:02x}", rgb.red, rgb.green, rgb.blue)
}

/// The WCAG 2.1 contrast ratio of two colours (1 to 21).
pub fn contrast(a: Rgb, b: Rgb) -> f32 {
    a.relative_contrast(b)
}

/// `color` at OKLCH lightness `lightness`, keeping its hue; chroma is scaled down towards the
/// ends of the scale and lowered further until the colour fits in sRGB.
pub fn at_lightness(color: Rgb, lightness: f32) -> Rgb {
    let base = Oklch::from_color(color);
    // Very light and very dark steps cannot hold much chroma.
    let taper = 1.0 - ((lightness - 0.55).abs() / 0.5).powi(2);
    let mut chroma = base.chroma * taper.clamp(0.15, 1.0);
    loop {
        let candidate = Srgb::from_color(Oklch::new(lightness, chroma, base.hue));
        if candidate.is_within_bounds() || chroma < 0.001 {
            return candidate.clamp();
        }
        chroma *= 0.9;
    }
}

/// The ten-step scale (50 … 900) of `color`.
pub fn scale(color: Rgb) -> Vec<(u16, Rgb)> {
    SCALE
        .iter()
        .map(|(step, lightness)| (*step, at_lightness(color, *lightness)))
        .collect()
}

/// A grey with a hint of `color`'s hue at `lightness`.
pub fn neutral(color: Rgb, lightness: f32) -> Rgb {
    let base = Oklch::from_color(color);
    Srgb::from_color(Oklch::new(lightness, base.chroma.min(0.012), base.hue)).clamp()
}

/// `foreground`, made darker (on a light background) or lighter (on a dark one) in OKLCH until
/// it reaches `ratio` against `background`. Black or white is the last resort, and one of
/// them always passes 4.5:1.
pub fn readable_on(foreground: Rgb, background: Rgb, ratio: f32) -> Rgb {
    let dark_background = contrast(background, Srgb::new(1.0, 1.0, 1.0))
        > contrast(background, Srgb::new(0.0, 0.0, 0.0));
    let mut color = Oklch::from_color(foreground);
    for _ in 0..60 {
        let candidate = at_lightness(foreground, color.l);
        if contrast(candidate, background) >= ratio {
            return candidate;
        }
        color.l = if dark_background {
            (color.l + 0.02).min(1.0)
        } else {
            (color.l - 0.02).max(0.0)
        };
    }
    if dark_background {
        Srgb::new(1.0, 1.0, 1.0)
    } else {
        Srgb::new(0.0, 0.0, 0.0)
    }
}

/// Text for `background`: white or a tinted near-black when one passes AA (the one that
/// contrasts more), else pure black or white — one of which passes 4.5:1 on any colour.
pub fn text_for(background: Rgb) -> Rgb {
    let white = Srgb::new(1.0, 1.0, 1.0);
    let black = Srgb::new(0.0, 0.0, 0.0);
    let ink = neutral(background, 0.2);
    let best = |a: Rgb, b: Rgb| {
        if contrast(a, background) >= contrast(b, background) {
            a
        } else {
            b
        }
    };
    let tinted = best(white, ink);
    if contrast(tinted, background) >= AA_TEXT {
        tinted
    } else {
        best(white, black)
    }
}

/// A background for white text made from `color`: darkened until white passes AA on it.
pub fn fill_for_white_text(color: Rgb) -> Rgb {
    readable_on(color, Srgb::new(1.0, 1.0, 1.0), AA_TEXT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scales_get_darker_step_by_step_and_keep_the_hue() {
        let blue = parse_hex("#2563eb").unwrap();
        let steps = scale(blue);
        let lightness: Vec<f32> = steps.iter().map(|(_, c)| Oklch::from_color(*c).l).collect();
        assert!(
            lightness.windows(2).all(|pair| pair[0] > pair[1]),
            "{lightness:?}"
        );
        let hue = Oklch::from_color(blue).hue.into_positive_degrees();
        let mid = Oklch::from_color(steps[5].1).hue.into_positive_degrees();
        assert!((hue - mid).abs() < 3.0, "{hue} vs {mid}");
    }

    #[test]
    fn text_colours_pass_aa_on_any_background() {
        for background in [
            "#ffffff", "#000000", "#777777", "#ffcc00", "#2563eb", "#0ea5e9",
        ] {
            let background = parse_hex(background).unwrap();
            let text = readable_on(parse_hex("#888888").unwrap(), background, AA_TEXT);
            assert!(contrast(text, background) >= AA_TEXT, "{}", hex(background));
            assert!(contrast(text_for(background), background) >= AA_TEXT);
        }
    }

    #[test]
    fn hex_round_trips_and_bad_colours_are_refused() {
        assert_eq!(hex(parse_hex("#0F766E").unwrap()), "#0f766e");
        assert!(parse_hex("red; }").is_err());
    }
}
