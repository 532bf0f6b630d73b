//! Addresses in the nested 3×3 grids of the tic-tac-toe family.
//!
//! A path of positions 1..9 from the top level down (`S.T.O` in Strategic,
//! `T.O` in Ultimate, `O` in tic-tac-toe; each position in reading order, 1
//! top-left, 9 bottom-right) names a field; on the drawn grid of `depth`
//! levels (27, 9 or 3 cells a side) that field is a square of cells. The
//! sheets, the rules engine, the maps and the diagrams all address cells
//! through these two functions, so they cannot disagree about where a move is.

/// Row and column (0-based, in cells) of the top-left cell of the field that
/// `path` names, in a grid of `depth` levels (`path.len() <= depth`). A whole
/// path names one cell: `[5, 3, 7]` at depth 3 is row 11, column 15.
pub fn top_left(path: &[u8], depth: usize) -> (usize, usize) {
    path.iter().enumerate().fold((0, 0), |(r, c), (i, &p)| {
        let unit = 3usize.pow((depth - 1 - i) as u32);
        let p = usize::from(p - 1);
        (r + p / 3 * unit, c + p % 3 * unit)
    })
}

/// The path of the cell at `row`, `column` (0-based) of a grid of `depth`
/// levels: the inverse of [`top_left`] for whole paths.
pub fn path_at(row: usize, column: usize, depth: usize) -> Vec<u8> {
    (0..depth)
        .map(|k| {
            let shift = 3usize.pow((depth - 1 - k) as u32);
            ((row / shift % 3) * 3 + column / shift % 3 + 1) as u8
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_columns_follow_the_address_formula() {
        // row = 9⌊(S-1)/3⌋ + 3⌊(T-1)/3⌋ + ⌊(O-1)/3⌋, columns alike.
        for (path, row, col) in [
            ([5u8, 3, 7], 11, 15),
            ([1, 1, 1], 0, 0),
            ([9, 9, 9], 26, 26),
        ] {
            assert_eq!(top_left(&path, 3), (row, col), "{path:?}");
            assert_eq!(path_at(row, col, 3), path);
        }
        assert_eq!(top_left(&[4, 2], 2), (3, 1));
        // A shorter path names a larger field: strategic cell 5's top-left.
        assert_eq!(top_left(&[5], 3), (9, 9));
        assert_eq!(top_left(&[5, 3], 3), (9, 15));
    }
}
