//! `[[sos-board]]`: SOS grids with column letters and row numbers, each with
//! a score tally box under or beside it.
//!
//! The cells have a preferred size (`cell`) and a minimum (`min-cell`): on a
//! page too small for the preferred size they shrink to fit (see
//! [`super::tiling`]), and the tally goes beside the grid instead of under it
//! when that gives larger cells. Measuring decides all of it once.

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::kind::{Context, Geometry, Part, SizeOrder, id_and_pin};
use super::tiling::{Tiling, at_minimum, board_count, shrink, tile};
use crate::boards::sos::SosGrid;
use crate::display::{Anchor, FontWeight, Page, Point, Rect, Size, Stroke, TextStyle};
use crate::fonts;
use crate::games::sos::Cell;
use crate::spec::value::{Extent, NumberOr, number_or, position, ranged};

ranged! {
    sos_cell: num "cell" " mm" 3 .. 30;
    sos_min_cell: num "min-cell" " mm" 3 .. 30;
    board_gap: num "gap" " mm" 0 .. 40;
}

/// An SOS board's size: columns × rows, each 3..26.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardSize {
    columns: u32,
    rows: u32,
}

impl BoardSize {
    /// A size of `columns` × `rows`, each 3..26.
    pub fn new(columns: u32, rows: u32) -> Result<BoardSize, String> {
        if (3..=26).contains(&columns) && (3..=26).contains(&rows) {
            Ok(BoardSize { columns, rows })
        } else {
            Err(bad_size(&format!("{columns}x{rows}")))
        }
    }
    /// Columns.
    pub fn columns(self) -> u32 {
        self.columns
    }
    /// Rows.
    pub fn rows(self) -> u32 {
        self.rows
    }
}

fn bad_size(shown: &str) -> String {
    format!("`size` must be {SIZE_FORM}, not {shown}")
}

/// What `size` accepts, in words.
const SIZE_FORM: &str = "columns x rows, each 3 to 26 (e.g. \"8x8\"), or one number from 3 to 26";

/// Written `"10x6"`, as a spec writes it.
impl Serialize for BoardSize {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{}x{}", self.columns, self.rows))
    }
}

/// Reads `"8x8"`, `"10x6"` (columns × rows) or one number for a square board.
impl<'de> Deserialize<'de> for BoardSize {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (w, h): (i64, i64) = match number_or(d, false, SIZE_FORM)? {
            NumberOr::Number(n) => (n, n),
            NumberOr::Text(s) => {
                let parsed = match s.split_once(['x', 'X', '×']) {
                    Some((w, h)) => w.trim().parse().ok().zip(h.trim().parse().ok()),
                    None => s.trim().parse().ok().map(|n| (n, n)),
                };
                parsed
                    .ok_or_else(|| de::Error::invalid_value(de::Unexpected::Str(&s), &SIZE_FORM))?
            }
            NumberOr::Texts(_) => {
                return Err(de::Error::invalid_type(de::Unexpected::Seq, &SIZE_FORM));
            }
        };
        let side = |n: i64| u32::try_from(n).unwrap_or(0);
        BoardSize::new(side(w), side(h)).map_err(|_| {
            de::Error::invalid_value(de::Unexpected::Other(&format!("{w}x{h}")), &SIZE_FORM)
        })
    }
}

/// Player names: a count (blank name lines) or a list of names.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Players(pub(crate) Vec<String>);

fn players<'de, D: Deserializer<'de>>(d: D) -> Result<Players, D::Error> {
    const FORM: &str = "a number of players from 2 to 8, or a list of 2 to 8 names";
    let names = match number_or(d, true, FORM)? {
        NumberOr::Number(n) if (2..=8).contains(&n) => vec![String::new(); n as usize],
        NumberOr::Texts(names) if (2..=8).contains(&names.len()) => names,
        NumberOr::Number(n) => {
            return Err(de::Error::invalid_value(de::Unexpected::Signed(n), &FORM));
        }
        NumberOr::Texts(names) => return Err(de::Error::invalid_length(names.len(), &FORM)),
        NumberOr::Text(s) => return Err(de::Error::invalid_type(de::Unexpected::Str(&s), &FORM)),
    };
    Ok(Players(names))
}

/// `[[sos-board]]`: SOS grids, each with a score tally box.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct SosBoard {
    /// Arrangement name (default `"sos"`).
    #[serde(default = "SosBoard::default_id")]
    pub(crate) id: Spanned<String>,
    /// Pin position, mm.
    #[serde(default, deserialize_with = "position")]
    pub(crate) at: Option<[f64; 2]>,
    /// Columns × rows, `"8x8"` (default) or one number; each 3..26.
    #[serde(default = "SosBoard::default_size")]
    pub(crate) size: BoardSize,
    /// Players: a count 2..8 (default 2) for blank name lines, or their names.
    #[serde(default = "SosBoard::default_players", deserialize_with = "players")]
    pub(crate) players: Players,
    /// Boards on the part: a number, or `"fit"` (default) for as many as fit
    /// when the board is at most 6×6 and one otherwise.
    #[serde(default = "SosBoard::default_boards", deserialize_with = "board_count")]
    pub(crate) boards: Extent<u32>,
    /// Preferred cell side, mm (default 9).
    #[serde(default = "SosBoard::default_cell", deserialize_with = "sos_cell")]
    pub(crate) cell: f64,
    /// Smallest cell side the board may shrink to, mm (default 4).
    #[serde(
        default = "SosBoard::default_min_cell",
        deserialize_with = "sos_min_cell"
    )]
    pub(crate) min_cell: f64,
    /// Space between boards, mm (default 8).
    #[serde(default = "SosBoard::default_gap", deserialize_with = "board_gap")]
    pub(crate) gap: f64,
    /// Heading of the tally box (default "Score").
    #[serde(default = "SosBoard::default_score_title")]
    pub(crate) score_title: String,
}

impl SosBoard {
    fn default_id() -> Spanned<String> {
        Spanned::new(0..0, "sos".into())
    }
    fn default_size() -> BoardSize {
        BoardSize {
            columns: 8,
            rows: 8,
        }
    }
    fn default_players() -> Players {
        Players(vec![String::new(); 2])
    }
    fn default_boards() -> Extent<u32> {
        Extent::Fit
    }
    fn default_cell() -> f64 {
        9.0
    }
    fn default_min_cell() -> f64 {
        4.0
    }
    fn default_gap() -> f64 {
        8.0
    }
    fn default_score_title() -> String {
        "Score".into()
    }
}

const TALLY_ROW: f64 = 7.0;
const TALLY_LETTER: f64 = 7.0;
const TALLY_NAME: f64 = 27.0;
const TALLY_MARKS: f64 = 30.0;
const TALLY_TITLE: f64 = 3.2;
const TALLY_GAP: f64 = 3.0;

/// Where a board's tally goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TallyAt {
    /// Centred under the grid.
    Below,
    /// Right of the grid, at its top.
    Beside,
}

impl SosBoard {
    fn grid(&self, cell: f64) -> SosGrid {
        SosGrid {
            width: self.size.columns as u8,
            height: self.size.rows as u8,
            cell,
        }
    }

    fn tally_size(&self) -> Size {
        Size {
            w: TALLY_LETTER + TALLY_NAME + TALLY_MARKS,
            h: fonts::line_height(TALLY_TITLE) + self.players.0.len() as f64 * TALLY_ROW + 0.3,
        }
    }

    /// One board: the grid and its tally.
    fn unit(&self, cell: f64, at: TallyAt) -> Size {
        let (gw, gh) = self.grid(cell).size();
        let t = self.tally_size();
        match at {
            TallyAt::Below => Size {
                w: gw.max(t.w),
                h: gh + TALLY_GAP + t.h,
            },
            TallyAt::Beside => Size {
                w: gw + 2.0 * TALLY_GAP + t.w,
                h: gh.max(t.h),
            },
        }
    }

    fn count(&self) -> Option<u32> {
        match self.boards {
            Extent::Fixed(n) => Some(n),
            Extent::Fit if self.size.columns <= 6 && self.size.rows <= 6 => None,
            Extent::Fit => Some(1),
        }
    }

    /// The tally goes under the grid unless beside it the cells come out
    /// larger (on a wide, low space such as a landscape page).
    fn arrangement(&self, avail: Size) -> (f64, Tiling, TallyAt) {
        let try_at = |at| {
            let (cell, t) = shrink(
                self.cell,
                self.min_cell,
                self.gap,
                avail,
                self.count(),
                |c| self.unit(c, at),
            );
            let fits = tile(self.unit(cell, at), self.gap, avail, Some(t.count)).is_some();
            (cell, t, at, fits)
        };
        let below = try_at(TallyAt::Below);
        let beside = try_at(TallyAt::Beside);
        let better = |a: &(f64, Tiling, TallyAt, bool), b: &(f64, Tiling, TallyAt, bool)| {
            (a.3, a.0 * 10.0 + f64::from(a.1.count)) > (b.3, b.0 * 10.0 + f64::from(b.1.count))
        };
        let (cell, t, at, _) = if better(&beside, &below) {
            beside
        } else {
            below
        };
        (cell, t, at)
    }
}

/// Where laid-out SOS boards are: the cell size measuring chose, how many
/// boards, and where each grid, tally and score box is.
#[derive(Debug, Clone, PartialEq)]
pub struct SosBoardsGeometry {
    origin: Point,
    cell: f64,
    tiling: Tiling,
    tally_at: TallyAt,
    /// One board with its tally.
    unit: Size,
    gap: f64,
    grid: SosGrid,
    tally: Size,
    players: usize,
}

/// Where one SOS board of a sheet is (where a diagram writes a position).
#[derive(Debug, Clone, PartialEq)]
pub struct SosBoardPlaces {
    /// The grid's geometry.
    pub(crate) grid: SosGrid,
    /// Top-left corner of the grid with its labels, for [`SosGrid`]'s methods.
    pub(crate) origin: Point,
    /// Top-left corner of the score tally.
    pub(crate) tally: Point,
    /// Each player's box for marks in the tally, in player order.
    scores: Vec<Rect>,
}

impl SosBoardPlaces {
    /// The cell side, mm.
    pub fn cell(&self) -> f64 {
        self.grid.cell
    }
    /// Where `cell` is.
    pub fn cell_rect(&self, cell: Cell) -> Rect {
        self.grid.cell_rect(self.origin, cell)
    }
    /// Each player's box for marks in the tally, in player order.
    pub fn scores(&self) -> &[Rect] {
        &self.scores
    }
}

impl SosBoardsGeometry {
    /// The cell side, mm.
    pub fn cell(&self) -> f64 {
        self.cell
    }

    /// Every board, in reading order.
    pub fn boards(&self) -> Vec<SosBoardPlaces> {
        (0..self.tiling.count).map(|i| self.board(i)).collect()
    }

    /// Board `index` (0-based).
    fn board(&self, index: u32) -> SosBoardPlaces {
        let o = self
            .tiling
            .board_origin(self.origin, self.unit, self.gap, index);
        let (gw, gh) = self.grid.size();
        let t = self.tally;
        let (origin, tally) = match self.tally_at {
            TallyAt::Below => (
                Point::new(o.x + (self.unit.w - gw) / 2.0, o.y),
                Point::new(o.x + (self.unit.w - t.w) / 2.0, o.y + gh + TALLY_GAP),
            ),
            TallyAt::Beside => (o, Point::new(o.x + gw + 2.0 * TALLY_GAP, o.y)),
        };
        let top = tally.y + fonts::line_height(TALLY_TITLE);
        let scores = (0..self.players)
            .map(|k| {
                Rect::new(
                    tally.x + 0.15 + TALLY_LETTER + TALLY_NAME,
                    top + k as f64 * TALLY_ROW,
                    TALLY_MARKS - 0.3,
                    TALLY_ROW,
                )
            })
            .collect();
        SosBoardPlaces {
            grid: self.grid,
            origin,
            tally,
            scores,
        }
    }
}

impl Geometry for SosBoardsGeometry {
    fn size(&self) -> Size {
        self.tiling.size(self.unit, self.gap)
    }
    fn place(&mut self, origin: Point) {
        self.origin = origin;
    }
}

impl Part for SosBoard {
    const KIND: &'static str = "sos-board";
    type Geometry = SosBoardsGeometry;

    id_and_pin!();
    fn size_order(&self) -> Vec<SizeOrder> {
        SizeOrder::min_cell(self.min_cell, self.cell)
    }
    // Boards shrink to the space they are given, so they take part in sharing it out.
    fn grows(&self) -> (bool, bool) {
        (true, true)
    }

    fn measure(&self, avail: Size, _cx: &Context) -> SosBoardsGeometry {
        let (cell, tiling, tally_at) = self.arrangement(avail);
        SosBoardsGeometry {
            origin: Point::new(0.0, 0.0),
            cell,
            tiling,
            tally_at,
            unit: self.unit(cell, tally_at),
            gap: self.gap,
            grid: self.grid(cell),
            tally: self.tally_size(),
            players: self.players.0.len(),
        }
    }

    fn draw(&self, g: &SosBoardsGeometry, _cx: &Context, page: &mut Page) {
        for board in g.boards() {
            board.grid.draw(board.origin, page);
            self.draw_tally(g, board.tally, page);
        }
    }

    fn at_minimum(&self, g: &SosBoardsGeometry) -> Option<f64> {
        at_minimum(g.cell, self.min_cell)
    }
}

impl SosBoard {
    fn draw_tally(&self, g: &SosBoardsGeometry, at: Point, page: &mut Page) {
        let t = g.tally;
        page.text_at(
            Point::new(at.x, at.y + fonts::ascent(TALLY_TITLE)),
            TextStyle::new(TALLY_TITLE).weight(FontWeight::Bold),
            self.score_title.clone(),
        );
        let top = at.y + fonts::line_height(TALLY_TITLE);
        let body = Rect::new(at.x + 0.15, top, t.w - 0.3, t.h - (top - at.y) - 0.15);
        let thin = Stroke::solid(0.15);
        for k in 1..self.players.0.len() {
            let y = top + k as f64 * TALLY_ROW;
            page.line(Point::new(body.x, y), Point::new(body.right(), y), thin);
        }
        for x in [TALLY_LETTER, TALLY_LETTER + TALLY_NAME] {
            page.line(
                Point::new(body.x + x, body.y),
                Point::new(body.x + x, body.bottom()),
                thin,
            );
        }
        page.rect(body, None, Some(Stroke::solid(0.3)));
        let letter = TextStyle::new(3.2)
            .anchor(Anchor::Middle)
            .weight(FontWeight::Bold);
        for (k, name) in self.players.0.iter().enumerate() {
            let cy = top + (k as f64 + 0.5) * TALLY_ROW;
            page.text_centred_on(
                body.x + TALLY_LETTER / 2.0,
                cy,
                letter,
                crate::games::sos::player_letter(k as u8).to_string(),
            );
            if !name.is_empty() {
                page.text_centred_on(
                    body.x + TALLY_LETTER + 1.5,
                    cy,
                    TextStyle::new(3.2),
                    name.clone(),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct One {
        #[serde(rename = "sos-board")]
        b: Vec<SosBoard>,
    }

    fn board(text: &str) -> Result<SosBoard, String> {
        toml::from_str::<One>(&format!("[[sos-board]]\n{text}"))
            .map(|mut o| o.b.remove(0))
            .map_err(|e| e.message().to_string())
    }

    #[test]
    fn sizes_players_and_counts_read_and_range_check() {
        let size = |text: &str| board(text).map(|b| (b.size.columns(), b.size.rows()));
        assert_eq!(size("size = \"10x6\"").unwrap(), (10, 6));
        assert_eq!(size("size = 5").unwrap(), (5, 5));
        assert_eq!(size("").unwrap(), (8, 8));
        assert!(board("size = -3").unwrap_err().contains("-3x-3"));
        assert!(BoardSize::new(27, 3).is_err());
        assert!(board("size = \"2x9\"").unwrap_err().contains("3 to 26"));
        assert!(board("size = \"ax9\"").unwrap_err().contains("\"ax9\""));
        assert_eq!(board("players = 4").unwrap().players.0.len(), 4);
        assert_eq!(
            board("players = [\"Ann\", \"Ben\", \"Cy\"]")
                .unwrap()
                .players
                .0,
            ["Ann", "Ben", "Cy"]
        );
        assert!(board("players = 9").unwrap_err().contains("2 to 8"));
        assert!(
            board("players = [\"Solo\"]")
                .unwrap_err()
                .contains("2 to 8")
        );
        assert_eq!(board("boards = 3").unwrap().boards, Extent::Fixed(3));
        assert!(board("boards = 1.5").is_err());
    }
}
