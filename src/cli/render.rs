//! `paperboard render`.

use std::path::PathBuf;
use std::process::ExitCode;

use std::path::Path;

use paperboard_sheets::backend::Format;
use paperboard_sheets::language::Language;
use paperboard_sheets::spec::{Orientation, Set, Spec, SpecError};

use super::PaperArg;
use super::files::FileSystem;
use super::output::{OutputError, PageWriter, format_for};
use paperboard_sheets::backend::png::{DEFAULT_DPI, DPI, page_png};

use super::progress::write_pages;

/// `render --format`: a document format, or PNG pictures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SheetFormatArg {
    /// Portable Document Format.
    Pdf,
    /// Scalable Vector Graphics.
    Svg,
    /// A picture (Portable Network Graphics), for slides.
    Png,
}

/// What `render` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SheetFormat {
    /// A PDF or SVG document.
    Document(Format),
    /// One PNG picture per page.
    Png,
}

fn named_png(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"))
}

/// The format for `render`'s output: `--format`, else the file name's
/// extension (`.pdf`, `.svg`, `.png`); a flag that contradicts the name is
/// refused.
fn sheet_format(path: &Path, explicit: Option<SheetFormatArg>) -> Result<SheetFormat, OutputError> {
    let document = match explicit {
        Some(SheetFormatArg::Pdf) => Some(Format::Pdf),
        Some(SheetFormatArg::Svg) => Some(Format::Svg),
        Some(SheetFormatArg::Png) | None => None,
    };
    match (explicit, named_png(path)) {
        (Some(SheetFormatArg::Png), _) if !named_png(path) && Format::from_path(path).is_ok() => {
            Err(OutputError::Format(format!(
                "--format png contradicts the output name {}",
                path.display()
            )))
        }
        (Some(SheetFormatArg::Png), _) | (None, true) => Ok(SheetFormat::Png),
        (Some(_), true) => Err(OutputError::Format(format!(
            "--format {} contradicts the output name {} (a .png file)",
            document.map_or("", |f| if f == Format::Pdf { "pdf" } else { "svg" }),
            path.display()
        ))),
        (None, false) if Format::from_path(path).is_err() => {
            Err(OutputError::Format(if path == Path::new("-") {
                "standard output (-) has no file name to tell the format by: add --format pdf, svg or png".into()
            } else {
                format!(
                    "cannot tell the output format from {}: use a name ending in .pdf, .svg or .png, or --format",
                    path.display()
                )
            }))
        }
        _ => format_for(path, document).map(SheetFormat::Document),
    }
}

/// The sheet `render` and `layout` lay out: a template or spec file, and
/// the command line's changes to it (one set of options, so the two
/// commands take a sheet alike).
#[derive(clap::Args)]
pub struct SheetArgs {
    /// A built-in template name (see `paperboard templates`) or the path of a TOML spec.
    pub spec: String,
    /// Change any spec key: `--set sos.size=10x10`, `--set page.size=A5`.
    /// KEY is `page.…`, `document.…`, `layout.…` or a part's id then its key.
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = super::SetParser)]
    pub sets: Vec<Set>,
    /// Paper size (A4, A5, A3, Letter, in any letter case), short for
    /// `--set page.size=…`.
    #[arg(long, value_enum, ignore_case = true)]
    pub page: Option<PaperArg>,
    /// Short for `--set page.orientation=landscape`.
    #[arg(long)]
    pub landscape: bool,
    /// The language of every word on the sheet (en, de, ru, th), short for
    /// `--set document.language=…`.
    #[arg(long, value_parser = |s: &str| s.parse::<Language>())]
    pub language: Option<Language>,
}

impl SheetArgs {
    /// Every change, `--page`, `--landscape` and `--language` first so
    /// `--set` can refine them; all given on the command line, so a map
    /// file they name may be any path.
    pub fn sets(&self) -> Vec<Set> {
        let page = self.page.map(|p| Set::paper_size(p.into()));
        let landscape = self
            .landscape
            .then(|| Set::orientation(Orientation::Landscape));
        let language = self.language.map(Set::language);
        page.into_iter()
            .chain(landscape)
            .chain(language)
            .chain(self.sets.iter().cloned())
            .map(Set::from_command_line)
            .collect()
    }

    /// The spec, read and changed.
    pub fn load(&self) -> Result<Spec, SpecError> {
        Spec::load(&self.spec, &self.sets(), &FileSystem)
    }
}

/// Arguments of `paperboard render`.
#[derive(clap::Args)]
pub struct Args {
    /// The sheet.
    #[command(flatten)]
    pub sheet: SheetArgs,
    /// Output file (`-` for standard output); its extension (.pdf, .svg or
    /// .png) picks the format unless `--format` does. A PNG is a picture of
    /// the page for slides; several pages go to NAME-1.png, NAME-2.png, ….
    /// Without it: the template's or spec's name with `.pdf` (or the
    /// `--format`'s extension), in the current folder.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Output format (pdf, svg or png), where the output has no extension
    /// (`-o -`, a device); it must agree with an extension.
    #[arg(long, value_enum)]
    pub format: Option<SheetFormatArg>,
    /// Pixels per inch of a PNG (36 to 300; default 150, an A4 page
    /// 1240 × 1754 pixels).
    #[arg(long, value_parser = |s: &str| DPI.parse(s).map(|d| d as u32))]
    pub dpi: Option<u32>,
}

/// The output a command writes when no `-o` is given, as typst names it: the
/// template's or spec file's name with `extension`, in the current folder
/// (`strategic-functional` → `strategic-functional.pdf`,
/// `specs/my-sheet.toml` → `my-sheet.pdf`). The name is the program's, not
/// the user's, so a link standing there is not written through: the user
/// names it with `-o` to mean it.
pub fn default_output(spec: &str, extension: &str) -> miette::Result<PathBuf> {
    let stem = Path::new(spec)
        .file_stem()
        .filter(|s| !s.is_empty())
        .ok_or_else(|| {
            miette::miette!(
                help = "name the output with -o FILE",
                "{spec} names no file to name the output after"
            )
        })?;
    let mut name = PathBuf::from(stem);
    name.set_extension(extension);
    if std::fs::symlink_metadata(&name).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(miette::miette!(
            help = format!("to write through the link, name it: -o {}", name.display()),
            "{} is a link; the output named after {spec} is not written through it",
            name.display()
        ));
    }
    Ok(name)
}

/// Runs `paperboard render`.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    let named = args.output.is_some();
    let output = match args.output {
        Some(output) => output,
        None => {
            let extension = match args.format {
                Some(SheetFormatArg::Svg) => "svg",
                Some(SheetFormatArg::Png) => "png",
                Some(SheetFormatArg::Pdf) | None => "pdf",
            };
            default_output(&args.sheet.spec, extension)?
        }
    };
    let format = sheet_format(&output, args.format)?;
    if args.dpi.is_some() && format != SheetFormat::Png {
        return Err(miette::miette!(
            help = "write a picture with -o NAME.png",
            "--dpi is for PNG output, and {} is not a .png",
            output.display()
        ));
    }
    let spec = args.sheet.load()?;
    let sheet = paperboard_sheets::layout::layout(&spec)?;
    if spec.marks() && sheet.marks().is_empty() {
        // Its parts fill the page even with the record's rows given up:
        // the one sheet that wants its marks and cannot have them says
        // so, for a photo of it will not be read back.
        crate::console::note(
            "warning: the sheet prints without its alignment marks and code (its parts leave them no room), so a photo of it cannot be read back; make a part smaller (fewer record rows, a smaller cell) to get them back",
        );
    }
    let doc = sheet.document();
    let format = match format {
        SheetFormat::Document(f) => f,
        SheetFormat::Png => {
            let dpi = args.dpi.unwrap_or(DEFAULT_DPI);
            // Named as SVG pages are: NAME.png, or NAME-1.png … for several.
            let mut out = PageWriter::new(&output, Format::Svg, doc.metadata.clone())?;
            for (index, page) in doc.pages.iter().enumerate() {
                page.check(index).map_err(OutputError::from)?;
                out.add_made(page_png(index, page, &doc.metadata, dpi)?)?;
            }
            let written = out.finish()?;
            super::progress::announce(&output, &written);
            if !named && written.len() == 1 {
                super::progress::wrote("", &output);
            }
            return Ok(ExitCode::SUCCESS);
        }
    };
    let written = write_pages(
        &output,
        format,
        doc.metadata.clone(),
        &doc.pages,
        Some(doc.pages.len()),
    )?;
    // A name the user did not give: say where the sheet went (several
    // pages are announced by the writer).
    if !named && written.len() == 1 {
        super::progress::wrote("", &output);
    }
    Ok(ExitCode::SUCCESS)
}
