//! Writing games as records that [`super::parse`] reads back: used to make the
//! example records, random test games and benchmark input.

use crate::games::sos::{SosMove, player_letter};
use crate::games::ttt::Move;

/// Tag lines, `[Name "value"]` each, with `"` and `\` escaped.
pub fn tags_text(tags: &[(&str, String)]) -> String {
    tags.iter()
        .map(|(name, value)| {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            format!("[{name} \"{value}\"]\n")
        })
        .collect()
}

/// Tic-tac-toe family moves, one numbered line per pair: `12. 5.3.7 3.7.1`.
pub fn ttt_moves_text(moves: &[Move]) -> String {
    let mut out = String::new();
    for (i, pair) in moves.chunks(2).enumerate() {
        out += &format!("{}.", i + 1);
        for mv in pair {
            out += &format!(" {mv}");
        }
        out.push('\n');
    }
    out
}

/// SOS moves with their players, eight to a line: `A:c3S B:b2O …`.
pub fn sos_moves_text(moves: &[(u8, SosMove)]) -> String {
    let mut out = String::new();
    for line in moves.chunks(8) {
        let words: Vec<String> = line
            .iter()
            .map(|(p, mv)| format!("{}:{mv}", player_letter(*p)))
            .collect();
        out += &words.join(" ");
        out.push('\n');
    }
    out
}

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
    use crate::games::ttt::{Mark, Options, Outcome};
    let mut rng = crate::rng::SplitMix64::new(seed);
    let (mut written, mut games, mut moves) = (0u64, 0, 0);
    while written < bytes {
        let (game, end) = random_ttt_game(variant, Options::default(), &mut rng, None);
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
