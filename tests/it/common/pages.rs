//! The test's files as the command line reads them, and display lists read
//! back (lines, texts). A file of its own, so the sheets crate's unit tests
//! share it too.

use std::sync::Arc;

use paperboard_sheets::display::{Document, Item, Page, Text};
use paperboard_sheets::handout::{Handout, build, spec::parse};
use paperboard_sheets::language::Language;
use paperboard_sheets::layout::Sheet;
use paperboard_sheets::spec::{Spec, Template};

/// The test's files, for the sheets to read as the command line reads
/// them (the library opens no file itself): a test's own files, never a
/// hostile one (the command line's reader is tested through the binary).
#[derive(Debug)]
pub struct TestFiles;

impl paperboard_sheets::files::SpecFiles for TestFiles {
    fn read_text(
        &self,
        path: &std::path::Path,
        limit: u64,
    ) -> Result<String, paperboard_games::source::text::InputError> {
        let text = std::fs::read_to_string(path).map_err(|_| {
            paperboard_games::source::text::InputError::NotFound {
                path: path.display().to_string(),
            }
        })?;
        assert!(text.len() as u64 <= limit, "{}", path.display());
        Ok(text)
    }

    fn exists(&self, path: &std::path::Path) -> bool {
        path.exists()
    }

    fn real_path(&self, path: &std::path::Path) -> Option<std::path::PathBuf> {
        path.canonicalize().ok()
    }
}

/// The handout spec file at `path`, with the files it names.
pub fn load_handout(path: &str) -> paperboard_sheets::handout::spec::HandoutSpec {
    paperboard_sheets::handout::spec::load(path, Arc::new(TestFiles)).unwrap()
}

/// The handout of a spec file, its `win` worksheet from the record files
/// it names (read and checked here, as the command line does).
pub fn build_example(spec: &paperboard_sheets::handout::spec::HandoutSpec) -> Handout {
    let games = class_games(spec);
    let games = paperboard_sheets::handout::ClassGames::of(&games);
    paperboard_sheets::handout::build_with(spec, games).unwrap()
}

/// The games of the record files a handout spec names, checked.
pub fn class_games(
    spec: &paperboard_sheets::handout::spec::HandoutSpec,
) -> Vec<paperboard_games::check::CheckedGame> {
    let mut games = Vec::new();
    for (name, path) in spec.records().iter().zip(spec.record_paths().unwrap()) {
        let bytes = std::fs::read(&path).unwrap();
        let file = paperboard_games::check::check_source(name, &bytes, None);
        assert!(file.error.is_none(), "{name}");
        games.extend(file.games);
    }
    games
}

/// Distinct x positions of the vertical lines that span at least `min_len` mm.
pub fn vertical_lines(doc: &Document, min_len: f64) -> Vec<f64> {
    let mut xs: Vec<f64> = doc.pages[0]
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Line { from, to, .. }
                if (from.x - to.x).abs() < 1e-9 && (from.y - to.y).abs() >= min_len =>
            {
                Some(from.x)
            }
            _ => None,
        })
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
    xs
}

/// Every text painted on `page`, in painting order, joined by spaces.
pub fn page_text(page: &Page) -> String {
    page.items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) => Some(t.content.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The sheet of the built-in template `name_or_text` names, or of the spec
/// text it is.
pub fn sheet(name_or_text: &str) -> Sheet {
    let spec = match Template::from_name(name_or_text) {
        Some(t) => Spec::template(t, &[]).unwrap(),
        None => Spec::parse("test.toml", name_or_text, None).unwrap(),
    };
    paperboard_sheets::layout::layout(&spec).unwrap()
}

/// [`sheet`], with its document to hand.
pub fn layout(name_or_text: &str) -> (Sheet, Document) {
    let sheet = sheet(name_or_text);
    let doc = sheet.document().clone();
    (sheet, doc)
}

/// The games a handout is made for.
pub const HANDOUT_GAMES: [&str; 4] = ["sos", "tictactoe", "ultimate", "strategic"];

/// The handout of `game`'s rules alone (no copies, no exercises) in
/// `language` on `page` paper.
pub fn rules_handout(game: &str, language: Language, page: &str) -> Handout {
    let spec = format!(
        "[handout]\ngame = \"{game}\"\nlanguage = \"{language}\"\ncopies = 0\n\
         [page]\nsize = \"{page}\"\n[worksheet]\nexercises = 0\n"
    );
    build(&parse("h.toml", &spec).unwrap()).unwrap()
}

/// The texts of a page, in drawing order.
pub fn texts_of(page: &Page) -> Vec<&Text> {
    page.items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) => Some(t),
            _ => None,
        })
        .collect()
}
