//! Game records (docs/record-format.md): the parser.
//!
//! [`Records`] reads a record file game by game from any buffered reader,
//! holding one game at a time: tags, then moves, each with the line and column
//! of its text. It never interprets the rules: a move that cannot be read is
//! kept as [`MoveBody::Unreadable`] so the checker can report it with the rest;
//! only text that is not a record at all (a broken tag line, an unclosed `{`
//! comment, moves before any tag, a bad byte) is a [`ParseError`]. Such an
//! error costs the game it is in, not the file: it is kept with its game
//! ([`GameRecord::errors`]) and reading resumes at the next line, so one pass
//! reports every error in the file.
//!
//! Limits, so a hostile file cannot exhaust memory: a line holds at most
//! 64 KiB, a game [`GameRecord::MAX_MOVES`] moves and 100 tags, a tag
//! value 200 characters without control characters; a move or player
//! quoted in a message is cut to 40 characters (the crate's `MAX_LINE`,
//! `MAX_TAGS`, `MAX_TAG_VALUE` and `MAX_QUOTE`).

mod fault;
mod lexer;
mod moves;
mod plain;
// Benchmark and test input, shown through `internals`.
#[cfg(any(test, feature = "internals"))]
pub(crate) mod random;
mod short_text;
#[cfg(test)]
mod tests;
pub mod write;

pub use fault::{NotAMove, Syntax};
pub use short_text::ShortText;

/// Reads one move's text written without number or player (`5.3.7`, `537`,
/// `c3S`, `S@c3`), as the parser reads the moves of a record.
pub(crate) fn parse_move(text: &str) -> MoveBody {
    moves::parse_move(text)
}

use std::fmt;

use crate::games::sos::SosMove;
use crate::games::ttt::Move;
use crate::source::Position;
use lexer::Piece;

/// A tag pair `[Name "value"]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// The name as written (compare case-insensitively).
    pub name: String,
    /// The value, with `\"` and `\\` unescaped.
    pub value: String,
    /// Where the `[` is.
    pub at: Position,
    /// Where the value's first character is.
    pub value_at: Position,
}

/// A move number as written: `12.` or `12...`, or mistyped — `12,`, `12)`,
/// `12..` — and read as the number it stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number.
    pub number: u32,
    /// `true` for `N...` (before O's move), `false` for `N.`.
    pub ellipsis: bool,
    /// Where it is.
    pub at: Position,
    /// The text as written when it is not `N.` or `N...` but a slip of the
    /// pen for one (`5,` for `5.`): the checker says how it read it.
    pub mistyped: Option<ShortText>,
}

impl MoveNumber {
    /// The number as written in the record.
    pub fn written(&self) -> String {
        match &self.mistyped {
            Some(text) => text.to_string(),
            None => self.to_string(),
        }
    }
}

impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.number,
            if self.ellipsis { "..." } else { "." }
        )
    }
}

/// What a move's text says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveBody {
    /// A tic-tac-toe family move (1 to 3 positions).
    Path(Move),
    /// An SOS move.
    Sos(SosMove),
    /// Text in the moves that is no move.
    Unreadable {
        /// What was expected instead.
        reason: NotAMove,
    },
}

/// One move as written, with where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveToken {
    /// The move's text (without number and player).
    pub text: ShortText,
    /// Where the move's text is.
    pub at: Position,
    /// The move number written before it, if any.
    pub number: Option<MoveNumber>,
    /// The player written with it (`A:c3S`), if any.
    pub player: Option<String>,
    /// What it says.
    pub body: MoveBody,
}

/// One game: its tags and moves.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameRecord {
    /// Tags in file order, unknown ones included.
    pub tags: Vec<Tag>,
    /// Moves in file order.
    pub moves: Vec<MoveToken>,
    /// Line where the game starts.
    pub line: u32,
    /// Syntax errors inside the game (a broken tag line, a stray bracket, a
    /// line too long to read): a game with any cannot be checked.
    pub errors: Vec<ParseError>,
    /// Syntax errors beyond the 1,000 kept (`MAX_KEPT_ERRORS`).
    pub more_errors: usize,
    /// The game has more than [`GameRecord::MAX_MOVES`] moves; the rest
    /// were not read.
    pub too_long: bool,
}

impl GameRecord {
    /// The most moves a game may hold: 10,000, over ten times the longest
    /// legal game (729 moves of Strategic, 676 of SOS on 26×26).
    pub const MAX_MOVES: usize = 10_000;

    /// The first tag of this name (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name.eq_ignore_ascii_case(name))
    }
}

/// Text that is not a record: where and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{at}: {fault}")]
pub struct ParseError {
    /// Where: the line, and the column in characters.
    pub at: Position,
    /// What is wrong, saying what was expected.
    pub fault: Syntax,
}

impl ParseError {
    /// What is wrong, in English.
    pub fn message(&self) -> String {
        self.fault.to_string()
    }
}

/// The most bytes a record line may hold: 64 KiB. A whole Strategic game on
/// one line is under 10 KiB.
pub(crate) const MAX_LINE: usize = 64 * 1024;
/// The most tags a game may hold.
pub(crate) const MAX_TAGS: usize = 100;
/// The most syntax errors kept per game; the rest are counted. (Text before
/// the first game is one error, however long.)
pub(crate) const MAX_KEPT_ERRORS: usize = 1_000;

/// One thing found in a record file, in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordItem {
    /// A game: its tags and moves, and any syntax errors inside it.
    Game(GameRecord),
    /// Text before the first game's tags that is no part of a record.
    Stray(ParseError),
}

/// Reads a record file game by game from a buffered reader: only the game
/// being read is held, so memory stays flat however large the file. A
/// syntax error costs the game it is in, never the file: every error is
/// reported with its game (see [`GameRecord::errors`]) and reading goes on
/// at the next line.
pub struct Records<R> {
    reader: R,
    lexer: lexer::Lexer,
    line: u32,
    buf: Vec<u8>,
    state: State,
    done: bool,
    /// Plain movetext lines take the fast path ([`plain`]); off only to
    /// test that path against the general one.
    plain: bool,
}

/// A game being read.
struct Builder {
    game: GameRecord,
    /// Words came after the tags (moves or move numbers).
    had_words: bool,
    number: Option<MoveNumber>,
    player: Option<String>,
}

impl Builder {
    /// A game starting at `line`, with room for `room` moves at once, read
    /// into `moves` and `tags` (empty; their room is used again).
    fn new(line: u32, room: usize, mut moves: Vec<MoveToken>, tags: Vec<Tag>) -> Builder {
        moves.reserve(room);
        Builder {
            game: GameRecord {
                line,
                moves,
                tags,
                ..GameRecord::default()
            },
            had_words: false,
            number: None,
            player: None,
        }
    }

    fn error(&mut self, e: ParseError) {
        if self.game.errors.len() < MAX_KEPT_ERRORS {
            self.game.errors.push(e);
        } else {
            self.game.more_errors += 1;
        }
    }

    fn tag(&mut self, tag: Tag) {
        if self.game.tags.len() < MAX_TAGS {
            self.game.tags.push(tag);
        } else if self.game.tags.len() == MAX_TAGS {
            self.error(ParseError {
                at: tag.at,
                fault: Syntax::TooManyTags(MAX_TAGS),
            });
            // Counted as one more so the error is given once.
            self.game.tags.push(tag);
        }
    }

    fn word(&mut self, word: &str, line: u32, col: u32) {
        self.had_words = true;
        if let Some(token) = move_token(word, line, col, &mut self.number, &mut self.player) {
            self.push(token, line, col);
        }
    }

    /// Files the words of a line [`plain::plain_words`] passed: the usual
    /// ones read straight, any other as [`Builder::word`] reads it.
    fn plain_line(&mut self, bytes: &[u8], line: u32) {
        self.had_words = true;
        let mut at = 0;
        while let Some(&b) = bytes.get(at) {
            if plain::is_blank(b) {
                at += 1;
                continue;
            }
            let start = at;
            while bytes.get(at).is_some_and(|&b| !plain::is_blank(b)) {
                at += 1;
            }
            let word = bytes.get(start..at).unwrap_or_default();
            // At most MAX_LINE bytes before it: the column fits.
            let col = start as u32 + 1;
            if let Some(path) = plain::plain_move(word)
                && let Some(token) =
                    plain::move_token(word, path, line, col, &mut self.number, &mut self.player)
            {
                self.push(token, line, col);
            } else if let Some(number) = plain::plain_number(word, line, col) {
                self.number = Some(number);
            } else {
                // Plain ASCII, so always UTF-8.
                self.word(std::str::from_utf8(word).unwrap_or_default(), line, col);
            }
        }
    }

    /// Keeps a move, up to [`GameRecord::MAX_MOVES`] of them.
    #[inline(always)]
    fn push(&mut self, token: MoveToken, line: u32, col: u32) {
        if self.game.moves.len() < GameRecord::MAX_MOVES {
            self.game.moves.push(token);
        } else if self.game.moves.len() == GameRecord::MAX_MOVES && !self.game.too_long {
            self.game.too_long = true;
            self.error(ParseError {
                at: Position { line, col },
                fault: Syntax::TooManyMoves(GameRecord::MAX_MOVES),
            });
        }
    }

    fn finish(mut self) -> GameRecord {
        self.game.tags.truncate(MAX_TAGS);
        self.game
    }
}

impl<R: std::io::BufRead> Records<R> {
    /// Reads records from `reader`.
    pub fn new(reader: R) -> Records<R> {
        Records {
            reader,
            lexer: lexer::Lexer::default(),
            line: 0,
            buf: Vec::new(),
            state: State::default(),
            done: false,
            plain: true,
        }
    }

    /// Reads records from `reader` with the general lexer only, as the
    /// fast path for plain lines must read them.
    #[cfg(test)]
    fn general(reader: R) -> Records<R> {
        Records {
            plain: false,
            ..Records::new(reader)
        }
    }

    /// Reads the next lines and files what they hold: `Ok(false)` at the
    /// end. Lines that lie whole in the reader's buffer are read from there,
    /// until a game is complete; one that straddles the buffer's end is gathered in `buf`
    /// (up to 64 KiB, `MAX_LINE`; a longer line is skipped and reported).
    fn read_line(&mut self) -> std::io::Result<bool> {
        self.buf.clear();
        let mut any = false;
        let mut too_long = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                break;
            }
            let newline = plain::newline(available);
            if let Some(i) = newline
                && !any
            {
                // The usual case: whole lines in the buffer, read from there
                // until a game is complete, so only one game is held however
                // many the buffer has.
                let Records {
                    lexer,
                    state,
                    line,
                    plain,
                    ..
                } = self;
                let mut used = 0;
                let mut rest = available;
                let mut next = Some(i);
                while let Some(n) = next {
                    let bytes = rest.get(..n).unwrap_or(&[]);
                    *line = line.saturating_add(1);
                    used += n + 1;
                    if bytes.len() > MAX_LINE {
                        state.long_line(*line);
                    } else {
                        file_line(bytes, *line, lexer, state, *plain);
                    }
                    if !state.ready.is_empty() {
                        break;
                    }
                    rest = rest.get(n + 1..).unwrap_or(&[]);
                    next = plain::newline(rest);
                }
                self.reader.consume(used);
                return Ok(true);
            }
            any = true;
            let (taken, end) = match newline {
                Some(i) => (i, true),
                None => (available.len(), false),
            };
            if !too_long {
                if self.buf.len() + taken > MAX_LINE {
                    too_long = true;
                    self.buf.clear();
                } else {
                    self.buf
                        .extend_from_slice(available.get(..taken).unwrap_or(&[]));
                }
            }
            self.reader.consume(taken + usize::from(end));
            if end {
                break;
            }
        }
        if !any {
            return Ok(false);
        }
        self.line = self.line.saturating_add(1);
        let line = self.line;
        if too_long {
            self.state.long_line(line);
        } else {
            file_line(
                &self.buf,
                line,
                &mut self.lexer,
                &mut self.state,
                self.plain,
            );
        }
        Ok(true)
    }
}

impl<R> Records<R> {
    /// Hands back a game this reader gave, once done with it: the next
    /// game is read into its room for moves and tags. A file of many
    /// short games then asks for no memory and gives none back game after
    /// game, and writes its moves to memory the processor holds at hand.
    /// Memory stays flat: the room kept is one game's, and a game holds at
    /// most [`GameRecord::MAX_MOVES`] moves and 100 tags (`MAX_TAGS`).
    pub fn reuse(&mut self, mut game: GameRecord) {
        if game.moves.capacity() > self.state.spare_moves.capacity() {
            game.moves.clear();
            self.state.spare_moves = game.moves;
        }
        if game.tags.capacity() > self.state.spare_tags.capacity() {
            game.tags.clear();
            self.state.spare_tags = game.tags;
        }
    }
}

impl State {
    fn long_line(&mut self, line: u32) {
        self.error(ParseError {
            at: Position { line, col: 1 },
            fault: Syntax::LongLine(MAX_LINE / 1024),
        });
    }
}

/// What the parser knows between lines, apart from the lexer and reader.
#[derive(Default)]
struct State {
    current: Option<Builder>,
    /// A blank line came after the current game's tags.
    blank_after_tags: bool,
    /// Text before the first game was already reported.
    stray_reported: bool,
    ready: std::collections::VecDeque<RecordItem>,
    /// Room for the moves of the next game, from the lengths of the last
    /// ones (0 before the first game: see [`room_after`]).
    room: usize,
    /// Room for moves and tags from a game handed back ([`Records::reuse`]).
    spare_moves: Vec<MoveToken>,
    spare_tags: Vec<Tag>,
}

/// Room for the moves of a game after one of `moves` moves, when the room
/// given before was `room`: games of a file are mostly alike, so a little
/// more than the last one, but not much less than the room before (it
/// shrinks by an eighth a game), so a run of games of varied lengths does
/// not outgrow its room (a copy of every move) game after game. Room for a
/// whole Strategic game at once (729 moves, ~100 KB) for every short game
/// is memory asked for and given back game after game.
fn room_after(moves: usize, room: usize) -> usize {
    (moves + moves / 4 + 8)
        .max(room - room / 8)
        .min(GameRecord::MAX_MOVES)
}

/// Lexes one line's bytes and files its pieces into `state`: a plain tag
/// line, or a line of plain movetext in a game, the fast way when `plain`
/// (see [`plain`]).
fn file_line(bytes: &[u8], line: u32, lexer: &mut lexer::Lexer, state: &mut State, plain: bool) {
    if plain && !lexer.in_comment() {
        if let Some(tag) = plain::plain_tag(bytes, line) {
            state.tag(tag, line);
            return;
        }
        if let Some(game) = &mut state.current
            && plain::plain_words(bytes)
        {
            game.plain_line(bytes, line);
            return;
        }
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => lexer.line(text, line, &mut |piece| state.piece(piece, line)),
        Err(e) => {
            let good = bytes.get(..e.valid_up_to()).unwrap_or(&[]);
            let col = String::from_utf8_lossy(good).chars().count() as u32 + 1;
            state.error(ParseError {
                at: Position { line, col },
                fault: Syntax::NotUtf8,
            });
        }
    }
}

impl State {
    /// Starts a game at a tag line if the tag cannot belong to the current one.
    fn tag_line(&mut self, line: u32) {
        let starts_new = self
            .current
            .as_ref()
            .is_none_or(|g| g.had_words || self.blank_after_tags);
        if starts_new {
            if let Some(done) = self.current.take() {
                self.room = room_after(done.game.moves.len(), self.room);
                self.ready.push_back(RecordItem::Game(done.finish()));
            }
            let moves = std::mem::take(&mut self.spare_moves);
            let tags = std::mem::take(&mut self.spare_tags);
            self.current = Some(Builder::new(line, self.room, moves, tags));
        }
        self.blank_after_tags = false;
    }

    fn error(&mut self, e: ParseError) {
        match &mut self.current {
            Some(g) => g.error(e),
            None if self.stray_reported => {}
            None => {
                self.stray_reported = true;
                self.ready.push_back(RecordItem::Stray(e));
            }
        }
    }

    /// Files a tag read on line `line`.
    fn tag(&mut self, tag: Tag, line: u32) {
        self.tag_line(line);
        if let Some(g) = &mut self.current {
            g.tag(tag);
        }
    }

    fn piece(&mut self, piece: Piece<'_>, line: u32) {
        match piece {
            Piece::Tag(tag) => self.tag(*tag, line),
            Piece::BadTag(e) => {
                self.tag_line(line);
                self.error(e);
            }
            Piece::Word { text, line, col } => match &mut self.current {
                Some(g) => g.word(text, line, col),
                None => self.error(ParseError {
                    at: Position { line, col },
                    fault: Syntax::MovesBeforeTags,
                }),
            },
            Piece::Blank => self.blank_after_tags = self.current.is_some(),
            Piece::Error(e) => self.error(e),
        }
    }
}

impl<R: std::io::BufRead> Iterator for Records<R> {
    type Item = std::io::Result<RecordItem>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.state.ready.pop_front() {
                return Some(Ok(item));
            }
            if self.done {
                return None;
            }
            match self.read_line() {
                Ok(true) => {}
                Ok(false) => {
                    self.done = true;
                    if let Some(e) = self.lexer.finish() {
                        self.state.error(e);
                    }
                    if let Some(g) = self.state.current.take() {
                        self.state.ready.push_back(RecordItem::Game(g.finish()));
                    }
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
    }
}

/// Parses a record file's text into its games; the first syntax error, if
/// any, is the error. [`Records`] reads every game and every error.
pub fn parse(text: &str) -> Result<Vec<GameRecord>, ParseError> {
    parse_bytes(text.as_bytes())
}

/// Parses a record held as bytes: UTF-8 is required, and a bad byte is
/// reported at its line and column. The first syntax error, if any, is the
/// error.
pub(crate) fn parse_bytes(bytes: &[u8]) -> Result<Vec<GameRecord>, ParseError> {
    let mut games = Vec::new();
    let mut first: Option<ParseError> = None;
    let mut keep = |e: &ParseError| {
        let earlier = first.as_ref().is_none_or(|f| e.at < f.at);
        if earlier {
            first = Some(e.clone());
        }
    };
    for item in Records::new(bytes).flatten() {
        match item {
            RecordItem::Game(g) => {
                g.errors.iter().for_each(&mut keep);
                games.push(g);
            }
            RecordItem::Stray(e) => keep(&e),
        }
    }
    match first {
        Some(e) => Err(e),
        None => Ok(games),
    }
}

/// Splits a move-number prefix off a word: `12.`, `12...`, `12...5.5.5`.
fn split_number(text: &str) -> Option<(u32, bool, &str)> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 6 {
        return None;
    }
    // At most 6 digits: the number fits, and folding beats `parse`.
    let number = text
        .bytes()
        .take(digits)
        .fold(0u32, |n, b| n * 10 + u32::from(b - b'0'));
    let rest = text.get(digits..)?;
    if let Some(after) = rest.strip_prefix("...") {
        Some((number, true, after))
    } else if rest == "." {
        Some((number, false, ""))
    } else {
        None
    }
}

/// Reads a word that can only be a mistyped move number: digits, then only
/// the punctuation a hurried hand puts after a number (`5,`, `5)`, `5:`,
/// `5..`, `5…`). No game's move is written so, so nothing readable is lost;
/// two dots or more, or `…`, stand for `N...`. `N.` and `N...` themselves
/// are [`split_number`]'s.
fn mistyped_number(text: &str) -> Option<(u32, bool)> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 6 {
        return None;
    }
    let tail = text.get(digits..)?;
    let slip = |c: char| matches!(c, '.' | ',' | ')' | ':' | '…' | '-');
    if tail.is_empty() || !tail.chars().all(slip) {
        return None;
    }
    let number = text
        .bytes()
        .take(digits)
        .fold(0u32, |n, b| n * 10 + u32::from(b - b'0'));
    let ellipsis = tail.contains('…') || tail.matches('.').count() >= 2;
    Some((number, ellipsis))
}

/// The move a word holds, given the number and player written before it
/// (`12.` and `A:` may stand as words of their own): `None` for a word that
/// is only a number or a player, which is kept for the next word.
fn move_token(
    word: &str,
    line: u32,
    col: u32,
    number: &mut Option<MoveNumber>,
    player: &mut Option<String>,
) -> Option<MoveToken> {
    let mut text = word;
    let mut col = col;
    let split = split_number(text);
    if split.is_none()
        && let Some((n, ellipsis)) = mistyped_number(text)
    {
        *number = Some(MoveNumber {
            number: n,
            ellipsis,
            at: Position { line, col },
            mistyped: Some(ShortText::new(&excerpt(text, MAX_QUOTE))),
        });
        return None;
    }
    if let Some((n, ellipsis, rest)) = split {
        *number = Some(MoveNumber {
            number: n,
            ellipsis,
            at: Position { line, col },
            mistyped: None,
        });
        // The number is ASCII: its length in bytes is its length in columns.
        col += (text.len() - rest.len()) as u32;
        text = rest;
        if text.is_empty() {
            return None;
        }
    }
    // A byte search: `:` is ASCII, so the split is on a character boundary.
    if let Some(i) = text.bytes().position(|b| b == b':') {
        let (who, rest) = (text.get(..i).unwrap_or(""), text.get(i + 1..).unwrap_or(""));
        *player = Some(excerpt(who, MAX_QUOTE).into_owned());
        col += who.chars().count() as u32 + 1;
        text = rest;
        if text.is_empty() {
            return None;
        }
    }
    Some(MoveToken {
        text: ShortText::new(&excerpt(text, MAX_QUOTE)),
        at: Position { line, col },
        number: number.take(),
        player: player.take(),
        body: moves::parse_move(text),
    })
}

/// The most characters of a move or player kept to quote in a message.
pub(crate) const MAX_QUOTE: usize = 40;

/// At most `max` characters of `text`, with `…` where it was cut.
pub(crate) fn excerpt(text: &str, max: usize) -> std::borrow::Cow<'_, str> {
    if text.len() <= max {
        // No more bytes than `max`, so no more characters.
        return std::borrow::Cow::Borrowed(text);
    }
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", text.get(..cut).unwrap_or("")).into(),
        None => text.into(),
    }
}
