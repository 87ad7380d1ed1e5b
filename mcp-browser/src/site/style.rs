//! `extract_style`: a palette from an image by k-means clustering over its pixels.
//!
//! Pixels (the image scaled down to at most 96×96 first) are clustered in CIE Lab, where
//! distance follows perceived difference. Start centres are chosen deterministically
//! (farthest-point), so the same image always gives the same palette. Out: colours by share,
//! whether the image is light or dark, the accent (the most colourful cluster with a real
//! share) and `create_design_system` arguments ready to use.

use image::{DynamicImage, GenericImageView};
use palette::{FromColor, Lab, Oklch, Srgb};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::colors::hex;
use super::error::SiteError;

/// Clusters looked for.
const CLUSTERS: usize = 5;
/// Rounds of k-means at most.
const ROUNDS: usize = 20;
/// The longest side the image is scaled to before clustering.
const SAMPLE_SIDE: u32 = 96;
/// Shares below this are dropped from the palette.
const MIN_SHARE: f32 = 0.02;

/// One colour of the palette.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Swatch {
    pub hex: String,
    /// Fraction of the pixels (0..1).
    pub share: f32,
}

/// What `extract_style` returns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct StyleExtract {
    /// Colours by share, largest first.
    pub palette: Vec<Swatch>,
    /// `light` or `dark`: the lightness of the most common colour.
    pub mode: String,
    /// The most colourful colour with a real share.
    pub accent: String,
    /// Arguments for `create_design_system`: `{brand_colors: [accent, second]}`.
    pub design_system_arguments: serde_json::Value,
}

/// Decodes an image from bytes (PNG or JPEG).
pub fn decode(bytes: &[u8]) -> Result<DynamicImage, SiteError> {
    image::load_from_memory(bytes).map_err(|error| SiteError::Image(error.to_string()))
}

/// The palette of `image`.
pub fn extract(image: &DynamicImage) -> StyleExtract {
    let small = if image.width() > SAMPLE_SIDE || image.height() > SAMPLE_SIDE {
        image.thumbnail(SAMPLE_SIDE, SAMPLE_SIDE)
    } else {
        image.clone()
    };
    let points: Vec<[f32; 3]> = small
        .pixels()
        .filter(|(_, _, pixel)| pixel.0[3] > 127)
        .map(|(_, _, pixel)| {
            let rgb = Srgb::new(pixel.0[0], pixel.0[1], pixel.0[2]).into_format::<f32>();
            let lab = Lab::from_color(rgb);
            [lab.l, lab.a, lab.b]
        })
        .collect();
    let clusters = kmeans(&points, CLUSTERS);
    let total = points.len().max(1) as f32;
    let mut palette: Vec<(Srgb<f32>, f32)> = clusters
        .iter()
        .filter(|(_, count)| *count as f32 / total >= MIN_SHARE)
        .map(|(centre, count)| {
            let lab: Lab = Lab::new(centre[0], centre[1], centre[2]);
            (Srgb::from_color(lab), *count as f32 / total)
        })
        .collect();
    palette.sort_by(|a, b| b.1.total_cmp(&a.1));
    let chroma = |color: &Srgb<f32>| Oklch::from_color(*color).chroma;
    let dominant_light = palette
        .first()
        .map_or(1.0, |(color, _)| Oklch::from_color(*color).l);
    let mut by_colour: Vec<&(Srgb<f32>, f32)> = palette.iter().collect();
    by_colour.sort_by(|a, b| chroma(&b.0).total_cmp(&chroma(&a.0)));
    let accent = by_colour
        .first()
        .map_or_else(|| "#2563eb".to_owned(), |(c, _)| hex(*c));
    let second = by_colour
        .get(1)
        .filter(|(c, _)| chroma(c) > 0.04)
        .map(|(c, _)| hex(*c));
    let brand: Vec<String> = std::iter::once(accent.clone()).chain(second).collect();
    StyleExtract {
        palette: palette
            .iter()
            .map(|(color, share)| Swatch {
                hex: hex(*color),
                share: (share * 1000.0).round() / 1000.0,
            })
            .collect(),
        mode: if dominant_light >= 0.6 {
            "light"
        } else {
            "dark"
        }
        .to_owned(),
        accent,
        design_system_arguments: serde_json::json!({ "brand_colors": brand }),
    }
}

fn distance(a: &[f32; 3], b: &[f32; 3]) -> f32 {
    (a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)
}

/// Centres and their member counts. Farthest-point start: the first pixel, then repeatedly the
/// pixel farthest from every centre so far.
fn kmeans(points: &[[f32; 3]], k: usize) -> Vec<([f32; 3], usize)> {
    let Some(first) = points.first() else {
        return Vec::new();
    };
    let mut centres = vec![*first];
    while centres.len() < k {
        let farthest = points.iter().max_by(|a, b| {
            let da = centres
                .iter()
                .map(|c| distance(a, c))
                .fold(f32::MAX, f32::min);
            let db = centres
                .iter()
                .map(|c| distance(b, c))
                .fold(f32::MAX, f32::min);
            da.total_cmp(&db)
        });
        match farthest {
            Some(point) if centres.iter().all(|c| distance(point, c) > 1.0) => centres.push(*point),
            _ => break,
        }
    }
    let mut counts = vec![0usize; centres.len()];
    for _ in 0..ROUNDS {
        let mut sums = vec![[0f32; 3]; centres.len()];
        counts = vec![0; centres.len()];
        for point in points {
            let nearest = nearest(&centres, point);
            for axis in 0..3 {
                sums[nearest][axis] += point[axis];
            }
            counts[nearest] += 1;
        }
        let mut moved = false;
        for (index, centre) in centres.iter_mut().enumerate() {
            if counts[index] == 0 {
                continue;
            }
            let n = counts[index] as f32;
            let next = [sums[index][0] / n, sums[index][1] / n, sums[index][2] / n];
            moved |= distance(centre, &next) > 0.01;
            *centre = next;
        }
        if !moved {
            break;
        }
    }
    centres.into_iter().zip(counts).collect()
}

fn nearest(centres: &[[f32; 3]], point: &[f32; 3]) -> usize {
    centres
        .iter()
        .enumerate()
        .min_by(|(_, a), (_, b)| distance(point, a).total_cmp(&distance(point, b)))
        .map_or(0, |(index, _)| index)
}

#[cfg(test)]
mod tests {
    use image::{ImageEncoder, Rgba, RgbaImage};

    use super::*;
    use crate::site::colors::{contrast, parse_hex};

    /// A PNG with known colour areas: 60 % cream, 25 % navy, 15 % orange, plus noise.
    fn known_png() -> Vec<u8> {
        let mut img = RgbaImage::new(200, 100);
        for (x, y, pixel) in img.enumerate_pixels_mut() {
            let jitter = ((x * 7 + y * 13) % 5) as u8;
            *pixel = if x < 120 {
                Rgba([250 - jitter, 243, 224, 255])
            } else if x < 170 {
                Rgba([30, 41 + jitter, 90, 255])
            } else {
                Rgba([245, 130 + jitter, 20, 255])
            };
        }
        let mut bytes = Vec::new();
        image::codecs::png::PngEncoder::new(&mut bytes)
            .write_image(img.as_raw(), 200, 100, image::ExtendedColorType::Rgba8)
            .unwrap();
        bytes
    }

    #[test]
    fn a_known_palette_is_recovered_from_a_png() {
        let style = extract(&decode(&known_png()).unwrap());
        assert_eq!(style.palette.len(), 3, "{:?}", style.palette);
        let expected = [("#faf3e0", 0.60), ("#1e2d5a", 0.25), ("#f58414", 0.15)];
        for (swatch, (want, share)) in style.palette.iter().zip(expected) {
            let got = parse_hex(&swatch.hex).unwrap();
            let want_rgb = parse_hex(want).unwrap();
            let close = Lab::from_color(got);
            let target = Lab::from_color(want_rgb);
            let delta = ((close.l - target.l).powi(2)
                + (close.a - target.a).powi(2)
                + (close.b - target.b).powi(2))
            .sqrt();
            assert!(delta < 3.0, "{} vs {want}: ΔE {delta}", swatch.hex);
            assert!((swatch.share - share).abs() < 0.02, "{swatch:?}");
            assert!(contrast(got, want_rgb) < 1.1);
        }
        assert_eq!(style.mode, "light");
        let accent = parse_hex(&style.accent).unwrap();
        assert!(
            contrast(accent, parse_hex("#f58414").unwrap()) < 1.1,
            "{}",
            style.accent
        );
        assert_eq!(
            style.design_system_arguments["brand_colors"][0],
            style.accent
        );
    }

    #[test]
    fn garbage_is_not_an_image() {
        assert!(matches!(decode(b"not a png"), Err(SiteError::Image(_))));
    }
}
