//! `paperboard check --fix`: the record with the top suggestion for each error
//! applied, written to a new file, and what changed.
//!
//! Only what the search is sure of is applied: a first suggestion that
//! another is as good as, or that contradicts the game's own claim, leaves
//! the error as written, and the report says why (a teacher's file must not
//! get a guess, least of all one that changes who won). `--dry-run` prints
//! the changes as a unified diff and writes nothing.
//!
//! Where it goes: `-o FILE` (one record only; `-` is standard output), the
//! record itself with `--in-place`, else `NAME.fixed.EXT` beside the record
//! (`games.txt` → `games.fixed.txt`). The record is never overwritten without
//! `--in-place`, and every file is written whole or not at all.
//!
//! Memory stays flat in the number of games: each game is fixed as the
//! record streams (see [`FixStream`]), the fixed text goes on to a staged
//! output put in place at the end, and what was done waits on disk (a
//! [`Spill`]) to be printed after the report. Only `--dry-run` holds the
//! record whole, for its diff.

use std::io::{BufReader, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::derived::{Made, OutputPath, derive};
use super::output::{Staged, refuse_inputs};
use miette::miette;
use paperboard_games::check::repair::diff::unified_diff;
use paperboard_games::check::repair::fix::{FixStream, GameFix, Held, Tee};
use paperboard_games::check::{CheckedGame, Status, check_source};
use paperboard_games::language::Language;
use paperboard_games::maps::MapLibrary;
use paperboard_games::messages::{Arg, say};

/// Where `--fix` writes.
#[derive(Debug, Clone)]
pub struct FixOptions {
    /// `-o FILE`.
    pub output: Option<PathBuf>,
    /// `--in-place`.
    pub in_place: bool,
    /// `--dry-run`: print the changes as a unified diff, write nothing.
    pub dry_run: bool,
    /// The language of what `--fix` says it did.
    pub language: Language,
}

impl FixOptions {
    /// Refuses, before anything is read, what cannot work.
    pub fn validate(&self, records: &[PathBuf]) -> miette::Result<()> {
        let stdin = records.iter().any(|r| r == Path::new("-"));
        if self.output.is_some() && records.len() > 1 {
            return Err(miette!(
                "--fix -o FILE takes one record file; without -o each fixed record is written beside its record as NAME.fixed.EXT"
            ));
        }
        if stdin && self.output.is_none() && !self.dry_run {
            return Err(miette!(
                "--fix on standard input needs -o FILE (or -o - to write the fixed record to standard output)"
            ));
        }
        if stdin && self.in_place {
            return Err(miette!(
                "--in-place cannot rewrite standard input; use -o FILE"
            ));
        }
        if let Some(out) = &self.output
            && records
                .iter()
                .any(|r| r != Path::new("-") && same_file(r, out))
        {
            return Err(miette!(
                "-o {} is the record itself: use --in-place to overwrite a record",
                out.display()
            ));
        }
        // A fixed record is written as soon as its record is checked, so
        // one that would land on a record read later (`check --fix a.txt
        // a.fixed.txt`) would replace that record before it is read.
        if !self.in_place {
            for record in records.iter().filter(|r| *r != Path::new("-")) {
                let target = self.target(record);
                if target.path() != Path::new("-") {
                    refuse_inputs(target.path(), records)?;
                }
            }
        }
        Ok(())
    }

    /// Where the fixed copy of `record` goes, `None` for standard output.
    pub fn target_of(&self, record: &Path) -> Option<PathBuf> {
        let target = self.target(record);
        (target.path() != Path::new("-")).then(|| target.path().to_path_buf())
    }

    /// Whether the fixed record goes to standard output (then the report
    /// goes to standard error).
    pub fn to_stdout(&self) -> bool {
        !self.dry_run && self.output.as_deref() == Some(Path::new("-"))
    }

    fn target(&self, record: &Path) -> OutputPath {
        match (&self.output, self.in_place) {
            (Some(out), _) => out.into(),
            (None, true) => record.into(),
            (None, false) => derive(record, Made::Fixed).into(),
        }
    }
}

/// Whether two paths name one existing file (links followed).
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Lines kept on disk until they are printed: what `--fix` did is printed
/// after the report, and a record of a million games may have a fix for
/// each, which memory should not hold.
pub struct Spill {
    file: std::io::BufWriter<std::fs::File>,
}

impl Spill {
    /// An empty spill (a private temporary file, gone when dropped).
    pub fn new() -> miette::Result<Spill> {
        let file = tempfile::tempfile().map_err(|e| {
            miette!(
                "cannot make a temporary file for the --fix report: {}",
                paperboard_games::source::text::io_words(&e)
            )
        })?;
        Ok(Spill {
            file: std::io::BufWriter::new(file),
        })
    }

    /// Adds a line.
    pub fn line(&mut self, line: &str) -> std::io::Result<()> {
        self.file.write_all(line.as_bytes())?;
        self.file.write_all(b"\n")
    }

    /// Adds every line of `other`.
    fn append(&mut self, other: Spill) -> std::io::Result<()> {
        let mut lines = other.into_lines()?;
        std::io::copy(&mut lines, &mut self.file).map(|_| ())
    }

    /// The lines added, to read back from the first.
    pub fn into_lines(self) -> std::io::Result<BufReader<std::fs::File>> {
        let mut file = self.file.into_inner().map_err(|e| e.into_error())?;
        file.seek(SeekFrom::Start(0))?;
        Ok(BufReader::new(file))
    }
}

/// Where a fixed record goes while it is made.
enum Sink {
    /// To its target, put in place when complete.
    Staged(Staged),
    /// Kept for the diff of `--dry-run`.
    Memory(Vec<u8>),
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::Staged(s) => s.write(buf),
            Sink::Memory(m) => m.write(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Sink::Staged(s) => s.flush(),
            Sink::Memory(_) => Ok(()),
        }
    }
}

/// `--fix` on one record as it is checked: each game is fixed as the next
/// one arrives and written on to the fixed record's staged output, and what
/// was done goes to a [`Spill`], so memory holds one game whatever the
/// record's length. The fixed record is put in place only at the end, and
/// only if something changed.
pub struct RecordFix<'a> {
    options: &'a FixOptions,
    record: PathBuf,
    name: String,
    /// Taken by [`RecordFix::finish`].
    stream: Option<FixStream<Sink>>,
    /// What was done, line by line.
    lines: Spill,
    /// How many errors were left as written.
    held: usize,
    /// How many changes were made.
    changes: usize,
    /// Whether any game was illegal.
    illegal: bool,
    maps: Option<&'a MapLibrary>,
}

impl<'a> RecordFix<'a> {
    /// Starts fixing `record` (`-` is standard input), refusing an output
    /// that cannot be written before anything is read. A dry run keeps
    /// the fixed text in memory, for the diff.
    pub fn start(
        options: &'a FixOptions,
        record: &Path,
        maps: Option<&'a MapLibrary>,
    ) -> miette::Result<RecordFix<'a>> {
        let target = options.target(record);
        if !options.in_place && same_file(record, target.path()) {
            return Err(miette!(
                "{} is the record itself: use --in-place to overwrite a record",
                target.path().display()
            ));
        }
        let sink = if options.dry_run {
            Sink::Memory(Vec::new())
        } else {
            Sink::Staged(Staged::new(target, options.in_place)?)
        };
        Ok(RecordFix {
            options,
            record: record.to_path_buf(),
            name: record.display().to_string(),
            stream: Some(FixStream::new(sink)),
            lines: Spill::new()?,
            held: 0,
            changes: 0,
            illegal: false,
            maps,
        })
    }

    /// The record's reader, wrapped so the fixer sees what it reads.
    pub fn reader<R: std::io::BufRead>(&self, inner: R) -> Option<Tee<R>> {
        self.stream.as_ref().map(|s| s.reader(inner))
    }

    /// Takes the next game checked from the reader.
    pub fn game(&mut self, g: &CheckedGame) -> miette::Result<()> {
        self.illegal |= g.report.status == Status::Illegal;
        let (name, maps) = (&self.name, self.maps);
        let recheck = |text: &str| check_source(name, text.as_bytes(), maps).games;
        let Some(stream) = &mut self.stream else {
            return Ok(());
        };
        let done = stream.game(g, &recheck).map_err(|e| self.write_error(e))?;
        self.note(done)
    }

    fn write_error(&self, e: std::io::Error) -> miette::Report {
        miette!(
            "cannot write {}: {}",
            self.options.target(&self.record).path().display(),
            paperboard_games::source::text::io_words(&e)
        )
    }

    /// Spills what was done with one game.
    fn note(&mut self, done: Option<GameFix>) -> miette::Result<()> {
        let Some(done) = done else {
            return Ok(());
        };
        let name = &self.name;
        let language = self.options.language;
        let game = |n: usize| ("game", Arg::Count(n));
        let mut lines = Vec::new();
        if !self.options.dry_run {
            for c in &done.changes {
                let what = c.says(language);
                let change = say(
                    language,
                    "fix-change",
                    &[game(c.game), ("what", Arg::Text(&what))],
                );
                lines.push(format!("  {name}:{}: {change}", c.at));
            }
            if let Some(status) = done.again {
                let verdict = match status {
                    Status::Legal => "legal",
                    Status::WrongClaim => "wrong-claim",
                    _ => "illegal",
                };
                let again = say(
                    language,
                    "fix-again",
                    &[game(done.game), ("verdict", Arg::Text(verdict))],
                );
                lines.push(format!("  {again}"));
            }
        }
        for h in &done.held {
            lines.push(held_line(name, h, language));
        }
        self.held += done.held.len();
        self.changes += done.changes.len();
        for line in lines {
            self.lines.line(&line).map_err(|e| {
                miette!(
                    "cannot keep the --fix report: {}",
                    paperboard_games::source::text::io_words(&e)
                )
            })?;
        }
        Ok(())
    }

    /// Ends the record: puts the fixed record in place if anything changed
    /// (and it was a record), and adds what was done to `report`.
    /// `source` is the record as read, for a dry run's diff.
    pub fn finish(
        mut self,
        not_a_record_file: bool,
        source: &[u8],
        report: &mut Spill,
    ) -> miette::Result<()> {
        let (name, maps) = (self.name.clone(), self.maps);
        let recheck = |text: &str| check_source(&name, text.as_bytes(), maps).games;
        let Some(stream) = self.stream.take() else {
            return Ok(());
        };
        let (sink, done) = stream.finish(&recheck).map_err(|e| self.write_error(e))?;
        self.note(done)?;
        let keep = |e: std::io::Error| {
            miette!(
                "cannot keep the --fix report: {}",
                paperboard_games::source::text::io_words(&e)
            )
        };
        let target = self.options.target(&self.record);
        let target = target.path();
        let language = self.options.language;
        let not_a_record = || format!("{name}: {}", say(language, "fix-not-a-record", &[]));
        if not_a_record_file {
            // The staged output is dropped, and with it its temporary file.
            return report.line(&not_a_record()).map_err(keep);
        }
        if self.changes == 0 {
            let why = if self.held > 0 {
                "unsure"
            } else if self.illegal {
                "none"
            } else {
                "nothing"
            };
            let nothing = say(language, "fix-nothing", &[("why", Arg::Text(why))]);
            report.line(&format!("{name}: {nothing}")).map_err(keep)?;
            return report.append(self.lines).map_err(keep);
        }
        let changes = ("count", Arg::Count(self.changes));
        match sink {
            Sink::Memory(fixed) => {
                let new_name = if self.record == Path::new("-") && self.options.output.is_none() {
                    say(language, "fix-fixed-name", &[("name", Arg::Text("-"))])
                } else {
                    target.display().to_string()
                };
                let (Ok(old), Ok(new)) = (std::str::from_utf8(source), std::str::from_utf8(&fixed))
                else {
                    return report.line(&not_a_record()).map_err(keep);
                };
                let diff = unified_diff(&name, &new_name, old, new);
                let would = say(
                    language,
                    "fix-would-write",
                    &[("name", Arg::Text(&new_name)), changes],
                );
                report.line(&format!("{name}: {would}")).map_err(keep)?;
                // One piece: the diff keeps the record's own line ends (`\r\n`).
                report
                    .line(diff.strip_suffix('\n').unwrap_or(&diff))
                    .map_err(keep)?;
            }
            Sink::Staged(staged) => {
                staged.commit()?;
                let shown = if self.options.to_stdout() {
                    say(language, "fix-standard-output", &[])
                } else {
                    target.display().to_string()
                };
                let wrote = say(
                    language,
                    "fix-wrote",
                    &[("name", Arg::Text(&shown)), changes],
                );
                report.line(&format!("{name}: {wrote}")).map_err(keep)?;
            }
        }
        report.append(self.lines).map_err(keep)
    }
}

/// A line saying an error was left as written, and why.
fn held_line(name: &str, h: &Held, language: Language) -> String {
    let why = h.says(language);
    let held = say(
        language,
        "fix-held",
        &[("game", Arg::Count(h.game)), ("why", Arg::Text(&why))],
    );
    format!("  {name}:{}: {held}", h.at)
}
