//! Random, legal, whole games written as one large record file: the input
//! of the checker's streaming benchmark and of the tests that feed the
//! checker and the web page many games. Not for a user of the library, so
//! shown only to the workspace's tests and benches (`internals`).

use super::write::{tags_text, ttt_moves_text};

/// Writes random, legal, whole Strategic games (functional ruleset, map34),
/// each with its tags and numbered moves, until at least `bytes` bytes are
/// written: the large record file the checker's streaming benchmark reads.
/// Returns the games and moves written. The same seed gives the same file.
pub fn random_strategic_record(
    out: &mut impl std::io::Write,
    bytes: u64,
    seed: u64,
) -> std::io::Result<(usize, usize)> {
    use crate::games::ttt::{Ruleset, Variant};
    let variant = Variant::Strategic(Ruleset::Functional(crate::maps::map34()));
    let tags = [
        ("Game", "strategic"),
        ("Ruleset", "functional"),
        ("Map", "map34"),
    ];
    random_ttt_record(out, &variant, &tags, false, bytes, seed)
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
    let variant = crate::games::ttt::Variant::Ultimate;
    random_ttt_record(out, &variant, &[("Game", "ultimate")], true, bytes, seed)
}

/// Writes random games of `variant` with `tags` (then `Round`, and with
/// `players` the players' names and the game's `Result`) until at least
/// `bytes` bytes are written.
fn random_ttt_record(
    out: &mut impl std::io::Write,
    variant: &crate::games::ttt::Variant,
    tags: &[(&str, &str)],
    players: bool,
    bytes: u64,
    seed: u64,
) -> std::io::Result<(usize, usize)> {
    use crate::games::random::random_ttt_game;
    use crate::games::ttt::{Game, Mark, Options, Outcome};
    let mut rng = crate::rng::SplitMix64::new(seed);
    let (mut written, mut games, mut moves) = (0u64, 0, 0);
    while written < bytes {
        let (game, end) = random_ttt_game(
            Game::new(variant.clone(), Options::default()),
            &mut rng,
            None,
        );
        games += 1;
        moves += game.len();
        let mut all: Vec<(&str, String)> = tags.iter().map(|(n, v)| (*n, v.to_string())).collect();
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
