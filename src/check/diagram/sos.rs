//! An SOS position drawn into the board of the `sos` sheet: the letters,
//! each SOS as a line in its player's ink and dash from the centre of its
//! first S to the centre of its last, with a dot at each end, and each
//! player's score with a sample of that style in the tally.
//!
//! So that the picture can be counted, SOS lines on one row, column or
//! diagonal that share a cell (a1–c1 and c1–e1) are set side by side, a
//! little apart, rather than on top of each other: two SOS in a row read as
//! two lines, each with its own two dots.

use super::style::{dot, player_stroke};
use crate::display::{Anchor, Color, FontWeight, Page, Point, TextStyle};
use crate::games::sos::{Cell, SosGame, SosLine};
use crate::layout::SheetPart;
use crate::parts::PartGeometry;

/// A line's place among lines on the same row, column or diagonal: which
/// one it is (the direction and an index across), where it starts along it
/// and its lane.
fn lanes(lines: &[SosLine]) -> Vec<i32> {
    // Direction normalised to (1,0), (0,1), (1,1) or (1,-1), with the start
    // the end whose column (or row, for columns) is smaller.
    let key = |l: &SosLine| {
        let (a, c) = (l.cells[0], l.cells[2]);
        let (mut dc, mut dr) = (
            i32::from(c.col) - i32::from(a.col),
            i32::from(c.row) - i32::from(a.row),
        );
        let mut start = a;
        if dc < 0 || (dc == 0 && dr < 0) {
            (dc, dr, start) = (-dc, -dr, c);
        }
        let (col, row) = (i32::from(start.col), i32::from(start.row));
        let (across, along) = match (dc.signum(), dr.signum()) {
            (0, _) => (col, row),
            (_, 0) => (row, col),
            (_, 1) => (col - row, col),
            _ => (col + row, col),
        };
        ((dc.signum(), dr.signum(), across), along)
    };
    let keys: Vec<_> = lines.iter().map(key).collect();
    let mut lane = vec![0i32; lines.len()];
    let mut order: Vec<usize> = (0..lines.len()).collect();
    order.sort_by_key(|&i| keys[i]);
    for (k, &i) in order.iter().enumerate() {
        let (group, start) = keys[i];
        // Lanes taken by earlier lines of the group that share a cell.
        let taken: Vec<i32> = order[..k]
            .iter()
            .filter(|&&j| keys[j].0 == group && keys[j].1 + 2 >= start)
            .map(|&j| lane[j])
            .collect();
        lane[i] = (0..).find(|n| !taken.contains(n)).unwrap_or(0);
    }
    lane
}

/// The offset across a line of lane `n`, in units of the lane spacing:
/// 0, +1, -1, +2, -2, …
fn lane_offset(n: i32) -> f64 {
    let step = f64::from((n + 1) / 2);
    if n % 2 == 1 { step } else { -step }
}

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
    let cell = places.cell();
    let width = (cell * 0.06).clamp(0.3, 0.8);
    let spacing = (2.2 * width).max(0.1 * cell);
    let centre = |c: Cell| places.cell_rect(c).centre();
    for (line, lane) in game.lines().iter().zip(lanes(game.lines())) {
        let (a, b) = (centre(line.cells[0]), centre(line.cells[2]));
        let len = (b.x - a.x).hypot(b.y - a.y);
        let (ux, uy) = ((b.x - a.x) / len, (b.y - a.y) / len);
        let shift = lane_offset(lane) * spacing;
        let (sx, sy) = (-uy * shift, ux * shift);
        let stroke = player_stroke(line.player, width);
        // A solid line's square caps reach half its width past its ends:
        // end it that much short, so it stops at the letter's centre.
        let cap = if stroke.dash.is_none() {
            width / 2.0
        } else {
            0.0
        };
        page.line(
            Point::new(a.x + sx + ux * cap, a.y + sy + uy * cap),
            Point::new(b.x + sx - ux * cap, b.y + sy - uy * cap),
            stroke,
        );
        for end in [a, b] {
            dot(
                page,
                Point::new(end.x + sx, end.y + sy),
                1.5 * width,
                stroke.color,
            );
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn line(a: (u8, u8), c: (u8, u8)) -> SosLine {
        let cell = |(col, row): (u8, u8)| Cell { col, row };
        let mid = ((a.0 + c.0) / 2, (a.1 + c.1) / 2);
        SosLine {
            player: 0,
            cells: [cell(a), cell(mid), cell(c)],
        }
    }

    #[test]
    fn lines_sharing_a_cell_on_one_row_get_their_own_lanes() {
        // a1–c1 and c1–e1 touch at c1; e1–c1 written backwards too.
        let lines = [line((0, 0), (2, 0)), line((4, 0), (2, 0))];
        assert_eq!(lanes(&lines), [0, 1]);
        // Apart on the same row, or on another row: one lane.
        let lines = [
            line((0, 0), (2, 0)),
            line((3, 0), (5, 0)),
            line((0, 1), (2, 1)),
        ];
        assert_eq!(lanes(&lines), [0, 0, 0]);
        // Three overlapping on a diagonal, and a crossing line that shares
        // only its middle: three lanes, the crossing one its own line.
        let lines = [
            line((0, 0), (2, 2)),
            line((1, 1), (3, 3)),
            line((2, 2), (4, 4)),
            line((2, 0), (0, 2)),
        ];
        assert_eq!(lanes(&lines), [0, 1, 2, 0]);
        assert_eq!(
            (0..5).map(lane_offset).collect::<Vec<_>>(),
            [0.0, 1.0, -1.0, 2.0, -2.0]
        );
    }
}
