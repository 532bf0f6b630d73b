//! Part kinds of the other games' sheets: `[[sos-board]]`,
//! `[[ultimate-field]]` and `[[ttt-boards]]`.
//!
//! Their cells have a preferred size (`cell`) and a minimum (`min-cell`):
//! on a page too small for the preferred size they shrink to fit, and only
//! below the minimum does the layout fail, naming the part and the overflow.

use serde::Deserialize;
use serde::de::{self, Deserializer};
use toml::Spanned;

use super::parts::At;
use super::value::{Extent, number_or_fit, ranged};

ranged! {
    sos_cell: num "cell" " mm" 3 .. 30;
    sos_min_cell: num "min-cell" " mm" 3 .. 30;
    ttt_cell: num "cell" " mm" 3 .. 40;
    ttt_min_cell: num "min-cell" " mm" 3 .. 40;
    board_gap: num "gap" " mm" 0 .. 40;
}

/// Reads an SOS board size: `"8x8"`, `"10x6"` (columns × rows) or one number
/// for a square board, each side 3..26.
fn board_size<'de, D: Deserializer<'de>>(d: D) -> Result<(u32, u32), D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Square(i64),
        Text(String),
    }
    let bad = |shown: &str| {
        de::Error::custom(format!(
            "`size` must be columns x rows, each 3 to 26 (e.g. \"8x8\" or 8), got {shown}"
        ))
    };
    let (w, h) = match Raw::deserialize(d)? {
        Raw::Square(n) => (n, n),
        Raw::Text(s) => {
            let parsed = match s.split_once(['x', 'X', '×']) {
                Some((w, h)) => w.trim().parse().ok().zip(h.trim().parse().ok()),
                None => s.trim().parse().ok().map(|n| (n, n)),
            };
            parsed.ok_or_else(|| bad(&format!("\"{s}\"")))?
        }
    };
    if (3..=26).contains(&w) && (3..=26).contains(&h) {
        Ok((w as u32, h as u32))
    } else {
        Err(bad(&format!("{w}x{h}")))
    }
}

/// How many boards a part draws: a number, or `"auto"`.
fn board_count<'de, D: Deserializer<'de>>(d: D) -> Result<Extent<u32>, D::Error> {
    match number_or_fit(d, "boards", "", (1.0, 100.0), true)? {
        Extent::Fixed(v) if v.fract() == 0.0 => Ok(Extent::Fixed(v as u32)),
        Extent::Fixed(v) => Err(de::Error::custom(format!(
            "`boards` must be a whole number or \"fit\", got {v}"
        ))),
        Extent::Fit => Ok(Extent::Fit),
    }
}

/// Player names: a count (blank name lines) or a list of names.
#[derive(Debug, Clone, PartialEq)]
pub struct Players(pub Vec<String>);

fn players<'de, D: Deserializer<'de>>(d: D) -> Result<Players, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Count(i64),
        Names(Vec<String>),
    }
    let names = match Raw::deserialize(d)? {
        Raw::Count(n) if (2..=8).contains(&n) => vec![String::new(); n as usize],
        Raw::Names(names) if (2..=8).contains(&names.len()) => names,
        Raw::Count(n) => {
            return Err(de::Error::custom(format!(
                "`players` must be 2 to 8 (a count, or a list of names), got {n}"
            )));
        }
        Raw::Names(names) => {
            return Err(de::Error::custom(format!(
                "`players` must list 2 to 8 names, got {}",
                names.len()
            )));
        }
    };
    Ok(Players(names))
}

/// `[[sos-board]]`: SOS grids with column letters and row numbers, each with
/// a score tally box beside it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SosBoard {
    /// Arrangement name (default `"sos"`).
    #[serde(default = "SosBoard::default_id")]
    pub id: Spanned<String>,
    /// Pin position, mm.
    #[serde(default)]
    pub at: At,
    /// Columns × rows, `"8x8"` (default) or one number; each 3..26.
    #[serde(default = "SosBoard::default_size", deserialize_with = "board_size")]
    pub size: (u32, u32),
    /// Players: a count 2..8 (default 2) for blank name lines, or their names.
    #[serde(default = "SosBoard::default_players", deserialize_with = "players")]
    pub players: Players,
    /// Boards on the part: a number, or `"fit"` (default) for as many as fit
    /// when the board is at most 6×6 and one otherwise.
    #[serde(default = "SosBoard::default_boards", deserialize_with = "board_count")]
    pub boards: Extent<u32>,
    /// Preferred cell side, mm (default 9).
    #[serde(default = "SosBoard::default_cell", deserialize_with = "sos_cell")]
    pub cell: f64,
    /// Smallest cell side the board may shrink to, mm (default 4).
    #[serde(
        default = "SosBoard::default_min_cell",
        deserialize_with = "sos_min_cell"
    )]
    pub min_cell: f64,
    /// Space between boards, mm (default 8).
    #[serde(default = "SosBoard::default_gap", deserialize_with = "board_gap")]
    pub gap: f64,
    /// Heading of the tally box (default "Score").
    #[serde(default = "SosBoard::default_score_title")]
    pub score_title: String,
}

impl SosBoard {
    fn default_id() -> Spanned<String> {
        Spanned::new(0..0, "sos".into())
    }
    fn default_size() -> (u32, u32) {
        (8, 8)
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

/// `[[ultimate-field]]`: the 9×9 Ultimate field with tactical-cell labels.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct UltimateField {
    /// Arrangement name (default `"ultimate"`).
    #[serde(default = "UltimateField::default_id")]
    pub id: Spanned<String>,
    /// Pin position, mm.
    #[serde(default)]
    pub at: At,
    /// Preferred cell side, mm (default 10).
    #[serde(default = "UltimateField::default_cell", deserialize_with = "ttt_cell")]
    pub cell: f64,
    /// Smallest cell side the field may shrink to, mm (default 4).
    #[serde(
        default = "UltimateField::default_min_cell",
        deserialize_with = "ttt_min_cell"
    )]
    pub min_cell: f64,
    /// Print the tactical-cell numbers 1..9 around the field (default true).
    #[serde(default = "yes")]
    pub labels: bool,
}

fn yes() -> bool {
    true
}

impl UltimateField {
    fn default_id() -> Spanned<String> {
        Spanned::new(0..0, "ultimate".into())
    }
    fn default_cell() -> f64 {
        10.0
    }
    fn default_min_cell() -> f64 {
        4.0
    }
}

/// `[[ttt-boards]]`: a practice page of 3×3 tic-tac-toe boards.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TttBoards {
    /// Arrangement name (default `"boards"`).
    #[serde(default = "TttBoards::default_id")]
    pub id: Spanned<String>,
    /// Pin position, mm.
    #[serde(default)]
    pub at: At,
    /// How many boards, or `"fit"` (default) for as many as fit.
    #[serde(
        default = "TttBoards::default_boards",
        deserialize_with = "board_count"
    )]
    pub boards: Extent<u32>,
    /// Preferred cell side, mm (default 13).
    #[serde(default = "TttBoards::default_cell", deserialize_with = "ttt_cell")]
    pub cell: f64,
    /// Smallest cell side, mm (default 6).
    #[serde(
        default = "TttBoards::default_min_cell",
        deserialize_with = "ttt_min_cell"
    )]
    pub min_cell: f64,
    /// Space between boards, mm (default 9).
    #[serde(default = "TttBoards::default_gap", deserialize_with = "board_gap")]
    pub gap: f64,
    /// Print the positions 1..9 small in the cells' corners (default true).
    #[serde(default = "yes")]
    pub numbers: bool,
}

impl TttBoards {
    fn default_id() -> Spanned<String> {
        Spanned::new(0..0, "boards".into())
    }
    fn default_boards() -> Extent<u32> {
        Extent::Fit
    }
    fn default_cell() -> f64 {
        13.0
    }
    fn default_min_cell() -> f64 {
        6.0
    }
    fn default_gap() -> f64 {
        9.0
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
        assert_eq!(board("size = \"10x6\"").unwrap().size, (10, 6));
        assert_eq!(board("size = 5").unwrap().size, (5, 5));
        assert_eq!(board("").unwrap().size, (8, 8));
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
