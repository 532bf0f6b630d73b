//! `paperboard fonts DIR`: the embedded fonts as files, so an SVG sheet
//! (whose text names "Noto Sans" and "Noto Sans Thai") shows as the PDF
//! prints on a computer without the repository: install them, or keep them
//! beside the SVG for an editor that looks there.

use std::path::PathBuf;
use std::process::ExitCode;

use paperboard_sheets::fonts::FontFace;

use super::derived::{Made, derive};
use super::output::write_atomic;
use crate::console::Printer;

/// Arguments of `paperboard fonts`.
#[derive(clap::Args)]
pub struct Args {
    /// The folder to write the font files and their licence to (made if its
    /// parent folder exists).
    pub dir: PathBuf,
}

/// The licence the fonts are shipped under, written beside them.
const LICENSE: &str = include_str!("../../fonts/OFL.txt");

/// The file name a face is shipped under.
fn file_name(face: FontFace) -> &'static str {
    match face {
        FontFace::SansRegular => "NotoSans-Regular.ttf",
        FontFace::SansBold => "NotoSans-Bold.ttf",
        FontFace::Thai => "NotoSansThai-Regular.ttf",
        FontFace::ThaiBold => "NotoSansThai-Bold.ttf",
    }
}

/// Writes the four fonts and `OFL.txt` into the folder, one line per file.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    let dir = &args.dir;
    super::output_folder(dir, "")?;
    let files = FontFace::ALL
        .into_iter()
        .map(|f| (file_name(f), f.data()))
        .chain([("OFL.txt", LICENSE.as_bytes())]);
    let mut out = Printer::new();
    for (name, bytes) in files {
        let path = derive(dir, Made::InFolder(name));
        write_atomic(&path, bytes)?;
        out.line(&format!("wrote {}", path.path().display()))?;
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
