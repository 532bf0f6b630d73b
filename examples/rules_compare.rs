//! How often the rule options change a verdict: random games played under
//! one set of rules, judged under another. A game is judged differently when
//! some move is illegal under the other rules, or the result differs (a
//! different winner, a draw, or a game that ended earlier or not at all).
//! The presets differ in both options; the draws line shows what the drawn
//! cell alone changes (decided cells open in both).
//!
//! `cargo run --release --example rules_compare [GAMES]` (default 2000 games
//! per line; seeded, so the same numbers every run).

use std::io::Write;

use paperboard_games::GameSetup;
use paperboard_games::games::random::random_ttt_game;
use paperboard_games::games::ttt::{Decided, Draws, Game, Move, Options, Preset, Ruleset};
use paperboard_games::maps::{hmap2, map34};
use paperboard_games::rng::SplitMix64;

/// The engine of `game` under `options`, at its first move.
fn start(game: &GameSetup, options: Options) -> Game {
    let setup = game.clone().with_options(options);
    setup.ttt_game().expect("a tic-tac-toe family game")
}

/// Whether `moves` (legal under the rules they were played by) get the same
/// verdict under `other`: every move legal and the same result.
fn judged_alike(variant: &GameSetup, moves: &[Move], played: &Game, other: Options) -> bool {
    let mut game = start(variant, other);
    moves.iter().all(|&mv| game.play(mv).is_ok()) && game.outcome() == played.outcome()
}

fn main() {
    // A closed pipe (`| head`) ends the run quietly.
    let _ = run();
}

fn run() -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let authors = Options::preset(Preset::Authors);
    let common = Options::preset(Preset::Common);
    let draws_none = Options {
        draws: Draws::None,
        ..authors
    };
    let free = Options {
        decided: Decided::Free,
        ..authors
    };
    let comparisons = [
        ("authors -> common", authors, common),
        ("common -> authors", common, authors),
        ("draws both -> none", authors, draws_none),
        ("decided free -> open", free, authors),
    ];
    let variants = [
        ("ultimate", GameSetup::ultimate(Options::default())),
        (
            "strategic tactical",
            GameSetup::strategic(Ruleset::Tactical, None, Options::default()),
        ),
        (
            "strategic functional map34",
            GameSetup::strategic(Ruleset::Functional(map34()), None, Options::default()),
        ),
        (
            "strategic hyperfunctional hmap2",
            GameSetup::strategic(
                Ruleset::Hyperfunctional(Box::new(hmap2())),
                None,
                Options::default(),
            ),
        ),
    ];
    writeln!(
        out,
        "{games} random games per line, played under the first rules, judged under the second"
    )?;
    writeln!(
        out,
        "{:<34} {:<22} {:>10}",
        "game", "rules", "judged differently"
    )?;
    for (name, variant) in &variants {
        for (label, played_by, judged_by) in comparisons {
            let mut differ = 0;
            for seed in 0..games {
                let mut rng = SplitMix64::new(seed);
                let (moves, played) = random_ttt_game(start(variant, played_by), &mut rng, None);
                if !judged_alike(variant, &moves, &played, judged_by) {
                    differ += 1;
                }
            }
            writeln!(
                out,
                "{name:<34} {label:<22} {:>9.1} %",
                100.0 * differ as f64 / games as f64
            )?;
        }
    }
    Ok(())
}
