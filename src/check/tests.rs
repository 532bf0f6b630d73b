use super::text::{error_line, game_text};
use super::*;

fn check(text: &str) -> Vec<GameReport> {
    let f = check_source("game.txt", text.as_bytes(), None);
    assert!(f.error.is_none(), "{:?}", f.error);
    f.games.into_iter().map(|g| g.report).collect()
}

fn one(text: &str) -> GameReport {
    let mut r = check(text);
    assert_eq!(r.len(), 1);
    r.remove(0)
}

fn lines(r: &GameReport) -> Vec<String> {
    r.errors.iter().map(|e| error_line(&r.file, e)).collect()
}

#[test]
fn legal_ultimate_game_with_right_claim() {
    let r = one("[Game \"ultimate\"]\n[Result \"*\"]\n1. 5.5 5.1 2. 1.5 5.9\n");
    assert_eq!(r.status, Status::Legal, "{:?}", r.errors);
    assert_eq!(r.result.as_ref().unwrap().outcome, "unfinished");
    assert!(r.claims[0].right);
    assert_eq!(r.moves, 4);
}

#[test]
fn wrong_tactical_cell_is_reported_and_the_move_stands() {
    let r = one(
        "[Game \"strategic\"]\n[Ruleset \"tactical\"]\n1. 1.5.9 4.2.7 2. 2.7.5 ; O was sent to 5.9\n",
    );
    assert_eq!(r.status, Status::Illegal);
    assert_eq!(
        lines(&r),
        [
            "game.txt:3:10: move 1 (O) 4.2.7: must be played in tactical cell 5.9, which still has empty cells"
        ]
    );
    // The move stood: it sent X to 2.7, so X's 2.7.5 is legal.
    assert_eq!(r.errors.len(), 1);
}

#[test]
fn occupied_cell_is_skipped_but_keeps_turn_order() {
    let r = one("[Game \"tictactoe\"]\n1. 5 5 2. 1 9 3. 3 7 4. 2\n");
    assert_eq!(
        lines(&r),
        ["game.txt:2:6: move 1 (O) 5: the cell is already taken by X"]
    );
    // X: 5 1 3 2 -> the top row 1 2 3 wins for X.
    assert_eq!(r.result.as_ref().unwrap().winner.as_deref(), Some("X"));
}

#[test]
fn moves_after_the_end_are_one_error_with_their_count() {
    let r = one("[Game \"tictactoe\"]\n[Result \"X\"]\n1 4 2 5 3 6 9 8 7\n");
    let codes: Vec<_> = r.errors.iter().map(|e| e.code).collect();
    assert_eq!(codes, ["after-end"]);
    assert_eq!(r.errors[0].player.as_deref(), Some("O"));
    assert_eq!(r.errors[0].move_number, Some(3));
    assert_eq!((r.errors[0].line, r.errors[0].col), (3, 11));
    assert!(r.errors[0].message.contains("X won"));
    assert!(
        r.errors[0]
            .message
            .ends_with("this and the 3 moves after it are all after the end"),
        "{}",
        r.errors[0].message
    );
    assert!(r.claims[0].right);
    let one_after = one("[Game \"tictactoe\"]\n1 4 2 5 3 6\n");
    assert_eq!(one_after.errors.len(), 1);
    assert!(!one_after.errors[0].message.contains("moves after it"));
}

#[test]
fn move_numbers_are_checked() {
    let r = one("[Game \"ultimate\"]\n1. 5.5 1... 5.1 3. 1.5 2... 5.9 2... 9.5\n");
    let msgs = lines(&r);
    assert_eq!(msgs.len(), 2, "{msgs:?}");
    assert_eq!(
        msgs[0],
        "game.txt:2:17: move 2 (X) 1.5: move number `3.` does not match: this is move 2 for X, numbered `2.` (a skipped or doubled line?)"
    );
    assert!(msgs[1].starts_with("game.txt:2:33: move 3 (X) 9.5: move number `2...`"));
}

#[test]
fn wrong_claimed_result_is_a_claim_error_only() {
    let r = one("[Game \"tictactoe\"]\n[X \"Anna\"]\n[O \"Ben\"]\n[Result \"Ben\"]\n1 4 2 5 3\n");
    assert_eq!(r.status, Status::WrongClaim);
    assert_eq!(
        lines(&r),
        [
            "game.txt:4:10: [Result \"Ben\"]: the claimed result is wrong: the record claims O (Ben) won, but the replay gives X (Anna) won"
        ]
    );
    assert!(game_text(&r).contains("X (Anna) won"));
}

#[test]
fn unreadable_move_passes_the_turn() {
    let r = one("[Game \"tictactoe\"]\n5 1 9q 9\n");
    assert_eq!(r.errors.len(), 1);
    assert_eq!(r.errors[0].code, "unreadable");
    assert_eq!((r.errors[0].line, r.errors[0].col), (2, 5));
    // 9 is then O's move 2.
    assert_eq!(r.errors[0].player.as_deref(), Some("X"));
}

#[test]
fn sos_game_scores_lines_claims_and_extra_turns() {
    let text = "[Game \"sos\"]\n[Size \"3x3\"]\n[Players \"Anna, Ben\"]\n[Result \"Anna\"]\n[Score \"A 1, Ben 0\"]\n\
                A:a1S B:c1S A:b1O A:a2O B:b2O A:c2O B:a3O A:b3O B:c3O\n";
    let r = one(text);
    assert_eq!(r.status, Status::Legal, "{:?}", lines(&r));
    assert_eq!(r.scores[0].score, 1);
    assert_eq!(r.lines[0].cells, ["a1", "b1", "c1"]);
    assert!(r.claims.iter().all(|c| c.right));
    let text = game_text(&r);
    assert!(text.contains("score: A (Anna) 1, B (Ben) 0"), "{text}");
    assert!(text.contains("SOS by A: a1-b1-c1"), "{text}");
}

#[test]
fn sos_out_of_turn_player_and_wrong_score() {
    let text = "[Game \"sos\"]\n[Size \"3\"]\n[Score \"A 2\"]\nA:a1S B:c1S B:b1O\n";
    let r = one(text);
    assert_eq!(
        lines(&r),
        [
            "game.txt:4:15: move 3 (A) b1O: written as B's move, but it is A's turn",
            "game.txt:3:9: [Score \"A 2\"]: the claimed score is wrong: A scored 1, not 2",
        ]
    );
    assert_eq!(r.status, Status::Illegal);
}

#[test]
fn sos_occupied_and_off_board() {
    let r = one("[Game \"sos\"]\n[Size \"4x3\"]\na1S a1O e1S\n");
    let codes: Vec<_> = r.errors.iter().map(|e| e.code).collect();
    assert_eq!(codes, ["occupied", "off-board"]);
    // B's a1O was skipped, so e1S is A's.
    assert_eq!(r.errors[1].player.as_deref(), Some("A"));
}

#[test]
fn bad_tags_make_a_game_unusable_with_position() {
    let f = check_source(
        "g.txt",
        b"[Game \"checkers\"]\n1. 5\n\n[Game \"sos\"]\n[Size \"2x9\"]\n\n[Game \"strategic\"]\n[Map \"nope\"]\n",
        None,
    );
    let r: Vec<_> = f.games.iter().map(|g| &g.report).collect();
    assert!(r.iter().all(|g| g.status == Status::Unusable));
    assert_eq!(
        lines(r[0]),
        ["g.txt:1:8: unknown game \"checkers\": expected sos, tictactoe, ultimate or strategic"]
    );
    assert_eq!((r[1].errors[0].line, r[1].errors[0].col), (5, 8));
    assert!(r[2].errors[0].message.contains("unknown map `nope`"));
    assert_eq!(exit_status(&[f]), 2);
}

#[test]
fn not_a_record_and_exit_statuses() {
    let f = check_source("x.txt", b"hello world\n", None);
    assert_eq!(f.error.as_ref().unwrap().line, 1);
    assert_eq!(exit_status(&[f]), 2);
    let empty = check_source("e.txt", b"; nothing\n", None);
    assert!(empty.error.is_some());
    let good = check_source("g.txt", b"[Game \"tictactoe\"]\n5\n", None);
    assert_eq!(exit_status(std::slice::from_ref(&good)), 0);
    let bad = check_source("b.txt", b"[Game \"tictactoe\"]\n5 5\n", None);
    assert_eq!(exit_status(&[good, bad]), 1);
}

#[test]
fn options_and_rulesets_come_from_the_tags() {
    let r = one(
        "[Game \"strategic\"]\n[Ruleset \"hyperfunctional\"]\n[HyperMap \"hmap2\"]\n[PlayInDecided \"no\"]\n[NoReturn \"yes\"]\n5.5.5 8.5.1\n",
    );
    assert_eq!(
        r.description,
        "strategic, hyperfunctional hmap2, play-in-decided no, no-return"
    );
    assert_eq!(r.status, Status::Legal, "{:?}", lines(&r));
    let r = one("[Game \"strategic\"]\n[NoReturn \"maybe\"]\n");
    assert_eq!(r.status, Status::Unusable);
    assert!(r.errors[0].message.contains("\"yes\" or \"no\""));
    // Default: functional map34.
    let r = one("[Game \"strategic\"]\n5.5.5 6.5.1\n");
    assert_eq!(r.description, "strategic, functional map34");
    assert_eq!(r.status, Status::Legal, "{:?}", lines(&r));
}

#[test]
fn json_report_carries_positions_codes_and_summary() {
    let f = check_source("j.txt", b"[Game \"tictactoe\"]\n5 5\n", None);
    let json: serde_json::Value = serde_json::from_str(&text::json_report(&[f])).unwrap();
    let e = &json["games"][0]["errors"][0];
    assert_eq!(e["line"], 2);
    assert_eq!(e["col"], 3);
    assert_eq!(e["move"], 1);
    assert_eq!(e["player"], "O");
    assert_eq!(e["code"], "occupied");
    assert_eq!(json["games"][0]["status"], "illegal");
    assert_eq!(json["summary"]["illegal"], 1);
    assert_eq!(json["exit"], 1);
}

#[test]
fn map_files_come_from_the_command_line_never_from_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let map = crate::maps::MapFile {
        name: "mine".into(),
        map: crate::maps::builtin("map67").unwrap(),
    };
    std::fs::write(dir.path().join("mine.toml"), map.to_toml()).unwrap();
    std::fs::write(dir.path().join("secret.conf"), "token = \"s3cr3t\"\n").unwrap();
    // map67: S=1 row 1 -> 3, so 1.1.1 sends to 3.1.
    let text = b"[Game \"strategic\"]\n[Map \"mine.toml\"]\n1.1.1 3.1.5\n";
    let mut maps = crate::maps::MapLibrary::new();
    maps.add_folder(dir.path()).unwrap();
    let f = check_source("r.txt", text, Some(&maps));
    assert_eq!(
        f.games[0].report.status,
        Status::Legal,
        "{:?}",
        f.games[0].report.errors
    );
    // Not offered: unknown, even though the file is there.
    let f = check_source("r.txt", text, None);
    assert_eq!(f.games[0].report.status, Status::Unusable);
    assert!(
        f.games[0].report.errors[0]
            .message
            .contains("unknown map `mine.toml`")
    );
    for tag in ["/dev/zero", "../secret.conf", "sub/mine.toml"] {
        let record = format!("[Game \"strategic\"]\n[Map \"{tag}\"]\n");
        let f = check_source("r.txt", record.as_bytes(), Some(&maps));
        let e = &f.games[0].report.errors[0].message;
        assert!(e.contains("by its name only"), "{tag}: {e}");
    }
    // A file in the folder that is no map: where, not what.
    let f = check_source(
        "r.txt",
        b"[Game \"strategic\"]\n[Map \"secret.conf\"]\n",
        Some(&maps),
    );
    let e = &f.games[0].report.errors[0].message;
    assert!(e.contains("cannot be used (at line 1, column 1)"), "{e}");
    assert!(!e.contains("token") && !e.contains("s3cr3t"), "{e}");
}

/// The text items of a page, in drawing order.
fn page_texts(page: &crate::display::Page) -> Vec<&str> {
    page.items
        .iter()
        .filter_map(|i| match i {
            crate::display::Item::Text(t) => Some(t.content.as_str()),
            _ => None,
        })
        .collect()
}

#[test]
fn diagram_draws_marks_won_fields_and_sos_lines() {
    use crate::display::Item;
    let f = check_source(
        "d.txt",
        b"[Game \"ultimate\"]\n1.1 1.5 5.1 1.4 4.1 1.6 6.1\n",
        None,
    );
    let doc = diagram::diagram(&f.games.iter().collect::<Vec<_>>());
    assert_eq!(doc.pages.len(), 1);
    let items = &doc.pages[0].items;
    let circles = items
        .iter()
        .filter(|i| matches!(i, Item::Circle { .. }))
        .count();
    // O played 1.5 1.4 1.6 and so won tactical cell 1: three marks, and one
    // O in the sheet's "Won boards" grid.
    assert_eq!(circles, 4);
    let tinted: Vec<_> = items
        .iter()
        .filter_map(|i| match i {
            Item::Rect {
                rect,
                fill: Some(c),
                stroke: None,
            } => Some((rect.w, *c)),
            _ => None,
        })
        .collect();
    assert_eq!(tinted.len(), 1, "only tactical cell 1 is decided");
    let on_sheet = items
        .iter()
        .any(|i| matches!(i, Item::Text(t) if t.content == "Ultimate Tic-Tac-Toe"));
    assert!(on_sheet, "drawn on the ultimate sheet");
    assert_eq!(tinted[0].1, crate::display::Color::rgb(248, 221, 205));

    let f = check_source(
        "s.txt",
        b"[Game \"sos\"]\n[Size \"4\"]\na1S c1S b1O a3S d4O a2O\n",
        None,
    );
    let report = &f.games[0].report;
    assert_eq!(report.lines.len(), 2);
    let doc = diagram::diagram(&f.games.iter().collect::<Vec<_>>());
    let texts = page_texts(&doc.pages[0]);
    // Bold in the grid; the record tables repeat them in regular weight.
    let bold: Vec<&str> = doc.pages[0]
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) if t.weight == crate::display::FontWeight::Bold => {
                Some(t.content.as_str())
            }
            _ => None,
        })
        .collect();
    assert_eq!(bold.iter().filter(|t| ["S", "O"].contains(t)).count(), 6);
    assert_eq!(texts.iter().filter(|t| ["S", "O"].contains(t)).count(), 12);
    // On the sos sheet, A's score of 2 and B's 0 written in the tally (bold,
    // after the grid's letters).
    assert!(texts.contains(&"Score"), "{texts:?}");
    let after_letters = bold.iter().rposition(|t| ["S", "O"].contains(t)).unwrap();
    assert_eq!(
        bold[after_letters + 1..after_letters + 3],
        ["2", "0"],
        "{bold:?}"
    );
    // A's two SOS lines, in A's colour, plus A's legend sample.
    let a_lines = doc.pages[0]
        .items
        .iter()
        .filter(|i| matches!(i, Item::Line { stroke, .. } if stroke.color == crate::display::Color::rgb(30, 70, 150)))
        .count();
    assert_eq!(a_lines, 3);
    // An unusable game has no page.
    let f = check_source("u.txt", b"[Game \"chess\"]\n", None);
    assert!(
        diagram::diagram(&f.games.iter().collect::<Vec<_>>())
            .pages
            .is_empty()
    );
}

#[test]
fn strategic_diagram_is_drawn_on_the_game_sheet_of_its_ruleset() {
    use crate::display::Item;
    let record = b"[Game \"strategic\"]\n5.5.5 6.5.1 5.1.5 2.5.4\n";
    let f = check_source("s.txt", record, None);
    assert_eq!(f.games[0].report.status, Status::Legal);
    let doc = diagram::diagram(&f.games.iter().collect::<Vec<_>>());
    let items = &doc.pages[0].items;
    let texts = page_texts(&doc.pages[0]);
    assert!(
        texts.contains(&"Strategic Tic-Tac-Toe"),
        "the sheet's title"
    );
    assert!(texts.contains(&"map34"), "the sheet's footer");
    let circles = items
        .iter()
        .filter(|i| matches!(i, Item::Circle { .. }))
        .count();
    assert_eq!(circles, 2, "O's two moves");
    // Another map: the same sheet, printed with that map's numbers.
    let record = b"[Game \"strategic\"]\n[Map \"map67\"]\n5.5.5\n";
    let f = check_source("s.txt", record, None);
    let doc = diagram::diagram(&f.games.iter().collect::<Vec<_>>());
    let footer = doc.pages[0]
        .items
        .iter()
        .any(|i| matches!(i, Item::Text(t) if t.content == "map67"));
    assert!(footer, "the footer names the game's map");
}

#[test]
fn every_sos_size_and_player_count_fits_its_sheet() {
    for size in ["3x3", "26x26", "3x26", "26x3", "12x7"] {
        for players in ["Ann, Ben", "Ann, Ben, Cy, Dee, Eve, Fay, Gus, Hal"] {
            let text = format!(
                "[Game \"sos\"]\n[Size \"{size}\"]\n[Players \"{players}\"]\na1S b1O c1S\n"
            );
            let f = check_source("s.txt", text.as_bytes(), None);
            let doc = diagram::diagram(&f.games.iter().collect::<Vec<_>>());
            let texts = page_texts(&doc.pages[0]);
            assert!(
                texts.contains(&"Score"),
                "{size}, {players} players: {texts:?}"
            );
            assert!(!texts.iter().any(|t| t.contains("could not be laid out")));
        }
    }
}

#[test]
fn diagram_summary_line_fits_the_page_whatever_the_file_name() {
    let name = format!("{}/game.txt", "class-7b-autumn-term".repeat(8));
    let f = check_source(&name, b"[Game \"tictactoe\"]\n1 4 2 5 3\n", None);
    let doc = diagram::diagram(&f.games.iter().collect::<Vec<_>>());
    let page = &doc.pages[0];
    let summary = page
        .items
        .iter()
        .find_map(|i| match i {
            crate::display::Item::Text(t) if t.content.starts_with("Game 1 (") => Some(t),
            _ => None,
        })
        .unwrap();
    let w = crate::layout::text::width(
        &summary.content,
        summary.size,
        crate::display::FontWeight::Regular,
    );
    assert!(
        summary.pos.x + w <= page.width - summary.pos.x + 1e-6,
        "{w} mm wide"
    );
}
