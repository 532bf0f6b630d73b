//! Worksheet exercises made from positions of random legal play.
//!
//! Positions come from the rules engines and so do the answers: the cells a
//! player may play in are the engine's legal moves under the handout's rule
//! options (decided cells open, free or closed; no-return), the SOS a move
//! makes is what the engine scores for it. A seed fixes everything, so a
//! printed seed makes the same sheet again.

use serde::Deserialize;

use crate::games::sos::{Cell, Letter, SosConfig, SosGame, SosLine, SosMove};
use crate::games::ttt::{Decided, FieldState, Game, Mark, Move, Region};
use crate::rng::SplitMix64;
use crate::setup::GameSetup;

/// What kind of exercise a worksheet holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExerciseKind {
    /// "How many SOS does this move make?" on an SOS position.
    SosCount,
    /// "Where may X play next?" on an Ultimate position.
    UltimateWhere,
    /// "Where may X play next?" on a Strategic position (functional ruleset).
    StrategicWhere,
    /// "X to play and win in 2": positions of the class's own games where
    /// one first move, and no other, forces the win.
    Win,
}

impl ExerciseKind {
    /// Every kind.
    pub const ALL: &[ExerciseKind] = &[
        ExerciseKind::SosCount,
        ExerciseKind::UltimateWhere,
        ExerciseKind::StrategicWhere,
        ExerciseKind::Win,
    ];

    /// The name a handout spec writes (`kind = "sos-count"`).
    pub fn name(self) -> &'static str {
        match self {
            ExerciseKind::SosCount => "sos-count",
            ExerciseKind::UltimateWhere => "ultimate-where",
            ExerciseKind::StrategicWhere => "strategic-where",
            ExerciseKind::Win => "win",
        }
    }

    /// The game whose positions the exercises show (for `win`, which
    /// any game of the tic-tac-toe family has, Ultimate).
    pub fn game(self) -> crate::games::GameKind {
        use crate::games::GameKind as G;
        match self {
            ExerciseKind::SosCount => G::Sos,
            ExerciseKind::UltimateWhere | ExerciseKind::Win => G::Ultimate,
            ExerciseKind::StrategicWhere => G::Strategic,
        }
    }

    /// Whether a handout of `game` may have these exercises.
    pub fn fits(self, game: crate::games::GameKind) -> bool {
        match self {
            ExerciseKind::Win => game != crate::games::GameKind::Sos,
            _ => self.game() == game,
        }
    }
}

/// A "where may X play next?" exercise.
#[derive(Debug, Clone)]
pub(crate) struct WhereExercise {
    /// The game, with its ruleset and the rule options the answer
    /// follows.
    pub setup: GameSetup,
    /// The moves that lead to the position, X first.
    pub moves: Vec<Move>,
    /// Who is to move.
    pub to_move: Mark,
    /// The answer: every legal move, as the engine lists it.
    pub allowed: Vec<Move>,
}

/// A "how many SOS does this move make?" exercise.
#[derive(Debug, Clone)]
pub(crate) struct SosExercise {
    /// The board and players.
    pub config: SosConfig,
    /// The moves that lead to the position.
    pub moves: Vec<SosMove>,
    /// Who is to move (0-based).
    pub player: u8,
    /// The move asked about.
    pub question: SosMove,
    /// The answer: the SOS lines the move makes.
    pub made: Vec<SosLine>,
}

/// One exercise.
#[derive(Debug, Clone)]
pub(crate) enum Exercise {
    /// Where may the player to move play?
    Where(WhereExercise),
    /// How many SOS does a move make?
    Sos(SosExercise),
    /// Which move wins? (A position of the class's own games.)
    Win(super::from_games::WinExercise),
}

/// How to make a worksheet's exercises.
#[derive(Debug, Clone)]
pub(crate) struct ExerciseSettings {
    /// The kind of exercise.
    pub kind: ExerciseKind,
    /// How many.
    pub count: usize,
    /// The seed every position is drawn from.
    pub seed: u64,
    /// The game the exercises are in, under its rules (the handout's:
    /// the kind fits it, [`ExerciseKind::fits`]).
    pub setup: GameSetup,
}

/// Makes the exercises of `settings`. Same settings, same exercises.
/// `win` exercises come from games, not from here: none are made.
pub(crate) fn generate(settings: &ExerciseSettings) -> Vec<Exercise> {
    let mut rng = SplitMix64::new(settings.seed);
    if settings.kind == ExerciseKind::Win {
        return Vec::new();
    }
    let mut sos: Vec<SosExercise> = Vec::new();
    (0..settings.count)
        .map(|i| match &settings.setup {
            GameSetup::Sos { config, .. } => {
                let ex = sos_exercise_unlike(&sos, *config, &mut rng);
                sos.push(ex.clone());
                Exercise::Sos(ex)
            }
            setup => Exercise::Where(where_exercise(setup, i, &mut rng)),
        })
        .collect()
}

/// One random legal move. With `steer`, most moves send the opponent to a
/// target that frees the move if they can — a decided one when decided cells
/// free the move, else the fullest — so the fallback rule comes up after a
/// few dozen moves instead of hundreds.
fn random_move(game: &Game, legal: &[Move], steer: bool, rng: &mut SplitMix64) -> Move {
    if steer && rng.below(10) < 7 {
        let frees_on_decided = game.options().decided != Decided::Open;
        let filled = |m: &Move| {
            let t = game.target_of(*m).map_or(0, |t| usize::from(t.index));
            let b = game.board(0, t);
            let decided = frees_on_decided && game.field_state(0, t) != FieldState::Open;
            (b.x | b.o).count_ones() + 9 * u32::from(decided)
        };
        let most = legal.iter().map(filled).max().unwrap_or(0);
        let fullest: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| filled(m) == most)
            .collect();
        fullest[rng.index(fullest.len())]
    } else {
        legal[rng.index(legal.len())]
    }
}

/// Every third exercise asks about a position where the target tactical cell
/// is full, so the sheet also practises the fallback rule: play goes on until
/// the first such position. The others stop after a random number of moves
/// at a position with an open target.
fn where_exercise(setup: &GameSetup, index: usize, rng: &mut SplitMix64) -> WhereExercise {
    let want_fallback = index % 3 == 2;
    let (lo, hi) = match setup.kind() {
        crate::games::GameKind::Strategic => (20, 90),
        _ => (8, 40),
    };
    let start = setup
        .ttt_game()
        .expect("an exercise of the tic-tac-toe family");
    let mut legal = Vec::new();
    loop {
        let stop = lo + rng.index(hi - lo + 1);
        let mut game = start.clone();
        let mut moves = Vec::new();
        loop {
            game.legal_moves_into(&mut legal);
            if legal.is_empty() {
                break;
            }
            let mv = random_move(&game, &legal, want_fallback, rng);
            game.play(mv).expect("a legal move plays");
            moves.push(mv);
            if game.is_over() {
                break;
            }
            let fallback = !matches!(game.region(), Region::Tactical(_));
            if want_fallback && fallback || !want_fallback && !fallback && moves.len() >= stop {
                return finish_where(game, moves);
            }
        }
    }
}

fn finish_where(game: Game, moves: Vec<Move>) -> WhereExercise {
    WhereExercise {
        setup: game.setup(),
        to_move: game.to_move(),
        allowed: game.legal_moves(),
        moves,
    }
}

/// An SOS exercise whose answer is drawn first — 0, 1, 2 or 3 SOS, equally
/// often — and then searched for among positions of random play, so the
/// sheet is not mostly "none" (random positions seldom offer two or more).
fn sos_exercise(config: SosConfig, rng: &mut SplitMix64) -> SosExercise {
    let cells = usize::from(config.width()) * usize::from(config.height());
    let want = rng.index(4);
    let mut best: Option<(usize, SosExercise)> = None;
    for _ in 0..80 {
        let mut game = SosGame::new(config);
        let n = cells / 3 + rng.index(cells / 3 + 1);
        let mut moves = Vec::with_capacity(n);
        for _ in 0..n {
            let legal = game.legal_moves();
            let mv = legal[rng.index(legal.len())];
            game.play(mv).expect("a legal move plays");
            moves.push(mv);
        }
        if game.is_over() {
            continue;
        }
        let scored: Vec<(SosMove, Vec<SosLine>)> = game
            .legal_moves()
            .into_iter()
            .map(|mv| (mv, made_by(&game, mv)))
            .collect();
        // The count nearest the one wanted that this position offers.
        let nearest = scored
            .iter()
            .map(|(_, l)| l.len())
            .min_by_key(|&c| (c.abs_diff(want), c))
            .expect("an unfinished game has moves");
        let choices: Vec<&(SosMove, Vec<SosLine>)> =
            scored.iter().filter(|(_, l)| l.len() == nearest).collect();
        let (question, made) = choices[rng.index(choices.len())].clone();
        let miss = nearest.abs_diff(want);
        if best.as_ref().is_none_or(|(m, _)| miss < *m) {
            let player = game.to_move();
            best = Some((
                miss,
                SosExercise {
                    config,
                    moves,
                    player,
                    question,
                    made,
                },
            ));
        }
        if miss == 0 {
            break;
        }
    }
    best.expect("random play leaves unfinished positions").1
}

/// How many times an SOS exercise is drawn again while it is near-identical
/// to one before it on the worksheet. A board too small to hold that many
/// different exercises keeps the last draw.
const REDRAWS: usize = 40;

/// An SOS exercise not [`near_identical`] to any of `before`, when one can
/// be found in [`REDRAWS`] draws.
fn sos_exercise_unlike(
    before: &[SosExercise],
    config: SosConfig,
    rng: &mut SplitMix64,
) -> SosExercise {
    let mut ex = sos_exercise(config, rng);
    for _ in 0..REDRAWS {
        if !before.iter().any(|b| near_identical(b, &ex)) {
            break;
        }
        ex = sos_exercise(config, rng);
    }
    ex
}

/// Whether a student would take two SOS exercises for the same task: the
/// same letter asked about in the same cell for the same answer, or boards
/// that differ in at most a fifth of their cells (at least 2) once one is
/// mirrored or turned to fit the other best — a letter of the other kind,
/// a letter more or less, and the letter asked about each count as one
/// differing cell.
pub(crate) fn near_identical(a: &SosExercise, b: &SosExercise) -> bool {
    if a.config.width() != b.config.width() || a.config.height() != b.config.height() {
        return false;
    }
    if a.question == b.question && a.made.len() == b.made.len() {
        return true;
    }
    let (w, h) = (
        usize::from(a.config.width()),
        usize::from(a.config.height()),
    );
    let (ca, cb) = (board_codes(a), board_codes(b));
    let at = move |x: usize, y: usize| y * w + x;
    // The board's mirrors and turns that keep its shape.
    let mut maps: Vec<Box<dyn Fn(usize, usize) -> usize>> = vec![
        Box::new(at),
        Box::new(move |x, y| at(w - 1 - x, y)),
        Box::new(move |x, y| at(x, h - 1 - y)),
        Box::new(move |x, y| at(w - 1 - x, h - 1 - y)),
    ];
    if w == h {
        maps.push(Box::new(move |x, y| at(y, x)));
        maps.push(Box::new(move |x, y| at(w - 1 - y, x)));
        maps.push(Box::new(move |x, y| at(y, w - 1 - x)));
        maps.push(Box::new(move |x, y| at(w - 1 - y, w - 1 - x)));
    }
    let differing = maps
        .iter()
        .map(|m| {
            (0..h)
                .flat_map(|y| (0..w).map(move |x| (x, y)))
                .filter(|&(x, y)| ca[at(x, y)] != cb[m(x, y)])
                .count()
        })
        .min()
        .unwrap_or(usize::MAX);
    differing <= (w * h / 5).max(2)
}

/// An SOS exercise's board cell by cell: 0 empty, 1 S, 2 O, and the cell
/// asked about 3 (S) or 4 (O).
fn board_codes(ex: &SosExercise) -> Vec<u8> {
    let mut codes: Vec<u8> = sos_position(ex)
        .into_iter()
        .flatten()
        .map(|l| match l {
            None => 0,
            Some(Letter::S) => 1,
            Some(Letter::O) => 2,
        })
        .collect();
    let q = ex.question.cell;
    let i = usize::from(q.row) * usize::from(ex.config.width()) + usize::from(q.col);
    if let Some(c) = codes.get_mut(i) {
        *c = match ex.question.letter {
            Letter::S => 3,
            Letter::O => 4,
        };
    }
    codes
}

/// The SOS lines `mv` would make in `game`.
fn made_by(game: &SosGame, mv: SosMove) -> Vec<SosLine> {
    let mut after = game.clone();
    let before = after.lines().len();
    after.play(mv).expect("a legal move plays");
    after.lines()[before..].to_vec()
}

/// The position of an SOS exercise: the letter in every cell, row by row.
pub(crate) fn sos_position(ex: &SosExercise) -> Vec<Vec<Option<Letter>>> {
    let mut game = SosGame::new(ex.config);
    for &mv in &ex.moves {
        game.play(mv).expect("exercise moves are legal");
    }
    (0..ex.config.height())
        .map(|row| {
            (0..ex.config.width())
                .map(|col| game.letter(Cell { col, row }))
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sos::SosVariant;
    use crate::games::ttt::{Options, Ruleset};
    use crate::maps::map34;

    fn settings(kind: ExerciseKind, seed: u64) -> ExerciseSettings {
        ExerciseSettings {
            kind,
            count: 6,
            seed,
            setup: match kind {
                ExerciseKind::SosCount => sos_board((5, 5)),
                ExerciseKind::UltimateWhere => GameSetup::ultimate(Options::default()),
                _ => GameSetup::strategic(Ruleset::Functional(map34()), None, Options::default()),
            },
        }
    }

    fn sos_board((columns, rows): (u32, u32)) -> GameSetup {
        GameSetup::Sos {
            config: SosConfig::new(columns, rows, 2, SosVariant::General).unwrap(),
            names: Vec::new(),
        }
    }

    #[test]
    fn where_positions_mix_targets_and_fallbacks() {
        for kind in [ExerciseKind::UltimateWhere, ExerciseKind::StrategicWhere] {
            let ex = generate(&settings(kind, 3));
            let fallbacks = ex
                .iter()
                .filter(|e| {
                    let Exercise::Where(w) = e else { panic!() };
                    let mut g = w.setup.ttt_game().unwrap();
                    w.moves.iter().for_each(|&m| {
                        g.play(m).unwrap();
                    });
                    !matches!(g.region(), Region::Tactical(_))
                })
                .count();
            assert!((1..6).contains(&fallbacks), "{kind:?}: {fallbacks}");
        }
    }

    /// Under decided cells free and closed the answers are the engine's legal
    /// moves under those options, and some differ from the authors' answer.
    #[test]
    fn where_answers_follow_the_decided_option() {
        for decided in [Decided::Free, Decided::Closed] {
            let options = Options {
                decided,
                ..Options::default()
            };
            for kind in [ExerciseKind::UltimateWhere, ExerciseKind::StrategicWhere] {
                let ex = generate(&ExerciseSettings {
                    setup: settings(kind, 3).setup.with_options(options),
                    ..settings(kind, 3)
                });
                let mut differ = 0;
                for e in &ex {
                    let Exercise::Where(w) = e else { panic!() };
                    assert_eq!(w.setup.options(), Some(options));
                    let mut g = w.setup.ttt_game().unwrap();
                    let authors = w.setup.clone().with_options(Options::default());
                    let mut authors = authors.ttt_game().unwrap();
                    for &m in &w.moves {
                        g.play(m).unwrap();
                        authors.force(m).unwrap();
                    }
                    assert_eq!(w.allowed, g.legal_moves());
                    differ += usize::from(authors.legal_moves() != w.allowed);
                }
                assert!(
                    differ >= 1,
                    "{decided:?} {kind:?}: every answer as the authors'"
                );
            }
        }
    }

    /// `ex` with its board mirrored left to right.
    fn mirrored(ex: &SosExercise) -> SosExercise {
        let w = ex.config.width();
        let flip = |c: Cell| Cell {
            col: w - 1 - c.col,
            row: c.row,
        };
        SosExercise {
            moves: ex
                .moves
                .iter()
                .map(|m| SosMove {
                    cell: flip(m.cell),
                    letter: m.letter,
                })
                .collect(),
            question: SosMove {
                cell: flip(ex.question.cell),
                letter: ex.question.letter,
            },
            ..ex.clone()
        }
    }

    #[test]
    fn near_identical_means_the_same_task_to_a_student() {
        let ex = generate(&ExerciseSettings {
            count: 2,
            ..settings(ExerciseKind::SosCount, 3)
        });
        let (Exercise::Sos(a), Exercise::Sos(b)) = (&ex[0], &ex[1]) else {
            panic!()
        };
        assert!(near_identical(a, a));
        // Mirrored: the same board to a student.
        assert!(near_identical(a, &mirrored(a)));
        // One letter more on the board.
        let mut game = SosGame::new(a.config);
        for &m in &a.moves {
            game.play(m).unwrap();
        }
        let extra = game
            .legal_moves()
            .into_iter()
            .find(|m| m.cell != a.question.cell)
            .unwrap();
        let mut more = a.clone();
        more.moves.push(extra);
        assert!(near_identical(a, &more));
        // Two different draws are not.
        assert!(!near_identical(a, b));
    }

    #[test]
    fn no_worksheet_holds_near_identical_sos_exercises() {
        for size in [(5, 5), (4, 4), (6, 3), (8, 8)] {
            for seed in 0..12 {
                let ex = generate(&ExerciseSettings {
                    count: 12,
                    setup: sos_board(size),
                    ..settings(ExerciseKind::SosCount, seed)
                });
                let sos: Vec<&SosExercise> = ex
                    .iter()
                    .map(|e| match e {
                        Exercise::Sos(s) => s,
                        _ => panic!("an SOS worksheet holds SOS exercises"),
                    })
                    .collect();
                for (i, a) in sos.iter().enumerate() {
                    for (j, b) in sos.iter().enumerate().skip(i + 1) {
                        assert!(
                            !near_identical(a, b),
                            "{size:?} seed {seed}: exercises {} and {} are near-identical",
                            i + 1,
                            j + 1
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn sos_answers_vary() {
        let ex = generate(&ExerciseSettings {
            count: 12,
            ..settings(ExerciseKind::SosCount, 9)
        });
        let mut counts: Vec<usize> = ex
            .iter()
            .map(|e| match e {
                Exercise::Sos(s) => s.made.len(),
                _ => panic!(),
            })
            .collect();
        counts.sort_unstable();
        counts.dedup();
        assert!(counts.len() >= 2, "{counts:?}");
    }
}
