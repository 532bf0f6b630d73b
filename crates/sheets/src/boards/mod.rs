//! Drawing game boards on a page: the nested 3×3 grids of the tic-tac-toe
//! family ([`nested`]) and the lettered SOS grid ([`sos`]), with the marks and
//! letters of a position. Sheet parts and worksheet diagrams both draw with
//! these, so a board looks the same on a game sheet and in an exercise.

pub(crate) mod nested;
pub(crate) mod sos;
