//! Decoding a game from what the boxes and cells of a sheet were read as.
//!
//! The digit reader alone gets roughly one box in ten wrong on a poor
//! photo, so a move of three digits would be wrong far too often. But a
//! record is not any string of digits: at each ply only the legal moves of
//! the position can stand there, and the field carries every move again as
//! an X or an O in the cell it played. The decoder searches for the most
//! likely *game*, not the most likely digits:
//!
//! * a beam search over plies keeps the `BEAM` best partial games; each is
//!   extended by every legal move of its position, scored by the log
//!   probabilities of that move's digits in the ply's boxes, plus (with a
//!   field) how much more likely the cell is to hold the mover's mark than
//!   to be empty; or it ends there, scored by the remaining boxes being
//!   empty;
//! * the rules only choose between readings the boxes leave open: a row
//!   whose every box reads as one digit with a probability of at least
//!   `CLEAR_FROM` is the move written there. Reading it as another move
//!   costs `CLEAR_MISREAD` on top of its boxes, which only the rest of the
//!   sheet together can outweigh: a digit written over a crossed-out one
//!   may read clearly as neither, and then the later rows and the field's
//!   marks, all fitting the move written, read it right. The field is a
//!   fallible witness too: a player may draw a mark in a neighbouring
//!   cell or on another small board, or forget it, so a clear row whose
//!   cell does not show the mover's mark pays at most `MISMARKED` for it.
//!   Neither the field alone nor the boxes alone decide such a row: the
//!   rows after it do, and when they cannot, the move written is read and
//!   its confidence (weighed with the field as read) flags it. When the
//!   games that can play it are far less likely
//!   than those that cannot, the written move is illegal: the game stops
//!   before it, and it and the rows after it are read as written, so the
//!   checker reports the illegal move at its ply as it would in a typed
//!   record (a reader that bent it into a legal move would defeat the
//!   checker). The rows after a stop are scored by their boxes and by
//!   their cells, as the games that go on are. A row read less plainly
//!   may stop the game too, as the likeliest of the moves whose empty cell
//!   shows the mover's mark, when bending it into a legal move costs its
//!   boxes, its cell and the rows after it more than `ILLEGAL_PRIOR`, the
//!   price of a written move breaking the rules. A game stopped there is
//!   weighed against one that bends the row and stops at the next clearly
//!   written one: the written illegal move is reported at its own ply,
//!   not a ply or two later;
//! * each move's confidence is its share of the probability among every
//!   candidate at its ply, given the moves before it; a move under
//!   `UNCERTAIN_BELOW` is flagged (`CONFIRMED_UNCERTAIN_BELOW` when the
//!   field shows the mover's mark in its cell), and so is a move whose own
//!   boxes hardly look like it, unless the field shows it (a forced move
//!   written illegibly, on a record alone, is still flagged);
//! * rows written after the game the rules allow has ended are read by the
//!   digits alone too; such a row is flagged unless its boxes are clear.

use std::collections::HashMap;

use super::{DigitReading, MarkReading};
use crate::games::GameKind;
use crate::games::ttt::{Game, Mark, Move};
use crate::setup::GameSetup;

/// Partial games kept at each ply.
pub(crate) const BEAM: usize = 48;

/// A move whose confidence is under this is flagged as doubtful.
pub(crate) const UNCERTAIN_BELOW: f64 = 0.9;

/// A move the field confirms (its cell reads as the mover's mark rather
/// than empty) is flagged as doubtful under this confidence instead of
/// [`UNCERTAIN_BELOW`]: the field then carries the move a second time, and
/// a wrong move must be misread twice, in its boxes and on the field.
///
/// Calibrated on the evaluation digits only (benchmark seeds 3000, 4000
/// and 5000, 48 sheets of each kind, 8,564 moves, none wrong with the
/// field): 0.8 flags 1.7 % of Ultimate moves and 0.6 % of Strategic ones,
/// where 0.9 flagged 2.7 % and 0.8 %. Without the field's confirmation
/// (a record sheet, a field left unmarked) the same photos decoded from
/// boxes and rules alone leave a few moves wrong, some at a confidence
/// of 0.82–0.87, so such moves keep the stricter threshold.
pub(crate) const CONFIRMED_UNCERTAIN_BELOW: f64 = 0.8;

/// A move whose boxes give its digits, together, less probability than this
/// is flagged as unreadable, however sure the rules make it, unless the
/// field confirms it (its cell shows the mover's mark).
///
/// The field's exception was chosen on the tune set of 12 MP phone photos
/// (`read_conditions`' phone mix, seeds 30000–, functional Strategic
/// sheets): every one of the 16 moves flagged there was read right at a
/// confidence of 1.000 with its cell read as the mover's mark at 1.00,
/// flagged only because a digit of it was written over the lines or beside
/// a correction, or because the move before was.
///
/// Calibrated with [`CONFIRMED_UNCERTAIN_BELOW`] on the same photos: the
/// former 0.02 flagged a further 57 moves (0.7 %), all right, mostly
/// Strategic moves of three digits, whose product is small even when each
/// digit reads well. The one wrong move (decoded without the field) whose
/// boxes gave it less than 0.02 (0.012) had a confidence of 0.28, flagged
/// by that. Together the two flag 1.0 % of the moves there, 2.2 % before.
pub(crate) const UNREADABLE_BELOW: f64 = 0.005;

/// A box read as one digit with at least this probability is clearly
/// written: the decoder keeps the digit, and the rules alone may not read
/// the move as another (a written illegal move stays as written, for the
/// checker to report).
pub(crate) const CLEAR_FROM: f32 = 0.97;

/// The log probability that a row read clearly ([`CLEAR_FROM`]) holds
/// another move, beyond what its boxes say: the price, on top of their
/// digits, of reading it as another. Reading 40-move phone photos (tune
/// set, seeds 30000–30011 of `read_conditions`' phone mix), 9 of the 544
/// boxes read as one digit at 0.97 or more held another (1.7 %, ln -4.1),
/// most a digit written over a crossed-out one, read as an 8 at 0.98–1.00:
/// the digit reader's certainty there says nothing, so the rows after it
/// and the field must be able to outweigh it. A written illegal move is
/// still kept: bending it costs its boxes and this, more than
/// [`ILLEGAL_PRIOR`], and its own mark on the field, and the rows after
/// it go on fitting a game that stops there.
pub(crate) const CLEAR_MISREAD: f64 = -4.1;

/// The log probability that a player marks a move wrongly on the field
/// (its mark in a neighbouring cell, on another small board, or left
/// out): what the field's disagreement costs a row whose boxes show the
/// move clearly ([`CLEAR_FROM`]), at most. Above [`CLEAR_MISREAD`], so
/// that between clear boxes and a field that disagrees the boxes win
/// unless the rows after them side with the field; the move's confidence,
/// weighed with the field as read, then flags it.
///
/// Set to the rate of `read_conditions`' `wrong marks` (1–2 of a sheet's
/// 40 moves, about 4 %: ln 0.04 = -3.2), a guess at a hurried class. Before,
/// such a row paid the full field (about ln 10^-4 for an empty cell) and
/// other moves nothing for its boxes, so with readings as sure as ink on
/// a sharp photo a mark drawn elsewhere outweighed clear boxes: a move
/// read as the marked cell without a flag, or a legal game stopped as
/// illegal (the tests `a_mark_drawn_*`). The tune set's photos (seeds
/// 30000–30011) read the same with it as without, none wrong: their
/// readings are less sure. A game's last move marked in a neighbouring
/// cell, with no row after it to settle which was meant, can still be
/// read as the marked cell (report seed 32008).
pub(crate) const MISMARKED: f64 = -3.2;

/// The log probability that a player writes a move the rules do not
/// allow, against a move misread: a written move that reads plainly but
/// breaks the rules stands when bending it into a legal move would cost
/// the boxes (and the field's marks, and the rows after it) more than
/// this.
pub(crate) const ILLEGAL_PRIOR: f64 = -9.0;

/// How many of the moves whose cell shows the mover's mark, likeliest
/// first by the row's boxes, a partial game tries as the written illegal
/// move it stops before (the first it cannot play). Those further down
/// cost their boxes far more than a move misread.
const MARKED_TRIED: usize = 6;

/// The smallest probability a reading is taken to give anything: the
/// readers are sometimes sure and wrong, and one zero must not rule a move
/// out.
const FLOOR: f64 = 1e-4;

/// What the boxes of one ply were read as.
#[derive(Debug, Clone)]
pub struct PlyReading {
    /// The ply (1-based, counted from the first move of the game).
    pub ply: u32,
    /// The ply's boxes, from the left: one per position of a move.
    pub boxes: Vec<DigitReading>,
}

/// One decoded move.
#[derive(Debug, Clone, PartialEq)]
pub struct DecodedMove {
    /// The move.
    pub mv: Move,
    /// How sure the decoder is of it, 0–1.
    pub confidence: f64,
    /// Whether it should be checked by a person.
    pub uncertain: bool,
    /// Whether it is read from the digits alone (no legal move fits the
    /// boxes here, or the game the rules allow had ended).
    pub unchecked: bool,
}

/// Why no game could be decoded. Each has a stable [`DecodeError::code`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// Nothing written in the record and nothing on the field.
    #[error("nothing is written on the sheet: its record boxes and field are empty")]
    Blank,
    /// Marks on a field that is not read as a position (Strategic), and
    /// nothing in the record.
    #[error(
        "no moves are written in the sheet's record: a Strategic game is read from its record, since its field does not show the order of the moves"
    )]
    NoRecord,
    /// The record's first rows are missing (a continuation sheet alone).
    #[error(
        "the record starts at move {0}: read the sheets with the game's earlier moves together with it"
    )]
    MissingStart(u32),
    /// A continuation sheet that several of the sheets given could go
    /// before: which game it goes on is not known.
    #[error(
        "the record starts at move {0}, and more than one of the sheets given could hold the game's earlier moves: read it together with only its own game's earlier sheets"
    )]
    UnclearStart(u32),
    /// Too little of what is written reads as a game.
    #[error(
        "what is written on the sheet does not read as a game: {flagged} of {moves} moves are doubtful; check that the photo shows a played sheet, sharp and whole"
    )]
    Nonsense {
        /// Doubtful moves.
        flagged: usize,
        /// Moves read.
        moves: usize,
    },
}

impl DecodeError {
    /// A stable code for scripts.
    pub fn code(&self) -> &'static str {
        match self {
            DecodeError::Blank => "blank-sheet",
            DecodeError::NoRecord => "no-record",
            DecodeError::MissingStart(_) => "missing-start",
            DecodeError::UnclearStart(_) => "unclear-start",
            DecodeError::Nonsense { .. } => "not-a-game",
        }
    }
}

/// What the decoder is given.
#[derive(Debug, Clone)]
pub struct Evidence<'a> {
    /// The game and rules the sheet is for (a game of the tic-tac-toe
    /// family: a record of another game is read as blank).
    pub setup: &'a GameSetup,
    /// The record's rows, in ply order from ply 1 without gaps.
    pub plies: &'a [PlyReading],
    /// The field's cells by operational cell index, if the field is read.
    pub cells: Option<&'a HashMap<usize, MarkReading>>,
}

fn ln(p: f32) -> f64 {
    f64::from(p).max(FLOOR).ln()
}

/// The score of the boxes of `ply` holding `mv`'s digits.
fn digits_score(ply: &PlyReading, mv: Move) -> f64 {
    mv.path()
        .iter()
        .zip(&ply.boxes)
        .map(|(&d, r)| ln(r.digit(d)))
        .sum()
}

fn empty_score(ply: &PlyReading) -> f64 {
    ply.boxes.iter().map(|r| ln(r.empty())).sum()
}

/// How much more likely the field makes `mv` by `mark` than no move there.
fn field_score(cells: Option<&HashMap<usize, MarkReading>>, mv: Move, mark: Mark) -> f64 {
    let Some(reading) = cells.and_then(|c| c.get(&mv.index())) else {
        return 0.0;
    };
    let content = match mark {
        Mark::X => super::CellContent::X,
        Mark::O => super::CellContent::O,
    };
    ln(reading.probability(content)) - ln(reading.probability(super::CellContent::Empty))
}

#[derive(Clone)]
struct Partial {
    game: Game,
    score: f64,
    moves: Vec<Move>,
}

/// The most likely game given `evidence`, each move with its confidence.
#[cfg_attr(
    not(any(test, feature = "internals")),
    expect(
        dead_code,
        reason = "the benchmark's and the tests': the reader takes the moves with their alternatives (`decode_ranked`)"
    )
)]
pub fn decode(evidence: &Evidence<'_>) -> Result<Vec<DecodedMove>, DecodeError> {
    decode_with(evidence, Written::Stays)
}

/// Whether a move written plainly may be read as another, legal one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Written {
    /// A move the boxes show clearly stays as written, legal or not.
    Stays,
    /// The rules decide every move (the decoder before illegal written
    /// moves were kept): for the benchmark's comparison only.
    #[cfg_attr(
        not(feature = "internals"),
        expect(dead_code, reason = "the benchmark's")
    )]
    Bent,
}

/// [`decode`], with written moves kept or bent to the rules.
pub(crate) fn decode_with(
    evidence: &Evidence<'_>,
    written: Written,
) -> Result<Vec<DecodedMove>, DecodeError> {
    decode_weighed(evidence, written).map(|(moves, _)| moves)
}

/// [`decode`], each move with its candidates ranked ([`alternatives`]):
/// the game's weighing, the longest work of decoding, done once for both.
pub(crate) fn decode_ranked(
    evidence: &Evidence<'_>,
    most: usize,
) -> Result<(Vec<DecodedMove>, Vec<Vec<Alternative>>), DecodeError> {
    let (moves, weights) = decode_weighed(evidence, Written::Stays)?;
    let ranked = ranked(evidence, &moves, most, weights);
    Ok((moves, ranked))
}

/// For each ply, what the game ending there scores and what each legal
/// move in its place scores ([`weighed`]).
type Weights = Vec<(f64, Vec<(f64, Move)>)>;

/// [`decode_with`], with the weighing of the moves decoded by the rules
/// (the moves before the first left unchecked).
fn decode_weighed(
    evidence: &Evidence<'_>,
    written: Written,
) -> Result<(Vec<DecodedMove>, Weights), DecodeError> {
    let plies = evidence.plies;
    if let Some(first) = plies.first()
        && first.ply != 1
    {
        return Err(DecodeError::MissingStart(first.ply));
    }
    let Some(start) = evidence.setup.ttt_game() else {
        return Err(DecodeError::Blank);
    };
    let (best, stop) = most_likely_moves(evidence, &start, written);
    let (mut decoded, weights) = confidences(evidence, &start, &best);
    // Rows still written after the game the rules allow: read them by
    // their digits alone, and let the checker say what is wrong.
    let clear_from = match written {
        Written::Stays => CLEAR_FROM,
        Written::Bent => f32::INFINITY,
    };
    decoded.extend(rows_after_game(
        &plies[best.len().min(plies.len())..],
        start.depth(),
        clear_from,
        stop,
    ));
    let cells_marked = evidence.cells.is_some_and(|c| {
        c.values()
            .any(|r| r.probability(super::CellContent::Empty) < 0.5)
    });
    if decoded.is_empty() && !cells_marked {
        return Err(DecodeError::Blank);
    }
    // Only a tic-tac-toe or Ultimate field is read as a position.
    if decoded.is_empty() && !matches!(start.kind(), GameKind::TicTacToe | GameKind::Ultimate) {
        return Err(DecodeError::NoRecord);
    }
    let flagged = decoded.iter().filter(|m| m.uncertain).count();
    if decoded.len() >= 4 && flagged * 2 > decoded.len() {
        return Err(DecodeError::Nonsense {
            flagged,
            moves: decoded.len(),
        });
    }
    Ok((decoded, weights))
}

/// The legal game the evidence makes most likely (a beam search over the
/// rows, each game free to end before the rows do). A row whose boxes are
/// clearly written ([`clear_move`]) is the move written there unless the
/// rest of the sheet outweighs [`CLEAR_MISREAD`] and its boxes: the rules
/// alone choose only between readings the boxes leave open. A game that
/// cannot play a row's written move may stop before it (at
/// [`ILLEGAL_PRIOR`]): that move, and the rows after it, are read as
/// written.
fn most_likely_moves(
    evidence: &Evidence<'_>,
    start: &Game,
    written: Written,
) -> (Vec<Move>, Option<Move>) {
    let plies = evidence.plies;
    let depth = start.depth();
    // empty_after[i]: the score of rows i.. all being empty.
    let mut empty_after = vec![0.0; plies.len() + 1];
    for i in (0..plies.len()).rev() {
        empty_after[i] = empty_after[i + 1] + empty_score(&plies[i]);
    }
    // Games that stop before a written move they cannot play, that move
    // and the rows after it read as written: (score, moves, the move).
    let mut broken: Vec<(f64, Vec<Move>, Move)> = Vec::new();
    let mut beam = vec![Partial {
        game: start.clone(),
        score: 0.0,
        moves: Vec::new(),
    }];
    let mut ended: Vec<(f64, Vec<Move>)> = Vec::new();
    let mut legal = Vec::new();
    for (i, ply) in plies.iter().enumerate() {
        let mut candidates: Vec<(f64, usize, Move)> = Vec::new();
        let clear = clear_move(ply, depth).filter(|_| written == Written::Stays);
        // The moves whose cell shows X, and those whose cell shows O, with
        // the score of the row holding each, likeliest first: what a
        // player may have written here and marked, legal or not.
        let marked_moves = |mark: Mark| -> Vec<(f64, Move)> {
            let mut scored: Vec<(f64, Move)> = evidence
                .cells
                .into_iter()
                .flat_map(|c| c.keys())
                .map(|&index| Move::from_index(index, depth))
                .filter(|&m| field_score(evidence.cells, m, mark) > 0.0)
                .map(|m| {
                    (
                        digits_score(ply, m) + field_score(evidence.cells, m, mark),
                        m,
                    )
                })
                .collect();
            scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.index().cmp(&b.1.index())));
            scored.truncate(MARKED_TRIED);
            scored
        };
        let marked_by = if written == Written::Stays && ply.boxes.len() == depth {
            [marked_moves(Mark::X), marked_moves(Mark::O)]
        } else {
            [Vec::new(), Vec::new()]
        };
        for (b, partial) in beam.iter().enumerate() {
            ended.push((partial.score + empty_after[i], partial.moves.clone()));
            if ply.boxes.len() != depth {
                continue;
            }
            partial.game.legal_moves_into(&mut legal);
            let mark = partial.game.to_move();
            // On a sheet with a field, the mark drawn is a second witness,
            // but a fallible one: a player may draw a move's mark in a
            // neighbouring cell or on another small board, or forget it.
            // A clear row whose cell does not show the mover's mark pays
            // at most `MISMARKED` for it, and reading it as another move
            // still costs `CLEAR_MISREAD`: the field alone never outweighs
            // clear boxes, and the rows after decide between the two.
            // The likeliest reading of the row that this game cannot play
            // and whose cell shows the mover's mark: the game stops here,
            // at the price of a move breaking the rules. (Without a field,
            // a record with several misread digits would rather stop than
            // pay for each.)
            let by_mark = &marked_by[usize::from(mark == Mark::O)];
            if let Some(&(row, mv)) = by_mark
                .iter()
                .find(|&&(_, m)| !legal.contains(&m) && partial.game.cell(m).is_none())
            {
                let misread = if clear.is_some_and(|c| c != mv) {
                    CLEAR_MISREAD
                } else {
                    0.0
                };
                let score = partial.score
                    + ILLEGAL_PRIOR
                    + misread
                    + row
                    + as_written(evidence, i + 1, &partial.game, mv);
                broken.push((score, partial.moves.clone(), mv));
            }
            for &mv in &legal {
                let misread = if clear.is_some_and(|c| c != mv) {
                    CLEAR_MISREAD
                } else {
                    0.0
                };
                let mut field = field_score(evidence.cells, mv, mark);
                if clear == Some(mv) {
                    field = field.max(MISMARKED);
                }
                let s = partial.score + misread + digits_score(ply, mv) + field;
                candidates.push((s, b, mv));
            }
        }
        beam = best_of(&candidates, BEAM, |c| c.0)
            .into_iter()
            .map(|(score, b, mv)| {
                let mut next = beam[b].clone();
                // Listed as legal: it plays.
                let _ = next.game.play(mv);
                next.moves.push(mv);
                next.score = score;
                next
            })
            .collect();
        if beam.is_empty() {
            break;
        }
    }
    for partial in beam {
        ended.push((partial.score, partial.moves));
    }
    let (_, best, stop) = ended
        .into_iter()
        .map(|(score, moves)| (score, moves, None))
        .chain(broken.into_iter().map(|(s, m, mv)| (s, m, Some(mv))))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap_or((0.0, Vec::new(), None));
    (best, stop)
}

/// The score of the rows from `from` on read as written, after `game`
/// stopped before the written move `stop` it cannot play: each row its
/// likeliest digits (or empty), and on a sheet with a field the mark in
/// that move's cell, the players taking turns as before. The games this
/// one is weighed against are scored by their cells as well as their
/// boxes, so the rows after a stop must be too: without them, bending an
/// earlier row into a legal game (whose later cells all count) would
/// always look likelier than stopping. A cell counts once: one a move of
/// `game`, `stop` or an earlier of these rows already took explains
/// nothing more.
fn as_written(evidence: &Evidence<'_>, from: usize, game: &Game, stop: Move) -> f64 {
    let depth = game.depth();
    let mut taken = vec![stop];
    let mut mark = game.to_move();
    let mut total = 0.0;
    for ply in &evidence.plies[from..] {
        mark = mark.other();
        let empty = empty_score(ply);
        total += match written_move(ply, depth) {
            Some(mv) => {
                let field = if game.cell(mv).is_none() && !taken.contains(&mv) {
                    field_score(evidence.cells, mv, mark)
                } else {
                    0.0
                };
                taken.push(mv);
                (digits_score(ply, mv) + field).max(empty)
            }
            None => empty,
        };
    }
    total
}

/// The move a row's boxes read as, digit by digit (the likeliest digit
/// 1–9 of each box), when the row reads as written rather than empty.
fn written_move(ply: &PlyReading, depth: usize) -> Option<Move> {
    if ply.boxes.len() != depth || empty_score(ply) > (0.5f64).ln() * depth as f64 {
        return None;
    }
    let digits: Vec<u8> = ply.boxes.iter().map(best_digit).collect();
    Move::new(&digits)
}

/// The move a row's boxes show clearly: each box read as one digit 1–9
/// with a probability of at least [`CLEAR_FROM`]. `None` when any box
/// leaves its reading open (or the row has not `depth` boxes).
fn clear_move(ply: &PlyReading, depth: usize) -> Option<Move> {
    clear_move_from(ply, depth, CLEAR_FROM)
}

/// [`clear_move`] with each box's digit at least `clear_from` likely.
fn clear_move_from(ply: &PlyReading, depth: usize, clear_from: f32) -> Option<Move> {
    if ply.boxes.len() != depth {
        return None;
    }
    let digits = ply
        .boxes
        .iter()
        .map(|r| clear_digit(r, clear_from))
        .collect::<Option<Vec<u8>>>()?;
    Move::new(&digits)
}

/// The digit a box shows at least `clear_from` likely, if one (1–9: a 0
/// is no move's digit, so a box read as one is a misread).
fn clear_digit(r: &DigitReading, clear_from: f32) -> Option<u8> {
    match r.best() {
        (super::BoxContent::Digit(d @ 1..=9), p) if p >= clear_from => Some(d),
        _ => None,
    }
}

/// The rows written after the game decoded ends (the game the rules allow
/// ended, or a written move it cannot play), read by their digits alone,
/// up to the first blank or unreadable row; the first row as `stop` when
/// the game stopped before that move (the search weighed its cell too).
/// A row whose boxes are clear ([`clear_move`]) stands as written; any
/// other is flagged.
fn rows_after_game(
    plies: &[PlyReading],
    depth: usize,
    clear_from: f32,
    stop: Option<Move>,
) -> Vec<DecodedMove> {
    let mut decoded = Vec::new();
    for (i, ply) in plies.iter().enumerate() {
        let mv = match stop.filter(|_| i == 0) {
            Some(mv) => mv,
            None => {
                if empty_score(ply) > (0.5f64).ln() * ply.boxes.len() as f64 {
                    break;
                }
                let digits: Vec<u8> = ply.boxes.iter().map(best_digit).collect();
                let Some(mv) = Move::new(&digits) else { break };
                mv
            }
        };
        let p: f64 = ply
            .boxes
            .iter()
            .zip(mv.path())
            .map(|(r, &d)| f64::from(r.digit(d)))
            .product();
        decoded.push(DecodedMove {
            mv,
            confidence: p,
            uncertain: clear_move_from(ply, depth, clear_from) != Some(mv),
            unchecked: true,
        });
    }
    decoded
}

/// The most likely digit 1–9 of a box.
fn best_digit(r: &DigitReading) -> u8 {
    (1..=9u8)
        .max_by(|&a, &b| r.digit(a).total_cmp(&r.digit(b)))
        .unwrap_or(1)
}

/// Partial games kept while searching for the best game through an
/// alternative to a decoded move (see [`confidences`]).
const ALTERNATIVE_BEAM: usize = 12;

/// An alternative whose own row scores this much (log) under the row's
/// best is not searched through: its share is counted as if the rest of
/// the decoded game stood after it, as though nothing later disagreed.
const NOT_SEARCHED_UNDER: f64 = -12.0;

/// A move whose boxes and the rows after it, weighed without the field,
/// give it less than this share is read only because the field says so:
/// it is doubtful, however sure the field makes it (a mark drawn in
/// another cell than the move written, whose digits also read badly).
///
/// Calibrated on the calibrate set (seeds 31000– of `read_conditions`,
/// Ultimate, 12 sheets each of the phone mix and wrongly marked fields):
/// 0.5 flagged 4.8 % of the phone mix moves, all right; from 0.1 down to
/// 0.01 the wrongly marked moves it catches are the same, and 0.05 flags
/// 1.9 % with the rule on the move before (see [`confidences`]).
const FIELD_ALONE_BELOW: f64 = 0.05;

/// A move after a doubtful one is doubtful too unless the boxes the rules
/// fill for it (the board the doubtful move sent it to) read as those
/// digits with at least this probability: a misread move sends the next
/// one to the wrong board, and the two are wrong together.
const FORCED_READ: f64 = 0.5;

/// What the rows say of a game, for weighing whole games against each
/// other: the score of each row holding a move (its boxes and its cell)
/// and of the game ending before row `i`.
///
/// Weighing every alternative move with the best game after it scores
/// the same rows with the same moves many thousand times, so the
/// logarithms of the readings are taken once here ([`digits_score`] and
/// [`field_score`] give the same values, working them out each time).
struct Rows<'e, 'a> {
    evidence: &'e Evidence<'a>,
    /// `ends[i]`: the rows from `i` on read as empty (the game ending
    /// before row `i`, as [`most_likely_moves`] scores it); 0 after the
    /// last row.
    ends: Vec<f64>,
    /// `digits[i][b][d]`: the log probability of box `b` of row `i`
    /// holding the digit `d` (0–9).
    digits: Vec<Vec<[f64; 10]>>,
    /// `field[index]`: the [`field_score`] of the cell `index` for a move
    /// by X and by O; `None` for a cell not read.
    field: Vec<Option<[f64; 2]>>,
}

impl<'e, 'a> Rows<'e, 'a> {
    fn new(evidence: &'e Evidence<'a>) -> Rows<'e, 'a> {
        let plies = evidence.plies;
        let mut ends = vec![0.0; plies.len() + 1];
        for i in (0..plies.len()).rev() {
            ends[i] = ends[i + 1] + empty_score(&plies[i]);
        }
        let digits = plies
            .iter()
            .map(|ply| {
                ply.boxes
                    .iter()
                    .map(|r| std::array::from_fn(|d| ln(r.digit(d as u8))))
                    .collect()
            })
            .collect();
        let mut field = Vec::new();
        if let (Some(cells), Some(start)) = (evidence.cells, evidence.setup.ttt_game()) {
            let depth = start.depth();
            let most = cells.keys().copied().max().map_or(0, |i| i + 1);
            field = (0..most)
                .map(|index| {
                    cells.contains_key(&index).then(|| {
                        let mv = Move::from_index(index, depth);
                        [Mark::X, Mark::O].map(|mark| field_score(evidence.cells, mv, mark))
                    })
                })
                .collect();
        }
        Rows {
            evidence,
            ends,
            digits,
            field,
        }
    }

    /// The score of row `i` holding `mv`, played by the player to move in
    /// `game`: [`digits_score`] and [`field_score`], from the logarithms
    /// taken once.
    fn score(&self, i: usize, game: &Game, mv: Move) -> f64 {
        let digits: f64 = mv
            .path()
            .iter()
            .zip(&self.digits[i])
            .map(|(&d, logs)| logs[usize::from(d)])
            .sum();
        let field = match self.field.get(mv.index()) {
            Some(Some(marks)) => marks[usize::from(game.to_move() == Mark::O)],
            _ => 0.0,
        };
        digits + field
    }

    /// The best score of the rows from `from` on after `game` (a beam
    /// search as [`most_likely_moves`], every game free to end).
    fn best_after(&self, game: &Game, from: usize) -> f64 {
        let plies = self.evidence.plies;
        let depth = game.depth();
        let mut beam = vec![(0.0, game.clone())];
        let mut best = f64::NEG_INFINITY;
        let mut legal = Vec::new();
        for (i, ply) in plies.iter().enumerate().skip(from) {
            let mut next: Vec<(f64, &Game, Move)> = Vec::new();
            for (score, g) in &beam {
                best = best.max(score + self.ends[i]);
                if ply.boxes.len() != depth {
                    continue;
                }
                g.legal_moves_into(&mut legal);
                next.extend(legal.iter().map(|&m| (score + self.score(i, g, m), g, m)));
            }
            let grown: Vec<(f64, Game)> = best_of(&next, ALTERNATIVE_BEAM, |c| c.0)
                .into_iter()
                .map(|(s, g, m)| {
                    let mut g = g.clone();
                    // Listed as legal: it plays.
                    let _ = g.play(m);
                    (s, g)
                })
                .collect();
            beam = grown;
            if beam.is_empty() {
                return best;
            }
        }
        beam.iter().map(|(s, _)| *s).fold(best, f64::max)
    }
}

/// The `k` highest-scored of `items`, highest first and equal scores in
/// their order in `items`: what a stable sort and a truncation give,
/// without ordering the rest (a beam keeps a dozen or a few dozen of
/// thousands: each of its games times every legal move).
fn best_of<T: Copy>(items: &[T], k: usize, score: impl Fn(&T) -> f64) -> Vec<T> {
    if k == 0 {
        return Vec::new();
    }
    let order = |a: &usize, b: &usize| {
        score(&items[*b])
            .total_cmp(&score(&items[*a]))
            .then(a.cmp(b))
    };
    let mut at: Vec<usize> = (0..items.len()).collect();
    if at.len() > k {
        at.select_nth_unstable_by(k - 1, order);
        at.truncate(k);
    }
    at.sort_unstable_by(order);
    at.into_iter().map(|i| items[i]).collect()
}

/// For each of `moves` (the decoded game's moves the rules allowed),
/// what the game ending before it scores, and what each legal move in its
/// place scores, each weighed with the best game the rows after it can
/// then hold. A misread move rarely fits what is written after it: in
/// Ultimate the next move's board is this move's cell, and a cell taken
/// now cannot be played later, so the later rows witness a move as well
/// as its own boxes and cell do.
fn weighed(evidence: &Evidence<'_>, start: &Game, moves: &[Move]) -> Weights {
    let rows = Rows::new(evidence);
    let moves = &moves[..moves.len().min(evidence.plies.len())];
    let mut game = start.clone();
    // rest[i]: the score of the decoded moves from i on, and of the game
    // ending after them.
    let mut rest = vec![rows.ends[moves.len()]; moves.len() + 1];
    let mut g = game.clone();
    let mut local = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        local.push(rows.score(i, &g, mv));
        let _ = g.play(mv);
    }
    for i in (0..moves.len()).rev() {
        rest[i] = rest[i + 1] + local[i];
    }
    let mut legal = Vec::new();
    let mut out = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        game.legal_moves_into(&mut legal);
        let top = legal
            .iter()
            .map(|&m| rows.score(i, &game, m))
            .fold(f64::NEG_INFINITY, f64::max);
        let scored = legal
            .iter()
            .map(|&m| {
                let own = rows.score(i, &game, m);
                let score = if m != mv && own - top < NOT_SEARCHED_UNDER {
                    own + rest[i + 1]
                } else {
                    let mut g = game.clone();
                    let _ = g.play(m);
                    let through = own + rows.best_after(&g, i + 1);
                    if m == mv {
                        through.max(rest[i])
                    } else {
                        through
                    }
                };
                (score, m)
            })
            .collect();
        out.push((rows.ends[i], scored));
        let _ = game.play(mv);
    }
    out
}

/// Each move's confidence: its share of the probability among every
/// candidate at its ply (every legal move, and the game ending there),
/// given the moves before it and weighed with the rows after it
/// ([`weighed`]), and that weighing.
fn confidences(
    evidence: &Evidence<'_>,
    start: &Game,
    moves: &[Move],
) -> (Vec<DecodedMove>, Weights) {
    // The moves weighed again without the field: when the rows after a
    // move witness it (in Ultimate the next move's board is its cell), a
    // misread box is outweighed; when only the field does (a game's last
    // move, marked in a neighbouring cell), a person decides between the
    // field and the boxes, however sure the weighing with the field is.
    let blind = evidence.cells.is_some().then(|| {
        let boxes_alone = Evidence {
            setup: evidence.setup,
            plies: evidence.plies,
            cells: None,
        };
        weighed(&boxes_alone, start, moves)
    });
    let mut game = start.clone();
    let mut legal = Vec::new();
    let mut out: Vec<DecodedMove> = Vec::with_capacity(moves.len());
    // The move before's share weighed without the field.
    let mut blind_before = 1.0;
    let weights = weighed(evidence, start, moves);
    for (i, ((ply, &mv), (end, scored))) in
        evidence.plies.iter().zip(moves).zip(&weights).enumerate()
    {
        let mark = game.to_move();
        let confidence = share(*end, scored, mv);
        let blind_share = blind
            .as_ref()
            .and_then(|b| b.get(i))
            .map_or(1.0, |(end, scored)| share(*end, scored, mv));
        let confirmed = field_score(evidence.cells, mv, mark) > 0.0;
        let threshold = if confirmed {
            CONFIRMED_UNCERTAIN_BELOW
        } else {
            UNCERTAIN_BELOW
        };
        // Boxes whose digit every legal move shares (in Ultimate, the
        // board the last move sent this one to) tell nothing of this
        // move: they witness the move before, and were weighed in its
        // confidence. When that one is doubtful, so is this one unless
        // they read as the digit the rules give them.
        //
        // Such a box read clearly as another digit says the move before
        // went elsewhere (in Ultimate, to another cell), and so does a
        // move read into a cell the field shows empty whose row does not
        // read as that board: the sheet says two things of the move
        // before, which its own weighing cannot see, since it takes the
        // rows after it as read. Held against the move before as a clear
        // box is held against its own move.
        game.legal_moves_into(&mut legal);
        //
        // A box read clearly as another digit than the move's, of either
        // kind, says two things at this ply (a correction read as an 8, a
        // mark drawn in another cell).
        let (mut free, mut all) = (0.0, 0.0);
        let (mut contradicted, mut sent_elsewhere) = (false, false);
        for (d, (r, &digit)) in ply.boxes.iter().zip(mv.path()).enumerate() {
            let p = ln(r.digit(digit));
            all += p;
            let contradicts = clear_digit(r, CLEAR_FROM).is_some_and(|read| read != digit);
            contradicted |= contradicts;
            if legal.iter().any(|m| m.path()[d] != digit) {
                free += p;
            } else {
                sent_elsewhere |= contradicts;
            }
        }
        let field_decides =
            (contradicted && blind_share < UNCERTAIN_BELOW) || blind_share < FIELD_ALONE_BELOW;
        let unmarked = evidence.cells.is_some_and(|c| c.contains_key(&mv.index())) && !confirmed;
        let sent_elsewhere = sent_elsewhere || (unmarked && all - free < FORCED_READ.ln());
        if sent_elsewhere
            && blind_before < UNCERTAIN_BELOW
            && let Some(before) = out.last_mut()
        {
            before.uncertain = true;
        }
        blind_before = blind_share;
        let unreadable = UNREADABLE_BELOW.ln();
        let before_doubtful = out.last().is_some_and(|m| m.uncertain);
        out.push(DecodedMove {
            mv,
            confidence,
            // A move the field confirms is carried by its cell as well as
            // its boxes: boxes that hardly look like it (a digit over the
            // lines, a correction beside it) do not make it doubtful when
            // its cell and the rest of the sheet make it sure.
            uncertain: confidence < threshold
                || field_decides
                || (!confirmed && free < unreadable)
                || (before_doubtful && (all < unreadable || all - free < FORCED_READ.ln())),
            unchecked: false,
        });
        let _ = game.play(mv);
    }
    (out, weights)
}

/// `mv`'s share of the probability among the candidates of its ply
/// (`scored`) and the game ending there (`end`), as [`weighed`] scores them.
fn share(end: f64, scored: &[(f64, Move)], mv: Move) -> f64 {
    let chosen = scored
        .iter()
        .find(|c| c.1 == mv)
        .map_or(f64::NEG_INFINITY, |c| c.0);
    let total = (end - chosen).exp() + scored.iter().map(|c| (c.0 - chosen).exp()).sum::<f64>();
    1.0 / total
}

/// A move that could stand at a ply instead of the one decoded, with its
/// share of the probability there.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Alternative {
    /// The move.
    pub mv: Move,
    /// Its share, 0–1, among every candidate at the ply (as
    /// [`DecodedMove::confidence`] is the decoded move's share).
    pub probability: f64,
}

/// For each decoded move, the candidates of its ply ranked most likely
/// first, at most `most` each and the decoded move always among them (the
/// search weighed the whole game, so it need not be first): what a person
/// correcting a doubtful move chooses from. A move of the game is ranked
/// among the legal moves of its position after the moves decoded before
/// it, as its confidence was; a move read from the digits alone (after the
/// game the rules allow) among every move its boxes could hold. (The
/// reader takes them with the moves, from [`decode_ranked`].)
#[cfg(test)]
pub(crate) fn alternatives(
    evidence: &Evidence<'_>,
    moves: &[DecodedMove],
    most: usize,
) -> Vec<Vec<Alternative>> {
    let Some(start) = evidence.setup.ttt_game() else {
        return Vec::new();
    };
    let checked: Vec<Move> = moves
        .iter()
        .take_while(|m| !m.unchecked)
        .map(|m| m.mv)
        .collect();
    ranked(evidence, moves, most, weighed(evidence, &start, &checked))
}

/// [`alternatives`], given the weighing of the moves before the first
/// unchecked one.
fn ranked(
    evidence: &Evidence<'_>,
    moves: &[DecodedMove],
    most: usize,
    weights: Weights,
) -> Vec<Vec<Alternative>> {
    let Some(start) = evidence.setup.ttt_game() else {
        return Vec::new();
    };
    let depth = start.depth();
    let mut weights = weights.into_iter();
    let mut every = Vec::new();
    let mut out = Vec::with_capacity(moves.len());
    for (ply, decoded) in evidence.plies.iter().zip(moves) {
        let (end, mut scored) = match weights.next() {
            Some(w) if !decoded.unchecked => w,
            _ => {
                if every.is_empty() {
                    every = (0..9usize.pow(depth as u32))
                        .map(|i| Move::from_index(i, depth))
                        .collect();
                }
                let scored = every.iter().map(|&m| (digits_score(ply, m), m)).collect();
                (empty_score(ply), scored)
            }
        };
        let top = scored.iter().map(|c| c.0).fold(end, f64::max);
        let total: f64 = (end - top).exp() + scored.iter().map(|c| (c.0 - top).exp()).sum::<f64>();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        // The decoded move is always offered: the search weighed the whole
        // game, so a move of its ply alone may outrank it.
        if let Some(at) = scored.iter().position(|c| c.1 == decoded.mv)
            && at >= most
            && most > 0
        {
            scored.swap(most - 1, at);
        }
        out.push(
            scored
                .into_iter()
                .take(most)
                .map(|(score, mv)| Alternative {
                    mv,
                    probability: (score - top).exp() / total,
                })
                .collect(),
        );
    }
    out
}

/// [`decode`] as it was before a written move stayed as written: the
/// rules decide every move, bending a plainly written illegal move into a
/// legal one. For the benchmark, to compare the two on the same photos.
#[cfg(feature = "internals")]
pub fn decode_bending_rules(evidence: &Evidence<'_>) -> Result<Vec<DecodedMove>, DecodeError> {
    decode_with(evidence, Written::Bent)
}

/// The moves the digits alone say, box by box (no rules): what a reader
/// without the decoder would get. Stops at the first row read as empty.
#[cfg(any(test, feature = "internals"))]
pub fn digits_alone(plies: &[PlyReading]) -> Vec<Move> {
    let mut out = Vec::new();
    for ply in plies {
        let empty = ply
            .boxes
            .iter()
            .all(|r| matches!(r.best().0, super::BoxContent::Empty));
        if empty {
            break;
        }
        let digits: Vec<u8> = ply.boxes.iter().map(best_digit).collect();
        match Move::new(&digits) {
            Some(mv) => out.push(mv),
            None => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::random::random_ttt_game;
    use crate::games::ttt::Options;
    use crate::rng::SplitMix64;

    /// A box reading: `p` on `digit` (0 for empty), the rest spread evenly.
    fn reading(digit: u8, p: f32) -> DigitReading {
        let mut probabilities = [(1.0 - p) / 10.0; 11];
        probabilities[usize::from(digit)] = p;
        DigitReading { probabilities }
    }

    fn rows(
        moves: &[Move],
        total: usize,
        noisy: impl Fn(usize, usize) -> Option<u8>,
    ) -> Vec<PlyReading> {
        (0..total)
            .map(|i| PlyReading {
                ply: i as u32 + 1,
                boxes: (0..2)
                    .map(|d| match moves.get(i) {
                        Some(mv) => match noisy(i, d) {
                            Some(wrong) => reading(wrong, 0.6),
                            None => reading(mv.path()[d], 0.9),
                        },
                        None => reading(0, 0.95),
                    })
                    .collect(),
            })
            .collect()
    }

    #[test]
    fn the_rules_correct_misread_digits_and_flag_what_they_cannot() {
        let mut rng = SplitMix64::new(7);
        let (moves, _) = random_ttt_game(
            GameSetup::ultimate(Options::default()).ttt_game().unwrap(),
            &mut rng,
            Some(40),
        );
        // Every 5th move's second digit misread as the next digit.
        let plies = rows(&moves, 60, |i, d| {
            (i % 5 == 2 && d == 1).then(|| moves[i].path()[1] % 9 + 1)
        });
        let alone = digits_alone(&plies);
        let wrong_alone = alone.iter().zip(&moves).filter(|(a, b)| a != b).count();
        assert!(wrong_alone >= 6, "{wrong_alone}");
        let decoded = decode(&Evidence {
            setup: &GameSetup::ultimate(Options::default()),
            plies: &plies,
            cells: None,
        })
        .unwrap();
        assert_eq!(decoded.len(), 40);
        // Every move is right, or flagged.
        for (d, truth) in decoded.iter().zip(&moves) {
            assert!(d.mv == *truth || d.uncertain, "{} for {truth}", d.mv);
        }
        let right = decoded
            .iter()
            .zip(&moves)
            .filter(|(d, t)| d.mv == **t)
            .count();
        assert!(right > 40 - wrong_alone, "{right}");
    }

    #[test]
    fn a_misread_move_offers_the_written_one_among_its_alternatives() {
        let mut rng = SplitMix64::new(11);
        let (moves, _) = random_ttt_game(
            GameSetup::ultimate(Options::default()).ttt_game().unwrap(),
            &mut rng,
            Some(20),
        );
        // Move 6's second digit read as two digits equally.
        let plies = rows(&moves, 30, |i, d| {
            (i == 5 && d == 1).then(|| moves[i].path()[1] % 9 + 1)
        });
        let evidence = Evidence {
            setup: &GameSetup::ultimate(Options::default()),
            plies: &plies,
            cells: None,
        };
        let decoded = decode(&evidence).unwrap();
        let ranked = alternatives(&evidence, &decoded, 5);
        assert_eq!(ranked.len(), decoded.len());
        for (d, list) in decoded.iter().zip(&ranked) {
            assert!(!list.is_empty() && list.len() <= 5);
            // The decoded move is offered, with its confidence.
            let own = list.iter().find(|a| a.mv == d.mv).expect("the move itself");
            assert!((own.probability - d.confidence).abs() < 1e-9);
            let total: f64 = list.iter().map(|a| a.probability).sum();
            assert!(total <= 1.0 + 1e-9, "{total}");
        }
        // The move as written is offered at the doubtful ply.
        assert!(
            ranked[5].iter().any(|a| a.mv == moves[5]),
            "{:?}",
            ranked[5]
        );
    }

    #[test]
    fn an_empty_record_is_blank_and_noise_is_no_game() {
        let evidence = |plies: &[PlyReading]| {
            decode(&Evidence {
                setup: &GameSetup::ultimate(Options::default()),
                plies,
                cells: None,
            })
        };
        let blank = rows(&[], 30, |_, _| None);
        assert_eq!(evidence(&blank).unwrap_err(), DecodeError::Blank);
        // Every box "written" but unsure between all digits.
        let flat = DigitReading {
            probabilities: [
                0.0, 0.11, 0.11, 0.11, 0.11, 0.11, 0.11, 0.11, 0.11, 0.12, 0.0,
            ],
        };
        let noise: Vec<PlyReading> = (1..=30)
            .map(|ply| PlyReading {
                ply,
                boxes: vec![flat; 2],
            })
            .collect();
        assert_eq!(evidence(&noise).unwrap_err().code(), "not-a-game");
        let late = vec![PlyReading {
            ply: 31,
            boxes: vec![reading(5, 0.9); 2],
        }];
        assert_eq!(evidence(&late).unwrap_err(), DecodeError::MissingStart(31));
    }

    /// A box misread plainly as the cell the mover played before: the mark
    /// there is the earlier move's, no witness of this one, and the rules
    /// read the row as the move whose cell is marked and empty before.
    #[test]
    fn a_mark_an_earlier_move_made_does_not_witness_a_misread_move() {
        let one = |d: u8, p: f32| PlyReading {
            ply: 0,
            boxes: vec![reading(d, p)],
        };
        // X 5, O 1, X 9 (its box read as 5, plainly), O 3.
        let mut plies = vec![one(5, 0.99), one(1, 0.99), one(5, 0.99), one(3, 0.99)];
        for (i, p) in plies.iter_mut().enumerate() {
            p.ply = i as u32 + 1;
        }
        let mark = |x: f32, o: f32| MarkReading {
            probabilities: [1.0 - x - o, x, o],
        };
        let cells: HashMap<usize, MarkReading> = (1..=9u8)
            .map(|d| {
                let cell = match d {
                    5 | 9 => mark(0.99, 0.0),
                    1 | 3 => mark(0.0, 0.99),
                    _ => mark(0.0, 0.0),
                };
                (Move::new(&[d]).unwrap().index(), cell)
            })
            .collect();
        let moves = decode(&Evidence {
            setup: &GameSetup::tictactoe(Options::default()),
            plies: &plies,
            cells: Some(&cells),
        })
        .unwrap();
        let read: Vec<String> = moves.iter().map(|m| m.mv.to_string()).collect();
        assert_eq!(read, ["5", "1", "9", "3"]);
        assert!(moves.iter().all(|m| !m.unchecked));
    }

    #[test]
    fn a_move_the_field_confirms_is_doubtful_only_under_the_lower_threshold() {
        // One tic-tac-toe box: 5 at 0.85, 1 at 0.12, the rest spread.
        let mut probabilities = [0.03 / 9.0; 11];
        probabilities[5] = 0.85;
        probabilities[1] = 0.12;
        probabilities[0] = 0.0;
        probabilities[10] = 0.0;
        let plies = [PlyReading {
            ply: 1,
            boxes: vec![DigitReading { probabilities }],
        }];
        let cell = |x: f32| MarkReading {
            probabilities: [1.0 - x, x, 0.0],
        };
        let first = |cells: Option<&HashMap<usize, MarkReading>>| {
            let moves = decode(&Evidence {
                setup: &GameSetup::tictactoe(Options::default()),
                plies: &plies,
                cells,
            })
            .unwrap();
            assert_eq!(moves[0].mv, Move::new(&[5]).unwrap());
            moves[0].clone()
        };
        let five = Move::new(&[5]).unwrap().index();
        let one = Move::new(&[1]).unwrap().index();
        // Without a field: a confidence between the thresholds is doubtful.
        let alone = first(None);
        assert!(
            (CONFIRMED_UNCERTAIN_BELOW..UNCERTAIN_BELOW).contains(&alone.confidence),
            "{}",
            alone.confidence
        );
        assert!(alone.uncertain);
        // X read in both cells the box hesitates between: the field confirms
        // the move, which is not doubtful at the same confidence.
        let both: HashMap<usize, MarkReading> = [(five, cell(0.99)), (one, cell(0.99))].into();
        let confirmed = first(Some(&both));
        assert!(
            (CONFIRMED_UNCERTAIN_BELOW..UNCERTAIN_BELOW).contains(&confirmed.confidence),
            "{}",
            confirmed.confidence
        );
        assert!(!confirmed.uncertain);
        // Cells that look as empty as marked confirm nothing: doubtful.
        let unsure: HashMap<usize, MarkReading> = [(five, cell(0.5)), (one, cell(0.5))].into();
        assert!(first(Some(&unsure)).uncertain);
    }

    /// A random Ultimate game of 20 moves, its ply 6's board and cell, and
    /// the game played up to ply 6: the setting of the two tests below
    /// (the next move is sent to the board ply 6's cell names).
    fn ultimate_before_ply_6() -> (Vec<Move>, usize, [u8; 2], Game) {
        let mut rng = SplitMix64::new(5);
        let (moves, _) = random_ttt_game(
            GameSetup::ultimate(Options::default()).ttt_game().unwrap(),
            &mut rng,
            Some(20),
        );
        let i = 6;
        let [board, cell] = [moves[i].path()[0], moves[i].path()[1]];
        assert_eq!(moves[i + 1].path()[0], cell);
        let mut game = GameSetup::ultimate(Options::default()).ttt_game().unwrap();
        for &m in &moves[..i] {
            game.play(m).unwrap();
        }
        (moves, i, [board, cell], game)
    }

    /// A box that hesitates between two digits, both legal, is settled by
    /// the rows after it: in Ultimate the next move is played in the board
    /// this move's cell names, and the next row's first box shows which.
    /// Weighed at its own ply alone, the move was doubtful (about 0.53).
    #[test]
    fn the_next_move_settles_a_box_that_hesitates_between_two_legal_digits() {
        let (moves, i, [board, cell], game) = ultimate_before_ply_6();
        let other = (1..=9u8)
            .find(|&d| {
                d != cell
                    && game
                        .legal_moves()
                        .contains(&Move::new(&[board, d]).unwrap())
                    && !moves.contains(&Move::new(&[board, d]).unwrap())
            })
            .expect("another legal cell in the board");
        let mut plies = rows(&moves, 30, |_, _| None);
        let mut probabilities = [0.05 / 9.0; 11];
        probabilities[usize::from(cell)] = 0.5;
        probabilities[usize::from(other)] = 0.45;
        plies[i].boxes[1] = DigitReading { probabilities };
        let evidence = Evidence {
            setup: &GameSetup::ultimate(Options::default()),
            plies: &plies,
            cells: None,
        };
        let decoded = decode(&evidence).unwrap();
        assert_eq!(decoded[i].mv, moves[i]);
        assert!(decoded[i].confidence > 0.95, "{}", decoded[i].confidence);
        assert!(!decoded[i].uncertain);
        // What a person correcting it is offered says the same.
        let ranked = alternatives(&evidence, &decoded, 5);
        assert_eq!(ranked[i][0].mv, moves[i]);
        assert!((ranked[i][0].probability - decoded[i].confidence).abs() < 1e-9);
    }

    /// A correction read plainly as another digit (the struck-out one and
    /// the right one over it, read together) sends the next move to the
    /// wrong board: the next row's first box shows the board written, so
    /// the misread move is doubtful, and so is the move after it, which
    /// the rules put in the wrong board. Before, both were read without
    /// a flag.
    #[test]
    fn a_move_sent_to_the_wrong_board_by_a_doubtful_one_is_doubtful_too() {
        let (moves, i, [board, cell], game) = ultimate_before_ply_6();
        let mut after = game.clone();
        let other = (1..=9u8)
            .find(|&d| {
                let mv = Move::new(&[board, d]).unwrap();
                d != cell && game.legal_moves().contains(&mv) && !moves.contains(&mv) && {
                    after = game.clone();
                    after.play(mv).unwrap();
                    after
                        .legal_moves()
                        .contains(&Move::new(&[d, moves[i + 1].path()[1]]).unwrap())
                }
            })
            .expect("another legal cell in the board");
        let mut plies = rows(&moves, 30, |_, _| None);
        plies[i].boxes[1] = reading(other, 0.98);
        let evidence = Evidence {
            setup: &GameSetup::ultimate(Options::default()),
            plies: &plies,
            cells: None,
        };
        let decoded = decode(&evidence).unwrap();
        for ply in [i, i + 1] {
            assert!(
                decoded[ply].mv == moves[ply] || decoded[ply].uncertain,
                "ply {}: {} for {}",
                ply + 1,
                decoded[ply].mv,
                moves[ply]
            );
        }
    }

    /// The field of an Ultimate sheet on which `moves` were played: each
    /// move's cell X or O by turns, plainly; every other cell empty.
    fn field_of(moves: &[Move]) -> HashMap<usize, MarkReading> {
        (0..81)
            .map(|index| {
                let probabilities = match moves.iter().position(|m| m.index() == index) {
                    Some(k) if k % 2 == 0 => [0.005, 0.99, 0.005],
                    Some(_) => [0.005, 0.005, 0.99],
                    None => [0.99, 0.005, 0.005],
                };
                (index, MarkReading { probabilities })
            })
            .collect()
    }

    /// An Ultimate game at its start.
    fn ultimate() -> Game {
        GameSetup::ultimate(Options::default()).ttt_game().unwrap()
    }

    fn decode_ultimate(
        plies: &[PlyReading],
        cells: &HashMap<usize, MarkReading>,
    ) -> Vec<DecodedMove> {
        decode(&Evidence {
            setup: &GameSetup::ultimate(Options::default()),
            plies,
            cells: Some(cells),
        })
        .unwrap()
    }

    /// A random Ultimate game of 30 moves, read plainly but for one row
    /// read clearly (0.99) as a move the same player writes later (its
    /// cell shows their mark), legal there or not as `legal_there` says:
    /// a digit written over a crossed-out one, read as neither. The field
    /// and every other row fit the moves written.
    fn correction_read_as_a_later_move(legal_there: bool) -> (Vec<Move>, Vec<DecodedMove>) {
        // The first seed with such a pair of plies i and j, the later move
        // differing from ply i's in one digit (one box corrected).
        let (moves, i, j) = (1..)
            .find_map(|seed| {
                let mut rng = SplitMix64::new(seed);
                let (moves, _) = random_ttt_game(ultimate(), &mut rng, Some(30));
                let (i, j) = (2..moves.len())
                    .flat_map(|i| (i + 2..moves.len()).step_by(2).map(move |j| (i, j)))
                    .find(|&(i, j)| {
                        let [a, b] = [moves[i].path(), moves[j].path()];
                        let mut game = ultimate();
                        for &m in &moves[..i] {
                            game.play(m).unwrap();
                        }
                        (a[0] == b[0]) != (a[1] == b[1])
                            && game.legal_moves().contains(&moves[j]) == legal_there
                    })?;
                Some((moves, i, j))
            })
            .expect("a seed");
        let mut plies = rows(&moves, 40, |_, _| None);
        plies[i].boxes = moves[j].path().iter().map(|&d| reading(d, 0.99)).collect();
        (moves.clone(), decode_ultimate(&plies, &field_of(&moves)))
    }

    /// A move whose free box reads as another digit (written over the
    /// lines): on a sheet whose field shows it, its cell and the rest of
    /// the sheet make it sure, and it is not flagged; from the record
    /// alone it still is, however sure the rules make it.
    #[test]
    fn a_move_the_field_shows_is_not_doubtful_for_a_box_that_reads_badly() {
        let mut rng = SplitMix64::new(7);
        let (moves, _) = random_ttt_game(ultimate(), &mut rng, Some(30));
        let i = 11;
        let written = moves[i].path()[1];
        let mut plies = rows(&moves, 40, |_, _| None);
        // Not clear (under CLEAR_FROM), and the written digit at 0.004.
        plies[i].boxes[1] = reading((written % 9) + 1, 0.96);
        let with_field = decode_ultimate(&plies, &field_of(&moves));
        assert_eq!(with_field[i].mv, moves[i]);
        assert!(!with_field[i].uncertain, "{:?}", with_field[i]);
        let record_alone = decode(&Evidence {
            setup: &GameSetup::ultimate(Options::default()),
            plies: &plies,
            cells: None,
        })
        .unwrap();
        assert!(record_alone[i].uncertain, "{:?}", record_alone[i]);
    }

    /// The misread move legal: before, a clear row was the move written
    /// whatever the rest said, and the game went on from the misread move,
    /// bent the rows after it and stopped as illegal where the player
    /// wrote that move again (tune seed 30001).
    #[test]
    fn a_correction_read_clearly_as_another_legal_move_is_read_from_the_rest_of_the_sheet() {
        let (moves, decoded) = correction_read_as_a_later_move(true);
        let read: Vec<Move> = decoded.iter().map(|m| m.mv).collect();
        assert_eq!(read, moves);
        assert!(decoded.iter().all(|m| !m.unchecked));
    }

    /// The misread move illegal there (another board): before, the game
    /// stopped at it as a written illegal move, and the rows after it,
    /// read by their digits alone, were flagged until the sheet was
    /// refused as no game (calibrate seed 31010) or read as breaking the
    /// rules (tune seed 30011).
    #[test]
    fn a_correction_read_clearly_as_an_illegal_move_is_read_from_the_rest_of_the_sheet() {
        let (moves, decoded) = correction_read_as_a_later_move(false);
        let read: Vec<Move> = decoded.iter().map(|m| m.mv).collect();
        assert_eq!(read, moves);
        assert!(decoded.iter().all(|m| !m.unchecked));
    }

    /// A written illegal move (its board not the one the move before sent
    /// it to) after a row whose cell box hesitates, the players going on
    /// as if it were allowed: reading that box as the other digit would
    /// make the whole record legal, but its cell is empty on the field and
    /// the written one marked. The game stops at the illegal move, for the
    /// checker to report at its ply. Before, the rows after a stop counted
    /// only their boxes, the games going on their boxes and cells, and
    /// the decoder bent the row before into a legal game.
    #[test]
    fn a_row_is_not_bent_against_the_field_to_make_a_later_illegal_move_legal() {
        let mut rng = SplitMix64::new(9);
        // `legal`: the record with row i read as the other digit.
        let (legal, _) = random_ttt_game(ultimate(), &mut rng, Some(24));
        let (i, written) = (4..legal.len() - 8)
            .find_map(|i| {
                let mut game = ultimate();
                for &m in &legal[..i] {
                    game.play(m).unwrap();
                }
                let [board, _] = [legal[i].path()[0], legal[i].path()[1]];
                (1..=9u8).find_map(|c| {
                    let mv = Move::new(&[board, c]).unwrap();
                    let mut after = game.clone();
                    (mv != legal[i]
                        && !legal.contains(&mv)
                        && after.play(mv).is_ok()
                        && after.clone().play(legal[i + 1]).is_err())
                    .then_some((i, mv))
                })
            })
            .expect("a cell that makes the next move illegal");
        let mut moves = legal.clone();
        moves[i] = written;
        // Written plainly, in ink: each row after the stop reads as written.
        let mut plies = rows(&moves, 40, |_, _| None);
        for (ply, mv) in plies.iter_mut().zip(&moves) {
            ply.boxes = mv.path().iter().map(|&d| reading(d, 0.99)).collect();
        }
        let mut probabilities = [0.1 / 9.0; 11];
        probabilities[usize::from(written.path()[1])] = 0.6;
        probabilities[usize::from(legal[i].path()[1])] = 0.3;
        probabilities[0] = 0.0;
        plies[i].boxes[1] = DigitReading { probabilities };
        let decoded = decode_ultimate(&plies, &field_of(&moves));
        let read: Vec<Move> = decoded.iter().map(|m| m.mv).collect();
        assert_eq!(read, moves);
        let stop = decoded.iter().position(|m| m.unchecked);
        assert_eq!(stop, Some(i + 1), "the illegal move at ply {}", i + 2);
    }

    /// The rows of `moves` and a field with move `i` marked at `cell`,
    /// as sure as the readers are of ink on a sharp photo: every other
    /// reading at the floor.
    fn inked(
        moves: &[Move],
        i: usize,
        cell: Move,
    ) -> (Vec<PlyReading>, HashMap<usize, MarkReading>) {
        let mut plies = rows(moves, 40, |_, _| None);
        for (ply, mv) in plies.iter_mut().zip(moves) {
            ply.boxes = mv.path().iter().map(|&d| reading(d, 0.999)).collect();
        }
        let mut marked = moves.to_vec();
        marked[i] = cell;
        let mut field = field_of(&marked);
        for r in field.values_mut() {
            r.probabilities = r
                .probabilities
                .map(|p| if p > 0.5 { 0.9998 } else { 0.0001 });
        }
        (plies, field)
    }

    /// A random Ultimate game of 30 moves written plainly in ink, its field marked as played but for ply `i + 1`, whose mark
    /// the player drew in another cell: the first ply `i` from 4 on where
    /// `drawn` gives a cell that no move of the game plays and that `fits`
    /// (with the position before the move). The moves, `i`, the decoded
    /// game, the cell marked and the moves offered in ply `i + 1`'s place.
    fn marked_elsewhere(
        drawn: impl Fn(Move) -> Vec<Move>,
        fits: impl Fn(&Game, Move) -> bool,
    ) -> (Vec<Move>, usize, Vec<DecodedMove>, Move, Vec<Move>) {
        let (moves, i, cell) = (1..)
            .find_map(|seed| {
                let mut rng = SplitMix64::new(seed);
                let (moves, _) = random_ttt_game(ultimate(), &mut rng, Some(30));
                let mut game = ultimate();
                for (i, &mv) in moves.iter().enumerate() {
                    if i >= 4
                        && let Some(cell) = drawn(mv)
                            .into_iter()
                            .find(|c| !moves.contains(c) && fits(&game, *c))
                    {
                        return Some((moves, i, cell));
                    }
                    game.play(mv).unwrap();
                }
                None
            })
            .expect("a seed");
        let (plies, field) = inked(&moves, i, cell);
        let decoded = decode_ultimate(&plies, &field);
        let evidence = Evidence {
            setup: &GameSetup::ultimate(Options::default()),
            plies: &plies,
            cells: Some(&field),
        };
        let offered = alternatives(&evidence, &decoded, 5)[i]
            .iter()
            .map(|a| a.mv)
            .collect();
        (moves, i, decoded, cell, offered)
    }

    /// A game's last move marked in a neighbouring cell, its first box
    /// read hesitantly and its second clearly: no row after it says which
    /// was meant, and the field outweighs the boxes. A move only the field
    /// holds against a box read clearly as another digit is doubtful; the
    /// moves the rows after them witness are not.
    #[test]
    fn a_move_that_says_another_digit_than_a_clear_box_is_doubtful() {
        last_marked_in_a_neighbour(7, |plies, mv, _| {
            plies.boxes[0] = reading(mv.path()[0], 0.75);
        });
    }

    /// A random Ultimate game of 20 moves (from `seed`) written plainly in
    /// ink, its last move marked in a free neighbouring cell and its row
    /// then changed by `read_as` (given the move and the marked cell): the
    /// last move is decoded doubtful, and the rest as written, not doubted.
    fn last_marked_in_a_neighbour(seed: u64, read_as: impl Fn(&mut PlyReading, Move, Move)) {
        let mut rng = SplitMix64::new(seed);
        let (mut moves, _) = random_ttt_game(ultimate(), &mut rng, Some(20));
        let last = moves.len() - 1;
        let mv = moves[last];
        let [board, cell] = [mv.path()[0], mv.path()[1]];
        let (r, c) = ((cell - 1) / 3, (cell - 1) % 3);
        let neighbour = (1..=9u8)
            .filter(|&n| r.abs_diff((n - 1) / 3) + c.abs_diff((n - 1) % 3) == 1)
            .filter_map(|n| Move::new(&[board, n]))
            .find(|n| !moves.contains(n))
            .expect("a free neighbouring cell");
        let (mut plies, field) = inked(&moves, last, neighbour);
        read_as(&mut plies[last], mv, neighbour);
        let decoded = decode_ultimate(&plies, &field);
        let read = &decoded[last];
        assert!(
            read.uncertain,
            "{} read for {mv} (marked at {neighbour}) without a flag, at {}",
            read.mv, read.confidence
        );
        // The rest of the game is read as written, and not doubted.
        moves.truncate(last);
        for (d, truth) in decoded.iter().zip(&moves) {
            assert!(d.mv == *truth && !d.uncertain, "{:?} for {truth}", d);
        }
    }

    /// A game's last move marked in a neighbouring cell, and its second
    /// box read badly: no digit clearly, the one written well ahead of
    /// the marked cell's. No box contradicts the marked move clearly,
    /// so before, the field outvoted the boxes and the marked move was read
    /// without a flag. Weighed without the field, the boxes favour the move
    /// written: the field alone decides, and a person is asked.
    #[test]
    fn a_field_mark_that_outvotes_digits_read_badly_is_doubtful() {
        last_marked_in_a_neighbour(11, |plies, mv, marked| {
            // The second box: the digit written at 0.8, a third at 0.15
            // (not clear, as a digit over the lines), the marked cell's at
            // 0.02.
            let [written, drawn] = [mv.path()[1], marked.path()[1]];
            let mut probabilities = [0.03 / 8.0; 11];
            probabilities[usize::from(written)] = 0.8;
            probabilities[usize::from(drawn)] = 0.02;
            let third = (1..=9u8)
                .find(|&d| d != written && d != drawn)
                .expect("a third digit");
            probabilities[usize::from(third)] = 0.15;
            plies.boxes[1] = DigitReading { probabilities };
        });
    }

    /// A move marked in a neighbouring cell of its small board, its
    /// second box read as that cell's digit more than as the one written
    /// (a correction beside it), and the next move's row reading clearly
    /// the board the move written sent it to. If the field and the box
    /// carry the move to the marked cell, the next row contradicts a board
    /// it could not choose: the sheet says two things of the move before,
    /// and a person is asked about both. Before, the marked cell was read
    /// without a flag (and the game stopped as illegal at the next move).
    #[test]
    fn a_row_that_reads_clearly_another_board_than_the_move_before_sent_it_to_doubts_that_move() {
        let found = (1..200u64).find_map(|seed| {
            let mut rng = SplitMix64::new(seed);
            let (moves, _) = random_ttt_game(ultimate(), &mut rng, Some(30));
            let mut game = ultimate();
            // Whether every legal move is on small board `b`.
            let forced = |g: &Game, b: u8| g.legal_moves().iter().all(|m| m.path()[0] == b);
            for (i, &mv) in moves.iter().enumerate().take(moves.len() - 2) {
                let [board, cell] = [mv.path()[0], mv.path()[1]];
                let (r, c) = ((cell - 1) / 3, (cell - 1) % 3);
                let next = moves[i + 1];
                // A free neighbouring cell that sends the next move to its
                // own board, where the next move's cell is free too.
                let marked = (1..=9u8)
                    .filter(|&n| r.abs_diff((n - 1) / 3) + c.abs_diff((n - 1) % 3) == 1)
                    .filter_map(|n| Move::new(&[board, n]))
                    .find(|n| {
                        let mut after = game.clone();
                        let sent = Move::new(&[n.path()[1], next.path()[1]]);
                        !moves.contains(n)
                            && after.play(*n).is_ok()
                            && forced(&after, n.path()[1])
                            && sent.is_some_and(|s| !moves.contains(&s) && after.play(s).is_ok())
                    });
                game.play(mv).unwrap();
                if i >= 4
                    && forced(&game, cell)
                    && let Some(n) = marked
                {
                    return Some((moves, i, n));
                }
            }
            None
        });
        let (moves, i, marked) = found.expect("a seed");
        let (mut plies, field) = inked(&moves, i, marked);
        let [written, drawn] = [moves[i].path()[1], marked.path()[1]];
        let mut probabilities = [0.1 / 9.0; 11];
        probabilities[usize::from(drawn)] = 0.6;
        probabilities[usize::from(written)] = 0.3;
        plies[i].boxes[1] = DigitReading { probabilities };
        let decoded = decode_ultimate(&plies, &field);
        let read: Vec<Move> = decoded.iter().map(|m| m.mv).collect();
        for (j, (d, truth)) in decoded.iter().zip(&moves).enumerate() {
            assert!(
                d.mv == *truth || d.uncertain,
                "ply {}: {} read for {truth} without a flag (ply {} written {}, marked at {marked}): {read:?}",
                j + 1,
                d.mv,
                i + 1,
                moves[i]
            );
        }
    }

    /// The same cell of the other small boards.
    fn other_boards(mv: Move) -> Vec<Move> {
        let [board, cell] = [mv.path()[0], mv.path()[1]];
        (1..=9)
            .filter(|&b| b != board)
            .filter_map(|b| Move::new(&[b, cell]))
            .collect()
    }

    /// The mark drawn in the same cell of another small board, where the
    /// move could not go (its board was the one the move before sent it
    /// to): the record is read as written and the game stays legal. Before,
    /// the decoder stopped the game there, reading the row as the marked
    /// move, an illegal one: a false verdict.
    #[test]
    fn a_mark_drawn_on_a_board_the_move_could_not_go_to_does_not_make_the_game_illegal() {
        let (moves, i, decoded, cell, _) =
            marked_elsewhere(other_boards, |game, c| !game.legal_moves().contains(&c));
        let read: Vec<Move> = decoded.iter().map(|m| m.mv).collect();
        assert_eq!(read, moves, "ply {} marked at {cell}", i + 1);
        assert!(decoded.iter().all(|m| !m.unchecked));
    }

    /// The mark drawn in the same cell of another small board where the
    /// move could have gone (the player had the choice of board): the
    /// rows after it fit either, so only the row's clear boxes say which.
    /// The move is read as written and flagged, for a person to look at,
    /// the marked cell offered in its place: never the marked cell without
    /// a flag. Before, the field's mark outweighed the clear boxes
    /// and the marked move was read with a confidence of about 0.98.
    #[test]
    fn a_mark_drawn_on_another_board_the_move_could_go_to_never_overrides_clear_boxes_silently() {
        let (moves, i, decoded, cell, offered) =
            marked_elsewhere(other_boards, |game, c| game.legal_moves().contains(&c));
        let m = &decoded[i];
        assert!(
            m.mv == moves[i] && m.uncertain,
            "ply {} written {} marked at {cell}: {m:?}",
            i + 1,
            moves[i]
        );
        for (d, truth) in decoded.iter().zip(&moves) {
            assert!(d.mv == *truth || d.uncertain, "{} for {truth}", d.mv);
        }
        // A person correcting it is offered the cell the field shows.
        assert!(offered.contains(&cell), "{offered:?}");
    }

    /// The mark drawn in a neighbouring cell of the same small board: the
    /// next move's board is the written move's, so the rows after it say
    /// which, and the record is read as written.
    #[test]
    fn a_mark_drawn_in_a_neighbouring_cell_is_read_as_the_record_says() {
        let neighbours = |mv: Move| {
            let [board, cell] = [mv.path()[0], mv.path()[1]];
            let (r, c) = ((cell - 1) / 3, (cell - 1) % 3);
            (1..=9u8)
                .filter(|&n| {
                    let (nr, nc) = ((n - 1) / 3, (n - 1) % 3);
                    r.abs_diff(nr) + c.abs_diff(nc) == 1
                })
                .filter_map(|n| Move::new(&[board, n]))
                .collect()
        };
        let (moves, i, decoded, cell, _) =
            marked_elsewhere(neighbours, |game, c| game.legal_moves().contains(&c));
        let read: Vec<Move> = decoded.iter().map(|m| m.mv).collect();
        assert_eq!(read, moves, "ply {} marked at {cell}", i + 1);
    }
}
