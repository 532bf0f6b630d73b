//! The record as the repair search replays it: one [`Ply`] per written move,
//! and one [`Engine`] trait over the two rules engines.
//!
//! A ply keeps what the checker checks about a move besides the rules: the
//! move number and the player written with it. Those stay where they are
//! written when a move's text is edited (the edit touches the move's text
//! only), so an inserted or deleted move shifts which move a number stands
//! before — which is evidence: a left-out move in a numbered record breaks
//! the numbers after it, and the right insertion mends them.

use crate::check::replay::step;
use crate::games::sos::{Cell, SosGame, SosMove};
use crate::games::ttt::{Game, Mark, Move};
use crate::record::{MoveBody, MoveToken};

use super::edits::{self, Alternative};

/// One written move.
#[derive(Debug, Clone)]
pub(super) struct Ply<M> {
    /// The move, `None` when its text is no move of this game.
    pub mv: Option<M>,
    /// The move number written before it: number and `...`.
    pub number: Option<(u32, bool)>,
    /// The player written with it: `None` when none is written,
    /// `Some(None)` for a name that is no player of the game.
    pub player: Option<Option<usize>>,
    /// The record's move it comes from; `None` for a move an edit inserted.
    pub token: Option<usize>,
}

impl<M: Copy> Ply<M> {
    /// An inserted move: no number, no player.
    pub(super) fn inserted(mv: M) -> Ply<M> {
        Ply {
            mv: Some(mv),
            number: None,
            player: None,
            token: None,
        }
    }

    /// This ply with `mv` written in place of its move.
    pub(super) fn with_move(&self, mv: Option<M>) -> Ply<M> {
        Ply { mv, ..self.clone() }
    }
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

/// A rules engine as the repair search uses it.
pub(super) trait Engine: Clone {
    /// A move of the game.
    type Move: Copy + PartialEq + std::fmt::Debug;

    /// The prior costs of two neighbouring moves exchanged and of two moves
    /// of one player in neighbouring rows written in each other's rows
    /// (plies k and k+2 exchanged), in this game.
    fn order_costs(&self) -> OrderCosts;

    /// The move a record's move holds, if it is one of this game.
    fn read(body: &MoveBody) -> Option<Self::Move>;

    /// Plays `mv` if legal and says whether it was; an illegal move is carried
    /// by the checker's own step (`replay::step`), so
    /// the replay stays in step with the report.
    fn step(&mut self, mv: Option<Self::Move>) -> bool;

    /// Plays `mv` if legal; on `false` the position is of no further use.
    fn try_play(&mut self, mv: Self::Move) -> bool;

    /// The player to move, 0-based (X = 0, O = 1; SOS A = 0, …).
    fn mover(&self) -> usize;

    /// Whether the number `n` (`ellipsis` for `N...`) may stand before the
    /// move at 0-based `index`.
    fn number_ok(index: usize, n: u32, ellipsis: bool) -> bool;

    /// Every legal move.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Whether the game is over.
    fn is_over(&self) -> bool;

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

    /// Moves far back that may have caused an error at a move `mv`: the
    /// written moves (0-based indices among `plies[..anchor]`) worth trying.
    fn suspects(&self, plies: &[Ply<Self::Move>], anchor: usize) -> Vec<usize>;

    /// The move as displayed (`5.3.7`, `c3S`).
    /// The number and player of the move at 0-based `index`, made by `mover`.
    fn label(index: usize, mover: usize) -> (usize, String);
}

/// Whether `ply` is legal at `state` as the move at 0-based `index`, playing it.
pub(super) fn play_checked<E: Engine>(state: &mut E, ply: &Ply<E::Move>, index: usize) -> bool {
    if let Some((n, ellipsis)) = ply.number
        && !E::number_ok(index, n, ellipsis)
    {
        return false;
    }
    match ply.player {
        Some(Some(p)) if p != state.mover() => return false,
        Some(None) => return false,
        _ => {}
    }
    ply.mv.is_some_and(|mv| state.try_play(mv))
}

/// As [`play_checked`], but an illegal move is carried as the checker does.
pub(super) fn step_checked<E: Engine>(state: &mut E, ply: &Ply<E::Move>, index: usize) -> bool {
    let number_ok = ply
        .number
        .is_none_or(|(n, ellipsis)| E::number_ok(index, n, ellipsis));
    let player_ok = match ply.player {
        Some(Some(p)) => p == state.mover(),
        Some(None) => false,
        None => true,
    };
    let legal = state.step(ply.mv);
    legal && number_ok && player_ok
}

/// The plies of a record's moves. `players` reads a written player.
pub(super) fn plies_of<E: Engine>(
    moves: &[MoveToken],
    players: &dyn Fn(&str) -> Option<usize>,
) -> Vec<Ply<E::Move>> {
    moves
        .iter()
        .enumerate()
        .map(|(t, tok)| Ply {
            mv: E::read(&tok.body),
            number: tok.number.as_ref().map(|n| (n.number, n.ellipsis)),
            player: tok.player.as_deref().map(players),
            token: Some(t),
        })
        .collect()
}

fn mark_index(m: Mark) -> usize {
    match m {
        Mark::X => 0,
        Mark::O => 1,
    }
}

impl Engine for Game {
    type Move = Move;

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

    fn read(body: &MoveBody) -> Option<Move> {
        match body {
            MoveBody::Path(mv) => Some(*mv),
            _ => None,
        }
    }

    fn step(&mut self, mv: Option<Move>) -> bool {
        step(self, mv).is_ok()
    }

    fn try_play(&mut self, mv: Move) -> bool {
        self.play(mv).is_ok()
    }

    fn mover(&self) -> usize {
        mark_index(self.to_move())
    }

    fn number_ok(index: usize, n: u32, ellipsis: bool) -> bool {
        n as usize == index / 2 + 1 && ellipsis == (index % 2 == 1)
    }

    fn legal_moves(&self) -> Vec<Move> {
        Game::legal_moves(self)
    }

    fn cell_key(mv: Move) -> usize {
        mv.index()
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
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

    fn suspects(&self, plies: &[Ply<Move>], anchor: usize) -> Vec<usize> {
        first_writer::<Game>(plies, anchor).into_iter().collect()
    }

    fn label(index: usize, mover: usize) -> (usize, String) {
        (
            index / 2 + 1,
            if mover == 0 { "X" } else { "O" }.to_string(),
        )
    }
}

/// The latest earlier move into the cell the move at `anchor` writes in: when
/// that cell is taken, the earlier move may be the slip.
fn first_writer<E: Engine>(plies: &[Ply<E::Move>], anchor: usize) -> Option<usize> {
    let key = E::cell_key(plies.get(anchor)?.mv?);
    plies[..anchor]
        .iter()
        .rposition(|p| p.mv.is_some_and(|m| E::cell_key(m) == key))
}

impl Engine for SosGame {
    type Move = SosMove;

    /// An SOS record names the player of every move in one sequence: no
    /// column to copy out of order, so plies k and k+2 exchanged is dearer
    /// than two neighbouring moves exchanged.
    fn order_costs(&self) -> OrderCosts {
        OrderCosts {
            exchanged: 3.0,
            rows_exchanged: 3.25,
        }
    }

    fn read(body: &MoveBody) -> Option<SosMove> {
        match body {
            MoveBody::Sos(mv) => Some(*mv),
            _ => None,
        }
    }

    fn step(&mut self, mv: Option<SosMove>) -> bool {
        step(self, mv).is_ok()
    }

    fn try_play(&mut self, mv: SosMove) -> bool {
        self.play(mv).is_ok()
    }

    fn mover(&self) -> usize {
        usize::from(self.to_move())
    }

    fn number_ok(index: usize, n: u32, _ellipsis: bool) -> bool {
        n as usize == index + 1
    }

    fn legal_moves(&self) -> Vec<SosMove> {
        SosGame::legal_moves(self)
    }

    fn cell_key(mv: SosMove) -> usize {
        usize::from(mv.cell.row) * 256 + usize::from(mv.cell.col)
    }

    fn is_over(&self) -> bool {
        SosGame::is_over(self)
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
    fn suspects(&self, plies: &[Ply<SosMove>], anchor: usize) -> Vec<usize> {
        let mut out: Vec<usize> = first_writer::<SosGame>(plies, anchor).into_iter().collect();
        let Some(prev) = plies[..anchor].iter().rev().find_map(|p| p.mv) else {
            return out;
        };
        let near = |c: Cell| {
            (i16::from(c.col) - i16::from(prev.cell.col)).abs() <= 2
                && (i16::from(c.row) - i16::from(prev.cell.row)).abs() <= 2
        };
        out.extend(
            plies[..anchor]
                .iter()
                .enumerate()
                .filter(|(_, p)| p.mv.is_some_and(|m| near(m.cell)))
                .map(|(i, _)| i),
        );
        out.sort_unstable();
        out.dedup();
        out
    }

    fn label(index: usize, mover: usize) -> (usize, String) {
        (
            index + 1,
            crate::games::sos::player_letter(mover as u8).to_string(),
        )
    }
}
