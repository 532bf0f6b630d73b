//! SOS (docs/rules.md, "SOS"): a W×H grid, 2..8 players, variants `general`
//! and `simple`.
//!
//! Columns are lettered `a`.. and rows numbered `1`.. from the top, so a cell
//! reads `c3` as on the printed sheet.

use std::fmt;

/// Which SOS rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SosVariant {
    /// Each SOS scores a point and gives another turn; full grid ends the game.
    General,
    /// The first SOS wins at once; a full grid without one is a draw.
    Simple,
}

impl SosVariant {
    /// Both variants, the default first.
    pub const ALL: [SosVariant; 2] = [SosVariant::General, SosVariant::Simple];

    /// The word records use: `general`, `simple`.
    pub fn word(self) -> &'static str {
        match self {
            SosVariant::General => "general",
            SosVariant::Simple => "simple",
        }
    }
}

/// A letter written in a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Letter {
    /// `S`
    S,
    /// `O`
    O,
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Letter::S => "S",
            Letter::O => "O",
        })
    }
}

/// A cell, 0-based column and row (row 0 is the top row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// 0-based column (`a` = 0).
    pub col: u8,
    /// 0-based row from the top (`1` = 0).
    pub row: u8,
}

impl fmt::Display for Cell {
    /// `c3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.col % 26),
            u32::from(self.row) + 1
        )
    }
}

/// A move: a letter into a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SosMove {
    /// Where.
    pub cell: Cell,
    /// What.
    pub letter: Letter,
}

impl fmt::Display for SosMove {
    /// `c3S`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.cell, self.letter)
    }
}

/// An SOS board's size, columns × rows, each side within
/// [`SosSize::SIDES`]: the one reader of a size as records (`[Size "5x5"]`),
/// sheet specs (`size = "8x8"`) and handouts (`sos-size`) write it, so the
/// three can never accept different spellings or ranges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SosSize {
    width: u8,
    height: u8,
}

/// A size that is not one: not written as one, or with a side out of range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SosSizeError {
    /// Not `WxH` (`x`, `X` or `×` between) nor one whole number.
    Form,
    /// A side outside [`SosSize::SIDES`], as written (possibly negative).
    Range {
        /// Columns written.
        width: i64,
        /// Rows written.
        height: i64,
    },
}

impl SosSize {
    /// The sides a board may have, each way (docs/rules.md, "SOS").
    pub const SIDES: std::ops::RangeInclusive<u32> = 3..=26;

    /// A size of `width` columns and `height` rows, in range.
    pub fn new(width: i64, height: i64) -> Result<SosSize, SosSizeError> {
        let side = |n: i64| {
            u32::try_from(n)
                .ok()
                .filter(|n| Self::SIDES.contains(n))
                .map(|n| n as u8)
        };
        match (side(width), side(height)) {
            (Some(width), Some(height)) => Ok(SosSize { width, height }),
            _ => Err(SosSizeError::Range { width, height }),
        }
    }

    /// Reads `"5x5"`, `"10 × 6"` (columns × rows) or one number for a
    /// square board.
    pub fn parse(text: &str) -> Result<SosSize, SosSizeError> {
        let number = |s: &str| s.trim().parse::<i64>().map_err(|_| SosSizeError::Form);
        let (width, height) = match text.split_once(['x', 'X', '×']) {
            Some((w, h)) => (number(w)?, number(h)?),
            None => {
                let n = number(text)?;
                (n, n)
            }
        };
        SosSize::new(width, height)
    }

    /// Columns.
    pub fn width(self) -> u8 {
        self.width
    }

    /// Rows.
    pub fn height(self) -> u8 {
        self.height
    }
}

/// `5x5`, as records and specs write it.
impl fmt::Display for SosSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// The shape of a game. Only [`SosConfig::new`] makes one, so every
/// configuration is within the ranges of docs/rules.md, "SOS" (no board without
/// cells, no game without players to take turns).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SosConfig {
    /// Columns, 3..=26.
    width: u8,
    /// Rows, 3..=26.
    height: u8,
    /// Players, 2..=8, named `A`, `B`, … in turn order.
    players: u8,
    /// The rules.
    variant: SosVariant,
}

/// A configuration outside the ranges of docs/rules.md ("SOS").
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SosConfigError {
    /// Width or height outside [`SosSize::SIDES`].
    #[error(
        "an SOS board is {min} to {max} cells each way, not {width}x{height}",
        min = SosSize::SIDES.start(),
        max = SosSize::SIDES.end()
    )]
    Size {
        /// Columns asked for.
        width: u32,
        /// Rows asked for.
        height: u32,
    },
    /// Player count outside [`SosConfig::PLAYERS`].
    #[error(
        "SOS is for {min} to {max} players, not {0}",
        min = SosConfig::PLAYERS.start(),
        max = SosConfig::PLAYERS.end()
    )]
    Players(u32),
}

impl SosConfig {
    /// How many players a game may have (docs/rules.md, "SOS").
    pub const PLAYERS: std::ops::RangeInclusive<u32> = 2..=8;

    /// A checked configuration.
    pub fn new(
        width: u32,
        height: u32,
        players: u32,
        variant: SosVariant,
    ) -> Result<SosConfig, SosConfigError> {
        let Ok(size) = SosSize::new(width.into(), height.into()) else {
            return Err(SosConfigError::Size { width, height });
        };
        if !Self::PLAYERS.contains(&players) {
            return Err(SosConfigError::Players(players));
        }
        Ok(SosConfig {
            width: size.width,
            height: size.height,
            players: players as u8,
            variant,
        })
    }

    /// Columns, 3..=26.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Rows, 3..=26.
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Players, 2..=8, named `A`, `B`, … in turn order.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// The rules.
    pub fn variant(&self) -> SosVariant {
        self.variant
    }

    /// The board's size.
    pub fn size(&self) -> SosSize {
        SosSize {
            width: self.width,
            height: self.height,
        }
    }
}

/// An illegal SOS move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SosError {
    /// The game has ended.
    #[error("the game is already over ({outcome}), no move may follow")]
    GameOver {
        /// How it ended.
        outcome: SosOutcome,
    },
    /// The cell is not on the board.
    #[error("cell {cell} is off the {width}x{height} board")]
    OffBoard {
        /// The cell written.
        cell: Cell,
        /// Columns.
        width: u8,
        /// Rows.
        height: u8,
    },
    /// The cell already holds a letter.
    #[error("cell {cell} already holds {letter}")]
    Occupied {
        /// The cell.
        cell: Cell,
        /// Its letter.
        letter: Letter,
    },
}

impl SosError {
    /// A short stable code for scripts.
    pub fn code(&self) -> &'static str {
        match self {
            SosError::GameOver { .. } => "after-end",
            SosError::OffBoard { .. } => "off-board",
            SosError::Occupied { .. } => "occupied",
        }
    }
}

/// The result of an SOS game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SosOutcome {
    /// This player (0-based) won.
    Winner(u8),
    /// Some but not all players share the highest score (`general`, three or
    /// more players): they share the win. Bit `p` is set for player `p`.
    SharedWin(u8),
    /// Every player has the same score, or a full grid without SOS in `simple`.
    Draw,
    /// Still going.
    Unfinished,
}

impl SosOutcome {
    /// The winners, 0-based and in turn order: one, several for a shared win,
    /// none for a draw or an unfinished game.
    pub fn winners(&self) -> Vec<u8> {
        match *self {
            SosOutcome::Winner(p) => vec![p],
            SosOutcome::SharedWin(mask) => (0..8).filter(|p| mask & (1 << p) != 0).collect(),
            SosOutcome::Draw | SosOutcome::Unfinished => Vec::new(),
        }
    }
}

impl fmt::Display for SosOutcome {
    /// `A won`, `A+C share the win`, `drawn`, `unfinished`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SosOutcome::Winner(p) => write!(f, "{} won", player_letter(*p)),
            SosOutcome::SharedWin(_) => {
                let letters: Vec<String> = self
                    .winners()
                    .into_iter()
                    .map(|p| player_letter(p).to_string())
                    .collect();
                write!(f, "{} share the win", letters.join("+"))
            }
            SosOutcome::Draw => f.write_str("drawn"),
            SosOutcome::Unfinished => f.write_str("unfinished"),
        }
    }
}

/// The letter naming player `index` (0 → `A`).
pub fn player_letter(index: u8) -> char {
    char::from(b'A' + index % 26)
}

/// One SOS made: who made it and its three cells, S-O-S in order along the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SosLine {
    /// The player (0-based).
    pub player: u8,
    /// The cells, the O in the middle.
    pub cells: [Cell; 3],
}

/// What a legal move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SosMoveOutcome {
    /// Who moved (0-based).
    pub player: u8,
    /// SOS lines it made.
    pub made: u32,
    /// Who moves next (the mover again after an SOS in `general`).
    pub next: u8,
    /// Whether the game ended with it.
    pub game_over: bool,
}

/// The four line directions; an O looks both ways along each.
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A game of SOS in progress.
#[derive(Debug, Clone)]
pub struct SosGame {
    config: SosConfig,
    cells: Vec<Option<Letter>>,
    filled: usize,
    to_move: u8,
    scores: [u32; 8],
    lines: Vec<SosLine>,
    simple_winner: Option<u8>,
}

impl SosGame {
    /// A new game with an empty grid.
    pub fn new(config: SosConfig) -> SosGame {
        SosGame {
            config,
            cells: vec![None; usize::from(config.width) * usize::from(config.height)],
            filled: 0,
            to_move: 0,
            scores: [0; 8],
            lines: Vec::new(),
            simple_winner: None,
        }
    }

    /// The configuration.
    pub fn config(&self) -> SosConfig {
        self.config
    }

    /// Who moves next (0-based).
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// Points per player (0-based index), `players` entries.
    pub fn scores(&self) -> &[u32] {
        &self.scores[..usize::from(self.config.players)]
    }

    /// Every SOS made, in order.
    pub fn lines(&self) -> &[SosLine] {
        &self.lines
    }

    /// The letter in a cell (`None` when empty or off the board).
    pub fn letter(&self, cell: Cell) -> Option<Letter> {
        self.slot(i32::from(cell.col), i32::from(cell.row))
            .and_then(|i| self.cells[i])
    }

    fn slot(&self, col: i32, row: i32) -> Option<usize> {
        let (w, h) = (i32::from(self.config.width), i32::from(self.config.height));
        ((0..w).contains(&col) && (0..h).contains(&row)).then(|| (row * w + col) as usize)
    }

    fn is_letter(&self, col: i32, row: i32, letter: Letter) -> bool {
        self.slot(col, row)
            .is_some_and(|i| self.cells[i] == Some(letter))
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.simple_winner.is_some() || self.filled == self.cells.len()
    }

    /// The result so far.
    pub fn outcome(&self) -> SosOutcome {
        if let Some(p) = self.simple_winner {
            return SosOutcome::Winner(p);
        }
        if self.filled < self.cells.len() {
            return SosOutcome::Unfinished;
        }
        if self.config.variant == SosVariant::Simple {
            return SosOutcome::Draw;
        }
        // docs/rules.md: the highest score wins; some but not all players on it
        // share the win; a draw only when every player has the same score.
        let scores = self.scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        let leaders: u8 = (0..scores.len())
            .filter(|&p| scores[p] == best)
            .fold(0, |mask, p| mask | 1 << p);
        match leaders.count_ones() {
            1 => SosOutcome::Winner(leaders.trailing_zeros() as u8),
            n if n as usize == scores.len() => SosOutcome::Draw,
            _ => SosOutcome::SharedWin(leaders),
        }
    }

    /// Checks a move without playing it.
    pub fn check(&self, mv: SosMove) -> Result<(), SosError> {
        if self.is_over() {
            return Err(SosError::GameOver {
                outcome: self.outcome(),
            });
        }
        let Some(i) = self.slot(i32::from(mv.cell.col), i32::from(mv.cell.row)) else {
            return Err(SosError::OffBoard {
                cell: mv.cell,
                width: self.config.width,
                height: self.config.height,
            });
        };
        if let Some(letter) = self.cells[i] {
            return Err(SosError::Occupied {
                cell: mv.cell,
                letter,
            });
        }
        Ok(())
    }

    /// Plays a move for the player whose turn it is.
    pub fn play(&mut self, mv: SosMove) -> Result<SosMoveOutcome, SosError> {
        self.check(mv)?;
        let (col, row) = (i32::from(mv.cell.col), i32::from(mv.cell.row));
        let i = self.slot(col, row).expect("checked on the board");
        self.cells[i] = Some(mv.letter);
        self.filled += 1;
        let player = self.to_move;
        let before = self.lines.len();
        let at = |c: i32, r: i32| Cell {
            col: c as u8,
            row: r as u8,
        };
        for (dc, dr) in DIRECTIONS {
            match mv.letter {
                Letter::O => {
                    if self.is_letter(col - dc, row - dr, Letter::S)
                        && self.is_letter(col + dc, row + dr, Letter::S)
                    {
                        self.lines.push(SosLine {
                            player,
                            cells: [at(col - dc, row - dr), mv.cell, at(col + dc, row + dr)],
                        });
                    }
                }
                Letter::S => {
                    for sign in [1, -1] {
                        let (c1, r1) = (col + sign * dc, row + sign * dr);
                        let (c2, r2) = (col + 2 * sign * dc, row + 2 * sign * dr);
                        if self.is_letter(c1, r1, Letter::O) && self.is_letter(c2, r2, Letter::S) {
                            self.lines.push(SosLine {
                                player,
                                cells: [mv.cell, at(c1, r1), at(c2, r2)],
                            });
                        }
                    }
                }
            }
        }
        let made = (self.lines.len() - before) as u32;
        self.scores[usize::from(player)] += made;
        if made > 0 && self.config.variant == SosVariant::Simple {
            self.simple_winner = Some(player);
        }
        if made == 0 || self.config.variant == SosVariant::Simple {
            self.to_move = (player + 1) % self.config.players;
        }
        Ok(SosMoveOutcome {
            player,
            made,
            next: self.to_move,
            game_over: self.is_over(),
        })
    }

    /// Passes the turn to the next player without writing anything, for a
    /// record move that could not be carried out.
    pub fn pass(&mut self) {
        self.to_move = (self.to_move + 1) % self.config.players;
    }

    /// Every legal move: each empty cell with `S`, then with `O`, in reading order.
    pub fn legal_moves(&self) -> Vec<SosMove> {
        if self.is_over() {
            return Vec::new();
        }
        let w = usize::from(self.config.width);
        let mut out = Vec::with_capacity(2 * (self.cells.len() - self.filled));
        for (i, c) in self.cells.iter().enumerate() {
            if c.is_none() {
                let cell = Cell {
                    col: (i % w) as u8,
                    row: (i / w) as u8,
                };
                out.push(SosMove {
                    cell,
                    letter: Letter::S,
                });
                out.push(SosMove {
                    cell,
                    letter: Letter::O,
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One reader of a size: every spelling records and specs use, the
    /// range once, and what was written kept for the message.
    #[test]
    fn sizes_read_in_every_spelling_and_range() {
        let sides = |t: &str| SosSize::parse(t).map(|s| (s.width(), s.height()));
        assert_eq!(sides("10x6"), Ok((10, 6)));
        assert_eq!(sides(" 5 X 7 "), Ok((5, 7)));
        assert_eq!(sides("4×3"), Ok((4, 3)));
        assert_eq!(sides("8"), Ok((8, 8)));
        assert_eq!(sides("26x3"), Ok((26, 3)));
        for form in ["", "x5", "5x", "5x5x5", "a", "5 5", "5.0"] {
            assert_eq!(sides(form), Err(SosSizeError::Form), "{form:?}");
        }
        assert_eq!(
            sides("-3x27"),
            Err(SosSizeError::Range {
                width: -3,
                height: 27
            })
        );
        assert_eq!(SosSize::parse("6x4").unwrap().to_string(), "6x4");
        let config = SosConfig::new(6, 4, 2, SosVariant::General).unwrap();
        assert_eq!(config.size(), SosSize::new(6, 4).unwrap());
        assert_eq!(
            SosConfig::new(2, 27, 2, SosVariant::General),
            Err(SosConfigError::Size {
                width: 2,
                height: 27
            })
        );
    }

    fn mv(text: &str) -> SosMove {
        let b = text.as_bytes();
        let letter = if b[b.len() - 1] == b'S' {
            Letter::S
        } else {
            Letter::O
        };
        let row: u8 = text[1..text.len() - 1].parse().unwrap();
        SosMove {
            cell: Cell {
                col: b[0] - b'a',
                row: row - 1,
            },
            letter,
        }
    }

    fn game(w: u32, h: u32, players: u32, variant: SosVariant) -> SosGame {
        SosGame::new(SosConfig::new(w, h, players, variant).unwrap())
    }

    #[test]
    fn config_ranges() {
        assert!(SosConfig::new(3, 26, 8, SosVariant::General).is_ok());
        assert_eq!(
            SosConfig::new(2, 5, 2, SosVariant::General),
            Err(SosConfigError::Size {
                width: 2,
                height: 5
            })
        );
        assert!(SosConfig::new(5, 27, 2, SosVariant::General).is_err());
        assert_eq!(
            SosConfig::new(5, 5, 9, SosVariant::General),
            Err(SosConfigError::Players(9))
        );
        assert!(SosConfig::new(5, 5, 1, SosVariant::General).is_err());
    }

    #[test]
    fn sos_scores_and_gives_another_turn_in_general() {
        let mut g = game(5, 5, 2, SosVariant::General);
        assert_eq!(g.play(mv("a1S")).unwrap().next, 1);
        assert_eq!(g.play(mv("c1S")).unwrap().next, 0);
        let out = g.play(mv("b1O")).unwrap();
        assert_eq!((out.player, out.made, out.next), (0, 1, 0));
        assert_eq!(g.scores(), &[1, 0]);
        assert_eq!(
            g.lines()[0].cells.map(|c| c.to_string()),
            ["a1", "b1", "c1"]
        );
        // No SOS: play passes on.
        assert_eq!(g.play(mv("e5O")).unwrap().next, 1);
    }

    #[test]
    fn one_o_can_make_four_and_one_s_eight() {
        let mut g = game(5, 5, 2, SosVariant::General);
        for m in ["b2S", "c2S", "d2S", "b3S", "d3S", "b4S", "c4S", "d4S"] {
            let m = mv(m);
            let i = g
                .slot(i32::from(m.cell.col), i32::from(m.cell.row))
                .unwrap();
            g.cells[i] = Some(Letter::S);
            g.filled += 1;
        }
        assert_eq!(g.play(mv("c3O")).unwrap().made, 4);

        let mut g = game(5, 5, 2, SosVariant::General);
        let ring_o = ["b2O", "c2O", "d2O", "b3O", "d3O", "b4O", "c4O", "d4O"];
        let ring_s = ["a1S", "c1S", "e1S", "a3S", "e3S", "a5S", "c5S", "e5S"];
        for m in ring_o.iter().chain(&ring_s) {
            let m = mv(m);
            let i = g
                .slot(i32::from(m.cell.col), i32::from(m.cell.row))
                .unwrap();
            g.cells[i] = Some(m.letter);
            g.filled += 1;
        }
        let out = g.play(mv("c3S")).unwrap();
        assert_eq!(out.made, 8);
        assert_eq!(g.scores(), &[8, 0]);
    }

    #[test]
    fn simple_variant_first_sos_wins_and_turns_alternate() {
        let mut g = game(3, 3, 3, SosVariant::Simple);
        g.play(mv("a1S")).unwrap();
        g.play(mv("c1S")).unwrap();
        let out = g.play(mv("b1O")).unwrap();
        assert_eq!(out.player, 2);
        assert!(out.game_over);
        assert_eq!(g.outcome(), SosOutcome::Winner(2));
        assert!(matches!(
            g.play(mv("a2S")),
            Err(SosError::GameOver {
                outcome: SosOutcome::Winner(2)
            })
        ));
    }

    #[test]
    fn full_grid_ends_general_game_and_ties_draw() {
        let mut g = game(3, 3, 2, SosVariant::General);
        // All O: no SOS possible, turns alternate, full grid -> 0:0 draw.
        for r in 0..3 {
            for c in 0..3 {
                assert_eq!(g.outcome(), SosOutcome::Unfinished);
                g.play(SosMove {
                    cell: Cell { col: c, row: r },
                    letter: Letter::O,
                })
                .unwrap();
            }
        }
        assert!(g.is_over());
        assert_eq!(g.outcome(), SosOutcome::Draw);
        assert!(g.legal_moves().is_empty());
    }

    #[test]
    fn highest_score_wins_a_full_grid() {
        let mut g = game(3, 3, 2, SosVariant::General);
        for m in ["a1S", "c1S", "b1O", "a2O"] {
            g.play(mv(m)).unwrap();
        }
        // A scored and then played a2O without SOS: B to move.
        assert_eq!(g.to_move(), 1);
        for m in ["b2O", "c2O", "a3O", "b3O", "c3O"] {
            g.play(mv(m)).unwrap();
        }
        assert_eq!(g.outcome(), SosOutcome::Winner(0));
    }

    #[test]
    fn top_scorers_share_the_win_and_only_a_full_tie_is_a_draw() {
        // Three players: A 1, B 0, C 1 (the record in docs/rules.md, "SOS").
        let mut g = game(3, 3, 3, SosVariant::General);
        for m in [
            "c3O", "b2O", "b3O", "a1S", "c1S", "a3S", "c2S", "a2S", "b1S",
        ] {
            g.play(mv(m)).unwrap();
        }
        assert_eq!(g.scores(), &[1, 0, 1]);
        assert_eq!(g.outcome(), SosOutcome::SharedWin(0b101));
        assert_eq!(g.outcome().winners(), [0, 2]);
        assert_eq!(g.outcome().to_string(), "A+C share the win");
        assert_eq!(
            g.play(mv("a1S")).unwrap_err().to_string(),
            "the game is already over (A+C share the win), no move may follow"
        );
        // Everyone level: a draw, with three players as with two.
        let mut g = game(3, 3, 3, SosVariant::General);
        for r in 0..3 {
            for c in 0..3 {
                g.play(SosMove {
                    cell: Cell { col: c, row: r },
                    letter: Letter::O,
                })
                .unwrap();
            }
        }
        assert_eq!(g.outcome(), SosOutcome::Draw);
        assert!(g.outcome().winners().is_empty());
    }

    #[test]
    fn occupied_and_off_board_are_refused() {
        let mut g = game(4, 3, 2, SosVariant::General);
        g.play(mv("d3S")).unwrap();
        assert_eq!(
            g.play(mv("d3O")).unwrap_err().to_string(),
            "cell d3 already holds S"
        );
        assert_eq!(
            g.play(mv("e1S")).unwrap_err().to_string(),
            "cell e1 is off the 4x3 board"
        );
        assert_eq!(g.play(mv("a4S")).unwrap_err().code(), "off-board");
    }

    #[test]
    fn legal_moves_are_both_letters_in_every_empty_cell() {
        let mut g = game(3, 4, 2, SosVariant::General);
        assert_eq!(g.legal_moves().len(), 24);
        g.play(mv("b2S")).unwrap();
        let legal = g.legal_moves();
        assert_eq!(legal.len(), 22);
        assert!(!legal.iter().any(|m| m.cell == mv("b2S").cell));
    }
}
