//! The note under a record that cannot hold a whole game: where the game
//! goes on ("More moves: on a move-record sheet from row 57."), wrapped to
//! the record's width. Shared by the record parts.

use crate::display::{FontWeight, Page, Point, Size, TextStyle};
use crate::fonts;
use crate::wrap::wrap;

/// Font size of a note, mm (8 pt).
const SIZE: f64 = 2.8;
/// Space between a record and its note, mm.
const GAP: f64 = 1.2;

/// A note set in lines no wider than a record.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Note {
    lines: Vec<String>,
}

impl Note {
    /// `text` in lines no wider than `width` mm (a word wider than that
    /// stands alone on its line).
    pub(crate) fn new(text: &str, width: f64) -> Note {
        Note {
            lines: wrap(text, FontWeight::Regular, SIZE, width.max(1.0)),
        }
    }

    /// The room the note takes under a record: the gap, then its lines.
    pub(crate) fn size(&self) -> Size {
        let w = self
            .lines
            .iter()
            .map(|l| fonts::text_width(l, FontWeight::Regular, SIZE))
            .fold(0.0, f64::max);
        Size {
            w,
            h: GAP + self.lines.len() as f64 * fonts::line_height(SIZE),
        }
    }

    /// The whole note, one line.
    #[cfg(test)]
    pub(crate) fn text(&self) -> String {
        self.lines.join(" ")
    }

    /// Draws the note with its gap's top-left corner at `at`.
    pub(crate) fn draw(&self, page: &mut Page, at: Point) {
        for (i, line) in self.lines.iter().enumerate() {
            let top = at.y + GAP + i as f64 * fonts::line_height(SIZE);
            page.text_at(
                Point::new(at.x, top + fonts::ascent(SIZE)),
                TextStyle::new(SIZE),
                line.clone(),
            );
        }
    }
}
