//! Names the program makes up for its outputs, and the one rule they keep:
//! never written through a link that stands there.
//!
//! A path the user typed (`-o sheet.pdf`, `--diagram d.svg`) may be a link
//! they made on purpose, and is followed. A name paperboard makes up beside
//! it (`games.fixed.txt`, `class-key.pdf`, `sheet-2.svg`, `.sheet.svg.pages`,
//! a font in the folder `fonts` was given) was chosen by nobody, and a link
//! already standing there was planted by whoever made the folder: a zip of
//! student records holding `games.fixed.txt -> ~/.bashrc` would otherwise
//! have `check --fix` replace the user's own file. Such a link is refused
//! (see [`super::output::OutputError::DerivedLink`]), naming the file, and
//! so is a device or a FIFO standing there: only a regular file is written
//! at a made-up name.
//!
//! Every made-up name comes from [`derive`], and is a [`Derived`], which the
//! output door ([`super::output::Target::resolve`]) tells from a typed path:
//! a new kind of output gets a new [`Made`] here, never a `format!` of its
//! own.

use std::path::{Path, PathBuf};

/// A name made up by [`derive`]; only that function makes one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Derived(PathBuf);

impl Derived {
    /// The path.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

/// Which name to make from a path the user gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Made<'a> {
    /// `check --fix`'s copy of a record: `games.txt` → `games.fixed.txt`,
    /// `games` → `games.fixed`.
    Fixed,
    /// A handout's separate answer key: `class.pdf` → `class-key.pdf`.
    Key,
    /// Part `N` (from 1) of a document of several files: the SVG or PNG
    /// pages, or PDF volumes: `sheet.svg` → `sheet-2.svg`.
    Part(usize),
    /// The hidden list of the parts a document of several files wrote:
    /// `sheet.svg` → `.sheet.svg.pages`.
    PartList,
    /// A file of the program's own naming inside a folder the user gave
    /// (`fonts DIR`, `maps search --out DIR`).
    InFolder(&'a str),
}

/// The stem and the extension (with its dot) of a file name.
fn stem_and_ext(path: &Path) -> (String, String) {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    (stem, ext)
}

/// The name `made` from `from` (a file the user named, or for
/// [`Made::InFolder`] a folder), beside it.
pub fn derive(from: &Path, made: Made) -> Derived {
    let (stem, ext) = stem_and_ext(from);
    let name = match made {
        Made::Fixed => {
            let stem = if stem.is_empty() { "record" } else { &stem };
            format!("{stem}.fixed{ext}")
        }
        Made::Key => format!("{stem}-key{ext}"),
        Made::Part(n) => format!("{stem}-{n}{ext}"),
        Made::PartList => {
            let name = from
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            format!(".{name}.pages")
        }
        Made::InFolder(name) => return Derived(from.join(name)),
    };
    Derived(from.with_file_name(name))
}

/// An output path and who chose it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutputPath {
    /// Typed by the user: a link standing there is followed.
    Typed(PathBuf),
    /// Made up by the program: a link standing there is refused.
    Derived(Derived),
}

impl OutputPath {
    /// The path.
    pub fn path(&self) -> &Path {
        match self {
            OutputPath::Typed(p) => p,
            OutputPath::Derived(d) => d.path(),
        }
    }
}

impl From<&Path> for OutputPath {
    fn from(p: &Path) -> OutputPath {
        OutputPath::Typed(p.to_path_buf())
    }
}

impl From<&PathBuf> for OutputPath {
    fn from(p: &PathBuf) -> OutputPath {
        OutputPath::Typed(p.clone())
    }
}

impl From<Derived> for OutputPath {
    fn from(d: Derived) -> OutputPath {
        OutputPath::Derived(d)
    }
}

impl From<&Derived> for OutputPath {
    fn from(d: &Derived) -> OutputPath {
        OutputPath::Derived(d.clone())
    }
}

impl From<&OutputPath> for OutputPath {
    fn from(p: &OutputPath) -> OutputPath {
        p.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_made_up_name_beside_its_source() {
        let name = |from: &str, made| derive(Path::new(from), made).path().to_path_buf();
        assert_eq!(
            name("d/games.txt", Made::Fixed),
            Path::new("d/games.fixed.txt")
        );
        assert_eq!(name("games", Made::Fixed), Path::new("games.fixed"));
        assert_eq!(name("d/class.pdf", Made::Key), Path::new("d/class-key.pdf"));
        assert_eq!(name("class", Made::Key), Path::new("class-key"));
        assert_eq!(name("d/s.svg", Made::Part(5)), Path::new("d/s-5.svg"));
        assert_eq!(name("d/s.svg", Made::PartList), Path::new("d/.s.svg.pages"));
        assert_eq!(
            name("fonts", Made::InFolder("OFL.txt")),
            Path::new("fonts/OFL.txt")
        );
    }
}
