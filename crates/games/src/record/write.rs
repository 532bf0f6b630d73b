//! Writing games as records that [`super::parse`] reads back: used to make the
//! example records, random test games and benchmark input (`random`).

//!
//! The moves' writers are the workspace's own (tests, benchmarks, the
//! example records): the `internals` feature shows them.

#[cfg(feature = "internals")]
use crate::games::sos::{SosMove, player_letter};
#[cfg(any(test, feature = "internals"))]
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
#[cfg(any(test, feature = "internals"))]
pub(crate) fn ttt_moves_text(moves: &[Move]) -> String {
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
#[cfg(feature = "internals")]
pub(crate) fn sos_moves_text(moves: &[(u8, SosMove)]) -> String {
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
