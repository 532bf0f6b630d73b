//! The parts of a multi-part output (`sheet-1.svg` … `sheet-N.svg`, PDF
//! volumes) and the list of them kept beside it.
//!
//! Parts an earlier, longer run left (`sheet-3.svg` after a run of two
//! pages) are removed only if this program wrote them: a run of several
//! parts keeps a list of them beside the output (`.sheet.svg.pages`: each
//! part's number, size, modification time and inode), and a later run
//! removes a listed part it does not write again only while that part is
//! still a regular file exactly as written, was not read by this run and is
//! not read-only. Anything else that merely looks like a page (`sheet-3.svg`
//! copied in, edited, made read-only, or read as the run's input) is left
//! alone. The list names parts by number only, so whatever it holds it can
//! point at nothing but the output's own parts.

use std::fs;
use std::path::{Path, PathBuf};

use super::door::Target;
use super::staged::{Staging, stage};
use super::{OutputError, shown};
use crate::cli::derived::{Made, derive};
use crate::cli::files::{FileId, was_read};
use crate::console::note;

/// The list of the parts a multi-part output wrote, kept beside it:
/// `.NAME.EXT.pages` for `NAME.EXT`. A later run removes the parts it does
/// not write again only if this list names them and they are still as this
/// program left them (see [`Written`]); any other file is never removed.
pub(super) fn manifest_path(named: &Path) -> PathBuf {
    derive(named, Made::PartList).path().to_path_buf()
}

/// The first line of a list of parts; a file without it is not one.
pub(super) const MANIFEST_HEADER: &str = "paperboard parts 1";

/// The most bytes of a list of parts read (about 300,000 parts): it is
/// this program's own file, but anyone may have written there.
const MANIFEST_LIMIT: u64 = 16 << 20;

/// What tells a part as this program wrote it: its size, modification time
/// and (on Unix) inode. A part edited, replaced or copied since then no
/// longer matches, and is left alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Written {
    pub(super) size: u64,
    pub(super) modified: u128,
    pub(super) inode: u64,
}

impl Written {
    pub(super) fn of(meta: &fs::Metadata) -> Option<Written> {
        let modified = meta
            .modified()
            .ok()?
            .duration_since(std::time::UNIX_EPOCH)
            .ok()?
            .as_nanos();
        #[cfg(unix)]
        let inode = std::os::unix::fs::MetadataExt::ino(meta);
        #[cfg(not(unix))]
        let inode = 0;
        Some(Written {
            size: meta.len(),
            modified,
            inode,
        })
    }
}

/// One part in a list of parts: its number (`0` for the name itself, `K`
/// for `NAME-K.EXT`) and what it was when written. Only numbers are kept,
/// never names, so the list cannot point outside the output's own parts.
pub(super) type Part = (usize, Written);

/// Stages the list of the parts `written` for `list_path`, which must be a
/// regular file (or none yet): the file it goes to and the staged text.
pub(super) fn stage_manifest(
    named: &Path,
    written: &[Part],
) -> Result<(PathBuf, Staging), OutputError> {
    let list_path = &manifest_path(named);
    match Target::resolve(derive(named, Made::PartList))? {
        Target::File { real, .. } => {
            let text = manifest_text(written);
            let staged =
                stage(&real, text.as_bytes(), None).map_err(|source| OutputError::Write {
                    path: shown(list_path),
                    cause: source,
                })?;
            Ok((real, staged))
        }
        _ => Err(OutputError::Write {
            path: shown(list_path),
            cause: std::io::Error::other("the list of pages written must be a regular file"),
        }),
    }
}

/// Reads a list of parts; anything unreadable (missing, not a regular
/// file, too large, not a list) is an empty list, so nothing is removed.
/// Not read through the input door: it is not an input of the run, and it
/// is rewritten at the end.
pub(super) fn read_manifest(path: &Path) -> Vec<Part> {
    use std::io::Read;
    let regular = fs::metadata(path).is_ok_and(|m| m.is_file());
    let Some(file) = regular.then(|| fs::File::open(path).ok()).flatten() else {
        return Vec::new();
    };
    let mut text = String::new();
    if file
        .take(MANIFEST_LIMIT + 1)
        .read_to_string(&mut text)
        .is_err()
        || text.len() as u64 > MANIFEST_LIMIT
    {
        return Vec::new();
    }
    parse_manifest(&text)
}

/// The parts a list names, skipping lines that are not `K SIZE TIME INODE`.
pub(super) fn parse_manifest(text: &str) -> Vec<Part> {
    let mut lines = text.lines();
    if lines.next() != Some(MANIFEST_HEADER) {
        return Vec::new();
    }
    lines
        .filter_map(|line| {
            let mut fields = line.split(' ');
            let number = fields.next()?.parse().ok()?;
            let size = fields.next()?.parse().ok()?;
            let modified = fields.next()?.parse().ok()?;
            let inode = fields.next()?.parse().ok()?;
            fields.next().is_none().then_some((
                number,
                Written {
                    size,
                    modified,
                    inode,
                },
            ))
        })
        .collect()
}

pub(super) fn manifest_text(parts: &[Part]) -> String {
    let mut text = format!("{MANIFEST_HEADER}\n");
    for (number, w) in parts {
        text += &format!("{number} {} {} {}\n", w.size, w.modified, w.inode);
    }
    text
}

/// The path of part `number` of the output `named` (see [`Part`]).
pub(super) fn part_path(named: &Path, number: usize) -> PathBuf {
    if number == 0 {
        named.to_path_buf()
    } else {
        derive(named, Made::Part(number)).path().to_path_buf()
    }
}

/// The parts an earlier run listed that this run does not write again and
/// that may go: regular files still as written, neither read by this run
/// nor read-only. Those kept are noted on standard error.
pub(super) fn stale_parts(named: &Path, earlier: &[Part], now: usize) -> Vec<(PathBuf, Written)> {
    let mut stale = Vec::new();
    for &(number, was) in earlier {
        let rewritten = if now == 1 {
            number == 0
        } else {
            (1..=now).contains(&number)
        };
        if rewritten {
            continue;
        }
        let path = part_path(named, number);
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        if !meta.file_type().is_file() || Written::of(&meta) != Some(was) {
            // Replaced, edited or copied since: no longer this program's.
            continue;
        }
        if FileId::of(&meta).and_then(was_read).is_some() {
            note(&format!(
                "kept {} from an earlier run: this run read it",
                shown(&path)
            ));
        } else if meta.permissions().readonly() {
            note(&format!(
                "kept {} from an earlier run: it is read-only",
                shown(&path)
            ));
        } else {
            stale.push((path, was));
        }
    }
    stale
}

/// Removes a part an earlier run wrote, checking once more, just before,
/// that it is still as written and not an input.
pub(super) fn remove_stale(path: &Path, was: Written) -> Result<(), OutputError> {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return Ok(());
    };
    let ours = meta.file_type().is_file()
        && Written::of(&meta) == Some(was)
        && FileId::of(&meta).and_then(was_read).is_none()
        && !meta.permissions().readonly();
    if !ours {
        return Ok(());
    }
    match fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(OutputError::Write {
            path: shown(path),
            cause: e,
        }),
        _ => Ok(()),
    }
}
