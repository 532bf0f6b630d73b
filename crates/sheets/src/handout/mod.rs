//! Classroom handouts: a rules page in the class's language, game sheets
//! (copies, each with a name / class / date line), and a worksheet of
//! exercises made from a seed with its answer key at the end — one
//! multi-page document with a header and page numbers on every page.
//!
//! Handouts are printed on both sides of the paper, so the answer key never
//! shares a sheet with the worksheet: it starts on an odd page, after a page
//! that says it is left blank on purpose when needed, or it is a document of
//! its own (`key = "separate"`).
//!
//! GameKind sheets come from the ordinary sheet specs (templates or files), laid
//! out by [`crate::layout()`] with room left for the handout's header and
//! footer. The rules and worksheet pages are set here.

pub(crate) mod exercises;
pub(crate) mod from_games;
pub(crate) mod pages;
pub mod spec;
#[cfg(test)]
pub(crate) mod tests;
pub(crate) mod worksheet;

use crate::check::CheckedGame;
use crate::games::GameKind;
use miette::Diagnostic;

use crate::display::{Document, Metadata, Page};
use crate::layout::LayoutError;
use crate::parts::Part;
use crate::parts::write_in::WriteIn;
use crate::spec::{Margins, Set, SpecError, Template};
use crate::texts;
use exercises::{Exercise, ExerciseKind, ExerciseSettings};
use pages::{FOOTER_BAND, Frame, NameLine, blank_page, draw_footers, draw_header, rules_pages};
use spec::{HandoutSpec, KeyPlacement};
use worksheet::Placement;

/// Why a handout could not be made.
#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum HandoutError {
    /// The handout spec or the game sheet's spec was rejected.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Spec(#[from] SpecError),
    /// A text of the handout's own pages (its title, a header) cannot be
    /// printed: the fonts lack a character, or it is too long even at 6 pt.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Text(LayoutError),
    /// The game sheet does not fit the handout's page.
    #[error("the game sheet `{sheet}` does not fit the handout's page")]
    #[diagnostic(help(
        "use a larger page or smaller margins, or make the sheet smaller with `set`, as `render --set` takes it (e.g. \"{example}\")"
    ))]
    Sheet {
        /// The sheet's template or spec.
        sheet: String,
        /// A `set` that makes the handout's game's built-in sheet smaller.
        example: &'static str,
        /// Why.
        source: LayoutError,
    },
    /// A `win` worksheet was asked for without games to take it from.
    #[error("a `win` worksheet takes its positions from the class's games, and no game was given")]
    #[diagnostic(
        code(no_games),
        help("name record files in the worksheet's `records` (beside the handout spec)")
    )]
    NoGames,
    /// The games hold fewer positions than exercises asked for.
    #[error(
        "{asked} exercises were asked for, but the games given ({games}) hold only {found}: {}",
        positions_wanted(*.win_in)
    )]
    #[diagnostic(
        code(too_few_positions),
        help("ask for {found} (`exercises = {found}`), another `win-in`, or give more games")
    )]
    TooFewPositions {
        /// Exercises asked for.
        asked: usize,
        /// Positions found.
        found: usize,
        /// Games given.
        games: usize,
        /// The difficulty asked for, in own moves.
        win_in: u8,
    },
}

impl From<&HandoutError> for crate::source::Diagnostic {
    /// A spec's error as the spec's.
    fn from(e: &HandoutError) -> crate::source::Diagnostic {
        match e {
            HandoutError::Spec(s) => s.into(),
            other => crate::source::Diagnostic::of(other),
        }
    }
}

/// What a `win` worksheet's positions are, in words.
fn positions_wanted(win_in: u8) -> String {
    let moves = if win_in == 1 { "move" } else { "moves" };
    format!("positions where one move, and no other, wins in {win_in} own {moves}")
}

/// What a page of a handout is: the page plan (`handout --json`) names
/// each page's part, so a page shown or printed alone can be told apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "role", rename_all = "kebab-case")]
pub enum PageRole {
    /// A page of the rules.
    Rules,
    /// A game sheet: the `copy`th, from 1.
    Sheet {
        /// Which copy, from 1.
        copy: u32,
    },
    /// A page of the worksheet.
    Worksheet,
    /// A page left blank on purpose, so that the next part starts on a
    /// new sheet of paper when printed on both sides.
    Blank,
    /// A page of the answer key.
    Key,
}

impl PageRole {
    /// Whether a page of this role begins a new part after a page of
    /// `before`: each game sheet is a part of its own, the pages of the
    /// rules, the worksheet or the key run on.
    fn starts_part_after(self, before: Option<PageRole>) -> bool {
        match (before, self) {
            (None, _) | (_, PageRole::Sheet { .. }) => true,
            (Some(b), r) => std::mem::discriminant(&b) != std::mem::discriminant(&r),
        }
    }
}

/// The page plan of a handout as `handout --json` prints it:
/// `{"version": 1, "pages": [{"page": 1, "role": "rules"}, {"page": 2,
/// "role": "sheet", "copy": 1}, …]}`, and the separate answer key's pages
/// under `"key-pages"` when there is one.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct PagePlan {
    /// The version of this report's form; it goes up when a field changes
    /// meaning or goes away.
    pub version: u32,
    /// Every page of the handout, in order.
    pub pages: Vec<PlannedPage>,
    /// The pages of the answer key in a file of its own (`key =
    /// "separate"`), numbered on their own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key_pages: Option<Vec<PlannedPage>>,
    /// The exercises of a `win` worksheet, each with its page, position
    /// and answer (none for the other kinds).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exercises: Vec<PlannedExercise>,
}

/// One exercise of a `win` worksheet in the [`PagePlan`]: `{"page": 5,
/// "kind": "win", "game": "ultimate", "rules": "authors", "record":
/// ["5.5", "5.1", …], "to_move": "O", "win_in": 2, "answer": "3.1", …}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PlannedExercise {
    /// The worksheet page it is on, from 1.
    pub page: usize,
    /// `win`.
    pub kind: &'static str,
    /// The game (`tictactoe`, `ultimate`, `strategic`).
    pub game: &'static str,
    /// The rules it is played under: a preset's word, or the options.
    pub rules: String,
    /// The moves that lead to the position, X's first.
    pub record: Vec<String>,
    /// Who moves and wins.
    pub to_move: String,
    /// In how many own moves.
    pub win_in: u8,
    /// The same in plies, the replies counted.
    pub plies: u8,
    /// The one move that wins.
    pub answer: String,
    /// The main line the key shows, the answer first.
    pub line: Vec<String>,
    /// The record file the game was in, as named.
    pub file: String,
    /// The game's number in that file, from 1.
    pub game_in_file: usize,
}

/// One page of a [`PagePlan`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct PlannedPage {
    /// The page number, from 1.
    pub page: usize,
    /// What the page is.
    #[serde(flatten)]
    pub role: PageRole,
}

impl PagePlan {
    /// The form's version [`PagePlan::version`] carries.
    pub(crate) const VERSION: u32 = 1;
}

impl Handout {
    /// The page plan: what every page is, numbered from 1.
    pub fn page_plan(&self) -> PagePlan {
        let numbered = |roles: &[PageRole]| {
            roles
                .iter()
                .enumerate()
                .map(|(i, &role)| PlannedPage { page: i + 1, role })
                .collect()
        };
        PagePlan {
            version: PagePlan::VERSION,
            pages: numbered(&self.plan),
            key_pages: self.key_plan.as_deref().map(numbered),
            exercises: self.planned.clone(),
        }
    }
}

/// A made handout: the document, the answer key when it is a document of
/// its own, the exercises on its worksheet and where their answer-key
/// diagrams are (so they can be checked).
#[derive(Debug, Clone)]
pub struct Handout {
    /// Every page. Printed on both sides (`duplex`, the default), every
    /// part starts on an odd page; else the answer key still does.
    pub document: Document,
    /// What each page of `document` is, in order.
    pub plan: Vec<PageRole>,
    /// The answer key as a document of its own (`key = "separate"`).
    pub key_document: Option<Document>,
    /// What each page of `key_document` is.
    pub key_plan: Option<Vec<PageRole>>,
    /// The worksheet's exercises, in order (the answer-key tests replay them).
    #[cfg_attr(not(test), expect(dead_code, reason = "read by the answer-key tests"))]
    pub(crate) exercises: Vec<Exercise>,
    /// Where each exercise's diagram is in the answer key (pages of
    /// `key_document` when there is one, else of `document`).
    #[cfg_attr(not(test), expect(dead_code, reason = "read by the answer-key tests"))]
    pub(crate) key: Vec<Placement>,
    /// The `win` exercises as the page plan lists them.
    planned: Vec<PlannedExercise>,
    /// The games given that no exercise was looked for in, each with why:
    /// `FILE: game N (line L): reason`.
    pub unused_games: Vec<String>,
}

/// The class's own games a `win` worksheet takes its positions from, as
/// the checker replayed them, and how much the solver may search in them.
#[derive(Debug, Clone, Copy)]
pub struct ClassGames<'a> {
    /// The games, in order.
    pub games: &'a [CheckedGame],
    /// The most positions the solver may visit for one position of a game.
    pub nodes: u64,
    /// The most it may visit over all the games.
    pub total: u64,
}

impl ClassGames<'_> {
    /// No games.
    pub const NONE: ClassGames<'static> = ClassGames {
        games: &[],
        nodes: 1,
        total: 0,
    };

    /// `games` with the command line's budget: the solver's default per
    /// position, its most over all.
    pub fn of(games: &[CheckedGame]) -> ClassGames<'_> {
        ClassGames {
            games,
            nodes: crate::solve::Budget::DEFAULT_NODES,
            total: crate::solve::Budget::MAX_NODES,
        }
    }
}

/// Pages being put together, each with its role and the note its footer
/// carries.
struct Pages<'a> {
    pages: Vec<Page>,
    roles: Vec<PageRole>,
    notes: Vec<Option<String>>,
    /// Printed on both sides: a part starts on an odd page.
    duplex: bool,
    frame: &'a Frame,
    texts: &'a texts::Texts,
}

impl<'a> Pages<'a> {
    fn new(duplex: bool, frame: &'a Frame, texts: &'a texts::Texts) -> Pages<'a> {
        Pages {
            pages: Vec::new(),
            roles: Vec::new(),
            notes: Vec::new(),
            duplex,
            frame,
            texts,
        }
    }

    /// Adds a page; when it starts a part on the back of a sheet of paper
    /// (an even page) of a two-sided handout, a page left blank comes first.
    fn push(&mut self, page: Page, role: PageRole, note: Option<String>) {
        let starts_part = role.starts_part_after(self.roles.last().copied());
        if self.duplex && starts_part && self.pages.len() % 2 == 1 {
            self.push_blank();
        }
        self.pages.push(page);
        self.roles.push(role);
        self.notes.push(note);
    }

    /// Adds a page left blank on purpose.
    fn push_blank(&mut self) {
        self.pages.push(blank_page(self.frame, self.texts));
        self.roles.push(PageRole::Blank);
        self.notes.push(None);
    }

    /// Numbers the pages in their footers and makes the document.
    fn document(mut self, title: String) -> (Document, Vec<PageRole>) {
        draw_footers(&mut self.pages, self.frame, self.texts, &self.notes);
        let document = Document {
            metadata: Metadata {
                title,
                creator: crate::CREATOR.to_string(),
                subject: None,
            },
            pages: self.pages,
        };
        (document, self.roles)
    }
}

/// Makes the handout `spec` describes (a `win` worksheet needs games:
/// [`build_with`]).
pub fn build(spec: &HandoutSpec) -> Result<Handout, HandoutError> {
    build_with(spec, ClassGames::NONE)
}

/// Makes the handout `spec` describes, its `win` worksheet from `games`.
pub fn build_with(spec: &HandoutSpec, games: ClassGames<'_>) -> Result<Handout, HandoutError> {
    let texts = texts::texts(spec.language());
    let title = spec
        .title()
        .map_or_else(|| texts.rules(spec.game()).title.clone(), str::to_string);
    let frame = Frame::new(spec.page());
    let mut out = Pages::new(spec.duplex(), &frame, &texts);
    if spec.rules() {
        let mut page = texts.rules_page(spec.game(), spec.options());
        // With the rules in force, the line before it, in one paragraph.
        if let Some(line) = sheets_ruleset(spec, &texts)? {
            match page.paragraphs.last_mut() {
                Some(last) => {
                    last.push(' ');
                    last.push_str(&line);
                }
                None => page.paragraphs.push(line),
            }
        }
        // The credit where it applies: the Strategic sheets follow the
        // authors' game fields; SOS, tic-tac-toe and Ultimate are older
        // games, and their sheets are not the authors'.
        let credit = (spec.game() == GameKind::Strategic).then_some(texts.credit.as_str());
        for p in rules_pages(&frame, &title, &texts, &page, credit) {
            out.push(p, PageRole::Rules, None);
        }
    }
    if spec.copies() > 0 {
        let (sheet, code) = game_sheet(spec, &frame, &title, &texts)?;
        for copy in 1..=spec.copies() {
            // Each copy's code names its copy number.
            let mut page = sheet.clone();
            if let Some(mut code) = code.clone() {
                code.set_copy(copy, &mut page);
            }
            out.push(page, PageRole::Sheet { copy }, None);
        }
    }
    let worksheet = match spec.exercise_kind() {
        Some(kind) => worksheet_and_key(spec, kind, games, &title, &mut out)?,
        None => WorksheetParts::default(),
    };
    let WorksheetParts {
        exercises,
        key,
        mut key_document,
        key_plan,
        planned,
        unused_games,
    } = worksheet;
    let (mut document, plan) = out.document(title);
    check_texts(&mut document, &frame, spec, "")?;
    if let Some(key) = &mut key_document {
        check_texts(key, &frame, spec, " of the answer key")?;
    }
    Ok(Handout {
        document,
        plan,
        key_document,
        key_plan,
        exercises,
        key,
        planned,
        unused_games,
    })
}

/// What a worksheet adds to a handout besides its pages.
#[derive(Default)]
struct WorksheetParts {
    /// The exercises, in order.
    exercises: Vec<Exercise>,
    /// Where each exercise's diagram is in the answer key.
    key: Vec<Placement>,
    /// The answer key as a document of its own, with what each page is.
    key_document: Option<Document>,
    key_plan: Option<Vec<PageRole>>,
    /// The `win` exercises as the page plan lists them.
    planned: Vec<PlannedExercise>,
    /// Games given and not used, with why.
    unused_games: Vec<String>,
}

/// Adds the worksheet of exercises of `kind` to `out`, and its answer key
/// where `spec` puts it.
fn worksheet_and_key(
    spec: &HandoutSpec,
    kind: ExerciseKind,
    games: ClassGames<'_>,
    title: &str,
    out: &mut Pages<'_>,
) -> Result<WorksheetParts, HandoutError> {
    let (frame, texts) = (out.frame, out.texts);
    let settings = ExerciseSettings {
        kind,
        count: spec.exercises() as usize,
        seed: spec.seed(),
        setup: spec.setup(),
    };
    let mut parts = WorksheetParts::default();
    parts.exercises = match kind {
        ExerciseKind::Win => {
            let (exercises, unused) = win_exercises(spec, games)?;
            parts.unused_games = unused;
            exercises
        }
        _ => exercises::generate(&settings),
    };
    let section = Section {
        exercises: &parts.exercises,
        seed_note: format!("{} {}", texts.seed_label, spec.seed()),
    };
    let sheet_heading = format!("{} — {title}", texts.worksheet_heading);
    let on_sheet = section.add(&sheet_heading, PageRole::Worksheet, out);
    parts.planned = planned(&parts.exercises, &on_sheet);
    let key_heading = format!("{} — {title}", texts.answer_key_heading);
    let key = match spec.answer_key() {
        KeyPlacement::End => {
            // The key starts a new sheet of paper, printed on both
            // sides or not: on an odd page.
            if out.pages.len() % 2 == 1 {
                out.push_blank();
            }
            section.add(&key_heading, PageRole::Key, out)
        }
        KeyPlacement::Separate => {
            let mut own = Pages::new(spec.duplex(), frame, texts);
            let key = section.add(&key_heading, PageRole::Key, &mut own);
            let (document, roles) = own.document(key_heading.clone());
            parts.key_document = Some(document);
            parts.key_plan = Some(roles);
            key
        }
        KeyPlacement::None => Vec::new(),
    };
    parts.key = key;
    Ok(parts)
}

/// The exercises of a `win` worksheet from the games, chosen by the seed,
/// and the games not used with why; refused when the games hold fewer
/// than asked for.
fn win_exercises(
    spec: &HandoutSpec,
    games: ClassGames<'_>,
) -> Result<(Vec<Exercise>, Vec<String>), HandoutError> {
    if games.games.is_empty() {
        return Err(HandoutError::NoGames);
    }
    let look = from_games::Look {
        setup: spec.setup(),
        win_in: spec.win_in(),
        nodes: games.nodes,
        total: games.total,
    };
    let found = from_games::find(games.games, &look);
    let asked = spec.exercises() as usize;
    let chosen = from_games::choose(&found.found, asked, spec.seed()).ok_or(
        HandoutError::TooFewPositions {
            asked,
            found: found.found.len(),
            games: games.games.len(),
            win_in: spec.win_in(),
        },
    )?;
    Ok((
        chosen.into_iter().map(Exercise::Win).collect(),
        found.unused,
    ))
}

/// The page plan's entries of a worksheet's `win` exercises, placed on
/// the pages of `on_sheet`.
fn planned(exercises: &[Exercise], on_sheet: &[Placement]) -> Vec<PlannedExercise> {
    let words = |moves: &[crate::games::ttt::Move]| moves.iter().map(|m| m.to_string()).collect();
    exercises
        .iter()
        .zip(on_sheet)
        .filter_map(|(e, placed)| match e {
            Exercise::Win(w) => Some(PlannedExercise {
                page: placed.page + 1,
                kind: ExerciseKind::Win.name(),
                game: w.setup.kind().name(),
                rules: w
                    .setup
                    .options()
                    .map_or_else(String::new, |o| match o.preset_of() {
                        Some(crate::games::ttt::Preset::Authors) => "authors".into(),
                        Some(crate::games::ttt::Preset::Common) => "common".into(),
                        None => o.describe(),
                    }),
                record: words(&w.moves),
                to_move: w.to_move.to_string(),
                win_in: w.win_in,
                plies: 2 * w.win_in - 1,
                answer: w.answer.to_string(),
                line: words(&w.line),
                file: w.from.file.clone(),
                game_in_file: w.from.game,
            }),
            _ => None,
        })
        .collect()
}

/// The exercises of a worksheet, as the worksheet and its key both lay
/// them out.
struct Section<'e> {
    exercises: &'e [Exercise],
    /// The seed, printed in the footer of every page.
    seed_note: String,
}

impl Section<'_> {
    /// Adds the exercises' pages under `heading` to `out`, as the worksheet
    /// or its key (`role`); gives where each diagram went.
    fn add(&self, heading: &str, role: PageRole, out: &mut Pages<'_>) -> Vec<Placement> {
        let (frame, texts) = (out.frame, out.texts);
        let names = if role == PageRole::Key {
            NameLine::None
        } else {
            NameLine::Student
        };
        let header = frame.header_height(heading, texts, names);
        let new_page = || {
            let mut p = frame.page();
            draw_header(frame, &mut p, heading, texts, names);
            p
        };
        // The section's first page may be moved on by a blank page:
        // its page number is known once that is decided.
        let mut first = out.pages.len();
        if out.duplex && first % 2 == 1 {
            out.push_blank();
            first += 1;
        }
        let (new, placed) = worksheet::pages(
            self.exercises,
            texts,
            frame,
            header,
            role == PageRole::Key,
            first,
            &new_page,
        );
        for p in new {
            out.push(p, role, Some(self.seed_note.clone()));
        }
        placed
    }
}

/// Checks every text of a handout's pages: printable and inside the
/// margins, shrunk to 6 pt at the least (the game sheets were checked by
/// their layout already). `of` names the document in a message.
fn check_texts(
    document: &mut Document,
    frame: &Frame,
    spec: &HandoutSpec,
    of: &str,
) -> Result<(), HandoutError> {
    for (i, page) in document.pages.iter_mut().enumerate() {
        crate::layout::texts::fit_page_texts(page, frame.inner).map_err(|(text, fault)| {
            let problem = crate::layout::TextProblem {
                place: format!("page {}{of}", i + 1),
                text,
                fault,
            };
            HandoutError::Text(problem.into_error().located_in(spec.source()))
        })?;
    }
    Ok(())
}

/// The game sheet, on the handout's paper, moved down to make room for the
/// header with its name / class / date line (the sheet's own title and
/// write-in lines are left out: the header has them), and its sheet code,
/// which each copy numbers.
fn game_sheet(
    spec: &HandoutSpec,
    frame: &Frame,
    title: &str,
    texts: &texts::Texts,
) -> Result<(Page, Option<crate::layout::PlacedCode>), HandoutError> {
    let (sheet, names) = game_sheet_spec_in(spec, frame, title, texts)?;
    let laid_out = crate::layout::layout(&sheet).map_err(|source| HandoutError::Sheet {
        sheet: spec.sheet_name().to_string(),
        example: smaller_sheet(spec.game()),
        source,
    })?;
    let code = laid_out.code().cloned();
    let (mut doc, _) = laid_out.into_parts();
    let mut page = doc.pages.remove(0);
    draw_header(frame, &mut page, title, texts, names);
    Ok((page, code))
}

/// The line of a Strategic rules page that names the ruleset (and maps)
/// the handout's game sheets print, in the handout's language: the rules
/// name three rulesets, and the class plays one (`None` for other games).
fn sheets_ruleset(
    spec: &HandoutSpec,
    texts: &texts::Texts,
) -> Result<Option<String>, HandoutError> {
    if spec.game() != GameKind::Strategic {
        return Ok(None);
    }
    let sheet = game_sheet_spec(spec)?;
    let words = crate::layout::context(&sheet).words;
    let Some(ruleset) = words.ruleset() else {
        return Ok(None);
    };
    let maps = match words.maps() {
        "" => String::new(),
        maps => format!(" ({maps})"),
    };
    Ok(Some(texts::fill(
        &texts.sheets_ruleset,
        &[("ruleset", ruleset), ("maps", &maps)],
    )))
}

/// The spec of the game sheet a handout prints (every copy alike but for
/// the copy number in its code): what reading a copy back lays out again
/// to know where its boxes and cells are.
pub(crate) fn game_sheet_spec(spec: &HandoutSpec) -> Result<crate::spec::Spec, HandoutError> {
    let texts = texts::texts(spec.language());
    let title = spec
        .title()
        .map_or_else(|| texts.rules(spec.game()).title.clone(), str::to_string);
    let frame = Frame::new(spec.page());
    Ok(game_sheet_spec_in(spec, &frame, &title, &texts)?.0)
}

/// The game sheet's spec under the handout's header, and the header's names.
fn game_sheet_spec_in(
    spec: &HandoutSpec,
    frame: &Frame,
    title: &str,
    texts: &texts::Texts,
) -> Result<(crate::spec::Spec, NameLine), HandoutError> {
    let page = spec.page();
    // The sheet speaks the handout's language and states its rules.
    let mut sets = vec![
        Set::paper_size(page.size),
        Set::orientation(page.orientation),
        Set::language(spec.language()),
    ];
    sets.extend(Set::rules(spec.options()));
    sets.extend(spec.sets().iter().cloned());
    let sheet = read_sheet(spec, &sets).map_err(|e| spec.locate_sheet_error(e))?;
    let mut gone = sheet.ids_of_kind(WriteIn::KIND);
    gone.push("title".into());
    let names = NameLine::game_sheet(spec.game());
    let header = frame.header_height(title, texts, names);
    let margins = Margins {
        top: frame.inner.y + header,
        bottom: frame.height - frame.inner.bottom() + FOOTER_BAND,
        ..sheet.page().margins
    };
    let sheet = sheet.without_parts(&gone)?.with_margins(margins)?;
    Ok((sheet, names))
}

/// The handout's game sheet with `sets` made to it: a built-in sheet, or a
/// sheet spec file beside the handout spec.
fn read_sheet(spec: &HandoutSpec, sets: &[Set]) -> Result<crate::spec::Spec, SpecError> {
    let name = spec.sheet_name();
    Ok(match Template::from_name(name) {
        Some(template) => crate::spec::template(template, sets, spec.files())?,
        None => {
            // A sheet spec named in the handout spec lives beside it; a
            // handout that is not a file can use built-in sheets only.
            let unknown = || {
                SpecError::Unknown(
                    name.to_string(),
                    Template::ALL
                        .iter()
                        .map(|t| t.name())
                        .collect::<Vec<_>>()
                        .join(", "),
                )
            };
            if !crate::source::text::looks_like_path(name) {
                return Err(unknown());
            }
            let folder = spec.folder().ok_or_else(unknown)?;
            let files = spec.files();
            let path = files.inside(folder, name)?;
            let sheet = crate::spec::load_with(&path.to_string_lossy(), sets, files)?;
            spec.check_sheet_game(sheet.game())?;
            sheet
        }
    })
}

/// A `set` that makes `game`'s built-in sheet smaller, for the help of a
/// sheet that does not fit: each game's own key, never another game's.
fn smaller_sheet(game: GameKind) -> &'static str {
    match game {
        GameKind::Sos => "sos.size=6x6",
        GameKind::TicTacToe => "boards.min-cell=4",
        GameKind::Ultimate => "ultimate.min-cell=3",
        GameKind::Strategic => "field.min-cell=3",
    }
}
