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

fn ultimate(play_in_decided: bool, no_return: bool) -> Game {
    Game::new(
        Variant::Ultimate,
        Options {
            play_in_decided,
            no_return,
        },
    )
}

fn strategic(ruleset: Ruleset, play_in_decided: bool) -> Game {
    Game::new(
        Variant::Strategic(ruleset),
        Options {
            play_in_decided,
            no_return: false,
        },
    )
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
    assert_eq!(err, MoveError::Occupied { by: Mark::X });
    assert_eq!(err.to_string(), "the cell is already taken by X");
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
    let mut g = ultimate(true, false);
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
fn play_in_decided_on_keeps_a_won_cell_open_until_full() {
    let mut g = ultimate(true, false);
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
fn play_in_decided_off_sends_anywhere_undecided_after_a_won_target() {
    let mut g = ultimate(false, false);
    setup(&mut g, "1.1 9.1 1.2 9.2 1.3 4.1");
    assert_eq!(
        g.region(),
        Region::Anywhere {
            target: Some(TacticalCell { index: 0, depth: 2 })
        }
    );
    // Into the won cell: refused; anywhere undecided: fine.
    let err = g.check(mv("1.4")).unwrap_err();
    assert_eq!(err.code(), "closed-tactical-cell");
    assert_eq!(
        err.to_string(),
        "tactical cell 1 is closed (decided, or in a decided strategic cell); the move may go in any open tactical cell"
    );
    g.check(mv("2.1")).unwrap();
    let legal = g.legal_moves();
    assert!(legal.iter().all(|m| m.path()[0] != 1));
    assert_eq!(legal.len(), 81 - 9 - 3);
}

#[test]
fn full_target_falls_back_to_anywhere_with_empty_cells() {
    let mut g = ultimate(true, false);
    // Fill tactical cell 5 without a line: X O X / X O O / O X X; O's moves
    // go elsewhere in between so the colours come out right.
    setup(&mut g, "5.1 5.2 5.3 5.5 5.4 5.6 5.8 5.7 5.9 1.5 2.5");
    assert_eq!(g.field_state(0, 4), FieldState::Drawn);
    assert_eq!(
        g.region(),
        Region::Anywhere {
            target: Some(TacticalCell { index: 4, depth: 2 })
        }
    );
    let err = g.check(mv("5.5")).unwrap_err();
    assert_eq!(err.code(), "occupied");
    g.play(mv("7.7")).unwrap();
}

#[test]
fn drawn_cells_block_lines_at_every_level() {
    let mut g = ultimate(true, false);
    // Tactical cell 3 drawn, then X wins 1 and 2: the top row is blocked.
    setup(&mut g, "3.1 3.2 3.3 3.5 3.4 3.6 3.8 3.7 3.9");
    assert_eq!(g.field_state(0, 2), FieldState::Drawn);
    setup(&mut g, "9.9 1.1 4.1 1.2 4.2 1.3 6.1 2.1 6.2 2.2 6.3 2.3");
    assert_eq!(g.field_state(0, 0), FieldState::Won(Mark::X));
    assert_eq!(g.field_state(0, 1), FieldState::Won(Mark::X));
    assert_eq!(g.outcome(), Outcome::Unfinished);
    assert_eq!(g.board(1, 0).drawn, 0b100);
    // O's 6.1 6.2 6.3 won tactical cell 6 for O.
    assert_eq!(g.field_state(0, 5), FieldState::Won(Mark::O));
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
    let mut g = ultimate(true, false);
    setup(&mut g, "1.1 1.4 1.2 1.5 1.3 1.6");
    assert_eq!(g.field_state(0, 0), FieldState::Won(Mark::X));
    assert_eq!(g.board(0, 0).o, 0b111_000);
}

#[test]
fn strategic_tactical_ruleset_targets_t_o() {
    let mut g = strategic(Ruleset::Tactical, true);
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
    let g = strategic(Ruleset::Functional(map34()), true);
    // S=1 row 1 -> column 1 entry 1 = 2; target (2, O=1).
    assert_eq!(g.target_of(mv("1.1.1")).unwrap().to_string(), "2.1");
    // S=5 row 5 -> column 2 entry 5 = 6.
    assert_eq!(g.target_of(mv("5.5.5")).unwrap().to_string(), "6.5");
    // S=9, T=7, O=9: row 9 -> column 3 entry 9 = 7.
    assert_eq!(g.target_of(mv("9.7.9")).unwrap().to_string(), "7.9");
    let h = strategic(Ruleset::Hyperfunctional(Box::new(hmap2())), true);
    assert_eq!(h.target_of(mv("5.5.5")).unwrap().to_string(), "8.5");
    assert_eq!(h.target_of(mv("1.1.1")).unwrap().to_string(), "9.1");
    let u = ultimate(true, false);
    assert_eq!(u.target_of(mv("5.3")).unwrap().to_string(), "3");
    let t = Game::new(Variant::TicTacToe, Options::default());
    assert_eq!(t.target_of(mv("3")), None);
}

#[test]
fn strategic_fallback_two_any_open_tactical_cell_of_the_strategic_cell() {
    let mut g = strategic(Ruleset::Tactical, true);
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
        "tactical cell 5.9 is full, so the move must be played in an open tactical cell of strategic cell 5"
    );
    assert_eq!(g.legal_moves().len(), 8 * 9);
    g.play(mv("5.1.1")).unwrap();
}

#[test]
fn strategic_fallback_three_when_the_strategic_cell_is_decided() {
    let mut g = strategic(Ruleset::Tactical, false);
    // X wins tactical cells 5.1, 5.2, 5.3 (so strategic cell 5); O plays in 9.9.
    let x = [
        "5.1.1", "5.1.2", "5.1.3", "5.2.1", "5.2.2", "5.2.3", "5.3.1", "5.3.2", "5.3.3",
    ];
    let o = [
        "9.9.1", "9.9.2", "9.8.4", "9.8.5", "9.7.7", "9.7.8", "8.1.1", "8.1.2", "8.1.5",
    ];
    for (a, b) in x.iter().zip(o) {
        setup(&mut g, &format!("{a} {b}"));
    }
    assert_eq!(g.field_state(1, 4), FieldState::Won(Mark::X));
    // X plays 1.5.4: targets 5.4, undecided but inside decided strategic cell 5.
    setup(&mut g, "1.5.4");
    assert!(matches!(g.region(), Region::Anywhere { .. }));
    assert_eq!(
        g.check(mv("5.4.1")).unwrap_err().code(),
        "closed-tactical-cell"
    );
    g.check(mv("2.2.2")).unwrap();
    // With play-in-decided (true) the same position still sends O into 5.4.
    let mut open = strategic(Ruleset::Tactical, true);
    for (a, b) in x.iter().zip(o) {
        setup(&mut open, &format!("{a} {b}"));
    }
    setup(&mut open, "1.5.4");
    assert_eq!(
        open.check(mv("2.2.2")).unwrap_err().code(),
        "wrong-tactical-cell"
    );
    open.check(mv("5.4.1")).unwrap();
}

#[test]
fn strategic_fallback_three_when_the_strategic_cell_is_full() {
    let mut g = strategic(Ruleset::Tactical, true);
    // Fill all of strategic cell 5 (81 cells) through forced moves, then point into it.
    for i in 0..81 {
        g.force(Move::from_index(4 * 81 + i, 3)).unwrap();
    }
    assert!(!g.is_over());
    assert!(!g.strategic_open(4));
    let to = g.to_move();
    setup(&mut g, "1.5.3");
    assert_eq!(g.to_move(), to.other());
    assert!(matches!(g.region(), Region::Anywhere { target: Some(_) }));
    g.check(mv("2.2.2")).unwrap();
    assert_eq!(g.legal_moves().len(), 729 - 81 - 1);
}

#[test]
fn no_return_refuses_sending_back_while_other_moves_exist() {
    let mut g = ultimate(true, true);
    g.play(mv("1.5")).unwrap();
    let err = g.play(mv("5.1")).unwrap_err();
    assert_eq!(err.code(), "no-return");
    assert_eq!(
        err.to_string(),
        "no-return: this move sends the opponent back to tactical cell 1, where they just played, while other moves (e.g. 5.2) do not"
    );
    assert_eq!(g.legal_moves().len(), 8);
    g.play(mv("5.2")).unwrap();
    // The same move is fine without the option.
    let mut free = ultimate(true, false);
    free.play(mv("1.5")).unwrap();
    free.play(mv("5.1")).unwrap();
}

#[test]
fn no_return_is_lifted_when_nothing_else_is_legal() {
    let mut g = ultimate(true, true);
    // Fill 5.2..5.9 (forced), leaving only 5.1, then X plays 1.5 to send O there.
    setup(&mut g, "5.2 5.3 5.5 5.4 5.6 5.8 5.7 5.9 1.5");
    assert_eq!(g.to_move(), Mark::O);
    assert_eq!(g.legal_moves(), vec![mv("5.1")]);
    g.play(mv("5.1")).unwrap();
}

#[test]
fn no_return_applies_in_strategic_with_its_ruleset_target() {
    let mut g = Game::new(
        Variant::Strategic(Ruleset::Functional(map34())),
        Options {
            play_in_decided: true,
            no_return: true,
        },
    );
    // X at 1.1.1 -> target (2,1). O in 2.1.o targets (F(2,row), o); row 1..3 of
    // strategic cell 2 maps to 3,2,1; o=1 and row 1 -> (3,1); o=1 in T=1 is row 1.
    g.play(mv("1.1.1")).unwrap();
    // O at 2.1.4: row 2 -> F(2,2)=2 -> (2,4): not 1.1, fine.
    g.check(mv("2.1.4")).unwrap();
    // O at 2.1.1: row 1 -> 3 -> (3,1): fine too. Only moves aiming at 1.1 are out.
    let legal = g.legal_moves();
    for m in &legal {
        assert_ne!(g.target_of(*m).unwrap().to_string(), "1.1");
    }
    // 2.1.7 is row 3 -> F(2,3) = 1 -> (1,7): not a return either; nothing in 2.1
    // returns to 1.1 since o would have to be 1 with row 3: impossible. So all 9.
    assert_eq!(legal.len(), 9);
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
    for variant in &variants {
        for (pid, nr) in [(true, false), (false, false), (true, true), (false, true)] {
            let mut g = Game::new(
                variant.clone(),
                Options {
                    play_in_decided: pid,
                    no_return: nr,
                },
            );
            let cells = 9usize.pow(g.depth() as u32);
            let mut step = 0;
            while !g.is_over() {
                g.legal_moves_into(&mut buf);
                assert!(!buf.is_empty(), "{variant:?} pid={pid} nr={nr}: stuck");
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

/// Every ruleset × both `play-in-decided` settings: fallback 1, 2 and 3 of
/// RULES.md §4 each reached and enforced.
#[test]
fn every_fallback_for_every_ruleset_and_play_in_decided_setting() {
    let rulesets = [
        Ruleset::Tactical,
        Ruleset::Functional(map34()),
        Ruleset::Hyperfunctional(Box::new(hmap2())),
    ];
    for ruleset in rulesets {
        for pid in [true, false] {
            let name = format!("{ruleset:?} pid={pid}");
            let fresh = strategic(ruleset.clone(), pid);
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
                let x = [
                    "5.1.1", "5.1.2", "5.1.3", "5.2.1", "5.2.2", "5.2.3", "5.3.1", "5.3.2", "5.3.3",
                ];
                let o = [
                    "9.9.1", "9.9.2", "9.8.4", "9.8.5", "9.7.7", "9.7.8", "8.1.1", "8.1.2", "8.1.5",
                ];
                for (a, b) in x.iter().zip(o) {
                    setup(&mut g, &format!("{a} {b}"));
                }
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

/// A drawn strategic cell blocks the strategic row through it; a strategic
/// column of won strategic cells wins the game.
#[test]
fn drawn_strategic_cell_blocks_a_line_and_a_column_wins_the_game() {
    let mut g = strategic(Ruleset::Tactical, true);
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
    // Strategic cell 3: its tactical cells won in a pattern without a line.
    let pattern = NO_LINE;
    for (t, &mark) in pattern.iter().enumerate() {
        win_tactical(&mut g, mark, 3, t as u8 + 1);
    }
    assert_eq!(g.field_state(1, 2), FieldState::Drawn);
    for s in [1, 2] {
        for t in 1..=3 {
            win_tactical(&mut g, Mark::X, s, t);
        }
    }
    assert_eq!(g.field_state(1, 0), FieldState::Won(Mark::X));
    assert_eq!(g.field_state(1, 1), FieldState::Won(Mark::X));
    assert_eq!(g.board(2, 0).drawn, 0b100);
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
