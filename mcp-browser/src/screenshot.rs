//! Viewport screenshots: captured as PNG or JPEG by Chromium, optionally downscaled with `image`
//! for models (smaller images cost fewer tokens and bytes).

use std::io::Cursor;

use base64::Engine;
use image::ImageFormat;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::error::{BrowserError, Result};
use crate::observation::Screenshot;

/// Image encoding of a screenshot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ScreenshotFormat {
    Png,
    /// Smaller and faster; the default.
    #[default]
    Jpeg,
}

/// How to encode a screenshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ScreenshotOptions {
    pub format: ScreenshotFormat,
    /// JPEG quality 1-100 (ignored for PNG).
    pub quality: u8,
    /// Downscale to at most this width in pixels, keeping the aspect ratio.
    pub max_width: Option<u32>,
}

impl Default for ScreenshotOptions {
    fn default() -> Self {
        Self {
            format: ScreenshotFormat::Jpeg,
            quality: 70,
            max_width: None,
        }
    }
}

impl ScreenshotFormat {
    pub fn mime_type(self) -> &'static str {
        match self {
            Self::Png => "image/png",
            Self::Jpeg => "image/jpeg",
        }
    }

    fn image_format(self) -> ImageFormat {
        match self {
            Self::Png => ImageFormat::Png,
            Self::Jpeg => ImageFormat::Jpeg,
        }
    }
}

/// Wraps captured bytes, downscaling them first when `max_width` asks for it.
pub fn finish(bytes: Vec<u8>, options: &ScreenshotOptions) -> Result<Screenshot> {
    let format = options.format.image_format();
    let (width, height) = image::ImageReader::with_format(Cursor::new(&bytes), format)
        .into_dimensions()
        .map_err(|e| BrowserError::PageScript(format!("unreadable screenshot: {e}")))?;
    let (bytes, width, height) = match options.max_width {
        Some(max) if max > 0 && width > max => downscale(&bytes, options, max)?,
        _ => (bytes, width, height),
    };
    Ok(Screenshot {
        mime_type: options.format.mime_type().to_owned(),
        data: base64::engine::general_purpose::STANDARD.encode(&bytes),
        width,
        height,
    })
}

fn downscale(bytes: &[u8], options: &ScreenshotOptions, max: u32) -> Result<(Vec<u8>, u32, u32)> {
    let bad = |e: image::ImageError| BrowserError::PageScript(format!("screenshot: {e}"));
    let image =
        image::load_from_memory_with_format(bytes, options.format.image_format()).map_err(bad)?;
    let resized = image.resize(max, u32::MAX, image::imageops::FilterType::Triangle);
    let mut out = Vec::new();
    match options.format {
        ScreenshotFormat::Png => resized
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .map_err(bad)?,
        ScreenshotFormat::Jpeg => {
            let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(
                &mut out,
                options.quality.clamp(1, 100),
            );
            resized.to_rgb8().write_with_encoder(encoder).map_err(bad)?;
        }
    }
    Ok((out, resized.width(), resized.height()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let image = image::RgbImage::from_pixel(width, height, image::Rgb([200, 10, 10]));
        let mut out = Vec::new();
        image
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .unwrap();
        out
    }

    /// A PNG of `width` × `height` made at most `max_width` wide.
    fn png_at_most(width: u32, height: u32, max_width: u32) -> Screenshot {
        let options = ScreenshotOptions {
            format: ScreenshotFormat::Png,
            quality: 80,
            max_width: Some(max_width),
        };
        finish(png(width, height), &options).unwrap()
    }

    #[test]
    fn keeps_small_images_as_they_are() {
        let shot = png_at_most(300, 200, 1000);
        assert_eq!((shot.width, shot.height), (300, 200));
        assert_eq!(shot.mime_type, "image/png");
    }

    #[test]
    fn downscales_wide_images_keeping_the_aspect_ratio() {
        let shot = png_at_most(1280, 800, 640);
        assert_eq!((shot.width, shot.height), (640, 400));
    }

    #[test]
    fn rejects_bytes_that_are_not_an_image() {
        assert!(finish(vec![1, 2, 3], &ScreenshotOptions::default()).is_err());
    }
}
