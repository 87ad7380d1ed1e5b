//! A zip archive of an exported site, written in memory: every file stored as it is (sites are
//! small and their images already compressed), names in UTF-8, one central directory. Any unzip
//! tool and every operating system's file manager opens it.
//!
//! Contract: the archive holds exactly the files given, in order, under their `/`-separated
//! paths; it refuses what the plain zip format cannot hold (4 GiB, 65 535 files) rather than
//! writing a broken archive.

use super::SiteFile;

/// Why the files could not be packed.
#[derive(Debug, thiserror::Error)]
#[error("the site is too large for a zip archive ({0})")]
pub struct TooLarge(&'static str);

const LOCAL_HEADER: u32 = 0x0403_4b50;
const CENTRAL_HEADER: u32 = 0x0201_4b50;
const END_OF_CENTRAL: u32 = 0x0605_4b50;
/// Version 2.0: what a stored entry needs.
const VERSION: u16 = 20;
/// Made by Unix (3), version 2.0: the external attributes hold permissions.
const MADE_BY: u16 = (3 << 8) | VERSION;
/// Bit 11: the names are UTF-8.
const UTF8_NAMES: u16 = 1 << 11;
/// 1980-01-01 00:00, the format's first date: archives are the same for the same files.
const DOS_DATE: u16 = (1 << 5) | 1;
/// A regular file, readable by everyone, writable by its owner (`0o100644`).
const FILE_ATTRIBUTES: u32 = 0o100_644 << 16;

/// The files as one zip archive.
pub fn archive(files: &[SiteFile]) -> Result<Vec<u8>, TooLarge> {
    let count = u16::try_from(files.len()).map_err(|_| TooLarge("too many files"))?;
    let mut out = Vec::new();
    let mut central = Vec::new();
    for file in files {
        let offset = u32::try_from(out.len()).map_err(|_| TooLarge("over 4 GiB"))?;
        let size = u32::try_from(file.bytes.len()).map_err(|_| TooLarge("a file over 4 GiB"))?;
        let name = file.path.as_bytes();
        let name_len = u16::try_from(name.len()).map_err(|_| TooLarge("a name too long"))?;
        let crc = crc32fast::hash(&file.bytes);
        // Local header, then the data.
        put32(&mut out, LOCAL_HEADER);
        for field in [VERSION, UTF8_NAMES, 0, 0, DOS_DATE] {
            put16(&mut out, field);
        }
        for field in [crc, size, size] {
            put32(&mut out, field);
        }
        put16(&mut out, name_len);
        put16(&mut out, 0);
        out.extend_from_slice(name);
        out.extend_from_slice(&file.bytes);
        // Its central directory entry.
        put32(&mut central, CENTRAL_HEADER);
        for field in [MADE_BY, VERSION, UTF8_NAMES, 0, 0, DOS_DATE] {
            put16(&mut central, field);
        }
        for field in [crc, size, size] {
            put32(&mut central, field);
        }
        for field in [name_len, 0, 0, 0, 0] {
            put16(&mut central, field);
        }
        put32(&mut central, FILE_ATTRIBUTES);
        put32(&mut central, offset);
        central.extend_from_slice(name);
    }
    let central_at = u32::try_from(out.len()).map_err(|_| TooLarge("over 4 GiB"))?;
    let central_len = u32::try_from(central.len()).map_err(|_| TooLarge("over 4 GiB"))?;
    out.extend_from_slice(&central);
    put32(&mut out, END_OF_CENTRAL);
    for field in [0, 0, count, count] {
        put16(&mut out, field);
    }
    put32(&mut out, central_len);
    put32(&mut out, central_at);
    put16(&mut out, 0);
    Ok(out)
}

fn put16(out: &mut Vec<u8>, value: u16) {
    out.extend_from_slice(&value.to_le_bytes());
}

fn put32(out: &mut Vec<u8>, value: u32) {
    out.extend_from_slice(&value.to_le_bytes());
}

#[cfg(test)]
mod tests {
    #![allow(clippy::expect_used, clippy::unwrap_used)]

    use super::*;

    #[test]
    fn an_archive_reads_back_as_the_files_given() {
        let files = vec![
            SiteFile {
                path: "pages/home.html".into(),
                bytes: b"<a href=\"menu.html\">Menu</a>".to_vec(),
            },
            SiteFile {
                path: "images/caf\u{e9}.svg".into(),
                bytes: b"<svg/>".to_vec(),
            },
        ];
        let bytes = archive(&files).unwrap();
        let read = tandem_tests::zip::stored_files(&bytes).unwrap();
        let expected: Vec<(String, Vec<u8>)> =
            files.into_iter().map(|f| (f.path, f.bytes)).collect();
        assert_eq!(read, expected);
    }
}
