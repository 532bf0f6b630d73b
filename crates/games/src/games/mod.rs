//! Rules engines, one module per game, apart from any drawing.
//!
//! * [`sos`]: SOS on a W×H grid for 2..8 players (docs/rules.md, "SOS").
//! * [`ttt`]: the whole tic-tac-toe family — tic-tac-toe, Ultimate and
//!   Strategic with every ruleset — as one engine generic over depth
//!   (docs/rules.md).
//! * [`random`]: seeded random legal games for examples, tests and benches.
//! * [`kind`]: which game, which ruleset, by the names everyone writes.

pub mod kind;
pub mod random;
pub mod sos;
pub mod ttt;

pub use kind::{GameKind, RulesetKind, UnknownKind};
