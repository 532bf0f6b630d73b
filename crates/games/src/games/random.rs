//! Random legal games, seeded, for example records, tests and benchmarks.

use super::sos::{SosConfig, SosGame, SosMove};
use super::ttt::{Game, Move};
use crate::rng::SplitMix64;

/// Plays up to `max_moves` uniformly random legal moves from `start` (the
/// whole game when `None`; a game starts from its setup,
/// [`GameSetup::ttt_game`](crate::GameSetup::ttt_game)) and returns
/// the moves and the final position.
pub fn random_ttt_game(
    start: Game,
    rng: &mut SplitMix64,
    max_moves: Option<usize>,
) -> (Vec<Move>, Game) {
    let mut game = start;
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    while max_moves.is_none_or(|m| moves.len() < m) {
        game.legal_moves_into(&mut legal);
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.index(legal.len())];
        game.play(mv).expect("a listed move is legal");
        moves.push(mv);
    }
    (moves, game)
}

/// How the random SOS players choose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SosStyle {
    /// Any legal move.
    Random,
    /// Complete an SOS when one can be made, else any move.
    Greedy,
    /// Avoid making an SOS while another move exists (gives draws in `simple`).
    Cautious,
}

/// Plays up to `max_moves` random legal SOS moves in `style` and returns each
/// move with its player, and the final position.
pub fn random_sos_game(
    config: SosConfig,
    style: SosStyle,
    rng: &mut SplitMix64,
    max_moves: Option<usize>,
) -> (Vec<(u8, SosMove)>, SosGame) {
    let mut game = SosGame::new(config);
    let mut moves = Vec::new();
    while max_moves.is_none_or(|m| moves.len() < m) {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let scoring = |mv: &SosMove| {
            let mut trial = game.clone();
            trial.play(*mv).map(|o| o.made > 0).unwrap_or(false)
        };
        let preferred: Vec<SosMove> = match style {
            SosStyle::Random => Vec::new(),
            SosStyle::Greedy => legal.iter().copied().filter(scoring).collect(),
            SosStyle::Cautious => legal.iter().copied().filter(|m| !scoring(m)).collect(),
        };
        let pool = if preferred.is_empty() {
            &legal
        } else {
            &preferred
        };
        let mv = pool[rng.index(pool.len())];
        let player = game.to_move();
        game.play(mv).expect("a listed move is legal");
        moves.push((player, mv));
    }
    (moves, game)
}
