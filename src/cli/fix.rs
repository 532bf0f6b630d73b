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

use std::path::{Path, PathBuf};

use super::output::{refuse_inputs, replace_input, write_atomic, write_stdout};
use miette::miette;
use paperboard_games::check::repair::diff::unified_diff;
use paperboard_games::check::repair::fix::fix_source;
use paperboard_games::check::{FileCheck, Status, check_reader, check_source};
use paperboard_games::maps::MapLibrary;

/// Where `--fix` writes.
#[derive(Debug, Clone)]
pub struct FixOptions {
    /// `-o FILE`.
    pub output: Option<PathBuf>,
    /// `--in-place`.
    pub in_place: bool,
    /// `--dry-run`: print the changes as a unified diff, write nothing.
    pub dry_run: bool,
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
                if target != Path::new("-") {
                    refuse_inputs(&target, records)?;
                }
            }
        }
        Ok(())
    }

    /// Where the fixed copy of `record` goes, `None` for standard output.
    pub fn target_of(&self, record: &Path) -> Option<PathBuf> {
        let target = self.target(record);
        (target != Path::new("-")).then_some(target)
    }

    /// Whether the fixed record goes to standard output (then the report
    /// goes to standard error).
    pub fn to_stdout(&self) -> bool {
        !self.dry_run && self.output.as_deref() == Some(Path::new("-"))
    }

    fn target(&self, record: &Path) -> PathBuf {
        match (&self.output, self.in_place) {
            (Some(out), _) => out.clone(),
            (None, true) => record.to_path_buf(),
            (None, false) => fixed_name(record),
        }
    }
}

/// `games.txt` → `games.fixed.txt`, `games` → `games.fixed`.
pub fn fixed_name(record: &Path) -> PathBuf {
    let stem = record
        .file_stem()
        .map_or_else(|| "record".into(), |s| s.to_string_lossy().into_owned());
    let name = match record.extension() {
        Some(ext) => format!("{stem}.fixed.{}", ext.to_string_lossy()),
        None => format!("{stem}.fixed"),
    };
    record.with_file_name(name)
}

/// Whether two paths name one existing file (links followed).
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Writes the fixed copy of one checked record and returns the lines that
/// say what changed. `bytes` is the record as read.
pub fn fix_record(
    options: &FixOptions,
    record: &Path,
    bytes: &[u8],
    check: &FileCheck,
    maps: Option<&MapLibrary>,
) -> miette::Result<Vec<String>> {
    let name = record.display().to_string();
    let (Ok(source), None) = (std::str::from_utf8(bytes), &check.error) else {
        return Ok(vec![format!("{name}: not fixed: not a record")]);
    };
    let recheck = |text: &str| check_source(&name, text.as_bytes(), maps).games;
    let plan = fix_source(source, &check.games, &recheck);
    let fixed = plan.fixed;
    let held: Vec<String> = plan
        .held
        .iter()
        .map(|h| {
            format!(
                "  {name}:{}:{}: game {}: left as written: {}",
                h.line, h.col, h.game, h.why
            )
        })
        .collect();
    if fixed.changes.is_empty() {
        let illegal = check
            .games
            .iter()
            .any(|g| g.report.status == Status::Illegal);
        let why = if !held.is_empty() {
            "no suggestion is sure enough to apply"
        } else if illegal {
            "no suggestion to apply"
        } else {
            "nothing to fix"
        };
        let mut lines = vec![format!("{name}: {why}, no file written")];
        lines.extend(held);
        return Ok(lines);
    }
    let target = options.target(record);
    if !options.in_place && same_file(record, &target) {
        return Err(miette!(
            "{} is the record itself: use --in-place to overwrite a record",
            target.display()
        ));
    }
    if options.dry_run {
        let new_name = if record == Path::new("-") && options.output.is_none() {
            "- (fixed)".to_string()
        } else {
            target.display().to_string()
        };
        let diff = unified_diff(&name, &new_name, source, &fixed.text);
        let mut lines = vec![format!(
            "{name}: would write {new_name} with {} change{} (dry run, nothing written):",
            fixed.changes.len(),
            if fixed.changes.len() == 1 { "" } else { "s" }
        )];
        // One piece: the diff keeps the record's own line ends (`\r\n`).
        lines.push(diff.strip_suffix('\n').unwrap_or(&diff).to_string());
        lines.extend(held);
        return Ok(lines);
    }
    if options.to_stdout() {
        write_stdout(fixed.text.as_bytes())?;
    } else if options.in_place {
        replace_input(&target, fixed.text.as_bytes())
            .map_err(|e| miette!("cannot write {}: {e}", target.display()))?;
    } else {
        write_atomic(&target, fixed.text.as_bytes())
            .map_err(|e| miette!("cannot write {}: {e}", target.display()))?;
    }
    let shown = if options.to_stdout() {
        "standard output".to_string()
    } else {
        target.display().to_string()
    };
    let mut lines = vec![format!(
        "{name}: wrote {shown} with {} change{}:",
        fixed.changes.len(),
        if fixed.changes.len() == 1 { "" } else { "s" }
    )];
    for c in &fixed.changes {
        lines.push(format!(
            "  {name}:{}:{}: game {}: {}",
            c.line, c.col, c.game, c.what
        ));
    }
    let mut games: Vec<usize> = fixed.changes.iter().map(|c| c.game).collect();
    games.sort_unstable();
    games.dedup();
    // The changed games checked again, streamed: only their verdicts kept.
    let mut again = vec![None; games.len()];
    let _ = check_reader(&shown, fixed.text.as_bytes(), maps, |g| {
        if let Ok(i) = games.binary_search(&g.report.game) {
            again[i] = Some(g.report.status);
        }
        Ok::<(), std::convert::Infallible>(())
    });
    for (g, status) in games.into_iter().zip(again) {
        let verdict = match status {
            Some(Status::Legal) => "now legal",
            Some(Status::WrongClaim) => "legal moves now, but a claim is wrong",
            _ => "still illegal",
        };
        lines.push(format!("  game {g}: {verdict}"));
    }
    lines.extend(held);
    Ok(lines)
}
