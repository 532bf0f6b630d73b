//! The position a field shows, for a sheet played without a written
//! record: every cell read as X, O or empty, and what the rules can say
//! from the marks alone.
//!
//! A field is not a record: it shows where X and O played but not in which
//! order. So it says who is to move (X moves first, so equal counts mean X,
//! one more X means O; any other count is no game), which boards are won or
//! drawn, and whether the game is decided — but only where the order does
//! not matter. Where it does, the position says it cannot tell instead of
//! guessing: a board in which both players have a line (under rules that let
//! play go on in a won board, the first line won it, and the field does not
//! say which came first), and in Ultimate the board the next move must go
//! to (set by the last move, which the field does not show).

use std::collections::HashMap;

use super::{CellContent, MarkReading};
use crate::games::GameKind;
use crate::games::ttt::{Board, Draws, Mark, Move};
use crate::setup::GameSetup;

/// A cell read with less confidence than this is marked doubtful.
pub(crate) const CELL_UNCERTAIN_BELOW: f32 = 0.9;

/// One cell of the field as read.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CellRead {
    /// The cell, as a record writes it (`5.2` in Ultimate, `5` in
    /// tic-tac-toe).
    pub cell: Move,
    /// What it holds: `Some(X)`, `Some(O)`, or `None` for empty.
    pub mark: Option<Mark>,
    /// The reader's probability for that reading.
    pub confidence: f32,
    /// Whether a person should look at it.
    pub uncertain: bool,
}

/// The state of one 3×3 board, as far as the field tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardState {
    /// Still open.
    Open,
    /// Won by this player.
    Won(Mark),
    /// Every cell taken and no line.
    Drawn,
    /// Both players have a line: whoever made theirs first won it, and the
    /// field does not say who.
    Unclear,
}

impl BoardState {
    /// A stable word for scripts and reports.
    pub fn word(self) -> &'static str {
        match self {
            BoardState::Open => "open",
            BoardState::Won(Mark::X) => "won-x",
            BoardState::Won(Mark::O) => "won-o",
            BoardState::Drawn => "drawn",
            BoardState::Unclear => "unclear",
        }
    }
}

/// What the field of one game shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Position {
    /// Every cell, in the order of the record's cell numbers.
    pub cells: Vec<CellRead>,
    /// Marks of X and of O.
    pub counts: (usize, usize),
    /// Who is to move, when the counts are those of a game and it is not
    /// decided.
    pub to_move: Option<Mark>,
    /// In Ultimate, each small board's state (board 1 first); empty in
    /// tic-tac-toe.
    pub boards: Vec<BoardState>,
    /// The whole game: the state of its (top) board.
    pub outcome: BoardState,
    /// What is wrong with the position as a game, if anything (counts no
    /// game can reach, a win followed by more moves).
    pub problem: Option<String>,
}

/// The position of a tic-tac-toe or Ultimate field from its cells' readings
/// (by operational cell index); `None` for other games. A cell not read
/// counts as empty and doubtful.
pub(crate) fn position(
    setup: &GameSetup,
    readings: &HashMap<usize, MarkReading>,
) -> Option<Position> {
    let depth = match setup.kind() {
        GameKind::TicTacToe => 1,
        GameKind::Ultimate => 2,
        _ => return None,
    };
    let options = setup.options()?;
    let cells: Vec<CellRead> = (0..9usize.pow(depth as u32))
        .map(|index| cell_read(Move::from_index(index, depth), readings.get(&index)))
        .collect();
    let count = |m: Mark| cells.iter().filter(|c| c.mark == Some(m)).count();
    let counts = (count(Mark::X), count(Mark::O));
    let (boards, outcome) = if depth == 1 {
        (
            Vec::new(),
            board_state(&board_of(&cells[0..9]), Draws::None),
        )
    } else {
        let boards: Vec<BoardState> = cells
            .chunks(9)
            .map(|board| board_state(&board_of(board), Draws::None))
            .collect();
        let mut outcome = ultimate_outcome(&boards, options.draws);
        // Every cell played and no winner: drawn.
        if outcome == BoardState::Open && counts.0 + counts.1 == cells.len() {
            outcome = BoardState::Drawn;
        }
        (boards, outcome)
    };
    let problem = position_problem(counts, outcome, depth);
    let (x, o) = counts;
    let to_move = (problem.is_none() && outcome == BoardState::Open).then_some(if x == o {
        Mark::X
    } else {
        Mark::O
    });
    Some(Position {
        cells,
        counts,
        to_move,
        boards,
        outcome,
        problem,
    })
}

/// One cell as its reading says (`None`: not read, so empty and doubtful).
fn cell_read(cell: Move, reading: Option<&MarkReading>) -> CellRead {
    match reading {
        Some(r) => {
            let (content, p) = r.best();
            CellRead {
                cell,
                mark: match content {
                    CellContent::Empty => None,
                    CellContent::X => Some(Mark::X),
                    CellContent::O => Some(Mark::O),
                },
                confidence: p,
                uncertain: p < CELL_UNCERTAIN_BELOW,
            }
        }
        None => CellRead {
            cell,
            mark: None,
            confidence: 0.0,
            uncertain: true,
        },
    }
}

/// One 3×3 board's nine cells, as bits (position p at bit p-1).
fn board_of(cells: &[CellRead]) -> Board {
    let mut b = Board::default();
    for (bit, c) in cells.iter().enumerate() {
        match c.mark {
            Some(Mark::X) => b.x |= 1 << bit,
            Some(Mark::O) => b.o |= 1 << bit,
            None => {}
        }
    }
    b
}

/// What a 3×3 board's marks say about it under these draw rules.
fn board_state(b: &Board, draws: Draws) -> BoardState {
    let (x, o) = (b.has_line(Mark::X, draws), b.has_line(Mark::O, draws));
    match (x, o) {
        (true, true) => BoardState::Unclear,
        (true, false) => BoardState::Won(Mark::X),
        (false, true) => BoardState::Won(Mark::O),
        _ if (b.x | b.o | b.drawn) == 0x1FF => BoardState::Drawn,
        _ => BoardState::Open,
    }
}

/// The Ultimate game's state from its small boards' states: the top board
/// they make, unclear when a line through an unclear board could be either
/// player's.
fn ultimate_outcome(boards: &[BoardState], draws: Draws) -> BoardState {
    let mut top = Board::default();
    for (bit, s) in boards.iter().enumerate() {
        match s {
            BoardState::Won(Mark::X) => top.x |= 1 << bit,
            BoardState::Won(Mark::O) => top.o |= 1 << bit,
            BoardState::Drawn => top.drawn |= 1 << bit,
            _ => {}
        }
    }
    let outcome = board_state(&top, draws);
    // A line that runs through an unclear board could be either's.
    if boards.contains(&BoardState::Unclear) && outcome != BoardState::Unclear {
        let mut with_x = top;
        let mut with_o = top;
        for (bit, s) in boards.iter().enumerate() {
            if *s == BoardState::Unclear {
                with_x.x |= 1 << bit;
                with_o.o |= 1 << bit;
            }
        }
        if board_state(&with_x, draws) != board_state(&with_o, draws) {
            return BoardState::Unclear;
        }
    }
    outcome
}

/// What is wrong with marks (X and O counted) and an outcome as a game's
/// position, if anything; `depth` 1 is tic-tac-toe, 2 Ultimate.
fn position_problem((x, o): (usize, usize), outcome: BoardState, depth: usize) -> Option<String> {
    if x != o && x != o + 1 {
        Some(format!(
            "the field has {x} X and {o} O; X moves first, so a game has as many X as O or one more"
        ))
    } else if outcome == BoardState::Won(Mark::X) && x != o + 1 && depth == 1 {
        Some("X has a line but O moved after it".to_string())
    } else if outcome == BoardState::Won(Mark::O) && x != o && depth == 1 {
        Some("O has a line but X moved after it".to_string())
    } else if depth == 1 && outcome == BoardState::Unclear {
        Some("both X and O have a line; a game ends with the first".to_string())
    } else {
        None
    }
}

impl Position {
    /// How many cells are doubtful.
    pub fn doubtful(&self) -> usize {
        self.cells.iter().filter(|c| c.uncertain).count()
    }

    /// The field drawn as text: one character a cell (`X`, `O`, `.` for
    /// empty), a doubtful cell followed by `?`, boards apart in Ultimate.
    pub fn grid(&self) -> String {
        let side = if self.cells.len() == 9 { 3 } else { 9 };
        let mut out = String::new();
        for row in 0..side {
            if side == 9 && row > 0 && row % 3 == 0 {
                out += "------+-------+------\n";
            }
            let mut line = String::new();
            for col in 0..side {
                if side == 9 && col > 0 && col % 3 == 0 {
                    line += " |";
                }
                // The record's cell numbers run across the rows of each
                // 3×3, boards likewise.
                let index = if side == 3 {
                    row * 3 + col
                } else {
                    ((row / 3) * 3 + col / 3) * 9 + (row % 3) * 3 + col % 3
                };
                let c = &self.cells[index];
                if col > 0 {
                    line.push(' ');
                }
                line.push(match c.mark {
                    Some(Mark::X) => 'X',
                    Some(Mark::O) => 'O',
                    None => '.',
                });
                if c.uncertain {
                    line.push('?');
                }
            }
            out += line.trim_end();
            out.push('\n');
        }
        out
    }

    /// What the position says, in a sentence or two.
    pub fn summary(&self) -> String {
        let (x, o) = self.counts;
        let mut out = format!("{x} X and {o} O on the field. ");
        if let Some(problem) = &self.problem {
            out += &format!("This is no position of a game: {problem}.");
            return out;
        }
        out += match self.outcome {
            BoardState::Won(Mark::X) => "X has won.",
            BoardState::Won(Mark::O) => "O has won.",
            BoardState::Drawn => "The game is drawn.",
            BoardState::Unclear => {
                "The game may be decided: a line runs through a board both players have a line in, and the field does not say who made theirs first."
            }
            BoardState::Open => match self.to_move {
                Some(Mark::X) => "The game goes on; X is to move.",
                _ => "The game goes on; O is to move.",
            },
        };
        if !self.boards.is_empty() {
            let list = |state: BoardState| {
                let b: Vec<String> = self
                    .boards
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| **s == state)
                    .map(|(i, _)| (i + 1).to_string())
                    .collect();
                if b.is_empty() {
                    "none".to_string()
                } else {
                    b.join(", ")
                }
            };
            out += &format!(
                " Boards won by X: {}; by O: {}; drawn: {}",
                list(BoardState::Won(Mark::X)),
                list(BoardState::Won(Mark::O)),
                list(BoardState::Drawn)
            );
            if self.boards.contains(&BoardState::Unclear) {
                out += &format!("; both have a line in: {}", list(BoardState::Unclear));
            }
            out.push('.');
            if self.outcome == BoardState::Open {
                out += " Which board the next move goes to depends on the last move, which the field does not show.";
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ttt::Options;

    fn sure(c: CellContent) -> MarkReading {
        let mut probabilities = [0.01; 3];
        probabilities[c as usize] = 0.98;
        MarkReading { probabilities }
    }

    fn field(depth: usize, marks: &[(&str, CellContent)]) -> HashMap<usize, MarkReading> {
        let mut cells: HashMap<usize, MarkReading> = (0..9usize.pow(depth as u32))
            .map(|i| (i, sure(CellContent::Empty)))
            .collect();
        for (path, c) in marks {
            let digits: Vec<u8> = path.split('.').map(|d| d.parse().unwrap()).collect();
            cells.insert(Move::new(&digits).unwrap().index(), sure(*c));
        }
        cells
    }

    use CellContent::{O as NO, X as CX};

    #[test]
    fn a_tic_tac_toe_field_says_who_moves_and_who_won() {
        let p = position(
            &GameSetup::tictactoe(Options::default()),
            &field(1, &[("5", CX), ("1", NO), ("9", CX)]),
        )
        .unwrap();
        assert_eq!(p.counts, (2, 1));
        assert_eq!(p.to_move, Some(Mark::O));
        assert_eq!(p.outcome, BoardState::Open);
        assert_eq!(p.grid(), "O . .\n. X .\n. . X\n");
        let won = position(
            &GameSetup::tictactoe(Options::default()),
            &field(1, &[("1", CX), ("4", NO), ("2", CX), ("5", NO), ("3", CX)]),
        )
        .unwrap();
        assert_eq!(won.outcome, BoardState::Won(Mark::X));
        assert_eq!(won.to_move, None);
        assert!(won.summary().contains("X has won"), "{}", won.summary());
        // Two O more than X: no game.
        let bad = position(
            &GameSetup::tictactoe(Options::default()),
            &field(1, &[("1", NO), ("2", NO)]),
        )
        .unwrap();
        assert!(bad.problem.as_deref().unwrap().contains("0 X and 2 O"));
        assert!(bad.summary().contains("no position"), "{}", bad.summary());
        // A doubtful cell is marked.
        let mut cells = field(1, &[("5", CX)]);
        cells.insert(
            0,
            MarkReading {
                probabilities: [0.5, 0.3, 0.2],
            },
        );
        let p = position(&GameSetup::tictactoe(Options::default()), &cells).unwrap();
        assert_eq!(p.doubtful(), 1);
        assert!(p.grid().starts_with(".? . ."), "{}", p.grid());
    }

    #[test]
    fn an_ultimate_field_gives_its_boards_but_not_the_next_board() {
        // X wins board 1 (1.1 1.2 1.3), O holds two cells elsewhere and one in 1.
        let marks = [
            ("1.1", CX),
            ("2.1", NO),
            ("1.2", CX),
            ("3.1", NO),
            ("1.3", CX),
            ("1.5", NO),
        ];
        let p = position(&GameSetup::ultimate(Options::default()), &field(2, &marks)).unwrap();
        assert_eq!(p.boards[0], BoardState::Won(Mark::X));
        assert_eq!(p.boards[1], BoardState::Open);
        assert_eq!(p.outcome, BoardState::Open);
        assert_eq!(p.to_move, Some(Mark::X));
        let text = p.summary();
        assert!(text.contains("Boards won by X: 1; by O: none"), "{text}");
        assert!(text.contains("does not show"), "{text}");
        let grid = p.grid();
        assert_eq!(grid.lines().count(), 11, "{grid}");
        assert!(grid.starts_with("X X X | O . . | O . .\n. O . |"), "{grid}");
        // X wins boards 1, 5 and 9: the game.
        let mut marks = Vec::new();
        for t in ["1", "5", "9"] {
            for o in ["1", "2", "3"] {
                marks.push((format!("{t}.{o}"), CX));
            }
        }
        for c in ["2.1", "2.2", "3.1", "3.2", "4.1", "4.2", "6.1", "6.2"] {
            marks.push((c.to_string(), NO));
        }
        let marks: Vec<(&str, CellContent)> = marks.iter().map(|(a, b)| (a.as_str(), *b)).collect();
        let p = position(&GameSetup::ultimate(Options::default()), &field(2, &marks)).unwrap();
        assert_eq!(p.outcome, BoardState::Won(Mark::X));
        assert!(p.summary().contains("X has won"));
        assert!(
            position(
                &GameSetup::strategic(
                    crate::games::ttt::Ruleset::Tactical,
                    None,
                    Options::default()
                ),
                &HashMap::new()
            )
            .is_none()
        );
    }
}
