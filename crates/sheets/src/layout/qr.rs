//! The sheet code's QR symbol: the modules `qrcode` would give, found
//! faster.
//!
//! `QrCode::with_error_correction_level` tries the eight mask patterns and
//! keeps the one with the lowest penalty; its penalty for finder-like
//! patterns boxes a closure for every module of every mask, which made the
//! symbol 13–21 % of the time a whole sheet takes to render. This module
//! builds the symbol with the crate's own encoder, data placement and
//! masks, and scores each mask with the same four penalties over a plain
//! grid of booleans, in the same order and with the same (release-build)
//! arithmetic, so it chooses the same mask: the printed codes, and every
//! golden sheet, stay byte for byte what they were. A test holds this
//! against the crate on many texts.

use qrcode::EcLevel;
use qrcode::canvas::{Canvas, MaskPattern};

/// The mask patterns in the order `qrcode` tries them; the first with the
/// lowest penalty is kept.
const MASKS: [MaskPattern; 8] = [
    MaskPattern::Checkerboard,
    MaskPattern::HorizontalLines,
    MaskPattern::VerticalLines,
    MaskPattern::DiagonalLines,
    MaskPattern::LargeCheckerboard,
    MaskPattern::Fields,
    MaskPattern::Diamonds,
    MaskPattern::Meadow,
];

/// The symbol of `text` at error correction level `ec`: its width in
/// modules and whether each module is dark, row by row. `None` for a text
/// no QR code holds.
pub(crate) fn modules(text: &str, ec: EcLevel) -> Option<(usize, Vec<bool>)> {
    let bits = qrcode::bits::encode_auto(text.as_bytes(), ec).ok()?;
    let version = bits.version();
    let (data, correction) =
        qrcode::ec::construct_codewords(&bits.into_bytes(), version, ec).ok()?;
    let mut canvas = Canvas::new(version, ec);
    canvas.draw_all_functional_patterns();
    canvas.draw_data(&data, &correction);
    let width = usize::try_from(version.width()).ok()?;
    let mut best: Option<(u16, Vec<bool>)> = None;
    for mask in MASKS {
        let mut masked = canvas.clone();
        masked.apply_mask(mask);
        let dark: Vec<bool> = masked
            .into_colors()
            .into_iter()
            .map(|c| c == qrcode::Color::Dark)
            .collect();
        let score = penalty(&dark, width);
        if best.as_ref().is_none_or(|(lowest, _)| score < *lowest) {
            best = Some((score, dark));
        }
    }
    best.map(|(_, dark)| (width, dark))
}

/// Whether the module `k` places along row `line` (`horizontal`), or along
/// column `line` (not `horizontal`), is dark.
fn at(dark: &[bool], width: usize, horizontal: bool, line: usize, k: usize) -> bool {
    let index = if horizontal {
        line * width + k
    } else {
        k * width + line
    };
    dark.get(index).copied().unwrap_or(false)
}

/// The total penalty of a masked symbol, as `qrcode` computes it for a
/// normal (not micro) QR code: runs of five and more, 2×2 blocks, finder-like
/// patterns in rows and columns, and the dark/light balance; in `u16` with
/// wrapping arithmetic, as the crate's release build adds.
fn penalty(dark: &[bool], width: usize) -> u16 {
    let mut total = 0u16;
    for horizontal in [true, false] {
        total = total.wrapping_add(runs(dark, width, horizontal));
    }
    total = total.wrapping_add(blocks(dark, width));
    for horizontal in [true, false] {
        total = total.wrapping_add(finders(dark, width, horizontal));
    }
    total.wrapping_add(balance(dark))
}

/// Every run of 5 + N modules of one colour in a row (or column) adds 3 + N.
fn runs(dark: &[bool], width: usize, horizontal: bool) -> u16 {
    let mut score = 0u16;
    for line in 0..width {
        let mut run = 0u16;
        let mut last = None;
        for k in 0..width {
            let colour = at(dark, width, horizontal, line, k);
            if last == Some(colour) {
                run = run.wrapping_add(1);
            } else {
                if run >= 5 {
                    score = score.wrapping_add(run - 2);
                }
                last = Some(colour);
                run = 1;
            }
        }
        if run >= 5 {
            score = score.wrapping_add(run - 2);
        }
    }
    score
}

/// Every 2×2 block of one colour (overlapping ones counted) adds 3.
fn blocks(dark: &[bool], width: usize) -> u16 {
    let mut score = 0u16;
    for y in 0..width.saturating_sub(1) {
        for x in 0..width.saturating_sub(1) {
            let here = at(dark, width, true, y, x);
            if here == at(dark, width, true, y, x + 1)
                && here == at(dark, width, true, y + 1, x)
                && here == at(dark, width, true, y + 1, x + 1)
            {
                score = score.wrapping_add(3);
            }
        }
    }
    score
}

/// Every dark-light-dark-dark-dark-light-dark in a row (or column) with four
/// light modules (or the symbol's edge) on at least one side adds 40; the
/// three finder patterns' own 360 are taken off.
fn finders(dark: &[bool], width: usize, horizontal: bool) -> u16 {
    const PATTERN: [bool; 7] = [true, false, true, true, true, false, true];
    let mut score = 0u16;
    for line in 0..width {
        let get = |k: usize| at(dark, width, horizontal, line, k);
        for j in 0..width.saturating_sub(6) {
            if (0..7).any(|i| get(j + i) != PATTERN[i]) {
                continue;
            }
            let dark_before = (j.saturating_sub(4)..j).any(get);
            let dark_after = (j + 7..(j + 11).min(width)).any(get);
            if !dark_before || !dark_after {
                score = score.wrapping_add(40);
            }
        }
    }
    score.wrapping_sub(360)
}

/// How far the share of dark modules is from half, in half-percent steps
/// (at most 100).
fn balance(dark: &[bool]) -> u16 {
    let count = dark.iter().filter(|&&d| d).count();
    let ratio = count * 200 / dark.len().max(1);
    u16::try_from(ratio.abs_diff(100)).unwrap_or(u16::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use qrcode::QrCode;

    /// What the crate itself gives.
    fn crate_modules(text: &str) -> (usize, Vec<bool>) {
        let qr = QrCode::with_error_correction_level(text, EcLevel::M).unwrap();
        let dark = qr
            .to_colors()
            .into_iter()
            .map(|c| c == qrcode::Color::Dark)
            .collect();
        (qr.width(), dark)
    }

    #[test]
    fn the_same_symbol_as_the_crate_for_many_texts() {
        // Texts like the sheet codes (upper-case letters, digits, separators)
        // and others, of every length a code has and more, so every mask
        // wins somewhere.
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:-./ abcdefxyz";
        let mut chosen = std::collections::BTreeSet::new();
        for n in 0..600 {
            let len = 1 + n % 90;
            let text: String = (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    alphabet[(seed % alphabet.len() as u64) as usize] as char
                })
                .collect();
            let ours = modules(&text, EcLevel::M).unwrap();
            assert_eq!(ours, crate_modules(&text), "{text:?}");
            // The mask chosen shows in the format bits beside the top-left
            // finder (row 8, columns 0–8), one pattern per mask at level M.
            let row = 8 * ours.0;
            chosen.insert(ours.1[row..row + 9].to_vec());
        }
        assert!(chosen.len() >= 6, "masks seen: {chosen:?}");
    }
}
