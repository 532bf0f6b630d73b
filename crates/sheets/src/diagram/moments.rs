//! The moments `check --annotate` found, each drawn on a page of its own
//! (tic-tac-toe: a board among the file's): the position the moment is
//! about — before a missed win's move, after the move otherwise — with the
//! winning line drawn as numbered marks, 1 first, and a caption that says
//! what happened and what the numbers are.
//!
//! The numbers are bold black digits in white rings: they read apart from
//! the players' marks and survive a black-and-white copy, where a colour
//! would not.

use super::at::{self, Cut, Moment};
use crate::check::CheckedGame;
use crate::games::ttt::Move;
use crate::solve::{Annotation, AnnotationKind};
use crate::texts::{Texts, fill};

/// Each annotated moment of `g` that has a winning line, as the game cut
/// at the position it is about, with the moment in its cut.
/// Moments about one position with one line (a move that allowed a loss
/// and the missed win after it; the move that allowed it and decided the
/// game) share a page, their captions one after the other.
pub(super) fn moments(g: &CheckedGame, t: &Texts) -> Vec<(CheckedGame, Cut)> {
    let total = g.record.moves.len();
    let mut out: Vec<(CheckedGame, Cut)> = Vec::new();
    let each = g
        .report
        .annotations
        .iter()
        .flatten()
        .filter(|a| !a.line.is_empty() && a.ply >= 1 && a.ply <= total)
        .filter_map(|a| {
            let shown = match a.kind {
                AnnotationKind::MissedWin => a.ply - 1,
                _ => a.ply,
            };
            let (game, mut cut) = at::cut(g, Some(shown)).unwrap_or_else(|| {
                let whole = Cut {
                    shown,
                    total,
                    illegal: None,
                    moment: None,
                };
                (g.clone(), whole)
            });
            // A position cut before an illegal move is not the moment's.
            if cut.shown != shown || cut.illegal.is_some() {
                return None;
            }
            cut.moment = Some(Moment {
                lines: caption(a, t),
                line: a.line.clone(),
            });
            Some((game, cut))
        });
    for (game, cut) in each {
        let same = |(_, before): &&mut (CheckedGame, Cut)| {
            before.shown == cut.shown
                && before.moment.as_ref().map(|m| &m.line) == cut.moment.as_ref().map(|m| &m.line)
        };
        match (out.last_mut().filter(same), cut.moment) {
            (Some((_, before)), Some(moment)) => {
                if let Some(m) = &mut before.moment {
                    // What happened, before the one line saying what the
                    // numbers are.
                    let numbers = m.lines.pop();
                    m.lines.extend(moment.lines);
                    m.lines.pop();
                    m.lines.extend(numbers);
                }
            }
            (_, moment) => out.push((game, Cut { moment, ..cut })),
        }
    }
    out
}

/// What happened at `a`, and what the numbered marks are.
fn caption(a: &Annotation, t: &Texts) -> Vec<String> {
    let d = &t.diagram;
    let what = match a.kind {
        AnnotationKind::MissedWin => &d.missed_win,
        AnnotationKind::AllowedLoss => &d.allowed_loss,
        AnnotationKind::Decided => &d.decided,
    };
    // A record numbers X's move and O's reply together.
    let number = a.ply.div_ceil(2);
    let happened = fill(
        what,
        &[
            ("move", &number.to_string()),
            ("player", &a.mover.to_string()),
            ("played", &a.played.to_string()),
            ("winner", &a.forcing.to_string()),
        ],
    );
    let line: Vec<String> = a.line.iter().map(Move::to_string).collect();
    let numbers = fill(&d.winning_line, &[("line", &line.join(" "))]);
    vec![happened, numbers]
}

#[cfg(test)]
mod tests {
    use crate::check::check_source;
    use crate::check::solving::annotate_checked;
    use crate::diagram::Diagrams;
    use crate::language::Language;
    use crate::solve::Budget;

    /// The value of `name="…"` in an SVG tag.
    fn attr(tag: &str, name: &str) -> Option<f64> {
        let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        let end = start + tag[start..].find('"')?;
        tag[start..end].parse().ok()
    }

    /// Every white ring with a black outline: (cx, cy, r).
    fn rings(svg: &str) -> Vec<(f64, f64, f64)> {
        svg.split("<circle")
            .skip(1)
            .map(|c| &c[..c.find('>').unwrap()])
            .filter(|c| c.contains("fill=\"#ffffff\"") && c.contains("stroke=\"#000000\""))
            .map(|c| {
                (
                    attr(c, "cx").unwrap(),
                    attr(c, "cy").unwrap(),
                    attr(c, "r").unwrap(),
                )
            })
            .collect()
    }

    /// Every bold, centred text that is a number: (x, y, n).
    fn numbers(svg: &str) -> Vec<(f64, f64, usize)> {
        svg.split("<text")
            .skip(1)
            .filter_map(|t| {
                let (tag, rest) = t.split_once('>')?;
                let n = rest.split('<').next()?.parse().ok()?;
                let bold = tag.contains("font-weight=\"bold\"") && tag.contains("middle");
                bold.then(|| (attr(tag, "x").unwrap(), attr(tag, "y").unwrap(), n))
            })
            .collect()
    }

    /// The column and row of an Ultimate move `S.T` on the 9×9 field.
    fn column_row(mv: &str) -> (i32, i32) {
        let (s, t) = mv.split_once('.').unwrap();
        let (s, t): (i32, i32) = (s.parse::<i32>().unwrap() - 1, t.parse::<i32>().unwrap() - 1);
        (s % 3 * 3 + t % 3, s / 3 * 3 + t / 3)
    }

    /// `check --annotate --diagram`: after the game's page, a page for
    /// each moment whose SVG has the winning line as numbered rings, 1
    /// first, each in the cell of its move: the rings stand as the moves'
    /// cells do on the field, one cell apart where the moves are, and the
    /// number in each is its place in the line.
    #[test]
    fn each_moment_draws_its_winning_line_as_numbered_rings() {
        let record = include_bytes!("../../../../examples/records/ultimate.txt");
        let file = check_source("ultimate.txt", record, None);
        let mut g = file.games[0].clone();
        let found = annotate_checked(&g, Budget::default()).unwrap();
        let lines: Vec<Vec<String>> = found
            .items
            .iter()
            .map(|a| a.line.iter().map(ToString::to_string).collect())
            .collect();
        assert!(lines.iter().any(|l| l.len() >= 3), "{lines:?}");
        g.report.annotations = Some(found.items);
        let mut diagrams = Diagrams::new(Language::En);
        let pages = diagrams.add(&g).unwrap();
        // The game, then the moments; two about one position share a page.
        let mut lines_drawn = lines.clone();
        lines_drawn.dedup();
        assert_eq!(pages.len(), 1 + lines_drawn.len(), "{lines:?}");
        assert!(rings(&svg_of(&pages[0])).is_empty());
        let mut checked = 0;
        for page in &pages[1..] {
            let svg = svg_of(page);
            let rings = rings(&svg);
            let numbers = numbers(&svg);
            let line = lines
                .iter()
                .find(|l| l.len() == rings.len() && svg.contains(&l.join(" ")))
                .expect("the caption names the line drawn");
            assert_eq!(numbers.len(), line.len());
            for (i, &(x, y, n)) in numbers.iter().enumerate() {
                assert_eq!(n, i + 1);
                let (cx, cy, r) = rings[i];
                assert!((x - cx).abs() < 1e-3 && (y - cy).abs() < r, "{n}");
            }
            // The rings stand as the moves' cells do: in one column or row
            // where the moves are, else as many cells apart (a cell being
            // the same every time, give or take the heavier lines between
            // boards).
            let mut cells = Vec::new();
            let (c0, r0) = column_row(&line[0]);
            for (i, mv) in line.iter().enumerate() {
                let (c, r) = column_row(mv);
                let (dx, dy) = (rings[i].0 - rings[0].0, rings[i].1 - rings[0].1);
                for (d, apart) in [(dx, c - c0), (dy, r - r0)] {
                    match apart {
                        0 => assert!(d.abs() < 1e-3, "{mv}"),
                        _ => cells.push(d / f64::from(apart)),
                    }
                }
            }
            let least = cells.iter().copied().fold(f64::INFINITY, f64::min);
            let most = cells.iter().copied().fold(0.0, f64::max);
            assert!(
                cells.is_empty() || least > 3.0 && most < 1.15 * least,
                "{cells:?}"
            );
            checked += 1;
        }
        assert!(checked >= 3);
    }

    fn svg_of(page: &crate::display::Page) -> String {
        let doc = crate::display::Document {
            metadata: Default::default(),
            pages: vec![page.clone()],
        };
        let svg = crate::render(&doc, crate::Format::Svg).unwrap();
        String::from_utf8(svg[0].clone()).unwrap()
    }
}
