//! How much a printed record holds, counted in the laid-out sheet's
//! geometry: every writing row of every table, walked until the geometry
//! says there is none. A game sheet's record must hold at least what the
//! original it follows holds (the authors' game sheet: four tables of 21
//! rows, 84 move pairs), or the whole game where there is no original —
//! but on US Letter, where the authors' rows and the alignment marks do
//! not both fit, the sheet gives up three rows a table for its marks and
//! code (a sheet that can be read back; the game goes on on a record
//! sheet); and every box a move is written in is at least 4.5 mm each
//! way, room for a child's digit.

use super::common;
use paperboard_sheets::display::Rect;
use paperboard_sheets::layout::{Sheet, layout};
use paperboard_sheets::parts::PartGeometry;
use paperboard_sheets::spec::{Set, Spec, Template};

/// The smallest box a move is written in, mm.
const LEAST_BOX: f64 = 4.5;

/// Move pairs on the authors' Strategic game sheet (four tables of 21 rows).
const ORIGINAL_PAIRS: u32 = 84;

/// Move pairs on the Strategic game sheet on US Letter portrait: four
/// tables of 18 rows, the rows the field at its smallest cell leaves
/// between the bands of the marks.
const LETTER_PAIRS: u32 = 72;

/// The template on `paper`, either way up; `None` where the page is refused
/// (the Strategic game sheets on A5). On A5 the bands of the alignment
/// marks cost the record rows the half page cannot spare: the floors there
/// hold for a sheet printed without them (`page.marks=false`, as
/// docs/spec.md says), which is how a club keeps a long game on A5.
fn sheet(t: Template, paper: &str, landscape: bool) -> Option<Sheet> {
    let orientation = if landscape { "landscape" } else { "portrait" };
    let mut texts = vec![
        format!("page.size={paper}"),
        format!("page.orientation={orientation}"),
    ];
    if paper == "A5" {
        texts.push("page.marks=false".to_string());
    }
    let sets: Vec<Set> = texts.iter().map(|s| s.parse().unwrap()).collect();
    layout(&Spec::template(t, &sets).unwrap()).ok()
}

/// The least moves `t`'s record must hold on a page that way up, and why;
/// `None` for a sheet with no record, or none to compare with.
fn floor(t: Template, paper: &str, landscape: bool) -> Option<(u32, &'static str)> {
    use Template::*;
    match t {
        // The authors printed these portrait; beside a landscape field, two
        // tables of 21 rows, as tall as the page leaves between the bands
        // of the alignment marks (the field there is the larger).
        StrategicFunctional | StrategicHyperfunctional | StrategicBasic if landscape => {
            Some((2 * 42, "two tables of 21 rows beside the field"))
        }
        StrategicFunctional | StrategicHyperfunctional | StrategicBasic if paper == "Letter" => {
            Some((2 * LETTER_PAIRS, "four tables of 18 rows beside the marks"))
        }
        StrategicFunctional | StrategicHyperfunctional | StrategicBasic => {
            Some((2 * ORIGINAL_PAIRS, "the authors' game sheet"))
        }
        // A record page holds at least what a game sheet does.
        StrategicContinuous | StrategicRecord | StrategicContinuousRecord => {
            Some((2 * ORIGINAL_PAIRS, "the authors' game sheet"))
        }
        // No original: the whole game (Ultimate 81 moves; SOS the default
        // 8×8 board, whose record on A5 portrait goes on, as its note says).
        Ultimate => Some((81, "a whole Ultimate game")),
        Sos if paper == "A5" && !landscape => None,
        Sos | SosRecord => Some((64, "a whole game on the default 8×8 board")),
        // The authors' Basic field has no record; the help and practice
        // sheets none at all.
        StrategicPlain | StrategicHelp | TicTacToe => None,
    }
}

/// Every record on `s`: its id and every box a move is written in, move by
/// move (a move's boxes together).
fn record_moves(s: &Sheet) -> Vec<(String, Vec<Vec<Rect>>)> {
    let mut out = Vec::new();
    for p in s.parts() {
        match p.geometry() {
            PartGeometry::RecordTables(g) => {
                let mut moves = Vec::new();
                for row in 0.. {
                    if g.cell_rect(row, 0, 0).is_none() {
                        break;
                    }
                    for player in 0.. {
                        let boxes: Vec<Rect> =
                            (0..).map_while(|c| g.cell_rect(row, player, c)).collect();
                        if boxes.is_empty() {
                            break;
                        }
                        moves.push(boxes);
                    }
                }
                out.push((p.id().to_string(), moves));
            }
            PartGeometry::ContinuousRecord(g) => {
                let moves = (0..)
                    .map_while(|m| {
                        let boxes: Vec<Rect> = (0..).map_while(|d| g.digit_rect(m, d)).collect();
                        (!boxes.is_empty()).then_some(boxes)
                    })
                    .collect();
                out.push((p.id().to_string(), moves));
            }
            PartGeometry::SosBoard(g) => {
                for (i, b) in g.boards().iter().enumerate() {
                    let moves: Vec<Vec<Rect>> = (0..)
                        .map_while(|row| {
                            let boxes: Vec<Rect> =
                                (0..).map_while(|c| b.record_cell(row, c)).collect();
                            (!boxes.is_empty()).then_some(boxes)
                        })
                        .collect();
                    if !moves.is_empty() {
                        out.push((format!("{} board {}", p.id(), i + 1), moves));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

#[test]
fn every_record_holds_at_least_what_its_original_does() {
    let mut checked = 0;
    let mut faults = Vec::new();
    for &t in Template::ALL {
        for paper in common::papers() {
            for landscape in [false, true] {
                let Some(s) = sheet(t, paper, landscape) else {
                    assert!(
                        t.name().starts_with("strategic") && paper == "A5",
                        "{} {paper} landscape={landscape} refused",
                        t.name()
                    );
                    continue;
                };
                let case = format!("{} {paper} landscape={landscape}", t.name());
                let records = record_moves(&s);
                let Some((least, why)) = floor(t, paper, landscape) else {
                    continue;
                };
                assert!(!records.is_empty(), "{case}: no record");
                for (id, moves) in records {
                    if (moves.len() as u32) < least {
                        faults.push(format!(
                            "{case} `{id}`: {} moves, {least} wanted ({why})",
                            moves.len()
                        ));
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    assert!(checked >= 60, "{checked} records checked");
}

#[test]
fn the_default_sheet_holds_four_tables_of_the_authors_rows() {
    // The issue's own figure: 56 move pairs became 84, in four tables.
    let s = sheet(Template::StrategicFunctional, "A4", false).unwrap();
    let PartGeometry::RecordTables(g) = s.part("records").unwrap().geometry() else {
        panic!("no record tables");
    };
    assert_eq!(g.tables(), 4);
    assert!(g.rows() >= 21, "{} rows", g.rows());
    // The note names the row after the last one printed.
    let note = g.continuation().expect("a note: the game may go on");
    let next = g.rows() * g.tables() + 1;
    assert!(note.contains(&next.to_string()), "{note}");
}

#[test]
fn every_box_a_move_is_written_in_is_at_least_4_5_mm_each_way() {
    let mut boxes = 0;
    for &t in Template::ALL {
        for paper in common::papers() {
            for landscape in [false, true] {
                let Some(s) = sheet(t, paper, landscape) else {
                    continue;
                };
                let case = format!("{} {paper} landscape={landscape}", t.name());
                for (id, moves) in record_moves(&s) {
                    for (m, cells) in moves.iter().enumerate() {
                        for r in cells {
                            assert!(
                                r.w >= LEAST_BOX - 1e-9 && r.h >= LEAST_BOX - 1e-9,
                                "{case} `{id}` move {}: box {:.2} × {:.2} mm",
                                m + 1,
                                r.w,
                                r.h
                            );
                            boxes += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(boxes > 10_000, "{boxes} boxes checked");
}
