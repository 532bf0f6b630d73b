//! The solver held to a plain exhaustive minimax written here apart from
//! it (no table, no ordering, no cut-offs, only the engine's public moves),
//! on random positions of every game, ruleset and option.

use super::*;
use crate::games::random::random_ttt_game;
use crate::games::ttt::{Options, Ruleset, Variant};
use crate::maps::{hmap2, map34};
use crate::rng::SplitMix64;

/// A win at ply p scores `WIN - p` for the side to move, a loss `p - WIN`.
const WIN: i32 = 1000;

/// The plain search's own limit: a position whose whole tree is larger is
/// left out (the tests run unoptimised, and a freed move in Strategic opens
/// hundreds of cells).
const PLAIN_NODES: u64 = 4_000;

/// Plain negamax to `depth` plies with mate-distance scores, from the side
/// to move's view; 0 for a draw and for the horizon alike. `None` once more
/// than [`PLAIN_NODES`] positions were visited.
fn negamax(game: &Game, depth: u8, nodes: &mut u64) -> Option<i32> {
    *nodes += 1;
    if *nodes > PLAIN_NODES {
        return None;
    }
    match game.outcome() {
        Outcome::Winner(w) if w == game.to_move() => return Some(WIN),
        Outcome::Winner(_) => return Some(-WIN),
        Outcome::Draw => return Some(0),
        Outcome::Unfinished => {}
    }
    if depth == 0 {
        return Some(0);
    }
    let mut best = None;
    for m in game.legal_moves() {
        let v = child_score(game, m, depth, nodes)?;
        best = Some(best.map_or(v, |b: i32| b.max(v)));
    }
    Some(best.unwrap_or(0))
}

/// The score of playing `m`, from the mover's view.
fn child_score(game: &Game, m: Move, depth: u8, nodes: &mut u64) -> Option<i32> {
    let mut child = game.clone();
    child.play(m).expect("a listed move is legal");
    let v = -negamax(&child, depth - 1, nodes)?;
    Some(v - v.signum())
}

/// What the plain search says of a position: (win_in, winning moves,
/// loss_in), as [`Solution`] states them; `None` when its tree is too
/// large for it.
fn by_minimax(game: &Game, plies: u8) -> Option<(Option<u8>, Vec<Move>, Option<u8>)> {
    let mut nodes = 0;
    let scores = game
        .legal_moves()
        .into_iter()
        .map(|m| Some((m, child_score(game, m, plies, &mut nodes)?)))
        .collect::<Option<Vec<(Move, i32)>>>()?;
    let best = scores.iter().map(|s| s.1).max().unwrap_or(0);
    let odd_at_least = |p: i32| (p | 1) as u8;
    let win_in = (best > 0)
        .then(|| odd_at_least(WIN - best))
        .filter(|&k| k <= plies);
    let winning = match win_in {
        Some(k) => scores
            .iter()
            .filter(|s| s.1 >= WIN - i32::from(k))
            .map(|s| s.0)
            .collect(),
        None => Vec::new(),
    };
    let loss_in = (best < 0)
        .then(|| {
            let p = WIN + best;
            (p + (p & 1)) as u8
        })
        .filter(|&k| k <= plies);
    Some((win_in, winning, loss_in))
}

fn variants() -> Vec<Variant> {
    vec![
        Variant::Ultimate,
        Variant::Strategic(Ruleset::Tactical),
        Variant::Strategic(Ruleset::Functional(map34())),
        Variant::Strategic(Ruleset::Hyperfunctional(Box::new(hmap2()))),
    ]
}

/// Four positions of one random game: three a few moves before its end,
/// where short wins are common, and one anywhere in it.
fn positions(variant: &Variant, options: Options, rng: &mut SplitMix64) -> Vec<Game> {
    let (moves, _) = random_ttt_game(Game::new(variant.clone(), options), rng, None);
    let mut upto: Vec<usize> = (0..3)
        .map(|_| moves.len().saturating_sub(1 + rng.index(8)))
        .collect();
    upto.push(rng.index(moves.len().max(1)));
    upto.sort_unstable();
    let mut out = Vec::new();
    let mut g = Game::new(variant.clone(), options);
    let mut played = 0;
    for n in upto {
        for &m in &moves[played..n] {
            g.play(m).unwrap();
        }
        played = n;
        out.push(g.clone());
    }
    out
}

/// Whether the solver agrees with the plain search on `game`: `None` when
/// the plain search could not finish, else whether the position holds a
/// win or a loss within `plies`.
fn agrees(game: &Game, plies: u8) -> Option<bool> {
    let (win_in, winning, loss_in) = by_minimax(game, plies)?;
    let s = solve(game, Budget::plies(u64::from(plies)).unwrap()).expect("solved");
    assert_eq!(s.win_in, win_in, "win_in at {plies} plies");
    assert_eq!(s.winning_moves, winning, "winning moves at {plies} plies");
    assert_eq!(s.loss_in, loss_in, "loss_in at {plies} plies");
    assert_eq!(s.to_move, game.to_move());
    Some(win_in.is_some() || loss_in.is_some())
}

#[test]
fn agrees_with_minimax_on_every_game_and_option() {
    let mut rng = SplitMix64::new(36);
    let (mut compared, mut decisive) = (0, 0);
    for variant in variants() {
        for options in Options::all() {
            for (i, g) in (0..10)
                .flat_map(|_| positions(&variant, options, &mut rng))
                .enumerate()
            {
                if g.is_over() {
                    continue;
                }
                // Three plies, or five; one where the plain search
                // cannot finish.
                let plies = if i % 4 == 0 { 5 } else { 3 };
                let Some(decided) = agrees(&g, plies).or_else(|| agrees(&g, 1)) else {
                    continue;
                };
                compared += 1;
                decisive += usize::from(decided);
            }
        }
    }
    assert!(compared > 2_500, "{compared} positions");
    // The test means something only if many positions hold a short win.
    assert!(decisive > compared / 4, "{decisive} of {compared} decisive");
}

#[test]
fn agrees_with_minimax_on_tic_tac_toe() {
    let mut rng = SplitMix64::new(9);
    let mut decisive = 0;
    for _ in 0..600 {
        let (moves, _) = random_ttt_game(
            Game::new(Variant::TicTacToe, Options::default()),
            &mut rng,
            None,
        );
        // From the fourth move on (the empty board's whole tree is the
        // test below's); every later position has a small tree.
        let upto = 3 + rng.index(moves.len() - 3);
        let mut g = Game::new(Variant::TicTacToe, Options::default());
        for &m in &moves[..upto] {
            g.play(m).unwrap();
        }
        let plies = 9 - upto as u8;
        decisive += usize::from(agrees(&g, plies.max(1)).expect("a small tree"));
    }
    assert!(decisive > 150, "{decisive}");
}

#[test]
fn nine_plies_solve_tic_tac_toe_and_every_opening_is_a_draw() {
    let empty = Game::new(Variant::TicTacToe, Options::default());
    let s = solve(&empty, Budget::plies(9).unwrap()).unwrap();
    assert_eq!((s.win_in, s.loss_in), (None, None));
    for m in empty.legal_moves() {
        let mut g = empty.clone();
        g.play(m).unwrap();
        let s = solve(&g, Budget::plies(9).unwrap()).unwrap();
        assert_eq!((s.win_in, s.loss_in), (None, None), "after {m}");
    }
    // And a blunder is seen: after 5 1 2 (X threatens 8), O must block.
    let mut g = empty.clone();
    for m in ["5", "1", "2"] {
        g.play(Move::new(&[m.parse().unwrap()]).unwrap()).unwrap();
    }
    let s = solve(&g, Budget::plies(9).unwrap()).unwrap();
    assert_eq!(s.win_in, None);
    let mut lost = g.clone();
    lost.play(Move::new(&[3]).unwrap()).unwrap();
    let s = solve(&lost, Budget::plies(9).unwrap()).unwrap();
    assert_eq!(
        (s.win_in, s.winning_moves),
        (Some(1), vec![Move::new(&[8]).unwrap()])
    );
}

#[test]
fn the_budget_is_enforced() {
    assert!(Budget::new(16, 10).is_err());
    assert!(Budget::new(0, 10).is_err());
    assert!(Budget::new(5, Budget::MAX_NODES + 1).is_err());
    let g = Game::new(Variant::Ultimate, Options::default());
    let e = solve(&g, Budget::new(7, 1_000).unwrap()).unwrap_err();
    match e {
        SolveError::NodeLimit { nodes, .. } => assert!(nodes <= 1_001, "{nodes}"),
        other => panic!("{other:?}"),
    }
    let mut over = Game::new(Variant::TicTacToe, Options::default());
    for m in [1, 4, 2, 5, 3] {
        over.play(Move::new(&[m]).unwrap()).unwrap();
    }
    assert_eq!(
        solve(&over, Budget::default()),
        Err(SolveError::Over(Outcome::Winner(Mark::X)))
    );
}

#[test]
fn annotations_are_exactly_the_missed_and_allowed_wins() {
    let mut rng = SplitMix64::new(2);
    let plies = 3;
    let (mut seen, mut games) = (0, 0);
    for (n, variant) in [Variant::TicTacToe, Variant::Ultimate]
        .into_iter()
        .cycle()
        .take(80)
        .enumerate()
    {
        let options = Options::all()[n % 18];
        let (moves, _) = random_ttt_game(Game::new(variant.clone(), options), &mut rng, None);
        // The last moves of a game: where the short wins are.
        let skip = moves.len().saturating_sub(12);
        let mut start = Game::new(variant.clone(), options);
        for &m in &moves[..skip] {
            start.play(m).unwrap();
        }
        let tail = &moves[skip..];
        let Some(expected) = expected_annotations(&start, tail, plies) else {
            continue;
        };
        let got = annotate(&start, tail, Budget::plies(u64::from(plies)).unwrap());
        assert_eq!(got.unsolved, 0);
        let found: Vec<_> = got
            .items
            .iter()
            .filter(|a| a.kind != AnnotationKind::Decided)
            .map(|a| (a.ply, a.kind, a.win_in, a.best.clone()))
            .collect();
        assert_eq!(found, expected, "game {n}");
        seen += expected.len();
        games += 1;
    }
    assert!(
        games > 40 && seen > 20,
        "{seen} annotations in {games} games"
    );
}

/// A moment as the test states it: ply, kind, within how many plies, the
/// winning moves.
type Moment = (usize, AnnotationKind, u8, Vec<Move>);

/// The missed wins and allowed losses of a game by the plain search:
/// a missed win where the mover had a win within `plies` and the move
/// played wins within none; an allowed loss where, after the move, the
/// opponent wins within `plies` and, before it, the mover could escape
/// (was not lost within `plies + 1`). `None` when a tree is too large.
fn expected_annotations(start: &Game, moves: &[Move], plies: u8) -> Option<Vec<Moment>> {
    let mut expected = Vec::new();
    let mut g = start.clone();
    for (i, &m) in moves.iter().enumerate() {
        let (win_in, best, _) = by_minimax(&g, plies)?;
        let still_wins = child_score(&g, m, plies, &mut 0)? >= WIN - i32::from(plies);
        if let Some(k) = win_in
            && !still_wins
        {
            expected.push((i + 1, AnnotationKind::MissedWin, k, best));
        }
        let (_, _, lost) = by_minimax(&g, plies + 1)?;
        let mut after = g.clone();
        after.play(m).unwrap();
        if !after.is_over() && lost.is_none() {
            let (win_in, best, _) = by_minimax(&after, plies)?;
            if let Some(k) = win_in {
                expected.push((i + 1, AnnotationKind::AllowedLoss, k, best));
            }
        }
        g = after;
    }
    Some(expected)
}

#[test]
fn the_limits_in_the_docs_are_the_codes() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/solve.md"))
        .unwrap();
    let row = |name: &str| -> Vec<u64> {
        let line = doc
            .lines()
            .find(|l| l.starts_with(&format!("| {name}")))
            .unwrap_or_else(|| panic!("no row {name:?}"));
        line.replace(',', "")
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect()
    };
    assert_eq!(row("`--plies`"), vec![1, u64::from(Budget::MAX_PLIES)]);
    assert_eq!(row("positions one solve"), vec![Budget::DEFAULT_NODES]);
    assert_eq!(
        row("positions one game's"),
        vec![
            Budget::DEFAULT_NODES,
            Budget::DEFAULT_NODES * annotate::GAME_BUDGETS
        ]
    );
    assert!(doc.contains(&format!("default {})", Budget::DEFAULT_PLIES)));
}
