//! JSON as the checker writes it: compact, with every control character
//! escaped, so the output is safe on a terminal.
//!
//! Two writers make the same text. [`write_json`] serialises anything through
//! serde. [`write_game`] writes a game's report by hand: `check --json` over
//! a tournament writes one report per game, and through serde a legal game's
//! report cost about as much as checking its moves (about 8,000 instructions
//! a game, most of them serde_json looking at each character of each string
//! twice). The hand writer looks at each byte once and hands only what is
//! rare (errors and warnings, with their repair suggestions) to serde. A test
//! holds the two writers to the same bytes on every kind of report, and the
//! writer destructures the report without `..`, so a field added to
//! [`GameReport`] does not compile until it is written here too.

use serde::Serialize;

use super::{CheckError, PlayerScore, SosLineReport};
use super::{ClaimReport, GameOutcome, GameReport, GameResult, RulesReport, Status};
use crate::check::repair::SuggestionIn;
use crate::language::Language;

/// Errors as serde writes them, their suggestions' `says` in `language`.
fn errors_in(out: &mut Vec<u8>, errors: &[CheckError], language: Language) {
    if language == Language::En {
        write_json(out, errors);
        return;
    }
    let errors: Vec<ErrorIn<'_>> = errors.iter().map(|e| ErrorIn(e, language)).collect();
    write_json(out, &errors);
}

/// An error as its derived `Serialize` writes it, with `says`, its
/// `message` in another language, and its suggestions' `says` in it.
struct ErrorIn<'a>(&'a CheckError, Language);

impl Serialize for ErrorIn<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let CheckError {
            at,
            move_number,
            player,
            text,
            code,
            message,
            reason,
            suggestions,
        } = self.0;
        let mut m = s.serialize_struct("CheckError", 9)?;
        m.serialize_field("line", &at.line)?;
        m.serialize_field("col", &at.col)?;
        m.serialize_field("move", move_number)?;
        m.serialize_field("player", player)?;
        m.serialize_field("text", text)?;
        m.serialize_field("code", code)?;
        m.serialize_field("message", message)?;
        m.serialize_field("says", &reason.words(self.1))?;
        let suggestions: Vec<SuggestionIn<'_>> = suggestions
            .iter()
            .map(|x| SuggestionIn(x, self.1))
            .collect();
        m.serialize_field("suggestions", &suggestions)?;
        m.end()
    }
}

/// Appends `value` as compact JSON, every control character (C1 controls
/// and DEL included) and every bidirectional override a `\u` escape.
pub(crate) fn write_json<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) {
    let start = out.len();
    let mut ser = serde_json::Serializer::with_formatter(&mut *out, SafeFormatter);
    if value.serialize(&mut ser).is_err() {
        // Reports hold strings and numbers only; nothing here can fail.
        out.truncate(start);
        out.extend_from_slice(b"null");
    }
}

/// [`write_json`] into a string of its own.
pub(crate) fn to_json<T: Serialize + ?Sized>(value: &T) -> String {
    let mut bytes = Vec::new();
    write_json(&mut bytes, value);
    bytes_to_string(bytes)
}

/// A game's report as [`write_game`] writes it, in a string of its own.
pub(crate) fn game_to_json(g: &GameReport) -> String {
    let mut bytes = Vec::new();
    write_game(&mut bytes, g);
    bytes_to_string(bytes)
}

/// The writers' bytes as text: UTF-8 always, since they write only whole
/// strings and ASCII.
fn bytes_to_string(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|_| "null".into())
}

/// serde_json's compact formatter, escaping C1 controls, DEL and the
/// bidirectional overrides as well (serde_json escapes C0 controls itself).
struct SafeFormatter;

impl serde_json::ser::Formatter for SafeFormatter {
    fn write_string_fragment<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        // Fast path: below DEL every character is written as it is (tested
        // a block at a time, without a branch per byte).
        if !fragment
            .as_bytes()
            .chunks(64)
            .any(|block| block.iter().fold(false, |any, &b| any | (b >= 0x7f)))
        {
            return writer.write_all(fragment.as_bytes());
        }
        let mut start = 0;
        for (i, c) in fragment.char_indices() {
            if escaped_above_ascii(c) {
                writer.write_all(fragment.get(start..i).unwrap_or("").as_bytes())?;
                write!(writer, "\\u{:04x}", c as u32)?;
                start = i + c.len_utf8();
            }
        }
        writer.write_all(fragment.get(start..).unwrap_or("").as_bytes())
    }
}

/// The characters from DEL up that are written as `\u` escapes: DEL, the C1
/// controls and the bidirectional embeddings, overrides and isolates, which
/// would reorder a terminal's line.
fn escaped_above_ascii(c: char) -> bool {
    matches!(c, '\u{7f}'..='\u{9f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Appends one game's report, byte for byte as [`write_json`] writes it.
pub(crate) fn write_game(out: &mut Vec<u8>, g: &GameReport) {
    write_game_in(out, g, Language::En);
}

/// [`write_game`] with the suggestions' `says` in `language`.
pub(crate) fn write_game_in(out: &mut Vec<u8>, g: &GameReport, language: Language) {
    let GameReport {
        file,
        game,
        line,
        description,
        rules,
        options,
        what,
        status,
        moves,
        result,
        scores,
        lines,
        claims,
        errors,
        more_errors,
        warnings,
        more_warnings,
        annotations,
    } = g;
    key(out, b"{\"file\":", file);
    number(out, b",\"game\":", *game as u64);
    number(out, b",\"line\":", u64::from(*line));
    key(out, b",\"description\":", description);
    out.extend_from_slice(b",\"rules\":");
    optional(out, rules.as_deref());
    out.extend_from_slice(b",\"options\":");
    match options {
        Some(o) => rules_report(out, o),
        None => out.extend_from_slice(b"null"),
    }
    if language != Language::En {
        // The game and its rules in the reader's language, beside the
        // English `description` and `rules` scripts read.
        key(out, b",\"what\":", &what.words(language));
    }
    out.extend_from_slice(b",\"status\":");
    out.extend_from_slice(status_word(*status));
    number(out, b",\"moves\":", *moves as u64);
    out.extend_from_slice(b",\"result\":");
    match result {
        Some(r) => game_result(out, r),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"scores\":");
    list(out, scores, player_score);
    out.extend_from_slice(b",\"lines\":");
    list(out, lines, sos_line);
    out.extend_from_slice(b",\"claims\":");
    list(out, claims, claim);
    out.extend_from_slice(b",\"errors\":");
    errors_in(out, errors, language);
    number(out, b",\"more_errors\":", *more_errors as u64);
    out.extend_from_slice(b",\"warnings\":");
    errors_in(out, warnings, language);
    number(out, b",\"more_warnings\":", *more_warnings as u64);
    if let Some(annotations) = annotations {
        out.extend_from_slice(b",\"annotations\":");
        write_json(out, annotations);
    }
    out.push(b'}');
}

/// `status` as serde writes the enum: its kebab-case name, quoted.
fn status_word(status: Status) -> &'static [u8] {
    match status {
        Status::Legal => b"\"legal\"",
        Status::Illegal => b"\"illegal\"",
        Status::WrongClaim => b"\"wrong-claim\"",
        Status::UnreadableClaim => b"\"unreadable-claim\"",
        Status::Unusable => b"\"unusable\"",
    }
}

fn rules_report(out: &mut Vec<u8>, r: &RulesReport) {
    let RulesReport {
        draws,
        decided,
        no_return,
    } = r;
    key(out, b"{\"draws\":", draws);
    key(out, b",\"decided\":", decided);
    key(out, b",\"no_return\":", no_return);
    out.push(b'}');
}

fn game_result(out: &mut Vec<u8>, r: &GameResult) {
    let GameResult {
        outcome,
        winner,
        winner_name,
        winners,
        termination,
    } = r;
    out.extend_from_slice(b"{\"outcome\":");
    out.extend_from_slice(match outcome {
        GameOutcome::Win => b"\"win\"",
        GameOutcome::SharedWin => b"\"shared-win\"",
        GameOutcome::Draw => b"\"draw\"",
        GameOutcome::Unfinished => b"\"unfinished\"",
    });
    out.extend_from_slice(b",\"winner\":");
    optional(out, winner.as_deref());
    out.extend_from_slice(b",\"winner_name\":");
    optional(out, winner_name.as_deref());
    out.extend_from_slice(b",\"winners\":");
    list(out, winners, |out, w| string(out, w));
    out.extend_from_slice(b",\"termination\":");
    match termination {
        // Its serde name, one word for each.
        Some(t) => write_json(out, t),
        None => out.extend_from_slice(b"null"),
    }
    out.push(b'}');
}

fn player_score(out: &mut Vec<u8>, s: &PlayerScore) {
    let PlayerScore {
        player,
        name,
        score,
    } = s;
    key(out, b"{\"player\":", player);
    out.extend_from_slice(b",\"name\":");
    optional(out, name.as_deref());
    number(out, b",\"score\":", u64::from(*score));
    out.push(b'}');
}

fn sos_line(out: &mut Vec<u8>, l: &SosLineReport) {
    let SosLineReport { player, cells } = l;
    key(out, b"{\"player\":", player);
    out.extend_from_slice(b",\"cells\":");
    list(out, cells, |out, c| string(out, c));
    out.push(b'}');
}

fn claim(out: &mut Vec<u8>, c: &ClaimReport) {
    let ClaimReport {
        tag,
        claimed,
        right,
        readable,
        judged,
    } = c;
    key(out, b"{\"tag\":", tag);
    key(out, b",\"claimed\":", claimed);
    boolean(out, b",\"right\":", *right);
    boolean(out, b",\"readable\":", *readable);
    boolean(out, b",\"judged\":", *judged);
    out.push(b'}');
}

/// `[a,b,…]`, each item written by `item`.
fn list<T>(out: &mut Vec<u8>, items: &[T], item: impl Fn(&mut Vec<u8>, &T)) {
    out.push(b'[');
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        item(out, x);
    }
    out.push(b']');
}

/// A key already written with its punctuation (`,"name":`), then a string.
fn key(out: &mut Vec<u8>, key: &[u8], value: &str) {
    out.extend_from_slice(key);
    string(out, value);
}

fn number(out: &mut Vec<u8>, key: &[u8], n: u64) {
    out.extend_from_slice(key);
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut n = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

fn boolean(out: &mut Vec<u8>, key: &[u8], b: bool) {
    out.extend_from_slice(key);
    out.extend_from_slice(if b { b"true" } else { b"false" });
}

fn optional(out: &mut Vec<u8>, s: Option<&str>) {
    match s {
        Some(s) => string(out, s),
        None => out.extend_from_slice(b"null"),
    }
}

/// A quoted string, escaped as serde_json with [`SafeFormatter`] escapes it:
/// `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, other C0 controls and the
/// characters of [`escaped_above_ascii`] as `\u` and four lowercase hex
/// digits. Runs that need nothing are copied whole.
fn string(out: &mut Vec<u8>, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push(b'"');
    let bytes = s.as_bytes();
    let mut run = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
            i += 1;
            continue;
        }
        if b >= 0x80 {
            // A character of several bytes: escaped only if it is one of
            // the few above ASCII; otherwise part of the run.
            let c = s.get(i..).and_then(|rest| rest.chars().next());
            let Some(c) = c else { break };
            if !escaped_above_ascii(c) {
                i += c.len_utf8();
                continue;
            }
        }
        out.extend_from_slice(&bytes[run..i]);
        let c = s
            .get(i..)
            .and_then(|rest| rest.chars().next())
            .unwrap_or('\0');
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '\u{8}' => out.extend_from_slice(b"\\b"),
            '\u{c}' => out.extend_from_slice(b"\\f"),
            '\n' => out.extend_from_slice(b"\\n"),
            '\r' => out.extend_from_slice(b"\\r"),
            '\t' => out.extend_from_slice(b"\\t"),
            c => {
                let u = c as u32;
                out.extend_from_slice(b"\\u");
                for shift in [12, 8, 4, 0] {
                    out.push(HEX[((u >> shift) & 0xf) as usize]);
                }
            }
        }
        i += c.len_utf8();
        run = i;
    }
    out.extend_from_slice(&bytes[run..]);
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{CheckError, Termination, check_source};

    /// The hand writer's bytes for `g`, and serde's.
    fn both(g: &GameReport) -> (String, String) {
        let mut hand = Vec::new();
        write_game(&mut hand, g);
        let mut serde = Vec::new();
        write_json(&mut serde, g);
        (
            String::from_utf8(hand).expect("UTF-8"),
            String::from_utf8(serde).expect("UTF-8"),
        )
    }

    /// Strings with everything the escaping treats apart: quotes,
    /// backslashes, each C0 control, DEL, C1 controls, the bidirectional
    /// controls and their neighbours, other multi-byte characters.
    fn hostile_strings() -> Vec<String> {
        let mut all = vec![
            String::new(),
            "plain".into(),
            "\"quoted\" \\ back".into(),
            "Zoë · 名前 · ผู้เล่น · 😀".into(),
            "\u{7e}\u{7f}\u{80}\u{9f}\u{a0}".into(),
            "a\u{2029}\u{202a}\u{202e}\u{202f}\u{2065}\u{2066}\u{2069}\u{206a}z".into(),
        ];
        all.push((0u8..0x20).map(char::from).collect());
        all.push((0x70u32..0xb0).filter_map(char::from_u32).collect());
        all
    }

    #[test]
    fn hand_writer_matches_serde_on_every_example_record() {
        let records = [
            include_str!("../../../../examples/records/ultimate.txt"),
            include_str!("../../../../examples/records/ultimate-free.txt"),
            include_str!("../../../../examples/records/ultimate-wild-draws.txt"),
            include_str!("../../../../examples/records/tictactoe.txt"),
            include_str!("../../../../examples/records/sos-general.txt"),
            include_str!("../../../../examples/records/sos-three-players.txt"),
            include_str!("../../../../examples/records/strategic-functional-map34.txt"),
            include_str!("../../../../examples/records/strategic-tactical.txt"),
            include_str!("../../../../examples/records/illegal/wrong-result.txt"),
            include_str!("../../../../examples/records/illegal/occupied-cell.txt"),
            include_str!("../../../../examples/records/illegal/sos-out-of-turn.txt"),
            include_str!("../../../../examples/records/illegal/bad-move-number.txt"),
            include_str!("../../../../examples/records/illegal/unparseable-move.txt"),
        ];
        let mut games = 0;
        let mut with_result = 0;
        for text in records {
            for g in check_source("rec.txt", text.as_bytes(), None).games {
                let (hand, serde) = both(&g.report);
                assert_eq!(hand, serde);
                games += 1;
                with_result += usize::from(g.report.result.is_some());
            }
        }
        assert!(games >= 20 && with_result >= 10, "{games} games");
    }

    #[test]
    fn hand_writer_matches_serde_on_every_field_filled_with_hostile_text() {
        let error = CheckError {
            at: crate::source::Position { line: 3, col: 7 },
            move_number: Some(12),
            player: Some("X".into()),
            text: "5.3".into(),
            code: "occupied",
            message: "taken".into(),
            reason: super::super::reason::Reason::TttMoveInSos,
            suggestions: Vec::new(),
        };
        for s in hostile_strings() {
            for (status, outcome, termination) in [
                (
                    Status::Legal,
                    GameOutcome::Win,
                    Some(Termination::Resignation),
                ),
                (Status::Illegal, GameOutcome::SharedWin, None),
                (
                    Status::WrongClaim,
                    GameOutcome::Draw,
                    Some(Termination::Time),
                ),
                (Status::UnreadableClaim, GameOutcome::Unfinished, None),
                (
                    Status::Unusable,
                    GameOutcome::Unfinished,
                    Some(Termination::Abandoned),
                ),
            ] {
                let g = GameReport {
                    file: s.clone(),
                    game: usize::MAX,
                    line: u32::MAX,
                    description: s.clone(),
                    rules: Some(s.clone()),
                    options: Some(RulesReport {
                        draws: "both",
                        decided: "open",
                        no_return: "tactical",
                    }),
                    what: super::super::what::What::Written(s.clone()),
                    status,
                    moves: 0,
                    result: Some(GameResult {
                        outcome,
                        winner: Some(s.clone()),
                        winner_name: None,
                        winners: vec![s.clone(), "O".into()],
                        termination,
                    }),
                    scores: vec![
                        PlayerScore {
                            player: s.clone(),
                            name: Some(s.clone()),
                            score: 7,
                        },
                        PlayerScore {
                            player: "B".into(),
                            name: None,
                            score: 0,
                        },
                    ],
                    lines: vec![SosLineReport {
                        player: s.clone(),
                        cells: [s.clone(), "b1".into(), "c1".into()],
                    }],
                    claims: vec![ClaimReport {
                        tag: "Result".into(),
                        claimed: s.clone(),
                        right: false,
                        readable: true,
                        judged: false,
                    }],
                    errors: vec![error.clone()],
                    more_errors: 1,
                    warnings: vec![error.clone()],
                    more_warnings: 12_345,
                    annotations: Some(vec![crate::solve::Annotation {
                        ply: 23,
                        kind: crate::solve::AnnotationKind::MissedWin,
                        mover: crate::games::ttt::Mark::X,
                        forcing: crate::games::ttt::Mark::X,
                        played: crate::games::ttt::Move::new(&[5, 2]).expect("a move"),
                        win_in: 3,
                        best: vec![crate::games::ttt::Move::new(&[3, 1]).expect("a move")],
                        line: vec![crate::games::ttt::Move::new(&[3, 1]).expect("a move")],
                    }]),
                };
                let (hand, serde) = both(&g);
                assert_eq!(hand, serde);
                // And it is JSON that reads back to the same strings.
                let back: serde_json::Value = serde_json::from_str(&hand).expect("JSON");
                assert_eq!(back["file"], serde_json::Value::String(s.clone()));
            }
        }
    }

    #[test]
    fn escapes_reach_the_output() {
        let mut out = Vec::new();
        string(&mut out, "a\"b\\c\nd\u{1}e\u{7f}f\u{202e}g");
        assert_eq!(
            String::from_utf8(out).expect("UTF-8"),
            r#""a\"b\\c\nd\u0001e\u007ff\u202eg""#
        );
    }
}
