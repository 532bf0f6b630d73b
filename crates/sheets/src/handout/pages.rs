//! Page furniture and text pages of a handout: the header (title, and a
//! name / class / date line on pages students write on), the footer with page
//! numbers, the rules page set as wrapped paragraphs and a bulleted list with
//! the credit to the original game's authors at its foot, and the page left
//! blank so that an answer key starts on a new sheet of paper.
//!
//! The rules are set in a column of at most [`MEASURE`] ems, centred on the
//! page: about 75 characters a line, which children and adults read more
//! easily than the full width of an A4 page (about 110). On narrow paper the
//! column is the page's width. Short rules are set larger, up to 18 pt, so
//! that they fill their page instead of a third of it.

use crate::display::{Anchor, Color, FontWeight, Page, Point, Rect, TextStyle};
use crate::fonts::{ascent, text_width};
use crate::games::GameKind;
use crate::parts::write_in::{FIELD_GAP, LABEL_GAP, labelled_blank};
use crate::spec::PageSpec;
use crate::texts::{GameRules, Texts};
use crate::wrap::wrap;

/// Title size in the header, mm.
const HEADER_TITLE: f64 = 3.6;
/// Labels of the name line, mm.
const NAME_SIZE: f64 = 3.2;
/// Footer text size, mm.
const FOOTER_SIZE: f64 = 2.8;
/// Band reserved at the bottom for the footer, mm.
pub(crate) const FOOTER_BAND: f64 = 5.0;
/// Space under the header before the page's content, mm.
const HEADER_GAP: f64 = 3.5;
/// Blank length after a student's name, mm.
const NAME_BLANK: f64 = 42.0;
/// Blank length after a player's mark (`X ____`), mm.
const PLAYER_BLANK: f64 = 34.0;
/// Blank length after "Class", mm.
const CLASS_BLANK: f64 = 16.0;
/// Blank length after "Date", mm.
const DATE_BLANK: f64 = 24.0;

/// The write-in line of a page's header: who fills the page in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NameLine {
    /// None: the rules and the answer key.
    None,
    /// One student: `Name ____ Class ____ Date ____` (the worksheet).
    Student,
    /// The two players of an X-and-O game, each by their mark:
    /// `X ____ O ____ Class ____ Date ____` (a game sheet is played by two).
    Players,
    /// Players whose names the sheet itself holds (the SOS score tally
    /// has a line for each): `Class ____ Date ____`.
    NamedOnSheet,
}

impl NameLine {
    /// The name line of `game`'s game sheet.
    pub(crate) fn game_sheet(game: GameKind) -> NameLine {
        match game {
            GameKind::Sos => NameLine::NamedOnSheet,
            GameKind::TicTacToe | GameKind::Ultimate | GameKind::Strategic => NameLine::Players,
        }
    }

    /// The labels and the blank after each, left to right.
    fn fields(self, texts: &Texts) -> Vec<(&str, f64)> {
        let class_date = [
            (texts.class_label.as_str(), CLASS_BLANK),
            (texts.date_label.as_str(), DATE_BLANK),
        ];
        let mut out = match self {
            NameLine::None => return Vec::new(),
            NameLine::Student => vec![(texts.name_label.as_str(), NAME_BLANK)],
            NameLine::Players => vec![("X", PLAYER_BLANK), ("O", PLAYER_BLANK)],
            NameLine::NamedOnSheet => Vec::new(),
        };
        out.extend(class_date);
        out
    }
}

/// The page size and the area left for content between header and footer.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Frame {
    /// Page width, mm.
    pub width: f64,
    /// Page height, mm.
    pub height: f64,
    /// Inside the margins, mm.
    pub inner: Rect,
}

impl Frame {
    /// The frame of `page`.
    pub(crate) fn new(page: &PageSpec) -> Frame {
        let (width, height) = page.size_mm();
        Frame {
            width,
            height,
            inner: page.content(),
        }
    }

    /// Height of the header band: one line when the title and the name line
    /// fit side by side, two otherwise.
    pub(crate) fn header_height(&self, title: &str, texts: &Texts, names: NameLine) -> f64 {
        let line = ascent(HEADER_TITLE) + 1.5;
        if names == NameLine::None {
            return line + HEADER_GAP;
        }
        let side_by_side = title_width(title) + 8.0 + name_line_width(texts, names) <= self.inner.w;
        (if side_by_side { line } else { 2.0 * line + 1.0 }) + HEADER_GAP
    }

    /// The content area of a page under a header of `header` mm.
    pub(crate) fn content(&self, header: f64) -> Rect {
        Rect::new(
            self.inner.x,
            self.inner.y + header,
            self.inner.w,
            self.inner.h - header - FOOTER_BAND,
        )
    }

    /// An empty page of this size.
    pub(crate) fn page(&self) -> Page {
        Page::new(self.width, self.height)
    }
}

fn title_width(title: &str) -> f64 {
    text_width(title, FontWeight::Bold, HEADER_TITLE)
}

fn name_line_width(texts: &Texts, names: NameLine) -> f64 {
    fields_width(&names.fields(texts))
}

fn fields_width(fields: &[(&str, f64)]) -> f64 {
    fields
        .iter()
        .map(|(l, blank)| text_width(l, FontWeight::Regular, NAME_SIZE) + LABEL_GAP + blank)
        .sum::<f64>()
        + fields.len().saturating_sub(1) as f64 * FIELD_GAP
}

/// The name line's fields with their blanks shortened alike, so that the
/// line fits `width` (a line of its own on narrow paper: on A5 the players'
/// line is wider than the page's text).
fn fields_within(fields: Vec<(&str, f64)>, width: f64) -> Vec<(&str, f64)> {
    let over = fields_width(&fields) - width;
    let blanks: f64 = fields.iter().map(|(_, b)| b).sum();
    if over <= 0.0 || blanks <= 0.0 {
        return fields;
    }
    let scale = ((blanks - over) / blanks).max(0.0);
    fields.into_iter().map(|(l, b)| (l, b * scale)).collect()
}

/// Draws the header: the title at the top left and the name line at the
/// right (or under the title when both do not fit on one line).
pub(crate) fn draw_header(
    frame: &Frame,
    page: &mut Page,
    title: &str,
    texts: &Texts,
    names: NameLine,
) {
    let base = frame.inner.y + ascent(HEADER_TITLE);
    let title_style = TextStyle::new(HEADER_TITLE).weight(FontWeight::Bold);
    page.text_at(Point::new(frame.inner.x, base), title_style, title);
    if names == NameLine::None {
        return;
    }
    let width = name_line_width(texts, names);
    let (mut x, base) =
        if frame.header_height(title, texts, names) < 2.0 * ascent(HEADER_TITLE) + HEADER_GAP {
            (frame.inner.right() - width, base)
        } else {
            (frame.inner.x, base + ascent(HEADER_TITLE) + 2.5)
        };
    for (label, blank) in fields_within(names.fields(texts), frame.inner.right() - x) {
        let blank_x = x + text_width(label, FontWeight::Regular, NAME_SIZE) + LABEL_GAP;
        labelled_blank(page, label, NAME_SIZE, (x, blank_x), base, blank);
        x = blank_x + blank + FIELD_GAP;
    }
}

/// Writes "Page i / n" centred at the foot of every page, and `notes[i]`
/// (such as the seed of a worksheet) at the right of the same line.
pub(crate) fn draw_footers(
    pages: &mut [Page],
    frame: &Frame,
    texts: &Texts,
    notes: &[Option<String>],
) {
    let n = pages.len();
    let base = frame.inner.bottom() - 1.0;
    for (i, page) in pages.iter_mut().enumerate() {
        let label = format!("{} {} / {n}", texts.page_label, i + 1);
        let footer = TextStyle::new(FOOTER_SIZE).color(Color::grey(0x40));
        page.text_at(
            Point::new(frame.width / 2.0, base),
            footer.anchor(Anchor::Middle),
            label,
        );
        if let Some(Some(note)) = notes.get(i) {
            page.text_at(
                Point::new(frame.inner.right(), base),
                footer.anchor(Anchor::End),
                note.as_str(),
            );
        }
    }
}

/// Body text size of the rules page, mm (about 12 pt): the smallest it is
/// set at, when the rules run on to a second page anyway.
const BODY: f64 = 4.2;
/// The body sizes the rules are tried at, largest first (18 pt down to
/// 12 pt): rules that fit one page are set at the largest size that keeps
/// them on it, so they fill the page rather than a third of it.
const BODY_SIZES: [f64; 7] = [6.4, 6.0, 5.6, 5.2, 4.8, 4.5, BODY];
/// Line pitch as a multiple of the text size.
const LEADING: f64 = 1.45;
/// The widest column of rules text, in ems of the body size (32 × 4.2 mm =
/// 134 mm): about 75 characters of Noto Sans a line.
pub(crate) const MEASURE: f64 = 32.0;
/// Size of the credit line, mm (8.5 pt).
const CREDIT_SIZE: f64 = 3.0;
/// Ink of the credit: black, so its thin strokes (the hyphen of
/// `echo-Mike`) survive a 1-bit copy.
const CREDIT_INK: Color = Color::BLACK;
/// Ink of the blank page's note: dark grey, 80 % black.
const QUIET_INK: Color = Color::grey(0x33);

/// Sets text top to bottom, starting a new page when one is full.
pub(crate) struct Flow<'a> {
    frame: &'a Frame,
    header: f64,
    title: &'a str,
    texts: &'a Texts,
    /// The pages set so far, the last one being filled.
    pub pages: Vec<Page>,
    y: f64,
    /// The column text is set in: left edge and width, mm.
    column: (f64, f64),
    /// The body text size, mm: the column is [`MEASURE`] ems of it.
    body: f64,
}

impl<'a> Flow<'a> {
    /// A flow starting on a fresh page, its body text `body` mm.
    pub(crate) fn new(frame: &'a Frame, title: &'a str, texts: &'a Texts, body: f64) -> Flow<'a> {
        let header = frame.header_height(title, texts, NameLine::None);
        let area = frame.content(header);
        let width = area.w.min(MEASURE * body);
        let mut flow = Flow {
            frame,
            header,
            title,
            texts,
            pages: Vec::new(),
            y: 0.0,
            column: (area.x + (area.w - width) / 2.0, width),
            body,
        };
        flow.new_page();
        flow
    }

    fn new_page(&mut self) {
        let mut page = self.frame.page();
        draw_header(
            self.frame,
            &mut page,
            self.title,
            self.texts,
            NameLine::None,
        );
        self.pages.push(page);
        self.y = self.frame.content(self.header).y;
    }

    fn bottom(&self) -> f64 {
        self.frame.content(self.header).bottom()
    }

    /// Sets a paragraph, wrapped to the width left after `indent` mm, with
    /// `marker` (a bullet) hanging in the indent of its first line.
    pub(crate) fn paragraph(
        &mut self,
        s: &str,
        size: f64,
        weight: FontWeight,
        indent: f64,
        marker: Option<&str>,
    ) {
        self.set(s, TextStyle::new(size).weight(weight), indent, marker);
    }

    fn set(&mut self, s: &str, style: TextStyle, indent: f64, marker: Option<&str>) {
        let (x, width) = self.column;
        let size = style.size;
        let lines = wrap(s, style.weight, size, width - indent);
        for (i, line) in lines.iter().enumerate() {
            if self.y + LEADING * size > self.bottom() + 1e-6 {
                self.new_page();
            }
            let base = self.y + ascent(size);
            let page = self.pages.last_mut().expect("a page");
            if i == 0
                && let Some(m) = marker
            {
                page.text_at(Point::new(x + indent * 0.25, base), style, m);
            }
            page.text_at(Point::new(x + indent, base), style, line.as_str());
            self.y += LEADING * size;
        }
    }

    /// Sets `s` small at the foot of the column, on the last page if it
    /// fits under what is there, else on a page of its own.
    pub(crate) fn foot_note(&mut self, s: &str) {
        let style = TextStyle::new(CREDIT_SIZE).color(CREDIT_INK);
        let lines = wrap(s, FontWeight::Regular, CREDIT_SIZE, self.column.1).len();
        let height = lines as f64 * LEADING * CREDIT_SIZE;
        // A rule's width of space above it at least.
        if self.y + 2.0 * self.body + height > self.bottom() {
            self.new_page();
        }
        self.y = self.bottom() - height;
        self.set(s, style, 0.0, None);
    }

    /// Leaves `mm` of space.
    pub(crate) fn space(&mut self, mm: f64) {
        self.y += mm;
    }
}

/// The rules of one game: a heading, the paragraphs, then the bulleted
/// list, and `credit` at the foot; at the largest of [`BODY_SIZES`] that
/// keeps them on one page, or at [`BODY`] over several.
pub(crate) fn rules_pages(
    frame: &Frame,
    title: &str,
    texts: &Texts,
    rules: &GameRules,
    credit: Option<&str>,
) -> Vec<Page> {
    let mut pages = Vec::new();
    for body in BODY_SIZES {
        pages = rules_at(frame, title, texts, rules, credit, body);
        if pages.len() == 1 {
            break;
        }
    }
    pages
}

/// The rules set with body text of `body` mm, the heading and the spaces
/// in proportion.
fn rules_at(
    frame: &Frame,
    title: &str,
    texts: &Texts,
    rules: &GameRules,
    credit: Option<&str>,
    body: f64,
) -> Vec<Page> {
    let scale = body / BODY;
    let mut flow = Flow::new(frame, title, texts, body);
    flow.paragraph(
        &format!("{} — {}", texts.rules_heading, rules.title),
        6.0 * scale,
        FontWeight::Bold,
        0.0,
        None,
    );
    flow.space(3.0 * scale);
    for p in &rules.paragraphs {
        flow.paragraph(p, body, FontWeight::Regular, 0.0, None);
        flow.space(2.0 * scale);
    }
    flow.space(1.0 * scale);
    for item in &rules.items {
        flow.paragraph(item, body, FontWeight::Regular, 6.0 * scale, Some("•"));
        flow.space(1.8 * scale);
    }
    if let Some(credit) = credit {
        flow.foot_note(credit);
    }
    flow.pages
}

/// A page that says it is left blank on purpose (so that what follows starts
/// on a new sheet of paper when printed on both sides); its footer comes
/// with the others'.
pub(crate) fn blank_page(frame: &Frame, texts: &Texts) -> Page {
    let mut page = frame.page();
    let style = TextStyle::new(BODY).anchor(Anchor::Middle).color(QUIET_INK);
    let lines = wrap(&texts.blank_page, FontWeight::Regular, BODY, frame.inner.w);
    let top = frame.height / 2.0 - lines.len() as f64 * LEADING * BODY / 2.0;
    for (i, line) in lines.into_iter().enumerate() {
        let base = top + i as f64 * LEADING * BODY + ascent(BODY);
        page.text_at(Point::new(frame.width / 2.0, base), style, line);
    }
    page
}
