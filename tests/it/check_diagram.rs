//! `check --diagram` read back as a printer shows it: every game drawn on its
//! sheet, marks in the right cells and none in the empty ones, SOS letters
//! where `pdftotext` finds them, tracking grids filled in as the engine's
//! won and drawn fields say, SVG and PDF the same picture.
//!
//! Cell positions come from the sheet itself wherever it prints them (the
//! position numbers of the tic-tac-toe board, the tactical-cell labels around
//! the Ultimate field, the SOS column letters and row numbers); the tracking
//! grids print none, so their cells come from the layout's own geometry.

use crate::common;

use common::diagram_ink::*;
use common::*;
use paperboard_games::check::{CheckedGame, Position};
use paperboard_games::games::sos::Cell;
use paperboard_games::games::ttt::{FieldState, Game, Mark, Move};
use paperboard_sheets::backend::svg;
use paperboard_sheets::diagram::{diagram, diagram_at};
use paperboard_sheets::display::{Anchor, Rect};
use paperboard_sheets::language::Language;

fn example(name: &str) -> Vec<CheckedGame> {
    let path = format!("{}/examples/records/{name}", env!("CARGO_MANIFEST_DIR"));
    checked(name, &std::fs::read_to_string(path).unwrap())
}

#[test]
fn tic_tac_toe_marks_fill_their_cells_and_the_winning_row_is_struck() {
    let games = checked(
        "t.txt",
        "[Game \"tictactoe\"]\n1. 1 4 2. 2 5 3. 3\n\n[Game \"tictactoe\"]\n1. 4 8 2. 2 1 3. 3 6 4. 9 7 5. 5\n",
    );
    let doc = diagram(&games.iter().collect::<Vec<_>>()).unwrap();
    // Both games of the file on one page, side by side.
    assert_eq!(doc.pages.len(), 1);
    let bytes = pdf_of(&doc);
    let words = pdf_words(&bytes);
    let raster = rasterize_pdf_page(&bytes, 1, DPI);
    // Each cell's position number sits at its top-left corner: a board is
    // where a 1 has a 2 one cell to its right and a 4 one cell below.
    let at = |text: &str, x: f64, y: f64| {
        words
            .iter()
            .find(|w| {
                w.text == text && (w.centre_x() - x).abs() < 0.5 && (w.centre_y() - y).abs() < 0.5
            })
            .is_some()
    };
    let mut boards: Vec<(f64, f64, f64)> = words
        .iter()
        .filter(|w| w.text == "1")
        .filter_map(|one| {
            let (x, y) = (one.centre_x(), one.centre_y());
            let two = words.iter().find(|w| {
                w.text == "2" && (w.centre_y() - y).abs() < 0.5 && w.centre_x() - x > 15.0
            })?;
            let cell = two.centre_x() - x;
            at("4", x, y + cell).then_some((x, y, cell))
        })
        .collect();
    boards.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert_eq!(boards.len(), 2, "{boards:?}");
    for (g, &(x1, y1, cell)) in games.iter().zip(&boards) {
        assert!(cell > 20.0, "large boards, got {cell} mm cells");
        let area = |p: u8| {
            let (r, c) = (f64::from((p - 1) / 3), f64::from((p - 1) % 3));
            // The number's centre is about a sixth of a cell into its cell.
            Rect::new(
                x1 - 0.16 * cell + c * cell,
                y1 - 0.16 * cell + r * cell,
                cell,
                cell,
            )
        };
        let game = ttt(g);
        for p in 1..=9u8 {
            let mark = game.cell(Move::new(&[p]).unwrap());
            // The cell without the corner its dark number stands in.
            let a = area(p);
            let mark_area = Rect::new(a.x + 0.1 * cell, a.y + 0.1 * cell, 0.9 * cell, 0.9 * cell);
            assert_cell(&raster, mark_area, mark.map(mark_ink), &format!("cell {p}"));
        }
        // Between cells 1 and 2 and between 2 and 3 (where no X reaches),
        // a quarter of a cell above and below the row's middle: the two long
        // sides of the frame around the winning row, only in the won game;
        // and nothing on the middle itself (a frame, not a stroke).
        let between = |a: u8, across: f64| {
            let r = area(a);
            Rect::new(
                r.right() - 0.1 * cell,
                r.y + (0.5 + across) * cell - 0.06 * cell,
                0.2 * cell,
                0.12 * cell,
            )
        };
        let rail = |across: f64| {
            count(&raster, between(1, across), 0.0, Ink::Blue)
                + count(&raster, between(2, across), 0.0, Ink::Blue)
        };
        let middle = rail(0.0);
        if game.field_state(0, 0) == FieldState::Won(Mark::X) {
            for across in [-0.25, 0.25] {
                assert!(rail(across) > 20, "winning row not framed at {across}");
            }
            assert_eq!(middle, 0, "the frame is open in the middle");
        } else {
            assert_eq!(
                rail(-0.25) + rail(0.25) + middle,
                0,
                "a drawn game has no frame"
            );
        }
    }
}

#[test]
fn sos_letters_scores_and_lines_are_where_the_engine_has_them() {
    let games = example("sos-three-players.txt");
    let doc = diagram(&games.iter().collect::<Vec<_>>()).unwrap();
    let bytes = pdf_of(&doc);
    let words = pdf_words(&bytes);
    for (i, g) in games.iter().enumerate() {
        let page = i + 1;
        let Some(Position::Sos { game, .. }) = &g.position else {
            panic!("not SOS")
        };
        let cfg = game.config();
        // The column letters and row numbers the sheet prints give the grid.
        let cols: Vec<f64> = (0..cfg.width())
            .map(|c| word_centre(&words, page, &char::from(b'a' + c).to_string(), 10.0).0)
            .collect();
        let rows: Vec<f64> = (0..cfg.height())
            .map(|r| word_centre(&words, page, &(r + 1).to_string(), 10.0).1)
            .collect();
        let cell = cols[1] - cols[0];
        let nearest = |v: f64, axis: &[f64]| {
            axis.iter()
                .position(|&a| (a - v).abs() < cell / 2.0)
                .map(|k| k as u8)
        };
        let grid_bottom = rows[rows.len() - 1] + cell / 2.0;
        let mut found = std::collections::BTreeMap::new();
        for w in words
            .iter()
            .filter(|w| w.page == page && w.y_min < grid_bottom)
        {
            if w.text == "S" || w.text == "O" {
                let col = nearest(w.centre_x(), &cols).expect("letter in a column");
                let row = nearest(w.centre_y(), &rows).expect("letter in a row");
                assert!(found.insert((col, row), w.text.clone()).is_none());
            }
        }
        let mut expected = std::collections::BTreeMap::new();
        for row in 0..cfg.height() {
            for col in 0..cfg.width() {
                if let Some(l) = game.letter(Cell { col, row }) {
                    expected.insert((col, row), l.to_string());
                }
            }
        }
        assert_eq!(found, expected, "game {page}");
        // Each player's row of the tally: the name, then the score.
        for s in &g.report.scores {
            let name = s.name.as_deref().unwrap();
            let (nx, ny) = word_centre(&words, page, name, grid_bottom);
            let score = words
                .iter()
                .find(|w| w.page == page && w.centre_x() > nx && (w.centre_y() - ny).abs() < 1.0)
                .unwrap_or_else(|| panic!("no score beside {name}"));
            assert_eq!(
                score.text,
                game.scores()[usize::from(s.player.as_bytes()[0] - b'A')].to_string()
            );
        }
        // Every line in its player's ink at its middle cell (the first two
        // players' inks are the diagram's X and O colours); a line of the
        // third player, dotted green, leaves neither there unless another
        // player's line crosses.
        let raster = rasterize_pdf_page(&bytes, page, DPI);
        for line in game.lines().iter().filter(|l| l.player < 2) {
            let [a, _, c] = line.cells;
            let (ax, ay) = (cols[usize::from(a.col)], rows[usize::from(a.row)]);
            let (cx, cy) = (cols[usize::from(c.col)], rows[usize::from(c.row)]);
            // A quarter and three quarters along, between the letters.
            let probe =
                |t: f64| Rect::new(ax + (cx - ax) * t - 1.2, ay + (cy - ay) * t - 1.2, 2.4, 2.4);
            let ink = if line.player == 0 {
                Ink::Blue
            } else {
                Ink::Red
            };
            let n: usize = [0.25, 0.75]
                .iter()
                .map(|&t| count(&raster, probe(t), 0.0, ink))
                .sum();
            assert!(
                n > 3,
                "game {page}: line {line:?} not drawn in its ink ({n})"
            );
        }
    }
}

#[test]
fn svg_and_pdf_diagrams_show_the_same_picture() {
    let mut games = example("tictactoe.txt");
    games.truncate(1);
    games.extend(example("sos-general.txt").into_iter().take(1));
    games.extend(example("ultimate.txt").into_iter().take(1));
    games.extend(
        example("strategic-functional-map34.txt")
            .into_iter()
            .take(1),
    );
    let doc = diagram(&games.iter().collect::<Vec<_>>()).unwrap();
    let bytes = pdf_of(&doc);
    for (i, page) in doc.pages.iter().enumerate() {
        // At the resolution the sheet tests compare at: below it, hairlines
        // come out a solid pixel from one renderer and a pale one from the other.
        let a = rasterize_pdf_page(&bytes, i + 1, 150);
        let b = rasterize_svg(&svg::render_page(page, &doc.metadata), 150);
        let diff = compare_rasters(&a, &b, 128);
        assert!(diff.ink > 5_000, "page {}: nothing drawn?", i + 1);
        assert!(diff.fraction() < 0.01, "page {}: {diff:?}", i + 1);
    }
}

#[test]
fn names_and_date_are_written_on_the_sheets_blanks() {
    let mut games = example("tictactoe.txt");
    games.truncate(1);
    games.extend(example("sos-general.txt").into_iter().take(1));
    let bytes = pdf_of(&diagram(&games.iter().collect::<Vec<_>>()).unwrap());
    let words = pdf_words(&bytes);
    let tag = |g: &CheckedGame, name: &str| {
        g.record
            .tags
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.clone())
            .unwrap()
    };
    for (page, g) in games.iter().enumerate() {
        let page = page + 1;
        // Tic-tac-toe boards share pages: the players are named in each
        // board's caption, `X: Anna · O: Ben`.
        let fields: &[&str] = if page == 1 { &["X:", "O:"] } else { &["Date"] };
        for &field in fields {
            // The label of the write-in line (below the summary line at the top).
            let label = words
                .iter()
                .find(|w| w.page == page && w.text == field && w.y_min > 8.0)
                .unwrap_or_else(|| panic!("label {field}"));
            // The next word on that line is the record's value.
            let value = words
                .iter()
                .filter(|w| {
                    w.page == page
                        && w.x_min > label.x_max
                        && (w.centre_y() - label.centre_y()).abs() < 1.0
                })
                .min_by(|a, b| a.x_min.total_cmp(&b.x_min))
                .unwrap_or_else(|| panic!("nothing written after {field}"));
            let name = field.trim_end_matches(':');
            assert_eq!(value.text, tag(g, name), "page {page}, {field}");
        }
    }
}

#[test]
fn record_tables_hold_the_moves_as_written() {
    use paperboard_games::record::MoveBody;
    let mut games = example("ultimate.txt");
    games.truncate(1);
    games.extend(example("sos-general.txt").into_iter().take(1));
    let bytes = pdf_of(&diagram(&games.iter().collect::<Vec<_>>()).unwrap());
    let words = pdf_words(&bytes);
    // The words of table row `n` (numbered from 1) of the first table, below
    // `floor` mm, left to right within `span` mm after the row number.
    let row = |page: usize, n: usize, (floor, left): (f64, f64), span: f64| -> Vec<String> {
        let number = words
            .iter()
            .filter(|w| w.page == page && w.text == n.to_string() && w.y_min > floor)
            .filter(|w| w.x_min > left)
            .min_by(|a, b| a.x_min.total_cmp(&b.x_min))
            .unwrap_or_else(|| panic!("row {n}"));
        let mut line: Vec<&PdfWord> = words
            .iter()
            .filter(|w| {
                w.page == page
                    && (w.centre_y() - number.centre_y()).abs() < 1.0
                    && w.x_min > number.x_max
                    && w.x_min < number.x_max + span
            })
            .collect();
        line.sort_by(|a, b| a.x_min.total_cmp(&b.x_min));
        line.iter().map(|w| w.text.clone()).collect()
    };
    // Ultimate: move pairs by row, X's T O then O's T O; the tables start
    // below the field's bottom labels.
    let floor = (word_centre(&words, 1, "7", 12.0).1 + 2.0, 0.0);
    let moves = &games[0].record.moves;
    for n in 1..=28 {
        let expected: Vec<String> = moves[2 * (n - 1)..(2 * n).min(moves.len())]
            .iter()
            .flat_map(|m| match &m.body {
                MoveBody::Path(mv) => mv.path().to_vec(),
                _ => panic!("a legal example"),
            })
            .map(|p| p.to_string())
            .collect();
        assert_eq!(row(1, n, floor, 36.0), expected, "ultimate row {n}");
    }
    // SOS: one move a row, player, cell and letter; in the board's own
    // record, under its heading.
    // (Right of the board's own row labels, when the record stands beside it.)
    let (x, y) = word_centre(&words, 2, "Moves", 12.0);
    let floor = (y + 4.0, x - 25.0);
    for (i, m) in games[1].record.moves.iter().enumerate().take(16) {
        let MoveBody::Sos(mv) = m.body else {
            panic!("an SOS move")
        };
        let expected = [
            m.player.clone().unwrap(),
            mv.cell.to_string(),
            mv.letter.to_string(),
        ];
        assert_eq!(row(2, i + 1, floor, 30.0), expected, "SOS row {}", i + 1);
    }
}

#[test]
fn the_same_games_give_the_same_bytes() {
    let mut games = example("sos-three-players.txt");
    games.extend(example("strategic-functional-map67-no-return.txt"));
    let doc = || diagram(&games.iter().collect::<Vec<_>>()).unwrap();
    assert!(pdf_of(&doc()) == pdf_of(&doc()), "PDF differs");
    for (a, b) in doc().pages.iter().zip(&doc().pages) {
        let metadata = &doc().metadata;
        let (a, b) = (svg::render_page(a, metadata), svg::render_page(b, metadata));
        parse_svg(&a);
        assert_eq!(a, b);
    }
}

/// `n` won tic-tac-toe games of one file (X along the top row).
fn ttt_games(n: usize) -> Vec<CheckedGame> {
    let one = "[Game \"tictactoe\"]\n1. 1 4 2. 2 5 3. 3\n\n";
    checked("t.txt", &one.repeat(n))
}

#[test]
fn fewer_tic_tac_toe_games_on_a_page_are_drawn_larger_with_marks_clear_of_the_numbers() {
    use paperboard_sheets::display::{Item, Point};
    // The board's side on the page: its grid lines are the longest black
    // lines drawn (the winning frame is in ink and shorter).
    let side = |n: usize| {
        let games = ttt_games(n);
        let doc = diagram(&games.iter().collect::<Vec<_>>()).unwrap();
        assert_eq!(doc.pages.len(), 1, "{n} games");
        let page = &doc.pages[0];
        let side = page
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Line { from, to, stroke }
                    if stroke.color == paperboard_sheets::display::Color::BLACK =>
                {
                    Some((to.x - from.x).hypot(to.y - from.y))
                }
                _ => None,
            })
            .fold(0.0, f64::max);
        (side, page.clone())
    };
    let (one, page) = side(1);
    let (two, _) = side(2);
    let (six, _) = side(6);
    assert!(
        one > six && two >= six,
        "1: {one} mm, 2: {two} mm, 6: {six} mm"
    );
    // One game alone fills its page: a board across most of its width
    // (A4, 194 mm inside the margins), up to 60 mm cells.
    assert!((150.0..=180.0 + 1e-9).contains(&one), "{one} mm");
    // Six never smaller than the 22 mm cells they had.
    assert!(six >= 66.0 - 1e-9, "{six} mm");
    // On the large board every mark keeps clear of the position numbers:
    // no number's centre, widened by half its size, inside a mark's box.
    let numbers: Vec<(Point, f64)> = page
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t)
                if t.content.len() == 1
                    && t.content.as_bytes()[0].is_ascii_digit()
                    && t.color != paperboard_sheets::display::Color::BLACK =>
            {
                Some((t.pos, t.size))
            }
            _ => None,
        })
        .collect();
    assert_eq!(numbers.len(), 9, "{numbers:?}");
    let mut marks = 0;
    for item in &page.items {
        let (x0, y0, x1, y1) = match item {
            Item::Line { from, to, stroke }
                if stroke.color != paperboard_sheets::display::Color::BLACK =>
            {
                (
                    from.x.min(to.x),
                    from.y.min(to.y),
                    from.x.max(to.x),
                    from.y.max(to.y),
                )
            }
            Item::Circle { center, radius, .. } => (
                center.x - radius,
                center.y - radius,
                center.x + radius,
                center.y + radius,
            ),
            _ => continue,
        };
        // Only what lies inside one cell: the marks and the winning frame's ends.
        if x1 - x0 > one / 3.0 || y1 - y0 > one / 3.0 {
            continue;
        }
        marks += 1;
        for &(p, size) in &numbers {
            // The number's box: its baseline point, a digit wide and high.
            let (nx0, ny0, nx1, ny1) = (p.x - size, p.y - size, p.x + size, p.y + size / 2.0);
            assert!(
                nx1 < x0 || nx0 > x1 || ny1 < y0 || ny0 > y1,
                "a mark ({x0:.1},{y0:.1})-({x1:.1},{y1:.1}) on the number at {p:?}"
            );
        }
    }
    // Three X (two strokes each), two O and the frame's two ends.
    assert_eq!(marks, 3 * 2 + 2 + 2);
}

/// The words of three Latin letters or more in `text`.
fn latin_words(text: &str) -> std::collections::BTreeSet<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 3)
        .map(str::to_string)
        .collect()
}

/// `check --diagram --language de` draws on the German sheet, as `render
/// --language de` prints it: none of the words the translation changes (the
/// date line, the record heads, the tracking grids' titles) stays English.
#[test]
fn diagrams_are_drawn_on_the_sheet_of_their_language() {
    use paperboard_sheets::spec::{Set, Spec, Template};
    let cases = [
        ("sos-general.txt", Template::Sos),
        ("tictactoe.txt", Template::TicTacToe),
        ("ultimate.txt", Template::Ultimate),
        (
            "strategic-functional-map34.txt",
            Template::StrategicFunctional,
        ),
    ];
    let words_of = |template, language| {
        let spec = Spec::template(template, &[Set::language(language)]).unwrap();
        let sheet = paperboard_sheets::layout(&spec).unwrap();
        latin_words(&page_text(&sheet.document().pages[0]))
    };
    for (name, template) in cases {
        let games = example(name);
        let english = words_of(template, Language::En);
        for language in [Language::De, Language::Ru, Language::Th] {
            let own = words_of(template, language);
            let translated: Vec<&String> = english.difference(&own).collect();
            assert!(!translated.is_empty(), "{name}: nothing to compare");
            let doc = diagram_at(&games[..1].iter().collect::<Vec<_>>(), language, None).unwrap();
            let drawn = latin_words(&page_text(&doc.pages[0]));
            // The caption names the file, in the file's own words.
            let file = latin_words(name);
            let english_left: Vec<&&String> = translated
                .iter()
                .filter(|w| drawn.contains(**w) && !file.contains(**w))
                .collect();
            assert!(
                english_left.is_empty(),
                "{name} in {language}: English sheet words {english_left:?}"
            );
        }
    }
}

/// Where each cell of the Ultimate field on `page` is, from the labels the
/// sheet prints (1..3 over the field, 4 at its left), below the caption
/// (whose lines may hold the same numbers).
fn ultimate_cells(words: &[PdfWord], page: usize) -> impl Fn(Move) -> Rect + use<> {
    let c1 = word_centre(words, page, "1", 24.0).0;
    let c2 = word_centre(words, page, "2", 24.0).0;
    let r4 = word_centre(words, page, "4", 24.0).1;
    let cell = (c2 - c1) / 3.0;
    let (x0, y0) = (c1 - 1.5 * cell, r4 - 4.5 * cell);
    move |mv: Move| {
        let [t, o] = [mv.path()[0] - 1, mv.path()[1] - 1].map(f64::from);
        let r = (t / 3.0).floor() * 3.0 + (o / 3.0).floor();
        let c = (t % 3.0) * 3.0 + o % 3.0;
        Rect::new(x0 + c * cell, y0 + r * cell, cell, cell)
    }
}

/// The position after the first `n` moves of a checked game's record,
/// replayed from the start (the moves are legal up to `n`).
fn replayed(g: &CheckedGame, n: usize) -> Game {
    let last = ttt(g);
    let mut game = last.restarted();
    for tok in &g.record.moves[..n] {
        let paperboard_games::record::MoveBody::Path(mv) = &tok.body else {
            panic!("a move");
        };
        game.play(*mv).unwrap();
    }
    game
}

/// Runs `check --diagram` on an example record with more arguments; the
/// diagram's PDF.
fn diagram_cli(record: &str, more: &[&str]) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("d.pdf");
    let run = crate::common::paperboard()
        .arg("check")
        .arg(format!(
            "{}/examples/records/{record}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .arg("--diagram")
        .arg(&out)
        .args(more)
        .output()
        .unwrap();
    assert!(out.exists(), "{}", String::from_utf8_lossy(&run.stderr));
    std::fs::read(&out).unwrap()
}

/// Asserts every cell of the Ultimate field on page 1 holds what `game`
/// has, but `extra`, which holds that mark though `game` does not.
fn assert_ultimate_position(bytes: &[u8], game: &Game, extra: Option<(Move, Mark)>, what: &str) {
    let raster = rasterize_pdf_page(bytes, 1, DPI);
    let cells = ultimate_cells(&pdf_words(bytes), 1);
    for i in 0..81 {
        let mv = Move::from_index(i, 2);
        let mark = match extra {
            Some((m, mark)) if m == mv => Some(mark),
            _ => game.cell(mv),
        };
        for (m, ink) in [(Mark::X, Ink::Blue), (Mark::O, Ink::Red)] {
            let n = count(&raster, cells(mv), 0.15, ink);
            if mark == Some(m) {
                assert!(n > 10, "{what} {mv}: {m:?} missing");
            } else {
                assert!(n < 3, "{what} {mv}: stray {ink:?} ({n})");
            }
        }
    }
}

#[test]
fn a_diagram_at_a_move_shows_the_position_after_it() {
    let g = &example("ultimate.txt")[0];
    let total = g.record.moves.len();
    for at in [0, 1, 10, 25] {
        let bytes = diagram_cli("ultimate.txt", &["--at", &at.to_string()]);
        let what = format!("--at {at}");
        let text = pdftotext_page(&bytes, 1)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            text.contains(&format!("Position after {at} of {total} moves.")),
            "{what}: {text}"
        );
        assert_ultimate_position(&bytes, &replayed(g, at), None, &what);
    }
    // At or past the last move: the final position, captioned as ever.
    let bytes = diagram_cli("ultimate.txt", &["--at", &total.to_string()]);
    assert!(!pdftotext_page(&bytes, 1).contains("Position after"));
    assert_ultimate_position(&bytes, ttt(g), None, "--at the end");
    // Not a number of moves: refused before anything is written.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("d.pdf");
    let run = crate::common::paperboard()
        .args([
            "check",
            "examples/records/ultimate.txt",
            "--at",
            "-3",
            "--diagram",
        ])
        .arg(&out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    assert!(String::from_utf8_lossy(&run.stderr).contains("--at"));
    assert!(!out.exists());
}

#[test]
fn an_illegal_game_is_drawn_before_its_first_illegal_move_with_that_move_apart() {
    let games = example("illegal/wrong-tactical-cell.txt");
    let g = &games[0];
    let bytes = diagram_cli("illegal/wrong-tactical-cell.txt", &[]);
    let text = pdftotext_page(&bytes, 1)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    // The report names it move 11 of O, the record's 22nd move.
    let error = &g.report.errors[0];
    assert_eq!(
        (error.move_number, error.player.as_deref()),
        (Some(11), Some("O"))
    );
    assert!(text.contains("Position after 21 of 22 moves."), "{text}");
    assert!(
        text.contains("Move 11, O 1.1: illegal, drawn in the dashed frame."),
        "{text}"
    );
    // The position before it, and the illegal O in its cell.
    let before = replayed(g, 21);
    let illegal = Move::new(&[1, 1]).unwrap();
    assert_eq!(before.cell(illegal), None);
    assert_ultimate_position(&bytes, &before, Some((illegal, Mark::O)), "illegal");
    // Its frame is dashed: along the top edge just outside the cell, dark
    // runs alternate with light ones.
    let raster = rasterize_pdf_page(&bytes, 1, 300);
    let cell = ultimate_cells(&pdf_words(&bytes), 1)(illegal);
    let px = |mm: f64| mm_to_px(mm, 300).round() as usize;
    // Between the field's border (solid) and the labels over it.
    let switches = (px(cell.y - 2.5)..=px(cell.y - 0.55))
        .map(|y| {
            let dark: Vec<bool> = (px(cell.x)..px(cell.right()))
                .map(|x| raster.pixel(x, y).iter().all(|&c| c < 100))
                .collect();
            dark.windows(2).filter(|w| w[0] != w[1]).count()
        })
        .max()
        .unwrap();
    assert!(
        switches >= 4,
        "{switches} changes along the frame: not dashed"
    );
    // In German too, in the record's numbering.
    let bytes = diagram_cli("illegal/wrong-tactical-cell.txt", &["--language", "de"]);
    let text = pdftotext_page(&bytes, 1)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(text.contains("Zug 11, O 1.1: nicht erlaubt"), "{text}");
}

#[test]
fn hyperfunctional_marks_are_whole_and_clear_of_every_cells_number() {
    use paperboard_sheets::display::{Color, Item};
    let x_ink = Color::rgb(25, 60, 140);
    let o_ink = Color::rgb(150, 45, 15);
    let games = example("strategic-hyperfunctional-hmap2.txt");
    let doc = diagram(&games.iter().collect::<Vec<_>>()).unwrap();
    for (g, page) in games.iter().zip(&doc.pages) {
        let game = ttt(g);
        // The numbers printed in every cell: one digit, in the numbers' grey.
        let numbers: Vec<Rect> = page
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text(t)
                    if t.color == Color::grey(0x26)
                        && t.content.len() == 1
                        && t.content.as_bytes()[0].is_ascii_digit() =>
                {
                    assert_eq!(t.anchor, Anchor::Middle, "{t:?}");
                    Some(t.glyph_box())
                }
                _ => None,
            })
            .collect();
        assert_eq!(numbers.len(), 729, "a number in every cell");
        let left = numbers.iter().map(|r| r.x).fold(f64::MAX, f64::min);
        let cell = numbers
            .iter()
            .map(|r| r.x - left)
            .filter(|&d| d > 1.0)
            .fold(f64::MAX, f64::min);
        // Inside a cell: from its number's corner on, to about its far
        // sides (the badges of won strategic cells stand in the gaps).
        let in_field = |x: f64, y: f64| {
            numbers
                .iter()
                .any(|n| x > n.x && x < n.x + 0.85 * cell && y > n.y && y < n.y + 0.85 * cell)
        };
        // Every mark in a cell: its box, and whether it is an X's stroke.
        let marks: Vec<(Rect, bool)> = page
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Line { from, to, stroke } if stroke.color == x_ink => {
                    let pad = stroke.width / 2.0;
                    let r = Rect::new(
                        from.x.min(to.x) - pad,
                        from.y.min(to.y) - pad,
                        (to.x - from.x).abs() + 2.0 * pad,
                        (to.y - from.y).abs() + 2.0 * pad,
                    );
                    Some((r, true))
                }
                Item::Circle {
                    center,
                    radius,
                    stroke: Some(s),
                    ..
                } if s.color == o_ink => {
                    let r = radius + s.width / 2.0;
                    Some((
                        Rect::new(center.x - r, center.y - r, 2.0 * r, 2.0 * r),
                        false,
                    ))
                }
                _ => None,
            })
            .filter(|(r, _)| in_field(r.centre().x, r.centre().y))
            .collect();
        for (mark, _) in &marks {
            // Whole: an X's strokes cross the mark's square, an O fills it;
            // readable: two fifths of a cell across at least.
            assert!(
                mark.w >= 0.4 * cell && mark.h >= 0.4 * cell,
                "{mark:?} in {cell} mm cells"
            );
            for n in &numbers {
                let apart = mark.right() <= n.x
                    || n.right() <= mark.x
                    || mark.bottom() <= n.y
                    || n.bottom() <= mark.y;
                assert!(
                    apart,
                    "game {}: mark {mark:?} over the number at {n:?}",
                    g.report.game
                );
            }
        }
        // One O a cell of O's, two whole strokes a cell of X's.
        let count = |m: Mark| {
            (0..729)
                .filter(|&i| game.cell(Move::from_index(i, 3)) == Some(m))
                .count()
        };
        let strokes = marks.iter().filter(|(_, x)| *x).count();
        assert_eq!(strokes, 2 * count(Mark::X), "game {}", g.report.game);
        assert_eq!(
            marks.len() - strokes,
            count(Mark::O),
            "game {}",
            g.report.game
        );
    }
}

/// `--at N` frames move N, the last move of the position shown, with a
/// heavy solid outline round its cell: the same position written as a
/// record of N moves draws the same page without it.
#[test]
fn the_move_a_cut_position_stops_at_is_framed() {
    use paperboard_sheets::display::Item;
    let text = std::fs::read_to_string(format!(
        "{}/examples/records/ultimate.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    // Game 1's tags and its first 10 moves (5 numbered lines), unfinished.
    let head: Vec<&str> = text.lines().skip(4).take(5).collect();
    let moves: Vec<&str> = text.lines().skip(10).take(5).collect();
    let short = format!(
        "{}\n[Result \"*\"]\n\n{}\n",
        head[..4].join("\n"),
        moves.join("\n")
    );
    let whole = checked("u.txt", &text);
    let cut = diagram_at(&[&whole[0]], Language::En, Some(10)).unwrap();
    let written = checked("u.txt", &short);
    assert!(written[0].report.errors.is_empty(), "{short}");
    let plain = diagram_at(&[&written[0]], Language::En, None).unwrap();
    let frames = |doc: &paperboard_sheets::display::Document| -> Vec<Rect> {
        doc.pages[0]
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Rect {
                    rect,
                    fill: None,
                    stroke: Some(s),
                } if s.dash.is_none() && s.width >= 0.4 => Some(*rect),
                _ => None,
            })
            .collect()
    };
    // A frame round one square of the field: a square outline larger than
    // the tracking grid's squares and smaller than a board.
    let squares = |doc| -> Vec<Rect> {
        frames(doc)
            .into_iter()
            .filter(|r| (r.w - r.h).abs() < 1e-6 && (12.0..22.0).contains(&r.w))
            .collect()
    };
    assert!(squares(&plain).is_empty(), "{:?}", squares(&plain));
    let framed = squares(&cut);
    assert_eq!(framed.len(), 1, "{framed:?}");
    // Move 10 is O 3.9: the bottom right square of the top right board.
    let page = &cut.pages[0];
    let frame = framed[0];
    assert!(
        frame.x > page.width / 2.0 && frame.y < page.height / 2.0,
        "{frame:?}"
    );
}
