//! The limits on what a spec may build, and on what `read` is given,
//! photographs and scanned PDFs, each checked before the picture or page is
//! decoded (docs/limits.md lists them). They are this crate's, which knows
//! sheets, pages and pictures; the games crate's limits (on TOML texts,
//! keys and the numbers people give) are named here too, so every module of
//! the crate finds its limits in one place.

pub(crate) use paperboard_games::limits::*;

/// The most parts (of all kinds together) and boxes a spec may have.
pub(crate) const PARTS: usize = 200;

/// How deeply boxes may hold boxes: `[layout]` holding a box is depth 1.
/// The built-in templates use 3.
pub(crate) const BOX_DEPTH: usize = 10;

/// The most bytes a photograph or scan given to `read` may have (a phone's
/// JPEG is 2–8 MB). Checked before the file is decoded.
pub const PHOTO_BYTES: u64 = 40 << 20;

/// The most pixels a photograph or scan given to `read` may have (a
/// 48-megapixel phone photo is the largest in common use), read from the
/// file's header before its pixels are decoded.
pub(crate) const PHOTO_PIXELS: u64 = 50_000_000;

/// The fewest pixels a photograph or scan must have on its shorter side:
/// below this a 4.5 mm record box of an A4 sheet is under 8 pixels high,
/// too few to read a digit.
pub(crate) const PHOTO_MIN_SIDE: u32 = 600;

/// The most pages a scanned PDF given to `read` may have (a class set of
/// record sheets is about thirty), checked before any page is decoded.
pub(crate) const PDF_PAGES: usize = 100;

/// The most bytes of object text (everything in a PDF but its stream data,
/// with the objects inside its object streams) `read` lets the PDF parser
/// build, counted before the file is parsed: each number of an array costs
/// the parser about 50 times its bytes, so this keeps a PDF's objects under
/// about 100 MB in memory. A scanner's PDF of 100 pages has tens of
/// kilobytes.
pub(crate) const PDF_OBJECT_BYTES: u64 = 2 << 20;

/// The most bytes a PDF's object streams and cross-reference streams may
/// inflate to, together (a scanner's PDF of 100 pages: a few kilobytes),
/// checked with a capped inflater before the PDF parser inflates them.
pub(crate) const PDF_INFLATED_BYTES: u64 = 1 << 20;

/// docs/limits.md says what the code enforces (the games crate checks the
/// table's other rows).
#[test]
fn the_spec_limits_table_gives_the_parts_and_boxes() {
    let doc = include_str!("../../../docs/limits.md");
    for (row, value) in [
        ("| parts and boxes in one spec |", PARTS),
        ("| boxes inside boxes", BOX_DEPTH),
    ] {
        let line = doc
            .lines()
            .find(|l| l.starts_with(row))
            .unwrap_or_else(|| panic!("no row {row:?} in docs/limits.md"));
        let cell = line.split('|').nth(2).unwrap_or_default().trim();
        let number = cell.split(' ').next().and_then(|n| n.parse().ok());
        assert_eq!(number, Some(value), "docs/limits.md: {line}");
    }
}
