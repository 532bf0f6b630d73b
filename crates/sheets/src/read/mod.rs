//! Reading handwriting from crops of a played sheet: what a record box holds
//! (empty or a digit) and what a field cell holds (empty, X or O).
//!
//! Reading a photographed sheet back starts from its layout: paperboard
//! printed the sheet, so it knows where every box and cell is, and what each
//! may hold. Finding them in a photograph is another step; this module is the
//! part that looks at one crop at a time and says how likely each reading is.
//! It gives probabilities, never a bare answer, because the decoder that
//! comes after it weighs them against the rules and the field: a box read as
//! "4 or 9" is settled by which of the two moves is legal.
//!
//! Two small convolutional networks do the reading (see `classify`). They
//! were trained by `training/digits.py` in this repository on MNIST digits
//! (LeCun, Cortes and Burges, CC BY-SA 3.0) and on synthesised X and O
//! strokes, and their weights are embedded in the library: nothing is
//! downloaded, and the same crop gives the same probabilities on every
//! machine. Both networks see the crop through the same `normalise`
//! step, written once here and once in the training script, and a test
//! checks that the two agree on crops the script exported.
//!
//! A crop is an input like any other: its size is checked once, in
//! `GreyCrop::new`, before any pixel is looked at.

// The networks and the crop normalisation are the reader's own machinery;
// the `internals` feature shows them to the benches.
pub(crate) mod classify;
// The crop one network reads, and its limits.
pub(crate) mod crop;
// The decoder weighs the readings against the rules; what it returns is
// shown below, its steps only to the benches (`internals`).
#[cfg_attr(not(feature = "internals"), allow(unreachable_pub))]
pub(crate) mod decode;
pub mod homography;
pub mod locate;
// Whether a photo whose code could not be read shows a sheet's marks.
mod marks_seen;
pub(crate) mod normalise;
pub(crate) mod pdf;
// What a PDF may cost its parser, counted before it is parsed.
pub(crate) mod pdf_budget;
// The PDF reader's own steps, tested from beside it: `pdf` is the
// crate's, not the library user's (who reads a PDF through `sheet`).
#[cfg(test)]
mod pdf_tests;
// Photos that are no readable sheet, and the code found magnified: the
// reader's own steps, read from beside them.
pub mod photo;
#[cfg(test)]
mod photo_tests;
pub mod position;
// The record of a game read, as text and as the game checked.
mod record;
// The page mapping corrected from the printed lines (a curled sheet).
pub(crate) mod refine;
pub mod sample;
// Why a photo was not read, in the reader's language.
mod says;
// How blurred a photo is, from the printed marks' edges.
pub(crate) mod sharpness;
// The code search's limits and its stop flag.
pub(crate) mod search;
pub mod sheet;

pub use decode::{Alternative, DecodeError, DecodedMove, PlyReading};

#[cfg(test)]
pub(crate) use classify::Net;
pub(crate) use classify::digit_net;
pub(crate) use classify::mark_net;
#[cfg(test)]
pub(crate) use normalise::SIDE;
pub(crate) use normalise::normalise;

// The readers against real handwriting and the training script's own
// numbers: they reach the networks and the crop limits, the crate's own.
#[cfg(test)]
mod accuracy_tests;

pub(crate) use crop::{GreyCrop, MAX_CROP_SIDE, MIN_CROP_SIDE};

/// What a record box holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoxContent {
    /// Nothing written.
    Empty,
    /// A digit, `0..=9`. A record box holds 1–9; a 0 is a class of its own
    /// so that a written zero is not read as 6 or 9 with confidence.
    Digit(u8),
}

/// The digit reader's probabilities for one record box.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DigitReading {
    /// Probability of each class, summing to 1: index 0 is an empty box,
    /// 1–9 the digits 1–9, and 10 a written 0.
    pub probabilities: [f32; 11],
}

impl DigitReading {
    /// The probability that the box is empty.
    pub fn empty(&self) -> f32 {
        self.probabilities[0]
    }

    /// The probability of the digit `d` (0–9); 0 for anything else.
    pub fn digit(&self, d: u8) -> f32 {
        match d {
            0 => self.probabilities[10],
            1..=9 => self.probabilities[usize::from(d)],
            _ => 0.0,
        }
    }

    /// The most likely content, with its probability.
    pub fn best(&self) -> (BoxContent, f32) {
        let (index, p) = argmax(&self.probabilities);
        let content = match index {
            0 => BoxContent::Empty,
            10 => BoxContent::Digit(0),
            d => BoxContent::Digit(d as u8),
        };
        (content, p)
    }
}

/// What a field cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CellContent {
    /// No mark.
    Empty,
    /// A cross.
    X,
    /// A nought.
    O,
}

/// The mark reader's probabilities for one field cell.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MarkReading {
    /// Probabilities of empty, X and O, in that order, summing to 1.
    pub probabilities: [f32; 3],
}

impl MarkReading {
    /// The probability of `content`.
    pub fn probability(&self, content: CellContent) -> f32 {
        self.probabilities[match content {
            CellContent::Empty => 0,
            CellContent::X => 1,
            CellContent::O => 2,
        }]
    }

    /// The most likely content, with its probability.
    pub fn best(&self) -> (CellContent, f32) {
        let (index, p) = argmax(&self.probabilities);
        let content = match index {
            0 => CellContent::Empty,
            1 => CellContent::X,
            _ => CellContent::O,
        };
        (content, p)
    }
}

/// Reads one record box with the embedded digit reader.
pub(crate) fn read_digit(crop: GreyCrop<'_>) -> DigitReading {
    let input = normalise(crop);
    let mut probabilities = [0.0; 11];
    probabilities.copy_from_slice(&digit_net().probabilities(&input));
    DigitReading { probabilities }
}

/// Reads one field cell with the embedded mark reader.
pub(crate) fn read_mark(crop: GreyCrop<'_>) -> MarkReading {
    let input = normalise(crop);
    let mut probabilities = [0.0; 3];
    probabilities.copy_from_slice(&mark_net().probabilities(&input));
    MarkReading { probabilities }
}

/// The index and value of the largest entry (the first of equals).
fn argmax(values: &[f32]) -> (usize, f32) {
    values
        .iter()
        .copied()
        .enumerate()
        .fold((0, f32::NEG_INFINITY), |best, (i, v)| {
            if v > best.1 { (i, v) } else { best }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crop_sizes_are_checked_where_they_enter() {
        let pixels = vec![255u8; 40 * 40];
        assert!(GreyCrop::new(40, 40, &pixels).is_ok());
        assert_eq!(
            GreyCrop::new(7, 40, &pixels[..280]).unwrap_err().code(),
            "crop-too-small"
        );
        assert_eq!(
            GreyCrop::new(MAX_CROP_SIDE + 1, 8, &[]).unwrap_err().code(),
            "crop-too-large"
        );
        let err = GreyCrop::new(40, 39, &pixels).unwrap_err();
        assert_eq!(err.code(), "crop-length");
        assert_eq!(
            err.to_string(),
            "a crop of 40 × 39 pixels needs 1560 grey levels, not 1600"
        );
    }

    #[test]
    fn best_names_the_class_of_the_largest_probability() {
        let mut probabilities = [0.01; 11];
        probabilities[10] = 0.9;
        let reading = DigitReading { probabilities };
        assert_eq!(reading.best(), (BoxContent::Digit(0), 0.9));
        assert_eq!(reading.digit(0), 0.9);
        assert_eq!(reading.digit(12), 0.0);
        let marks = MarkReading {
            probabilities: [0.1, 0.2, 0.7],
        };
        assert_eq!(marks.best(), (CellContent::O, 0.7));
        assert_eq!(marks.probability(CellContent::X), 0.2);
    }
}
