//! An SOS position drawn into the board of the `sos` sheet: the letters,
//! each SOS as a line in its player's ink and dash (struck as
//! [`strike_lines`] does: centre to centre, round ends, lines sharing a cell
//! side by side, so the picture can be counted), and each player's score
//! with a sample of that style in the tally.

use super::style::player_stroke;
use crate::boards::sos::strike_lines;
use crate::display::{Anchor, Color, FontWeight, Page, Point, Stroke, TextStyle};
use crate::games::sos::{Cell, SosGame};
use crate::layout::SheetPart;
use crate::parts::PartGeometry;

/// Draws `game` into the first SOS board of a laid-out sheet; `Err` names
/// what the sheet lacks.
pub(super) fn draw(
    game: &SosGame,
    parts: &[SheetPart],
    page: &mut Page,
) -> Result<(), &'static str> {
    let places = parts
        .iter()
        .find_map(|p| match p.geometry() {
            PartGeometry::SosBoard(b) => b.boards().into_iter().next(),
            _ => None,
        })
        .ok_or("SOS board")?;
    // Lines first, so the letters stay readable on top of them.
    strike_lines(
        page,
        game.lines(),
        |c| places.cell_rect(c).centre(),
        places.cell(),
        |line, width| player_stroke(line.player, width),
    );
    let cfg = game.config();
    for row in 0..cfg.height() {
        for col in 0..cfg.width() {
            let c = Cell { col, row };
            if let Some(letter) = game.letter(c) {
                places
                    .grid
                    .draw_letter(places.origin, c, letter, Color::BLACK, page);
            }
        }
    }
    for (p, (score, box_)) in game.scores().iter().zip(places.scores()).enumerate() {
        let y = box_.y + box_.h / 2.0;
        page.line(
            Point::new(box_.x + 1.5, y),
            Point::new(box_.x + 13.0, y),
            player_stroke(p as u8, 0.6),
        );
        let style = TextStyle::new(3.6)
            .anchor(Anchor::End)
            .weight(FontWeight::Bold);
        page.text_centred_on(box_.right() - 2.0, y, style, score.to_string());
    }
    Ok(())
}

/// The illegal move after the position shown (see [`super::at`]), drawn
/// apart: a heavy dashed frame around its cell and, where the cell is
/// empty, its letter in grey. A move off the board is left to the caption.
pub(super) fn draw_illegal(illegal: &super::at::IllegalMove, parts: &[SheetPart], page: &mut Page) {
    let crate::record::MoveBody::Sos(mv) = &illegal.body else {
        return;
    };
    let Some(places) = parts.iter().find_map(|p| match p.geometry() {
        PartGeometry::SosBoard(b) => b.boards().into_iter().next(),
        _ => None,
    }) else {
        return;
    };
    if mv.cell.col >= places.grid.width || mv.cell.row >= places.grid.height {
        return;
    }
    let area = places.cell_rect(mv.cell);
    let width = (0.06 * places.cell()).clamp(0.4, 1.2);
    let frame = Stroke {
        width,
        color: Color::BLACK,
        dash: Some((2.5 * width, 1.5 * width)),
    };
    page.rect(area.inset(-width), None, Some(frame));
    places
        .grid
        .draw_letter(places.origin, mv.cell, mv.letter, Color::grey(0x55), page);
}
