//! The worked examples of docs/rules.md ("Worked examples"), each a record in
//! `tests/rules_examples/`, checked to the verdict the rule book gives: legal
//! or not, the result, and for an illegal one the move and the rule it breaks.

use std::path::Path;

use paperboard_games::check::{GameReport, Status, check_source};
use paperboard_games::record::parse;

/// The verdict a worked example must get.
struct Verdict {
    file: &'static str,
    status: Status,
    /// `win` / `shared-win` / `draw` / `unfinished`, and the winners' letters;
    /// `none` for an illegal game, which has no result.
    outcome: &'static str,
    winner: Option<&'static str>,
    /// For an illegal game: the 1-based position of the offending move among
    /// all the moves, and its code.
    error: Option<(usize, &'static str)>,
    rules: Option<&'static str>,
}

const VERDICTS: [Verdict; 10] = [
    // O holds tactical cells 1 and 5; O's last move draws tactical cell 9,
    // completing the diagonal 1-5-9 with a drawn cell: O wins.
    Verdict {
        file: "wild-draw-ultimate.txt",
        status: Status::Legal,
        outcome: "win",
        winner: Some("O"),
        error: None,
        rules: Some("authors' rules"),
    },
    // The same moves, drawn cells counting for nobody: the game goes on.
    Verdict {
        file: "wild-draw-ultimate-common.txt",
        status: Status::Legal,
        outcome: "unfinished",
        winner: None,
        error: None,
        rules: Some("draws none, decided open"),
    },
    // X won tactical cell 8; O's 8.1 goes into that decided cell.
    Verdict {
        file: "decided-closed.txt",
        status: Status::Illegal,
        outcome: "none",
        winner: None,
        error: Some((6, "closed-tactical-cell")),
        rules: Some("draws both, decided closed"),
    },
    // X's 8.8 sends O to the decided tactical cell 8, which frees the move;
    // decided cells still take moves, so 8.1 is legal.
    Verdict {
        file: "decided-free.txt",
        status: Status::Legal,
        outcome: "unfinished",
        winner: None,
        error: None,
        rules: Some("draws both, decided free"),
    },
    // O's 2.1.7 targets strategic cell F(2, row 3) = 1, where X just played,
    // while other moves do not.
    Verdict {
        file: "no-return-strategic.txt",
        status: Status::Illegal,
        outcome: "none",
        winner: None,
        error: Some((2, "no-return")),
        rules: Some("authors' rules, no-return yes"),
    },
    // The tactical level alone: 2.1.7 targets 1.7, not 1.1.
    Verdict {
        file: "no-return-tactical-only.txt",
        status: Status::Legal,
        outcome: "unfinished",
        winner: None,
        error: None,
        rules: Some("authors' rules, no-return tactical"),
    },
    // X's last move 7.9 targets tactical cell 9, where O just played, but it
    // wins the game: nobody is sent anywhere.
    Verdict {
        file: "no-return-game-end.txt",
        status: Status::Legal,
        outcome: "win",
        winner: Some("X"),
        error: None,
        rules: Some("authors' rules, no-return yes"),
    },
    // O's 5.2 targets tactical cell 2, where X just played, but X's move
    // filled it: X is freed, not sent back.
    Verdict {
        file: "no-return-full-target.txt",
        status: Status::Legal,
        outcome: "unfinished",
        winner: None,
        error: None,
        rules: Some("authors' rules, no-return yes"),
    },
    // X has won tactical cell 5; O's 3.5 targets it, but under
    // `Decided "free"` a decided target frees X.
    Verdict {
        file: "no-return-decided-free.txt",
        status: Status::Legal,
        outcome: "unfinished",
        winner: None,
        error: None,
        rules: Some("draws both, decided free, no-return yes"),
    },
    // Ann 1, Ben 0, Cat 1: Ann and Cat share the win.
    Verdict {
        file: "sos-shared-win.txt",
        status: Status::Legal,
        outcome: "shared-win",
        winner: Some("A+C"),
        error: None,
        rules: None,
    },
];

fn report(file: &str) -> (GameReport, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/rules_examples")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let checked = check_source(file, text.as_bytes(), None);
    assert!(checked.error.is_none(), "{file}: {:?}", checked.error);
    assert_eq!(checked.games.len(), 1, "{file}");
    (checked.games.into_iter().next().unwrap().report, text)
}

#[test]
fn every_worked_example_gets_its_verdict() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rules_examples");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    let mut listed: Vec<&str> = VERDICTS.iter().map(|v| v.file).collect();
    listed.sort();
    assert_eq!(files, listed, "every example has a verdict");

    for v in &VERDICTS {
        let (r, text) = report(v.file);
        let errors: Vec<(u32, u32, &str)> = r
            .errors
            .iter()
            .map(|e| (e.at.line, e.at.col, e.code))
            .collect();
        assert_eq!(r.status, v.status, "{}: {errors:?}", v.file);
        // As the JSON report spells it.
        let outcome = r.result.as_ref().map_or("none".into(), |result| {
            serde_json::to_value(result.outcome).unwrap()
        });
        assert_eq!(outcome, v.outcome, "{}", v.file);
        let winner = r
            .result
            .as_ref()
            .and_then(|result| result.winner.as_deref());
        assert_eq!(winner, v.winner, "{}", v.file);
        assert_eq!(r.rules.as_deref(), v.rules, "{}", v.file);
        assert!(r.claims.iter().all(|c| c.right || !c.judged), "{}", v.file);
        match v.error {
            None => assert!(errors.is_empty(), "{}: {errors:?}", v.file),
            Some((nth, code)) => {
                // The offending move, found by its place in the record.
                let token = &parse(&text).unwrap()[0].moves[nth - 1];
                assert_eq!(errors, [(token.at.line, token.at.col, code)], "{}", v.file);
            }
        }
    }
}
