//! The two rules engines — the tic-tac-toe family's [`Game`] and
//! [`SosGame`] — as the checker asks them: one trait, [`Engine`].
//!
//! Two parts of the checker step a record through an engine: the report's
//! replay (`replay`), which finds every error in one pass, and the repair
//! search (`repair`), which replays edited records to rank its suggestions.
//! A suggestion is only right if its replay is the report's replay — an
//! illegal move carried past in the same way, the same player to move
//! after it — so both ask the same trait and carry a refused move through
//! the one [`step`]. The trait lives here, beside neither of them, because
//! it says what each game is to the checker: how a written move is read,
//! how a refusal is carried, who moves, how moves are numbered and
//! written, and which slips of a move's text are worth trying.

use super::numbers::{Numbering, is_move_text};
use super::reason::Reason;
use super::repair::edits::{self, Alternative};
use crate::games::sos::{Cell, SosError, SosGame, SosMove, player_letter};
use crate::games::ttt::{Game, Mark, Move, MoveError};
use crate::record::{MoveBody, NotAMove};

/// A rules engine as the checker steps through it.
pub(super) trait Engine: Clone {
    /// A move of the game.
    type Move: Copy + PartialEq + std::fmt::Debug;
    /// Why a move is refused.
    type Error;

    /// How the game's moves are numbered in a record.
    const NUMBERING: Numbering;

    /// The letters of the players, by turn order (`X`, `O`; `A`, `B`, …).
    fn letters(&self) -> Vec<String>;

    /// The player to move, 0-based (X = 0, O = 1; SOS A = 0, …).
    fn mover(&self) -> usize;

    /// Whether the game is over.
    fn is_over(&self) -> bool;

    /// Every legal move.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Whether a record's move has the shape of a move of this game here
    /// (a tic-tac-toe path of this game's depth, an SOS move).
    fn holds_move(&self, body: &MoveBody) -> bool;

    /// The move a record's move holds, or why it holds none of this game.
    fn read(&self, body: &MoveBody) -> Result<Self::Move, Reason>;

    /// The error code and reason for a record's move that is no move of
    /// this game here and is not counted as one.
    fn not_a_move(&self, body: &MoveBody) -> (&'static str, Reason);

    /// The error code and reason for a move refused with `e`.
    fn refused(e: Self::Error) -> (&'static str, Reason);

    /// Plays `mv` if legal; on an error the position is as before.
    fn play_move(&mut self, mv: Self::Move) -> Result<(), Self::Error>;

    /// Passes the turn.
    fn pass_turn(&mut self);

    /// Carries `mv`, refused with `e`, as [`Carry`] says.
    fn carry(&mut self, mv: Self::Move, e: &Self::Error);

    /// Whether the number `n` (`ellipsis` for `N...`) may stand before the
    /// move at 0-based `index`.
    fn number_ok(index: usize, n: u32, ellipsis: bool) -> bool;

    /// The number and player of the move at 0-based `index`, made by `mover`.
    fn label(index: usize, mover: usize) -> (usize, String);

    /// The prior costs of two neighbouring moves exchanged and of two moves
    /// of one player in neighbouring rows written in each other's rows
    /// (plies k and k+2 exchanged), in this game.
    fn order_costs(&self) -> OrderCosts;

    /// A number for the cell a move writes in, to find who wrote it before.
    fn cell_key(mv: Self::Move) -> usize;

    /// `mv` written in the style of the record's move `style` (separators,
    /// letter case, SOS `c3S`/`c3=S`/`S@c3`).
    fn write(mv: Self::Move, style: &str) -> String;

    /// Replacement texts for `text`, written where this position stands: the
    /// slips of one move's text.
    fn alternatives(&self, text: &str) -> Vec<Alternative>;

    /// Replacement texts for a move `text` found as a suspect far from the
    /// error: the slips that change only what the move leaves behind for the
    /// error to show (SOS: its letter); `None` to use every alternative.
    fn suspect_alternatives(&self, text: &str) -> Option<Vec<Alternative>>;

    /// Moves far back that may have caused an error at the move `anchor`
    /// of `moves` (the written moves, `None` where no move of this game is
    /// written): the indices worth trying.
    fn suspects(&self, moves: &[Option<Self::Move>], anchor: usize) -> Vec<usize>;
}

/// The prior costs of the order slips (two moves written in each other's
/// places), which depend on how soon a game shows them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct OrderCosts {
    /// Two neighbouring moves exchanged.
    pub exchanged: f32,
    /// Two moves of one player in neighbouring rows written in each other's
    /// rows (plies k and k+2 exchanged).
    pub rows_exchanged: f32,
}

/// What a replay does with a move that breaks a rule, so that one pass
/// finds every error and stays in step with the record. The checker and the
/// repair search both carry illegal moves through [`step`], so a
/// suggestion's replay is the report's replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Carry {
    /// Played anyway into its empty cell: a move in the wrong place (wrong
    /// tactical or strategic cell, a closed cell, no-return).
    Force,
    /// Not written, but the turn passes and the next target is the one the
    /// move would have set: a move into an occupied cell.
    Skip,
    /// The turn passes: no move (unreadable, of another game), a move of
    /// the wrong shape, in tic-tac-toe a move after the end, in SOS any
    /// illegal move before the end.
    Pass,
    /// Nothing happens: an SOS move after the end.
    Stay,
}

impl Carry {
    /// How a tic-tac-toe family move refused with `e` is carried.
    fn of_ttt(e: &MoveError) -> Carry {
        match e {
            MoveError::WrongDepth { .. } | MoveError::GameOver { .. } => Carry::Pass,
            MoveError::Occupied { .. } => Carry::Skip,
            _ => Carry::Force,
        }
    }

    /// How an SOS move refused with `e` is carried.
    fn of_sos(e: &SosError) -> Carry {
        match e {
            SosError::GameOver { .. } => Carry::Stay,
            _ => Carry::Pass,
        }
    }
}

/// Plays `mv` (`None`: the record holds no move of this game there), or
/// carries it as [`Carry`] says: `Err(Some(e))` for a move refused with
/// `e`, `Err(None)` for no move (the turn passes).
pub(super) fn step<E: Engine>(engine: &mut E, mv: Option<E::Move>) -> Result<(), Option<E::Error>> {
    let Some(mv) = mv else {
        engine.pass_turn();
        return Err(None);
    };
    engine.play_move(mv).map_err(|e| {
        engine.carry(mv, &e);
        Some(e)
    })
}

/// The latest earlier move into the cell the move at `anchor` writes in: when
/// that cell is taken, the earlier move may be the slip.
fn first_writer<E: Engine>(moves: &[Option<E::Move>], anchor: usize) -> Option<usize> {
    let key = E::cell_key((*moves.get(anchor)?)?);
    moves[..anchor]
        .iter()
        .rposition(|m| m.is_some_and(|m| E::cell_key(m) == key))
}

pub(super) fn mark_index(m: Mark) -> usize {
    match m {
        Mark::X => 0,
        Mark::O => 1,
    }
}

impl Engine for Game {
    type Move = Move;
    type Error = MoveError;

    const NUMBERING: Numbering = Numbering::Pairs;

    fn letters(&self) -> Vec<String> {
        vec!["X".to_string(), "O".to_string()]
    }

    fn mover(&self) -> usize {
        mark_index(self.to_move())
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn legal_moves(&self) -> Vec<Move> {
        Game::legal_moves(self)
    }

    fn holds_move(&self, body: &MoveBody) -> bool {
        is_move_text(body, Some(self.depth()))
    }

    fn read(&self, body: &MoveBody) -> Result<Move, Reason> {
        match body {
            MoveBody::Path(mv) => Ok(*mv),
            MoveBody::Sos(_) => Err(Reason::SosMoveInTtt {
                depth: self.depth(),
            }),
            MoveBody::Unreadable { reason } => Err(Reason::NotAMove(*reason)),
        }
    }

    fn not_a_move(&self, body: &MoveBody) -> (&'static str, Reason) {
        match self.read(body) {
            Err(reason) => ("unreadable", reason),
            Ok(mv) => (
                "wrong-depth",
                self.check(mv)
                    .err()
                    .map_or(Reason::NotAMove(NotAMove::Nothing), Reason::Move),
            ),
        }
    }

    fn refused(e: MoveError) -> (&'static str, Reason) {
        (e.code(), Reason::Move(e))
    }

    fn play_move(&mut self, mv: Move) -> Result<(), MoveError> {
        self.play(mv).map(|_| ())
    }

    fn pass_turn(&mut self) {
        self.pass();
    }

    fn carry(&mut self, mv: Move, e: &MoveError) {
        match Carry::of_ttt(e) {
            Carry::Pass => self.pass(),
            Carry::Skip => self.skip(mv),
            // A refused move into an empty cell can be carried out; were it
            // not, the turn still passes so the replay keeps in step.
            Carry::Force => {
                if self.force(mv).is_err() {
                    self.pass();
                }
            }
            Carry::Stay => {}
        }
    }

    fn number_ok(index: usize, n: u32, ellipsis: bool) -> bool {
        n as usize == index / 2 + 1 && ellipsis == (index % 2 == 1)
    }

    fn label(index: usize, mover: usize) -> (usize, String) {
        (
            index / 2 + 1,
            if mover == 0 { "X" } else { "O" }.to_string(),
        )
    }

    /// A tic-tac-toe family sheet is copied a column at a time (X's moves
    /// and O's moves side by side, a row per move number), so two rows of
    /// one column exchanged is an order slip like two digits swapped, a
    /// little dearer (measured with `cargo bench --bench repair`: at 3.25,
    /// dearer than two neighbouring moves exchanged, the true fix was among
    /// the three shown for 84.5 % of the tic-tac-toe records with rows
    /// exchanged; at 2.25, 96.5 %, and the same on a second test set).
    ///
    /// Plain tic-tac-toe has no targets: an order slip shows only when it
    /// ends the game early (two in three leave the record legal), so when a
    /// record breaks at the end of its game, an order slip that explains it
    /// is likelier than any one of the eight other digits a move could have
    /// had, and both order slips cost less than one digit there. Measured
    /// on test sets other than the ones reported (`--seed 7`, `8`, `9`):
    /// with 3.0 and 2.25, two neighbouring moves exchanged were among the
    /// three shown for 83.5–84.5 % of the records, rows exchanged 95.5–98 %;
    /// with 0.9 and 0.85, 93.5–96.5 % and 100 %, every other slip the same
    /// within half a point.
    fn order_costs(&self) -> OrderCosts {
        if self.depth() == 1 {
            OrderCosts {
                exchanged: 0.9,
                rows_exchanged: 0.85,
            }
        } else {
            OrderCosts {
                exchanged: 3.0,
                rows_exchanged: 2.25,
            }
        }
    }

    fn cell_key(mv: Move) -> usize {
        mv.index()
    }

    fn write(mv: Move, style: &str) -> String {
        edits::write_path(mv.path(), style)
    }

    fn alternatives(&self, text: &str) -> Vec<Alternative> {
        edits::path_alternatives(text, self.depth())
    }

    fn suspect_alternatives(&self, _text: &str) -> Option<Vec<Alternative>> {
        None
    }

    fn suspects(&self, moves: &[Option<Move>], anchor: usize) -> Vec<usize> {
        first_writer::<Game>(moves, anchor).into_iter().collect()
    }
}

impl Engine for SosGame {
    type Move = SosMove;
    type Error = SosError;

    const NUMBERING: Numbering = Numbering::Single;

    fn letters(&self) -> Vec<String> {
        (0..self.config().players())
            .map(|p| player_letter(p).to_string())
            .collect()
    }

    fn mover(&self) -> usize {
        usize::from(self.to_move())
    }

    fn is_over(&self) -> bool {
        SosGame::is_over(self)
    }

    fn legal_moves(&self) -> Vec<SosMove> {
        SosGame::legal_moves(self)
    }

    fn holds_move(&self, body: &MoveBody) -> bool {
        is_move_text(body, None)
    }

    fn read(&self, body: &MoveBody) -> Result<SosMove, Reason> {
        match body {
            MoveBody::Sos(mv) => Ok(*mv),
            MoveBody::Path(_) => Err(Reason::TttMoveInSos),
            MoveBody::Unreadable { reason } => Err(Reason::NotAMove(*reason)),
        }
    }

    fn not_a_move(&self, body: &MoveBody) -> (&'static str, Reason) {
        let reason = self
            .read(body)
            .err()
            .unwrap_or(Reason::NotAMove(NotAMove::Nothing));
        ("unreadable", reason)
    }

    fn refused(e: SosError) -> (&'static str, Reason) {
        (e.code(), Reason::Sos(e))
    }

    fn play_move(&mut self, mv: SosMove) -> Result<(), SosError> {
        self.play(mv).map(|_| ())
    }

    fn pass_turn(&mut self) {
        self.pass();
    }

    fn carry(&mut self, _mv: SosMove, e: &SosError) {
        match Carry::of_sos(e) {
            Carry::Pass => self.pass(),
            // SOS has no targets: nothing to skip or force.
            Carry::Skip | Carry::Force | Carry::Stay => {}
        }
    }

    fn number_ok(index: usize, n: u32, _ellipsis: bool) -> bool {
        n as usize == index + 1
    }

    fn label(index: usize, mover: usize) -> (usize, String) {
        (index + 1, player_letter(mover as u8).to_string())
    }

    /// An SOS record names the player of every move in one sequence: no
    /// column to copy out of order, so plies k and k+2 exchanged is dearer
    /// than two neighbouring moves exchanged.
    fn order_costs(&self) -> OrderCosts {
        OrderCosts {
            exchanged: 3.0,
            rows_exchanged: 3.25,
        }
    }

    fn cell_key(mv: SosMove) -> usize {
        usize::from(mv.cell.row) * 256 + usize::from(mv.cell.col)
    }

    fn write(mv: SosMove, style: &str) -> String {
        edits::write_sos(mv, style)
    }

    fn alternatives(&self, text: &str) -> Vec<Alternative> {
        let config = self.config();
        edits::sos_alternatives(text, config.width(), config.height(), &|c: Cell| {
            self.letter(c).is_none()
        })
    }

    fn suspect_alternatives(&self, text: &str) -> Option<Vec<Alternative>> {
        Some(edits::sos_letter_flip(text).into_iter().collect())
    }

    /// Who wrote the cell (an occupied cell), and every earlier letter within
    /// two cells of the move before the error: a wrong S or O there makes or
    /// spoils an SOS, which changes whose turn it is later.
    fn suspects(&self, moves: &[Option<SosMove>], anchor: usize) -> Vec<usize> {
        let mut out: Vec<usize> = first_writer::<SosGame>(moves, anchor).into_iter().collect();
        let Some(prev) = moves[..anchor].iter().rev().find_map(|m| *m) else {
            return out;
        };
        let near = |c: Cell| {
            (i16::from(c.col) - i16::from(prev.cell.col)).abs() <= 2
                && (i16::from(c.row) - i16::from(prev.cell.row)).abs() <= 2
        };
        out.extend(
            moves[..anchor]
                .iter()
                .enumerate()
                .filter(|(_, m)| m.is_some_and(|m| near(m.cell)))
                .map(|(i, _)| i),
        );
        out.sort_unstable();
        out.dedup();
        out
    }
}
