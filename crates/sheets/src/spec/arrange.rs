//! Arrangement: `[layout]` (the page's root box) and `[[box]]` (nested boxes).
//!
//! A box stacks its `items` — part ids or other box ids — in a row or a
//! column, with a gap between them; the layout engine measures each item,
//! shares the space left among items that are sized to fit, and aligns them.

use serde::Deserialize;
use toml::Spanned;

use super::value::{position, ranged};

ranged! {
    box_gap: num "gap" " mm" 0 .. 100;
}

/// Which way a box stacks its items.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Direction {
    /// Top to bottom (default).
    #[default]
    Column,
    /// Left to right.
    Row,
}

/// Where items sit across the stacking direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Align {
    /// Left (in a column) or top (in a row).
    Start,
    /// Centred (default).
    #[default]
    Center,
    /// Right (in a column) or bottom (in a row).
    End,
}

/// How items share spare room along the stacking direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Justify {
    /// Packed at the start (default).
    #[default]
    Start,
    /// Packed in the middle.
    Center,
    /// Packed at the end.
    End,
    /// First item at the start, last at the end, spare room shared between.
    SpaceBetween,
}

/// The fields shared by `[layout]` and `[[box]]`.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct BoxSpec {
    /// Arrangement name; only for `[[box]]`, where it is required.
    #[serde(default)]
    pub id: Option<Spanned<String>>,
    /// Pin position of a `[[box]]`, mm from the page's top-left corner.
    #[serde(default, deserialize_with = "position")]
    pub at: Option<[f64; 2]>,
    /// `"column"` (default) or `"row"`.
    #[serde(default)]
    pub direction: Direction,
    /// The direction on a landscape page (default: `direction`), so one
    /// spec can put a part beside another on a wide page and below it on a
    /// tall one.
    #[serde(default)]
    pub landscape_direction: Option<Direction>,
    /// Stack a row's items in a column instead when they overrun the width
    /// (default false), e.g. a title and write-in lines on a narrow page.
    #[serde(default)]
    pub wrap: bool,
    /// Space between items, mm (default 4).
    #[serde(default = "default_gap", deserialize_with = "box_gap")]
    pub gap: f64,
    /// `"start"`, `"center"` (default) or `"end"`.
    #[serde(default)]
    pub align: Align,
    /// `"start"` (default), `"center"`, `"end"` or `"space-between"`.
    #[serde(default)]
    pub justify: Justify,
    /// Part or box ids, in order.
    #[serde(default)]
    pub items: Vec<Spanned<String>>,
    /// The id of an item beside this box in its parent: the box then spans
    /// that item's width (in a column; its height in a row) and lines up
    /// with it, instead of the parent's whole width — so what stands under a
    /// centred field ends where the field does.
    #[serde(default)]
    pub align_to: Option<Spanned<String>>,
}

fn default_gap() -> f64 {
    4.0
}
