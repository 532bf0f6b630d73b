//! Decoding a photograph or scan into grey levels, with its limits checked
//! before any pixel is decoded.
//!
//! A photo is hostile input like any other: a few kilobytes of PNG can claim
//! a billion pixels. So the file's size is checked first, then the
//! dimensions its header declares, and only then are the pixels decoded,
//! with the decoder's own allocation limit set to what those dimensions
//! need. After decoding, a photo too dark to tell ink from paper is refused
//! with a message rather than read as a sheet full of ink.

use std::io::Cursor;

use crate::limits::{PHOTO_BYTES, PHOTO_MIN_SIDE, PHOTO_PIXELS};

/// A decoded photo: grey levels (0 black, 255 white), row by row.
#[derive(Debug, Clone)]
pub struct Photo {
    /// Pixels across.
    pub width: usize,
    /// Pixels down.
    pub height: usize,
    /// `width × height` grey levels.
    pub grey: Vec<u8>,
}

impl Photo {
    /// A photo from grey levels already in memory (tests and the synthetic
    /// photos of the benchmark), with the same size checks as a file.
    pub fn from_grey(width: usize, height: usize, grey: Vec<u8>) -> Result<Photo, PhotoError> {
        check_dimensions(width as u64, height as u64)?;
        if grey.len() != width * height {
            return Err(PhotoError::NotAnImage);
        }
        let photo = Photo {
            width,
            height,
            grey,
        };
        photo.check_light()?;
        Ok(photo)
    }

    /// The grey level at `(x, y)`, which must be inside the photo.
    pub fn at(&self, x: usize, y: usize) -> u8 {
        self.grey[y * self.width + x]
    }

    /// Refuses a photo too dark to read: its brightest tenth (the paper of
    /// a sheet) must reach a grey level of [`MIN_PAPER_LEVEL`].
    fn check_light(&self) -> Result<(), PhotoError> {
        let mut histogram = [0u64; 256];
        // Every 7th pixel is plenty for a histogram and keeps this cheap.
        for &g in self.grey.iter().step_by(7) {
            histogram[usize::from(g)] += 1;
        }
        let total: u64 = histogram.iter().sum();
        let mut seen = 0;
        let mut level = 255;
        for (g, &n) in histogram.iter().enumerate().rev() {
            seen += n;
            if seen * 10 >= total {
                level = g;
                break;
            }
        }
        if level < usize::from(MIN_PAPER_LEVEL) {
            return Err(PhotoError::TooDark { paper: level as u8 });
        }
        Ok(())
    }
}

/// The grey level the brightest tenth of a photo must reach: paper in a dim
/// room is about 100–150; under 48 the ink and the paper are a few grey
/// levels apart and noise decides.
pub(crate) const MIN_PAPER_LEVEL: u8 = 48;

/// Why a photo cannot be read. Each kind has a stable [`PhotoError::code`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PhotoError {
    /// More bytes than [`PHOTO_BYTES`].
    #[error("the file has {bytes} bytes; a photo may have at most {} MiB", PHOTO_BYTES >> 20)]
    TooManyBytes {
        /// The file's size.
        bytes: u64,
    },
    /// Not a JPEG or PNG image, or a damaged one.
    #[error("this is not a JPEG or PNG image (or it is damaged)")]
    NotAnImage,
    /// More pixels than a photo may have.
    #[error(
        "the image is {width} × {height} pixels; a photo may have at most {} million pixels",
        PHOTO_PIXELS / 1_000_000
    )]
    TooLarge {
        /// Pixels across.
        width: u64,
        /// Pixels down.
        height: u64,
    },
    /// A side shorter than a sheet needs.
    #[error(
        "the image is {width} × {height} pixels; a sheet needs at least {PHOTO_MIN_SIDE} pixels on the shorter side to be read"
    )]
    TooSmall {
        /// Pixels across.
        width: u64,
        /// Pixels down.
        height: u64,
    },
    /// The paper is too dark to tell from the ink.
    #[error(
        "the photo is too dark to read (its brightest parts are grey level {paper} of 255); take it in more light"
    )]
    TooDark {
        /// The grey level of the brightest tenth of the photo.
        paper: u8,
    },
    /// A file that starts as a PDF but cannot be read as one.
    #[error("this PDF cannot be read (it is damaged, encrypted or has no pages)")]
    NotAPdf,
    /// A PDF of more pages than `read` takes at a time.
    #[error(
        "the PDF has {pages} pages; read at most {} at a time",
        crate::limits::PDF_PAGES
    )]
    TooManyPages {
        /// The PDF's pages.
        pages: usize,
    },
    /// A PDF page drawn without a picture (a sheet exported as PDF).
    #[error(
        "page {page} of the PDF holds no photo or scan, only drawing (a sheet saved as PDF by paperboard is one): print it, play on it, then photograph or scan it"
    )]
    PageWithoutImage {
        /// The page, from 1.
        page: u32,
    },
    /// A PDF whose objects would cost its parser more than a scan's do
    /// (see `read::pdf_budget`), refused before it is parsed.
    #[error(
        "this PDF is not read: {what}. A scanner's PDF is almost all pictures; save its pages as JPEG or PNG images and read those"
    )]
    PdfTooComplex {
        /// What it holds past the limits, in words.
        what: String,
    },
    /// A PDF page whose picture cannot be decoded.
    #[error("page {page} of the PDF is damaged: its picture cannot be decoded")]
    PageDamaged {
        /// The page, from 1.
        page: u32,
    },
    /// A PDF page whose picture is stored in a way not read here.
    #[error(
        "page {page} of the PDF holds its picture in a form that is not read ({filter}); scan it as JPEG or as colour or grey pixels, or save the page as a JPEG or PNG image"
    )]
    PageImageUnsupported {
        /// The page, from 1.
        page: u32,
        /// The stream filter or property not read.
        filter: String,
    },
}

impl PhotoError {
    /// A stable code for scripts.
    pub fn code(&self) -> &'static str {
        match self {
            PhotoError::TooManyBytes { .. } => "photo-bytes",
            PhotoError::NotAnImage => "not-an-image",
            PhotoError::TooLarge { .. } => "photo-too-large",
            PhotoError::TooSmall { .. } => "photo-too-small",
            PhotoError::TooDark { .. } => "photo-too-dark",
            PhotoError::NotAPdf => "not-a-pdf",
            PhotoError::TooManyPages { .. } => "pdf-pages",
            PhotoError::PageWithoutImage { .. } => "pdf-page-without-image",
            PhotoError::PageImageUnsupported { .. } => "pdf-image-unsupported",
            PhotoError::PdfTooComplex { .. } => "pdf-too-complex",
            PhotoError::PageDamaged { .. } => "pdf-page-damaged",
        }
    }
}

/// Refuses a picture of more than [`PHOTO_PIXELS`] pixels or a side under
/// [`PHOTO_MIN_SIDE`], from its declared size.
pub(crate) fn check_dimensions(width: u64, height: u64) -> Result<(), PhotoError> {
    if width.saturating_mul(height) > PHOTO_PIXELS {
        return Err(PhotoError::TooLarge { width, height });
    }
    if width.min(height) < u64::from(PHOTO_MIN_SIDE) {
        return Err(PhotoError::TooSmall { width, height });
    }
    Ok(())
}

/// Runs `work` on a file's bytes, a panic inside it (in a decoder or the PDF
/// parser, which are not ours) becoming `failed`: one damaged file or page
/// is refused with a reason and the others are read.
pub(crate) fn contained<T>(
    work: impl FnOnce() -> Result<T, PhotoError>,
    failed: PhotoError,
) -> Result<T, PhotoError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).unwrap_or(Err(failed))
}

/// Decodes a JPEG or PNG file's bytes into grey levels, refusing a file
/// over the limits before its pixels are decoded.
pub(crate) fn decode_photo(bytes: &[u8]) -> Result<Photo, PhotoError> {
    contained(|| decode_image(bytes), PhotoError::NotAnImage)
}

/// [`decode_photo`], uncontained.
fn decode_image(bytes: &[u8]) -> Result<Photo, PhotoError> {
    let size = bytes.len() as u64;
    if size > PHOTO_BYTES {
        return Err(PhotoError::TooManyBytes { bytes: size });
    }
    let format = match image::guess_format(bytes) {
        Ok(f @ (image::ImageFormat::Jpeg | image::ImageFormat::Png)) => f,
        _ => return Err(PhotoError::NotAnImage),
    };
    if format == image::ImageFormat::Jpeg
        && let Some(photo) = decode_jpeg_grey(bytes)?
    {
        return Ok(photo);
    }
    let (width, height) = image::ImageReader::with_format(Cursor::new(bytes), format)
        .into_dimensions()
        .map_err(|_| PhotoError::NotAnImage)?;
    check_dimensions(u64::from(width), u64::from(height))?;
    let mut reader = image::ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(width);
    limits.max_image_height = Some(height);
    // Room for the decoded pixels at 16-bit RGBA plus the decoder's own.
    limits.max_alloc = Some(u64::from(width) * u64::from(height) * 8 + (16 << 20));
    reader.limits(limits);
    let decoded = reader.decode().map_err(|_| PhotoError::NotAnImage)?;
    let grey = decoded.into_luma8();
    let (w, h) = (grey.width() as usize, grey.height() as usize);
    Photo::from_grey(w, h, grey.into_raw())
}

/// A JPEG's grey levels decoded straight from its brightness channel
/// (`Y` of a colour JPEG, or the one channel of a grey one), refusing one
/// over the limits from its header; `None` for a JPEG of other colours
/// (CMYK), which [`decode_image`] decodes as colour.
///
/// The grey is all the reader looks at: taken from the brightness
/// channel, the colour channels are neither transformed nor spread back
/// to every pixel, and no colour picture of three bytes a pixel is made
/// to be turned grey again (the whole read's CPU time and memory are in
/// docs/reading.md, "CPU and memory").
fn decode_jpeg_grey(bytes: &[u8]) -> Result<Option<Photo>, PhotoError> {
    use zune_core::bytestream::ZCursor;
    use zune_core::colorspace::ColorSpace;
    use zune_core::options::DecoderOptions;
    // The size is checked here, from the header, not by the decoder.
    let options = DecoderOptions::default()
        .set_strict_mode(false)
        .set_max_width(usize::MAX)
        .set_max_height(usize::MAX);
    let mut decoder = zune_jpeg::JpegDecoder::new_with_options(ZCursor::new(bytes), options);
    decoder
        .decode_headers()
        .map_err(|_| PhotoError::NotAnImage)?;
    let (width, height) = decoder.dimensions().ok_or(PhotoError::NotAnImage)?;
    check_dimensions(width as u64, height as u64)?;
    if !matches!(
        decoder.input_colorspace(),
        Some(ColorSpace::YCbCr | ColorSpace::Luma)
    ) {
        return Ok(None);
    }
    decoder.set_options(
        options
            .set_max_width(width)
            .set_max_height(height)
            .jpeg_set_out_colorspace(ColorSpace::Luma),
    );
    let grey = decoder.decode().map_err(|_| PhotoError::NotAnImage)?;
    Photo::from_grey(width, height, grey).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32, level: u8) -> Vec<u8> {
        let img = image::GrayImage::from_pixel(width, height, image::Luma([level]));
        let mut out = Cursor::new(Vec::new());
        img.write_to(&mut out, image::ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn refusals_name_what_is_wrong() {
        assert_eq!(decode_photo(b"hello").unwrap_err().code(), "not-an-image");
        let small = decode_photo(&png(300, 900, 200)).unwrap_err();
        assert_eq!(small.code(), "photo-too-small");
        assert!(small.to_string().contains("300 × 900"), "{small}");
        let dark = decode_photo(&png(700, 700, 20)).unwrap_err();
        assert_eq!(dark.code(), "photo-too-dark");
        let ok = decode_photo(&png(700, 650, 200)).unwrap();
        assert_eq!((ok.width, ok.height, ok.at(3, 3)), (700, 650, 200));
    }

    /// CRC-32 of PNG chunks, bit by bit (tests only).
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    #[test]
    fn a_huge_image_is_refused_from_its_header() {
        // A valid PNG whose header claims 100,000 × 100,000 pixels.
        let mut bytes = png(700, 700, 200);
        // IHDR: length at 8, type at 12, width and height at 16..24, CRC at 29.
        bytes[16..20].copy_from_slice(&100_000u32.to_be_bytes());
        bytes[20..24].copy_from_slice(&100_000u32.to_be_bytes());
        let crc = crc32(&bytes[12..29]);
        bytes[29..33].copy_from_slice(&crc.to_be_bytes());
        let err = decode_photo(&bytes).unwrap_err();
        assert_eq!(err.code(), "photo-too-large", "{err}");
        assert!(err.to_string().contains("100000 × 100000"), "{err}");
    }
}
