//! Applying suggestions to a record's text (`check --fix`).
//!
//! Only the text of the moves an edit touches changes; everything else —
//! comments, tags, move numbers, players, line breaks — stays byte for byte.
//! The edits mirror how the search replays them: a replaced or exchanged move
//! keeps the number and player written before it; an inserted move goes right
//! after the move before it, so it takes no number, or, where the search
//! found the number (or player) belongs to it, right after them; a deleted move's text goes
//! with one space, and a number or player written before it passes to the next
//! move (which the parser does by itself), unless the next move has its own
//! (or there is none): then it goes with the move.
//!
//! `check --fix` fixes a record as it streams ([`FixStream`]): a game's text
//! is known once the next game starts, so each game is fixed, checked again
//! on its own and written on then, and memory holds a game or two whatever
//! the record's length. [`fix_source`] does the same on a text held whole
//! (the web page's records), checking the fixed text again in one piece.

use std::cell::RefCell;
use std::io::{BufRead, Read, Write};
use std::ops::Range;
use std::rc::Rc;

use super::log::{Done, Kept};
use super::{EditKind, Suggestion};
use crate::check::CheckedGame;
use crate::language::Language;
use crate::record::GameRecord;

/// One change made to a record's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// 1-based index of the game in its file.
    pub game: usize,
    /// Where the move changed is (for an insertion: the move it goes
    /// before).
    pub at: crate::source::Position,
    /// What was done: `1.1 -> 7.1 (one digit)`, `inserted 7.3 before 9.5`.
    pub what: String,
    /// The same, typed: what `what` and [`Change::says`] are worded from.
    pub(crate) done: Done,
}

impl Change {
    /// What was done, in `language`.
    pub fn says(&self, language: Language) -> String {
        self.done.words(language)
    }
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
    /// The line number of `source`'s first line: a piece of a record (one
    /// game's lines, as `check --fix` streams) starts where it stands.
    first: u32,
}

impl<'a> Lines<'a> {
    fn new(source: &'a str) -> Lines<'a> {
        Lines::from_line(source, 1)
    }

    /// The lines of `source`, a piece of a record that starts at the start
    /// of line `first`.
    fn from_line(source: &'a str, first: u32) -> Lines<'a> {
        let bom = if first == 1 && source.starts_with('\u{feff}') {
            3
        } else {
            0
        };
        let mut starts = vec![bom];
        starts.extend(source.match_indices('\n').map(|(i, _)| i + 1));
        Lines {
            source,
            starts,
            first,
        }
    }

    /// The byte offset of `at` (its column in characters).
    fn offset(&self, at: crate::source::Position) -> Option<usize> {
        let start = *self.starts.get(at.line.checked_sub(self.first)? as usize)?;
        let rest = self.source.get(start..)?;
        let skip = at.col.checked_sub(1)? as usize;
        Some(match rest.char_indices().nth(skip) {
            Some((i, _)) => start + i,
            None => self.source.len(),
        })
    }

    /// The byte range of move `t`'s text.
    fn span(&self, record: &GameRecord, t: usize) -> Option<Range<usize>> {
        let tok = record.moves.get(t)?;
        let start = self.offset(tok.at)?;
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
            start = start.min(self.offset(n.at)?);
        }
        Some(start)
    }

    /// The range a deleted move takes with it: its text and one run of
    /// spaces after it (or before it, at the end of a line; or its line
    /// break, alone on its line), unless a number or player is glued to its
    /// front.
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
        // A move alone on its line takes the line with it.
        if span.start == 0 || bytes[span.start - 1] == b'\n' {
            let newline = usize::from(bytes.get(end) == Some(&b'\r'));
            if bytes.get(end + newline) == Some(&b'\n') {
                return span.start..end + newline + 1;
            }
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
fn edits(lines: &Lines<'_>, record: &GameRecord, s: &Suggestion) -> Option<(Vec<TextEdit>, Done)> {
    let t = s.ply.checked_sub(1)?;
    let written = |t: usize| record.moves.get(t).map(|m| m.text.to_string());
    let text = s.text.clone().unwrap_or_default();
    if s.shift {
        return shifted(lines, record, s, t, &text);
    }
    Some(match s.edit {
        EditKind::Replace => (
            vec![(lines.span(record, t)?, text.clone())],
            Done::Replaced {
                from: written(t)?,
                to: text,
                slip: s.slip,
            },
        ),
        EditKind::Swap => {
            let w = s.with?.checked_sub(1)?;
            (
                vec![
                    (lines.span(record, t)?, written(w)?),
                    (lines.span(record, w)?, written(t)?),
                ],
                Done::Exchanged {
                    first: written(t)?,
                    second: written(w)?,
                },
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
                Done::Inserted {
                    before: written(t)?,
                    text,
                    shift: false,
                },
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
                Done::DeletedRun {
                    from: written(t)?,
                    to: written(last)?,
                    slip: s.slip,
                },
            )
        }
        EditKind::Delete => {
            let span = lines.span(record, t)?;
            // The number (and player) written before the move pass to the
            // next move, as the parser reads them, unless that move has its
            // own or there is none: then they go with it rather than stand
            // before nothing (`3. 3 3... 3... 8`).
            let this = record.moves.get(t)?;
            let next = record.moves.get(t + 1);
            let goes = (this.number.is_some() && next.is_none_or(|m| m.number.is_some()))
                || (this.player.is_some() && next.is_none_or(|m| m.player.is_some()));
            let start = if goes {
                lines.word_start(record, t)?
            } else {
                span.start
            };
            (
                vec![(lines.deleted(start..span.end), String::new())],
                Done::Deleted {
                    text: written(t)?,
                    slip: s.slip,
                    shift: false,
                },
            )
        }
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
) -> Option<(Vec<TextEdit>, Done)> {
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
                .is_some_and(|n| n.at.col == 1);
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
                Done::Inserted {
                    text: text.to_string(),
                    before: written(t)?,
                    shift: true,
                },
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
                Done::Deleted {
                    text: written(t)?,
                    slip: s.slip,
                    shift: true,
                },
            ))
        }
        _ => None,
    }
}

/// Applies suggestions, each to its game (a game parsed from `source`), and
/// says what changed. A suggestion whose move text is not where the record
/// says (a record not parsed from `source`) is left out.
pub fn apply(source: &str, picks: &[(usize, &GameRecord, &Suggestion)]) -> Fixed {
    apply_lines(&Lines::new(source), picks)
}

/// [`apply`] on the text `lines` holds.
fn apply_lines(lines: &Lines<'_>, picks: &[(usize, &GameRecord, &Suggestion)]) -> Fixed {
    let source = lines.source;
    let mut all: Vec<TextEdit> = Vec::new();
    let mut changes = Vec::new();
    for &(game, record, s) in picks {
        let Some((mut edits, done)) = edits(lines, record, s) else {
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
            at: tok.at,
            what: done.words(Language::En),
            done,
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
    changes.sort_by_key(|c| c.at);
    Fixed { text, changes }
}

/// An error whose suggestions `--fix` did not apply, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    /// 1-based index of the game in its file.
    pub game: usize,
    /// Where the error is.
    pub at: crate::source::Position,
    /// Why: `the best suggestions are equally good: …`.
    pub why: String,
    /// The same, typed: what `why` and [`Held::says`] are worded from.
    pub(crate) kept: Kept,
}

impl Held {
    /// Why, in `language`.
    pub fn says(&self, language: Language) -> String {
        self.kept.words(language)
    }

    fn new(game: usize, at: crate::source::Position, kept: Kept) -> Held {
        Held {
            game,
            at,
            why: kept.words(Language::En),
            kept,
        }
    }
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
        plan_game(g, &mut picks, &mut held);
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
    let mut against: Vec<(usize, Kept)> = Vec::new();
    for g in recheck(&fixed.text)
        .iter()
        .filter(|g| changed.contains(&g.report.game))
    {
        if let Some(why) = unsure(g) {
            against.push((g.report.game, why));
        }
    }
    if against.is_empty() {
        return FixPlan { fixed, held };
    }
    picks.retain(|(game, _, _)| against.iter().all(|(g, _)| g != game));
    for (game, why) in against {
        if let Some(g) = games.iter().find(|g| g.report.game == game) {
            held.extend(held_whole(g, why));
        }
    }
    held.sort_by_key(|h| (h.game, h.at));
    FixPlan {
        fixed: apply(source, &picks),
        held,
    }
}

/// The first suggestion of each error of `g` that `--fix` is sure of, onto
/// `picks`, and the errors it leaves as written, with why, onto `held`.
fn plan_game<'g>(
    g: &'g CheckedGame,
    picks: &mut Vec<(usize, &'g GameRecord, &'g Suggestion)>,
    held: &mut Vec<Held>,
) {
    let game = g.report.game;
    let mut stopped = false;
    for e in &g.report.errors {
        let Some(first) = e.suggestions.first() else {
            continue;
        };
        let why = if stopped {
            Some(Kept::AfterOne)
        } else if first.tie {
            let tied = e.suggestions.iter().filter(|s| s.tie).cloned().collect();
            Some(Kept::Tied(tied))
        } else if first.claim == Some(false) {
            Some(Kept::AgainstClaim(Box::new(first.clone())))
        } else {
            None
        };
        match why {
            Some(why) => {
                stopped = true;
                held.push(Held::new(game, e.at, why));
            }
            None => picks.push((game, &g.record, first)),
        }
    }
}

/// Why a game checked again after its fixes may not keep them: the fixes
/// found are then not the whole story, and a guess is worse than the record.
fn unsure(again: &CheckedGame) -> Option<Kept> {
    if again.report.status == crate::check::Status::Illegal {
        Some(Kept::NotLegal)
    } else if again.report.claims.iter().any(|c| c.readable && !c.right) {
        Some(Kept::WouldContradict)
    } else {
        None
    }
}

/// `g` left as written whole, for `why`: named at its first error with a
/// suggestion.
fn held_whole(g: &CheckedGame, why: Kept) -> Option<Held> {
    let e = g.report.errors.iter().find(|e| !e.suggestions.is_empty())?;
    Some(Held::new(g.report.game, e.at, why))
}

/// What `--fix` did with one game of a streamed record ([`FixStream`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameFix {
    /// 1-based index of the game in its file.
    pub game: usize,
    /// The changes made, in file order (none when the game was left as
    /// written).
    pub changes: Vec<Change>,
    /// The errors left as written, and why.
    pub held: Vec<Held>,
    /// The changed game's verdict when checked again.
    pub again: Option<crate::check::Status>,
}

/// The bytes a [`Tee`] passed on that its [`FixStream`] has not written
/// yet.
#[derive(Debug)]
struct Seen {
    bytes: Vec<u8>,
    /// The line `bytes` starts with (they always start at a line start).
    line: u32,
}

impl Seen {
    /// The offset in `bytes` where `line` starts (the end, when the bytes
    /// end before it).
    fn offset_of(&self, line: u32) -> usize {
        let skip = line.saturating_sub(self.line) as usize;
        if skip == 0 {
            return 0;
        }
        self.bytes
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b == b'\n')
            .nth(skip - 1)
            .map_or(self.bytes.len(), |(i, _)| i + 1)
    }

    /// Drops the bytes before `offset`, written, where `line` starts.
    fn written(&mut self, offset: usize, line: u32) {
        self.bytes.drain(..offset);
        self.line = line;
    }
}

/// A reader that keeps a copy of what is read through it for its
/// [`FixStream`]: the record is read once, checked game by game, and each
/// game's text fixed from the copy, which is dropped as soon as it is
/// written out — so `--fix` holds one game at a time, whatever the record's
/// length.
pub struct Tee<R> {
    inner: R,
    seen: Rc<RefCell<Seen>>,
}

impl<R: BufRead> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.seen.borrow_mut().bytes.extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Tee<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        // What is consumed is in the buffer already: this reads nothing.
        if let Ok(buffer) = self.inner.fill_buf() {
            let taken = &buffer[..amount.min(buffer.len())];
            self.seen.borrow_mut().bytes.extend_from_slice(taken);
        }
        self.inner.consume(amount);
    }
}

/// Checks a fixed game's text again: the games it holds, checked.
pub(crate) type Recheck<'a> = dyn Fn(&str) -> Vec<CheckedGame> + 'a;

/// `check --fix` on a record as it streams: fed each checked game in file
/// order, it writes the record's text to `out` with the sure fixes of each
/// game applied (as [`fix_source`] decides them), holding only the game
/// being fixed. A game's text runs from its first line to the line the next
/// game starts on, so a game is fixed when the next one arrives (or at
/// [`FixStream::finish`]); its fixed text is checked again on its own.
pub struct FixStream<W> {
    seen: Rc<RefCell<Seen>>,
    out: W,
    /// The game waiting for the next one to know where its text ends.
    pending: Option<CheckedGame>,
    /// How many changes were written.
    changes: usize,
}

impl<W: Write> FixStream<W> {
    /// A fixer writing the fixed record to `out`.
    pub fn new(out: W) -> FixStream<W> {
        FixStream {
            seen: Rc::new(RefCell::new(Seen {
                bytes: Vec::new(),
                line: 1,
            })),
            out,
            pending: None,
            changes: 0,
        }
    }

    /// The record's reader, wrapped so this fixer sees what it reads. Use
    /// one per fixer.
    pub fn reader<R: BufRead>(&self, inner: R) -> Tee<R> {
        Tee {
            inner,
            seen: Rc::clone(&self.seen),
        }
    }

    /// How many changes were written so far.
    pub fn changes(&self) -> usize {
        self.changes
    }

    /// How many bytes of the record it holds now, read and not yet written.
    pub fn held_bytes(&self) -> usize {
        self.seen.borrow().bytes.len()
    }

    /// Takes the next game checked from the reader; returns what was done
    /// with the game before it, if that one had suggestions.
    pub fn game(
        &mut self,
        g: &CheckedGame,
        recheck: &Recheck<'_>,
    ) -> std::io::Result<Option<GameFix>> {
        let done = match self.pending.take() {
            Some(p) => Some(self.settle(&p, Some(g.record.line), recheck)?),
            None => None,
        };
        self.write_through(Some(g.record.line))?;
        if g.report.errors.iter().any(|e| !e.suggestions.is_empty()) {
            self.pending = Some(g.clone());
        }
        Ok(done)
    }

    /// Ends the record (read to its end): fixes the last game, writes the
    /// rest, and returns the output and what was done with the last game.
    pub fn finish(mut self, recheck: &Recheck<'_>) -> std::io::Result<(W, Option<GameFix>)> {
        let done = match self.pending.take() {
            Some(p) => Some(self.settle(&p, None, recheck)?),
            None => None,
        };
        self.write_through(None)?;
        self.out.flush()?;
        Ok((self.out, done))
    }

    /// Writes the bytes before `line` (all, for `None`) as read.
    fn write_through(&mut self, line: Option<u32>) -> std::io::Result<()> {
        let mut seen = self.seen.borrow_mut();
        let end = line.map_or(seen.bytes.len(), |l| seen.offset_of(l));
        self.out.write_all(&seen.bytes[..end])?;
        let line = line.unwrap_or(seen.line);
        seen.written(end, line);
        Ok(())
    }

    /// Fixes game `p`, whose text ends where line `end` starts (or with the
    /// bytes read), writing the bytes up to there.
    fn settle(
        &mut self,
        p: &CheckedGame,
        end: Option<u32>,
        recheck: &Recheck<'_>,
    ) -> std::io::Result<GameFix> {
        let mut held = Vec::new();
        let mut picks = Vec::new();
        plan_game(p, &mut picks, &mut held);
        let mut fix = GameFix {
            game: p.report.game,
            changes: Vec::new(),
            held,
            again: None,
        };
        let mut seen = self.seen.borrow_mut();
        let start = seen.offset_of(p.record.line);
        let stop = end
            .map_or(seen.bytes.len(), |l| seen.offset_of(l))
            .max(start);
        let text = std::str::from_utf8(&seen.bytes[start..stop]).ok();
        let mut fixed = None;
        if let (Some(text), false) = (text, picks.is_empty()) {
            let made = apply_lines(&Lines::from_line(text, p.record.line), &picks);
            let again = recheck(&made.text);
            let why = match again.as_slice() {
                [g] => unsure(g),
                _ => Some(Kept::NotAlone),
            };
            match why {
                Some(why) => fix.held.extend(held_whole(p, why)),
                None if !made.changes.is_empty() => {
                    fix.again = again.first().map(|g| g.report.status);
                    fix.changes = made.changes;
                    fixed = Some(made.text);
                }
                None => {}
            }
        }
        fix.held.sort_by_key(|h| h.at);
        self.changes += fix.changes.len();
        self.out.write_all(&seen.bytes[..start])?;
        match &fixed {
            Some(text) => self.out.write_all(text.as_bytes())?,
            None => self.out.write_all(&seen.bytes[start..stop])?,
        }
        let line = end.unwrap_or(seen.line);
        seen.written(stop, line);
        Ok(fix)
    }
}
