//! Why the checker reports a move or a number: the error's kind and the
//! values it names (cells, players, counts), kept typed until a report is
//! written, then worded in the reader's language from the catalogues
//! ([`super::messages`]).
//!
//! A sentence is never made in English and translated afterwards: each
//! kind is one message of each catalogue, filled with the values. The
//! English message is the sentence the checker has always written (the
//! engines' own `Display` says the same, and a test holds them together),
//! and it stays in `CheckError::message` for scripts.
//!
//! What the record reader, the tags' checks and the claims' judge find
//! is typed the same way, in their own modules ([`Syntax`], [`NotAMove`],
//! [`SetupFault`], [`ClaimFault`]), and worded here with the rest.

use super::claims::ClaimFault;
use crate::games::sos::{SosError, SosOutcome, player_letter};
use crate::games::ttt::{Decided, MoveError, Outcome};
use crate::language::Language;
use crate::messages::{Arg, say};
use crate::record::{NotAMove, Syntax};
use crate::setup::SetupFault;

/// Why an error or warning was reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Reason {
    /// A move of the tic-tac-toe family the rules refuse.
    Move(MoveError),
    /// An SOS move the rules refuse.
    Sos(SosError),
    /// The player written is another player than the one to move (both as
    /// labels: `X (Sara)`).
    WrittenAsOther { written: String, turn: String },
    /// The player written is no player of the game.
    UnknownPlayer { who: String, players: String },
    /// A number read as another (`2,` as `2.`): a warning.
    NumberMistyped { written: String, read: String },
    /// A move number that does not fit, in a game numbered by pairs.
    NumberInPairs {
        written: String,
        number: u32,
        who: String,
        expected: super::numbers::Expected,
    },
    /// A move number that does not fit, in a game numbered move by move.
    NumberSingle { written: String, number: u32 },
    /// A bare number read as the move number (a warning).
    BareNumber { n: String },
    /// Text that is no move and that the numbers show is not counted.
    NotCounted(Box<Reason>),
    /// An SOS move in a game of the tic-tac-toe family of `depth`.
    SosMoveInTtt { depth: usize },
    /// A tic-tac-toe move in a game of SOS.
    TttMoveInSos,
    /// The first of several moves after the end, and how many follow it.
    AfterEnd { first: Box<Reason>, more: usize },
    /// A line the record reader cannot read.
    Syntax(Syntax),
    /// A word in the moves that is no move.
    NotAMove(NotAMove),
    /// A tag that makes the game impossible to check.
    Setup(SetupFault),
    /// A claim that is wrong or cannot be read.
    Claim(ClaimFault),
}

impl Reason {
    /// The sentence in `language`.
    pub(crate) fn words(&self, language: Language) -> String {
        let s = |id: &str, args: &[(&str, Arg<'_>)]| say(language, id, args);
        match self {
            Reason::Move(e) => move_words(e, language),
            Reason::Sos(e) => match e {
                SosError::GameOver { outcome } => s(
                    "move-after-end",
                    &[("outcome", Arg::Text(&sos_outcome_words(*outcome, language)))],
                ),
                SosError::OffBoard {
                    cell,
                    width,
                    height,
                } => s(
                    "sos-off-board",
                    &[
                        ("cell", Arg::Text(&cell.to_string())),
                        ("size", Arg::Text(&format!("{width}x{height}"))),
                    ],
                ),
                SosError::Occupied { cell, letter } => s(
                    "sos-occupied",
                    &[
                        ("cell", Arg::Text(&cell.to_string())),
                        ("letter", Arg::Text(&letter.to_string())),
                    ],
                ),
            },
            Reason::WrittenAsOther { written, turn } => s(
                "player-written-as-other",
                &[("written", Arg::Text(written)), ("turn", Arg::Text(turn))],
            ),
            Reason::UnknownPlayer { who, players } => s(
                "player-unknown",
                &[("who", Arg::Text(who)), ("players", Arg::Text(players))],
            ),
            Reason::NumberMistyped { written, read } => s(
                "number-mistyped",
                &[("written", Arg::Text(written)), ("read", Arg::Text(read))],
            ),
            Reason::NumberInPairs {
                written,
                number,
                who,
                expected,
            } => s(
                "number-wrong-in-pairs",
                &[
                    ("written", Arg::Text(written)),
                    ("number", Arg::Count(*number as usize)),
                    ("who", Arg::Text(who)),
                    (
                        "expected",
                        Arg::Text(&s(
                            "numbered",
                            &[
                                ("text", Arg::Text(&expected.written)),
                                (
                                    "none",
                                    Arg::Text(if expected.or_none { "yes" } else { "no" }),
                                ),
                            ],
                        )),
                    ),
                ],
            ),
            Reason::NumberSingle { written, number } => s(
                "number-wrong-single",
                &[
                    ("written", Arg::Text(written)),
                    ("number", Arg::Count(*number as usize)),
                ],
            ),
            Reason::BareNumber { n } => s("number-bare", &[("n", Arg::Text(n))]),
            Reason::NotCounted(reason) => s(
                "not-counted",
                &[("reason", Arg::Text(&reason.words(language)))],
            ),
            Reason::SosMoveInTtt { depth } => s(
                "sos-move-in-ttt",
                &[("depth", Arg::Text(depth_word(*depth)))],
            ),
            Reason::TttMoveInSos => s("ttt-move-in-sos", &[]),
            Reason::AfterEnd { first, more } => s(
                "after-end-and-more",
                &[
                    ("first", Arg::Text(&first.words(language))),
                    ("count", Arg::Count(*more)),
                ],
            ),
            Reason::Syntax(fault) => fault.words(language),
            Reason::NotAMove(fault) => fault.words(language),
            Reason::Setup(fault) => fault.words(language),
            Reason::Claim(fault) => fault.words(language),
        }
    }
}

/// A move's depth as the catalogues select on it.
fn depth_word(depth: usize) -> &'static str {
    match depth {
        1 => "one",
        2 => "two",
        _ => "three",
    }
}

/// A refused move of the tic-tac-toe family, in `language`.
fn move_words(e: &MoveError, language: Language) -> String {
    let s = |id: &str, args: &[(&str, Arg<'_>)]| say(language, id, args);
    let decided = |d: Decided| d.word();
    match e {
        MoveError::WrongDepth { expected, found } => s(
            "move-wrong-depth",
            &[
                ("expected", Arg::Count(usize::from(*expected))),
                ("found", Arg::Count(usize::from(*found))),
                ("depth", Arg::Text(depth_word(usize::from(*expected)))),
            ],
        ),
        MoveError::GameOver { outcome } => s(
            "move-after-end",
            &[("outcome", Arg::Text(&outcome_words(*outcome, language)))],
        ),
        MoveError::Occupied { cell, by } => s(
            "move-occupied",
            &[
                ("cell", Arg::Text(&cell.to_string())),
                ("by", Arg::Text(&by.to_string())),
            ],
        ),
        MoveError::WrongTacticalCell {
            required,
            decided: d,
        } => s(
            "move-wrong-tactical-cell",
            &[
                ("required", Arg::Text(&required.to_string())),
                ("decided", Arg::Text(decided(*d))),
            ],
        ),
        MoveError::WrongStrategicCell {
            strategic,
            target,
            decided: d,
        } => s(
            "move-wrong-strategic-cell",
            &[
                ("target", Arg::Text(&target.to_string())),
                ("strategic", Arg::Text(&strategic.to_string())),
                ("decided", Arg::Text(decided(*d))),
            ],
        ),
        MoveError::ClosedTacticalCell { cell, decided: d } => s(
            "move-closed-tactical-cell",
            &[
                ("cell", Arg::Text(&cell.to_string())),
                ("decided", Arg::Text(decided(*d))),
                ("depth", Arg::Text(depth_word(usize::from(cell.depth)))),
            ],
        ),
        MoveError::NoReturn {
            opponent,
            back_to,
            example,
        } => s(
            "move-no-return",
            &[
                ("opponent", Arg::Text(&opponent.to_string())),
                ("cell", Arg::Text(&back_to.to_string())),
                ("example", Arg::Text(&example.to_string())),
            ],
        ),
        MoveError::NoReturnStrategic {
            opponent,
            back_to,
            example,
        } => s(
            "move-no-return-strategic",
            &[
                ("opponent", Arg::Text(&opponent.to_string())),
                ("cell", Arg::Text(&back_to.to_string())),
                ("example", Arg::Text(&example.to_string())),
            ],
        ),
    }
}

/// How a game of the tic-tac-toe family ended, inside a sentence: `X won`,
/// `drawn`, `unfinished`.
fn outcome_words(outcome: Outcome, language: Language) -> String {
    match outcome {
        Outcome::Winner(m) => say(
            language,
            "result-won",
            &[("who", Arg::Text(&m.to_string())), ("how", Arg::Text(""))],
        ),
        Outcome::Draw => say(language, "ended-drawn", &[("how", Arg::Text(""))]),
        Outcome::Unfinished => say(language, "ended-unfinished", &[]),
    }
}

/// How a game of SOS ended, inside a sentence.
fn sos_outcome_words(outcome: SosOutcome, language: Language) -> String {
    let winners = |o: SosOutcome| {
        o.winners()
            .into_iter()
            .map(|p| player_letter(p).to_string())
            .collect::<Vec<_>>()
            .join("+")
    };
    let how = ("how", Arg::Text(""));
    match outcome {
        SosOutcome::Winner(_) => say(
            language,
            "result-won",
            &[("who", Arg::Text(&winners(outcome))), how],
        ),
        SosOutcome::SharedWin(_) => say(
            language,
            "result-shared",
            &[("who", Arg::Text(&winners(outcome))), how],
        ),
        SosOutcome::Draw => say(language, "ended-drawn", &[how]),
        SosOutcome::Unfinished => say(language, "ended-unfinished", &[]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_source;
    use crate::games::sos::{Cell, Letter};
    use crate::games::ttt::{Mark, Move, TacticalCell};
    use crate::messages::english_left as left_in;

    /// Every refusal the engines can give, with each option that changes
    /// its words.
    fn engine_errors() -> Vec<Reason> {
        let mv = |p: &[u8]| Move::new(p).expect("a move");
        let cell = |index, depth| TacticalCell { index, depth };
        let mut all = Vec::new();
        for depth in 1..=3 {
            all.push(Reason::Move(MoveError::WrongDepth {
                expected: depth,
                found: 1,
            }));
        }
        for outcome in [Outcome::Winner(Mark::O), Outcome::Draw, Outcome::Unfinished] {
            all.push(Reason::Move(MoveError::GameOver { outcome }));
        }
        all.push(Reason::Move(MoveError::Occupied {
            cell: mv(&[5, 3]),
            by: Mark::X,
        }));
        for decided in [Decided::Open, Decided::Free, Decided::Closed] {
            all.push(Reason::Move(MoveError::WrongTacticalCell {
                required: cell(40, 3),
                decided,
            }));
            all.push(Reason::Move(MoveError::WrongStrategicCell {
                strategic: 4,
                target: cell(40, 3),
                decided,
            }));
            for depth in [2, 3] {
                all.push(Reason::Move(MoveError::ClosedTacticalCell {
                    cell: cell(4, depth),
                    decided,
                }));
            }
        }
        all.push(Reason::Move(MoveError::NoReturn {
            opponent: Mark::O,
            back_to: cell(12, 3),
            example: mv(&[2, 4, 6]),
        }));
        all.push(Reason::Move(MoveError::NoReturnStrategic {
            opponent: Mark::X,
            back_to: 7,
            example: mv(&[2, 4, 6]),
        }));
        let c3 = Cell { col: 2, row: 2 };
        for outcome in [
            SosOutcome::Winner(1),
            SosOutcome::SharedWin(0b101),
            SosOutcome::Draw,
            SosOutcome::Unfinished,
        ] {
            all.push(Reason::Sos(SosError::GameOver { outcome }));
        }
        all.push(Reason::Sos(SosError::OffBoard {
            cell: c3,
            width: 2,
            height: 9,
        }));
        all.push(Reason::Sos(SosError::Occupied {
            cell: c3,
            letter: Letter::O,
        }));
        all
    }

    #[test]
    fn the_english_catalogue_says_what_the_engines_say() {
        for reason in engine_errors() {
            let engine = match &reason {
                Reason::Move(e) => e.to_string(),
                Reason::Sos(e) => e.to_string(),
                _ => unreachable!(),
            };
            assert_eq!(reason.words(Language::En), engine, "{reason:?}");
        }
    }

    /// Illegal records with every kind of error a move, a tag, a claim or
    /// the record's text can have.
    const ILLEGAL: &[&str] = &[
        "[Game \"tictactoe\"]\n1. 5 5 2. 1 9 3. 3 7 4. 2\n",
        "[Game \"tictactoe\"]\n1 4 2 5 3 6 9 8 7\n",
        "[Game \"tictactoe\"]\n[X \"Anna\"]\n[O \"Ben\"]\n1. X: 5 X: 1 2. Cy: 9\n",
        "[Game \"tictactoe\"]\n1. 5 1 5. 9 2\n5.3\n",
        "[Game \"strategic\"]\n[Ruleset \"tactical\"]\n1. 1.5.9 4.2.7 2. 2.7.5 5.5\n",
        "[Game \"strategic\"]\n[NoReturn \"yes\"]\n1. 4.5.6 5.6.4 2. 6.4.9 6.9.6 3. 8.6.3 4.3.3 4. 2.3.5 2.5.3 5. 4.3.1\n",
        "[Game \"ultimate\"]\n1. 5.5 5.1 3. 1.5 5.9 3. 9.5 5.2\n",
        "[Game \"sos\"]\n[Size \"4x3\"]\na1S a1O e1S 5.3\n",
        "[Game \"sos\"]\n[Size \"3\"]\n1. a1S 2, b2O 3. c3S\n",
        "[Game \"sos\"]\n[Size \"3\"]\n[Players \"Ann, Ben\"]\nA:a1S A:b2O Cat:c3S\n",
        "[Game \"sos\"]\n[Size \"3\"]\na1S b1O c1S a2S b2S c2S a3S b3S c3S a1O b3O\n",
        // What the record reader says of words that are no moves.
        "[Game \"tictactoe\"]\n1. 5 0 2. x 1.2.3.4\n",
        "[Game \"strategic\"]\n1. 5.3.7 5..3 2. 5.3. +\n",
        "[Game \"sos\"]\n[Size \"3\"]\na1S zz a1\n",
        // Lines that are no record.
        "[Game \"tictactoe\"]\n[Result \"X\"] 5\n1. 5 1 ] {never closed\n",
        "[Game\n[Event \"unclosed\n[Site]\n[Round \"1\"\n1. 5 1\n",
        // Tags that cannot be used.
        "[Game \"ultimat\"]\n1. 5.5\n",
        "[Game \"chess\"]\n1. 5.5\n",
        "[Game \"strategic\"]\n[Ruleset \"functionel\"]\n1. 5.5.5\n",
        "[Game \"strategic\"]\n[Map \"maps/x\"]\n1. 5.5.5\n",
        "[Game \"strategic\"]\n[Map \"map99\"]\n1. 5.5.5\n",
        // A map of the other kind than the ruleset needs.
        "[Game \"strategic\"]\n[Map \"hmap2\"]\n1. 5.5.5\n",
        "[Game \"strategic\"]\n[Ruleset \"hyperfunctional\"]\n[HyperMap \"map34\"]\n1. 5.5.5\n",
        "[Game \"ultimate\"]\n[Draws \"maybe\"]\n1. 5.5\n",
        "[Game \"ultimate\"]\n[Decided \"closed\"]\n[PlayInDecided \"yes\"]\n1. 5.5\n",
        "[Event \"x\"]\n1. 5\n",
        "[Game \"sos\"]\n1. a1S\n",
        "[Game \"sos\"]\n[Size \"big\"]\na1S\n",
        "[Game \"sos\"]\n[Size \"30\"]\na1S\n",
        "[Game \"sos\"]\n[Size \"3\"]\n[Variant \"odd\"]\na1S\n",
        "[Game \"sos\"]\n[Size \"3\"]\n[Players \"A,B,C,D,E,F,G,H,I\"]\na1S\n",
        // Claims that are wrong or cannot be read.
        "[Game \"tictactoe\"]\n[Result \"maybe\"]\n1. 5 1 2. 9\n",
        "[Game \"tictactoe\"]\n[Result \"O\"]\n1. 5 1 2. 9 3 3. 7\n",
        "[Game \"tictactoe\"]\n[Result \"X\"]\n[Termination \"resignation\"]\n1. 1 4 2. 2 5 3. 3\n",
        "[Game \"tictactoe\"]\n[Result \"X\"]\n[Termination \"bored\"]\n1. 5 1\n",
        "[Game \"tictactoe\"]\n[Termination \"time\"]\n1. 5 1\n",
        "[Game \"sos\"]\n[Size \"3\"]\n[Players \"Ann, Ben, Cat\"]\n[Result \"Ann+Ben+Cat\"]\n[Score \"Ann 1, Ben x\"]\na1S b1O c1S a2S b2S c2S a3S b3S c3S\n",
        "[Game \"sos\"]\n[Size \"3\"]\n[Result \"B\"]\n[Score \"A 3, B 2\"]\na1S b1O c1S a2S b2S c2S a3S b3S c3S\n",
        "[Game \"sos\"]\n[Size \"3\"]\n[Players \"Ann, Ben, Cat\"]\n[Result \"nobody\"]\na1S\n",
    ];

    /// A map file that cannot be used, for each reason there is.
    fn unusable_maps() -> Vec<crate::maps::UnusableMap> {
        use crate::maps::{BuiltinMap, MapError, MapFile, UnusableMap, parse_map_file};
        use crate::source::text::{FileKind, InputError};
        let path = || "maps/mine.toml".to_string();
        let mut errors: Vec<MapError> = [
            FileKind::Folder,
            FileKind::Fifo,
            FileKind::Socket,
            FileKind::Device,
            FileKind::Other,
        ]
        .into_iter()
        .map(|what| InputError::NotAFile { path: path(), what }.into())
        .collect();
        errors.push(
            InputError::TooLarge {
                path: path(),
                limit: 1 << 20,
                limit_text: "1 MiB".into(),
            }
            .into(),
        );
        errors.push(
            InputError::NotUtf8 {
                path: path(),
                at: crate::source::Position { line: 2, col: 5 },
            }
            .into(),
        );
        errors.push(
            InputError::Io {
                path: path(),
                cause: std::io::ErrorKind::PermissionDenied.into(),
            }
            .into(),
        );
        errors.extend(parse_map_file("mine.toml", "columns = [1, 2").err());
        errors.extend(parse_map_file("mine.toml", "columns = [[1, 2]]").err());
        errors.extend(
            MapFile::builtin(BuiltinMap::from_name("hmap2").unwrap())
                .functional()
                .err(),
        );
        errors.push(MapError::Unknown("mine".into()));
        errors
            .iter()
            .map(|e| UnusableMap::new("maps/mine.toml", e))
            .collect()
    }

    /// A file the system would not let be read, for each reason worded.
    fn io_errors() -> Vec<crate::check::FileError> {
        use std::io::ErrorKind as K;
        [
            K::PermissionDenied,
            K::NotFound,
            K::StorageFull,
            K::QuotaExceeded,
            K::ReadOnlyFilesystem,
            K::IsADirectory,
            K::NotADirectory,
            K::FileTooLarge,
            K::InvalidFilename,
            K::CrossesDevices,
            K::TimedOut,
        ]
        .into_iter()
        .map(|kind| {
            crate::check::FileError::unopened(&crate::source::text::InputError::Io {
                path: "g.txt".into(),
                cause: kind.into(),
            })
        })
        .collect()
    }

    /// Records that are no record at all, or hold no game.
    const NOT_RECORDS: &[&str] = &["hello world\n", "; only a comment\n", "5.3 [Game \"x\"]\n"];

    #[test]
    fn an_illegal_record_checked_in_german_russian_or_thai_has_no_english_word() {
        // What stays as written in every language: the game's name, what
        // the record wrote (the names of its players), the names of games,
        // rulesets and maps a tag takes, units.
        let kept = [
            "sos",
            "anna",
            "ben",
            "ann",
            "cy",
            "cat",
            "sos",
            "tictactoe",
            "ultimate",
            "strategic",
            "tactical",
            "functional",
            "hyperfunctional",
            "map",
            "hmap",
            "utf",
            "kib",
            "mib",
            "fifo",
            // The map file's path, as the person checking named it.
            "mine",
            "maps",
            "toml",
        ];
        let mut seen = std::collections::BTreeSet::new();
        let mut english_left = Vec::new();
        for record in ILLEGAL {
            let f = check_source("g.txt", record.as_bytes(), None);
            let g = &f.games[0].report;
            assert!(g.errors.len() + g.warnings.len() > 0, "{record}");
            for e in g.errors.iter().chain(&g.warnings) {
                seen.insert(e.code);
                assert_eq!(e.says(Language::En), e.message);
                for language in [Language::De, Language::Ru, Language::Th] {
                    let said = e.says(language);
                    for word in left_in(&e.message, &said, language, &kept) {
                        english_left.push(format!(
                            "{language}: `{word}` of `{}` in `{said}`",
                            e.message
                        ));
                    }
                }
            }
        }
        for record in NOT_RECORDS {
            let f = check_source("g.txt", record.as_bytes(), None);
            let e = f.error.as_ref().expect("not a record");
            seen.insert("not-a-record");
            assert_eq!(e.says(Language::En), e.message);
            for language in [Language::De, Language::Ru, Language::Th] {
                let said = e.line_in("g.txt", language);
                for word in left_in(&e.message, &said, language, &kept) {
                    english_left.push(format!("{language}: `{word}` in `{said}`"));
                }
            }
        }
        // Every refusal of the engines, each way it can be worded; a map
        // file a record names that cannot be used, each way; the system's
        // reasons a file cannot be read.
        let said_of = engine_errors()
            .into_iter()
            .map(|reason| {
                (
                    reason.words(Language::En),
                    Box::new(move |l| reason.words(l)) as Box<dyn Fn(Language) -> String>,
                )
            })
            .chain(unusable_maps().into_iter().map(|e| {
                assert_eq!(e.words(Language::En), e.to_string());
                (
                    e.to_string(),
                    Box::new(move |l| e.words(l)) as Box<dyn Fn(Language) -> String>,
                )
            }))
            .chain(io_errors().into_iter().map(|e| {
                assert_eq!(e.says(Language::En), e.message);
                (
                    e.message.clone(),
                    Box::new(move |l| e.says(l)) as Box<dyn Fn(Language) -> String>,
                )
            }));
        for (message, says) in said_of {
            for language in [Language::De, Language::Ru, Language::Th] {
                let said = says(language);
                for word in left_in(&message, &said, language, &kept) {
                    english_left.push(format!("{language}: `{word}` in `{said}`"));
                }
            }
        }
        assert!(english_left.is_empty(), "{english_left:#?}");
        for code in [
            "syntax",
            "setup",
            "unreadable-claim",
            "wrong-result",
            "wrong-score",
            "wrong-termination",
            "not-a-record",
            "occupied",
            "after-end",
            "wrong-player",
            "move-number",
            "mistyped-number",
            "wrong-tactical-cell",
            "no-return",
            "off-board",
            "unreadable",
        ] {
            assert!(seen.contains(code), "no record gives {code}: {seen:?}");
        }
    }
}
