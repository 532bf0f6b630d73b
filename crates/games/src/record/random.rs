//! Random, legal, whole games written as one large record file: the input
//! of the checker's streaming benchmark and of the tests that feed the
//! parser, the checker and the web page many games. The games' identity
//! (which game, which rules) is the caller's: `check::random` names it by
//! its `GameSetup`, and this module only plays and writes. Not for a user of
//! the library, so shown only to the workspace's tests and benches
//! (`internals`).

use super::write::{tags_text, ttt_moves_text};
use crate::games::random::random_ttt_game;
use crate::games::ttt::{Game, Mark, Outcome};

/// Writes random games played from `start`, each with `tags` (then
/// `Round`, and with `players` the players' names and the game's
/// `Result`) and its numbered moves, until at least `bytes` bytes are
/// written. Returns the games and moves written; the same seed gives the
/// same file.
pub(crate) fn random_ttt_record(
    out: &mut impl std::io::Write,
    start: &Game,
    tags: &[(&str, String)],
    players: bool,
    bytes: u64,
    seed: u64,
) -> std::io::Result<(usize, usize)> {
    let mut rng = crate::rng::SplitMix64::new(seed);
    let (mut written, mut games, mut moves) = (0u64, 0, 0);
    while written < bytes {
        let (game, end) = random_ttt_game(start.clone(), &mut rng, None);
        games += 1;
        moves += game.len();
        let mut all = tags.to_vec();
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
