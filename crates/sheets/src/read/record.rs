//! The record of a game read from sheets, written once in two forms: the
//! text a person gets (`read -o`), and the game the checker checks.
//!
//! The checker says where a fault is by line and column, and those must
//! point into the text the person reads. Parsing the text again would give
//! them, but it would turn typed moves into text and back inside one
//! library. Instead each tag and move is put in the game as it is written,
//! with the line and column the writer has reached: the positions are the
//! text's by construction, and a test checks them against the parser's.

use super::decode::DecodedMove;
use crate::record::write::tags_text;
use crate::record::{GameRecord, MoveBody, MoveNumber, MoveToken, ShortText, Tag};
use crate::setup::GameSetup;
use crate::source::Position;

/// Text being written, with the line and column (1-based, in characters)
/// its next character lands at.
struct Writer {
    text: String,
    at: Position,
}

impl Writer {
    /// Appends `s`; returns where it starts.
    fn push(&mut self, s: &str) -> Position {
        let at = self.at;
        for c in s.chars() {
            if c == '\n' {
                self.at.line += 1;
                self.at.col = 1;
            } else {
                self.at.col += 1;
            }
        }
        self.text.push_str(s);
        at
    }
}

/// The record of `setup`'s game with `moves`: its text (the tags, a blank
/// line, then the moves numbered in pairs, each doubtful move followed by a
/// `{?}` comment) and the same record as a game, each tag and move at its
/// line and column in the text.
pub(crate) fn written(setup: &GameSetup, moves: &[DecodedMove]) -> (String, GameRecord) {
    let mut out = Writer {
        text: String::new(),
        at: Position { line: 1, col: 1 },
    };
    let mut game = GameRecord {
        line: 1,
        ..GameRecord::default()
    };
    for (name, value) in setup.to_tags() {
        // `[Name "`: the value starts after the name and three characters.
        let name_chars = name.chars().count() as u32;
        let at = out.push(&tags_text(&[(name, value.clone())]));
        game.tags.push(Tag {
            name: name.to_string(),
            value,
            at,
            value_at: Position {
                line: at.line,
                col: at.col + name_chars + 3,
            },
        });
    }
    out.push("\n");
    for (i, pair) in moves.chunks(2).enumerate() {
        let number = i as u32 + 1;
        let at = out.push(&format!("{number}."));
        let mut number = Some(MoveNumber {
            number,
            ellipsis: false,
            at,
            mistyped: None,
        });
        for m in pair {
            out.push(" ");
            let text = m.mv.to_string();
            let at = out.push(&text);
            game.moves.push(MoveToken {
                text: ShortText::new(&text),
                at,
                number: number.take(),
                player: None,
                body: MoveBody::Path(m.mv),
            });
            if m.uncertain {
                out.push(" {?}");
            }
        }
        out.push("\n");
    }
    (out.text, game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::random::random_ttt_game;
    use crate::games::ttt::{Options, Ruleset};
    use crate::rng::SplitMix64;
    use crate::setup::GameMap;

    /// The game built beside the text is the game the parser reads from
    /// the text: the same tags and moves at the same lines and columns, so
    /// a check message points where it did when the text was parsed.
    #[test]
    fn the_game_is_the_one_its_text_reads_as() {
        let hmap = crate::maps::hmap2();
        let setups = [
            GameSetup::tictactoe(Options::default()),
            GameSetup::Ultimate {
                options: Options::default(),
                names: [Some("Ann \"A\" \\ Lee".to_string()), Some("Bö".into())],
            },
            GameSetup::strategic(Ruleset::Tactical, None, Options::default()),
            GameSetup::strategic(
                Ruleset::Functional(crate::maps::map34()),
                Some(GameMap::new(crate::maps::MapId::Builtin(
                    crate::maps::BuiltinMap::STANDARD_FUNCTIONAL,
                ))),
                Options::default(),
            ),
            GameSetup::Strategic {
                ruleset: Ruleset::Hyperfunctional(Box::new(hmap)),
                map: Some(GameMap::new(crate::maps::MapId::File("mäp 7".into()))),
                options: Options::default(),
                names: [None, Some("Ø".into())],
            },
        ];
        let mut rng = SplitMix64::new(35);
        for setup in setups {
            for length in [0, 1, 2, 7, 80] {
                let start = setup.ttt_game().unwrap();
                let (moves, _) = random_ttt_game(start, &mut rng, Some(length));
                let decoded: Vec<DecodedMove> = moves
                    .iter()
                    .map(|&mv| DecodedMove {
                        mv,
                        confidence: 0.5,
                        uncertain: rng.index(3) == 0,
                        unchecked: false,
                    })
                    .collect();
                let (text, game) = written(&setup, &decoded);
                let parsed = crate::record::parse(&text).expect("a record").remove(0);
                assert_eq!(game, parsed, "{text}");
                let doubtful = decoded.iter().filter(|m| m.uncertain).count();
                assert_eq!(text.matches(" {?}").count(), doubtful, "{text}");
            }
        }
    }
}
