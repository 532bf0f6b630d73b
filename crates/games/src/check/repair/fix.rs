//! Applying suggestions to a record's text (`check --fix`).
//!
//! Only the text of the moves an edit touches changes; everything else —
//! comments, tags, move numbers, players, line breaks — stays byte for byte.
//! The edits mirror how the search replays them: a replaced or exchanged move
//! keeps the number and player written before it; an inserted move goes right
//! after the move before it, so it takes no number, or, where the search
//! found the number (or player) belongs to it, right after them; a deleted move's text goes
//! with one space, and a number or player written before it passes to the next
//! move (which the parser does by itself).

use std::ops::Range;

use super::{EditKind, Suggestion};
use crate::check::CheckedGame;
use crate::record::GameRecord;

/// One change made to a record's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// 1-based index of the game in its file.
    pub game: usize,
    /// Line of the move changed (for an insertion: the move it goes before).
    pub line: u32,
    /// Its column.
    pub col: u32,
    /// What was done: `1.1 -> 7.1 (one digit)`, `inserted 7.3 before 9.5`.
    pub what: String,
}

/// A record's text with the top suggestion for each error applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixed {
    /// The whole text.
    pub text: String,
    /// What changed, in file order.
    pub changes: Vec<Change>,
}

/// Byte offsets of line starts, counted as the record parser counts them (a
/// byte order mark is not a column).
struct Lines<'a> {
    source: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    fn new(source: &'a str) -> Lines<'a> {
        let bom = if source.starts_with('\u{feff}') { 3 } else { 0 };
        let mut starts = vec![bom];
        starts.extend(source.match_indices('\n').map(|(i, _)| i + 1));
        Lines { source, starts }
    }

    /// The byte offset of 1-based `line`, `col` (in characters).
    fn offset(&self, line: u32, col: u32) -> Option<usize> {
        let start = *self.starts.get(line.checked_sub(1)? as usize)?;
        let rest = self.source.get(start..)?;
        let skip = col.checked_sub(1)? as usize;
        Some(match rest.char_indices().nth(skip) {
            Some((i, _)) => start + i,
            None => self.source.len(),
        })
    }

    /// The byte range of move `t`'s text.
    fn span(&self, record: &GameRecord, t: usize) -> Option<Range<usize>> {
        let tok = record.moves.get(t)?;
        let start = self.offset(tok.line, tok.col)?;
        let end = start + tok.text.len();
        (self.source.get(start..end) == Some(&tok.text[..])).then_some(start..end)
    }

    /// Where the first move's word starts: before its number and player.
    fn word_start(&self, record: &GameRecord, t: usize) -> Option<usize> {
        let tok = record.moves.get(t)?;
        let mut start = self.span(record, t)?.start;
        if let Some(who) = &tok.player
            && self.source[..start].ends_with(&format!("{who}:"))
        {
            start -= who.len() + 1;
        }
        if let Some(n) = &tok.number {
            start = start.min(self.offset(n.line, n.col)?);
        }
        Some(start)
    }

    /// The range a deleted move takes with it: its text and one run of
    /// spaces after it (or before it, at the end of a line), unless a number
    /// or player is glued to its front.
    fn deleted(&self, span: Range<usize>) -> Range<usize> {
        let bytes = self.source.as_bytes();
        let blank = |b: u8| b == b' ' || b == b'\t';
        let glued = span.start > 0 && !bytes[span.start - 1].is_ascii_whitespace();
        if glued {
            return span;
        }
        let mut end = span.end;
        while end < bytes.len() && blank(bytes[end]) {
            end += 1;
        }
        if end > span.end {
            return span.start..end;
        }
        let mut start = span.start;
        while start > 0 && blank(bytes[start - 1]) {
            start -= 1;
        }
        start..span.end
    }
}

/// A byte range of the source and the text that replaces it.
type TextEdit = (Range<usize>, String);

/// The text edits of one suggestion on a game of `source`, with what they do.
fn edits(
    lines: &Lines<'_>,
    record: &GameRecord,
    s: &Suggestion,
) -> Option<(Vec<TextEdit>, String)> {
    let t = s.ply.checked_sub(1)?;
    let written = |t: usize| record.moves.get(t).map(|m| m.text.to_string());
    let text = s.text.clone().unwrap_or_default();
    if s.shift {
        return shifted(lines, record, s, t, &text);
    }
    Some(match s.edit {
        EditKind::Replace => (
            vec![(lines.span(record, t)?, text.clone())],
            format!("{} -> {text} ({})", written(t)?, s.slip.words()),
        ),
        EditKind::Swap => {
            let w = s.with?.checked_sub(1)?;
            (
                vec![
                    (lines.span(record, t)?, written(w)?),
                    (lines.span(record, w)?, written(t)?),
                ],
                format!("{} and {} exchanged", written(t)?, written(w)?),
            )
        }
        EditKind::Insert => {
            let edit = if s.after_number {
                let at = lines.span(record, t)?.start;
                (at..at, format!("{text} "))
            } else if t == 0 {
                let at = lines.word_start(record, 0)?;
                (at..at, format!("{text} "))
            } else {
                let at = lines.span(record, t - 1)?.end;
                (at..at, format!(" {text}"))
            };
            (
                vec![edit],
                format!("inserted {text} before {}", written(t)?),
            )
        }
        EditKind::Delete if s.count > 1 => {
            // Moves after the end of the game: each goes with its number
            // and player, which belong to no move then.
            let mut out = Vec::new();
            for k in t..t + s.count {
                let word = lines.word_start(record, k)?..lines.span(record, k)?.end;
                out.push((lines.deleted(word), String::new()));
            }
            let last = t + s.count - 1;
            (
                out,
                format!(
                    "deleted {} to {} ({})",
                    written(t)?,
                    written(last)?,
                    s.slip.words()
                ),
            )
        }
        EditKind::Delete => (
            vec![(lines.deleted(lines.span(record, t)?), String::new())],
            format!("deleted {} ({})", written(t)?, s.slip.words()),
        ),
    })
}

/// The text edits of an insertion or deletion in lines numbered as typed:
/// every later move's text goes one place on (or back), the numbers staying
/// where they are written; the last move goes past the record's end (with
/// its number when it is X's) or its place is deleted.
fn shifted(
    lines: &Lines<'_>,
    record: &GameRecord,
    s: &Suggestion,
    t: usize,
    text: &str,
) -> Option<(Vec<TextEdit>, String)> {
    let last = record.moves.len().checked_sub(1)?;
    let written = |k: usize| record.moves.get(k).map(|m| m.text.to_string());
    let mut out = Vec::new();
    match s.edit {
        EditKind::Insert => {
            for k in t..=last {
                let new = if k == t {
                    text.to_string()
                } else {
                    written(k - 1)?
                };
                out.push((lines.span(record, k)?, new));
            }
            let end = lines.span(record, last)?.end;
            let index = last + 1;
            let numbered = record.moves.iter().any(|m| m.number.is_some());
            // A record that starts each numbered row on a line of its own
            // gets the new row on a new line.
            let rows = record
                .moves
                .iter()
                .rev()
                .find_map(|m| m.number.as_ref())
                .is_some_and(|n| n.col == 1);
            let word = if numbered && index % 2 == 0 {
                let gap = match (rows, lines.source.contains("\r\n")) {
                    (true, true) => "\r\n",
                    (true, false) => "\n",
                    _ => " ",
                };
                format!("{gap}{}. {}", index / 2 + 1, written(last)?)
            } else {
                format!(" {}", written(last)?)
            };
            out.push((end..end, word));
            Some((
                out,
                format!(
                    "inserted {text} before {}, each later move one place on",
                    written(t)?
                ),
            ))
        }
        EditKind::Delete => {
            for k in t..last {
                out.push((lines.span(record, k)?, written(k + 1)?));
            }
            let word = lines.word_start(record, last)?..lines.span(record, last)?.end;
            out.push((lines.deleted(word), String::new()));
            Some((
                out,
                format!(
                    "deleted {} ({}), each later move one place back",
                    written(t)?,
                    s.slip.words()
                ),
            ))
        }
        _ => None,
    }
}

/// Applies suggestions, each to its game (a game parsed from `source`), and
/// says what changed. A suggestion whose move text is not where the record
/// says (a record not parsed from `source`) is left out.
pub fn apply(source: &str, picks: &[(usize, &GameRecord, &Suggestion)]) -> Fixed {
    let lines = Lines::new(source);
    let mut all: Vec<TextEdit> = Vec::new();
    let mut changes = Vec::new();
    for &(game, record, s) in picks {
        let Some((mut edits, what)) = edits(&lines, record, s) else {
            continue;
        };
        let overlaps = edits
            .iter()
            .any(|(r, _)| all.iter().any(|(a, _)| r.start < a.end && a.start < r.end));
        if overlaps {
            continue;
        }
        let tok = &record.moves[s.ply - 1];
        changes.push(Change {
            game,
            line: tok.line,
            col: tok.col,
            what,
        });
        all.append(&mut edits);
    }
    // From the end, so earlier offsets stay right; insertions at one place
    // keep their order.
    all.sort_by_key(|(r, _)| std::cmp::Reverse((r.start, r.end)));
    let mut text = source.to_string();
    for (range, with) in all {
        text.replace_range(range, &with);
    }
    changes.sort_by_key(|c| (c.line, c.col));
    Fixed { text, changes }
}

/// An error whose suggestions `--fix` did not apply, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    /// 1-based index of the game in its file.
    pub game: usize,
    /// Line of the error.
    pub line: u32,
    /// Its column.
    pub col: u32,
    /// Why: `the best suggestions are equally good: …`.
    pub why: String,
}

/// What `--fix` does with a record: the text with the sure suggestions
/// applied, and the errors it left as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixPlan {
    /// The fixed text and its changes.
    pub fixed: Fixed,
    /// The errors left as written, in file order.
    pub held: Vec<Held>,
}

/// The record `source` with the first suggestion of every error applied where
/// `--fix` is sure of it (`check --fix`): nothing else is as good on the
/// evidence, and it does not contradict the game's own claim. A game with an
/// error left as written keeps its later errors as written too (their
/// suggestions were found with the earlier fix made). `recheck` checks a
/// fixed text again: a game whose fixed moves then contradict its claim is
/// left as written whole, and so is one the fixes leave illegal.
pub fn fix_source(
    source: &str,
    games: &[CheckedGame],
    recheck: &dyn Fn(&str) -> Vec<CheckedGame>,
) -> FixPlan {
    let mut held = Vec::new();
    let mut picks: Vec<(usize, &GameRecord, &Suggestion)> = Vec::new();
    for g in games {
        let game = g.report.game;
        let mut stopped = false;
        for e in &g.report.errors {
            let Some(first) = e.suggestions.first() else {
                continue;
            };
            let why = if stopped {
                Some("an earlier error of this game was left as written".to_string())
            } else if first.tie {
                let tied: Vec<String> = e
                    .suggestions
                    .iter()
                    .filter(|s| s.tie)
                    .map(super::suggestion_text)
                    .collect();
                Some(format!(
                    "the best suggestions are equally good: {}",
                    tied.join("; ")
                ))
            } else if first.claim == Some(false) {
                Some(format!(
                    "every suggestion contradicts the game's claim: {}",
                    super::suggestion_text(first)
                ))
            } else {
                None
            };
            match why {
                Some(why) => {
                    stopped = true;
                    held.push(Held {
                        game,
                        line: e.line,
                        col: e.col,
                        why,
                    });
                }
                None => picks.push((game, &g.record, first)),
            }
        }
    }
    let fixed = apply(source, &picks);
    // The fixes of one error at a time are judged against the claims only
    // when they make the record legal to its end; a game with two slips is
    // judged here, whole.
    let changed: Vec<usize> = fixed.changes.iter().map(|c| c.game).collect();
    if changed.is_empty() {
        return FixPlan { fixed, held };
    }
    // A fixed game must be legal, and agree with its claims: else the fixes
    // found are not the whole story, and a guess is worse than the record.
    let mut against: Vec<(usize, &str)> = Vec::new();
    for g in recheck(&fixed.text)
        .iter()
        .filter(|g| changed.contains(&g.report.game))
    {
        if g.report.status == crate::check::Status::Illegal {
            against.push((
                g.report.game,
                "the suggestions found do not make the game legal",
            ));
        } else if g.report.claims.iter().any(|c| c.readable && !c.right) {
            against.push((
                g.report.game,
                "the fixed game would contradict its own claim",
            ));
        }
    }
    if against.is_empty() {
        return FixPlan { fixed, held };
    }
    for &(game, why) in &against {
        let first = games
            .iter()
            .filter(|g| g.report.game == game)
            .flat_map(|g| &g.report.errors)
            .find(|e| !e.suggestions.is_empty());
        if let Some(e) = first {
            held.push(Held {
                game,
                line: e.line,
                col: e.col,
                why: why.to_string(),
            });
        }
    }
    picks.retain(|(game, _, _)| against.iter().all(|&(g, _)| g != *game));
    held.sort_by_key(|h| (h.game, h.line, h.col));
    FixPlan {
        fixed: apply(source, &picks),
        held,
    }
}
