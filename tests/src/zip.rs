//! Reading back a zip archive of stored (uncompressed) files, as the daemon's site download
//! writes them, checked the way an unzip tool checks it: the end record, the central directory,
//! each local header, and each file's CRC-32 (computed here by another implementation).

/// The archive's files, in order, as (name, bytes); `Err` says what is wrong with it.
pub fn stored_files(bytes: &[u8]) -> Result<Vec<(String, Vec<u8>)>, String> {
    let end = bytes
        .len()
        .checked_sub(22)
        .ok_or("shorter than an end record")?;
    if u32_at(bytes, end)? != 0x0605_4b50 {
        return Err("no end of central directory record".into());
    }
    let count = usize::from(u16_at(bytes, end + 10)?);
    let mut at = u32_at(bytes, end + 16)? as usize;
    let mut files = Vec::with_capacity(count);
    for _ in 0..count {
        if u32_at(bytes, at)? != 0x0201_4b50 {
            return Err(format!("no central directory entry at {at}"));
        }
        let method = u16_at(bytes, at + 10)?;
        let crc = u32_at(bytes, at + 16)?;
        let size = u32_at(bytes, at + 24)? as usize;
        let name_len = usize::from(u16_at(bytes, at + 28)?);
        let extra = usize::from(u16_at(bytes, at + 30)?) + usize::from(u16_at(bytes, at + 32)?);
        let local = u32_at(bytes, at + 42)? as usize;
        let name = slice(bytes, at + 46, name_len)?;
        let name = String::from_utf8(name.to_vec()).map_err(|e| e.to_string())?;
        if method != 0 {
            return Err(format!("{name} is not stored (method {method})"));
        }
        if u32_at(bytes, local)? != 0x0403_4b50 {
            return Err(format!("no local header for {name}"));
        }
        let local_name_len = usize::from(u16_at(bytes, local + 26)?);
        let local_extra = usize::from(u16_at(bytes, local + 28)?);
        if slice(bytes, local + 30, local_name_len)? != name.as_bytes() {
            return Err(format!("the local header of {name} names another file"));
        }
        let data = slice(bytes, local + 30 + local_name_len + local_extra, size)?;
        if crc32fast::hash(data) != crc {
            return Err(format!("{name} fails its CRC"));
        }
        files.push((name, data.to_vec()));
        at += 46 + name_len + extra;
    }
    Ok(files)
}

fn slice(bytes: &[u8], at: usize, len: usize) -> Result<&[u8], String> {
    bytes
        .get(at..at + len)
        .ok_or_else(|| format!("the archive ends before byte {}", at + len))
}

fn u16_at(bytes: &[u8], at: usize) -> Result<u16, String> {
    let b = slice(bytes, at, 2)?;
    Ok(u16::from_le_bytes([b[0], b[1]]))
}

fn u32_at(bytes: &[u8], at: usize) -> Result<u32, String> {
    let b = slice(bytes, at, 4)?;
    Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}
