//! Arrangement: `[layout]` (the page's root box) and `[[box]]` (nested boxes).
//!
//! A box stacks its `items` — part ids or other box ids — in a row or a
//! column, with a gap between them; the layout engine measures each item,
//! shares the space left among items that are sized to fit, and aligns them.

use toml::Spanned;

use crate::keys::{spec_table, words_enum};
words_enum! {
    /// Which way a box stacks its items.
    pub(crate) enum Direction {
        /// Top to bottom (default).
        #[default]
        Column = "column",
        /// Left to right.
        Row = "row",
    }
}

words_enum! {
    /// Where items sit across the stacking direction.
    pub(crate) enum Align {
        /// Left (in a column) or top (in a row).
        Start = "start",
        /// Centred (default).
        #[default]
        Center = "center",
        /// Right (in a column) or bottom (in a row).
        End = "end",
    }
}

words_enum! {
    /// How items share spare room along the stacking direction.
    pub(crate) enum Justify {
        /// Packed at the start (default).
        #[default]
        Start = "start",
        /// Packed in the middle.
        Center = "center",
        /// Packed at the end.
        End = "end",
        /// First item at the start, last at the end, spare room shared between.
        SpaceBetween = "space-between",
    }
}

spec_table! {
    /// The fields shared by `[layout]` and `[[box]]`.
    pub(crate) struct BoxSpec = "box" with Default {
        id: Option<Spanned<String>> = "id",
            Typed::<Option<Spanned<String>>> { default: || None, shape: KeyShape::Id, words: "—" },
            "required in `[[box]]`; not allowed in `[layout]`";
        direction: Direction = "direction",
            Typed {
                default: Direction::default,
                shape: KeyShape::Choice(Direction::WORDS),
                words: "`\"column\"`",
            },
            "stack top to bottom or left to right";
        landscape_direction: Option<Direction> = "landscape-direction",
            Typed::<Option<Direction>> {
                default: || None,
                shape: KeyShape::Choice(Direction::WORDS),
                words: "`direction`",
            },
            "the direction on a landscape page, so one spec puts the field above the records on \
                a tall page and beside them on a wide one";
        wrap: bool = "wrap",
            Flag(false),
            "a row whose items overrun the width stacks them in a column instead, aligned at the \
                start (a title and write-in lines on A5)";
        gap: f64 = "gap",
            Mm { min: 0.0, max: 100.0, default: 4.0 },
            "space between neighbouring items";
        justify: Justify = "justify",
            Typed {
                default: Justify::default,
                shape: KeyShape::Choice(Justify::WORDS),
                words: "`\"start\"`",
            },
            "where spare room along the stacking direction goes";
        align: Align = "align",
            Typed {
                default: Align::default,
                shape: KeyShape::Choice(Align::WORDS),
                words: "`\"center\"`",
            },
            "where parts sit across the stacking direction (left/centre/right in a column, \
                top/middle/bottom in a row)";
        items: Vec<Spanned<String>> = "items",
            Typed::<Vec<Spanned<String>>> {
                default: Vec::new,
                shape: KeyShape::Ids,
                words: "see below",
            },
            "what the box holds, in order";
        align_to: Option<Spanned<String>> = "align-to",
            Typed::<Option<Spanned<String>>> {
                default: || None,
                shape: KeyShape::Id,
                words: "none",
            },
            "an item beside this `[[box]]` in the same box: the box spans that item's width (in \
                a column; its height in a row) and lines up with it, instead of the whole width \
                — so the records and grids under a centred field end where the field does";
        at: Option<[f64; 2]> = "at", Pin, "pins a `[[box]]` (see pinning)";
    }
}
