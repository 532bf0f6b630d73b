//! Why an output could not be written: one error type for every way out,
//! each refusal with its stable code and the words a user reads.

use paperboard_games::source::text::io_words;
use paperboard_sheets::backend::{BackendError, Format};

use super::pages::PDF_VOLUME_PAGES;
use crate::console::StdoutError;

/// Why an output could not be written. Nothing was changed when one of these
/// is returned, except where [`OutputError::Write`] says a device or pipe
/// took part of the bytes.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum OutputError {
    /// The reader of standard output went away (a closed pipe).
    #[error("standard output was closed by its reader")]
    Closed,
    /// Writing failed (a full disk, a missing folder, no permission).
    #[error("cannot write {path}: {}", io_words(cause))]
    #[diagnostic(code(paperboard::output::write))]
    Write {
        /// The output as named.
        path: String,
        /// The OS error, said in words ([`io_words`]) rather than shown
        /// whole: not a `source`, which would print it once more.
        cause: std::io::Error,
    },
    /// The output is a read-only file.
    #[error("{path} is read-only; paperboard does not replace it")]
    #[diagnostic(
        code(paperboard::output::read_only),
        help("make it writable (chmod u+w) or write to another file")
    )]
    ReadOnly {
        /// The output as named.
        path: String,
    },
    /// A name the program made up (see [`crate::cli::derived`]) is a symbolic
    /// link, which may point anywhere: it is not written through.
    #[error(
        "{path} is a symbolic link; paperboard named this file itself, so it does not write through a link standing there"
    )]
    #[diagnostic(
        code(paperboard::output::made_up_name_is_a_link),
        help("remove the link (rm {path}) or write the output to another folder")
    )]
    DerivedLink {
        /// The output as named.
        path: String,
    },
    /// A name the program made up is a device or a FIFO, which no one
    /// chose as an output: only a regular file is written there.
    #[error(
        "{path} is not a regular file (a device or a pipe); paperboard named this file itself, so it writes only a regular file there"
    )]
    #[diagnostic(
        code(paperboard::output::made_up_name_is_special),
        help("remove it or write the output to another folder")
    )]
    DerivedSpecial {
        /// The output as named.
        path: String,
    },
    /// The output is a folder.
    #[error("{path} is a folder; give a file name such as {path}/sheet.pdf")]
    #[diagnostic(code(paperboard::output::folder))]
    Folder {
        /// The output as named.
        path: String,
    },
    /// The output's folder does not exist.
    #[error("cannot write {path}: no such folder {folder}")]
    #[diagnostic(code(paperboard::output::no_folder))]
    NoFolder {
        /// The output as named.
        path: String,
        /// The folder that is missing.
        folder: String,
    },
    /// The output is a file this run read.
    #[error("{path} is the input {input}; writing there would destroy it")]
    #[diagnostic(code(paperboard::output::input), help("write to another file"))]
    SameAsInput {
        /// The output as named.
        path: String,
        /// The input, as it was named.
        input: String,
    },
    /// The output is a FIFO (named pipe) that no program has open for
    /// reading: writing would wait for ever.
    #[error("no program is reading {path}")]
    #[diagnostic(
        code(paperboard::output::no_reader),
        help(
            "start the program that reads the pipe first (e.g. `cat {path} > copy &`), or write to a file"
        )
    )]
    NoReader {
        /// The output as named.
        path: String,
    },
    /// More than one file's worth for a stream: several SVG pages, or more
    /// PDF pages than a volume holds.
    #[error(
        "{path} takes one file, and this document needs several ({})",
        if *format == Format::Svg { "SVG holds one page".to_string() } else { format!("a PDF volume holds {PDF_VOLUME_PAGES} pages") }
    )]
    #[diagnostic(
        code(paperboard::output::parts),
        help("give a file name: the pages go to NAME-1, NAME-2, … beside it")
    )]
    TooManyPartsForStream {
        /// The output as named.
        path: String,
        /// The format.
        format: Format,
    },
    /// The output format cannot be told, or contradicts the file name.
    #[error("{0}")]
    #[diagnostic(code(paperboard::output::format))]
    Format(String),
    /// A page could not be rendered.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Render(#[from] BackendError),
}

impl From<StdoutError> for OutputError {
    fn from(e: StdoutError) -> OutputError {
        match e {
            StdoutError::Closed => OutputError::Closed,
            StdoutError::Write(cause) => OutputError::Write {
                path: "standard output".into(),
                cause,
            },
        }
    }
}
