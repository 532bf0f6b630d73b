//! The bitboard engine against a plain, slow reference written straight from
//! the rule text (docs/rules.md), sharing no code with it: its own board (one
//! mark per operational cell, one state per field), its own line and draw
//! detection, its own targets from the map lists, its own legal moves with the
//! fallbacks and the staged no-return — judged on the position after the
//! move, as the rule says: a move only breaks it when it really sends the
//! opponent back — and its own random numbers.
//!
//! Thousands of random games, under both presets and every option (draws both
//! and none × decided open, free and closed × no-return no, yes and tactical),
//! in Ultimate and in Strategic with each ruleset: after every move the legal
//! move sets, every field's state and the outcome must agree, and on sampled
//! positions every cell's verdict (legal, or the rule that refuses it) too.

use paperboard_games::GameSetup;
use paperboard_games::games::ttt::{
    Decided, Draws, FieldState, Mark, Move, MoveError, NoReturn, Options, Outcome, Preset, Ruleset,
};
use paperboard_games::maps::{FunctionalMap, HyperfunctionalMap};

/// The reference: everything by the rule text, nothing fast.
mod reference {
    /// A player.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Player {
        X,
        O,
    }

    impl Player {
        pub fn other(self) -> Player {
            match self {
                Player::X => Player::O,
                Player::O => Player::X,
            }
        }
    }

    /// The state of a field (or of a marked cell: won by its mark).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum State {
        Undecided,
        WonBy(Player),
        Drawn,
    }

    /// How a move picks the next tactical cell.
    #[derive(Debug, Clone, Copy)]
    pub enum Steering {
        /// Ultimate: `T.O` sends to tactical cell `O`.
        Ultimate,
        /// Strategic, tactical ruleset: `S.T.O` sends to `(T, O)`.
        Tactical,
        /// Strategic, functional: `(F(S, r), O)`, F given by its three lists.
        Functional([[u8; 9]; 3]),
        /// Strategic, hyperfunctional `hmap2`: `(H, O)` with
        /// `H = ((max(r, c) + S - 2) mod 9) + 1`.
        Hmap2,
    }

    /// When a decided cell stops holding or taking moves.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum DecidedRule {
        Open,
        Free,
        Closed,
    }

    /// The no-return restriction.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum NoReturnRule {
        Off,
        BothLevels,
        TacticalOnly,
    }

    /// The options as the rule text states them.
    #[derive(Debug, Clone, Copy)]
    pub struct Rules {
        pub drawn_counts_for_both: bool,
        pub decided: DecidedRule,
        pub no_return: NoReturnRule,
    }

    /// Why a cell may not be played, by the rule it breaks.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Refusal {
        Occupied,
        /// Fallback 1 holds the move in the target.
        NotInTarget,
        /// Fallback 2 holds the move in the target's strategic cell.
        NotInStrategicCell,
        /// The tactical cell takes no moves.
        NotPlayable,
        NoReturnTactical,
        NoReturnStrategic,
    }

    /// The eight lines of a 3×3, positions 1..9.
    const LINES: [[u8; 3]; 8] = [
        [1, 2, 3],
        [4, 5, 6],
        [7, 8, 9],
        [1, 4, 7],
        [2, 5, 8],
        [3, 6, 9],
        [1, 5, 9],
        [3, 5, 7],
    ];

    /// A game in progress.
    #[derive(Debug, Clone)]
    pub struct Reference {
        depth: usize,
        steering: Steering,
        rules: Rules,
        /// The mark in every operational cell; a path `p1 … pd` is at
        /// `Σ (p_i - 1)·9^(d-i)`.
        marks: Vec<Option<Player>>,
        /// `states[l]`: the fields whose path has `l` positions (0 = the whole
        /// field), indexed like `marks`.
        states: Vec<Vec<State>>,
        to_move: Player,
        last: Option<Vec<u8>>,
    }

    impl Reference {
        pub fn new(depth: usize, steering: Steering, rules: Rules) -> Reference {
            Reference {
                depth,
                steering,
                rules,
                marks: vec![None; 9usize.pow(depth as u32)],
                states: (0..depth)
                    .map(|l| vec![State::Undecided; 9usize.pow(l as u32)])
                    .collect(),
                to_move: Player::X,
                last: None,
            }
        }

        /// The state of the field with this path (fewer positions than the
        /// depth).
        fn state(&self, field: &[u8]) -> State {
            self.states[field.len()][index(field)]
        }

        /// The state of field `i` (reading order) of those whose path has `len`
        /// positions.
        pub fn state_at(&self, len: usize, i: usize) -> State {
            self.states[len][i]
        }

        /// The result: the state of the whole field.
        pub fn outcome(&self) -> State {
            self.state(&[])
        }

        /// What sub-cell `p` of `field` is: a marked cell counts as won by its
        /// mark, an empty one as undecided.
        fn sub(&self, field: &[u8], p: u8) -> State {
            let child = index(field) * 9 + usize::from(p - 1);
            if field.len() + 1 == self.depth {
                match self.marks[child] {
                    Some(m) => State::WonBy(m),
                    None => State::Undecided,
                }
            } else {
                self.states[field.len() + 1][child]
            }
        }

        /// Whether `player` holds a line in `field`: three sub-cells each won
        /// by the player, or (drawn cells counting for both) drawn, but not
        /// three drawn ones.
        fn has_line(&self, field: &[u8], player: Player) -> bool {
            LINES.iter().any(|line| {
                let cells = line.map(|p| self.sub(field, p));
                let counts = |s: State| {
                    s == State::WonBy(player)
                        || (self.rules.drawn_counts_for_both && s == State::Drawn)
                };
                cells.iter().all(|&s| counts(s)) && !cells.iter().all(|&s| s == State::Drawn)
            })
        }

        /// Whether the field has no empty operational cell.
        fn full(&self, field: &[u8]) -> bool {
            let span = 9usize.pow((self.depth - field.len()) as u32);
            let from = index(field) * span;
            self.marks[from..from + span].iter().all(Option::is_some)
        }

        fn decided(&self, field: &[u8]) -> bool {
            self.state(field) != State::Undecided
        }

        /// The tactical cell a move sends the opponent to, before fallbacks.
        fn target_of(&self, mv: &[u8]) -> Vec<u8> {
            match self.steering {
                Steering::Ultimate => vec![mv[1]],
                Steering::Tactical => vec![mv[1], mv[2]],
                Steering::Functional(lists) => {
                    let (s, t, o) = (mv[0], mv[1], mv[2]);
                    let row = 3 * ((t - 1) / 3) + (o - 1) / 3 + 1;
                    vec![lists[usize::from((s - 1) % 3)][usize::from(row - 1)], o]
                }
                Steering::Hmap2 => {
                    let (s, t, o) = (mv[0], mv[1], mv[2]);
                    let r = 3 * ((t - 1) / 3) + (o - 1) / 3;
                    let c = 3 * ((t - 1) % 3) + (o - 1) % 3;
                    vec![(r.max(c) + s + 9 - 2) % 9 + 1, o]
                }
            }
        }

        /// "Open as a target", for a tactical cell.
        fn open_as_target(&self, tac: &[u8]) -> bool {
            match self.rules.decided {
                DecidedRule::Open => !self.full(tac),
                DecidedRule::Free | DecidedRule::Closed => {
                    !self.decided(tac) && (self.depth < 3 || !self.decided(&tac[..1]))
                }
            }
        }

        /// "Open as a target", for a strategic cell.
        fn strategic_open_as_target(&self, s: u8) -> bool {
            match self.rules.decided {
                DecidedRule::Open => !self.full(&[s]),
                DecidedRule::Free | DecidedRule::Closed => !self.decided(&[s]),
            }
        }

        /// "Open to play in", for a tactical cell.
        fn open_to_play_in(&self, tac: &[u8]) -> bool {
            match self.rules.decided {
                DecidedRule::Open | DecidedRule::Free => !self.full(tac),
                DecidedRule::Closed => {
                    !self.decided(tac) && (self.depth < 3 || !self.decided(&tac[..1]))
                }
            }
        }

        /// Why the placement rules (fallbacks 1-3) refuse an empty cell, if
        /// they do.
        fn placement(&self, mv: &[u8]) -> Option<Refusal> {
            let tac = &mv[..self.depth - 1];
            let Some(last) = &self.last else {
                return None; // the first move may be anywhere
            };
            let target = self.target_of(last);
            if self.open_as_target(&target) {
                return (tac != target.as_slice()).then_some(Refusal::NotInTarget);
            }
            if self.depth == 3 && self.strategic_open_as_target(target[0]) {
                let ok = tac[0] == target[0] && self.open_to_play_in(tac);
                return (!ok).then_some(Refusal::NotInStrategicCell);
            }
            (!self.open_to_play_in(tac)).then_some(Refusal::NotPlayable)
        }

        /// Whether a move is aimed at the opponent's last tactical cell
        /// (`strategic`: at its strategic cell): its target, before any
        /// fallback, lies there.
        fn aimed_back(&self, mv: &[u8], strategic: bool) -> bool {
            let last = self.last.as_ref().expect("a last move");
            let target = self.target_of(mv);
            if strategic {
                target[0] == last[0]
            } else {
                target == last[..self.depth - 1]
            }
        }

        /// Why a move aimed back sends nobody back, if it does not: the rule
        /// text's three cases, read off the position after the move.
        pub fn spared(&self, mv: &[u8], strategic: bool) -> Option<&'static str> {
            if !self.aimed_back(mv, strategic) {
                return None;
            }
            let mut after = self.clone();
            after.play(index(mv));
            let target = self.target_of(mv);
            if after.outcome() != State::Undecided {
                Some("game-over")
            } else if strategic && !after.strategic_open_as_target(target[0]) {
                Some(if after.full(&target[..1]) {
                    "strategic-full"
                } else {
                    "strategic-decided"
                })
            } else if !strategic && !after.open_as_target(&target) {
                Some(if after.full(&target) {
                    "target-full"
                } else {
                    "target-decided"
                })
            } else {
                None
            }
        }

        /// Whether a move really sends the opponent back into the tactical
        /// cell of their last move: aimed there, the game goes on, and the
        /// cell is open as a target after the move.
        fn back_to_tactical(&self, mv: &[u8]) -> bool {
            self.aimed_back(mv, false) && self.spared(mv, false).is_none()
        }

        /// The same at the strategic level: the strategic cell of their
        /// last move, open as a target after the move.
        fn back_to_strategic(&self, mv: &[u8]) -> bool {
            self.aimed_back(mv, true) && self.spared(mv, true).is_none()
        }

        /// Every cell of the position (by index, see [`index`]) with its
        /// verdict: `None` when legal.
        pub fn verdicts(&self) -> Vec<Option<Refusal>> {
            let cells = 9usize.pow(self.depth as u32);
            // The placement rules depend only on the tactical cell.
            let by_tactical: Vec<Option<Refusal>> = (0..cells / 9)
                .map(|t| {
                    let mut mv = path_of(t, self.depth - 1);
                    mv.push(1);
                    self.placement(&mv)
                })
                .collect();
            let mut out: Vec<Option<Refusal>> = (0..cells)
                .map(|i| {
                    if self.marks[i].is_some() {
                        Some(Refusal::Occupied)
                    } else {
                        by_tactical[i / 9]
                    }
                })
                .collect();
            if self.last.is_none() || self.rules.no_return == NoReturnRule::Off {
                return out;
            }
            // No-return, lifted in stages: the strategic level (Strategic,
            // both levels) while some placed cell keeps it, then the tactical
            // level while some placed cell keeps it.
            let placed: Vec<(usize, Vec<u8>)> = (0..cells)
                .filter(|&i| out[i].is_none())
                .map(|i| (i, path_of(i, self.depth)))
                .collect();
            let strategic_level =
                self.depth == 3 && self.rules.no_return == NoReturnRule::BothLevels;
            if strategic_level && placed.iter().any(|(_, mv)| !self.back_to_strategic(mv)) {
                for (i, mv) in &placed {
                    if self.back_to_tactical(mv) {
                        out[*i] = Some(Refusal::NoReturnTactical);
                    } else if self.back_to_strategic(mv) {
                        out[*i] = Some(Refusal::NoReturnStrategic);
                    }
                }
            } else if placed.iter().any(|(_, mv)| !self.back_to_tactical(mv)) {
                for (i, mv) in &placed {
                    if self.back_to_tactical(mv) {
                        out[*i] = Some(Refusal::NoReturnTactical);
                    }
                }
            }
            out
        }

        /// The legal moves, by index, ascending.
        pub fn legal(&self) -> Vec<usize> {
            if self.outcome() != State::Undecided {
                return Vec::new();
            }
            let verdicts = self.verdicts();
            (0..verdicts.len())
                .filter(|&i| verdicts[i].is_none())
                .collect()
        }

        /// Plays a legal move (by index): marks it, then decides the fields
        /// it lies in from the bottom up — only they can change, since a
        /// field changes only when one of its sub-cells does. A field goes to
        /// whoever holds a line (the mover when both do), else is drawn when
        /// every sub-cell is decided.
        pub fn play(&mut self, i: usize) {
            assert!(self.marks[i].is_none());
            self.marks[i] = Some(self.to_move);
            let mv = path_of(i, self.depth);
            for len in (0..self.depth).rev() {
                let field = &mv[..len];
                if self.decided(field) {
                    continue;
                }
                let x = self.has_line(field, Player::X);
                let o = self.has_line(field, Player::O);
                let all_decided = (1..=9).all(|p| self.sub(field, p) != State::Undecided);
                self.states[len][index(field)] = match (x, o) {
                    (true, true) => State::WonBy(self.to_move),
                    (true, false) => State::WonBy(Player::X),
                    (false, true) => State::WonBy(Player::O),
                    (false, false) if all_decided => State::Drawn,
                    _ => State::Undecided,
                };
            }
            self.to_move = self.to_move.other();
            self.last = Some(mv);
        }
    }

    /// The position of a path in reading order of nested 3×3s, and back.
    pub fn index(path: &[u8]) -> usize {
        path.iter().fold(0, |i, &p| i * 9 + usize::from(p - 1))
    }

    /// The path of cell `i` among those whose path has `len` positions.
    pub fn path_of(mut i: usize, len: usize) -> Vec<u8> {
        let mut path = vec![0; len];
        for slot in path.iter_mut().rev() {
            *slot = (i % 9) as u8 + 1;
            i /= 9;
        }
        path
    }
}

use reference::{
    DecidedRule, NoReturnRule, Player, Reference, Refusal, Rules, State, Steering, index, path_of,
};

/// A tiny xorshift generator, so the games do not depend on the crate's.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The engine's options and the reference's rules for one combination.
fn combination(draws: Draws, decided: Decided, no_return: NoReturn) -> (Options, Rules) {
    let rules = Rules {
        drawn_counts_for_both: draws == Draws::Both,
        decided: match decided {
            Decided::Open => DecidedRule::Open,
            Decided::Free => DecidedRule::Free,
            Decided::Closed => DecidedRule::Closed,
        },
        no_return: match no_return {
            NoReturn::No => NoReturnRule::Off,
            NoReturn::Yes => NoReturnRule::BothLevels,
            NoReturn::Tactical => NoReturnRule::TacticalOnly,
        },
    };
    (
        Options {
            draws,
            decided,
            no_return,
        },
        rules,
    )
}

/// Every combination of the options.
fn every_combination() -> Vec<(Options, Rules)> {
    let mut out = Vec::new();
    for draws in [Draws::Both, Draws::None] {
        for decided in [Decided::Open, Decided::Free, Decided::Closed] {
            for no_return in [NoReturn::No, NoReturn::Yes, NoReturn::Tactical] {
                out.push(combination(draws, decided, no_return));
            }
        }
    }
    out
}

/// The lists of map34, as the rule book prints them.
const MAP34: [[u8; 9]; 3] = [
    [2, 1, 3, 6, 5, 4, 7, 9, 8],
    [3, 2, 1, 4, 6, 5, 8, 7, 9],
    [1, 3, 2, 5, 4, 6, 9, 8, 7],
];

/// A game of the family as the engine and the reference each configure it.
struct Case {
    name: &'static str,
    game: GameSetup,
    depth: usize,
    steering: Steering,
}

/// Ultimate, then Strategic with each ruleset.
fn cases() -> Vec<Case> {
    let hmap2 =
        HyperfunctionalMap::from_fn(|s, r, c| ((r.max(c) + usize::from(s) + 7) % 9) as u8 + 1)
            .expect("1..9 by the formula");
    let map34 = FunctionalMap::new(MAP34).expect("valid lists");
    let case = |name, game, depth, steering| Case {
        name,
        game,
        depth,
        steering,
    };
    vec![
        case(
            "ultimate",
            GameSetup::ultimate(Options::default()),
            2,
            Steering::Ultimate,
        ),
        case(
            "strategic tactical",
            GameSetup::strategic(Ruleset::Tactical, None, Options::default()),
            3,
            Steering::Tactical,
        ),
        case(
            "strategic functional map34",
            GameSetup::strategic(Ruleset::Functional(map34), None, Options::default()),
            3,
            Steering::Functional(MAP34),
        ),
        case(
            "strategic hyperfunctional hmap2",
            GameSetup::strategic(
                Ruleset::Hyperfunctional(Box::new(hmap2)),
                None,
                Options::default(),
            ),
            3,
            Steering::Hmap2,
        ),
    ]
}

fn same_state(engine: FieldState, reference: State) -> bool {
    matches!(
        (engine, reference),
        (FieldState::Open, State::Undecided)
            | (FieldState::Drawn, State::Drawn)
            | (FieldState::Won(Mark::X), State::WonBy(Player::X))
            | (FieldState::Won(Mark::O), State::WonBy(Player::O))
    )
}

fn same_outcome(engine: Outcome, reference: State) -> bool {
    matches!(
        (engine, reference),
        (Outcome::Unfinished, State::Undecided)
            | (Outcome::Draw, State::Drawn)
            | (Outcome::Winner(Mark::X), State::WonBy(Player::X))
            | (Outcome::Winner(Mark::O), State::WonBy(Player::O))
    )
}

/// The engine's error variant, named as [`code`] names the reference's
/// refusals (the engine's stable codes join the two no-return levels).
fn variant_name(e: &MoveError) -> &'static str {
    match e {
        MoveError::Occupied { .. } => "occupied",
        MoveError::WrongTacticalCell { .. } => "wrong-tactical-cell",
        MoveError::WrongStrategicCell { .. } => "wrong-strategic-cell",
        MoveError::ClosedTacticalCell { .. } => "closed-tactical-cell",
        MoveError::NoReturn { .. } => "no-return",
        MoveError::NoReturnStrategic { .. } => "no-return-strategic",
        MoveError::WrongDepth { .. } => "wrong-depth",
        MoveError::GameOver { .. } => "after-end",
    }
}

/// The name of the rule the reference says a cell breaks.
fn code(refusal: Refusal) -> &'static str {
    match refusal {
        Refusal::Occupied => "occupied",
        Refusal::NotInTarget => "wrong-tactical-cell",
        Refusal::NotInStrategicCell => "wrong-strategic-cell",
        Refusal::NotPlayable => "closed-tactical-cell",
        Refusal::NoReturnTactical => "no-return",
        Refusal::NoReturnStrategic => "no-return-strategic",
    }
}

/// What one run of games saw, so a test can show the options mattered.
#[derive(Debug, Default)]
struct Seen {
    games: usize,
    moves: usize,
    refusals: std::collections::BTreeSet<&'static str>,
    /// Why moves aimed back at the opponent's last cell were let through
    /// (no-return on): so a test can show each case of the rule came up.
    spared: std::collections::BTreeSet<&'static str>,
    outcomes: std::collections::BTreeSet<String>,
}

/// Plays `games` random games with the reference choosing the moves, and
/// compares the engine with it after every move; every `sample`-th position
/// also compares every cell's verdict.
fn compare(
    case: &Case,
    (options, rules): (Options, Rules),
    games: usize,
    sample: usize,
    rng: &mut Xorshift,
    seen: &mut Seen,
) {
    let Case {
        name,
        game,
        depth,
        steering,
    } = case;
    let (depth, steering) = (*depth, *steering);
    for game_no in 0..games {
        let mut engine = game.clone().with_options(options).ttt_game().unwrap();
        let mut reference = Reference::new(depth, steering, rules);
        let mut step = 0;
        loop {
            let at = || format!("{name} {options:?} game {game_no} move {step}");
            let legal = reference.legal();
            let engine_legal: Vec<usize> = engine
                .legal_moves()
                .iter()
                .map(|m| index(m.path()))
                .collect();
            assert_eq!(engine_legal, legal, "legal moves, {}", at());
            for len in 0..depth {
                for i in 0..9usize.pow(len as u32) {
                    let (e, r) = (
                        engine.field_state(depth - 1 - len, i),
                        reference.state_at(len, i),
                    );
                    assert!(
                        same_state(e, r),
                        "field {:?}: {e:?} vs {r:?}, {}",
                        path_of(i, len),
                        at()
                    );
                }
            }
            assert!(
                same_outcome(engine.outcome(), reference.outcome()),
                "outcome {:?} vs {:?}, {}",
                engine.outcome(),
                reference.outcome(),
                at()
            );
            if legal.is_empty() {
                break;
            }
            if step % sample == 0 {
                for (i, verdict) in reference.verdicts().into_iter().enumerate() {
                    let m = Move::new(&path_of(i, depth)).expect("a path");
                    let got = engine.check(m).err().map(|e| variant_name(&e));
                    let want = verdict.map(code);
                    assert_eq!(got, want, "verdict on {m}, {}", at());
                    if let Some(c) = want {
                        seen.refusals.insert(c);
                    }
                    let path = path_of(i, depth);
                    if verdict.is_none() && rules.no_return != NoReturnRule::Off && step > 0 {
                        for strategic in [false, depth == 3] {
                            if let Some(why) = reference.spared(&path, strategic) {
                                seen.spared.insert(why);
                            }
                        }
                    }
                }
            }
            let i = legal[rng.below(legal.len())];
            engine
                .play(Move::new(&path_of(i, depth)).expect("a path"))
                .unwrap_or_else(|e| panic!("{i}: {e}, {}", at()));
            reference.play(i);
            step += 1;
        }
        seen.games += 1;
        seen.moves += step;
        seen.outcomes.insert(format!("{:?}", engine.outcome()));
    }
}

#[test]
fn ultimate_agrees_with_the_reference_under_every_option() {
    let ultimate = cases().remove(0);
    let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
    let mut seen = Seen::default();
    for combo in every_combination() {
        compare(&ultimate, combo, 110, 4, &mut rng, &mut seen);
    }
    assert_eq!(seen.games, 18 * 110);
    // Every kind of verdict Ultimate can give came up, and every result.
    assert_eq!(
        seen.refusals.iter().copied().collect::<Vec<_>>(),
        [
            "closed-tactical-cell",
            "no-return",
            "occupied",
            "wrong-tactical-cell"
        ]
    );
    // Moves aimed back that the rule lets through came up in every way the
    // rule names: ending the game, filling the target, deciding it where
    // decided cells free the move.
    assert_eq!(
        seen.spared.iter().copied().collect::<Vec<_>>(),
        ["game-over", "target-decided", "target-full"]
    );
    assert_eq!(seen.outcomes.len(), 3, "{:?}", seen.outcomes);
}

#[test]
fn strategic_agrees_with_the_reference_under_every_option_and_ruleset() {
    let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
    let mut seen = Seen::default();
    for case in cases().iter().skip(1) {
        for combo in every_combination() {
            compare(case, combo, 1, 23, &mut rng, &mut seen);
        }
    }
    assert_eq!(seen.games, 3 * 18);
    // Moves aimed back that the rule lets through, at both levels.
    assert_eq!(
        seen.spared.iter().copied().collect::<Vec<_>>(),
        [
            "game-over",
            "strategic-decided",
            "target-decided",
            "target-full"
        ]
    );
    assert_eq!(
        seen.refusals.iter().copied().collect::<Vec<_>>(),
        [
            "closed-tactical-cell",
            "no-return",
            "no-return-strategic",
            "occupied",
            "wrong-strategic-cell",
            "wrong-tactical-cell"
        ]
    );
}

#[test]
fn both_presets_agree_with_the_reference_in_many_strategic_games() {
    let mut rng = Xorshift(0x0123_4567_89ab_cdef);
    let mut seen = Seen::default();
    let functional = cases().remove(2);
    for preset in [Preset::Authors, Preset::Common] {
        let o = Options::preset(preset);
        let combo = combination(o.draws, o.decided, o.no_return);
        compare(&functional, combo, 12, 97, &mut rng, &mut seen);
    }
    assert_eq!(seen.games, 24);
    assert!(seen.outcomes.len() >= 2, "{:?}", seen.outcomes);
}
