//! Checks on text that came from outside, before it is trusted: size, UTF-8,
//! characters that print nothing, and TOML shaped to exhaust the reader.
//!
//! Every reader of user text (specs, handout specs, map files, records,
//! uploads to the web server) runs these same checks, whichever door the
//! text came through; reading the text from a file is the job of the layer
//! that owns files, not of this one.

/// Whether a character cannot stand in a text a file gives (a record's tag
/// value, a spec's string): control characters and Unicode noncharacters
/// (XML cannot carry them, terminals act on them).
pub(crate) fn is_unprintable(c: char) -> bool {
    let n = c as u32;
    c.is_control() || (0xfdd0..=0xfdef).contains(&n) || n & 0xfffe == 0xfffe
}

/// The most bytes a spec, handout spec or map file may hold: 1 MiB. The
/// largest built-in template is under 4 KiB and a hyperfunctional map file
/// under 3 KiB, so no real input comes near it.
pub const TOML_LIMIT: u64 = 1 << 20;

/// Why an input file could not be read.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum InputError {
    /// Nothing exists at the path.
    #[error("{path}: no such file")]
    #[diagnostic(code(paperboard::input::not_found))]
    NotFound {
        /// The path as given.
        path: String,
    },
    /// The path names a folder, FIFO, socket or device.
    #[error("{path} is {what}, not a regular file; paperboard reads inputs only from files")]
    #[diagnostic(code(paperboard::input::not_a_file))]
    NotAFile {
        /// The path as given.
        path: String,
        /// What it is instead.
        what: FileKind,
    },
    /// The file is larger than the limit for its kind.
    #[error("{path} is larger than {limit_text}, the limit for this kind of file")]
    #[diagnostic(code(paperboard::input::too_large))]
    TooLarge {
        /// The path as given.
        path: String,
        /// The limit, in bytes.
        limit: u64,
        /// The limit written for people, e.g. `1 MiB`.
        limit_text: String,
    },
    /// The file is not UTF-8 text.
    #[error("{path}:{at}: expected UTF-8 text (this is a plain text file format)")]
    #[diagnostic(code(paperboard::input::utf8))]
    NotUtf8 {
        /// The path as given.
        path: String,
        /// Where the first bad byte is.
        at: super::Position,
    },
    /// A path written in a file leads outside that file's folder.
    #[error(
        "`{path}` is outside {folder}; a file may name only files in its own folder (other paths can be given on the command line)"
    )]
    #[diagnostic(code(paperboard::input::outside))]
    Outside {
        /// The path as written.
        path: String,
        /// The folder it must stay in.
        folder: String,
    },
    /// The operating system refused to read it (permissions, I/O error).
    #[error("cannot read {path}: {}", io_words(cause))]
    #[diagnostic(code(paperboard::input::io))]
    Io {
        /// The path as given.
        path: String,
        /// The OS error, said in words ([`io_words`]) rather than shown
        /// whole: not a `source`, which would print it once more.
        cause: std::io::Error,
    },
}

/// What stands at a path that is not the kind of file wanted: typed, so
/// that a report words it in its reader's language (English here).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A folder where a file was wanted.
    Folder,
    /// A named pipe.
    Fifo,
    /// A socket.
    Socket,
    /// A character or block device.
    Device,
    /// Something else that is no regular file.
    Other,
    /// A file where a folder was wanted.
    File,
}

impl FileKind {
    /// The key of this kind in the message catalogues.
    pub(crate) fn key(self) -> &'static str {
        match self {
            FileKind::Folder => "folder",
            FileKind::Fifo => "fifo",
            FileKind::Socket => "socket",
            FileKind::Device => "device",
            FileKind::Other => "other",
            FileKind::File => "file",
        }
    }
}

impl std::fmt::Display for FileKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FileKind::Folder => "a folder",
            FileKind::Fifo => "a FIFO (named pipe)",
            FileKind::Socket => "a socket",
            FileKind::Device => "a device",
            FileKind::Other => "not a regular file",
            FileKind::File => "a file, not a folder",
        })
    }
}

impl InputError {
    /// The file, as named.
    pub fn path(&self) -> &str {
        match self {
            InputError::NotFound { path }
            | InputError::NotAFile { path, .. }
            | InputError::TooLarge { path, .. }
            | InputError::NotUtf8 { path, .. }
            | InputError::Outside { path, .. }
            | InputError::Io { path, .. } => path,
        }
    }

    /// What is wrong, without the path (for a report that names the file
    /// already).
    pub fn reason(&self) -> String {
        match self {
            InputError::NotFound { .. } => "no such file".into(),
            InputError::NotAFile { what, .. } => {
                format!("{what}, not a regular file; paperboard reads inputs only from files")
            }
            InputError::TooLarge { limit_text, .. } => {
                format!("larger than {limit_text}, the limit for this kind of file")
            }
            InputError::NotUtf8 { at, .. } => format!("{at}: expected UTF-8 text"),
            InputError::Outside { folder, .. } => format!("outside {folder}"),
            InputError::Io { cause, .. } => {
                format!("cannot read the file: {}", io_words(cause))
            }
        }
    }
}

/// What an operating system error means, in words for the user of a file:
/// `permission denied`, `the disk is full`, never the error's number (`os
/// error 13`) nor the path of a temporary file the program made (which
/// some errors carry: `… at path "/x/.paperboard-1a2B.tmp"`).
pub fn io_words(e: &std::io::Error) -> String {
    IoReason::of(e).words(crate::language::Language::En)
}

/// Why the operating system would not read or write a file, typed so that
/// a report words it in its reader's language: the kind of error, worded
/// from the catalogues (`io-reason`), or for a kind they do not word the
/// system's own words, cleaned as [`io_words`] says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct IoReason {
    /// The kind's key in the catalogues, `other` for one they do not word.
    kind: &'static str,
    /// The system's words, for a kind the catalogues do not word.
    said: String,
}

impl IoReason {
    /// The reason of `e`.
    pub(crate) fn of(e: &std::io::Error) -> IoReason {
        use std::io::ErrorKind as K;
        let kind = match e.kind() {
            K::PermissionDenied => "permission-denied",
            K::NotFound => "not-found",
            K::StorageFull => "storage-full",
            K::QuotaExceeded => "quota-exceeded",
            K::ReadOnlyFilesystem => "read-only",
            K::IsADirectory => "is-a-folder",
            K::NotADirectory => "not-a-folder",
            K::FileTooLarge => "file-too-large",
            K::InvalidFilename => "invalid-name",
            K::CrossesDevices => "crosses-devices",
            K::TimedOut => "timed-out",
            _ => "other",
        };
        if kind != "other" {
            return IoReason {
                kind,
                said: String::new(),
            };
        }
        let text = e.to_string();
        let text = text.split(" at path ").next().unwrap_or_default();
        let text = text.split(" (os error").next().unwrap_or_default().trim();
        let mut chars = text.chars();
        match chars.next() {
            Some(first) => IoReason {
                kind,
                said: first.to_lowercase().chain(chars).collect(),
            },
            None => IoReason {
                kind: "refused",
                said: String::new(),
            },
        }
    }

    /// The reason in `language`.
    pub(crate) fn words(&self, language: crate::language::Language) -> String {
        use crate::messages::{Arg, say};
        say(
            language,
            "io-reason",
            &[
                ("kind", Arg::Text(self.kind)),
                ("said", Arg::Text(&self.said)),
            ],
        )
    }
}

/// `1 MiB`, `64 KiB` or `100 bytes`.
pub fn size_text(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

/// Bytes as UTF-8 text, or where the first bad byte is (a file's or an
/// upload's bytes; `name` names it in the error).
pub fn decode_text(name: &str, bytes: Vec<u8>) -> Result<String, InputError> {
    String::from_utf8(bytes).map_err(|e| {
        let good = e
            .as_bytes()
            .get(..e.utf8_error().valid_up_to())
            .unwrap_or(&[]);
        let good = String::from_utf8_lossy(good);
        let line = good.matches('\n').count() + 1;
        let col = good.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        InputError::NotUtf8 {
            path: name.to_string(),
            at: super::Position::new(line, col),
        }
    })
}

/// What is wrong with a text that holds `ch` where `key` is written.
pub fn unprintable_message(key: &str, ch: char) -> String {
    format!(
        "`{key}` holds the control character U+{:04X}; a text on a sheet may hold letters, digits, punctuation, spaces, tabs and line breaks, not control characters or Unicode noncharacters",
        u32::from(ch)
    )
}

/// Whether a character cannot be written into a sheet: a control character
/// other than tab and line break, or a Unicode noncharacter (SVG, being XML,
/// cannot carry U+0000–U+001F but tab, line feed and carriage return, nor
/// U+FFFE and U+FFFF; terminals act on control characters).
pub fn is_unprintable_text(c: char) -> bool {
    c != '\n' && c != '\t' && is_unprintable(c)
}

/// One thing a TOML document holds, as [`walk_toml`] visits it.
enum TomlItem<'a> {
    /// A key, as written.
    Key(&'a str),
    /// A string value.
    Text(&'a str),
    /// A list (or an array of tables) of this many entries.
    List(usize),
}

/// Visits every key, string and list of a TOML table (depth first, in
/// order) with its dotted key and its span, until `visit` returns something.
/// The TOML reader refuses nesting deeper than [`crate::limits::TOML_DEPTH`],
/// so the recursion is bounded.
fn walk_toml<T>(
    table: &toml::de::DeTable<'_>,
    prefix: &str,
    visit: &mut impl FnMut(&str, std::ops::Range<usize>, TomlItem<'_>) -> Option<T>,
) -> Option<T> {
    use toml::de::DeValue;
    fn value<T>(
        v: &toml::Spanned<DeValue<'_>>,
        key: &str,
        visit: &mut impl FnMut(&str, std::ops::Range<usize>, TomlItem<'_>) -> Option<T>,
    ) -> Option<T> {
        match v.get_ref() {
            DeValue::String(s) => visit(key, v.span(), TomlItem::Text(s)),
            DeValue::Array(items) => visit(key, v.span(), TomlItem::List(items.len()))
                .or_else(|| items.iter().find_map(|item| value(item, key, visit))),
            DeValue::Table(t) => walk_toml(t, key, visit),
            _ => None,
        }
    }
    table.iter().find_map(|(k, v)| {
        let key = if prefix.is_empty() {
            k.get_ref().to_string()
        } else {
            format!("{prefix}.{}", k.get_ref())
        };
        visit(&key, k.span(), TomlItem::Key(k.get_ref())).or_else(|| value(v, &key, visit))
    })
}

/// Where the first string value of a TOML text that `wanted` accepts is
/// written (to point a message about a text at the spec line that gave it).
pub(crate) fn find_string(
    text: &str,
    wanted: impl Fn(&str) -> bool,
) -> Option<std::ops::Range<usize>> {
    let root = toml::de::DeTable::parse(text).ok()?;
    walk_toml(root.get_ref(), "", &mut |_, span, item| match item {
        TomlItem::Text(s) if wanted(s) => Some(span),
        _ => None,
    })
}

/// Something in a TOML input that breaks a limit every text input shares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TomlFault {
    /// Byte range of the value (or key) at fault.
    pub span: std::ops::Range<usize>,
    /// Its dotted key, e.g. `text.text`.
    pub key: String,
    /// What is wrong, in the user's words.
    pub message: String,
}

/// The first thing in a parsed spec, handout spec or map file that breaks
/// the limits every text input shares: a string or key holding a character
/// a sheet cannot carry (see [`is_unprintable_text`]) or longer than
/// `limits::TEXT_CHARS` characters, a list longer than
/// `limits::LIST_ENTRIES` entries. Every text a spec, handout spec
/// or map file brings in (and every `--set` value, once set into the spec)
/// is checked here, where it enters, so what it becomes (SVG, PDF, a
/// terminal line) never needs to guess, and nothing later meets a
/// megabyte-long name or a list of a million entries.
pub fn toml_fault(root: &toml::de::DeTable<'_>) -> Option<TomlFault> {
    use crate::limits::{LIST_ENTRIES, TEXT_CHARS};
    walk_toml(root, "", &mut |key, span, item| {
        let fault = |message: String| {
            Some(TomlFault {
                span: span.clone(),
                key: key.to_string(),
                message,
            })
        };
        match item {
            TomlItem::Key(s) | TomlItem::Text(s) => {
                if let Some(ch) = s.chars().find(|&c| is_unprintable_text(c)) {
                    return fault(unprintable_message(key, ch));
                }
                if s.chars().nth(TEXT_CHARS).is_none() {
                    // A short key may still end a long dotted path.
                    return match item {
                        TomlItem::Key(_) => {
                            crate::limits::key_fault(key).map(|message| TomlFault {
                                span: span.clone(),
                                key: crate::limits::excerpt(key),
                                message,
                            })
                        }
                        _ => None,
                    };
                }
                let n = s.chars().count();
                if matches!(item, TomlItem::Key(_)) {
                    // Named by its table: the key itself is too long to quote.
                    let table = key[..key.len() - s.len()].trim_end_matches('.');
                    return Some(TomlFault {
                        span: span.clone(),
                        key: table.to_string(),
                        message: format!(
                            "a key here is {n} characters long; a key may hold at most {TEXT_CHARS}"
                        ),
                    });
                }
                fault(format!(
                    "`{key}` is {n} characters long; a text may hold at most {TEXT_CHARS}"
                ))
            }
            TomlItem::List(n) if n > LIST_ENTRIES => fault(format!(
                "`{key}` has {n} entries; a list may hold at most {LIST_ENTRIES}"
            )),
            TomlItem::List(_) => None,
        }
    })
}

/// A dotted key of a TOML text with more parts than
/// [`crate::limits::KEY_PARTS`]: where its first part past the limit is
/// written, and the key's first characters and number of parts. The TOML
/// reader refuses such a key while parsing without saying where; this finds
/// it again (a scan of the text, no recursion), so the message can point at
/// the line and column where the key grows too deep.
pub(crate) fn deep_dotted_key(text: &str) -> Option<(std::ops::Range<usize>, String, usize)> {
    let bytes = text.as_bytes();
    // The key being read: where it starts, its parts so far, whether a dot
    // was the last thing read, and where its part past the limit is.
    let mut start = 0;
    let mut parts = 0usize;
    let mut after_dot = false;
    let mut past: Option<std::ops::Range<usize>> = None;
    let mut end = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        // The next token: a key part (bare or quoted), a dot, or other.
        let part = key_part_at(bytes, i);
        match part {
            Some(span) => {
                i = span.end;
                if after_dot && parts > 0 {
                    parts += 1;
                } else {
                    if past.is_some() {
                        break;
                    }
                    start = span.start;
                    parts = 1;
                }
                after_dot = false;
                end = span.end;
                if parts == crate::limits::KEY_PARTS + 1 {
                    past = Some(span);
                }
                continue;
            }
            None if b == b'.' => after_dot = true,
            None if b == b' ' || b == b'\t' => {}
            None => {
                if past.is_some() {
                    break;
                }
                parts = 0;
                after_dot = false;
                if b == b'#' {
                    while i < bytes.len() && bytes[i] != b'\n' {
                        i += 1;
                    }
                    continue;
                }
            }
        }
        i += 1;
    }
    let past = past?;
    let key = text.get(start..end).unwrap_or_default();
    Some((past, crate::limits::excerpt(key), parts))
}

/// Whether a byte may stand in a bare TOML key.
fn bare_key_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// The key part (bare, or a quoted string of any of TOML's four kinds)
/// that starts at byte `i`, if one does; an unclosed string runs to its
/// line's end (or the text's, for a triple-quoted one).
fn key_part_at(bytes: &[u8], mut i: usize) -> Option<std::ops::Range<usize>> {
    let b = bytes[i];
    let from = i;
    if bare_key_byte(b) {
        while i < bytes.len() && bare_key_byte(bytes[i]) {
            i += 1;
        }
        return Some(from..i);
    }
    if b != b'"' && b != b'\'' {
        return None;
    }
    let triple = bytes[i..].starts_with(if b == b'"' { b"\"\"\"" } else { b"'''" });
    i += if triple { 3 } else { 1 };
    loop {
        match bytes.get(i) {
            None => break,
            Some(b'\\') if b == b'"' => i += 2,
            Some(b'\n') if !triple => break,
            Some(&c) if c == b => {
                if !triple {
                    i += 1;
                    break;
                }
                if bytes[i..].starts_with(&[b, b, b]) {
                    i += 3;
                    // A closing run may hold up to two more quotes.
                    while bytes.get(i) == Some(&b) {
                        i += 1;
                    }
                    break;
                }
                i += 1;
            }
            Some(_) => i += 1,
        }
    }
    Some(from..i.min(bytes.len()))
}

/// Whether a name is meant as a file path rather than a built-in name: it
/// has a folder part or an extension (`my.toml`, `./x`, `maps/a`).
pub fn looks_like_path(name: &str) -> bool {
    let p = std::path::Path::new(name);
    name.contains(['/', '\\']) || p.extension().is_some() || p.is_absolute()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unprintable_characters_in_toml_are_found_with_their_key() {
        let fault = |text: &str| toml_fault(toml::de::DeTable::parse(text).unwrap().get_ref());
        let found = fault("[page]\nsize = \"A4\"\n[[text]]\ntext = \"a\\u001bb\"\n").unwrap();
        assert_eq!(found.key, "text.text");
        assert!(found.message.contains("U+001B"), "{}", found.message);
        assert_eq!(found.span.start, 35);
        let found = fault("[document]\ntitle = \"x\\uFFFE\"\n").unwrap();
        assert_eq!(found.key, "document.title");
        assert!(found.message.contains("U+FFFE"), "{}", found.message);
        assert!(fault("t = \"tab\\there\\nline ไทย\"\nu = [\"\\uFFFD\"]\n").is_none());
        let found = fault("list = [\"ok\", \"bad\\u0007\"]\n").unwrap();
        assert_eq!(found.key, "list");
    }

    #[test]
    fn paths_and_names() {
        for p in ["a.toml", "./a", "maps/a", "/x"] {
            assert!(looks_like_path(p), "{p}");
        }
        for n in ["map34", "strategic-functional"] {
            assert!(!looks_like_path(n), "{n}");
        }
        assert_eq!(size_text(1 << 20), "1 MiB");
        assert_eq!(size_text(64 << 10), "64 KiB");
        assert_eq!(size_text(100), "100 bytes");
    }
}
