//! The live view's frames: binary WebSocket messages, a small versioned header then the JPEG
//! (`docs/protocol.md`, "Binary frames").
//!
//! | bytes | field |
//! |---|---|
//! | 0 | kind: [`LIVE_FRAME_KIND`] (1) |
//! | 1 | version: [`LIVE_FRAME_VERSION`] (1) |
//! | 2–3 | header length in bytes, u16 little-endian ([`LIVE_FRAME_HEADER_LEN`], 20, in version 1) |
//! | 4–7 | width of the page area shown, CSS pixels, f32 little-endian |
//! | 8–11 | height, CSS pixels, f32 little-endian |
//! | 12–19 | when Chromium captured it, ms since the Unix epoch, f64 little-endian (NaN: unknown) |
//! | header length… | the JPEG |
//!
//! Contract: a reader skips `header length` bytes to reach the image, so a later version may
//! append fields to the header without breaking a version-1 reader; a change to the fields
//! above takes a new version number. A reader ignores binary frames of another kind.

use thiserror::Error;

/// Byte 0 of a live-view frame.
pub const LIVE_FRAME_KIND: u8 = 1;
/// Byte 1: the header's version.
pub const LIVE_FRAME_VERSION: u8 = 1;
/// The length of a version-1 header.
pub const LIVE_FRAME_HEADER_LEN: usize = 20;

/// What a live-view frame says about its JPEG.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LiveFrame {
    /// Width of the page area the image shows, in CSS pixels (input maps points to it).
    pub width: f32,
    /// Height of that area, in CSS pixels.
    pub height: f32,
    /// When Chromium captured it, in milliseconds since the Unix epoch.
    pub captured_ms: Option<f64>,
}

/// Why bytes are not a live-view frame this reader understands.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum LiveFrameError {
    #[error("a live frame needs at least {LIVE_FRAME_HEADER_LEN} bytes, got {0}")]
    Short(usize),
    #[error("binary frame of kind {0}, not a live frame")]
    Kind(u8),
    #[error("live frame version {0} is not understood (this reader knows version 1)")]
    Version(u8),
    #[error("live frame header length {0} is out of range")]
    HeaderLength(usize),
}

impl LiveFrame {
    /// The version-1 header (the bytes before the JPEG).
    pub fn header(&self) -> [u8; LIVE_FRAME_HEADER_LEN] {
        let mut header = [0u8; LIVE_FRAME_HEADER_LEN];
        header[0] = LIVE_FRAME_KIND;
        header[1] = LIVE_FRAME_VERSION;
        header[2..4].copy_from_slice(&HEADER_LEN_U16.to_le_bytes());
        header[4..8].copy_from_slice(&self.width.to_le_bytes());
        header[8..12].copy_from_slice(&self.height.to_le_bytes());
        header[12..20].copy_from_slice(&self.captured_ms.unwrap_or(f64::NAN).to_le_bytes());
        header
    }

    /// The whole binary message: the header, then `jpeg`.
    pub fn message(&self, jpeg: &[u8]) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(LIVE_FRAME_HEADER_LEN + jpeg.len());
        bytes.extend_from_slice(&self.header());
        bytes.extend_from_slice(jpeg);
        bytes
    }

    /// Reads a binary message: the frame's facts and its JPEG.
    pub fn decode(bytes: &[u8]) -> Result<(Self, &[u8]), LiveFrameError> {
        let Some(header) = bytes.first_chunk::<LIVE_FRAME_HEADER_LEN>() else {
            return Err(LiveFrameError::Short(bytes.len()));
        };
        if header[0] != LIVE_FRAME_KIND {
            return Err(LiveFrameError::Kind(header[0]));
        }
        if header[1] != LIVE_FRAME_VERSION {
            return Err(LiveFrameError::Version(header[1]));
        }
        let header_len = usize::from(u16::from_le_bytes([header[2], header[3]]));
        if !(LIVE_FRAME_HEADER_LEN..=bytes.len()).contains(&header_len) {
            return Err(LiveFrameError::HeaderLength(header_len));
        }
        let f32_at = |at: usize| {
            f32::from_le_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]])
        };
        let mut captured = [0u8; 8];
        captured.copy_from_slice(&header[12..20]);
        let captured = f64::from_le_bytes(captured);
        let frame = Self {
            width: f32_at(4),
            height: f32_at(8),
            captured_ms: (!captured.is_nan()).then_some(captured),
        };
        Ok((frame, &bytes[header_len..]))
    }
}

/// [`LIVE_FRAME_HEADER_LEN`] as the header stores it.
const HEADER_LEN_U16: u16 = 20;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_live_frame_reads_back_and_its_header_is_as_documented() {
        let frame = LiveFrame {
            width: 1280.0,
            height: 800.0,
            captured_ms: Some(1_700_000_000_123.5),
        };
        let message = frame.message(&[0xff, 0xd8, 0xff, 0xe0]);
        assert_eq!(&message[..4], &[1, 1, 20, 0]);
        assert_eq!(usize::from(HEADER_LEN_U16), LIVE_FRAME_HEADER_LEN);
        let (back, jpeg) = LiveFrame::decode(&message).unwrap();
        assert_eq!(back, frame);
        assert_eq!(jpeg, &[0xff, 0xd8, 0xff, 0xe0]);

        let unknown = LiveFrame {
            captured_ms: None,
            ..frame
        };
        assert_eq!(LiveFrame::decode(&unknown.message(&[])).unwrap().0, unknown);
    }

    #[test]
    fn a_longer_header_is_skipped_and_other_kinds_or_versions_are_refused() {
        let mut longer = LiveFrame {
            width: 390.0,
            height: 844.0,
            captured_ms: None,
        }
        .header()
        .to_vec();
        longer[2] = 24;
        longer.extend_from_slice(&[9, 9, 9, 9, 0xff, 0xd8]);
        assert_eq!(LiveFrame::decode(&longer).unwrap().1, &[0xff, 0xd8]);

        let mut other = longer.clone();
        other[0] = 2;
        assert_eq!(LiveFrame::decode(&other), Err(LiveFrameError::Kind(2)));
        other[0] = 1;
        other[1] = 2;
        assert_eq!(LiveFrame::decode(&other), Err(LiveFrameError::Version(2)));
        assert_eq!(LiveFrame::decode(&[1, 1]), Err(LiveFrameError::Short(2)));
        longer[2] = 200;
        assert_eq!(
            LiveFrame::decode(&longer),
            Err(LiveFrameError::HeaderLength(200))
        );
    }
}
