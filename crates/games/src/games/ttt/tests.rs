use super::*;
use crate::maps::{hmap2, map34};
use crate::rng::SplitMix64;

fn mv(text: &str) -> Move {
    let path: Vec<u8> = text.split('.').map(|p| p.parse().unwrap()).collect();
    Move::new(&path).unwrap()
}

/// Plays `moves` (space separated) ignoring placement rules, alternating X/O.
fn setup(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        game.force(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// X wins tactical cells 5.1, 5.2 and 5.3, so strategic cell 5, while O
/// plays in strategic cells 9 and 8 (placement rules ignored).
fn x_wins_strategic_cell_5(game: &mut Game) {
    let x = [
        "5.1.1", "5.1.2", "5.1.3", "5.2.1", "5.2.2", "5.2.3", "5.3.1", "5.3.2", "5.3.3",
    ];
    let o = [
        "9.9.1", "9.9.2", "9.8.4", "9.8.5", "9.7.7", "9.7.8", "8.1.1", "8.1.2", "8.1.5",
    ];
    for (a, b) in x.iter().zip(o) {
        setup(game, &format!("{a} {b}"));
    }
}

fn ultimate(decided: Decided, no_return: NoReturn) -> Game {
    Game::new(
        Variant::Ultimate,
        Options {
            decided,
            no_return,
            ..Options::default()
        },
    )
}

fn strategic(ruleset: Ruleset, decided: Decided) -> Game {
    Game::new(
        Variant::Strategic(ruleset),
        Options {
            decided,
            ..Options::default()
        },
    )
}

/// `decided = open` when `open`, else `closed`: the two modes the older
/// `PlayInDecided` tag names.
/// The move was sent to tactical cell `index` (0-based), which has no
/// room: the next may go anywhere the rules allow.
fn assert_sent_anywhere_from(g: &Game, index: u16) {
    let target = Some(TacticalCell { index, depth: 2 });
    assert_eq!(g.region(), Region::Anywhere { target });
}

fn open_or_closed(open: bool) -> Decided {
    if open { Decided::Open } else { Decided::Closed }
}

#[test]
fn move_index_round_trips() {
    for depth in 1..=3 {
        for i in 0..9usize.pow(depth as u32) {
            assert_eq!(Move::from_index(i, depth).index(), i);
        }
    }
    assert_eq!(mv("5.3.7").to_string(), "5.3.7");
    assert_eq!(mv("1.1.2").index(), 1);
    assert!(Move::new(&[0]).is_none());
    assert!(Move::new(&[1, 2, 3, 4]).is_none());
}

#[test]
fn tictactoe_row_wins_and_ends_the_game() {
    let mut g = Game::new(Variant::TicTacToe, Options::default());
    for m in ["1", "4", "2", "5"] {
        g.play(mv(m)).unwrap();
    }
    assert_eq!(g.outcome(), Outcome::Unfinished);
    let out = g.play(mv("3")).unwrap();
    assert!(out.game_over);
    assert_eq!(out.decided_levels, 1);
    assert_eq!(g.outcome(), Outcome::Winner(Mark::X));
    let err = g.play(mv("9")).unwrap_err();
    assert_eq!(err.code(), "after-end");
    assert_eq!(
        err.to_string(),
        "the game is already over (X won), no move may follow"
    );
    assert!(g.legal_moves().is_empty());
}

#[test]
fn tictactoe_full_board_without_line_is_drawn() {
    let mut g = Game::new(Variant::TicTacToe, Options::default());
    // X O X / X O O / O X X
    for m in ["1", "2", "3", "5", "4", "6", "8", "7"] {
        g.play(mv(m)).unwrap();
        assert!(!g.is_over());
    }
    g.play(mv("9")).unwrap();
    assert_eq!(g.outcome(), Outcome::Draw);
}

#[test]
fn occupied_cell_and_wrong_depth_are_refused() {
    let mut g = Game::new(Variant::TicTacToe, Options::default());
    g.play(mv("5")).unwrap();
    let err = g.play(mv("5")).unwrap_err();
    assert_eq!(
        err,
        MoveError::Occupied {
            cell: mv("5"),
            by: Mark::X
        }
    );
    // The cell is named, as SOS names it.
    assert_eq!(err.to_string(), "cell 5 is already taken by X");
    let mut u = Game::new(Variant::Ultimate, Options::default());
    u.play(mv("5.3")).unwrap();
    u.play(mv("3.5")).unwrap();
    assert_eq!(
        u.check(mv("5.3")).unwrap_err().to_string(),
        "cell 5.3 is already taken by X"
    );
    assert_eq!(g.force(mv("5")).unwrap_err().code(), "occupied");
    let err = g.play(mv("5.1")).unwrap_err();
    assert_eq!(err.code(), "wrong-depth");
    assert_eq!(
        err.to_string(),
        "a move in this game has 1 position(s) (O), this one has 2"
    );
}

#[test]
fn ultimate_must_follow_the_target_while_it_has_empty_cells() {
    let mut g = ultimate(Decided::Open, NoReturn::No);
    g.play(mv("5.3")).unwrap();
    assert_eq!(
        g.region(),
        Region::Tactical(TacticalCell { index: 2, depth: 2 })
    );
    let err = g.play(mv("4.1")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "must be played in tactical cell 3, which still has empty cells"
    );
    assert_eq!(g.legal_moves().len(), 9);
    g.play(mv("3.1")).unwrap();
    assert_eq!(g.to_move(), Mark::X);
}

#[test]
fn decided_open_keeps_a_won_cell_open_until_full() {
    let mut g = ultimate(Decided::Open, NoReturn::No);
    // X wins tactical cell 1 (1.1 1.2 1.3); O plays in 9.
    setup(&mut g, "1.1 9.1 1.2 9.2 1.3");
    assert_eq!(g.field_state(0, 0), FieldState::Won(Mark::X));
    // O now plays 9.1? occupied; O plays 4.1 (forced), X is sent to 1.
    setup(&mut g, "4.1");
    assert_eq!(
        g.region(),
        Region::Tactical(TacticalCell { index: 0, depth: 2 })
    );
    assert!(g.check(mv("2.1")).is_err());
    g.play(mv("1.4")).unwrap();
}

#[test]
fn decided_closed_sends_anywhere_undecided_after_a_won_target() {
    let mut g = ultimate(Decided::Closed, NoReturn::No);
    setup(&mut g, "1.1 9.1 1.2 9.2 1.3 4.1");
    assert_sent_anywhere_from(&g, 0);
    // Into the won cell: refused; anywhere undecided: fine.
    let err = g.check(mv("1.4")).unwrap_err();
    assert_eq!(err.code(), "closed-tactical-cell");
    assert_eq!(
        err.to_string(),
        "tactical cell 1 is closed (decided); the move may go in any tactical cell that is still undecided"
    );
    g.check(mv("2.1")).unwrap();
    let legal = g.legal_moves();
    assert!(legal.iter().all(|m| m.path()[0] != 1));
    assert_eq!(legal.len(), 81 - 9 - 3);
}

#[test]
fn full_target_falls_back_to_anywhere_with_empty_cells() {
    let mut g = ultimate(Decided::Open, NoReturn::No);
    // Fill tactical cell 5 without a line: X O X / X O O / O X X; O's moves
    // go elsewhere in between so the colours come out right.
    setup(&mut g, "5.1 5.2 5.3 5.5 5.4 5.6 5.8 5.7 5.9 1.5 2.5");
    assert_eq!(g.field_state(0, 4), FieldState::Drawn);
    assert_sent_anywhere_from(&g, 4);
    let err = g.check(mv("5.5")).unwrap_err();
    assert_eq!(err.code(), "occupied");
    g.play(mv("7.7")).unwrap();
}

/// Tactical cell 3 drawn (X O X / X O O / O X X, X's mark last), then X wins
/// tactical cells 1 and 2 with 2.3 as the last move: the top row is X, X and
/// a drawn cell.
const TOP_ROW_THROUGH_A_DRAW: [&str; 2] = [
    "3.1 3.2 3.3 3.5 3.4 3.6 3.8 3.7 3.9",
    "9.9 1.1 4.1 1.2 4.2 1.3 6.1 2.1 6.2 2.2 6.3 2.3",
];

#[test]
fn with_draws_none_a_drawn_cell_blocks_its_lines() {
    let mut g = Game::new(Variant::Ultimate, Options::preset(Preset::Common));
    setup(&mut g, TOP_ROW_THROUGH_A_DRAW[0]);
    assert_eq!(g.field_state(0, 2), FieldState::Drawn);
    setup(&mut g, TOP_ROW_THROUGH_A_DRAW[1]);
    assert_eq!(g.field_state(0, 0), FieldState::Won(Mark::X));
    assert_eq!(g.field_state(0, 1), FieldState::Won(Mark::X));
    assert_eq!(g.outcome(), Outcome::Unfinished);
    assert_eq!(g.board(1, 0).drawn, 0b100);
    // O's 6.1 6.2 6.3 won tactical cell 6 for O.
    assert_eq!(g.field_state(0, 5), FieldState::Won(Mark::O));
}

#[test]
fn a_drawn_cell_is_wild_and_completes_the_movers_line() {
    let mut g = ultimate(Decided::Open, NoReturn::No);
    setup(&mut g, TOP_ROW_THROUGH_A_DRAW[0]);
    assert_eq!(g.field_state(0, 2), FieldState::Drawn);
    setup(&mut g, TOP_ROW_THROUGH_A_DRAW[1]);
    assert_eq!(g.outcome(), Outcome::Winner(Mark::X));
    assert_eq!(g.board(1, 0).line_of(Mark::X, Draws::Both), Some(0b111));
    assert_eq!(g.board(1, 0).line_of(Mark::X, Draws::None), None);
}

#[test]
fn three_drawn_cells_are_no_line() {
    let mut g = ultimate(Decided::Open, NoReturn::No);
    // Tactical cells 1, 2 and 3 drawn, each X O X / X O O / O X X.
    for t in 1..=3 {
        let fill: Vec<String> = [1, 2, 3, 5, 4, 6, 8, 7, 9]
            .iter()
            .map(|o| format!("{t}.{o}"))
            .collect();
        if g.to_move() == Mark::O {
            setup(&mut g, &format!("9.{t}"));
        }
        setup(&mut g, &fill.join(" "));
        assert_eq!(g.field_state(0, t - 1), FieldState::Drawn, "tactical {t}");
    }
    assert_eq!(g.board(1, 0).drawn, 0b111);
    assert_eq!(g.outcome(), Outcome::Unfinished);
    assert!(!g.board(1, 0).has_line(Mark::X, Draws::Both));
    assert!(!g.board(1, 0).has_line(Mark::O, Draws::Both));
}

/// X holds tactical cells 1 and 2, O holds 6 and 9; tactical cell 3 is one
/// move from a draw (X O X / X O O / O X _), its last cell 3.9. Returns the
/// game with `last` to play 3.9.
fn both_lines_wait_on_tactical_cell_3(last: Mark) -> Game {
    let mut g = ultimate(Decided::Open, NoReturn::No);
    // X: 1.1 1.2 1.3, 2.1 2.2 2.3; O: 6.1 6.2 6.3, 9.1 9.2 9.3; then 3.x.
    setup(
        &mut g,
        "1.1 6.1 1.2 6.2 1.3 6.3 2.1 9.1 2.2 9.2 2.3 9.3 3.1 3.2 3.3 3.5 3.4 3.6 3.8 3.7",
    );
    assert_eq!(g.to_move(), Mark::X);
    if last == Mark::O {
        setup(&mut g, "5.5");
    }
    assert_eq!(
        [0, 1, 5, 8].map(|t| g.field_state(0, t)),
        [
            FieldState::Won(Mark::X),
            FieldState::Won(Mark::X),
            FieldState::Won(Mark::O),
            FieldState::Won(Mark::O)
        ]
    );
    g
}

#[test]
fn a_draw_that_completes_lines_for_both_goes_to_the_mover() {
    for mover in [Mark::X, Mark::O] {
        let mut g = both_lines_wait_on_tactical_cell_3(mover);
        assert_eq!(g.to_move(), mover);
        // X's last mark in 3 would be 3.9 (X O X / X O O / O X X), O's
        // makes it X O X / X O O / O X O: no line for either in 3 both ways.
        let out = g.force(mv("3.9")).unwrap();
        assert_eq!(g.field_state(0, 2), FieldState::Drawn, "{mover}");
        assert_eq!(out.decided_levels, 2);
        // Row 1-2-3 for X and column 3-6-9 for O are complete at once.
        assert_eq!(g.outcome(), Outcome::Winner(mover), "{mover}");
    }
}

#[test]
fn a_draw_hands_the_field_to_the_player_who_did_not_move() {
    // Ultimate: O holds tactical cells 1 and 5; X's move that draws tactical
    // cell 9 completes O's diagonal 1-5-9.
    let mut g = ultimate(Decided::Open, NoReturn::No);
    setup(
        &mut g,
        "2.2 1.1 3.3 1.2 4.4 1.3 6.6 5.1 7.7 5.2 8.8 5.3 9.1 9.2 9.3 9.5 9.4 9.6 9.8 9.7",
    );
    assert_eq!(g.field_state(0, 0), FieldState::Won(Mark::O));
    assert_eq!(g.field_state(0, 4), FieldState::Won(Mark::O));
    assert_eq!(g.to_move(), Mark::X);
    let out = g.force(mv("9.9")).unwrap();
    assert_eq!(out.mover, Mark::X);
    assert!(out.game_over);
    assert_eq!(g.field_state(0, 8), FieldState::Drawn);
    assert_eq!(g.outcome(), Outcome::Winner(Mark::O));
    // With draws counting for nobody the same move leaves the game open.
    let mut common = Game::new(
        Variant::Ultimate,
        Options {
            draws: Draws::None,
            ..Options::default()
        },
    );
    setup(
        &mut common,
        "2.2 1.1 3.3 1.2 4.4 1.3 6.6 5.1 7.7 5.2 8.8 5.3 9.1 9.2 9.3 9.5 9.4 9.6 9.8 9.7 9.9",
    );
    assert_eq!(common.outcome(), Outcome::Unfinished);
}

#[test]
fn a_strategic_cell_won_for_the_other_player_walks_up_as_theirs() {
    // Strategic, tactical ruleset: in strategic cell 1, O holds tactical cells
    // 1 and 5; X's move that draws tactical cell 1.9 wins strategic cell 1 for
    // O, which counts in O's lines at the top.
    let mut g = strategic(Ruleset::Tactical, Decided::Open);
    let mut filler = (8 * 81..9 * 81).map(|i| Move::from_index(i, 3));
    let mut place = |g: &mut Game, mark: Mark, cell: &str| {
        if g.to_move() != mark {
            g.force(filler.next().unwrap()).unwrap();
        }
        g.force(mv(cell)).unwrap();
    };
    for t in [1, 5] {
        for o in 1..=3 {
            place(&mut g, Mark::O, &format!("1.{t}.{o}"));
        }
    }
    for (i, o) in [1, 2, 3, 5, 4, 6, 8, 7].into_iter().enumerate() {
        let mark = if i % 2 == 0 { Mark::X } else { Mark::O };
        place(&mut g, mark, &format!("1.9.{o}"));
    }
    assert_eq!(g.field_state(1, 0), FieldState::Open);
    place(&mut g, Mark::X, "1.9.9");
    assert_eq!(g.field_state(0, 8), FieldState::Drawn);
    assert_eq!(g.field_state(1, 0), FieldState::Won(Mark::O));
    assert_eq!(g.board(2, 0).o & 1, 1, "O holds strategic cell 1");
}

/// X O X / X O O / O X X: a full 3×3 in which nobody has a line.
const NO_LINE: [Mark; 9] = [
    Mark::X,
    Mark::O,
    Mark::X,
    Mark::X,
    Mark::O,
    Mark::O,
    Mark::O,
    Mark::X,
    Mark::X,
];

#[test]
fn whole_field_drawn_when_every_cell_is_decided_without_a_line() {
    let mut g = Game::new(Variant::Ultimate, Options::default());
    let winner_of = NO_LINE;
    // X wins tactical t with t.1 t.2 t.3, O with t.4 t.5 t.6; the loser's
    // three cells in the same tactical cell never form a line.
    for (t, w) in winner_of.iter().enumerate() {
        let t = t + 1;
        let (wins, spare) = if *w == Mark::X {
            ([1, 2, 3], [9, 4, 5])
        } else {
            ([4, 5, 6], [7, 1, 9])
        };
        let mut order = Vec::new();
        if g.to_move() != *w {
            order.push(format!("{t}.{}", spare[0]));
        }
        for k in 0..3 {
            order.push(format!("{t}.{}", wins[k]));
            if k < 2 {
                order.push(format!("{t}.{}", spare[k + 1]));
            }
        }
        setup(&mut g, &order.join(" "));
        assert_eq!(g.field_state(0, t - 1), FieldState::Won(*w), "cell {t}");
    }
    assert_eq!(g.outcome(), Outcome::Draw);
    assert!(g.is_over());
    assert_eq!(g.force(mv("1.9")).unwrap_err().code(), "after-end");
}

#[test]
fn a_won_field_stays_won() {
    let mut g = ultimate(Decided::Open, NoReturn::No);
    setup(&mut g, "1.1 1.4 1.2 1.5 1.3 1.6");
    assert_eq!(g.field_state(0, 0), FieldState::Won(Mark::X));
    assert_eq!(g.board(0, 0).o, 0b111_000);
}

#[test]
fn strategic_tactical_ruleset_targets_t_o() {
    let mut g = strategic(Ruleset::Tactical, Decided::Open);
    g.play(mv("1.5.9")).unwrap();
    let err = g.play(mv("4.2.7")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "must be played in tactical cell 5.9, which still has empty cells"
    );
    g.play(mv("5.9.1")).unwrap();
    assert_eq!(g.current_target().unwrap().to_string(), "9.1");
}

#[test]
fn strategic_functional_and_hyperfunctional_targets() {
    let g = strategic(Ruleset::Functional(map34()), Decided::Open);
    // S=1 row 1 -> column 1 entry 1 = 2; target (2, O=1).
    assert_eq!(g.target_of(mv("1.1.1")).unwrap().to_string(), "2.1");
    // S=5 row 5 -> column 2 entry 5 = 6.
    assert_eq!(g.target_of(mv("5.5.5")).unwrap().to_string(), "6.5");
    // S=9, T=7, O=9: row 9 -> column 3 entry 9 = 7.
    assert_eq!(g.target_of(mv("9.7.9")).unwrap().to_string(), "7.9");
    let h = strategic(Ruleset::Hyperfunctional(Box::new(hmap2())), Decided::Open);
    assert_eq!(h.target_of(mv("5.5.5")).unwrap().to_string(), "8.5");
    assert_eq!(h.target_of(mv("1.1.1")).unwrap().to_string(), "9.1");
    let u = ultimate(Decided::Open, NoReturn::No);
    assert_eq!(u.target_of(mv("5.3")).unwrap().to_string(), "3");
    let t = Game::new(Variant::TicTacToe, Options::default());
    assert_eq!(t.target_of(mv("3")), None);
}

#[test]
fn strategic_fallback_two_any_open_tactical_cell_of_the_strategic_cell() {
    let mut g = strategic(Ruleset::Tactical, Decided::Open);
    // Fill tactical cell 5.9 (no line), interleaving O moves in 1.1.
    setup(
        &mut g,
        "5.9.1 5.9.2 5.9.3 5.9.5 5.9.4 5.9.6 5.9.8 5.9.7 5.9.9 1.1.1",
    );
    // X: 2.5.9 targets 5.9, which is full.
    setup(&mut g, "2.5.9");
    assert_eq!(
        g.region(),
        Region::Strategic {
            strategic: 4,
            target: TacticalCell {
                index: 44,
                depth: 3
            }
        }
    );
    let err = g.check(mv("4.1.1")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tactical cell 5.9 is full, so the move must be played in strategic cell 5, in a tactical cell that still has empty cells"
    );
    assert_eq!(g.legal_moves().len(), 8 * 9);
    g.play(mv("5.1.1")).unwrap();
}

#[test]
fn strategic_fallback_three_when_the_strategic_cell_is_decided() {
    let mut g = strategic(Ruleset::Tactical, Decided::Closed);
    x_wins_strategic_cell_5(&mut g);
    assert_eq!(g.field_state(1, 4), FieldState::Won(Mark::X));
    // X plays 1.5.4: targets 5.4, undecided but inside decided strategic cell 5.
    setup(&mut g, "1.5.4");
    assert!(matches!(g.region(), Region::Anywhere { .. }));
    assert_eq!(
        g.check(mv("5.4.1")).unwrap_err().code(),
        "closed-tactical-cell"
    );
    g.check(mv("2.2.2")).unwrap();
    // With decided cells open the same position still sends O into 5.4.
    let mut open = strategic(Ruleset::Tactical, Decided::Open);
    x_wins_strategic_cell_5(&mut open);
    setup(&mut open, "1.5.4");
    assert_eq!(
        open.check(mv("2.2.2")).unwrap_err().code(),
        "wrong-tactical-cell"
    );
    open.check(mv("5.4.1")).unwrap();
}

#[test]
fn strategic_fallback_three_when_the_strategic_cell_is_full() {
    let mut g = strategic(Ruleset::Tactical, Decided::Open);
    // Fill all of strategic cell 5 (81 cells) through forced moves, then point into it.
    for i in 0..81 {
        g.force(Move::from_index(4 * 81 + i, 3)).unwrap();
    }
    assert!(!g.is_over());
    assert!(!g.strategic_target_open(4));
    let to = g.to_move();
    setup(&mut g, "1.5.3");
    assert_eq!(g.to_move(), to.other());
    assert!(matches!(g.region(), Region::Anywhere { target: Some(_) }));
    g.check(mv("2.2.2")).unwrap();
    assert_eq!(g.legal_moves().len(), 729 - 81 - 1);
}

#[test]
fn no_return_refuses_sending_back_while_other_moves_exist() {
    let mut g = ultimate(Decided::Open, NoReturn::Yes);
    g.play(mv("1.5")).unwrap();
    let err = g.play(mv("5.1")).unwrap_err();
    assert_eq!(err.code(), "no-return");
    assert_eq!(
        err.to_string(),
        "no-return: this move sends X back to tactical cell 1, where X must then play (X's last move was there), while other moves (e.g. 5.2) do not"
    );
    assert_eq!(g.legal_moves().len(), 8);
    g.play(mv("5.2")).unwrap();
    // The same move is fine without the option.
    let mut free = ultimate(Decided::Open, NoReturn::No);
    free.play(mv("1.5")).unwrap();
    free.play(mv("5.1")).unwrap();
}

#[test]
fn no_return_lets_a_move_into_a_full_target_through() {
    for decided in [Decided::Open, Decided::Free, Decided::Closed] {
        let mut g = ultimate(decided, NoReturn::Yes);
        // X holds 2.1, 2.3, 2.5, 2.7 and O the rest of tactical cell 2; X's
        // 2.9 fills it and sends O to 9.
        setup(&mut g, "2.1 2.2 2.3 2.4 2.5 2.6 2.7 2.8 2.9");
        assert_eq!(g.to_move(), Mark::O);
        // 9.2 aims at 2, where X just played, but 2 is full: X is freed,
        // not sent back.
        g.check(mv("9.2"))
            .unwrap_or_else(|e| panic!("{decided:?}: {e}"));
        assert_eq!(g.legal_moves().len(), 9, "{decided:?}");
    }
}

#[test]
fn no_return_lets_a_move_into_a_decided_target_through_where_it_frees() {
    // X wins tactical cell 5 with 5.3, which sends O to 3; O's 3.5 aims
    // back at 5, which is decided but not full.
    let verdict = |decided| {
        let mut g = ultimate(decided, NoReturn::Yes);
        setup(&mut g, "5.1 1.4 5.2 2.4 5.3");
        assert_eq!(g.field_state(0, 4), FieldState::Won(Mark::X));
        g.check(mv("3.5")).map_err(|e| e.code())
    };
    // A decided target frees X under `free` and `closed`: nobody is sent back.
    assert_eq!(verdict(Decided::Free), Ok(()));
    assert_eq!(verdict(Decided::Closed), Ok(()));
    // Under `open` X would have to play in 5 again: refused.
    assert_eq!(verdict(Decided::Open), Err("no-return"));
}

#[test]
fn no_return_is_lifted_when_nothing_else_is_legal() {
    let mut g = ultimate(Decided::Open, NoReturn::Yes);
    // Fill 5.2..5.9 (forced), leaving only 5.1, then X plays 1.5 to send O there.
    setup(&mut g, "5.2 5.3 5.5 5.4 5.6 5.8 5.7 5.9 1.5");
    assert_eq!(g.to_move(), Mark::O);
    assert_eq!(g.legal_moves(), vec![mv("5.1")]);
    g.play(mv("5.1")).unwrap();
}

#[test]
fn no_return_in_strategic_holds_at_the_strategic_level_too() {
    let game = |no_return| {
        Game::new(
            Variant::Strategic(Ruleset::Functional(map34())),
            Options {
                no_return,
                ..Options::default()
            },
        )
    };
    // X at 1.1.1 sends O to 2.1. A move 2.1.o targets (F(2, row), o), and
    // rows 1, 2, 3 of strategic cell 2 go to 3, 2, 1 under map34: o = 7, 8, 9
    // (row 3) send X back to strategic cell 1, though never to tactical cell 1.1.
    let mut g = game(NoReturn::Yes);
    g.play(mv("1.1.1")).unwrap();
    let err = g.check(mv("2.1.7")).unwrap_err();
    assert_eq!(err.code(), "no-return");
    assert!(matches!(err, MoveError::NoReturnStrategic { .. }));
    assert_eq!(
        err.to_string(),
        "no-return: this move sends X back to strategic cell 1, where X must then play (X's last move was there), while other moves (e.g. 2.1.1) do not"
    );
    let legal: Vec<String> = g.legal_moves().iter().map(Move::to_string).collect();
    assert_eq!(
        legal,
        ["2.1.1", "2.1.2", "2.1.3", "2.1.4", "2.1.5", "2.1.6"]
    );
    // Only the tactical level: all nine.
    let mut g = game(NoReturn::Tactical);
    g.play(mv("1.1.1")).unwrap();
    g.check(mv("2.1.7")).unwrap();
    assert_eq!(g.legal_moves().len(), 9);
}

#[test]
fn strategic_no_return_is_lifted_in_stages() {
    let game = || {
        Game::new(
            Variant::Strategic(Ruleset::Tactical),
            Options {
                no_return: NoReturn::Yes,
                ..Options::default()
            },
        )
    };
    // Tactical ruleset: X at 1.2.1 sends O to 2.1, and every 2.1.o targets
    // (1, o), inside strategic cell 1 where X just played. The strategic level
    // is lifted; the tactical level still forbids 2.1.2, aimed at 1.2 itself.
    let mut g = game();
    g.play(mv("1.2.1")).unwrap();
    assert_eq!(g.check(mv("2.1.2")).unwrap_err().code(), "no-return");
    g.check(mv("2.1.7")).unwrap();
    assert_eq!(g.legal_moves().len(), 8);
    // With 2.1 full but for 2.1.2, the tactical level is lifted too.
    let mut g = game();
    setup(
        &mut g,
        "2.1.1 2.1.3 2.1.5 2.1.4 2.1.6 2.1.8 2.1.7 2.1.9 1.2.1",
    );
    assert_eq!(g.to_move(), Mark::O);
    assert_eq!(g.legal_moves(), vec![mv("2.1.2")]);
    g.check(mv("2.1.2")).unwrap();
}

/// Random games: `legal_moves` and `check` agree on every empty cell of every
/// position, and a game always ends decided.
#[test]
fn legal_moves_agree_with_check_in_random_games() {
    let variants = [
        Variant::TicTacToe,
        Variant::Ultimate,
        Variant::Strategic(Ruleset::Tactical),
        Variant::Strategic(Ruleset::Functional(map34())),
        Variant::Strategic(Ruleset::Hyperfunctional(Box::new(hmap2()))),
    ];
    let mut rng = SplitMix64::new(11);
    let mut buf = Vec::new();
    let options = [
        Options::default(),
        Options::preset(Preset::Common),
        Options {
            decided: Decided::Free,
            no_return: NoReturn::Yes,
            ..Options::default()
        },
        Options {
            draws: Draws::None,
            decided: Decided::Closed,
            no_return: NoReturn::Yes,
        },
        Options {
            decided: Decided::Open,
            no_return: NoReturn::Tactical,
            ..Options::default()
        },
    ];
    for variant in &variants {
        for o in options {
            let (pid, nr) = (o.decided, o.no_return);
            let mut g = Game::new(variant.clone(), o);
            let cells = 9usize.pow(g.depth() as u32);
            let mut step = 0;
            while !g.is_over() {
                g.legal_moves_into(&mut buf);
                assert!(!buf.is_empty(), "{variant:?} {pid} {nr}: stuck");
                // Checking every cell of a 729-cell board each move is slow in
                // debug builds; sample every 7th position there.
                if cells < 729 || step % 7 == 0 {
                    for i in 0..cells {
                        let m = Move::from_index(i, g.depth());
                        assert_eq!(g.check(m).is_ok(), buf.contains(&m), "{m} at step {step}");
                    }
                }
                let m = buf[rng.index(buf.len())];
                g.play(m).unwrap();
                step += 1;
            }
            assert_ne!(g.outcome(), Outcome::Unfinished);
        }
    }
}

/// Every ruleset × decided cells open and closed: fallbacks 1, 2 and 3
/// (docs/rules.md, "Where the next move goes") each reached and enforced.
#[test]
fn every_fallback_for_every_ruleset_with_decided_cells_open_and_closed() {
    let rulesets = [
        Ruleset::Tactical,
        Ruleset::Functional(map34()),
        Ruleset::Hyperfunctional(Box::new(hmap2())),
    ];
    for ruleset in rulesets {
        for pid in [true, false] {
            let name = format!("{ruleset:?} pid={pid}");
            let fresh = strategic(ruleset.clone(), open_or_closed(pid));
            // A move outside strategic cells 5 and 9 whose target is `target`.
            let sender = |g: &Game, target: &str| {
                (0..729)
                    .map(|i| Move::from_index(i, 3))
                    .find(|m| {
                        ![5, 9].contains(&m.path()[0])
                            && g.cell(*m).is_none()
                            && g.target_of(*m).unwrap().to_string() == target
                    })
                    .unwrap_or_else(|| panic!("{name}: nothing sends to {target}"))
            };

            // Fallback 1: the target is open, so the move must be in it.
            let mut g = fresh.clone();
            setup(&mut g, &sender(&fresh, "5.1").to_string());
            assert_eq!(
                g.region(),
                Region::Tactical(TacticalCell {
                    index: 36,
                    depth: 3
                }),
                "{name}"
            );
            assert_eq!(
                g.check(mv("5.2.1")).unwrap_err().code(),
                "wrong-tactical-cell",
                "{name}"
            );
            g.check(mv("5.1.5")).unwrap();

            // Fallback 2: close 5.1 (full when play-in-decided, else won by X).
            let mut g = fresh.clone();
            if pid {
                setup(
                    &mut g,
                    "5.1.1 5.1.2 5.1.3 5.1.5 5.1.4 5.1.6 5.1.8 5.1.7 5.1.9 9.9.9",
                );
            } else {
                setup(&mut g, "5.1.1 9.9.1 5.1.2 9.9.2 5.1.3 9.8.4");
                assert_eq!(g.field_state(0, 36), FieldState::Won(Mark::X), "{name}");
            }
            let send = sender(&g, "5.1").to_string();
            setup(&mut g, &send);
            assert_eq!(
                g.region(),
                Region::Strategic {
                    strategic: 4,
                    target: TacticalCell {
                        index: 36,
                        depth: 3
                    }
                },
                "{name}"
            );
            assert_eq!(
                g.check(mv("6.1.1")).unwrap_err().code(),
                "wrong-strategic-cell",
                "{name}"
            );
            g.check(mv("5.2.1")).unwrap();
            if !pid {
                // Won but not full: closed under the house rule.
                assert_eq!(
                    g.check(mv("5.1.9")).unwrap_err().code(),
                    "wrong-strategic-cell",
                    "{name}"
                );
            }

            // Fallback 3: close strategic cell 5 (all full, or won by X).
            let mut g = fresh.clone();
            if pid {
                for i in 0..81 {
                    g.force(Move::from_index(4 * 81 + i, 3)).unwrap();
                }
            } else {
                x_wins_strategic_cell_5(&mut g);
                assert_eq!(g.field_state(1, 4), FieldState::Won(Mark::X), "{name}");
            }
            assert!(!g.is_over());
            let send = sender(&g, "5.4").to_string();
            setup(&mut g, &send);
            assert!(
                matches!(g.region(), Region::Anywhere { target: Some(_) }),
                "{name}"
            );
            if !pid {
                // 5.4 itself is undecided but lies in a decided strategic cell.
                assert_eq!(
                    g.check(mv("5.4.1")).unwrap_err().code(),
                    "closed-tactical-cell",
                    "{name}"
                );
            }
            let elsewhere = g.legal_moves();
            assert!(elsewhere.iter().all(|m| m.path()[0] != 5), "{name}");
            assert!(!elsewhere.is_empty(), "{name}");
        }
    }
}

/// Strategic, tactical ruleset: strategic cell 3 drawn (its tactical cells
/// won in a pattern without a line), then X wins strategic cells 1 and 2, then
/// 4 and 7. With draws counting for nobody the drawn cell blocks the top row
/// and the left column wins; with draws counting for both the top row wins
/// as soon as strategic cell 2 is X's.
#[test]
fn a_drawn_strategic_cell_blocks_or_completes_the_top_row() {
    for draws in [Draws::None, Draws::Both] {
        let mut g = Game::new(
            Variant::Strategic(Ruleset::Tactical),
            Options {
                draws,
                ..Options::default()
            },
        );
        // Filler moves for whoever is not meant to move, kept in strategic cell 9.
        let mut filler = (8 * 81..9 * 81).map(|i| Move::from_index(i, 3));
        let mut place = |g: &mut Game, mark: Mark, cell: String| {
            if g.to_move() != mark {
                g.force(filler.next().unwrap()).unwrap();
            }
            g.force(mv(&cell)).unwrap();
        };
        let mut win_tactical = |g: &mut Game, mark: Mark, s: u8, t: u8| {
            for o in 1..=3 {
                place(g, mark, format!("{s}.{t}.{o}"));
            }
        };
        for (t, &mark) in NO_LINE.iter().enumerate() {
            win_tactical(&mut g, mark, 3, t as u8 + 1);
        }
        assert_eq!(g.field_state(1, 2), FieldState::Drawn, "{draws}");
        for s in [1, 2] {
            for t in 1..=3 {
                win_tactical(&mut g, Mark::X, s, t);
            }
        }
        assert_eq!(g.field_state(1, 0), FieldState::Won(Mark::X));
        assert_eq!(g.field_state(1, 1), FieldState::Won(Mark::X));
        assert_eq!(g.board(2, 0).drawn, 0b100);
        if draws == Draws::Both {
            assert_eq!(g.outcome(), Outcome::Winner(Mark::X), "wild top row");
            continue;
        }
        assert_eq!(
            g.outcome(),
            Outcome::Unfinished,
            "the drawn cell 3 blocks the top row"
        );
        for s in [4, 7] {
            for t in 1..=3 {
                win_tactical(&mut g, Mark::X, s, t);
            }
        }
        assert_eq!(g.outcome(), Outcome::Winner(Mark::X));
        assert_eq!(g.force(mv("5.5.5")).unwrap_err().code(), "after-end");
    }
}

#[test]
fn the_closed_cell_message_speaks_of_the_game_s_own_cells() {
    // X wins tactical cell 5 (5.1 5.2 5.3) and O is sent to 3; O's 3.5
    // sends X to the closed cell 5, which frees X; X's move into 5 is refused.
    let mut g = ultimate(Decided::Closed, NoReturn::No);
    setup(&mut g, "5.1 1.4 5.2 2.4 5.3 3.5");
    let err = g.check(mv("5.9")).unwrap_err();
    assert_eq!(err.code(), "closed-tactical-cell");
    assert_eq!(
        err.to_string(),
        "tactical cell 5 is closed (decided); the move may go in any tactical cell that is still undecided"
    );
    // Strategic has decided strategic cells, and says so.
    let err = MoveError::ClosedTacticalCell {
        cell: TacticalCell {
            index: 40,
            depth: 3,
        },
        decided: Decided::Closed,
    };
    assert!(
        err.to_string()
            .starts_with("tactical cell 5.5 is closed (decided, or in a decided strategic cell)"),
        "{err}"
    );
}

/// The quick test `play` makes first passes only moves `check` passes, and
/// passes most moves played when no-return is off: over random games of every variant and option,
/// every move of every position is put to both.
#[test]
fn plainly_legal_moves_are_legal_and_most_legal_moves_are_plain() {
    let mut rng = SplitMix64::new(22);
    let variants = [
        Variant::TicTacToe,
        Variant::Ultimate,
        Variant::Strategic(Ruleset::Tactical),
        Variant::Strategic(Ruleset::Functional(map34())),
    ];
    let (mut legal, mut plain) = (0usize, 0usize);
    for variant in &variants {
        for decided in [Decided::Open, Decided::Free, Decided::Closed] {
            for no_return in [NoReturn::No, NoReturn::Yes, NoReturn::Tactical] {
                for draws in [Draws::Both, Draws::None] {
                    let options = Options {
                        draws,
                        decided,
                        no_return,
                    };
                    let mut game = Game::new(variant.clone(), options);
                    let cells = 9usize.pow(game.depth() as u32);
                    while !game.is_over() {
                        for i in 0..cells {
                            let mv = Move::from_index(i, game.depth());
                            let quick = game.plainly_legal(mv);
                            let ok = game.check(mv).is_ok();
                            assert!(!quick || ok, "{mv} in {variant:?} {options:?}");
                        }
                        // A wrong-length move and one after the end are never plain.
                        assert!(
                            !game
                                .plainly_legal(Move::new(&[1; 4][..game.depth() % 3 + 1]).unwrap())
                        );
                        let moves = game.legal_moves();
                        if moves.is_empty() {
                            break;
                        }
                        let chosen = moves[rng.index(moves.len())];
                        // With no-return on, every move is left to `check`.
                        if no_return == NoReturn::No {
                            legal += 1;
                            plain += usize::from(game.plainly_legal(chosen));
                        }
                        game.play(chosen).unwrap();
                    }
                    assert!(!game.plainly_legal(Move::from_index(0, game.depth())));
                }
            }
        }
    }
    assert!(
        plain * 4 > legal * 3,
        "{plain} plain of {legal} moves played"
    );
}
