//! The embedded fonts (Noto Sans and Noto Sans Thai, each Regular and Bold;
//! SIL Open Font License, see `fonts/OFL.txt`) and text measurement.
//!
//! Layout measures text with `text_width` and places it vertically with
//! the height of capitals and `baseline_centred_on`; the backends draw the
//! very same shaping result, so what layout measured is what gets printed. A
//! text placed on a page says where its glyphs are ([`Text::glyph_box`]).
//!
//! Font selection is by script, not by layout: Thai code points
//! (U+0E00..U+0E7F) are set in Noto Sans Thai, everything else in Noto Sans,
//! both in the requested [`FontWeight`], so a bold Thai heading is bold
//! throughout. Whitespace joins the run around it, so a Thai phrase with
//! spaces stays one run.
//!
//! Parsed faces and shaping plans are cached, so measuring or drawing a text
//! costs one shaping pass and no font parsing.

use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::Range;
use std::rc::Rc;
use std::sync::OnceLock;

use rustybuzz::{Direction, Script, ShapePlan, UnicodeBuffer};

use crate::display::{Anchor, FontWeight, Page, Point, Rect, Text, TextStyle};

/// One of the embedded font files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FontFace {
    /// Noto Sans Regular: Latin, Greek, Cyrillic, digits, punctuation.
    SansRegular,
    /// Noto Sans Bold.
    SansBold,
    /// Noto Sans Thai Regular.
    Thai,
    /// Noto Sans Thai Bold.
    ThaiBold,
}

// The files in `fonts/` without their hinting, which print never uses (the
// build script strips it; see there why).
static SANS_REGULAR: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/NotoSans-Regular.ttf"));
static SANS_BOLD: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/NotoSans-Bold.ttf"));
static THAI: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/NotoSansThai-Regular.ttf"));
static THAI_BOLD: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/NotoSansThai-Bold.ttf"));

impl FontFace {
    /// Every embedded face, in a fixed order.
    pub const ALL: [FontFace; 4] = [
        FontFace::SansRegular,
        FontFace::SansBold,
        FontFace::Thai,
        FontFace::ThaiBold,
    ];

    /// The font file's bytes (TrueType).
    pub fn data(self) -> &'static [u8] {
        match self {
            FontFace::SansRegular => SANS_REGULAR,
            FontFace::SansBold => SANS_BOLD,
            FontFace::Thai => THAI,
            FontFace::ThaiBold => THAI_BOLD,
        }
    }

    /// The family name, as SVG's `font-family` names it.
    pub fn family(self) -> &'static str {
        match self {
            FontFace::SansRegular | FontFace::SansBold => "Noto Sans",
            FontFace::Thai | FontFace::ThaiBold => "Noto Sans Thai",
        }
    }

    /// Whether this is a bold face.
    pub(crate) fn is_bold(self) -> bool {
        matches!(self, FontFace::SansBold | FontFace::ThaiBold)
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The parsed face, parsed once per process when first needed (a sheet
    /// without Thai never parses the Thai faces).
    fn face(self) -> &'static rustybuzz::Face<'static> {
        static FACES: [OnceLock<rustybuzz::Face<'static>>; FontFace::ALL.len()] =
            [const { OnceLock::new() }; FontFace::ALL.len()];
        FACES[self.index()].get_or_init(|| {
            rustybuzz::Face::from_slice(self.data(), 0).expect("embedded font parses")
        })
    }

    /// Font units per em.
    fn units_per_em(self) -> f64 {
        f64::from(self.face().units_per_em())
    }
}

/// The face a non-whitespace character is set in.
fn face_for_char(c: char, weight: FontWeight) -> FontFace {
    let thai = ('\u{0E00}'..='\u{0E7F}').contains(&c);
    match (thai, weight) {
        (true, FontWeight::Regular) => FontFace::Thai,
        (true, FontWeight::Bold) => FontFace::ThaiBold,
        (false, FontWeight::Regular) => FontFace::SansRegular,
        (false, FontWeight::Bold) => FontFace::SansBold,
    }
}

/// Splits `text` into maximal runs that use one face each. Whitespace joins
/// the run before it (or, at the start, the run after it).
pub(crate) fn font_runs(text: &str, weight: FontWeight) -> Vec<(FontFace, Range<usize>)> {
    let mut runs: Vec<(FontFace, Range<usize>)> = Vec::new();
    let mut leading_space_end = 0;
    for (i, c) in text.char_indices() {
        let end = i + c.len_utf8();
        if c.is_whitespace() {
            match runs.last_mut() {
                Some(last) => last.1.end = end,
                None => leading_space_end = end,
            }
            continue;
        }
        let face = face_for_char(c, weight);
        match runs.last_mut() {
            Some(last) if last.0 == face => last.1.end = end,
            Some(_) => runs.push((face, i..end)),
            None => runs.push((face, 0..end)),
        }
    }
    if runs.is_empty() && leading_space_end > 0 {
        runs.push((face_for_char(' ', weight), 0..leading_space_end));
    }
    runs
}

/// One positioned glyph. Advances and offsets are in em (divide font units by
/// units-per-em); multiply by the font size to get lengths.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ShapedGlyph {
    /// Glyph id in the run's face.
    pub id: u16,
    /// Horizontal advance, em.
    pub x_advance: f32,
    /// Horizontal offset from the pen position, em.
    pub x_offset: f32,
    /// Vertical offset from the baseline, em, y up (font convention).
    pub y_offset: f32,
    /// The bytes of the run's text this glyph's cluster covers.
    pub text_range: Range<usize>,
}

/// A run of text set in one face.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ShapedRun {
    /// The face the run is set in.
    pub face: FontFace,
    /// Byte range of the run in the shaped text.
    pub range: Range<usize>,
    /// The run's glyphs in visual order.
    pub glyphs: Vec<ShapedGlyph>,
    /// Total advance of the run, em.
    pub advance: f64,
}

/// The result of shaping one line of text.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct ShapedText {
    /// Runs from left to right.
    pub runs: Vec<ShapedRun>,
    /// Total advance, em.
    pub advance: f64,
}

thread_local! {
    /// Shaping plans per (face, script), and a reusable buffer: building a
    /// plan is far slower than shaping a short label with it.
    static SHAPER: RefCell<Shaper> = RefCell::new(Shaper::default());
}

#[derive(Default)]
struct Shaper {
    plans: Vec<(FontFace, Script, ShapePlan)>,
    buffer: Option<UnicodeBuffer>,
    /// Per face, the glyph of each ASCII digit (see [`Shaper::digits`]).
    digits: [Option<[DigitGlyph; 10]>; FontFace::ALL.len()],
}

/// One digit's glyph as the shaper gave it, in font units.
#[derive(Debug, Clone, Copy, Default)]
struct DigitGlyph {
    id: u16,
    x_advance: i32,
    x_offset: i32,
    y_offset: i32,
}

impl Shaper {
    /// A run of ASCII digits, set from each digit's glyph.
    ///
    /// Half of what a sheet shapes is a number (row numbers, labels, the
    /// move records' rows), about 18,000 instructions each through the
    /// shaper. In the faces we ship, digits neither kern nor form
    /// ligatures with each other, so a number is its digits side by side:
    /// a test holds this path to the shaper's output for every number of up
    /// to three digits, in every face.
    fn digits(&mut self, face: FontFace, text: &str) -> ShapedRun {
        let table = match self.digits[face.index()] {
            Some(table) => table,
            None => {
                // The ten digits shaped together give each digit's glyph,
                // as they do not interact (one glyph a digit); alone if not.
                let mut table = [DigitGlyph::default(); 10];
                let together = self.shape_units(face, "0123456789");
                if together.len() == 10 {
                    table.copy_from_slice(&together);
                } else {
                    for (d, slot) in table.iter_mut().enumerate() {
                        let digit = char::from(b'0' + d as u8).to_string();
                        *slot = self
                            .shape_units(face, &digit)
                            .first()
                            .copied()
                            .unwrap_or_default();
                    }
                }
                self.digits[face.index()] = Some(table);
                table
            }
        };
        let upem = face.units_per_em() as f32;
        let mut advance = 0i64;
        let glyphs = text
            .bytes()
            .enumerate()
            .map(|(i, b)| {
                let g = table[usize::from(b.wrapping_sub(b'0')).min(9)];
                advance += i64::from(g.x_advance);
                ShapedGlyph {
                    id: g.id,
                    x_advance: g.x_advance as f32 / upem,
                    x_offset: g.x_offset as f32 / upem,
                    y_offset: g.y_offset as f32 / upem,
                    text_range: i..i + 1,
                }
            })
            .collect();
        ShapedRun {
            face,
            range: 0..text.len(),
            glyphs,
            advance: advance as f64 / f64::from(upem),
        }
    }

    /// The glyphs of `text` in font units, through the shaper.
    fn shape_units(&mut self, face: FontFace, text: &str) -> Vec<DigitGlyph> {
        let run = self.shape_run(face, text);
        let upem = face.units_per_em() as f32;
        run.glyphs
            .iter()
            .map(|g| DigitGlyph {
                id: g.id,
                x_advance: (g.x_advance * upem).round() as i32,
                x_offset: (g.x_offset * upem).round() as i32,
                y_offset: (g.y_offset * upem).round() as i32,
            })
            .collect()
    }

    fn shape_run(&mut self, face: FontFace, text: &str) -> ShapedRun {
        let mut buffer = self.buffer.take().unwrap_or_default();
        buffer.push_str(text);
        buffer.set_direction(Direction::LeftToRight);
        buffer.guess_segment_properties();
        let script = buffer.script();
        let rb_face = face.face();
        let plan_index = match self
            .plans
            .iter()
            .position(|(f, s, _)| *f == face && *s == script)
        {
            Some(i) => i,
            None => {
                let plan = ShapePlan::new(rb_face, Direction::LeftToRight, Some(script), None, &[]);
                self.plans.push((face, script, plan));
                self.plans.len() - 1
            }
        };
        let output = rustybuzz::shape_with_plan(rb_face, &self.plans[plan_index].2, buffer);
        let upem = face.units_per_em() as f32;
        let infos = output.glyph_infos();
        let positions = output.glyph_positions();
        let mut glyphs = Vec::with_capacity(infos.len());
        let mut advance = 0i64;
        for (i, (info, pos)) in infos.iter().zip(positions).enumerate() {
            let start = info.cluster as usize;
            let end = infos[i + 1..]
                .iter()
                .map(|next| next.cluster as usize)
                .find(|&c| c != start)
                .unwrap_or(text.len());
            // Clusters of a left-to-right run never decrease; guard anyway.
            let text_range = start.min(end)..end.max(start);
            advance += i64::from(pos.x_advance);
            glyphs.push(ShapedGlyph {
                id: u16::try_from(info.glyph_id).unwrap_or(0),
                x_advance: pos.x_advance as f32 / upem,
                x_offset: pos.x_offset as f32 / upem,
                y_offset: pos.y_offset as f32 / upem,
                text_range,
            });
        }
        self.buffer = Some(output.clear());
        ShapedRun {
            face,
            range: 0..text.len(),
            glyphs,
            advance: advance as f64 / f64::from(upem),
        }
    }
}

/// Shapes one line of text: splits it into face runs ([`font_runs`]) and
/// shapes each with rustybuzz (kerning, Thai mark stacking).
///
/// Results are cached per thread: a sheet measures and draws the same few
/// labels ("1" to "9", "11" to "99") hundreds of times.
pub(crate) fn shape(text: &str, weight: FontWeight) -> Rc<ShapedText> {
    thread_local! {
        static CACHE: RefCell<[HashMap<String, Rc<ShapedText>>; 2]> = RefCell::default();
    }
    /// Bounds the cache of a long-running process that shapes endless
    /// distinct texts; a sheet uses a few hundred.
    const CACHE_LIMIT: usize = 4096;
    let slot = match weight {
        FontWeight::Regular => 0,
        FontWeight::Bold => 1,
    };
    if let Some(hit) = CACHE.with(|c| c.borrow()[slot].get(text).cloned()) {
        return hit;
    }
    let shaped = Rc::new(shape_uncached(text, weight));
    CACHE.with(|c| {
        let map = &mut c.borrow_mut()[slot];
        if map.len() >= CACHE_LIMIT {
            map.clear();
        }
        map.insert(text.to_string(), Rc::clone(&shaped));
    });
    shaped
}

fn shape_uncached(text: &str, weight: FontWeight) -> ShapedText {
    SHAPER.with(|shaper| {
        let mut shaper = shaper.borrow_mut();
        let mut shaped = ShapedText::default();
        for (face, range) in font_runs(text, weight) {
            let piece = &text[range.clone()];
            let mut run = if !piece.is_empty() && piece.bytes().all(|b| b.is_ascii_digit()) {
                shaper.digits(face, piece)
            } else {
                shaper.shape_run(face, piece)
            };
            run.range = range;
            shaped.advance += run.advance;
            shaped.runs.push(run);
        }
        shaped
    })
}

/// The characters of `text` that the embedded fonts cannot draw (they would
/// print as empty boxes), each listed once, in order of first appearance.
/// Whitespace is not reported; control characters are (no font draws them,
/// and no text may hold them). Every text a sheet, handout or diagram sets
/// is checked with it before it is printed.
pub(crate) fn missing_glyphs(text: &str, weight: FontWeight) -> Vec<char> {
    let mut missing = Vec::new();
    for c in text.chars() {
        if (c.is_whitespace() && !c.is_control()) || missing.contains(&c) {
            continue;
        }
        if c.is_control() || face_for_char(c, weight).face().glyph_index(c).is_none() {
            missing.push(c);
        }
    }
    missing
}

/// `text` with every character the fonts lack (see `missing_glyphs`)
/// written `?`: for a text that is not the user's to change, such as a file
/// name a caption quotes.
pub(crate) fn printable(text: &str) -> String {
    let missing = missing_glyphs(text, FontWeight::Regular);
    text.chars()
        .map(|c| if missing.contains(&c) { '?' } else { c })
        .collect()
}

/// The largest size, at most `size_mm`, at which `text` is at most `width`
/// mm wide; not below [`crate::display::MIN_TEXT`] (nor below `size_mm` when that is
/// smaller already), so the result may still be too wide.
pub(crate) fn fit_size(text: &str, weight: FontWeight, size_mm: f64, width: f64) -> f64 {
    let floor = crate::display::MIN_TEXT.min(size_mm);
    let em = shape(text, weight).advance;
    if em <= 0.0 || em * size_mm <= width {
        return size_mm;
    }
    (width / em).clamp(floor, size_mm)
}

/// Where the ink of a line of text lies, relative to its pen position on
/// the baseline (y grows downwards), in mm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Ink {
    /// Left edge (negative when a glyph reaches left of the pen).
    pub left: f64,
    /// Right edge.
    pub right: f64,
    /// Top edge (negative: above the baseline).
    pub top: f64,
    /// Bottom edge.
    pub bottom: f64,
}

/// A glyph's bounding box in font units, from its outline (`None`: no
/// outline, as a space). Outlines are parsed once per glyph and thread: a
/// sheet asks for the ink of the same few digits and letters hundreds of
/// times. The boxes are kept per face in a table indexed by glyph id (one
/// look-up, no hashing: a sheet's texts check their ink glyph by glyph).
fn glyph_box(face: FontFace, id: u16) -> Option<rustybuzz::ttf_parser::Rect> {
    type Boxes = [Vec<Option<Option<rustybuzz::ttf_parser::Rect>>>; FontFace::ALL.len()];
    thread_local! {
        static BOXES: RefCell<Boxes> = RefCell::default();
    }
    BOXES.with(|boxes| {
        let mut boxes = boxes.borrow_mut();
        let table = &mut boxes[face.index()];
        if table.is_empty() {
            table.resize(usize::from(face.face().number_of_glyphs()), None);
        }
        let slot = table.get_mut(usize::from(id))?;
        *slot.get_or_insert_with(|| {
            face.face()
                .glyph_bounding_box(rustybuzz::ttf_parser::GlyphId(id))
        })
    })
}

/// The ink of `text` set at `size_mm`, from the glyphs' outlines: `None` for
/// text with no ink (empty, spaces).
pub(crate) fn ink(text: &str, weight: FontWeight, size_mm: f64) -> Option<Ink> {
    let shaped = shape(text, weight);
    let mut pen = 0.0f64;
    let mut ink: Option<Ink> = None;
    for run in &shaped.runs {
        let upem = run.face.units_per_em();
        for g in &run.glyphs {
            if let Some(b) = glyph_box(run.face, g.id) {
                let x = pen + f64::from(g.x_offset);
                let y = f64::from(g.y_offset);
                let glyph = Ink {
                    left: x + f64::from(b.x_min) / upem,
                    right: x + f64::from(b.x_max) / upem,
                    top: -(y + f64::from(b.y_max) / upem),
                    bottom: -(y + f64::from(b.y_min) / upem),
                };
                ink = Some(match ink {
                    None => glyph,
                    Some(i) => Ink {
                        left: i.left.min(glyph.left),
                        right: i.right.max(glyph.right),
                        top: i.top.min(glyph.top),
                        bottom: i.bottom.max(glyph.bottom),
                    },
                });
            }
            pen += f64::from(g.x_advance);
        }
    }
    ink.map(|i| Ink {
        left: i.left * size_mm,
        right: i.right * size_mm,
        top: i.top * size_mm,
        bottom: i.bottom * size_mm,
    })
}

/// Width of `text` set at `size_mm` (em size), in mm.
pub(crate) fn text_width(text: &str, weight: FontWeight, size_mm: f64) -> f64 {
    shape(text, weight).advance * size_mm
}

/// A vertical metric of Noto Sans (the same in Regular and Bold), in em.
fn sans_metric(metric: fn(&rustybuzz::Face<'static>) -> Option<i16>) -> f64 {
    let face = FontFace::SansRegular;
    f64::from(metric(face.face()).unwrap_or(0)) / face.units_per_em()
}

/// Height of capitals and digits above the baseline at `size_mm`, in mm.
pub(crate) fn cap_height(size_mm: f64) -> f64 {
    sans_metric(|f| f.capital_height()) * size_mm
}

/// The font's ascent (typographic ascender) above the baseline, in mm.
pub(crate) fn ascent(size_mm: f64) -> f64 {
    sans_metric(|f| Some(f.ascender())) * size_mm
}

/// The font's descent below the baseline (a positive number), in mm.
pub(crate) fn descent(size_mm: f64) -> f64 {
    -sans_metric(|f| Some(f.descender())) * size_mm
}

/// The baseline y that centres capitals and digits set at `size_mm`
/// vertically on `centre_y` (y grows downwards): use it to put a number in
/// the middle of a cell.
pub(crate) fn baseline_centred_on(centre_y: f64, size_mm: f64) -> f64 {
    centre_y + cap_height(size_mm) / 2.0
}

impl Text {
    /// Where the text's glyphs are, in mm: its advance width (from its
    /// anchor) by the height of capitals above its baseline.
    pub fn glyph_box(&self) -> Rect {
        let width = text_width(&self.content, self.weight, self.size);
        let left = match self.anchor {
            Anchor::Start => self.pos.x,
            Anchor::Middle => self.pos.x - width / 2.0,
            Anchor::End => self.pos.x - width,
        };
        let height = cap_height(self.size);
        Rect::new(left, self.pos.y - height, width, height)
    }
}

impl Page {
    /// Adds `content` set in `style` at `x` (aligned by the style's anchor),
    /// its capitals and digits vertically centred on `centre_y`: a number in
    /// the middle of a cell, a label beside a row. (Here rather than in
    /// [`crate::display`] because it needs the font's metrics.)
    pub(crate) fn text_centred_on(
        &mut self,
        x: f64,
        centre_y: f64,
        style: TextStyle,
        content: impl Into<String>,
    ) {
        let baseline = baseline_centred_on(centre_y, style.size);
        self.text_at(Point::new(x, baseline), style, content);
    }
}

/// Height of a single line of text at `size_mm` (ascent plus descent), in mm.
pub(crate) fn line_height(size_mm: f64) -> f64 {
    ascent(size_mm) + descent(size_mm)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_set_digit_by_digit_match_the_shaper() {
        let mut shaper = Shaper::default();
        let numbers = (0..10)
            .map(|n| n.to_string())
            .chain((0..100).map(|n| format!("{n:02}")))
            .chain((0..1000).map(|n| format!("{n:03}")));
        let mut compared = 0;
        for text in numbers {
            for face in FontFace::ALL {
                let fast = shaper.digits(face, &text);
                let full = shaper.shape_run(face, &text);
                assert_eq!(fast, full, "{text} ({face:?})");
                compared += 1;
            }
        }
        assert_eq!(compared, FontFace::ALL.len() * 1110);
        // And `shape` takes the digit path for a number, the shaper's for
        // anything else.
        let mixed = shape("12a", FontWeight::Regular);
        assert_eq!(mixed.runs[0].glyphs.len(), 3);
        assert_eq!(*shape("907", FontWeight::Bold), {
            let run = shaper.shape_run(FontFace::SansBold, "907");
            ShapedText {
                advance: run.advance,
                runs: vec![run],
            }
        });
    }

    #[test]
    fn runs_split_by_script_and_spaces_join_runs() {
        let text = "Hi สวัสดี ครับ ok";
        let runs = font_runs(text, FontWeight::Bold);
        let faces: Vec<_> = runs.iter().map(|r| r.0).collect();
        assert_eq!(
            faces,
            [FontFace::SansBold, FontFace::ThaiBold, FontFace::SansBold]
        );
        let regular: Vec<_> = font_runs(text, FontWeight::Regular)
            .iter()
            .map(|r| r.0)
            .collect();
        assert_eq!(
            regular,
            [FontFace::SansRegular, FontFace::Thai, FontFace::SansRegular]
        );
        assert_eq!(&text[runs[1].1.clone()], "สวัสดี ครับ ");
        let covered: usize = runs.iter().map(|r| r.1.len()).sum();
        assert_eq!(covered, text.len());
    }

    #[test]
    fn blank_and_empty_text() {
        assert!(font_runs("", FontWeight::Regular).is_empty());
        assert_eq!(
            font_runs("  ", FontWeight::Regular),
            vec![(FontFace::SansRegular, 0..2)]
        );
        assert_eq!(text_width("", FontWeight::Regular, 5.0), 0.0);
        assert!(text_width(" ", FontWeight::Regular, 5.0) > 0.0);
    }

    #[test]
    fn width_scales_with_size_and_bold_is_wider() {
        let w10 = text_width("Strategic 123", FontWeight::Regular, 10.0);
        let w5 = text_width("Strategic 123", FontWeight::Regular, 5.0);
        assert!((w10 - 2.0 * w5).abs() < 1e-9);
        assert!(text_width("Strategic 123", FontWeight::Bold, 10.0) > w10);
        // Noto Sans digits are tabular: every digit has the same advance.
        let one = text_width("1", FontWeight::Regular, 10.0);
        let eight = text_width("8", FontWeight::Regular, 10.0);
        assert!((one - eight).abs() < 1e-9 && one > 4.0 && one < 7.0);
    }

    #[test]
    fn thai_is_shaped_in_the_thai_face_without_missing_glyphs() {
        for text in ["สวัสดี", "กิ่ง", "ภาษาไทย 123"] {
            let shaped = shape(text, FontWeight::Regular);
            assert!(shaped.advance > 0.0);
            for run in &shaped.runs {
                for g in &run.glyphs {
                    assert_ne!(g.id, 0, "missing glyph in {text:?} ({:?})", run.face);
                }
            }
        }
        // Bold Thai is the bold face, with every glyph, and wider strokes.
        let bold = shape("ภาษาไทย", FontWeight::Bold);
        assert_eq!(bold.runs[0].face, FontFace::ThaiBold);
        assert!(bold.runs[0].glyphs.iter().all(|g| g.id != 0));
        assert_ne!(*bold, *shape("ภาษาไทย", FontWeight::Regular));
        // The tone mark of "กิ่ง" stacks above the vowel: it takes no advance.
        let shaped = shape("กิ่ง", FontWeight::Regular);
        let run = &shaped.runs[0];
        assert_eq!(run.face, FontFace::Thai);
        let zero_advance = run.glyphs.iter().filter(|g| g.x_advance == 0.0).count();
        assert!(zero_advance >= 2, "{run:?}");
    }

    #[test]
    fn cached_shaping_matches_fresh_shaping_per_weight() {
        for text in ["12", "Straße", "กิ่ง"] {
            for weight in [FontWeight::Regular, FontWeight::Bold] {
                let first = shape(text, weight);
                assert_eq!(*first, shape_uncached(text, weight));
                assert!(Rc::ptr_eq(&first, &shape(text, weight)));
            }
        }
        assert_ne!(
            shape("Straße", FontWeight::Regular),
            shape("Straße", FontWeight::Bold)
        );
    }

    #[test]
    fn unsupported_characters_are_found() {
        assert!(
            missing_glyphs("Ärger, Straße – Москва ภาษาไทย №5 Ελλάδα", FontWeight::Bold).is_empty()
        );
        assert_eq!(
            missing_glyphs("围棋 x 围 🙂 مرحبا", FontWeight::Regular),
            ['围', '棋', '🙂', 'م', 'ر', 'ح', 'ب', 'ا']
        );
    }

    /// Every drawing command of a glyph's outline, as text.
    #[derive(Default)]
    struct Recorder(String);

    impl rustybuzz::ttf_parser::OutlineBuilder for Recorder {
        fn move_to(&mut self, x: f32, y: f32) {
            self.0 += &format!("M{x},{y}");
        }
        fn line_to(&mut self, x: f32, y: f32) {
            self.0 += &format!("L{x},{y}");
        }
        fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
            self.0 += &format!("Q{x1},{y1},{x},{y}");
        }
        fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
            self.0 += &format!("C{x1},{y1},{x2},{y2},{x},{y}");
        }
        fn close(&mut self) {
            self.0 += "Z";
        }
    }

    #[test]
    fn embedded_fonts_are_the_published_ones_without_hinting() {
        use rustybuzz::ttf_parser::{Face, GlyphId, Tag};
        let published: [&[u8]; 4] = [
            include_bytes!("../../../fonts/NotoSans-Regular.ttf"),
            include_bytes!("../../../fonts/NotoSans-Bold.ttf"),
            include_bytes!("../../../fonts/NotoSansThai-Regular.ttf"),
            include_bytes!("../../../fonts/NotoSansThai-Bold.ttf"),
        ];
        for (face, original) in FontFace::ALL.into_iter().zip(published) {
            let ours = Face::parse(face.data(), 0).unwrap();
            let theirs = Face::parse(original, 0).unwrap();
            for tag in [*b"fpgm", *b"prep", *b"cvt ", *b"DSIG"] {
                let tag = Tag::from_bytes(&tag);
                assert!(theirs.raw_face().table(tag).is_some(), "{face:?} {tag}");
                assert!(ours.raw_face().table(tag).is_none(), "{face:?} keeps {tag}");
            }
            // Shaping, licence and metrics tables are kept byte for byte.
            for tag in [
                *b"GSUB", *b"GPOS", *b"GDEF", *b"cmap", *b"name", *b"hmtx", *b"OS/2",
            ] {
                let tag = Tag::from_bytes(&tag);
                assert_eq!(
                    ours.raw_face().table(tag),
                    theirs.raw_face().table(tag),
                    "{face:?} {tag}"
                );
            }
            assert!(face.data().len() < original.len() * 3 / 4, "{face:?}");
            assert_eq!(ours.number_of_glyphs(), theirs.number_of_glyphs());
            let mut drawn = 0;
            for id in 0..theirs.number_of_glyphs() {
                let id = GlyphId(id);
                let (mut a, mut b) = (Recorder::default(), Recorder::default());
                let bbox = ours.outline_glyph(id, &mut a);
                assert_eq!(bbox, theirs.outline_glyph(id, &mut b), "{face:?} {id:?}");
                assert_eq!(a.0, b.0, "{face:?} {id:?}");
                assert_eq!(ours.glyph_hor_advance(id), theirs.glyph_hor_advance(id));
                drawn += usize::from(bbox.is_some());
            }
            assert!(drawn > 100, "{face:?}: {drawn} glyphs with outlines");
        }
    }

    #[test]
    fn vertical_metrics_are_plausible() {
        let cap = cap_height(10.0);
        assert!(cap > 6.5 && cap < 7.5, "{cap}");
        assert!(ascent(10.0) > cap && descent(10.0) > 1.0);
        assert!((baseline_centred_on(20.0, 10.0) - (20.0 + cap / 2.0)).abs() < 1e-12);
    }
}
