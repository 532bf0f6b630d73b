//! One engine for the tic-tac-toe family (docs/rules.md): tic-tac-toe
//! (depth 1), Ultimate (depth 2) and Strategic (depth 3) with the rulesets
//! `tactical`, `functional` and `hyperfunctional`, under every combination of
//! the [`Options`] (what a drawn cell counts for, decided cells open, free or
//! closed, no-return).
//!
//! Every 3×3 field at every level is one [`Board`]: three 9-bit masks (sub-cells
//! held by X, held by O, drawn). A move marks one bit at the operational level and
//! walks up only while it decides the field it is in, so a move costs a handful of
//! table look-ups and never allocates. Because a drawn sub-cell can count for
//! both players, the field a move decides is not always won by the mover: a
//! drawn sub-cell can complete the other player's line, and the result walks up
//! as whoever won. Where the next move must go is computed from a per-cell
//! target table built once per game.

mod error;
mod options;
#[cfg(test)]
mod tests;

pub use error::MoveError;
pub use options::{Decided, Draws, NoReturn, Options, Preset};

use std::fmt;
use std::sync::{Arc, OnceLock};

use super::kind::{GameKind, RulesetKind};
use crate::maps::{AnyMap, FunctionalMap, HyperfunctionalMap, row_in_strategic};

/// A player of the family. X moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The first player.
    X,
    /// The second player.
    O,
}

impl Mark {
    /// The other player.
    pub fn other(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }

    fn code(self) -> u8 {
        match self {
            Mark::X => WON_X,
            Mark::O => WON_O,
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mark::X => "X",
            Mark::O => "O",
        })
    }
}

/// How a strategic move picks the strategic cell of the target (docs/rules.md,
/// "Where the next move goes"),
/// with the map it needs: everything that decides where a move sends the
/// opponent. The engine plays by it; the analysis builds its transition
/// graph from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ruleset {
    /// `S.T.O` targets `(T, O)`: Strategic played with the Ultimate rule.
    Tactical,
    /// `S.T.O` targets `(F(S, r), O)`: rows of a strategic cell send to
    /// strategic cells through a functional map.
    Functional(FunctionalMap),
    /// `S.T.O` targets `(H(S, T, O), O)`: every cell carries its own next
    /// strategic cell.
    Hyperfunctional(Box<HyperfunctionalMap>),
}

impl Ruleset {
    /// Which of the three rulesets this is, apart from its map.
    pub fn kind(&self) -> RulesetKind {
        match self {
            Ruleset::Tactical => RulesetKind::Tactical,
            Ruleset::Functional(_) => RulesetKind::Functional,
            Ruleset::Hyperfunctional(_) => RulesetKind::Hyperfunctional,
        }
    }

    /// The map it plays under, if it has one.
    pub fn map(&self) -> Option<AnyMap> {
        match self {
            Ruleset::Tactical => None,
            Ruleset::Functional(m) => Some(AnyMap::Functional(*m)),
            Ruleset::Hyperfunctional(h) => Some(AnyMap::Hyperfunctional(h.clone())),
        }
    }
}

/// The ruleset a map is for: a functional map's or a hyperfunctional one's.
impl From<AnyMap> for Ruleset {
    fn from(map: AnyMap) -> Ruleset {
        match map {
            AnyMap::Functional(m) => Ruleset::Functional(m),
            AnyMap::Hyperfunctional(h) => Ruleset::Hyperfunctional(h),
        }
    }
}

/// Which game of the family: the engine's own view of a
/// [`GameSetup`](crate::setup::GameSetup), which is what crosses the
/// crate's edge (a game is started from its setup,
/// [`GameSetup::ttt_game`](crate::setup::GameSetup::ttt_game)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Variant {
    /// Ordinary tic-tac-toe: moves `O`.
    TicTacToe,
    /// Ultimate tic-tac-toe: moves `T.O`.
    Ultimate,
    /// Strategic tic-tac-toe: moves `S.T.O`, with its ruleset.
    Strategic(Ruleset),
}

impl Variant {
    /// Which game of the family this is.
    pub(crate) fn kind(&self) -> GameKind {
        match self {
            Variant::TicTacToe => GameKind::TicTacToe,
            Variant::Ultimate => GameKind::Ultimate,
            Variant::Strategic(_) => GameKind::Strategic,
        }
    }

    /// Number of positions in a move: 1, 2 or 3.
    pub(crate) fn depth(&self) -> usize {
        match self {
            Variant::TicTacToe => 1,
            Variant::Ultimate => 2,
            Variant::Strategic(_) => 3,
        }
    }
}

/// A move: the path of positions 1..=9 from the top level down (`S.T.O`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    path: [u8; 3],
    len: u8,
}

impl Move {
    /// A move from its path of positions, each 1..=9, 1 to 3 of them.
    #[inline]
    pub fn new(path: &[u8]) -> Option<Move> {
        if path.is_empty() || path.len() > 3 || path.iter().any(|p| !(1..=9).contains(p)) {
            return None;
        }
        let mut m = Move {
            path: [0; 3],
            len: path.len() as u8,
        };
        m.path[..path.len()].copy_from_slice(path);
        Some(m)
    }

    /// The positions, top level first.
    pub fn path(&self) -> &[u8] {
        &self.path[..usize::from(self.len)]
    }

    /// The move of operational cell `index` (0-based, reading order of nested
    /// 3×3s) in a game of `depth` levels.
    pub fn from_index(index: usize, depth: usize) -> Move {
        let mut path = [0u8; 3];
        let mut rest = index;
        for slot in path[..depth].iter_mut().rev() {
            *slot = (rest % 9) as u8 + 1;
            rest /= 9;
        }
        Move {
            path,
            len: depth as u8,
        }
    }

    /// The 0-based operational cell index, the inverse of [`Move::from_index`].
    pub fn index(&self) -> usize {
        self.path()
            .iter()
            .fold(0, |acc, &p| acc * 9 + usize::from(p - 1))
    }
}

impl fmt::Display for Move {
    /// `5.3.7`, as the sheets' move columns record it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.path().iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// A tactical cell (an operational field) of a game, by its 0-based index among
/// the game's `9^(depth-1)` tactical cells. Displays as `S.T` in Strategic, `T`
/// in Ultimate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TacticalCell {
    /// 0-based index: `9·(S-1) + (T-1)` in Strategic, `T-1` in Ultimate.
    pub index: u16,
    /// The game's depth (1..=3).
    pub depth: u8,
}

impl fmt::Display for TacticalCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.depth {
            3 => write!(f, "{}.{}", self.index / 9 + 1, self.index % 9 + 1),
            2 => write!(f, "{}", self.index + 1),
            _ => f.write_str("the board"),
        }
    }
}

/// The state of one field: won by X, won by O, drawn, or undecided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FieldState {
    /// Still undecided.
    Open,
    /// Won by this player.
    Won(Mark),
    /// Every sub-cell decided and no winner.
    Drawn,
}

/// The result of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The whole field is won by this player.
    Winner(Mark),
    /// The whole field is drawn.
    Draw,
    /// The game has not ended.
    Unfinished,
}

/// What a legal move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveOutcome {
    /// Who played it.
    pub mover: Mark,
    /// How many fields it decided, counting upwards from its own tactical cell
    /// (0 = none; 3 in Strategic = the whole game).
    pub decided_levels: u8,
    /// Whether the game ended with it.
    pub game_over: bool,
}

/// One 3×3 field: which of its sub-cells X holds, O holds, and which are drawn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Board {
    /// Sub-cells held (marked or won) by X, bit `p-1` for position `p`.
    pub x: u16,
    /// Sub-cells held by O.
    pub o: u16,
    /// Drawn sub-cells (never set at the operational level).
    pub drawn: u16,
}

const ALL: u16 = 0x1FF;
const OPEN: u8 = 0;
const WON_X: u8 = 1;
const WON_O: u8 = 2;
const DRAWN: u8 = 3;

/// The eight lines of a 3×3 as bit masks.
pub const WIN_LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// `LINES_IN[mask]`: the lines (bit `i` for [`WIN_LINES`]`[i]`) that lie wholly
/// inside the 9-bit `mask`.
const LINES_IN: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut i = 0;
        while i < 8 {
            if mask & WIN_LINES[i] as usize == WIN_LINES[i] as usize {
                table[mask] |= 1 << i;
            }
            i += 1;
        }
        mask += 1;
    }
    table
};

impl Board {
    /// The sub-cells `mark` holds.
    fn held(&self, mark: Mark) -> u16 {
        match mark {
            Mark::X => self.x,
            Mark::O => self.o,
        }
    }

    /// Whether `mark` has a line in this field: three held sub-cells, or with
    /// `Draws::Both` held and drawn ones mixed, but never three drawn ones.
    pub fn has_line(&self, mark: Mark, draws: Draws) -> bool {
        let held = self.held(mark);
        match draws {
            Draws::None => LINES_IN[usize::from(held)] != 0,
            Draws::Both => {
                let wild = LINES_IN[usize::from(held | self.drawn)];
                wild & !LINES_IN[usize::from(self.drawn)] != 0
            }
        }
    }

    /// The first line (as a mask) `mark` has, as [`Board::has_line`] counts.
    pub fn line_of(&self, mark: Mark, draws: Draws) -> Option<u16> {
        let held = self.held(mark);
        let counted = match draws {
            Draws::None => held,
            Draws::Both => held | self.drawn,
        };
        WIN_LINES
            .iter()
            .copied()
            .find(|&l| counted & l == l && held & l != 0)
    }
}

/// Start of each level's boards in [`Game::boards`]: 81 operational fields,
/// then 9 tactical fields, then the strategic field. Shallower games use the
/// first slots of each level.
const LEVEL_OFFSET: [usize; 3] = [0, 81, 90];
const BOARD_SLOTS: usize = 91;

/// Where the next move may go before the `no-return` restriction
/// (docs/rules.md, "Where the next move goes").
///
/// Which tactical cells the region holds depends on the `decided` option:
/// fallbacks 1 and 2 ask whether the target is open *as a target*, fallbacks 2
/// and 3 then allow any tactical cell *open to play in* ([`Game::target_open`],
/// [`Game::playable`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Region {
    /// Fallback 1: this tactical cell, open as a target.
    Tactical(TacticalCell),
    /// Fallback 2: any playable tactical cell of this strategic cell (0-based);
    /// the target tactical cell is not open as a target, its strategic cell is.
    Strategic {
        /// The strategic cell, 0-based.
        strategic: u8,
        /// The target that freed the move.
        target: TacticalCell,
    },
    /// Fallback 3 (or the first move): any playable tactical cell. `target` is
    /// the target that freed the move, if there was one.
    Anywhere {
        /// The target that freed the move, `None` for the first move.
        target: Option<TacticalCell>,
    },
}

/// Which level of the no-return restriction holds for the next move
/// (docs/rules.md, "No-return").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Level {
    /// A move may not really send the opponent back into the strategic cell
    /// of their last move.
    Strategic,
    /// A move may not really send the opponent back into the tactical cell
    /// of their last move.
    Tactical,
}

/// A game of the tic-tac-toe family in progress.
#[derive(Debug, Clone)]
pub struct Game {
    variant: Variant,
    options: Options,
    depth: usize,
    boards: [Board; BOARD_SLOTS],
    state: [u8; BOARD_SLOTS],
    /// Full tactical cells per strategic cell (bit per tactical position).
    full: [u16; 9],
    /// The target tactical cell of every operational cell (unused at depth 1),
    /// shared: a copy of the game to look one move ahead costs no allocation.
    targets: Arc<[u16]>,
    to_move: Mark,
    target: Option<u16>,
    last_tactical: Option<u16>,
    moves: u32,
}

impl Game {
    /// A new game (outside the crate, a game starts from its setup:
    /// [`GameSetup::ttt_game`](crate::setup::GameSetup::ttt_game)).
    pub(crate) fn new(variant: Variant, options: Options) -> Game {
        let depth = variant.depth();
        let cells = 9usize.pow(depth as u32);
        let targets = shared_targets(&variant);
        debug_assert_eq!(targets.len(), cells);
        Game {
            variant,
            options,
            depth,
            boards: [Board::default(); BOARD_SLOTS],
            state: [OPEN; BOARD_SLOTS],
            full: [0; 9],
            targets,
            to_move: Mark::X,
            target: None,
            last_tactical: None,
            moves: 0,
        }
    }

    /// Which game of the family this is.
    pub fn kind(&self) -> GameKind {
        self.variant.kind()
    }

    /// The ruleset of a Strategic game, with its map.
    pub fn ruleset(&self) -> Option<&Ruleset> {
        match &self.variant {
            Variant::Strategic(ruleset) => Some(ruleset),
            _ => None,
        }
    }

    /// The same game at its first move, under the same rules.
    pub fn restarted(&self) -> Game {
        Game::new(self.variant.clone(), self.options)
    }

    /// The setup this game started from (its game, ruleset and options; no
    /// players' names, no map name): [`GameSetup::ttt_game`] of it starts
    /// the same game again.
    ///
    /// [`GameSetup::ttt_game`]: crate::setup::GameSetup::ttt_game
    pub fn setup(&self) -> crate::setup::GameSetup {
        crate::setup::GameSetup::of_variant(self.variant.clone(), self.options)
    }

    /// The options.
    pub fn options(&self) -> Options {
        self.options
    }

    /// Moves per path: 1, 2 or 3.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Who moves next.
    pub fn to_move(&self) -> Mark {
        self.to_move
    }

    /// Moves played so far.
    pub fn moves_played(&self) -> u32 {
        self.moves
    }

    /// The result so far.
    pub fn outcome(&self) -> Outcome {
        match self.state[LEVEL_OFFSET[self.depth - 1]] {
            WON_X => Outcome::Winner(Mark::X),
            WON_O => Outcome::Winner(Mark::O),
            DRAWN => Outcome::Draw,
            _ => Outcome::Unfinished,
        }
    }

    /// Whether the whole field is decided.
    pub fn is_over(&self) -> bool {
        self.state[LEVEL_OFFSET[self.depth - 1]] != OPEN
    }

    /// The mark in an operational cell.
    pub fn cell(&self, mv: Move) -> Option<Mark> {
        let idx = mv.index();
        let b = &self.boards[idx / 9];
        let bit = 1 << (idx % 9);
        if b.x & bit != 0 {
            Some(Mark::X)
        } else if b.o & bit != 0 {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// The state of a field: `level` 0 = a tactical cell (operational field),
    /// 1 = a strategic cell (tactical field), 2 = the strategic field; `index`
    /// counts the fields of that level in reading order, 0-based.
    pub fn field_state(&self, level: usize, index: usize) -> FieldState {
        match self.state[LEVEL_OFFSET[level] + index] {
            WON_X => FieldState::Won(Mark::X),
            WON_O => FieldState::Won(Mark::O),
            DRAWN => FieldState::Drawn,
            _ => FieldState::Open,
        }
    }

    /// The board of a field (same addressing as [`Game::field_state`]).
    pub fn board(&self, level: usize, index: usize) -> Board {
        self.boards[LEVEL_OFFSET[level] + index]
    }

    /// The tactical cell a move at `mv` sends the opponent to, before any
    /// fallback; `None` in tic-tac-toe.
    pub fn target_of(&self, mv: Move) -> Option<TacticalCell> {
        (self.depth > 1).then(|| self.tactical(self.targets[mv.index()]))
    }

    /// The target for the next move, before fallbacks (`None` before the first).
    pub fn current_target(&self) -> Option<TacticalCell> {
        self.target.map(|t| self.tactical(t))
    }

    fn tactical(&self, index: u16) -> TacticalCell {
        TacticalCell {
            index,
            depth: self.depth as u8,
        }
    }

    fn is_full(&self, tac: usize) -> bool {
        let b = &self.boards[tac];
        b.x | b.o == ALL
    }

    /// Whether a tactical cell and (in Strategic) its strategic cell are both
    /// undecided.
    fn undecided(&self, tac: usize) -> bool {
        self.state[tac] == OPEN && (self.depth < 3 || self.state[LEVEL_OFFSET[1] + tac / 9] == OPEN)
    }

    /// Whether a tactical cell is open *as a target*: may the next move be held
    /// to it (fallback 1)? With `decided = open` while it is not full; with
    /// `free` and `closed` while it and its strategic cell are undecided.
    #[inline]
    pub fn target_open(&self, tac: usize) -> bool {
        match self.options.decided {
            Decided::Open => !self.is_full(tac),
            Decided::Free | Decided::Closed => self.undecided(tac),
        }
    }

    /// Whether a tactical cell is open *to play in*: may a freed move (fallbacks
    /// 2 and 3) go there? With `decided = open` and `free` while it is not full;
    /// with `closed` while it and its strategic cell are undecided.
    #[inline]
    pub fn playable(&self, tac: usize) -> bool {
        match self.options.decided {
            Decided::Open | Decided::Free => !self.is_full(tac),
            Decided::Closed => self.undecided(tac),
        }
    }

    /// Whether a strategic cell (0-based) is open as a target (fallback 2):
    /// with `decided = open` while it is not full, otherwise while it is
    /// undecided.
    pub(crate) fn strategic_target_open(&self, strategic: usize) -> bool {
        match self.options.decided {
            Decided::Open => self.full[strategic] != ALL,
            Decided::Free | Decided::Closed => self.state[LEVEL_OFFSET[1] + strategic] == OPEN,
        }
    }

    /// Where the next move must go, after the fallbacks but before
    /// `no-return` (docs/rules.md, "Where the next move goes").
    pub fn region(&self) -> Region {
        let Some(t) = self.target else {
            return Region::Anywhere { target: None };
        };
        let tac = usize::from(t);
        if self.target_open(tac) {
            Region::Tactical(self.tactical(t))
        } else if self.depth == 3 && self.strategic_target_open(tac / 9) {
            Region::Strategic {
                strategic: (tac / 9) as u8,
                target: self.tactical(t),
            }
        } else {
            Region::Anywhere {
                target: Some(self.tactical(t)),
            }
        }
    }

    fn in_region(&self, region: Region, tac: usize) -> bool {
        match region {
            Region::Tactical(t) => usize::from(t.index) == tac,
            Region::Strategic { strategic, .. } => {
                tac / 9 == usize::from(strategic) && self.playable(tac)
            }
            Region::Anywhere { .. } => self.playable(tac),
        }
    }

    /// Calls `f` with the operational index of every empty cell of the region,
    /// in index order, until it returns false.
    fn for_each_region_cell(&self, region: Region, mut f: impl FnMut(usize) -> bool) {
        let tacticals = 9usize.pow(self.depth as u32 - 1);
        let (from, to) = match region {
            Region::Tactical(t) => (usize::from(t.index), usize::from(t.index) + 1),
            Region::Strategic { strategic, .. } => {
                let s = usize::from(strategic) * 9;
                (s, s + 9)
            }
            Region::Anywhere { .. } => (0, tacticals),
        };
        for tac in from..to {
            if !self.in_region(region, tac) {
                continue;
            }
            let b = &self.boards[tac];
            let mut empty = !(b.x | b.o) & ALL;
            while empty != 0 {
                let p = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                if !f(tac * 9 + p) {
                    return;
                }
            }
        }
    }

    /// The no-return levels in force, strictest first; empty when no-return is
    /// off, in tic-tac-toe, and for the first move.
    fn no_return_levels(&self) -> &'static [Level] {
        if self.depth == 1 || self.last_tactical.is_none() {
            return &[];
        }
        match (self.options.no_return, self.depth) {
            (NoReturn::No, _) => &[],
            (NoReturn::Yes, 3) => &[Level::Strategic, Level::Tactical],
            _ => &[Level::Tactical],
        }
    }

    /// Whether the move at `idx` really sends the opponent back at `level`
    /// (docs/rules.md, "No-return"): its target is the tactical cell (the
    /// strategic cell) of the opponent's last move, the game goes on after
    /// it, and that cell is still open as a target after it, so the opponent
    /// must play there. A move that ends the game, fills its target, or
    /// decides it where decided cells free the move sends nobody back.
    fn sends_back(&self, idx: usize, level: Level) -> bool {
        let Some(last) = self.last_tactical else {
            return false;
        };
        let target = self.targets[idx];
        let aimed = match level {
            Level::Tactical => target == last,
            Level::Strategic => target / 9 == last / 9,
        };
        if !aimed {
            return false;
        }
        // Only the fields the move lies in change; looking at the position
        // after it is the plainest way to follow every rule that can free
        // the opponent (full, decided, the game over).
        let mut after = self.clone();
        after.apply(idx);
        !after.is_over()
            && match level {
                Level::Tactical => after.target_open(usize::from(target)),
                Level::Strategic => after.strategic_target_open(usize::from(target / 9)),
            }
    }

    /// The no-return level that holds in `region`, with a move of the region
    /// that keeps it: the strictest level some empty cell keeps; `None` when
    /// every level is lifted (docs/rules.md, "No-return").
    fn no_return_level(&self, region: Region) -> Option<(Level, usize)> {
        self.no_return_levels().iter().find_map(|&level| {
            let mut keeper = None;
            self.for_each_region_cell(region, |i| {
                if self.sends_back(i, level) {
                    true
                } else {
                    keeper = Some(i);
                    false
                }
            });
            keeper.map(|i| (level, i))
        })
    }

    /// Checks a move against every rule without playing it.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        if mv.path().len() != self.depth {
            return Err(MoveError::WrongDepth {
                expected: self.depth as u8,
                found: mv.path().len() as u8,
            });
        }
        if self.is_over() {
            return Err(MoveError::GameOver {
                outcome: self.outcome(),
            });
        }
        let idx = mv.index();
        if let Some(by) = self.cell(mv) {
            return Err(MoveError::Occupied { cell: mv, by });
        }
        let tac = idx / 9;
        let region = self.region();
        let decided = self.options.decided;
        if !self.in_region(region, tac) {
            return Err(match region {
                Region::Tactical(required) => MoveError::WrongTacticalCell { required, decided },
                Region::Strategic { strategic, target } => MoveError::WrongStrategicCell {
                    strategic: strategic + 1,
                    target,
                    decided,
                },
                Region::Anywhere { .. } => MoveError::ClosedTacticalCell {
                    cell: self.tactical(tac as u16),
                    decided,
                },
            });
        }
        let breaks = |level| self.sends_back(idx, level);
        if !self.no_return_levels().iter().any(|&l| breaks(l)) {
            return Ok(());
        }
        let Some(last) = self.last_tactical else {
            return Ok(());
        };
        let opponent = self.to_move.other();
        match self.no_return_level(region) {
            Some((level, keeper)) if breaks(Level::Tactical) || level == Level::Strategic => {
                let example = Move::from_index(keeper, self.depth);
                Err(if breaks(Level::Tactical) {
                    MoveError::NoReturn {
                        opponent,
                        back_to: self.tactical(last),
                        example,
                    }
                } else {
                    MoveError::NoReturnStrategic {
                        opponent,
                        back_to: (last / 9) as u8 + 1,
                        example,
                    }
                })
            }
            _ => Ok(()),
        }
    }

    /// Plays a move after checking it against every rule.
    pub fn play(&mut self, mv: Move) -> Result<MoveOutcome, MoveError> {
        if !self.plainly_legal(mv) {
            self.check(mv)?;
        }
        Ok(self.apply(mv.index()))
    }

    /// The usual legal move in a few tests: the right length, the game on,
    /// an empty cell in the target (or, with no target, in a cell open to
    /// play in), no-return off or not yet in force. `true` only where
    /// [`Game::check`] passes the move; `false` leaves the judgement to it.
    /// A replay of a record judges every move, and most are such.
    fn plainly_legal(&self, mv: Move) -> bool {
        if usize::from(mv.len) != self.depth
            || self.is_over()
            || !self.no_return_levels().is_empty()
        {
            return false;
        }
        let idx = mv.index();
        let tac = idx / 9;
        let b = &self.boards[tac];
        if (b.x | b.o) & (1 << (idx % 9)) != 0 {
            return false;
        }
        match self.target {
            Some(t) => usize::from(t) == tac && self.target_open(tac),
            None => self.playable(tac),
        }
    }

    /// Plays a move into an empty cell even if the placement rules forbid it, so
    /// a checker can carry on after an error as if the move stood. Refuses only
    /// what cannot be carried out: a wrong-length move, an occupied cell, or a
    /// game that is over.
    pub fn force(&mut self, mv: Move) -> Result<MoveOutcome, MoveError> {
        match self.check(mv) {
            Err(
                e @ (MoveError::WrongDepth { .. }
                | MoveError::GameOver { .. }
                | MoveError::Occupied { .. }),
            ) => Err(e),
            _ => Ok(self.apply(mv.index())),
        }
    }

    /// Lets a move that could not be carried out (an occupied cell) count as
    /// made: the turn passes and the target is what the move would have set,
    /// but no mark is written. A checker uses it to stay in step with the
    /// record after such an error.
    pub fn skip(&mut self, mv: Move) {
        let idx = mv.index();
        if mv.path().len() == self.depth {
            self.to_move = self.to_move.other();
            self.last_tactical = Some((idx / 9) as u16);
            self.target = (self.depth > 1).then(|| self.targets[idx]);
        } else {
            self.pass();
        }
    }

    /// Passes the turn with no target (the next move may go anywhere open),
    /// for a record move that could not be read at all.
    pub fn pass(&mut self) {
        self.to_move = self.to_move.other();
        self.last_tactical = None;
        self.target = None;
    }

    /// What an undecided field becomes now that one of its sub-cells changed:
    /// won by whoever has a line (the mover first, so the mover wins when a
    /// drawn sub-cell completes lines for both), else drawn when every sub-cell
    /// is decided, else nothing.
    fn decide(&self, board: &Board, mover: Mark) -> Option<FieldState> {
        let draws = self.options.draws;
        if board.has_line(mover, draws) {
            Some(FieldState::Won(mover))
        } else if board.has_line(mover.other(), draws) {
            Some(FieldState::Won(mover.other()))
        } else if board.x | board.o | board.drawn == ALL {
            Some(FieldState::Drawn)
        } else {
            None
        }
    }

    fn apply(&mut self, idx: usize) -> MoveOutcome {
        let mover = self.to_move;
        let mut field = idx / 9;
        let mut pos = idx % 9;
        let tac = field;
        let mut decided_levels = 0;
        // What the sub-cell at `pos` has just become: marked (won) by the mover
        // at the bottom; above, whatever the field below was decided as.
        let mut became = FieldState::Won(mover);
        for (level, &offset) in LEVEL_OFFSET.iter().enumerate().take(self.depth) {
            let slot = offset + field;
            let bit = 1u16 << pos;
            let board = &mut self.boards[slot];
            match became {
                FieldState::Won(Mark::X) => board.x |= bit,
                FieldState::Won(Mark::O) => board.o |= bit,
                _ => board.drawn |= bit,
            }
            if level == 0 && self.depth == 3 && board.x | board.o == ALL {
                self.full[field / 9] |= 1 << (field % 9);
            }
            if self.state[slot] != OPEN {
                break;
            }
            let board = self.boards[slot];
            let Some(state) = self.decide(&board, mover) else {
                break;
            };
            self.state[slot] = match state {
                FieldState::Won(m) => m.code(),
                _ => DRAWN,
            };
            became = state;
            decided_levels += 1;
            pos = field % 9;
            field /= 9;
        }
        self.to_move = mover.other();
        self.last_tactical = Some(tac as u16);
        self.target = (self.depth > 1).then(|| self.targets[idx]);
        self.moves += 1;
        MoveOutcome {
            mover,
            decided_levels,
            game_over: self.is_over(),
        }
    }

    /// Plays a move [`Game::legal_moves_into`] listed for this very
    /// position, without judging it again: the solver's search plays only
    /// such moves, millions of them, and under no-return judging one costs a
    /// copy of the game.
    pub(crate) fn play_listed(&mut self, mv: Move) -> MoveOutcome {
        debug_assert!(self.check(mv).is_ok(), "{mv} is not legal here");
        self.apply(mv.index())
    }

    /// A 64-bit key of everything that decides how the game goes on: every
    /// field's sub-cells and state (a field's state depends on the order its
    /// cells were decided in, so the marks alone do not give it), who moves,
    /// the target and, while no-return can hold, the tactical cell of the
    /// last move. Two positions with the same key play alike (up to a
    /// collision of the hash), so the solver's transposition table is keyed
    /// by it. Games under different rules must not share a table.
    pub(crate) fn position_key(&self) -> u64 {
        // FxHash's step over 64-bit words, then splitmix64's finaliser so
        // every bit of the key depends on every word.
        const K: u64 = 0x517c_c1b7_2722_0a95;
        let mut h = 0u64;
        let mut mix = |w: u64| h = (h.rotate_left(5) ^ w).wrapping_mul(K);
        let tacticals = 9usize.pow(self.depth as u32 - 1);
        let slots = (0..tacticals)
            .chain(
                (self.depth == 3)
                    .then_some(LEVEL_OFFSET[1]..LEVEL_OFFSET[1] + 9)
                    .into_iter()
                    .flatten(),
            )
            .chain(std::iter::once(LEVEL_OFFSET[self.depth - 1]));
        for slot in slots {
            let b = &self.boards[slot];
            mix(u64::from(b.x)
                | u64::from(b.o) << 9
                | u64::from(b.drawn) << 18
                | u64::from(self.state[slot]) << 27
                | (slot as u64) << 32);
        }
        let last = match self.options.no_return {
            NoReturn::No => 0,
            _ => self.last_tactical.map_or(0, |t| u64::from(t) + 1),
        };
        mix(u64::from(self.to_move == Mark::X)
            | self.target.map_or(0, |t| u64::from(t) + 1) << 1
            | last << 12);
        let mut z = h;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Appends every legal move of the position to `out` (cleared first), in
    /// index order. Empty once the game is over.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.is_over() {
            return;
        }
        let region = self.region();
        let level = if self.no_return_levels().is_empty() {
            None
        } else {
            self.no_return_level(region).map(|(level, _)| level)
        };
        self.for_each_region_cell(region, |i| {
            if !level.is_some_and(|l| self.sends_back(i, l)) {
                out.push(Move::from_index(i, self.depth));
            }
            true
        });
    }

    /// Every legal move of the position.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }
}

/// The target table of `variant`: made once for the variants without a
/// map and shared by every game of them, so a game of many short ones costs
/// no table of its own; made for each game with a map.
fn shared_targets(variant: &Variant) -> Arc<[u16]> {
    static TIC_TAC_TOE: OnceLock<Arc<[u16]>> = OnceLock::new();
    static ULTIMATE: OnceLock<Arc<[u16]>> = OnceLock::new();
    static TACTICAL: OnceLock<Arc<[u16]>> = OnceLock::new();
    let shared = match variant {
        Variant::TicTacToe => &TIC_TAC_TOE,
        Variant::Ultimate => &ULTIMATE,
        Variant::Strategic(Ruleset::Tactical) => &TACTICAL,
        Variant::Strategic(_) => return target_table(variant).into(),
    };
    Arc::clone(shared.get_or_init(|| target_table(variant).into()))
}

/// The target tactical cell of every operational cell, in index order.
fn target_table(variant: &Variant) -> Vec<u16> {
    match variant {
        Variant::TicTacToe => vec![0; 9],
        Variant::Ultimate => (0..81).map(|i| i % 9).collect(),
        Variant::Strategic(ruleset) => {
            let mut out = Vec::with_capacity(729);
            for s in 1..=9 {
                for t in 1..=9 {
                    for o in 1..=9 {
                        let next = match ruleset {
                            Ruleset::Tactical => t,
                            Ruleset::Functional(map) => map.target(s, row_in_strategic(t, o)),
                            Ruleset::Hyperfunctional(map) => map.target(s, t, o),
                        };
                        out.push(u16::from(next - 1) * 9 + u16::from(o - 1));
                    }
                }
            }
            out
        }
    }
}
