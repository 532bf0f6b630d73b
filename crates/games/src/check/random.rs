//! Random, legal, whole games of a named game written as one large record
//! file (`record::random` plays and writes them): the input of the
//! checker's streaming benchmark and of the tests that feed the checker and
//! the web page many games. Not for a user of the library, so shown only to
//! the workspace's tests and benches (`internals`).

use crate::games::ttt::{Options, Ruleset};
use crate::setup::GameSetup;

/// Writes random, legal, whole Strategic games (functional ruleset, map34),
/// each with its tags and numbered moves, until at least `bytes` bytes are
/// written: the large record file the checker's streaming benchmark reads.
/// Returns the games and moves written. The same seed gives the same file.
pub fn random_strategic_record(
    out: &mut impl std::io::Write,
    bytes: u64,
    seed: u64,
) -> std::io::Result<(usize, usize)> {
    use crate::maps::{BuiltinMap, MapId, map34};
    use crate::setup::GameMap;
    let setup = GameSetup::strategic(
        Ruleset::Functional(map34()),
        Some(GameMap::new(MapId::Builtin(BuiltinMap::Map34))),
        Options::default(),
    );
    random_ttt_record(out, &setup, false, bytes, seed)
}

/// Writes random, legal, whole Ultimate games (the authors' rules), each
/// with its players, result and numbered moves, until at least `bytes`
/// bytes are written: about 385 bytes and 58 moves a game, so 50 MB is
/// about 130,000 games, the many short games the checker's per-game cost
/// shows on. Returns the games and moves written; the same seed gives the
/// same file.
pub fn random_ultimate_record(
    out: &mut impl std::io::Write,
    bytes: u64,
    seed: u64,
) -> std::io::Result<(usize, usize)> {
    let setup = GameSetup::ultimate(Options::default());
    random_ttt_record(out, &setup, true, bytes, seed)
}

/// Writes random games of `setup`, a game of the tic-tac-toe family under
/// the default options, each with the tags that name it (then `Round`, and
/// with `players` the players' names and the game's `Result`) until at
/// least `bytes` bytes are written.
fn random_ttt_record(
    out: &mut impl std::io::Write,
    setup: &GameSetup,
    players: bool,
    bytes: u64,
    seed: u64,
) -> std::io::Result<(usize, usize)> {
    // The default options are what a record without their tags plays.
    let tags: Vec<(&str, String)> = setup
        .to_tags()
        .into_iter()
        .filter(|(name, _)| matches!(*name, "Game" | "Ruleset" | "Map" | "HyperMap"))
        .collect();
    let start = setup.ttt_game().expect("a game of the tic-tac-toe family");
    crate::record::random::random_ttt_record(out, &start, &tags, players, bytes, seed)
}
