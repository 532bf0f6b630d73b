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
    assert_eq!(r.result.as_ref().unwrap().outcome, GameOutcome::Unfinished);
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
        ["game.txt:2:6: move 1 (O) 5: cell 5 is already taken by X"]
    );
    // X: 5 1 3 2 -> the top row 1 2 3 would win for X, but the replay went
    // on past an illegal move: that is no result of the game.
    assert_eq!(r.result, None);
    assert!(
        game_text(&r).contains("ILLEGAL; no result (an error comes before the end of the game)"),
        "{}",
        game_text(&r)
    );
}

#[test]
fn moves_after_the_end_are_one_error_with_their_count() {
    let r = one("[Game \"tictactoe\"]\n[Result \"X\"]\n1 4 2 5 3 6 9 8 7\n");
    let codes: Vec<_> = r.errors.iter().map(|e| e.code).collect();
    assert_eq!(codes, ["after-end"]);
    assert_eq!(r.errors[0].player.as_deref(), Some("O"));
    assert_eq!(r.errors[0].move_number, Some(3));
    assert_eq!((r.errors[0].at.line, r.errors[0].at.col), (3, 11));
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
    assert_eq!((r.errors[0].at.line, r.errors[0].at.col), (2, 5));
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
        ["game.txt:4:15: move 3 (A) b1O: written as B's move, but it is A's turn",]
    );
    assert_eq!(r.status, Status::Illegal);
    // The record and the replay disagree on whose move b1O is: the score
    // cannot be judged until that is mended.
    assert_eq!((r.claims[0].judged, r.claims[0].right), (false, false));
    assert!(game_text(&r).contains("claimed Score \"A 2\" cannot be judged"));
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
    assert_eq!((r[1].errors[0].at.line, r[1].errors[0].at.col), (5, 8));
    assert!(r[2].errors[0].message.contains("unknown map `nope`"));
    assert_eq!(exit_status(&[f]), 2);
}

#[test]
fn not_a_record_and_exit_statuses() {
    let f = check_source("x.txt", b"hello world\n", None);
    assert_eq!(f.error.as_ref().unwrap().at.unwrap().line, 1);
    let json: serde_json::Value =
        serde_json::from_str(&super::text::json_report(std::slice::from_ref(&f))).unwrap();
    assert_eq!(json["files"][0]["error"]["line"], 1);
    let unread = FileCheck {
        file: "gone.txt".into(),
        error: Some(FileError::unread("cannot read the file".into())),
        games: Vec::new(),
    };
    let json: serde_json::Value =
        serde_json::from_str(&super::text::json_report(std::slice::from_ref(&unread))).unwrap();
    assert!(json["files"][0]["error"].get("line").is_none(), "{json}");
    assert_eq!(
        super::text::text_report(&[unread]).lines().next().unwrap(),
        "gone.txt: cannot read the file"
    );
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
    assert_eq!(r.description, "strategic, hyperfunctional hmap2");
    assert_eq!(
        r.rules.as_deref(),
        Some("draws both, decided closed, no-return yes")
    );
    assert_eq!(r.status, Status::Legal, "{:?}", lines(&r));
    let r = one("[Game \"strategic\"]\n[NoReturn \"maybe\"]\n");
    assert_eq!(r.status, Status::Unusable);
    assert_eq!(
        lines(&r),
        ["game.txt:2:12: [NoReturn \"maybe\"]: expected \"no\", \"yes\" or \"tactical\""]
    );
    // Default: functional map34 under the authors' rules.
    let r = one("[Game \"strategic\"]\n5.5.5 6.5.1\n");
    assert_eq!(r.description, "strategic, functional map34");
    assert_eq!(r.rules.as_deref(), Some("authors' rules"));
    assert_eq!(r.status, Status::Legal, "{:?}", lines(&r));
    assert!(game_text(&r).contains("(line 1, strategic, functional map34, authors' rules)"));
}

#[test]
fn presets_and_single_tags_set_the_rules() {
    let rules = |tags: &str| {
        let r = one(&format!("[Game \"ultimate\"]\n{tags}\n5.5\n"));
        assert_eq!(r.status, Status::Legal, "{tags}: {:?}", lines(&r));
        (r.rules.unwrap(), r.options.unwrap())
    };
    assert_eq!(rules("").0, "authors' rules");
    let (name, o) = rules("[Rules \"common\"]");
    assert_eq!(name, "common rules");
    assert_eq!((o.draws, o.decided, o.no_return), ("none", "closed", "no"));
    // A single tag overrides the preset, whichever order they come in.
    assert_eq!(
        rules("[Decided \"free\"]\n[Rules \"common\"]").0,
        "draws none, decided free"
    );
    assert_eq!(
        rules("[Rules \"authors\"]\n[Draws \"none\"]").0,
        "draws none, decided open"
    );
    assert_eq!(
        rules("[PlayInDecided \"no\"]").0,
        "draws both, decided closed"
    );
    assert_eq!(
        rules("[Rules \"common\"]\n[NoReturn \"tactical\"]").0,
        "common rules, no-return tactical"
    );
    // The same choice written both ways is fine; two different ones are not.
    assert_eq!(
        rules("[Decided \"closed\"]\n[PlayInDecided \"no\"]")
            .1
            .decided,
        "closed"
    );
    let r = one("[Game \"ultimate\"]\n[Decided \"free\"]\n[PlayInDecided \"yes\"]\n5.5\n");
    assert_eq!(r.status, Status::Unusable);
    assert_eq!(
        lines(&r),
        [
            "game.txt:3:17: [PlayInDecided \"yes\"] means [Decided \"open\"], but the game also has [Decided \"free\"]: keep one of the two"
        ]
    );
    for bad in [
        "[Rules \"house\"]",
        "[Draws \"nobody\"]",
        "[Decided \"dead\"]",
    ] {
        let r = one(&format!("[Game \"ultimate\"]\n{bad}\n"));
        assert_eq!(r.status, Status::Unusable, "{bad}");
        assert!(r.errors[0].message.contains("expected"), "{bad}");
    }
    // SOS, and plain tic-tac-toe (which no option changes), name no rules.
    let r = one("[Game \"sos\"]\n[Size \"3\"]\na1S\n");
    assert_eq!((r.rules, r.options), (None, None));
    let r = one("[Game \"tictactoe\"]\n[Rules \"common\"]\n5\n");
    assert_eq!((r.rules, r.options, r.status), (None, None, Status::Legal));
}

/// The same legal moves judged with drawn cells counting for both (the
/// authors' rules) and for nobody: O holds tactical cells
/// 1 and 5, and O's last move draws tactical cell 9, which completes the
/// diagonal only when drawn cells count for both.
#[test]
fn the_verdict_names_the_rules_it_was_judged_under() {
    let moves = "9.1 1.8 8.8 8.6 6.1 1.2 2.4 4.8 8.9 9.4 4.2 2.1 1.5 5.5 5.1 1.7 7.9 9.3 3.3 3.7 7.1 1.3 3.9 9.8 8.5 5.3 3.6 6.9 9.6 6.3 3.1 1.4 4.5 5.6 6.2 2.9 9.5 5.9 9.7 7.8 8.1 1.1 1.9 9.9 9.2";
    let authors = one(&format!("[Game \"ultimate\"]\n[Result \"O\"]\n{moves}\n"));
    let common = one(&format!(
        "[Game \"ultimate\"]\n[Draws \"none\"]\n[Result \"O\"]\n{moves}\n"
    ));
    assert_eq!(
        authors.result.as_ref().unwrap().winner.as_deref(),
        Some("O")
    );
    assert_eq!(
        common.result.as_ref().unwrap().outcome,
        GameOutcome::Unfinished
    );
    assert_eq!(authors.status, Status::Legal, "{:?}", lines(&authors));
    assert_eq!(common.status, Status::WrongClaim, "{:?}", lines(&common));
    assert!(authors.claims[0].right && !common.claims[0].right);
    assert!(game_text(&authors).contains("ultimate, authors' rules"));
    assert!(game_text(&common).contains("ultimate, draws none, decided open"));
}

#[test]
fn a_family_map_by_name_steers_the_moves() {
    // map12: strategic column 1 is 2 1 3 4 5 6 7 9 8, so row 8 of strategic
    // cell 1 (tactical cell 7 or 8 or 9, operational row 2) sends to 9.
    let r = one("[Game \"strategic\"]\n[Map \"map12\"]\n1.8.4 9.4.5\n");
    assert_eq!(r.description, "strategic, functional map12");
    assert_eq!(r.status, Status::Legal, "{:?}", lines(&r));
    // map11 sends row 8 to strategic cell 8 instead.
    let r = one("[Game \"strategic\"]\n[Map \"map11\"]\n1.8.4 9.4.5\n");
    assert_eq!(r.errors[0].code, "wrong-tactical-cell");
    assert!(
        r.errors[0].message.contains("tactical cell 8.4"),
        "{:?}",
        lines(&r)
    );
    let r = one("[Game \"strategic\"]\n[Map \"map19\"]\n");
    assert_eq!(r.status, Status::Unusable);
    assert!(
        r.errors[0].message.contains("map11 … map88"),
        "{:?}",
        lines(&r)
    );
}

#[test]
fn a_shared_sos_win_is_reported_and_its_claim_checked() {
    // Ann 1, Ben 0, Cat 1 (docs/rules.md, "SOS").
    let moves = "A:c3O B:b2O C:b3O A:a1S B:c1S C:a3S C:c2S A:a2S A:b1S";
    let game = |claim: &str| {
        one(&format!(
            "[Game \"sos\"]\n[Size \"3\"]\n[Players \"Ann, Ben, Cat\"]\n[Result \"{claim}\"]\n{moves}\n"
        ))
    };
    let r = game("A+C");
    assert_eq!(r.status, Status::Legal, "{:?}", lines(&r));
    let result = r.result.as_ref().unwrap();
    assert_eq!(result.outcome, GameOutcome::SharedWin);
    assert_eq!(result.winner.as_deref(), Some("A+C"));
    assert_eq!(result.winner_name.as_deref(), Some("Ann+Cat"));
    assert_eq!(result.winners, ["A", "C"]);
    assert!(game_text(&r).contains("; A+C (Ann+Cat) share the win; claimed Result \"A+C\" right"));
    // By name, in any order, is the same claim.
    assert_eq!(game("Cat + ann").status, Status::Legal);
    let r = game("A");
    assert_eq!(
        lines(&r),
        [
            "game.txt:4:10: [Result \"A\"]: the claimed result is wrong: the record claims A (Ann) won, but the replay gives A (Ann) and C (Cat) shared the win"
        ]
    );
    let r = game("draw");
    assert_eq!(r.errors[0].code, "wrong-result");
    let r = game("A+Dan");
    assert_eq!(r.errors[0].code, "unreadable-claim");
    assert!(
        r.errors[0]
            .message
            .contains("players joined by + for a shared win")
    );
    // Everyone level is a draw, not a win shared by all.
    let tie = "[Game \"sos\"]\n[Size \"3\"]\n[Players \"Ann, Ben, Cat\"]\n[Result \"A+B+C\"]\na1O b1O c1O a2O b2O c2O a3O b3O c3O\n";
    let r = one(tie);
    assert_eq!(r.result.as_ref().unwrap().outcome, GameOutcome::Draw);
    assert!(
        r.errors[0]
            .message
            .ends_with("(when every player has the top score the game is a draw)")
    );
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

/// The first game of `examples/records/ultimate.txt`: 81 moves, X (Anna)
/// wins, claimed right.
fn ultimate_example() -> String {
    let text = include_str!("../../../../examples/records/ultimate.txt");
    let start = text.find("[Game").expect("a game");
    let end = text[start + 1..]
        .find("\n\n;")
        .map_or(text.len(), |e| start + 1 + e);
    text[start..end].to_string()
}

#[test]
fn a_mistyped_move_number_is_one_warning_and_the_players_stay() {
    let good = one(&ultimate_example());
    assert_eq!(good.status, Status::Legal);
    // `5,` for `5.`: before, every later move went to the other player (34
    // errors, O won). Now one warning, and X still wins as claimed.
    let text = ultimate_example().replace("\n5. 7.3", "\n5, 7.3");
    assert_ne!(text, ultimate_example());
    let r = one(&text);
    assert_eq!(r.errors.len(), 0, "{:?}", lines(&r));
    assert_eq!(r.status, Status::Legal);
    assert_eq!(r.result.as_ref().unwrap().winner.as_deref(), Some("X"));
    assert!(r.claims[0].right);
    let warnings: Vec<String> = r
        .warnings
        .iter()
        .map(|w| text::warning_line(&r.file, w))
        .collect();
    assert_eq!(
        warnings,
        ["game.txt:11:1: warning: move 5 (X) 7.3: move number `5,` is read as `5.`"]
    );
    assert_eq!(r.warnings[0].code, "mistyped-number");
    // A number that lost its dot reads the same way.
    let r = one(&ultimate_example().replace("\n5. 7.3", "\n5 7.3"));
    assert_eq!(
        (r.errors.len(), r.warnings.len()),
        (0, 1),
        "{:?}",
        lines(&r)
    );
    assert_eq!(r.result.as_ref().unwrap().winner.as_deref(), Some("X"));
    // Anything else in its place is one error, not counted as a move: the
    // moves after it keep their players.
    let r = one(&ultimate_example().replace("\n5. 7.3", "\nS, 7.3"));
    let codes: Vec<_> = r.errors.iter().map(|e| e.code).collect();
    assert_eq!(codes, ["unreadable"], "{:?}", lines(&r));
    assert!(r.errors[0].message.ends_with(
        "it is not counted as a move: the numbers around it show no move is missing here"
    ));
}

#[test]
fn a_doubled_line_is_one_number_error() {
    // Move 5 copied twice: one number error where the copy starts; the
    // numbers after it follow the record again.
    let text = ultimate_example().replace("\n6. 9.5 5.7", "\n5. 7.3 3.9\n6. 9.5 5.7");
    let r = one(&text);
    let numbers = r.errors.iter().filter(|e| e.code == "move-number").count();
    assert_eq!(numbers, 1, "{:?}", lines(&r));
    // A wrong number on one line alone stays one error too.
    let r = one("[Game \"ultimate\"]\n1. 5.5 5.1 3. 1.5 5.9 3. 9.5 5.2\n");
    assert_eq!(lines(&r).len(), 1, "{:?}", lines(&r));
}

#[test]
fn a_mistyped_sos_number_is_a_warning() {
    let r = one("[Game \"sos\"]\n[Size \"3\"]\n1. a1S 2, b2O 3. c3S\n");
    assert_eq!(
        (r.errors.len(), r.warnings.len()),
        (0, 1),
        "{:?}",
        lines(&r)
    );
    assert_eq!(r.warnings[0].message, "move number `2,` is read as `2.`");
}

#[test]
fn a_player_named_by_the_letter_is_named_once() {
    let r = one("[Game \"sos\"]\n[Size \"3\"]\n[Players \"A, B\"]\n[Result \"B\"]\na1S b1O c1S\n");
    let text = game_text(&r);
    assert!(text.contains("score: A 1, B 0"), "{text}");
    assert!(
        text.contains("the record claims B won, but the replay gives an unfinished game"),
        "{text}"
    );
    assert!(!text.contains("A (A)") && !text.contains("B (B)"), "{text}");
    let r = one("[Game \"tictactoe\"]\n[X \"x\"]\n[O \"Olga\"]\n[Result \"O\"]\n1 4 2 5 3\n");
    let text = game_text(&r);
    assert!(text.contains("; X won;"), "{text}");
    assert!(
        text.contains("claims O (Olga) won, but the replay gives X won"),
        "{text}"
    );
}

/// The benchmark's many short games: every game legal with its claimed
/// result right, the text report of the games written into one buffer the
/// same as game by game, and the same seed the same bytes.
#[test]
fn random_ultimate_records_check_legal_and_report_alike_in_one_buffer() {
    let mut bytes = Vec::new();
    let (games, moves) =
        crate::check::random::random_ultimate_record(&mut bytes, 40_000, 5).unwrap();
    assert!(games >= 80, "{games} games in 40 kB");
    let checked = check_source("u.txt", &bytes, None);
    assert!(checked.error.is_none(), "{:?}", checked.error);
    assert_eq!(checked.games.len(), games);
    let mut all = String::new();
    let mut one_by_one = String::new();
    let mut counted = 0;
    for g in &checked.games {
        let r = &g.report;
        assert_eq!(r.status, Status::Legal, "{}", game_text(r));
        assert_eq!(r.claims.len(), 1, "{}", game_text(r));
        assert!(r.claims[0].right && r.claims[0].judged, "{}", game_text(r));
        counted += r.moves;
        super::text::write_game_text(&mut all, r);
        one_by_one += &game_text(r);
    }
    assert_eq!(counted, moves);
    assert_eq!(all, one_by_one);
    assert!(all.contains("u.txt: game 2 (line "), "{all}");
    let mut again = Vec::new();
    crate::check::random::random_ultimate_record(&mut again, 40_000, 5).unwrap();
    assert_eq!(bytes, again);
}

#[test]
fn a_file_that_is_no_record_says_why_in_the_reports_language_in_json() {
    use super::text::{JsonFile, JsonStream};
    use crate::language::Language;
    let f = check_source("x.txt", b"hello world\n", None);
    let error = f.error.clone().expect("not a record");
    let files = [JsonFile {
        file: f.file.clone(),
        error: Some(error.clone()),
    }];
    let summary = super::text::summary(std::slice::from_ref(&f));
    let doc = |mut stream: JsonStream| -> serde_json::Value {
        let text = format!("{}{}", stream.start(), stream.end(&files, &summary));
        serde_json::from_str(&text).unwrap()
    };
    let de = doc(JsonStream::in_language(Language::De));
    assert_eq!(de["files"][0]["error"]["message"], error.message.as_str());
    assert_eq!(
        de["files"][0]["error"]["says"],
        error.says(Language::De).as_str()
    );
    assert_ne!(error.says(Language::De), error.message);
    assert_eq!(de["files"][0]["error"]["line"], 1);
    let en = doc(JsonStream::default());
    assert!(en["files"][0]["error"].get("says").is_none(), "{en}");
}
