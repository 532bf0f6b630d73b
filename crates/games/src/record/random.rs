//! Random, legal, whole games written as one large record file: the input
//! of the checker's streaming benchmark and of the tests that feed the
//! checker and the web page many games. Not for a user of the library, so
//! shown only to the workspace's tests and benches (`internals`).

use super::write::{tags_text, ttt_moves_text};
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
    use crate::games::random::random_ttt_game;
    use crate::games::ttt::{Mark, Outcome};
    // The default options are what a record without their tags plays.
    let tags: Vec<(&str, String)> = setup
        .to_tags()
        .into_iter()
        .filter(|(name, _)| matches!(*name, "Game" | "Ruleset" | "Map" | "HyperMap"))
        .collect();
    let start = setup.ttt_game().expect("a game of the tic-tac-toe family");
    let mut rng = crate::rng::SplitMix64::new(seed);
    let (mut written, mut games, mut moves) = (0u64, 0, 0);
    while written < bytes {
        let (game, end) = random_ttt_game(start.clone(), &mut rng, None);
        games += 1;
        moves += game.len();
        let mut all = tags.clone();
        all.push(("Round", games.to_string()));
        if players {
            all.push(("X", format!("Player {}", games % 97)));
            all.push(("O", format!("Player {}", games % 89 + 100)));
            let result = match end.outcome() {
                Outcome::Winner(Mark::X) => "X",
                Outcome::Winner(Mark::O) => "O",
                Outcome::Draw => "draw",
                Outcome::Unfinished => "*",
            };
            all.push(("Result", result.to_string()));
        }
        let text = format!("{}\n{}\n", tags_text(&all), ttt_moves_text(&game));
        out.write_all(text.as_bytes())?;
        written += text.len() as u64;
    }
    Ok((games, moves))
}
