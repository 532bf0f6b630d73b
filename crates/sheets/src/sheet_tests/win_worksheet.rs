//! The "win in N" worksheet from the class's games (the example handout
//! and its records): every answer is the only winning move, proven again
//! here by a plain search that shares nothing with the solver; the page
//! plan lists each exercise on its page; the worksheet and key print the
//! question and the answer in the handout's language; asking for more
//! exercises than the games hold is refused with the number found.

use paperboard_games::games::ttt::{Game, Mark, Move, Outcome};
use paperboard_sheets::handout::{HandoutError, PageRole};
use paperboard_sheets::language::Language;
use paperboard_sheets::texts::texts;

use super::common::pages::build_example;
use super::common::{ROOT, load_handout, pdf_words};
use crate::handout::exercises::Exercise;
use crate::handout::from_games::WinExercise;

const EXAMPLE: &str = "examples/handouts/ultimate-win.toml";

/// Whether `who` forces a win within `d` plies of `g`: every line of play
/// tried to the depth, no table, no move ordering.
fn forces(g: &Game, who: Mark, d: u8) -> bool {
    match g.outcome() {
        Outcome::Winner(w) => return w == who,
        Outcome::Draw => return false,
        Outcome::Unfinished => {}
    }
    if d == 0 {
        return false;
    }
    let mut replies = g
        .legal_moves()
        .into_iter()
        .map(|m| forces(&after(g, m), who, d - 1));
    if g.to_move() == who {
        replies.any(|won| won)
    } else {
        replies.all(|won| won)
    }
}

fn after(g: &Game, m: Move) -> Game {
    let mut next = g.clone();
    next.play(m).unwrap();
    next
}

fn win_exercises(exercises: &[Exercise]) -> Vec<&WinExercise> {
    exercises
        .iter()
        .map(|e| match e {
            Exercise::Win(w) => w,
            _ => panic!("a win worksheet holds win exercises only"),
        })
        .collect()
}

#[test]
fn every_answer_is_the_only_win_proven_by_a_plain_search() {
    let spec = load_handout(&format!("{ROOT}/{EXAMPLE}"));
    let h = build_example(&spec);
    let exercises = win_exercises(&h.exercises);
    assert_eq!(exercises.len(), 6);
    assert!(h.unused_games.is_empty(), "{:?}", h.unused_games);
    for w in exercises {
        let mut g = w.setup.ttt_game().unwrap();
        for &m in &w.moves {
            g.play(m).unwrap();
        }
        let me = g.to_move();
        assert_eq!(me, w.to_move);
        let plies = 2 * w.win_in - 1;
        let winning: Vec<Move> = g
            .legal_moves()
            .into_iter()
            .filter(|&m| forces(&after(&g, m), me, plies - 1))
            .collect();
        assert_eq!(winning, [w.answer], "{:?}", w.from);
        // No quicker win: the exercise is the difficulty asked for.
        if plies >= 3 {
            let quick = g
                .legal_moves()
                .into_iter()
                .any(|m| forces(&after(&g, m), me, plies - 3));
            assert!(!quick, "{:?}", w.from);
        }
        // The main line is legal, starts with the answer and wins.
        assert_eq!((w.line[0], w.line.len()), (w.answer, usize::from(plies)));
        let end = w.line.iter().fold(g.clone(), |g, &m| after(&g, m));
        assert_eq!(end.outcome(), Outcome::Winner(me));
    }
}

#[test]
fn the_plan_lists_each_exercise_on_its_page_and_the_pages_print_it() {
    let spec = load_handout(&format!("{ROOT}/{EXAMPLE}"));
    for language in [Language::En, Language::De, Language::Th] {
        let h = build_example(&spec.clone().with_language(language));
        let t = texts(language);
        let plan = h.page_plan();
        let exercises = win_exercises(&h.exercises);
        assert_eq!(plan.exercises.len(), exercises.len());
        let pdf = paperboard_sheets::backend::pdf::render(&h.document).unwrap();
        let pages = columns_read(&pdf, h.document.pages.len(), h.document.pages[0].width);
        let key: String = plan
            .pages
            .iter()
            .filter(|p| p.role == PageRole::Key)
            .map(|p| pages[p.page - 1].clone())
            .collect();
        for (planned, w) in plan.exercises.iter().zip(exercises) {
            assert_eq!(plan.pages[planned.page - 1].role, PageRole::Worksheet);
            assert_eq!(planned.answer, w.answer.to_string());
            assert_eq!(planned.record.len(), w.moves.len());
            assert_eq!((planned.kind, planned.game), ("win", "ultimate"));
            assert_eq!(planned.to_move, w.to_move.to_string());
            let question =
                t.question_win[usize::from(w.win_in) - 1].replace("{player}", &planned.to_move);
            assert!(
                pages[planned.page - 1].contains(&squeeze(&question)),
                "{language}"
            );
            let answer = t
                .answer_win
                .replace("{move}", &planned.answer)
                .replace("{line}", &planned.line.join(" "));
            assert!(key.contains(&squeeze(&answer)), "{language}: {answer}");
        }
        let json = serde_json::to_value(&plan).unwrap();
        assert_eq!(json["exercises"][0]["win_in"], 2);
        assert_eq!(json["exercises"][0]["rules"], "authors");
    }
}

#[test]
fn more_exercises_than_the_games_hold_are_refused_with_the_number_found() {
    let dir = tempfile::tempdir().unwrap();
    let records = std::fs::read(format!("{ROOT}/examples/handouts/class-games.txt")).unwrap();
    std::fs::write(dir.path().join("class-games.txt"), records).unwrap();
    let example = std::fs::read_to_string(format!("{ROOT}/{EXAMPLE}")).unwrap();
    let path = dir.path().join("h.toml");
    std::fs::write(&path, example.replace("exercises = 6", "exercises = 60")).unwrap();
    let spec = load_handout(path.to_str().unwrap());
    let games = super::common::pages::class_games(&spec);
    let e = paperboard_sheets::handout::build_with(
        &spec,
        paperboard_sheets::handout::ClassGames::of(&games),
    )
    .unwrap_err();
    let HandoutError::TooFewPositions {
        asked, found: n, ..
    } = &e
    else {
        panic!("{e}")
    };
    assert_eq!(*asked, 60);
    assert!((6..60).contains(n), "{n}");
    assert!(e.to_string().contains(&format!("hold only {n}")), "{e}");
}

/// Each page's words as `pdftotext -bbox` finds them, read a column at a
/// time (the left half of the page, then the right), top to bottom, with
/// no spaces: the blocks of a two-column worksheet, each whole.
fn columns_read(pdf: &[u8], pages: usize, width: f64) -> Vec<String> {
    let words = pdf_words(pdf);
    (1..=pages)
        .map(|page| {
            let mut on: Vec<_> = words.iter().filter(|w| w.page == page).collect();
            // Words of one line: centres less than 1.5 mm apart (Thai and
            // Latin words of a line have boxes of different heights).
            on.sort_by(|a, b| a.centre_y().total_cmp(&b.centre_y()));
            let mut line = 0;
            let mut lines = Vec::with_capacity(on.len());
            for (i, w) in on.iter().enumerate() {
                if i > 0 && w.centre_y() - on[i - 1].centre_y() > 1.5 {
                    line += 1;
                }
                lines.push((w.x_min >= width / 2.0, line, w.x_min, w.text.as_str()));
            }
            lines.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)).then(a.2.total_cmp(&b.2)));
            lines.iter().map(|l| l.3).collect()
        })
        .collect()
}

fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The class's games of another game, or played under other rules than
/// the handout's, give no positions, and each is set aside with why.
#[test]
fn games_of_another_game_or_under_other_rules_are_set_aside_with_why() {
    use crate::handout::from_games::{Look, find};
    use paperboard_games::GameSetup;
    use paperboard_games::games::ttt::Options;
    let text = "[Game \"tictactoe\"]\n\n1. 5 1 2. 9\n\n\
                [Game \"ultimate\"]\n[Decided \"closed\"]\n\n1. 5.5 5.1\n\n\
                [Game \"ultimate\"]\n\n1. 5.5 5.1\n";
    let file = paperboard_games::check::check_source("class.txt", text.as_bytes(), None);
    let look = Look {
        setup: GameSetup::ultimate(Options::default()),
        win_in: 1,
        nodes: 10_000,
        total: 100_000,
    };
    let found = find(&file.games, &look);
    assert!(found.found.is_empty());
    assert_eq!(
        found.unused,
        [
            "class.txt: game 1 (line 1): a game of tic-tac-toe; the handout is of Ultimate \
             tic-tac-toe",
            "class.txt: game 2 (line 5): played under draws both, decided closed; the \
             handout's rules are authors' rules (its [rules] table)",
        ]
    );
}
