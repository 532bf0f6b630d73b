//! Prepares the embedded fonts for print: the Noto fonts in `fonts/` as
//! published, less what a PDF or SVG never uses.
//!
//! The published files are hinted: each carries TrueType programs (`fpgm`,
//! `prep`, `cvt `) and per-glyph instructions that fit outlines to the pixel
//! grid of a low-resolution screen. A printed sheet has no use for them, and
//! PDF readers draw embedded fonts without them, yet the PDF backend's font
//! subsets carried them: about a third of the bytes of a sheet's PDF, and of
//! the time spent compressing it. The glyph names (`post` version 2) and the
//! digital signature (`DSIG`, no longer valid once anything changes) go
//! too. Outlines, metrics, `cmap`, `GSUB`/`GPOS` (shaping) and `name`
//! (copyright and licence) are kept byte for byte, so text measures, shapes
//! and draws exactly as before (the fonts module's tests compare every glyph
//! against the published file).
//!
//! Done here, once per build, so no run pays for it.

use std::path::Path;

/// The font files, as `fonts/NAME` in the repository and `OUT_DIR/NAME`.
const FONTS: [&str; 4] = [
    "NotoSans-Regular.ttf",
    "NotoSans-Bold.ttf",
    "NotoSansThai-Regular.ttf",
    "NotoSansThai-Bold.ttf",
];

/// Tables that only serve hinting (or no longer hold once the font is
/// changed), dropped whole.
const DROPPED: [&[u8; 4]; 7] = [
    b"fpgm", b"prep", b"cvt ", b"hdmx", b"LTSH", b"VDMX", b"DSIG",
];

fn main() {
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    // Read when the script runs, not baked in when it is compiled: a build
    // folder shared by two checkouts reuses the compiled script.
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    for name in FONTS {
        // The fonts live once, at the top of the repository, with their licence.
        let source = Path::new(&manifest).join("../../fonts").join(name);
        println!("cargo::rerun-if-changed={}", source.display());
        let data =
            std::fs::read(&source).unwrap_or_else(|e| panic!("reading {}: {e}", source.display()));
        let print = for_print(&data).unwrap_or_else(|e| panic!("{name}: {e}"));
        std::fs::write(Path::new(&out).join(name), print).expect("writing to OUT_DIR");
    }
    println!("cargo::rerun-if-changed=build.rs");
}

fn u16_at(d: &[u8], at: usize) -> Result<u16, String> {
    d.get(at..at + 2)
        .map(|b| u16::from_be_bytes([b[0], b[1]]))
        .ok_or_else(|| format!("truncated at byte {at}"))
}

fn u32_at(d: &[u8], at: usize) -> Result<u32, String> {
    d.get(at..at + 4)
        .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
        .ok_or_else(|| format!("truncated at byte {at}"))
}

/// A font's tables: tag and contents, in directory order.
type Tables = Vec<([u8; 4], Vec<u8>)>;

/// The font's tables.
fn tables(font: &[u8]) -> Result<Tables, String> {
    if u32_at(font, 0)? != 0x0001_0000 {
        return Err("not a TrueType font".into());
    }
    let count = usize::from(u16_at(font, 4)?);
    let mut out = Vec::with_capacity(count);
    for i in 0..count {
        let rec = 12 + 16 * i;
        let tag: [u8; 4] = font
            .get(rec..rec + 4)
            .and_then(|t| t.try_into().ok())
            .ok_or("truncated table directory")?;
        let offset = u32_at(font, rec + 8)? as usize;
        let len = u32_at(font, rec + 12)? as usize;
        let body = font
            .get(offset..offset + len)
            .ok_or_else(|| format!("table {} out of bounds", String::from_utf8_lossy(&tag)))?;
        out.push((tag, body.to_vec()));
    }
    Ok(out)
}

fn table<'a>(tables: &'a [([u8; 4], Vec<u8>)], tag: &[u8; 4]) -> Result<&'a [u8], String> {
    tables
        .iter()
        .find(|(t, _)| t == tag)
        .map(|(_, b)| b.as_slice())
        .ok_or_else(|| format!("no {} table", String::from_utf8_lossy(tag)))
}

/// One glyph without its instructions.
fn strip_glyph(glyph: &[u8]) -> Result<Vec<u8>, String> {
    if glyph.is_empty() {
        return Ok(Vec::new());
    }
    let contours = u16_at(glyph, 0)? as i16;
    let mut out = Vec::with_capacity(glyph.len());
    if contours >= 0 {
        // Header, end points, instruction length, instructions, the rest.
        let at = 10 + 2 * contours as usize;
        let len = usize::from(u16_at(glyph, at)?);
        let rest = glyph.get(at + 2 + len..).ok_or("truncated simple glyph")?;
        out.extend_from_slice(&glyph[..at]);
        out.extend_from_slice(&[0, 0]);
        out.extend_from_slice(rest);
    } else {
        // Components; the last one's flags say whether instructions follow.
        const ARGS_ARE_WORDS: u16 = 0x0001;
        const HAVE_SCALE: u16 = 0x0008;
        const MORE_COMPONENTS: u16 = 0x0020;
        const HAVE_X_AND_Y_SCALE: u16 = 0x0040;
        const HAVE_TWO_BY_TWO: u16 = 0x0080;
        const HAVE_INSTRUCTIONS: u16 = 0x0100;
        let mut at = 10;
        let mut flags;
        let mut flags_at;
        loop {
            flags_at = at;
            flags = u16_at(glyph, at)?;
            at += 4 + if flags & ARGS_ARE_WORDS != 0 { 4 } else { 2 };
            at += if flags & HAVE_SCALE != 0 {
                2
            } else if flags & HAVE_X_AND_Y_SCALE != 0 {
                4
            } else if flags & HAVE_TWO_BY_TWO != 0 {
                8
            } else {
                0
            };
            if flags & MORE_COMPONENTS == 0 {
                break;
            }
        }
        let components = glyph.get(..at).ok_or("truncated composite glyph")?;
        out.extend_from_slice(components);
        let cleared = flags & !HAVE_INSTRUCTIONS;
        out[flags_at..flags_at + 2].copy_from_slice(&cleared.to_be_bytes());
    }
    // Glyphs start at offsets that are multiples of four.
    while out.len() % 4 != 0 {
        out.push(0);
    }
    Ok(out)
}

/// New `glyf` and (long) `loca` tables without instructions.
fn strip_glyf(tables: &[([u8; 4], Vec<u8>)]) -> Result<(Vec<u8>, Vec<u8>), String> {
    let head = table(tables, b"head")?;
    let long = u16_at(head, 50)? != 0;
    let glyphs = usize::from(u16_at(table(tables, b"maxp")?, 4)?);
    let loca = table(tables, b"loca")?;
    let glyf = table(tables, b"glyf")?;
    let offset = |i: usize| -> Result<usize, String> {
        Ok(if long {
            u32_at(loca, 4 * i)? as usize
        } else {
            2 * usize::from(u16_at(loca, 2 * i)?)
        })
    };
    let mut new_glyf = Vec::with_capacity(glyf.len());
    let mut new_loca = Vec::with_capacity(4 * (glyphs + 1));
    for i in 0..glyphs {
        let (start, end) = (offset(i)?, offset(i + 1)?);
        let glyph = glyf.get(start..end).ok_or("glyph out of bounds")?;
        new_loca.extend_from_slice(&(new_glyf.len() as u32).to_be_bytes());
        new_glyf.extend(strip_glyph(glyph)?);
    }
    new_loca.extend_from_slice(&(new_glyf.len() as u32).to_be_bytes());
    Ok((new_glyf, new_loca))
}

fn checksum(data: &[u8]) -> u32 {
    data.chunks(4).fold(0u32, |sum, c| {
        let mut word = [0u8; 4];
        word[..c.len()].copy_from_slice(c);
        sum.wrapping_add(u32::from_be_bytes(word))
    })
}

/// The font without hinting, glyph names and signature.
fn for_print(font: &[u8]) -> Result<Vec<u8>, String> {
    let mut tables = tables(font)?;
    let (glyf, loca) = strip_glyf(&tables)?;
    tables.retain(|(tag, _)| !DROPPED.contains(&tag));
    for (tag, body) in &mut tables {
        match &*tag {
            b"glyf" => *body = glyf.clone(),
            b"loca" => *body = loca.clone(),
            // Long offsets; checksum adjustment written last.
            b"head" => {
                body[50..52].copy_from_slice(&1u16.to_be_bytes());
                body[8..12].fill(0);
            }
            // No programs, storage, twilight zone or instructions left.
            b"maxp" if body.len() >= 32 => {
                body[14..16].copy_from_slice(&1u16.to_be_bytes());
                body[16..28].fill(0);
            }
            // Version 3: no glyph names (the header is kept).
            b"post" => {
                body.truncate(32);
                body[0..4].copy_from_slice(&0x0003_0000u32.to_be_bytes());
            }
            _ => {}
        }
    }
    tables.sort_by_key(|(tag, _)| *tag);
    let count = tables.len() as u16;
    let selector = 15 - count.leading_zeros() as u16;
    let range = 16 << selector;
    let mut out = Vec::new();
    out.extend_from_slice(&0x0001_0000u32.to_be_bytes());
    for v in [count, range, selector, count * 16 - range] {
        out.extend_from_slice(&v.to_be_bytes());
    }
    let mut offset = 12 + 16 * tables.len();
    let mut head_at = 0;
    for (tag, body) in &tables {
        if tag == b"head" {
            head_at = offset;
        }
        out.extend_from_slice(tag);
        out.extend_from_slice(&checksum(body).to_be_bytes());
        out.extend_from_slice(&(offset as u32).to_be_bytes());
        out.extend_from_slice(&(body.len() as u32).to_be_bytes());
        offset += body.len().next_multiple_of(4);
    }
    for (_, body) in &tables {
        out.extend_from_slice(body);
        out.resize(out.len().next_multiple_of(4), 0);
    }
    let adjustment = 0xB1B0_AFBAu32.wrapping_sub(checksum(&out));
    out[head_at + 8..head_at + 12].copy_from_slice(&adjustment.to_be_bytes());
    Ok(out)
}
