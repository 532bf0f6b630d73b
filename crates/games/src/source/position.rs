//! Where in a file a message points: one shape for every reader.
//!
//! A record is read line by line and never held whole, so its faults can
//! keep only a line and a column; a TOML file (a spec, a map) is held whole
//! and its faults keep the text too, for the excerpt drawn under the
//! message (`report::Source`), but say the same line and column. Both say
//! it with a [`Position`], so `path:line:column` means one thing
//! everywhere: 1-based, the column counted in characters.

use std::fmt;

use serde::Serialize;

/// A line and a column in a text, both 1-based, the column counted in
/// characters (as editors count them). Written `line:column`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
pub struct Position {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub col: u32,
}

impl Position {
    /// Line `line`, column `col`; a number past `u32::MAX` (which no
    /// file within the input limits reaches) is held as `u32::MAX`.
    pub fn new(line: usize, col: usize) -> Position {
        let at_most = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Position {
            line: at_most(line),
            col: at_most(col),
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_written_line_then_column() {
        assert_eq!(Position::new(3, 14).to_string(), "3:14");
        assert_eq!(Position::new(usize::MAX, 1).line, u32::MAX);
        assert!(Position::new(2, 1) > Position::new(1, 80));
    }
}
