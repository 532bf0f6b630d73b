//! What each slip costs: its prior, lower for a likelier slip. The costs
//! only order the edits that leave a record legal equally far (see
//! `repair`): one digit before two, a digit before a whole move.
//!
//! A move's text:
//!
//! | slip                                  | cost |
//! |---------------------------------------|------|
//! | one digit, a neighbouring key         | 1.0  |
//! | a wrong separator (`6,6.4`)           | 1.0  |
//! | SOS: the other letter                 | 1.0  |
//! | SOS: a cell one step along its row or column | 1.25 |
//! | one digit, any other                  | 1.5  |
//! | SOS: another cell of its row or column | 1.75 |
//! | two neighbouring digits swapped       | 2.0  |
//! | a digit left out, a digit too many    | 2.0  |
//! | two digits apart swapped              | 2.5  |
//! | SOS: a cell diagonally near (1 or 2)  | 2.5, 2.75 |
//!
//! A whole move:
//!
//! | slip                                  | cost |
//! |---------------------------------------|------|
//! | a move written twice                  | 2.5  |
//! | a move left out                       | 3.5  |
//! | a move too many                       | 4.0  |
//! | moves after the game's end            | 4.0, and 1.0 for each beyond the first |
//!
//! Each edit costs 0.1 more for each move between it and the error. The
//! engines order moves exchanged by costs of their own (`OrderCosts`).

/// One digit changed to a neighbouring key.
pub(super) const NEIGHBOUR_KEY: f32 = 1.0;
/// One digit changed to any other.
pub(super) const ONE_DIGIT: f32 = 1.5;
/// Two neighbouring digits swapped.
pub(super) const SWAPPED: f32 = 2.0;
/// Two digits apart swapped: half a step more.
pub(super) const SWAPPED_APART: f32 = 2.5;
/// A digit left out or written twice.
pub(super) const DIGIT_COUNT: f32 = 2.0;
/// A wrong separator between the right digits.
pub(super) const SEPARATOR: f32 = 1.0;
/// SOS: the other letter.
pub(super) const OTHER_LETTER: f32 = 1.0;
/// SOS: a cell one step along its row or column.
pub(super) const SOS_CELL_NEXT: f32 = 1.25;
/// SOS: another cell of its row or column.
pub(super) const SOS_CELL_ALONG: f32 = 1.75;
/// SOS: a cell diagonally next to it.
pub(super) const SOS_CELL_DIAGONAL: f32 = 2.5;
/// SOS: a cell two steps away, not along its row or column.
pub(super) const SOS_CELL_TWO_DIAGONAL: f32 = 2.75;
/// A move left out (any legal move may be the one).
pub(super) const LEFT_OUT: f32 = 3.5;
/// Deleting a move that repeats its neighbour.
pub(super) const TWICE: f32 = 2.5;
/// Deleting any other move.
pub(super) const EXTRA: f32 = 4.0;
/// Added for each move between the edit and the error.
pub(super) const PER_MOVE_BACK: f32 = 0.1;
/// Deleting the moves after the end of the game, for each move beyond the
/// first.
pub(super) const AFTER_END_MORE: f32 = 1.0;
