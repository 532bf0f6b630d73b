//! The repair search on real games: the example records and random games,
//! each slip planted by hand at a known move, and the evidence of every
//! suggestion re-checked by the checker itself.

use super::plant::{
    Planted, Word, numbered_words, plant, rank_of_truth, sos_words, ttt_words, write,
};
use super::*;
use crate::check::text::{game_text, json_report};
use crate::check::{CheckedGame, Status, check_source};
use crate::games::random::{SosStyle, random_sos_game, random_ttt_game};
use crate::games::sos::{SosConfig, SosVariant};
use crate::games::ttt::{Game, Options, Ruleset, Variant};
use crate::record::parse;
use crate::rng::SplitMix64;

const WRONG_CELL: &str =
    include_str!("../../../../../examples/records/illegal/wrong-tactical-cell.txt");
const ULTIMATE: &str = include_str!("../../../../../examples/records/ultimate.txt");
const SOS: &str = include_str!("../../../../../examples/records/sos-general.txt");

fn check_one(text: &str) -> CheckedGame {
    let mut f = check_source("game.txt", text.as_bytes(), None);
    assert!(f.error.is_none(), "{:?}", f.error);
    assert_eq!(f.games.len(), 1);
    f.games.remove(0)
}

/// The suggestions of the first error that has any.
fn first_suggestions(text: &str) -> Vec<Suggestion> {
    check_one(text)
        .report
        .errors
        .into_iter()
        .find(|e| !e.suggestions.is_empty())
        .map(|e| e.suggestions)
        .unwrap_or_default()
}

/// The words of the first game of an example record, and its tag lines.
fn example_words(text: &str) -> (String, Vec<Word>) {
    let record = parse(text).unwrap().remove(0);
    let tags: String = record
        .tags
        .iter()
        .map(|t| format!("[{} \"{}\"]\n", t.name, t.value))
        .collect();
    let words = record
        .moves
        .iter()
        .map(|m| Word {
            number: m.number.as_ref().map(|n| n.to_string()),
            player: m.player.clone(),
            text: m.text.to_string(),
        })
        .collect();
    (tags, words)
}

/// The first game of an example record without its claims, so a changed
/// result or score is no error.
fn without_claims(text: &str) -> (String, Vec<Word>) {
    let (tags, words) = example_words(text);
    let tags = tags
        .lines()
        .filter(|l| !l.starts_with("[Result") && !l.starts_with("[Score"))
        .map(|l| format!("{l}\n"))
        .collect();
    (tags, words)
}

/// The example Ultimate game (81 moves, legal).
fn ultimate() -> (String, Vec<Word>) {
    without_claims(ULTIMATE)
}

/// The suggestion that gives back the truth, which must be there.
fn the_true_fix(truth: &str, slipped: &str) -> Suggestion {
    let s = first_suggestions(slipped);
    let rank = rank_of_truth(truth, slipped, &s).unwrap_or_else(|| panic!("not found: {s:?}"));
    s[rank].clone()
}

/// Plants a slip by `edit` at every move in turn and returns the first that
/// makes the record illegal: the move, the truth and the slipped record.
fn first_illegal(
    tags: &str,
    words: &[Word],
    edit: impl Fn(&[Word], usize) -> Option<Vec<Word>>,
) -> (usize, String, String) {
    for at in 10..words.len() {
        let Some(slipped) = edit(words, at) else {
            continue;
        };
        let text = write(tags, &slipped);
        if check_one(&text).report.status == Status::Illegal {
            return (at, write(tags, words), text);
        }
    }
    panic!("no illegal slip");
}

fn with_text(words: &[Word], at: usize, text: &str) -> Vec<Word> {
    let mut out = words.to_vec();
    out[at].text = text.to_string();
    out
}

#[test]
fn a_one_digit_slip_at_the_error_is_the_first_suggestion() {
    let s = first_suggestions(WRONG_CELL);
    assert_eq!(
        s[0],
        Suggestion {
            edit: EditKind::Replace,
            ply: 22,
            text: Some("7.1".into()),
            with: None,
            legal_after: 0,
            to_end: true,
            slip: Slip::OneDigit,
            after_number: false,
            at: None,
            with_at: None,
            count: 1,
            claim: None,
            result: s[0].result.clone(),
            tie: false,
            shift: false,
        }
    );
    let text = game_text(&check_one(WRONG_CELL).report);
    assert!(
        text.contains(
            "move 11 (O) 1.1: must be played in tactical cell 7, which still has empty cells\n  did you mean 7.1 (one digit)? then the record is legal to its end\n  or "
        ),
        "{text}"
    );
}

#[test]
fn a_legal_slip_that_shows_a_move_later_is_found_before_the_error() {
    let (tags, words) = ultimate();
    // The last digit of a move changed to another empty cell of the same
    // tactical cell: legal, but it sends the opponent elsewhere.
    let (at, truth, slipped) = first_illegal(&tags, &words, |w, at| {
        let t = &w[at].text;
        let last = t.as_bytes()[2];
        let new = if last == b'9' { b'1' } else { last + 1 };
        let changed = format!("{}{}", &t[..2], char::from(new));
        let slipped = with_text(w, at, &changed);
        let ok = check_one(&write(&tags, &slipped[..=at])).report.status == Status::Legal;
        ok.then_some(slipped)
    });
    let s = first_suggestions(&slipped);
    assert_eq!(rank_of_truth(&truth, &slipped, &s), Some(0), "{s:?}");
    assert_eq!(s[0].ply, at + 1, "the slip, not the error after it");
    assert!(s[0].at.is_some(), "named as another move than the error's");
    assert!(s[0].to_end);
    assert_eq!(s[0].legal_after, words.len() - at - 1);
}

#[test]
fn swapped_digits_are_found() {
    let (tags, words) = ultimate();
    let (at, truth, slipped) = first_illegal(&tags, &words, |w, at| {
        let t = w[at].text.as_bytes();
        (t[0] != t[2])
            .then(|| with_text(w, at, &format!("{}.{}", char::from(t[2]), char::from(t[0]))))
    });
    let fix = the_true_fix(&truth, &slipped);
    assert_eq!((fix.slip, fix.ply), (Slip::DigitsSwapped, at + 1));
}

#[test]
fn exchanged_moves_are_found() {
    let (tags, words) = ultimate();
    let (at, truth, slipped) = first_illegal(&tags, &words, |w, at| {
        let mut out = w.to_vec();
        (at + 1 < w.len()).then(|| {
            out[at].text = w[at + 1].text.clone();
            out[at + 1].text = w[at].text.clone();
            out
        })
    });
    let fix = the_true_fix(&truth, &slipped);
    assert_eq!(fix.edit, EditKind::Swap);
    assert_eq!((fix.ply, fix.with), (at + 1, Some(at + 2)));
    assert!(fix.with_at.is_some());
}

/// Plain tic-tac-toe has no targets, so an order slip shows only when it
/// ends the game early; then it is a likelier reading than one digit. Both
/// records broke the old ranking (order slips dearer than one digit): three
/// one-digit readings with the claimed result were shown, the true order
/// slip none of them.
#[test]
fn in_tic_tac_toe_an_order_slip_that_ends_the_game_early_comes_before_one_digit() {
    let record = |moves: &str| {
        let words = numbered_words(moves.split(' ').map(str::to_string));
        write("[Game \"tictactoe\"]\n[Result \"X\"]\n", &words)
    };
    // The truth, the slipped moves, and the fix: slip, first and other move.
    let cases = [
        // O's 4 and X's 8 written the other way round: O wins 2-5-8 a move
        // early.
        ("1 5 9 2 7 4 8", "1 5 9 2 7 8 4", Slip::MovesExchanged, 6, 7),
        // X's 9 and 5 written in each other's rows: X wins 3-5-7 a row early.
        ("7 6 3 4 9 2 5", "7 6 3 4 5 2 9", Slip::RowsExchanged, 5, 7),
    ];
    for (truth, slipped, slip, ply, with) in cases {
        let (truth, slipped) = (record(truth), record(slipped));
        let s = first_suggestions(&slipped);
        assert_eq!(rank_of_truth(&truth, &slipped, &s), Some(0), "{s:?}");
        assert_eq!((s[0].edit, s[0].slip), (EditKind::Swap, slip));
        assert_eq!((s[0].ply, s[0].with), (ply, Some(with)));
        assert!(s[0].sure(), "{s:?}");
    }
}

#[test]
fn a_move_left_out_is_named_and_inserted() {
    let (tags, words) = ultimate();
    let (at, truth, slipped) =
        first_illegal(&tags, &words, |w, at| plant_at(w, at, Planted::MoveLeftOut));
    let s = first_suggestions(&slipped);
    assert_eq!(rank_of_truth(&truth, &slipped, &s), Some(0), "{s:?}");
    assert_eq!(s[0].edit, EditKind::Insert);
    assert_eq!(s[0].text.as_deref(), Some(words[at].text.as_str()));
    assert_eq!(s[0].ply, at + 1, "before the move that followed it");
    assert!(s[0].to_end);
}

#[test]
fn a_move_written_twice_is_deleted() {
    let (tags, words) = ultimate();
    let (at, truth, slipped) = first_illegal(&tags, &words, |w, at| {
        plant_at(w, at, Planted::MoveWrittenTwice)
    });
    let s = first_suggestions(&slipped);
    assert_eq!(rank_of_truth(&truth, &slipped, &s), Some(0), "{s:?}");
    assert_eq!(s[0].edit, EditKind::Delete);
    assert_eq!(s[0].slip, Slip::MoveWrittenTwice);
    assert!(s[0].ply == at + 1 || s[0].ply == at + 2);
}

/// `plant` at a chosen move: retries the seeds until it lands there.
fn plant_at(words: &[Word], at: usize, kind: Planted) -> Option<Vec<Word>> {
    let mut out = words.to_vec();
    match kind {
        Planted::MoveLeftOut => {
            let gone = out.remove(at);
            if let Some(next) = out.get_mut(at) {
                next.number = next.number.take().or(gone.number);
            }
        }
        Planted::MoveWrittenTwice => out.insert(
            at + 1,
            Word {
                number: None,
                ..words[at].clone()
            },
        ),
        Planted::RowsExchanged => {
            out[at].text = words[at + 2].text.clone();
            out[at + 2].text = words[at].text.clone();
        }
        Planted::MoveSkipped => {
            out.remove(at);
            super::plant::renumber(&mut out);
        }
        Planted::MoveRepeated => {
            out.insert(at + 1, words[at].clone());
            super::plant::renumber(&mut out);
        }
        _ => return None,
    }
    Some(out)
}

#[test]
fn sos_the_other_letter_is_found_from_a_wrong_player() {
    let (tags, words) = without_claims(SOS);
    let (at, truth, slipped) = first_illegal(&tags, &words, |w, at| {
        let t = &w[at].text;
        let flipped = if t.ends_with('S') { 'O' } else { 'S' };
        Some(with_text(w, at, &format!("{}{flipped}", &t[..t.len() - 1])))
    });
    let checked = check_one(&slipped);
    let first = checked
        .report
        .errors
        .iter()
        .find(|e| e.move_number.is_some())
        .unwrap();
    assert!(
        matches!(first.code, "wrong-player" | "occupied"),
        "{first:?}"
    );
    let fix = the_true_fix(&truth, &slipped);
    assert_eq!((fix.slip, fix.ply), (Slip::OtherLetter, at + 1));
}

#[test]
fn sos_an_occupied_cell_gets_the_nearest_empty_cells() {
    let text = "[Game \"sos\"]\n[Size \"4x4\"]\n\nb2S c3O b2O a1S\n";
    let s = first_suggestions(text);
    assert!(!s.is_empty());
    assert!(s.iter().all(|s| s.to_end));
    // One step along the row or column before a diagonal step.
    let nearby: Vec<&str> = s
        .iter()
        .filter(|s| s.slip == Slip::NearbyCell)
        .filter_map(|s| s.text.as_deref())
        .collect();
    assert!(
        nearby
            .iter()
            .all(|t| ["a2O", "c2O", "b1O", "b3O"].contains(t)),
        "{s:?}"
    );
}

#[test]
fn two_slips_get_two_fixes() {
    let (tags, words) = without_claims(include_str!(
        "../../../../../examples/records/strategic-functional-map34.txt"
    ));
    let mut slipped = words.clone();
    let mut planted = Vec::new();
    for at in [40, 300] {
        // The first digit: with the target open, the move breaks at once.
        let t = slipped[at].text.clone();
        let d = if t.starts_with('9') {
            '1'
        } else {
            char::from(t.as_bytes()[0] + 1)
        };
        let changed = format!("{d}{}", &t[1..]);
        planted.push((at, t));
        slipped[at].text = changed;
    }
    let text = write(&tags, &slipped);
    let checked = check_one(&text);
    let tops: Vec<&Suggestion> = checked
        .report
        .errors
        .iter()
        .filter_map(|e| e.suggestions.first())
        .collect();
    let fixed: Vec<(usize, Option<&str>)> =
        tops.iter().map(|s| (s.ply, s.text.as_deref())).collect();
    let wanted: Vec<(usize, Option<&str>)> = planted
        .iter()
        .map(|(at, t)| (at + 1, Some(t.as_str())))
        .collect();
    assert_eq!(fixed, wanted);
    let recheck = |t: &str| check_source("game.txt", t.as_bytes(), None).games;
    let out = fix::fix_source(&text, std::slice::from_ref(&checked), &recheck);
    assert!(out.held.is_empty(), "{:?}", out.held);
    assert_eq!(out.fixed.changes.len(), 2);
    assert_eq!(out.fixed.text, write(&tags, &words));
}

#[test]
fn json_errors_carry_suggestions_in_the_documented_shape() {
    let f = check_source("game.txt", WRONG_CELL.as_bytes(), None);
    let doc: serde_json::Value = serde_json::from_str(&json_report(&[f])).unwrap();
    let s = &doc["games"][0]["errors"][0]["suggestions"];
    assert_eq!(s[0]["edit"], "replace");
    assert_eq!(s[0]["ply"], 22);
    assert_eq!(s[0]["text"], "7.1");
    assert_eq!(s[0]["legal_after"], 0);
    assert_eq!(s[0]["to_end"], true);
    assert_eq!(s[0]["slip"], "one-digit");
    let keys: Vec<&String> = s[0].as_object().unwrap().keys().collect();
    // The record claims nothing, so no `claim`; the game is unfinished.
    assert_eq!(s[0]["result"], "unfinished");
    assert_eq!(s[0]["tie"], false);
    assert_eq!(keys.len(), 9, "no `with` on a replacement: {keys:?}");
    assert_eq!(
        s[0]["says"],
        "7.1 (one digit)? then the record is legal to its end"
    );
    // A swap names the other move and writes no text.
    let swap = serde_json::to_value(Suggestion {
        edit: EditKind::Swap,
        ply: 3,
        text: None,
        with: Some(4),
        legal_after: 5,
        to_end: false,
        slip: Slip::MovesExchanged,
        after_number: false,
        at: Some(MoveAt {
            number: 2,
            player: "O".into(),
            text: "x".into(),
        }),
        with_at: Some(MoveAt {
            number: 3,
            player: "X".into(),
            text: "y".into(),
        }),
        count: 1,
        claim: None,
        result: None,
        tie: false,
        shift: false,
    })
    .unwrap();
    assert_eq!(
        swap,
        serde_json::json!({"edit": "swap", "ply": 3, "with": 4, "legal_after": 5, "to_end": false, "slip": "moves-exchanged", "tie": false, "says": "move 2 (O) x and move 3 (X) y the other way round (moves exchanged)? then 5 more moves are legal"})
    );
    // A legal game's errors (none) and a claim error carry none.
    let legal = check_source("ok.txt", ULTIMATE.as_bytes(), None);
    assert!(
        legal
            .games
            .iter()
            .flat_map(|g| &g.report.errors)
            .all(|e| e.suggestions.is_empty())
    );
}

/// The settings of the property test: every game, short enough to be quick.
fn random_records(seed: u64) -> Vec<(String, Vec<Word>)> {
    let mut rng = SplitMix64::new(seed);
    let tags = |pairs: &[(&str, &str)]| {
        crate::record::write::tags_text(
            &pairs
                .iter()
                .map(|&(k, v)| (k, v.to_string()))
                .collect::<Vec<_>>(),
        )
    };
    let ttt = |v: &Variant, rng: &mut SplitMix64| {
        ttt_words(&random_ttt_game(Game::new(v.clone(), Options::default()), rng, None).0)
    };
    let sos = SosConfig::new(5, 5, 2, SosVariant::General).unwrap();
    vec![
        (
            tags(&[("Game", "tictactoe")]),
            ttt(&Variant::TicTacToe, &mut rng),
        ),
        (
            tags(&[("Game", "ultimate")]),
            ttt(&Variant::Ultimate, &mut rng),
        ),
        (
            tags(&[("Game", "strategic"), ("Ruleset", "tactical")]),
            ttt(&Variant::Strategic(Ruleset::Tactical), &mut rng),
        ),
        (
            tags(&[("Game", "sos"), ("Size", "5x5")]),
            sos_words(&random_sos_game(sos, SosStyle::Greedy, &mut rng, None).0),
        ),
    ]
}

/// Plants every kind of slip in random games of every kind: the true fix is
/// among the suggestions most of the time; a record the slip leaves legal
/// gets none; and every suggestion said to make the record legal to its end
/// does, when applied and checked again.
#[test]
fn planted_slips_are_found_and_the_evidence_holds() {
    let mut found = std::collections::HashMap::<&str, (usize, usize)>::new();
    let mut rng = SplitMix64::new(12);
    for seed in 0..12 {
        for (tags, words) in random_records(seed) {
            let legal = write(&tags, &words);
            assert!(
                check_one(&legal)
                    .report
                    .errors
                    .iter()
                    .all(|e| e.suggestions.is_empty()),
                "a legal game gets no suggestion"
            );
            let sos = tags.contains("sos");
            let kinds: &[Planted] = if sos { &Planted::SOS } else { &Planted::TTT };
            for &kind in kinds {
                let Some(slipped) = plant(&words, kind, &mut rng) else {
                    continue;
                };
                let text = write(&tags, &slipped);
                let checked = check_one(&text);
                let all: Vec<&Suggestion> = checked
                    .report
                    .errors
                    .iter()
                    .flat_map(|e| &e.suggestions)
                    .collect();
                if checked.report.status != Status::Illegal {
                    assert!(all.is_empty());
                    continue;
                }
                let first = first_suggestions(&text);
                let entry = found.entry(kind.name()).or_default();
                entry.1 += 1;
                if rank_of_truth(&legal, &text, &first).is_some() {
                    entry.0 += 1;
                }
                let record = &checked.record;
                for s in first.iter().filter(|s| s.to_end) {
                    let fixed = fix::apply(&text, &[(1, record, s)]);
                    let again = check_one(&fixed.text);
                    assert_eq!(again.report.status, Status::Legal, "{s:?}\n{}", fixed.text);
                }
            }
        }
    }
    for (kind, (hit, of)) in &found {
        assert!(*of >= 10, "{kind}: only {of} illegal records");
        assert!(hit * 10 >= of * 7, "{kind}: the true fix in {hit} of {of}");
    }
}

mod hostile {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Any text in place of one move of a random game: the checker does
        /// not panic, and every suggestion for the first error said to make
        /// the record legal to its end does so when applied and checked
        /// again. (A later error's suggestions say so of the moves after an
        /// earlier error no edit mends, which stays.)
        #[test]
        fn any_text_for_a_move_gets_honest_suggestions(
            seed in 0u64..1000,
            game in 0usize..4,
            at in 0usize..1000,
            junk in "[0-9./,a-zSO@=:-]{0,7}",
        ) {
            let (tags, mut words) = random_records(seed).swap_remove(game);
            let at = at % words.len();
            words[at].text = junk;
            let text = write(&tags, &words);
            let f = check_source("game.txt", text.as_bytes(), None);
            prop_assume!(f.error.is_none());
            for g in &f.games {
                let first = g.report.errors.iter().find(|e| e.move_number.is_some());
                for s in first.iter().flat_map(|e| &e.suggestions).filter(|s| s.to_end) {
                    let fixed = fix::apply(&text, &[(1, &g.record, s)]);
                    let again = check_one(&fixed.text);
                    prop_assert_eq!(again.report.status, Status::Legal, "{:?}\n{}", s, fixed.text);
                }
            }
        }
    }
}

/// The tags with the true result of `words` claimed.
fn claiming(tags: &str, words: &[Word]) -> String {
    let result = check_one(&write(tags, words)).report.result.unwrap();
    let claim = match result.outcome {
        crate::check::GameOutcome::Draw => "draw".to_string(),
        crate::check::GameOutcome::Unfinished => "*".to_string(),
        _ => result.winner.unwrap(),
    };
    format!("{tags}[Result \"{claim}\"]\n")
}

/// What `--fix` makes of a record: its text, fixed where sure.
fn fixed_text(text: &str) -> (String, fix::FixPlan) {
    let checked = check_source("game.txt", text.as_bytes(), None);
    let recheck = |t: &str| check_source("game.txt", t.as_bytes(), None).games;
    let plan = fix::fix_source(text, &checked.games, &recheck);
    (plan.fixed.text.clone(), plan)
}

/// Slipped records that carry their true result, every kind of slip
/// (the held-out ones a transcriber makes copying rows too) in random games
/// of every kind: `--fix` never writes a game against its claim nor one
/// still illegal, and the held-out slips are found (the true fix among the
/// three shown) in Ultimate and Strategic.
#[test]
fn claimed_slips_never_get_a_fix_against_the_claim() {
    let mut rng = SplitMix64::new(18);
    let (mut rows_found, mut rows_of) = (0, 0);
    let mut written = 0;
    for seed in 0..10 {
        for (tags, words) in random_records(100 + seed) {
            let tags = claiming(&tags, &words);
            let truth = write(&tags, &words);
            let sos = tags.contains("sos");
            let kinds: Vec<Planted> = if sos {
                Planted::SOS.to_vec()
            } else {
                Planted::TTT.iter().chain(&Planted::ROWS).copied().collect()
            };
            for kind in kinds {
                let Some(slipped) = plant(&words, kind, &mut rng) else {
                    continue;
                };
                let text = write(&tags, &slipped);
                if check_one(&text).report.status != Status::Illegal {
                    continue;
                }
                let (fixed, plan) = fixed_text(&text);
                if !plan.fixed.changes.is_empty() {
                    written += 1;
                    let again = check_one(&fixed);
                    assert_eq!(
                        again.report.status,
                        Status::Legal,
                        "{kind:?}\n{text}\n{fixed}"
                    );
                    assert!(again.report.claims.iter().all(|c| c.right));
                }
                let far = !sos && !tags.contains("tictactoe");
                if far && Planted::ROWS.contains(&kind) {
                    rows_of += 1;
                    if rank_of_truth(&truth, &text, &first_suggestions(&text)).is_some() {
                        rows_found += 1;
                    }
                }
            }
        }
    }
    assert!(written >= 100, "only {written} records fixed");
    assert!(rows_of >= 40, "only {rows_of} held-out records");
    assert!(
        rows_found * 10 >= rows_of * 9,
        "held-out slips found in {rows_found} of {rows_of}"
    );
}

/// A transcriber's slips on the example Ultimate game: two of X's moves in
/// each other's rows, a move skipped and a move typed twice with the lines
/// numbered as typed — each restored exactly by `--fix`.
#[test]
fn rows_exchanged_skipped_and_repeated_moves_are_restored() {
    let (tags, words) = ultimate();
    let truth = write(&tags, &words);
    for (kind, at) in [
        (Planted::RowsExchanged, 30),
        (Planted::MoveSkipped, 20),
        (Planted::MoveRepeated, 40),
    ] {
        let slipped = plant_at(&words, at, kind).unwrap();
        let text = write(&tags, &slipped);
        assert_eq!(check_one(&text).report.status, Status::Illegal, "{kind:?}");
        let (fixed, plan) = fixed_text(&text);
        assert!(plan.held.is_empty(), "{kind:?}: {:?}", plan.held);
        assert_eq!(fixed, truth, "{kind:?}");
        let s = &first_suggestions(&text)[0];
        match kind {
            Planted::RowsExchanged => {
                assert_eq!((s.edit, s.slip), (EditKind::Swap, Slip::RowsExchanged));
                assert_eq!(s.with, Some(s.ply + 2));
            }
            Planted::MoveSkipped => {
                assert_eq!(s.edit, EditKind::Insert);
                assert!(s.shift);
                assert!(
                    suggestion_text(s).contains("left out before")
                        && suggestion_text(s).contains("each later move one place on"),
                    "{}",
                    suggestion_text(s)
                );
            }
            _ => {
                assert_eq!((s.edit, s.slip), (EditKind::Delete, Slip::MoveWrittenTwice));
                assert!(s.shift);
            }
        }
    }
}

/// `check --fix` streams: fixing a record game by game as it is read,
/// whatever the reader's buffer cuts, writes the same text and makes the
/// same changes as fixing it whole, and holds no more than a game.
#[test]
fn fixing_as_the_record_streams_matches_fixing_it_whole() {
    let mut record = String::from("\u{feff}; typed up on Monday\r\n");
    for name in ["move-after-end", "occupied-cell", "wrong-tactical-cell"] {
        let path = format!(
            "{}/../../examples/records/illegal/{name}.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        record.push_str(&std::fs::read_to_string(path).unwrap());
        record.push_str("\n[Game \"tictactoe\"]\n1. 5 1 2. 9\n\n");
    }
    // A move after the end in a game whose text runs to the end of the file.
    record.push_str("[Game \"tictactoe\"]\n[Result \"X\"]\n1. 1 4 2. 2 5 3. 3 6 ; end\n");
    let recheck = |t: &str| check_source("t", t.as_bytes(), None).games;
    let whole = check_source("t", record.as_bytes(), None);
    let plan = fix::fix_source(&record, &whole.games, &recheck);
    assert!(plan.fixed.changes.len() >= 2, "{plan:?}");
    for buffer in [1, 7, 64, 1 << 16] {
        let mut stream = fix::FixStream::new(Vec::new());
        let reader = stream.reader(std::io::BufReader::with_capacity(buffer, record.as_bytes()));
        let mut done = Vec::new();
        let mut most = 0;
        crate::check::check_reader("t", reader, None, |g| {
            done.extend(stream.game(&g, &recheck)?);
            most = most.max(stream.held_bytes());
            Ok::<(), std::io::Error>(())
        })
        .unwrap();
        let (out, last) = stream.finish(&recheck).unwrap();
        done.extend(last);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            plan.fixed.text,
            "buffer {buffer}"
        );
        let changes: Vec<fix::Change> = done.iter().flat_map(|d| d.changes.clone()).collect();
        assert_eq!(changes, plan.fixed.changes, "buffer {buffer}");
        let held: Vec<fix::Held> = done.iter().flat_map(|d| d.held.clone()).collect();
        assert_eq!(held, plan.held, "buffer {buffer}");
        assert!(
            done.iter()
                .filter(|d| !d.changes.is_empty())
                .all(|d| d.again == Some(Status::Legal)),
            "{done:?}"
        );
        // Never the whole record: at most two games and what the reader
        // read ahead.
        assert!(
            most < record.len() / 2 + buffer,
            "{most} of {}",
            record.len()
        );
    }
}

/// A move skipped by a transcriber numbering the lines as typed, in an
/// Ultimate game under the common rules: the closed cells give free moves,
/// so the shifted record can stay legal for many moves and the error show
/// beyond the search window. Such skips are still found: `--fix` restores
/// the game exactly where the gap is the one reading that makes the record
/// legal with its claimed result.
#[test]
fn a_move_skipped_far_before_the_error_is_found() {
    let moves = "6.1 1.1 1.6 6.2 2.5 5.2 2.1 1.3 3.7 7.3 3.4 4.8 8.1 1.4 4.6 6.6 6.3 3.2 \
                 2.7 7.7 7.1 1.7 7.8 8.3 3.5 5.5 5.1 9.9 9.4 4.1 3.8 8.6 6.7 7.5 5.4 4.4 \
                 4.7 9.1 6.9 9.2 2.9 9.3 3.1 4.5 5.9 5.6 6.5 5.3 5.8 8.2 8.9 4.2";
    let words = numbered_words(moves.split_whitespace().map(str::to_string));
    let tags = "[Game \"ultimate\"]\n[Rules \"common\"]\n[Result \"O\"]\n";
    let truth = write(tags, &words);
    assert_eq!(check_one(&truth).report.status, Status::Legal);
    let window = RepairLimits::default().window;
    let (mut far, mut restored) = (Vec::new(), Vec::new());
    for skipped in 0..words.len() {
        let slipped = plant_at(&words, skipped, Planted::MoveSkipped).unwrap();
        let text = write(tags, &slipped);
        let checked = check_one(&text);
        let Some(error) = checked
            .report
            .errors
            .iter()
            .find(|e| e.move_number.is_some())
        else {
            continue;
        };
        let Some(shown_at) = checked.record.moves.iter().position(|m| m.at == error.at) else {
            continue;
        };
        if shown_at <= skipped + window {
            continue;
        }
        far.push(skipped);
        let (fixed, plan) = fixed_text(&text);
        if fixed == truth {
            assert!(plan.held.is_empty(), "{:?}", plan.held);
            let s = &first_suggestions(&text)[0];
            assert!(s.shift && s.edit == EditKind::Insert, "{s:?}");
            restored.push(skipped);
        }
    }
    assert!(!far.is_empty(), "no skip shows beyond the window");
    assert!(
        !restored.is_empty(),
        "none of the far skips {far:?} restored"
    );
}
