//! What a PDF may ask of the PDF parser, counted on the file's bytes before
//! the parser is asked.
//!
//! The parser (lopdf) builds every object of a file in memory when it loads
//! it, and nothing in it bounds how many: each number of an array becomes a
//! value of about a hundred bytes, so the two bytes `0 ` written in a file
//! cost fifty times their size, and an object stream is inflated (up to
//! 256 MiB) and parsed in full. A 235 KB file whose object stream inflates
//! to one long array made it allocate 8 GB. So this walk comes first, and
//! refuses the file unless the parser's work is small:
//!
//! * every place the parser may start reading an object, an `N G obj`
//!   header anywhere in the file (inside stream data too) or a `trailer`, is
//!   lexed from there to the token that ends the object's text (`endobj`,
//!   `stream`, …), and the bytes lexed are added up; so are the objects
//!   inside each object stream, each from its offset to its end, however
//!   the offsets overlap: at most [`PDF_OBJECT_BYTES`] together;
//! * every object stream and cross-reference stream is inflated with a cap
//!   (deflated or stored; another filter is refused): at most
//!   [`PDF_INFLATED_BYTES`] together, which the parser is also told;
//! * the stream data the parser copies, by each stream's `/Length` (or up
//!   to its `endstream`), must fit in the file: streams that claim each
//!   other's bytes are refused;
//! * an encrypted file is refused as unreadable (no scanner encrypts, and
//!   the parser would read its objects another way).
//!
//! The count errs high, never low: a header inside a picture's bytes is
//! lexed although the parser skips it. The parser is then told to find the
//! objects by these same headers ([`load`]), each read once, rather than
//! through the file's cross-reference table, which could list one object
//! thousands of times. A scanner's PDF is almost all picture data and passes
//! with room to spare: tens of kilobytes of object text for a hundred pages.

use std::collections::HashMap;
use std::io::Read;

use lopdf::{Document, LoadOptions};

use super::photo::PhotoError;
use crate::limits::{PDF_INFLATED_BYTES, PDF_OBJECT_BYTES};

/// Loads a PDF after [`check`] has bounded what loading it costs, finding
/// its objects by their headers (the file's own cross-reference table is not
/// followed). `None` when the parser cannot read it.
pub(crate) fn load(bytes: &[u8]) -> Result<Document, PhotoError> {
    check(bytes)?;
    // A tail whose `%%EOF` has no `startxref` before it: the parser can
    // only rebuild the table from the headers, which [`check`] counted, and
    // never falls back to a table written in the file.
    let mut copy = Vec::with_capacity(bytes.len() + 64);
    copy.extend_from_slice(bytes);
    copy.extend_from_slice(&[b' '; 40]);
    copy.extend_from_slice(b"\n%%EOF\n");
    let options = LoadOptions {
        force_reconstruct: true,
        max_decompressed_size: Some(PDF_INFLATED_BYTES as usize),
        ..LoadOptions::default()
    };
    Document::load_mem_with_options(&copy, options).map_err(|_| PhotoError::NotAPdf)
}

/// Refuses a PDF whose objects would cost the parser more than the limits
/// in the module's documentation, from its bytes alone.
pub(crate) fn check(bytes: &[u8]) -> Result<(), PhotoError> {
    let mut walk = Walk::default();
    let mut streams = Vec::new();
    for start in starts(bytes) {
        let text = walk.object_text(bytes, start)?;
        if let Some(data) = text.data {
            streams.push((text.facts, data));
        }
    }
    if walk.encrypted {
        return Err(PhotoError::NotAPdf);
    }
    let ends: Vec<usize> = (0..bytes.len())
        .filter(|&i| bytes[i..].starts_with(b"endstream"))
        .collect();
    // The object streams first: the integers inside them may be the
    // lengths of other streams.
    let mut inflated = 0u64;
    for (facts, data) in &streams {
        if matches!(facts.kind, Kind::ObjectStream | Kind::CrossReference) {
            let length = stream_length(bytes, facts, *data, &walk.integers, &ends);
            let content = walk.inflate(facts, &bytes[*data..*data + length], &mut inflated)?;
            if facts.kind == Kind::ObjectStream {
                walk.members(facts, &content)?;
            }
        }
    }
    let copied: u64 = streams
        .iter()
        .map(|(facts, data)| stream_length(bytes, facts, *data, &walk.integers, &ends) as u64)
        .sum();
    if copied > bytes.len() as u64 {
        return Err(too_complex(&format!(
            "its streams claim {copied} bytes of a file of {}: they overlap",
            bytes.len()
        )));
    }
    Ok(())
}

/// A refusal in the words of [`PhotoError::PdfTooComplex`].
fn too_complex(what: &str) -> PhotoError {
    PhotoError::PdfTooComplex {
        what: what.to_string(),
    }
}

/// The bytes of a stream the parser copies: its direct `/Length`, or the
/// integer object an indirect one names, held to the file's end; without
/// either, up to the next `endstream` (`ends`: where each is).
fn stream_length(
    bytes: &[u8],
    facts: &Facts,
    data: usize,
    integers: &HashMap<u64, u64>,
    ends: &[usize],
) -> usize {
    let rest = bytes.len() - data;
    let declared = match facts.length {
        Some(Length::Direct(n)) => Some(n),
        Some(Length::Object(number)) => integers.get(&number).copied(),
        None => None,
    };
    match declared {
        Some(n) => usize::try_from(n).map_or(rest, |n| n.min(rest)),
        None => ends
            .get(ends.partition_point(|&e| e < data))
            .map_or(rest, |&e| e - data),
    }
}

/// Where the parser may start reading an object: after the `obj` of every
/// `N G obj` header, and after every `trailer` keyword.
fn starts(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    let ends_word = |i: usize| bytes.get(i).is_none_or(|&b| !regular(b));
    (0..bytes.len().saturating_sub(2)).filter_map(move |i| {
        if bytes[i..].starts_with(b"obj") && ends_word(i + 3) && is_header_before(&bytes[..i]) {
            Some(i + 3)
        } else if bytes[i..].starts_with(b"trailer")
            && ends_word(i + 7)
            && (i == 0 || !regular(bytes[i - 1]))
        {
            Some(i + 7)
        } else {
            None
        }
    })
}

/// Whether `before` ends with `N G ` (digits, white space, digits, white
/// space), the number and generation of a header whose `obj` follows.
fn is_header_before(before: &[u8]) -> bool {
    let mut i = before.len();
    let run = |i: &mut usize, class: fn(u8) -> bool| {
        let end = *i;
        while *i > 0 && class(before[*i - 1]) {
            *i -= 1;
        }
        end - *i
    };
    run(&mut i, white);
    if run(&mut i, |b| b.is_ascii_digit()) == 0 || run(&mut i, white) == 0 {
        return false;
    }
    run(&mut i, |b| b.is_ascii_digit()) > 0 && (i == 0 || !regular(before[i - 1]))
}

/// PDF white space.
fn white(b: u8) -> bool {
    matches!(b, 0 | 9 | 10 | 12 | 13 | 32)
}

/// A PDF delimiter.
fn delimiter(b: u8) -> bool {
    matches!(
        b,
        b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%'
    )
}

/// A byte of a number, keyword or name.
fn regular(b: u8) -> bool {
    !white(b) && !delimiter(b)
}

/// One token of PDF syntax.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token<'a> {
    /// `<<`.
    OpenDictionary,
    /// `[`.
    Open,
    /// `>>` or `]`.
    Close,
    /// `/Name`, without its slash.
    Name(&'a [u8]),
    /// A number or a keyword (`R`, `obj`, `stream`, `true`, …).
    Word(&'a [u8]),
    /// A literal or hexadecimal string, or a stray delimiter.
    Other,
}

/// Reads tokens from `bytes` at `at`.
struct Lexer<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Lexer<'a> {
    fn next(&mut self) -> Option<Token<'a>> {
        let b = self.bytes;
        loop {
            while self.at < b.len() && white(b[self.at]) {
                self.at += 1;
            }
            if b.get(self.at) != Some(&b'%') {
                break;
            }
            while self.at < b.len() && !matches!(b[self.at], b'\r' | b'\n') {
                self.at += 1;
            }
        }
        let start = self.at;
        let first = *b.get(start)?;
        self.at += 1;
        let run = |from: usize| from + b[from..].iter().take_while(|&&c| regular(c)).count();
        Some(match first {
            b'<' if b.get(self.at) == Some(&b'<') => {
                self.at += 1;
                Token::OpenDictionary
            }
            b'>' if b.get(self.at) == Some(&b'>') => {
                self.at += 1;
                Token::Close
            }
            b'[' => Token::Open,
            b']' => Token::Close,
            b'<' => {
                self.at += b[self.at..]
                    .iter()
                    .position(|&c| c == b'>')
                    .map_or(b.len() - self.at, |p| p + 1);
                Token::Other
            }
            b'(' => {
                // Nested parentheses balance; a backslash escapes the next byte.
                let mut depth = 1usize;
                while self.at < b.len() && depth > 0 {
                    match b[self.at] {
                        b'\\' => self.at += 1,
                        b'(' => depth += 1,
                        b')' => depth -= 1,
                        _ => {}
                    }
                    self.at += 1;
                }
                self.at = self.at.min(b.len());
                Token::Other
            }
            b'/' => {
                self.at = run(self.at);
                Token::Name(&b[start + 1..self.at])
            }
            c if regular(c) => {
                self.at = run(self.at);
                Token::Word(&b[start..self.at])
            }
            _ => Token::Other,
        })
    }
}

/// A stream's `/Length`.
#[derive(Debug, Clone, Copy)]
enum Length {
    Direct(u64),
    /// The number of the integer object holding it.
    Object(u64),
}

/// What a stream is, by its `/Type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Kind {
    #[default]
    Other,
    ObjectStream,
    CrossReference,
}

/// What the walk needs of an object's outermost dictionary.
#[derive(Debug, Default)]
struct Facts {
    kind: Kind,
    length: Option<Length>,
    /// `/Filter`: the names, in order.
    filters: Vec<Vec<u8>>,
    /// `/First` and `/N` of an object stream.
    first: Option<u64>,
    /// `/Encrypt`, in a trailer or a cross-reference stream.
    encrypted: bool,
}

/// An object's text, lexed.
struct ObjectText {
    facts: Facts,
    /// Where its stream data starts, for a stream.
    data: Option<usize>,
}

/// The bytes counted so far, and the integer objects seen (the lengths an
/// indirect `/Length` names).
#[derive(Default)]
struct Walk {
    lexed: u64,
    integers: HashMap<u64, u64>,
    /// Whether a trailer or cross-reference stream names an `/Encrypt`.
    encrypted: bool,
}

impl Walk {
    /// Counts `n` more bytes of object text.
    fn count(&mut self, n: usize) -> Result<(), PhotoError> {
        self.lexed += n as u64;
        if self.lexed > PDF_OBJECT_BYTES {
            return Err(too_complex(&format!(
                "its objects hold more than {PDF_OBJECT_BYTES} bytes besides the pictures"
            )));
        }
        Ok(())
    }

    /// Lexes the object whose text starts at `start` (after its `obj`) to
    /// the token that ends it, counting the bytes and taking the facts of
    /// its outermost dictionary.
    fn object_text(&mut self, bytes: &[u8], start: usize) -> Result<ObjectText, PhotoError> {
        let mut lexer = Lexer { bytes, at: start };
        // The first tokens, where a stream's dictionary is.
        let mut tokens = Vec::new();
        let mut data = None;
        let mut counted = start;
        while let Some(token) = lexer.next() {
            // Counted as it goes, so a long object stops the walk early.
            self.count(lexer.at - counted)?;
            counted = lexer.at;
            if let Token::Word(w) = token
                && matches!(
                    w,
                    b"endobj" | b"stream" | b"endstream" | b"obj" | b"xref" | b"startxref"
                )
            {
                if w == b"stream" {
                    // The data follows the keyword's end of line.
                    let mut at = lexer.at;
                    if bytes[at..].starts_with(b"\r\n") {
                        at += 2;
                    } else if matches!(bytes.get(at), Some(b'\n' | b'\r')) {
                        at += 1;
                    }
                    data = Some(at);
                }
                break;
            }
            if tokens.len() < FACT_TOKENS {
                tokens.push(token);
            }
        }
        if let ([Token::Word(w)], Some(number)) =
            (tokens.as_slice(), header_number(&bytes[..start]))
            && let Some(n) = parse_u64(w)
        {
            self.integers.insert(number, n);
        }
        let facts = dictionary_facts(&tokens);
        self.encrypted |= facts.encrypted;
        Ok(ObjectText { facts, data })
    }

    /// Inflates an object or cross-reference stream's data within what is
    /// left of [`PDF_INFLATED_BYTES`].
    fn inflate(
        &mut self,
        facts: &Facts,
        data: &[u8],
        inflated: &mut u64,
    ) -> Result<Vec<u8>, PhotoError> {
        let left = PDF_INFLATED_BYTES - *inflated;
        let over = || {
            too_complex(&format!(
                "its compressed objects inflate to more than {PDF_INFLATED_BYTES} bytes"
            ))
        };
        let content = match facts.filters.as_slice() {
            [] => {
                if data.len() as u64 > left {
                    return Err(over());
                }
                data.to_vec()
            }
            [f] if f == b"FlateDecode" => {
                let mut out = Vec::new();
                flate2::read::ZlibDecoder::new(data)
                    .take(left + 1)
                    .read_to_end(&mut out)
                    .map_err(|_| too_complex("a compressed object stream is damaged"))?;
                if out.len() as u64 > left {
                    return Err(over());
                }
                out
            }
            other => {
                let names: Vec<String> = other
                    .iter()
                    .map(|f| String::from_utf8_lossy(f).into_owned())
                    .collect();
                return Err(too_complex(&format!(
                    "its objects are compressed in a way not read ({})",
                    names.join(", ")
                )));
            }
        };
        *inflated += content.len() as u64;
        Ok(content)
    }

    /// Counts the objects of an object stream as the parser reads them:
    /// each from its offset to its end.
    fn members(&mut self, facts: &Facts, content: &[u8]) -> Result<(), PhotoError> {
        let first = facts.first.and_then(|f| usize::try_from(f).ok());
        let Some(index) = first.and_then(|f| content.get(..f)) else {
            return Ok(());
        };
        let first = index.len();
        let numbers: Vec<Option<u64>> = index
            .split(|&b| white(b))
            .filter(|w| !w.is_empty())
            .map(parse_u64)
            .collect();
        self.count(index.len())?;
        for pair in numbers.chunks_exact(2) {
            let (Some(number), Some(offset)) = (pair[0], pair[1]) else {
                continue;
            };
            let Some(at) = usize::try_from(offset)
                .ok()
                .and_then(|o| o.checked_add(first))
                .filter(|&at| at < content.len())
            else {
                continue;
            };
            let mut lexer = Lexer { bytes: content, at };
            let integer = one_object(&mut lexer);
            self.count(lexer.at - at)?;
            if let Some(n) = integer {
                self.integers.insert(number, n);
            }
        }
        Ok(())
    }
}

/// Lexes one whole object (a dictionary or array to its close, a reference
/// `N G R`, or one token); gives its value when it is a lone integer.
fn one_object(lexer: &mut Lexer) -> Option<u64> {
    let mut depth = 0usize;
    loop {
        match lexer.next()? {
            Token::Open | Token::OpenDictionary => depth += 1,
            Token::Close => depth = depth.saturating_sub(1),
            Token::Word(w) if depth == 0 => {
                let value = parse_u64(w);
                // `N G R` reads as one object.
                let mut ahead = Lexer {
                    bytes: lexer.bytes,
                    at: lexer.at,
                };
                if let (Some(Token::Word(g)), Some(Token::Word(b"R"))) =
                    (ahead.next(), ahead.next())
                    && parse_u64(g).is_some()
                {
                    lexer.at = ahead.at;
                    return None;
                }
                return value;
            }
            _ => {}
        }
        if depth == 0 {
            return None;
        }
    }
}

/// The number of the header whose `obj` ends `before`.
fn header_number(before: &[u8]) -> Option<u64> {
    let trimmed = before.strip_suffix(b"obj")?;
    let words: Vec<&[u8]> = trimmed
        .rsplit(|&b| white(b))
        .filter(|w| !w.is_empty())
        .take(2)
        .collect();
    let number = words.get(1)?;
    // The number may follow other text on its line.
    let digits = number.len()
        - number
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_digit())
            .count();
    parse_u64(&number[digits..])
}

/// A non-negative integer written in decimal.
fn parse_u64(word: &[u8]) -> Option<u64> {
    if word.is_empty() || word.len() > 19 || !word.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(word).ok()?.parse().ok()
}

/// The tokens of an object read for its facts: a stream's dictionary is
/// far shorter.
const FACT_TOKENS: usize = 256;

/// The facts of the dictionary `tokens` start with (none when they start
/// with something else).
fn dictionary_facts(tokens: &[Token]) -> Facts {
    let mut facts = Facts::default();
    if tokens.first() != Some(&Token::OpenDictionary) {
        return facts;
    }
    let mut i = 1;
    while let Some(Token::Name(key)) = tokens.get(i) {
        let end = value_end(tokens, i + 1);
        take_fact(&mut facts, key, &tokens[i + 1..end]);
        if end == i + 1 {
            break;
        }
        i = end;
    }
    facts
}

/// Where the value starting at `tokens[i]` ends: a dictionary or array at
/// its close, a reference `N G R` after its `R`, anything else after itself.
fn value_end(tokens: &[Token], i: usize) -> usize {
    match tokens.get(i) {
        Some(Token::Open | Token::OpenDictionary) => {
            let mut depth = 0usize;
            for (j, t) in tokens.iter().enumerate().skip(i) {
                match t {
                    Token::Open | Token::OpenDictionary => depth += 1,
                    Token::Close => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    return j + 1;
                }
            }
            tokens.len()
        }
        Some(Token::Word(_)) => match tokens.get(i + 1..i + 3) {
            Some([Token::Word(_), Token::Word(b"R")]) => i + 3,
            _ => i + 1,
        },
        Some(_) => i + 1,
        None => i,
    }
}

/// Records the fact a key of the outermost dictionary gives.
fn take_fact(facts: &mut Facts, key: &[u8], value: &[Token]) {
    match (key, value) {
        (b"Type", [Token::Name(b"ObjStm")]) => facts.kind = Kind::ObjectStream,
        (b"Type", [Token::Name(b"XRef")]) => facts.kind = Kind::CrossReference,
        (b"Length", [Token::Word(n)]) => facts.length = parse_u64(n).map(Length::Direct),
        (b"Length", [Token::Word(n), Token::Word(_), Token::Word(b"R")]) => {
            facts.length = parse_u64(n).map(Length::Object);
        }
        (b"Filter", [Token::Name(f)]) => facts.filters = vec![f.to_vec()],
        (b"Filter", [Token::Open, rest @ ..]) => {
            facts.filters = rest
                .iter()
                .filter_map(|t| match t {
                    Token::Name(f) => Some(f.to_vec()),
                    _ => None,
                })
                .collect();
        }
        (b"First", [Token::Word(n)]) => facts.first = parse_u64(n),
        (b"Encrypt", _) => facts.encrypted = true,
        _ => {}
    }
}
