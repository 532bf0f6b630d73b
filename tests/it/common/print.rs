//! The print standard, checked the way a school photocopier would: on the
//! display list (every text at least 6 pt and at least 60 % black) and on a
//! raster (rendered, thresholded at 50 % like a copier in text mode, the
//! texts are still inked where the display list puts them). Any test of a
//! document players read can use it: sheets, handout pages, diagrams.
//!
//! * [`print_faults`] / [`assert_print_safe`]: texts under 6 pt or lighter
//!   than 60 % black, by page, content, size and ink.
//! * [`faded_texts`]: the texts a 1-bit copy loses: too few black pixels in
//!   their box once thresholded, counted against the same page drawn
//!   without texts (so grid lines under a box count for nothing).
//! * [`blank_fraction`]: how much of a page's content area no part covers.

use paperboard_sheets::display::{Document, Item, Page, Rect};

use super::{Raster, mm_to_px, rasterize_pdf_page};

/// Every text of `doc` under 6 pt or that a black-and-white copy would
/// not keep apart from its ground (the library's own measure,
/// `paperboard_sheets::print`), as `page N: "text" 5.2 pt, 45 % black`.
pub fn print_faults(doc: &Document) -> Vec<String> {
    let mut out = Vec::new();
    for (n, page) in doc.pages.iter().enumerate() {
        for f in page.text_faults() {
            out.push(format!(
                "page {}: {:?} {:.1} pt, {:.0} % black",
                n + 1,
                f.content,
                f.size_pt,
                (1.0 - f.ink) * 100.0
            ));
        }
    }
    out
}

/// Fails with every fault [`print_faults`] finds; returns how many texts
/// were checked (so a test can also see it checked something).
pub fn assert_print_safe(doc: &Document, what: &str) -> usize {
    let faults = print_faults(doc);
    assert!(faults.is_empty(), "{what}: {}", faults.join("; "));
    doc.pages
        .iter()
        .flat_map(|p| &p.items)
        .filter(|i| matches!(i, Item::Text(_)))
        .count()
}

/// Pixels of `raster` darker than `level` (0..255, the copier's threshold) in
/// the box `r` (mm) at `dpi`.
pub fn black_in(raster: &Raster, r: Rect, dpi: u32, level: u8) -> usize {
    let px = |mm: f64| mm_to_px(mm, dpi).round().max(0.0) as usize;
    let luma = |p: [u8; 3]| {
        (0.2126 * f64::from(p[0]) + 0.7152 * f64::from(p[1]) + 0.0722 * f64::from(p[2])) as u8
    };
    let (x0, x1) = (px(r.x), px(r.right()).min(raster.width));
    let (y0, y1) = (px(r.y), px(r.bottom()).min(raster.height));
    let mut n = 0;
    for y in y0..y1 {
        for x in x0..x1 {
            if luma(raster.pixel(x, y)) < level {
                n += 1;
            }
        }
    }
    n
}

/// The page without its texts: what is inked whatever the texts are.
fn without_texts(page: &Page) -> Page {
    let mut bare = page.clone();
    bare.items.retain(|i| !matches!(i, Item::Text(_)));
    bare
}

/// The texts of page `page` (0-based) of `doc` that a copier thresholding
/// at 50 % at `dpi` loses: fewer than `least` black pixels of their own in
/// their box (the pixels the page has there without texts do not count).
/// Rendered through PDF with `render` (the backend under test).
pub fn faded_texts(
    doc: &Document,
    page: usize,
    dpi: u32,
    least: usize,
    render: impl Fn(&Document) -> Vec<u8>,
) -> (usize, Vec<String>) {
    let one = |p: Page| Document {
        metadata: doc.metadata.clone(),
        pages: vec![p],
    };
    let full = rasterize_pdf_page(&render(&one(doc.pages[page].clone())), 1, dpi);
    let bare = rasterize_pdf_page(&render(&one(without_texts(&doc.pages[page]))), 1, dpi);
    let mut checked = 0;
    let mut lost = Vec::new();
    for item in &doc.pages[page].items {
        let Item::Text(t) = item else { continue };
        if t.content.trim().is_empty() {
            continue;
        }
        checked += 1;
        let b = t.glyph_box();
        let own = black_in(&full, b, dpi, 128).saturating_sub(black_in(&bare, b, dpi, 128));
        if own < least {
            lost.push(format!(
                "{:?} at ({:.1}, {:.1}): {own} px",
                t.content, t.pos.x, t.pos.y
            ));
        }
    }
    (checked, lost)
}

/// The share of `content` (mm) that none of `rects` covers, 0..1: the
/// union of the rectangles by cutting the area into the bands their edges
/// make.
pub fn blank_fraction(content: Rect, rects: &[Rect]) -> f64 {
    let clip = |r: &Rect| {
        let x0 = r.x.max(content.x);
        let y0 = r.y.max(content.y);
        let x1 = r.right().min(content.right());
        let y1 = r.bottom().min(content.bottom());
        (x1 > x0 && y1 > y0).then(|| Rect::new(x0, y0, x1 - x0, y1 - y0))
    };
    let rects: Vec<Rect> = rects.iter().filter_map(clip).collect();
    let mut xs: Vec<f64> = rects.iter().flat_map(|r| [r.x, r.right()]).collect();
    let mut ys: Vec<f64> = rects.iter().flat_map(|r| [r.y, r.bottom()]).collect();
    xs.sort_by(f64::total_cmp);
    ys.sort_by(f64::total_cmp);
    let mut covered = 0.0;
    for xw in xs.windows(2) {
        for yw in ys.windows(2) {
            let (cx, cy) = ((xw[0] + xw[1]) / 2.0, (yw[0] + yw[1]) / 2.0);
            let inside = rects
                .iter()
                .any(|r| r.x <= cx && cx <= r.right() && r.y <= cy && cy <= r.bottom());
            if inside {
                covered += (xw[1] - xw[0]) * (yw[1] - yw[0]);
            }
        }
    }
    1.0 - covered / (content.w * content.h)
}
