//! Which digit keys are neighbours, for the "typed with the neighbouring key"
//! prior.
//!
//! Moves are typed on one of two layouts, and we do not know which, so two
//! digits count as neighbours when they are next to each other on either:
//!
//! * the numeric keypad (calculator layout, `7 8 9` on top, `1 2 3` at the
//!   bottom, the wide `0` under `1` and `2`): keys sharing an edge, so `5`
//!   neighbours `2`, `4`, `6` and `8`, and `0` neighbours `1` and `2`;
//! * the top row of a typewriter keyboard, `1 2 3 4 5 6 7 8 9 0`: the key to
//!   the left and the key to the right.
//!
//! Diagonal keypad neighbours (`1` and `5`) do not count: a finger that slips
//! mostly slips along a row or a column. Note that the keypad puts `7 8 9` on
//! top while the board numbers its cells `1 2 3` on top, so a keypad slip from
//! `2` to `5` moves down a row on the keypad and down a row on the board too,
//! but `2` to `8` (two rows) is no neighbour on either layout.

/// The keypad: (row, column) of each digit, `0` spanning columns 0 and 1.
fn keypad(d: u8) -> &'static [(i8, i8)] {
    match d {
        7 => &[(0, 0)],
        8 => &[(0, 1)],
        9 => &[(0, 2)],
        4 => &[(1, 0)],
        5 => &[(1, 1)],
        6 => &[(1, 2)],
        1 => &[(2, 0)],
        2 => &[(2, 1)],
        3 => &[(2, 2)],
        _ => &[(3, 0), (3, 1)],
    }
}

/// Position on the top row: `1` is 0, …, `9` is 8, `0` is 9.
fn top_row(d: u8) -> i8 {
    if d == 0 { 9 } else { d as i8 - 1 }
}

/// Whether digits `a` and `b` (0..=9) are neighbouring keys on the numeric
/// keypad or on the top row.
pub(super) fn neighbours(a: u8, b: u8) -> bool {
    if a == b || a > 9 || b > 9 {
        return false;
    }
    let on_keypad = keypad(a).iter().any(|&(ra, ca)| {
        keypad(b)
            .iter()
            .any(|&(rb, cb)| (ra - rb).abs() + (ca - cb).abs() == 1)
    });
    on_keypad || (top_row(a) - top_row(b)).abs() == 1
}

#[cfg(test)]
mod tests {
    use super::neighbours;

    #[test]
    fn keypad_and_top_row_neighbours() {
        // Keypad: 5 has four neighbours sharing an edge.
        for n in [2, 4, 6, 8] {
            assert!(neighbours(5, n), "5-{n}");
        }
        // Diagonals are not neighbours on the keypad (1-5) and not on the top row.
        assert!(!neighbours(1, 5));
        assert!(!neighbours(3, 7));
        // Top row: 3-4 and 6-7 (not adjacent on the keypad).
        assert!(neighbours(3, 4));
        assert!(neighbours(6, 7));
        // The wide 0 under 1 and 2; 9-0 on the top row.
        assert!(neighbours(0, 1) && neighbours(0, 2) && neighbours(9, 0));
        assert!(!neighbours(0, 5));
        // Symmetric, never reflexive.
        for a in 0..10 {
            assert!(!neighbours(a, a));
            for b in 0..10 {
                assert_eq!(neighbours(a, b), neighbours(b, a));
            }
        }
        // 2-8: two rows apart on the keypad, six keys apart on the top row.
        assert!(!neighbours(2, 8));
    }
}
