//! `check --diagram`'s drawing read back as a printer shows it, where the
//! sheet prints no label to find a cell by: the tracking grids filled in as
//! the engine's won and drawn fields say (their cells from the grids'
//! geometry), and the footer naming the rules in every language (the names
//! from the language's texts). The rest of the diagram's tests, the command
//! line's among them, are integration tests.

use super::common::diagram_ink::*;
use super::common::*;
use paperboard_games::check::CheckedGame;
use paperboard_games::games::ttt::{
    FieldState, Game, Mark, Move, NoReturn, Options, Preset, Ruleset,
};
use paperboard_sheets::diagram::{Diagrams, diagram, diagram_at};
use paperboard_sheets::display::{Item, Rect};
use paperboard_sheets::language::Language;
use paperboard_sheets::parts::{PartGeometry, TrackingKind};
use paperboard_sheets::texts::texts;

fn example(name: &str) -> Vec<CheckedGame> {
    let path = format!("{}/examples/records/{name}", ROOT);
    checked(name, &std::fs::read_to_string(path).unwrap())
}

/// The cells of every tracking grid on the sheet a game's diagram is drawn
/// on, with the engine field each one tracks.
fn tracking_cells(game: &CheckedGame, depth: usize) -> Vec<(Rect, usize, usize)> {
    let sheet = Diagrams::new(Language::En)
        .sheet_of(game)
        .unwrap()
        .expect("a sheet of its own");
    let mut cells = Vec::new();
    for p in sheet.parts() {
        let PartGeometry::TrackingGrid(t) = p.geometry() else {
            continue;
        };
        let (level, blocks) = match t.kind() {
            TrackingKind::Strategic => (depth - 2, 1),
            TrackingKind::Tactical => (0, 9),
            // The Help field alone is no game sheet's.
            TrackingKind::Help => continue,
        };
        for block in 1..=blocks {
            for pos in 1..=9u8 {
                let field = usize::from(block - 1) * 9 + usize::from(pos - 1);
                cells.push((t.cell_rect(block, pos), level, field));
            }
        }
    }
    cells
}

fn state_ink(state: FieldState) -> Option<Ink> {
    match state {
        FieldState::Won(m) => Some(mark_ink(m)),
        FieldState::Drawn => Some(Ink::Grey),
        FieldState::Open => None,
    }
}

/// Asserts each tracking cell shows the mark of the engine's state of its
/// field; collects the states seen.
fn assert_tracking(
    raster: &Raster,
    game: &Game,
    tracking: &[(Rect, usize, usize)],
    states: &mut std::collections::BTreeSet<String>,
    page: usize,
) {
    for &(area, level, field) in tracking {
        let state = game.field_state(level, field);
        states.insert(format!("{state:?}"));
        assert_cell(
            raster,
            area,
            state_ink(state),
            &format!("game {page}: level {level} field {field} ({state:?})"),
        );
    }
}

#[test]
fn ultimate_field_and_won_boards_grid_match_the_engine() {
    let games = example("ultimate.txt");
    let doc = diagram(&games.iter().collect::<Vec<_>>()).unwrap();
    let bytes = pdf_of(&doc);
    let words = pdf_words(&bytes);
    let mut states = std::collections::BTreeSet::new();
    for (i, g) in games.iter().enumerate() {
        let page = i + 1;
        let tracking = tracking_cells(g, 2);
        assert_eq!(tracking.len(), 9);
        let game = ttt(g);
        let raster = rasterize_pdf_page(&bytes, page, DPI);
        // Labels 1..3 above the field centre on tactical columns; 4 left of
        // the field on the middle of its middle row.
        let c1 = word_centre(&words, page, "1", 12.0).0;
        let c2 = word_centre(&words, page, "2", 12.0).0;
        let r4 = word_centre(&words, page, "4", 12.0).1;
        let cell = (c2 - c1) / 3.0;
        let (x0, y0) = (c1 - 1.5 * cell, r4 - 4.5 * cell);
        for i in 0..81 {
            let mv = Move::from_index(i, 2);
            let [t, o] = [mv.path()[0] - 1, mv.path()[1] - 1].map(f64::from);
            let r = (t / 3.0).floor() * 3.0 + (o / 3.0).floor();
            let c = (t % 3.0) * 3.0 + o % 3.0;
            let area = Rect::new(x0 + c * cell, y0 + r * cell, cell, cell);
            let mark = game.cell(mv);
            // Only X and O are checked here: grid lines are grey too.
            for (m, ink) in [(Mark::X, Ink::Blue), (Mark::O, Ink::Red)] {
                let n = count(&raster, area, 0.15, ink);
                if mark == Some(m) {
                    assert!(n > 10, "game {page} {mv}: {m:?} missing");
                } else {
                    assert!(n < 3, "game {page} {mv}: stray {ink:?} ({n})");
                }
            }
        }
        assert_tracking(&raster, game, &tracking, &mut states, page);
    }
    // The examples exercise every kind of tracking mark.
    assert_eq!(states.len(), 4, "{states:?}");
}

#[test]
fn strategic_tactical_and_strategic_grids_match_the_engine() {
    // map67 is printed on the functional sheet in place of its map34.
    for (file, footer) in [
        ("strategic-functional-map34.txt", "map34"),
        ("strategic-functional-map67-no-return.txt", "map67"),
        ("strategic-tactical.txt", ""),
    ] {
        let games = example(file);
        let doc = diagram(&games.iter().collect::<Vec<_>>()).unwrap();
        let bytes = pdf_of(&doc);
        let words = pdf_words(&bytes);
        let mut states = std::collections::BTreeSet::new();
        for (i, g) in games.iter().enumerate() {
            let tracking = tracking_cells(g, 3);
            assert_eq!(tracking.len(), 90);
            let game = ttt(g);
            let raster = rasterize_pdf_page(&bytes, i + 1, DPI);
            assert_tracking(&raster, game, &tracking, &mut states, i + 1);
            if let Some(Ruleset::Functional(map)) = game.ruleset() {
                // The row numbers left of strategic cell 1, top to bottom,
                // are the game's map's, wherever the sheet's own map differs.
                let (x11, y11) = word_centre(&words, i + 1, "11", 10.0);
                let x12 = word_centre(&words, i + 1, "12", 10.0).0;
                let y17 = word_centre(&words, i + 1, "17", 10.0).1;
                let block_left = x11 - (x12 - x11) / 2.0;
                let mut column: Vec<&PdfWord> = words
                    .iter()
                    .filter(|w| {
                        w.page == i + 1
                            && w.x_max < block_left
                            && w.x_min > block_left - 10.0
                            && w.text.len() == 1
                    })
                    .filter(|w| w.centre_y() > y11 && w.centre_y() < y17)
                    .collect();
                column.sort_by(|a, b| a.y_min.total_cmp(&b.y_min));
                let printed: Vec<String> = column.iter().map(|w| w.text.clone()).collect();
                let expected: Vec<String> = map.column_for(1).iter().map(u8::to_string).collect();
                assert_eq!(printed, expected, "{file} game {}", i + 1);
            }
            if !footer.is_empty() {
                // The footer, under the field's bottom labels, names the map.
                let bottom = word_centre(&words, i + 1, "99", 10.0).1;
                let named = words
                    .iter()
                    .any(|w| w.page == i + 1 && w.y_min > bottom && w.text == footer);
                assert!(named, "{file} game {}: no {footer} in the footer", i + 1);
            }
        }
        assert_eq!(states.len(), 4, "{file}: {states:?}");
    }
}

/// The texts drawn inside the part `id` of the sheet a game's diagram is
/// laid out on, page 1 of its diagram in `language`.
fn texts_in_part(game: &CheckedGame, language: Language, id: &str) -> Vec<String> {
    let sheet = Diagrams::new(language).sheet_of(game).unwrap().unwrap();
    let area = sheet.part(id).unwrap().rect();
    let doc = diagram_at(&[game], language, None).unwrap();
    doc.pages[0]
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t)
                if (area.x - 1e-6..=area.right() + 1e-6).contains(&t.pos.x)
                    && (area.y - 1e-6..=area.bottom() + 1e-6).contains(&t.pos.y) =>
            {
                Some(t.content.clone())
            }
            _ => None,
        })
        .collect()
}

#[test]
fn the_diagrams_footer_names_the_rules_the_game_was_played_under() {
    let records = "[Game \"ultimate\"]\n[Rules \"common\"]\n\n1. 8.5 5.8\n\n\
                   [Game \"ultimate\"]\n[Decided \"free\"]\n[NoReturn \"yes\"]\n\n1. 8.5 5.8\n\n\
                   [Game \"strategic\"]\n[Rules \"common\"]\n\n1. 5.5.5 5.5.1\n\n\
                   [Game \"ultimate\"]\n\n1. 8.5 5.8\n";
    let games = checked("rules.txt", records);
    assert_eq!(games.len(), 4);
    for language in Language::ALL {
        let t = texts(language);
        for g in &games {
            let options = ttt(g).options();
            let wanted = t.rules_name(options);
            let footer = texts_in_part(g, language, "footer").join(" ");
            assert!(
                footer.contains(&wanted),
                "game {} {language}: footer without `{wanted}`: {footer}",
                g.report.game
            );
            // Only the authors' game says the authors' rules.
            let authors = t.rules_name(Options::default());
            if options.preset_of() != Some(Preset::Authors) || options.no_return != NoReturn::No {
                assert!(
                    !footer.contains(&format!("{authors} ")) && !footer.ends_with(&authors),
                    "game {} {language}: {footer}",
                    g.report.game
                );
            }
        }
    }
}
