use super::*;
use crate::games::sos::{Cell, Letter};

fn one(text: &str) -> GameRecord {
    let mut games = parse(text).unwrap();
    assert_eq!(games.len(), 1, "{games:?}");
    games.remove(0)
}

fn paths(g: &GameRecord) -> Vec<String> {
    g.moves
        .iter()
        .map(|m| match &m.body {
            MoveBody::Path(p) => p.to_string(),
            MoveBody::Sos(s) => s.to_string(),
            MoveBody::Unreadable { .. } => format!("?{}", m.text),
        })
        .collect()
}

#[test]
fn the_format_example_parses_with_tags_comments_and_numbers() {
    let text = "[Game \"strategic\"]        ; sos | tictactoe\n\
                [Ruleset \"functional\"]\n\
                [Map \"map34\"]\n\
                [X \"Anna\"]\n\
                [Result \"X\"]\n\
                \n\
                1. 5.5.5 5.5.1  2. 5.1.9 1.9.5 {comments in braces are ignored}\n\
                3. 9.5.1\n";
    let g = one(text);
    assert_eq!(g.tags.len(), 5);
    assert_eq!(g.tag("game").unwrap().value, "strategic");
    assert_eq!(g.tag("RULESET").unwrap().value, "functional");
    assert_eq!(paths(&g), ["5.5.5", "5.5.1", "5.1.9", "1.9.5", "9.5.1"]);
    let m = &g.moves[2];
    assert_eq!((m.at.line, m.at.col), (7, 20));
    let n = m.number.as_ref().unwrap();
    assert_eq!(
        (n.number, n.ellipsis, n.at.line, n.at.col),
        (2, false, 7, 17)
    );
    assert!(g.moves[1].number.is_none());
    assert_eq!(g.line, 1);
}

#[test]
fn separators_and_no_separator_are_the_same_move() {
    let g = one("[Game \"strategic\"]\n5.3.7 5-3-7 5/3/7 537 5.3-7\n");
    assert_eq!(paths(&g), ["5.3.7"; 5]);
    let g = one("[Game \"ultimate\"]\n5.3 53 5 \n");
    assert_eq!(paths(&g), ["5.3", "5.3", "5"]);
}

#[test]
fn ellipsis_numbers_attach_to_the_following_move() {
    let g = one("[Game \"ultimate\"]\n1. 5.5 {X} 1... 5.1 2...1.5\n");
    assert_eq!(paths(&g), ["5.5", "5.1", "1.5"]);
    let n = g.moves[1].number.as_ref().unwrap();
    assert!(n.ellipsis);
    assert_eq!(n.to_string(), "1...");
    let m = &g.moves[2];
    assert_eq!((m.at.col, m.number.as_ref().unwrap().at.col), (25, 21));
}

#[test]
fn sos_moves_in_every_spelling_with_players() {
    let g = one("[Game \"sos\"]\n[Size \"5x5\"]\nc3S c3=s S@c3 o@C3 A:a1S Ben:b2O B: d4o\n");
    assert_eq!(paths(&g), ["c3S", "c3S", "c3S", "c3O", "a1S", "b2O", "d4O"]);
    let cell = Cell { col: 2, row: 2 };
    assert_eq!(
        g.moves[3].body,
        MoveBody::Sos(SosMove {
            cell,
            letter: Letter::O
        })
    );
    assert_eq!(g.moves[4].player.as_deref(), Some("A"));
    assert_eq!(g.moves[4].at.col, 22);
    assert_eq!(g.moves[5].player.as_deref(), Some("Ben"));
    assert_eq!(g.moves[6].player.as_deref(), Some("B"));
    assert_eq!((g.moves[6].at.line, g.moves[6].at.col), (3, 37));
    let g = one("[Game \"sos\"]\nz26S\n");
    assert_eq!(paths(&g), ["z26S"]);
}

#[test]
fn unreadable_moves_are_kept_with_position_and_reason() {
    let g = one("[Game \"strategic\"]\n1. 5.0.1 5..3 5.3.7.1 x9Q 5. @@ 5.\n");
    let reasons: Vec<_> = g
        .moves
        .iter()
        .map(|m| match &m.body {
            MoveBody::Unreadable { reason } => (m.text.to_string(), m.at.col, reason.to_string()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(reasons[0].0, "5.0.1");
    assert_eq!(reasons[0].1, 4);
    assert!(reasons[0].2.contains("1..9"));
    assert_eq!(reasons[1].0, "5..3");
    assert!(reasons[2].2.contains("at most 3"));
    assert!(reasons[3].2.contains("SOS move"));
    assert_eq!(reasons[4].0, "@@");
    assert_eq!(reasons[4].1, 30);
    assert_eq!(g.moves.len(), 5, "a trailing number is no move");
}

#[test]
fn unknown_tags_are_kept_and_escapes_read() {
    let g = one("[Game \"tictactoe\"]\n[School \"St. \\\"Mary\\\" \\\\ 4b\"]\n5\n");
    let t = g.tag("school").unwrap();
    assert_eq!(t.value, "St. \"Mary\" \\ 4b");
    assert_eq!((t.at.line, t.at.col, t.value_at.col), (2, 1, 10));
}

#[test]
fn several_games_split_on_tags_after_moves_or_blank_lines() {
    let text = "[Game \"tictactoe\"]\n\n5 1 9\n\n[Game \"ultimate\"]\n5.5\n[Game \"sos\"]\n\n[Game \"sos\"]\n[Size \"3\"]\na1S\n";
    let games = parse(text).unwrap();
    assert_eq!(games.len(), 4);
    assert_eq!(games[0].moves.len(), 3);
    assert_eq!(games[1].line, 5);
    assert_eq!(games[1].moves.len(), 1);
    assert!(games[2].moves.is_empty());
    assert_eq!(games[3].tags.len(), 2);
    assert_eq!(games[3].line, 9);
}

#[test]
fn comments_span_lines_and_semicolons_end_lines() {
    let g = one("[Game \"tictactoe\"] {a\ncomment}\n5 ; 1 2 3\n{x} 1 {multi\nline} 9\n");
    assert_eq!(paths(&g), ["5", "1", "9"]);
    assert_eq!((g.moves[2].at.line, g.moves[2].at.col), (5, 7));
}

fn error(text: &str) -> ParseError {
    parse(text).unwrap_err()
}

#[test]
fn broken_tags_report_line_column_and_what_was_expected() {
    let e = error("[Game \"sos\"]\n[Size 5x5]\n");
    assert_eq!((e.at.line, e.at.col), (2, 7));
    assert!(e.message().contains("expected a quoted value"), "{e}");
    let e = error("[Game \"sos]\n");
    assert_eq!((e.at.line, e.at.col), (1, 12));
    assert!(e.message().contains("close the value"));
    let e = error("[Game \"sos\"\n");
    assert!(e.message().contains("expected `]`"));
    let e = error("[ \"sos\"]\n");
    assert_eq!((e.at.line, e.at.col), (1, 3));
    let e = error("[Game \"sos\"] a1S\n");
    assert_eq!((e.at.line, e.at.col), (1, 14));
    assert!(e.message().contains("end of the line"));
}

#[test]
fn other_non_records_report_position() {
    let e = error("1. 5.5.5\n");
    assert_eq!((e.at.line, e.at.col), (1, 1));
    assert!(e.message().contains("tags"));
    let e = error("[Game \"ultimate\"]\n5.5 {never closed\n5.1\n");
    assert_eq!((e.at.line, e.at.col), (2, 5));
    assert!(e.message().contains("`}`"));
    let e = error("[Game \"ultimate\"]\n5.5 [Result \"X\"]\n");
    assert_eq!((e.at.line, e.at.col), (2, 5));
    let e = parse_bytes(b"[Game \"sos\"]\nab\xffc").unwrap_err();
    assert_eq!((e.at.line, e.at.col), (2, 3));
    assert!(e.message().contains("UTF-8"));
}

#[test]
fn empty_and_comment_only_inputs_hold_no_games() {
    assert!(parse("").unwrap().is_empty());
    assert!(parse("\u{feff}; nothing\n{here}\n\n").unwrap().is_empty());
}

#[test]
fn a_mistyped_move_number_is_read_as_the_number_it_stands_for() {
    let g = one("[Game \"ultimate\"]\n4. 3.2 2.7\n5, 7.3 3.9 6) 9.5 6.. 5.7 7: 7.6 8- 5.6\n");
    assert_eq!(
        paths(&g),
        ["3.2", "2.7", "7.3", "3.9", "9.5", "5.7", "7.6", "5.6"]
    );
    let numbers: Vec<(u32, bool, Option<String>)> = g
        .moves
        .iter()
        .filter_map(|m| m.number.as_ref())
        .map(|n| {
            (
                n.number,
                n.ellipsis,
                n.mistyped.as_ref().map(|t| t.to_string()),
            )
        })
        .collect();
    assert_eq!(
        numbers,
        [
            (4, false, None),
            (5, false, Some("5,".into())),
            (6, false, Some("6)".into())),
            (6, true, Some("6..".into())),
            (7, false, Some("7:".into())),
            (8, false, Some("8-".into())),
        ]
    );
    let n = g.moves[2].number.as_ref().unwrap();
    assert_eq!((n.at.line, n.at.col, n.written()), (3, 1, "5,".to_string()));
    // Text that could be a move, or no number at all, stays a move.
    let g = one("[Game \"ultimate\"]\n5.3, 5,3 a5, 1234567,\n");
    assert_eq!(paths(&g), ["?5.3,", "?5,3", "?a5,", "?1234567,"]);
}

/// Everything [`Records`] makes of `bytes`, read through `records`.
fn read_all<R: std::io::BufRead>(records: Records<R>) -> Vec<Result<RecordItem, String>> {
    records
        .map(|item| item.map_err(|e| e.to_string()))
        .collect()
}

/// Reads `bytes` the fast way and the general way, and fails where they
/// differ; also through a small reader buffer, so lines straddle it.
fn same_both_ways(bytes: &[u8], what: &str) {
    let general = read_all(Records::general(bytes));
    assert_eq!(read_all(Records::new(bytes)), general, "{what}");
    let small = std::io::BufReader::with_capacity(7, bytes);
    assert_eq!(
        read_all(Records::new(small)),
        general,
        "{what}, small buffer"
    );
    assert_eq!(read_reusing(bytes), general, "{what}, games handed back");
}

/// What [`Records`] makes of `bytes` when every game is handed back to be
/// read into again.
fn read_reusing(bytes: &[u8]) -> Vec<Result<RecordItem, String>> {
    let mut records = Records::new(bytes);
    let mut items = Vec::new();
    while let Some(item) = records.next() {
        if let Ok(RecordItem::Game(g)) = &item {
            records.reuse(g.clone());
        }
        items.push(item.map_err(|e| e.to_string()));
    }
    items
}

/// A game handed back lends its room to a later game, emptied first.
#[test]
fn a_game_handed_back_is_read_into_again() {
    let text = "[Game \"ultimate\"]\n1. 5.5 5.1\n\n[Game \"ultimate\"]\n1. 5.5\n\n\
                [Game \"ultimate\"]\n1. 1.1\n";
    let mut records = Records::new(text.as_bytes());
    let Some(Ok(RecordItem::Game(mut first))) = records.next() else {
        panic!("a game");
    };
    first.moves.reserve(5_000);
    let room = first.moves.capacity();
    records.reuse(first);
    let games: Vec<GameRecord> = records
        .map(|item| match item {
            Ok(RecordItem::Game(g)) => g,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(paths(&games[0]), ["5.5"]);
    assert_eq!(paths(&games[1]), ["1.1"]);
    assert_eq!(games[1].tags.len(), 1);
    // The second game was begun before the first came back; the third
    // is read into the first one's room.
    assert!(
        games[1].moves.capacity() >= room,
        "{}",
        games[1].moves.capacity()
    );
}

/// The records the fast path is tested on: the example records (legal and
/// illegal), random games of each kind, and hand-made lines of every
/// shape a plain line or tag may take, and of shapes near them.
fn varied_records() -> Vec<(String, Vec<u8>)> {
    let mut records = Vec::new();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/records");
    for dir in [dir.clone(), dir.join("illegal")] {
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
            .collect();
        files.sort();
        for file in files {
            records.push((file.display().to_string(), std::fs::read(&file).unwrap()));
        }
    }
    assert!(records.len() >= 20, "the example records are read");
    // Random games of each kind, as the checker's benchmark files hold
    // them (`check::random`, which names them by their setup; the record
    // layer sits below the setup, so the engine is started here).
    use crate::games::ttt::{Game, Options, Ruleset, Variant};
    let strategic = Variant::Strategic(Ruleset::Functional(crate::maps::map34()));
    for (what, variant, tags, players) in [
        (
            "random ultimate",
            Variant::Ultimate,
            vec![("Game", "ultimate")],
            true,
        ),
        (
            "random strategic",
            strategic,
            vec![
                ("Game", "strategic"),
                ("Ruleset", "functional"),
                ("Map", "map34"),
            ],
            false,
        ),
    ] {
        let start = Game::new(variant, Options::default());
        let tags: Vec<(&str, String)> = tags.into_iter().map(|(n, v)| (n, v.to_string())).collect();
        let mut bytes = Vec::new();
        random::random_ttt_record(&mut bytes, &start, &tags, players, 20_000, 7).unwrap();
        records.push((what.into(), bytes));
    }
    let hand = "[Game \"ultimate\"]\n\
                1. 5.3 3.7 2. 7.1 1... 1.2 3.\t4.4\r\n\
                5 0 0.5 5.0 10.5 1234567. 000001. 7.. 8, 9) 2...5.5 x.y 5.5.5.5\n\
                A:5.5 X: 5.5 3.3: 1.1.1 11 555 5-5 5/5 .5 5. . ... 9999999...\n\
                \n\
                [Game \"tictactoe\"]\n\
                1. 5 1 2. 9 3 3. 7 0 10 1.\n\
                [Game \"sos\"]\n\
                [Size \"3\"]\n\
                1. a1S b2O c3=S S@a3 A:b1O\n";
    records.push(("hand-made".into(), hand.as_bytes().to_vec()));
    let long = |n: usize| "v".repeat(n);
    let tags = format!(
        "[Game \"ultimate\"]\n[Event \"Club, round 2\"] \t\r\n[X  \"Ann\"]\n[O\"Bo\"]\n\
         [Note \"a \\\"q\\\" b\"]\n[ Site \"x\"]\n[Site \"x\" ]\n[Site \"x\"] ; c\n\
         [Site \"x\"] {{c}}\n[Site \"x\"]x\n[Site\t\"x\"]\n[Site \"é\"]\n[Site \"a\x7f\"]\n\
         [A \"{}\"]\n[B \"{}\"]\n[{} \"v\"]\n[{} \"v\"]\n[_-9 \"\"]\n[Site \"x\"\n1. 5.5\n",
        long(200),
        long(201),
        long(200),
        long(201)
    );
    records.push(("hand-made tags".into(), tags.into_bytes()));
    records
}

/// The fast path for plain movetext reads every record as the general
/// lexer does: the same games, tags, moves (text, line, column, number,
/// player, body) and errors, over the example records, random games, and
/// thousands of mangled copies (a byte changed, put in or left out: a
/// comment or bracket in the moves, a tab, a stray digit, a byte that is
/// not UTF-8, a line break).
#[test]
fn plain_lines_read_as_the_general_lexer_reads_them() {
    let records = varied_records();
    for (what, bytes) in &records {
        same_both_ways(bytes, what);
    }
    let odd: &[&[u8]] = &[
        b"{",
        b"}",
        b";",
        b"[",
        b"]",
        b"\t",
        b"\r",
        b"\n",
        b" ",
        b"0",
        b"1",
        b".",
        b"...",
        b",",
        b":",
        b"x",
        b"\xff",
        "é".as_bytes(),
        "…".as_bytes(),
        "\u{feff}".as_bytes(),
        b"\x0b",
        b"\x01",
    ];
    let mut rng = crate::rng::SplitMix64::new(22);
    for (what, bytes) in &records {
        // Short records whole, the long ones from their start.
        let base = bytes.get(..bytes.len().min(3_000)).unwrap();
        for round in 0..150 {
            let mut mangled = base.to_vec();
            for _ in 0..1 + rng.index(3) {
                let at = rng.index(mangled.len() + 1);
                let with = odd[rng.index(odd.len())];
                match rng.index(3) {
                    0 if at < mangled.len() => {
                        mangled.splice(at..at + 1, with.iter().copied());
                    }
                    1 if at < mangled.len() => {
                        mangled.remove(at);
                    }
                    _ => {
                        mangled.splice(at..at, with.iter().copied());
                    }
                }
            }
            same_both_ways(&mangled, &format!("{what}, mangled {round}"));
        }
    }
}

/// The test above can tell the paths apart: a record whose plain line
/// reads differently from the general path would fail it. Here the
/// general path's reading is checked to differ from a wrong one, so the
/// comparison is of real readings, not of two empty lists.
#[test]
fn the_fast_path_comparison_sees_moves() {
    let bytes = b"[Game \"ultimate\"]\n1. 5.3 3.7 2. 7.1\n";
    let general = read_all(Records::general(&bytes[..]));
    let Ok(RecordItem::Game(g)) = &general[0] else {
        panic!("{general:?}");
    };
    assert_eq!(paths(g), ["5.3", "3.7", "7.1"]);
    assert_eq!((g.moves[2].at.line, g.moves[2].at.col), (2, 15));
    assert_eq!(g.moves[2].number.as_ref().unwrap().at.col, 12);
}
