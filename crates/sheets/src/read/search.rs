//! The code search, bounded and stoppable.
//!
//! The QR decoder (`rqrr`) tries every group of three finder patterns it
//! sees as a code, on a copy of the whole picture each time: a small PNG
//! tiled with finder patterns makes it copy a large picture thousands of
//! times (tens of seconds for four kilobytes), and the work would go on
//! after the one who asked has gone. The decoder offers no limit and no
//! way to stop, so it is given its picture through [`Metered`], a picture
//! that counts what is done with it:
//!
//! * every pixel read or written is a unit of work, every copy of the
//!   picture as many units as it has pixels; the units a photo may cost
//!   are fixed by its size ([`Meter::for_photo`]), so the same photo is
//!   searched alike on every machine and every run (a clock would not be);
//! * the finder patterns found (each is painted once with the decoder's
//!   scratch colour) and the groups of three tried (each is one copy) are
//!   counted, and limited;
//! * a caller's [`AtomicBool`] is looked at every 65,536 units, so a read
//!   whose request was abandoned stops within milliseconds.
//!
//! When a limit is reached or the flag is set, the picture unwinds out of
//! the decoder with a [`Stop`] (by `resume_unwind`, which prints nothing);
//! [`contained`] catches it, and any panic of the decoder's own (it has
//! assertions a damaged picture can reach), so one bad photo is one photo
//! refused with a reason, never a crashed run.

use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::atomic::{AtomicBool, Ordering};

use image::{GenericImage, GenericImageView, Luma};

/// Units of work a photo may cost the code search, for each of its
/// pixels. A sheet's photo costs about 15 (three thresholds read, each
/// pixel a few times, and the grids sampled); the rest is room for the
/// magnified retries of a fine code.
pub(crate) const UNITS_PER_PIXEL: u64 = 60;

/// Finder patterns the decoder may find in one picture: a sheet's code
/// has three, a photo a few more by chance.
pub(crate) const MAX_FINDERS: u32 = 40;

/// Groups of three finder patterns the decoder may try in one picture
/// (each a copy of it).
pub(crate) const MAX_GROUPS: u32 = 24;

/// How often the caller's flag is looked at, in units (a power of two).
const CHECK_EVERY: u64 = 1 << 16;

/// Why the search stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The photo's units, finder patterns or groups were used up.
    Limit,
    /// The caller's flag was set.
    Cancelled,
}

/// The work one photo's code search has done and may do.
#[derive(Debug)]
pub(crate) struct Meter<'c> {
    used: Cell<u64>,
    limit: u64,
    cancel: &'c AtomicBool,
    /// For the tests: the decoder "panics" of its own once this many
    /// units are used, as it does on some pictures.
    #[cfg(test)]
    pub(crate) panic_after: Option<u64>,
}

impl<'c> Meter<'c> {
    /// The meter of a photo of `pixels` pixels, stopped early when
    /// `cancel` is set.
    pub(crate) fn for_photo(pixels: usize, cancel: &'c AtomicBool) -> Meter<'c> {
        Meter {
            used: Cell::new(0),
            limit: (pixels as u64).saturating_mul(UNITS_PER_PIXEL),
            cancel,
            #[cfg(test)]
            panic_after: None,
        }
    }

    /// Units used so far.
    #[cfg(test)]
    pub(crate) fn used(&self) -> u64 {
        self.used.get()
    }

    /// Units this photo may use.
    #[cfg(test)]
    pub(crate) fn limit(&self) -> u64 {
        self.limit
    }

    /// Whether the caller has asked to stop.
    pub(crate) fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Charges `units`, unwinding with a [`Stop`] when they run out or
    /// the caller's flag is set.
    fn charge(&self, units: u64) {
        let before = self.used.get();
        let after = before.saturating_add(units);
        self.used.set(after);
        #[cfg(test)]
        if self.panic_after.is_some_and(|at| after > at) {
            panic!("an assertion of the decoder's own");
        }
        if after > self.limit {
            resume_unwind(Box::new(Stop::Limit));
        }
        if before / CHECK_EVERY != after / CHECK_EVERY && self.cancelled() {
            resume_unwind(Box::new(Stop::Cancelled));
        }
    }
}

/// A black-and-white or grey picture for the decoder, every use of it
/// charged to a [`Meter`]. Its copies (the decoder's trial copies) share
/// the meter and the counts of finder patterns and groups.
#[derive(Debug)]
pub(crate) struct Metered<'m, 'c> {
    width: u32,
    height: u32,
    pixels: Vec<Luma<u8>>,
    meter: &'m Meter<'c>,
    counts: &'m Counts,
}

/// Finder patterns and groups seen in one picture.
#[derive(Debug, Default)]
pub(crate) struct Counts {
    finders: Cell<u32>,
    groups: Cell<u32>,
    /// The value last written: a run of scratch-colour writes is one
    /// finder pattern being measured.
    last_written: Cell<u8>,
}

/// The decoder's scratch colour, which it paints each finder pattern's
/// ring with once, when it measures it.
const SCRATCH: u8 = 4;

impl<'m, 'c> Metered<'m, 'c> {
    /// A picture of `width × height` levels from `level(x, y)` (0 white
    /// and 1 black for a bitmap, 0–255 for grey), charged to `meter`.
    pub(crate) fn new(
        width: usize,
        height: usize,
        meter: &'m Meter<'c>,
        counts: &'m Counts,
        mut level: impl FnMut(usize, usize) -> u8,
    ) -> Metered<'m, 'c> {
        meter.charge((width * height) as u64);
        let mut pixels = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                pixels.push(Luma([level(x, y)]));
            }
        }
        Metered {
            width: width as u32,
            height: height as u32,
            pixels,
            meter,
            counts,
        }
    }

    fn index(&self, x: u32, y: u32) -> usize {
        y as usize * self.width as usize + x as usize
    }
}

impl Clone for Metered<'_, '_> {
    /// The decoder copies the picture for each group of three finder
    /// patterns it tries.
    fn clone(&self) -> Self {
        let groups = self.counts.groups.get() + 1;
        self.counts.groups.set(groups);
        if groups > MAX_GROUPS {
            resume_unwind(Box::new(Stop::Limit));
        }
        self.meter.charge(self.pixels.len() as u64);
        Metered {
            width: self.width,
            height: self.height,
            pixels: self.pixels.clone(),
            meter: self.meter,
            counts: self.counts,
        }
    }
}

impl GenericImageView for Metered<'_, '_> {
    type Pixel = Luma<u8>;

    fn dimensions(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    fn get_pixel(&self, x: u32, y: u32) -> Luma<u8> {
        self.meter.charge(1);
        self.pixels[self.index(x, y)]
    }
}

impl GenericImage for Metered<'_, '_> {
    fn get_pixel_mut(&mut self, x: u32, y: u32) -> &mut Luma<u8> {
        self.meter.charge(1);
        let i = self.index(x, y);
        &mut self.pixels[i]
    }

    fn put_pixel(&mut self, x: u32, y: u32, pixel: Luma<u8>) {
        self.meter.charge(1);
        let value = pixel.0[0];
        if value == SCRATCH && self.counts.last_written.get() != SCRATCH {
            let finders = self.counts.finders.get() + 1;
            self.counts.finders.set(finders);
            if finders > MAX_FINDERS {
                resume_unwind(Box::new(Stop::Limit));
            }
        }
        self.counts.last_written.set(value);
        let i = self.index(x, y);
        self.pixels[i] = pixel;
    }

    fn blend_pixel(&mut self, x: u32, y: u32, pixel: Luma<u8>) {
        self.put_pixel(x, y, pixel);
    }
}

/// How the decoder's work on one picture ended when it did not return.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Failed {
    /// Stopped early (see [`Stop`]).
    Stopped(Stop),
    /// The decoder itself panicked.
    Panicked,
}

/// Runs `work` (the decoder on a [`Metered`] picture), catching a
/// [`Stop`] and any panic of the decoder's own.
pub(crate) fn contained<T>(work: impl FnOnce() -> T) -> Result<T, Failed> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|payload| match payload.downcast::<Stop>() {
        Ok(stop) => Failed::Stopped(*stop),
        Err(_) => Failed::Panicked,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_meter_stops_at_its_limit_and_at_the_flag() {
        let never = AtomicBool::new(false);
        let meter = Meter::for_photo(10, &never);
        assert_eq!(meter.limit(), 10 * UNITS_PER_PIXEL);
        assert_eq!(contained(|| meter.charge(100)), Ok(()));
        assert_eq!(
            contained(|| meter.charge(UNITS_PER_PIXEL * 10)),
            Err(Failed::Stopped(Stop::Limit))
        );
        let stop = AtomicBool::new(true);
        let meter = Meter::for_photo(1 << 20, &stop);
        let counted = contained(|| {
            for _ in 0..CHECK_EVERY * 2 {
                meter.charge(1);
            }
        });
        assert_eq!(counted, Err(Failed::Stopped(Stop::Cancelled)));
        assert_eq!(meter.used(), CHECK_EVERY);
        assert_eq!(
            contained(|| panic!("the decoder's own")),
            Err(Failed::Panicked)
        );
    }
}
