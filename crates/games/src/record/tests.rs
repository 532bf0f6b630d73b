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
    assert_eq!((m.line, m.col), (7, 20));
    let n = m.number.as_ref().unwrap();
    assert_eq!((n.number, n.ellipsis, n.line, n.col), (2, false, 7, 17));
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
    assert_eq!((m.col, m.number.as_ref().unwrap().col), (25, 21));
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
    assert_eq!(g.moves[4].col, 22);
    assert_eq!(g.moves[5].player.as_deref(), Some("Ben"));
    assert_eq!(g.moves[6].player.as_deref(), Some("B"));
    assert_eq!((g.moves[6].line, g.moves[6].col), (3, 37));
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
            MoveBody::Unreadable { reason } => (m.text.to_string(), m.col, reason.clone()),
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
    assert_eq!((t.line, t.col, t.value_col), (2, 1, 10));
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
    assert_eq!((g.moves[2].line, g.moves[2].col), (5, 7));
}

fn error(text: &str) -> ParseError {
    parse(text).unwrap_err()
}

#[test]
fn broken_tags_report_line_column_and_what_was_expected() {
    let e = error("[Game \"sos\"]\n[Size 5x5]\n");
    assert_eq!((e.line, e.col), (2, 7));
    assert!(e.message.contains("expected a quoted value"), "{e}");
    let e = error("[Game \"sos]\n");
    assert_eq!((e.line, e.col), (1, 12));
    assert!(e.message.contains("close the value"));
    let e = error("[Game \"sos\"\n");
    assert!(e.message.contains("expected `]`"));
    let e = error("[ \"sos\"]\n");
    assert_eq!((e.line, e.col), (1, 3));
    let e = error("[Game \"sos\"] a1S\n");
    assert_eq!((e.line, e.col), (1, 14));
    assert!(e.message.contains("end of the line"));
}

#[test]
fn other_non_records_report_position() {
    let e = error("1. 5.5.5\n");
    assert_eq!((e.line, e.col), (1, 1));
    assert!(e.message.contains("tags"));
    let e = error("[Game \"ultimate\"]\n5.5 {never closed\n5.1\n");
    assert_eq!((e.line, e.col), (2, 5));
    assert!(e.message.contains("`}`"));
    let e = error("[Game \"ultimate\"]\n5.5 [Result \"X\"]\n");
    assert_eq!((e.line, e.col), (2, 5));
    let e = parse_bytes(b"[Game \"sos\"]\nab\xffc").unwrap_err();
    assert_eq!((e.line, e.col), (2, 3));
    assert!(e.message.contains("UTF-8"));
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
    assert_eq!((n.line, n.col, n.written()), (3, 1, "5,".to_string()));
    // Text that could be a move, or no number at all, stays a move.
    let g = one("[Game \"ultimate\"]\n5.3, 5,3 a5, 1234567,\n");
    assert_eq!(paths(&g), ["?5.3,", "?5,3", "?a5,", "?1234567,"]);
}
