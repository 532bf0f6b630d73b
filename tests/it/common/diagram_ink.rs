//! Diagrams of games as a printer shows them: the inks the diagram uses for
//! X, O and drawn fields, counted in a cell of a raster, and the checked
//! games the tests draw. Shared by the integration tests of `check
//! --diagram` and the sheets crate's white-box diagram tests (included by
//! path there).

use paperboard_games::check::{CheckedGame, Position, check_source};
use paperboard_games::games::ttt::{Game, Mark};
use paperboard_sheets::backend::pdf;
use paperboard_sheets::display::{Document, Rect};

use super::{PdfWord, Raster, mm_to_px};

/// The resolution the diagram tests rasterise at.
pub const DPI: u32 = 100;

pub fn checked(name: &str, text: &str) -> Vec<CheckedGame> {
    let file = check_source(name, text.as_bytes(), None);
    assert!(file.error.is_none(), "{:?}", file.error);
    file.games
}

pub fn pdf_of(doc: &Document) -> Vec<u8> {
    pdf::render(doc).unwrap()
}

pub fn ttt(game: &CheckedGame) -> &Game {
    match game.position.as_ref().unwrap() {
        Position::Ttt { game, .. } => game,
        Position::Sos { .. } => panic!("not a tic-tac-toe game"),
    }
}

/// The inks the diagram uses for X, O and drawn fields, told apart from the
/// pale tints and faint large marks, which are never this saturated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ink {
    Blue,
    Red,
    Grey,
}

pub fn ink_of(p: [u8; 3]) -> Option<Ink> {
    let [r, g, b] = p.map(i32::from);
    if r < 100 && b > r + 60 {
        Some(Ink::Blue)
    } else if g < 100 && r > g + 80 && b < 80 {
        Some(Ink::Red)
    } else if r.max(g).max(b) < 115 && r.max(g).max(b) - r.min(g).min(b) < 25 {
        Some(Ink::Grey)
    } else {
        None
    }
}

/// Pixels of `ink` inside `area` (mm), shrunk by `inset` of its side on each
/// side to keep grid lines out.
pub fn count(raster: &Raster, area: Rect, inset: f64, ink: Ink) -> usize {
    let px = |mm: f64| mm_to_px(mm, DPI).round() as usize;
    let (dx, dy) = (area.w * inset, area.h * inset);
    let (x0, x1) = (px(area.x + dx), px(area.right() - dx));
    let (y0, y1) = (px(area.y + dy), px(area.bottom() - dy));
    let mut n = 0;
    for y in y0..y1.min(raster.height) {
        for x in x0..x1.min(raster.width) {
            if ink_of(raster.pixel(x, y)) == Some(ink) {
                n += 1;
            }
        }
    }
    n
}

pub fn mark_ink(mark: Mark) -> Ink {
    match mark {
        Mark::X => Ink::Blue,
        Mark::O => Ink::Red,
    }
}

/// Asserts `area` shows `expected` ink (and neither of the mark inks
/// otherwise), or no ink at all for `None`.
pub fn assert_cell(raster: &Raster, area: Rect, expected: Option<Ink>, what: &str) {
    for ink in [Ink::Blue, Ink::Red, Ink::Grey] {
        let n = count(raster, area, 0.12, ink);
        if Some(ink) == expected {
            assert!(n > 8, "{what}: expected {ink:?} ink, found {n} pixels");
        } else if ink != Ink::Grey || expected.is_none() {
            assert!(n < 3, "{what}: unexpected {ink:?} ink ({n} pixels)");
        }
    }
}

pub fn word_centre(words: &[PdfWord], page: usize, text: &str, below: f64) -> (f64, f64) {
    let w = words
        .iter()
        .find(|w| w.page == page && w.text == text && w.y_min > below)
        .unwrap_or_else(|| panic!("`{text}` not on page {page}"));
    (w.centre_x(), w.centre_y())
}
