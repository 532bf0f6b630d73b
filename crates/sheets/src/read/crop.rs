//! The crop one network reads: a box or cell of a rectified photo, its
//! size checked once, before any pixel is looked at.

// `pub` for the `internals` feature; crate-private without it.
#![cfg_attr(not(feature = "internals"), allow(unreachable_pub))]

/// The fewest pixels a crop may have on a side: below this no digit is
/// legible (a 4.5 mm record box photographed at phone resolution is about
/// 30 pixels high).
pub(crate) const MIN_CROP_SIDE: usize = 8;

/// The most pixels a crop may have on a side. A record box or field cell of
/// a sheet rectified at any sensible resolution is far smaller; the limit
/// bounds the work one crop can cause.
pub(crate) const MAX_CROP_SIDE: usize = 1024;

/// A grey-level image of one box or cell: `width × height` bytes, row by row
/// from the top left, 0 black and 255 white (paper). Any size within
/// 8..=1024 pixels on each side (`MIN_CROP_SIDE`, `MAX_CROP_SIDE`); the level of the paper
/// and the darkness of the ink do not matter, only their contrast.
#[derive(Debug, Clone, Copy)]
pub struct GreyCrop<'a> {
    width: usize,
    height: usize,
    pixels: &'a [u8],
}

impl<'a> GreyCrop<'a> {
    /// A crop of `pixels`, checked: both sides within the limits and exactly
    /// `width × height` pixels.
    pub fn new(width: usize, height: usize, pixels: &'a [u8]) -> Result<Self, CropError> {
        if width < MIN_CROP_SIDE || height < MIN_CROP_SIDE {
            return Err(CropError::TooSmall { width, height });
        }
        if width > MAX_CROP_SIDE || height > MAX_CROP_SIDE {
            return Err(CropError::TooLarge { width, height });
        }
        let expected = width * height;
        if pixels.len() != expected {
            return Err(CropError::WrongLength {
                width,
                height,
                found: pixels.len(),
            });
        }
        Ok(GreyCrop {
            width,
            height,
            pixels,
        })
    }

    /// Pixels across.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Pixels down.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The grey levels, row by row.
    pub fn pixels(&self) -> &'a [u8] {
        self.pixels
    }
}

/// Why a crop cannot be read. Each kind has a stable [`CropError::code`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CropError {
    /// A side is shorter than `MIN_CROP_SIDE`.
    #[error(
        "the crop is {width} × {height} pixels; a box or cell needs at least {MIN_CROP_SIDE} pixels on each side to be read"
    )]
    TooSmall {
        /// Pixels across.
        width: usize,
        /// Pixels down.
        height: usize,
    },
    /// A side is longer than 1024 pixels (`MAX_CROP_SIDE`).
    #[error(
        "the crop is {width} × {height} pixels; a box or cell may have at most {MAX_CROP_SIDE} pixels on each side"
    )]
    TooLarge {
        /// Pixels across.
        width: usize,
        /// Pixels down.
        height: usize,
    },
    /// The pixel count is not width × height.
    #[error("a crop of {width} × {height} pixels needs {} grey levels, not {found}", width * height)]
    WrongLength {
        /// Pixels across.
        width: usize,
        /// Pixels down.
        height: usize,
        /// Grey levels given.
        found: usize,
    },
}

impl CropError {
    /// A stable code for scripts.
    #[cfg(any(test, feature = "internals"))]
    pub fn code(&self) -> &'static str {
        match self {
            CropError::TooSmall { .. } => "crop-too-small",
            CropError::TooLarge { .. } => "crop-too-large",
            CropError::WrongLength { .. } => "crop-length",
        }
    }
}
