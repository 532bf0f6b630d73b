//! The answer keys re-checked by replaying every position through the
//! engines: the cells a key shades are the engine's legal moves, the number
//! of SOS it states is what the engine scores for the move.

use std::collections::{BTreeSet, HashSet};

use super::exercises::Exercise;
use super::spec::parse;
use super::worksheet::{Diagram, KEY_LINE, SHADE};
use super::{Handout, build};
use crate::boards::nested::NestedGrid;
use crate::display::{Document, Item, Point};
use crate::games::sos::{SosGame, SosMove};
use crate::games::ttt::{Decided, Move, Options, Preset};
use crate::language::Language;
use crate::texts::texts;

pub(crate) fn handout(text: &str) -> Handout {
    build(&parse("h.toml", text).unwrap()).unwrap()
}

pub(crate) fn spec_text(
    game: &str,
    language: &str,
    copies: u32,
    exercises: u32,
    seed: u64,
) -> String {
    format!(
        "[handout]\ngame = \"{game}\"\nlanguage = \"{language}\"\ncopies = {copies}\n\
         [worksheet]\nexercises = {exercises}\nseed = {seed}\n"
    )
}

/// The cells shaded in the key diagram of one exercise, read back from the
/// display list by position.
fn shaded(doc: &Document, page: usize, grid: NestedGrid, origin: Point) -> HashSet<Move> {
    doc.pages[page]
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Rect {
                rect,
                fill: Some(f),
                ..
            } if *f == SHADE => grid.move_at(
                origin,
                Point::new(rect.x + rect.w / 2.0, rect.y + rect.h / 2.0),
            ),
            _ => None,
        })
        .collect()
}

#[test]
fn every_where_answer_is_the_engines_legal_moves_after_replaying_the_position() {
    let rules = [
        ("", Options::default()),
        (
            "[rules]\ndecided = \"free\"\n",
            Options {
                decided: Decided::Free,
                ..Options::default()
            },
        ),
        (
            "[rules]\npreset = \"common\"\n",
            Options::preset(Preset::Common),
        ),
    ];
    for (table, options) in rules {
        for (game, seed) in [("ultimate", 3), ("ultimate", 4), ("strategic", 5)] {
            let h = handout(&format!("{}{table}", spec_text(game, "en", 0, 6, seed)));
            assert_eq!(h.key.len(), h.exercises.len());
            let mut fallbacks = 0;
            for (ex, placed) in h.exercises.iter().zip(&h.key) {
                let Exercise::Where(w) = ex else { panic!() };
                assert_eq!(w.setup.options(), Some(options));
                let mut replay = w.setup.ttt_game().unwrap();
                for &m in &w.moves {
                    replay.play(m).expect("the position comes from legal play");
                }
                let legal: HashSet<Move> = replay.legal_moves().into_iter().collect();
                assert!(!legal.is_empty());
                if legal.len() > 9 {
                    fallbacks += 1;
                }
                let Diagram::Nested(grid, origin) = placed.diagram else {
                    panic!()
                };
                assert_eq!(
                    shaded(&h.document, placed.page, grid, origin),
                    legal,
                    "{game} seed {seed} {options:?}"
                );
                assert_eq!(replay.to_move(), w.to_move);
            }
            assert!(fallbacks >= 1, "{game} {options:?}: no fallback exercise");
        }
    }
}

#[test]
fn every_sos_answer_is_what_the_engine_scores_for_the_move() {
    let h = handout(&spec_text("sos", "en", 0, 12, 8));
    let t = texts(Language::En);
    let mut answers = BTreeSet::new();
    for (i, (ex, placed)) in h.exercises.iter().zip(&h.key).enumerate() {
        let Exercise::Sos(s) = ex else { panic!() };
        let mut replay = SosGame::new(s.config);
        for &m in &s.moves {
            replay.play(m).unwrap();
        }
        assert_eq!(replay.to_move(), s.player);
        let made = replay
            .play(SosMove {
                cell: s.question.cell,
                letter: s.question.letter,
            })
            .unwrap()
            .made;
        answers.insert(made);
        // The key's text under "Exercise n" states that number.
        let page = &h.document.pages[placed.page];
        let heading = format!("{} {}", t.exercise_label, i + 1);
        let at = page
            .items
            .iter()
            .position(|it| matches!(it, Item::Text(x) if x.content == heading))
            .unwrap();
        let Item::Text(answer) = &page.items[at + 1] else {
            panic!()
        };
        assert_eq!(answer.content, format!("{made} SOS"), "exercise {}", i + 1);
    }
    assert!(answers.len() >= 2, "{answers:?}");
}

/// The SOS lines of every key, read back from the display list: as many as
/// the answers say, under the letters (drawn before them), dark enough for a
/// copy, and no two on top of each other or end to end on one straight line
/// (two SOS in a row read as two lines).
#[test]
fn every_sos_of_a_key_is_a_line_of_its_own_under_the_letters() {
    let mut total = 0;
    let mut made = 0;
    let mut sharing = 0;
    for seed in 1..=12 {
        let h = handout(&spec_text("sos", "en", 0, 12, seed));
        made += h
            .exercises
            .iter()
            .map(|e| match e {
                Exercise::Sos(s) => s.made.len(),
                _ => 0,
            })
            .sum::<usize>();
        let key_pages: BTreeSet<usize> = h.key.iter().map(|p| p.page).collect();
        for &p in &key_pages {
            let items = &h.document.pages[p].items;
            let lines: Vec<(usize, Point, Point)> = items
                .iter()
                .enumerate()
                .filter_map(|(i, it)| match it {
                    Item::Line { from, to, stroke } if stroke.color == KEY_LINE => {
                        Some((i, *from, *to))
                    }
                    _ => None,
                })
                .collect();
            assert!(KEY_LINE.lightness() <= crate::print::DARK);
            total += lines.len();
            for (k, &(i, a, b)) in lines.iter().enumerate() {
                // Drawn before the letters of its exercise: the next text
                // item after it is a letter.
                let next_text = items[i..].iter().find_map(|it| match it {
                    Item::Text(t) => Some(t.content.as_str()),
                    _ => None,
                });
                assert!(matches!(next_text, Some("S" | "O")), "seed {seed}");
                for &(_, c, d) in &lines[k + 1..] {
                    // On one straight line: both ends of the other on it.
                    let cross = |p: Point| (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
                    let len = (b.x - a.x).hypot(b.y - a.y);
                    let collinear = cross(c).abs() / len < 0.05 && cross(d).abs() / len < 0.05;
                    // Where the other's ends lie along this one (0 at a).
                    let along =
                        |p: Point| ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / len;
                    let (t0, t1) = (along(c).min(along(d)), along(c).max(along(d)));
                    let touching = t0 <= len + 1.0 && t1 >= -1.0;
                    assert!(
                        !(collinear && touching),
                        "seed {seed}: {a:?}-{b:?} and {c:?}-{d:?}"
                    );
                    let parallel = ((b.x - a.x) * (d.y - c.y) - (b.y - a.y) * (d.x - c.x)).abs()
                        / len
                        / (d.x - c.x).hypot(d.y - c.y)
                        < 1e-6;
                    if parallel {
                        sharing += 1;
                    }
                }
            }
        }
    }
    assert_eq!(total, made);
    // The seeds give keys where two SOS lie on one row, column or diagonal.
    assert!(sharing > 0);
}

/// Every SOS exercise of a worksheet has a line to write its answer on, in
/// the worksheet's language, with room for a two-digit count; the answer
/// key has the answers instead.
#[test]
fn every_sos_exercise_has_a_place_for_the_answer() {
    for (language, line) in [
        (Language::En, "Answer: ________ SOS"),
        (Language::De, "Antwort: ________ SOS"),
        (Language::Ru, "Ответ: SOS: ________"),
        (Language::Th, "คำตอบ: SOS ________ เส้น"),
    ] {
        let h = handout(&spec_text("sos", language.code(), 0, 8, 4));
        let lines: Vec<&crate::display::Text> = h
            .document
            .pages
            .iter()
            .flat_map(|p| &p.items)
            .filter_map(|it| match it {
                Item::Text(t) if t.content == line => Some(t),
                _ => None,
            })
            .collect();
        assert_eq!(lines.len(), h.exercises.len(), "{language}");
        for t in lines {
            // At least the question's size, and wide enough for "12".
            assert!(
                t.size >= 6.0 / 72.0 * 25.4 - 1e-9,
                "{language}: {} mm",
                t.size
            );
            let blank = crate::fonts::text_width("________", t.weight, t.size);
            assert!(blank >= 2.0 * crate::fonts::text_width("8", t.weight, t.size) + 4.0);
        }
    }
}
