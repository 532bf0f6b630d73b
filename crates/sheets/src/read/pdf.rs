//! PDF pages as photos: scanners and phone "scan" apps save a page as a PDF
//! that holds one picture of it, so `read` takes the picture out of each
//! page and reads it like any photo.
//!
//! No PDF is drawn here: a page is not rasterised, its largest image is
//! taken as it is stored (a JPEG stream is a JPEG file; a deflated stream
//! is raw pixels, described by the image's `/Width`, `/Height`,
//! `/BitsPerComponent` and `/ColorSpace`). That covers what scanning apps
//! write, needs nothing but the PDF parser the tests already use, and
//! cannot be made to run a font or a drawing program. A page drawn with
//! vector graphics only (a sheet exported by paperboard itself) holds no
//! picture and is refused with a message saying so.
//!
//! The same limits as a photo hold, checked before anything is decoded: the
//! file's bytes (by the caller, as for any photo), what the file's objects
//! would cost the parser (`pdf_budget`, before it parses them), the number
//! of pages ([`PDF_PAGES`]: the count the page tree declares, and the pages
//! found in it), and each image's pixels from its dictionary (a JPEG's
//! again from its own header). The pages are decoded one at a time, as the
//! reader asks for them ([`PdfPages`]); a panic in the parser or a decoder
//! is the file's or the page's damage, not the run's end.

use std::io::Read;

use lopdf::{Dictionary, Document, Object, ObjectId};

use super::photo::{Photo, PhotoError, check_dimensions, contained, decode_photo};

use crate::limits::PDF_PAGES;

/// Whether `bytes` are a PDF file (its header is in its first kilobyte).
pub(crate) fn is_pdf(bytes: &[u8]) -> bool {
    bytes[..bytes.len().min(1024)]
        .windows(5)
        .any(|w| w == b"%PDF-")
}

/// The pages of a PDF, each decoded into a photo only when it is asked for
/// ([`Iterator::next`]), so one page's pixels are in memory at a time
/// however many pages share one large picture.
pub(crate) struct PdfPages {
    document: Document,
    pages: std::collections::btree_map::IntoIter<u32, ObjectId>,
}

impl Iterator for PdfPages {
    /// The page's number (from 1) and its photo, or why it is not read.
    type Item = (u32, Result<Photo, PhotoError>);

    fn next(&mut self) -> Option<Self::Item> {
        let (number, id) = self.pages.next()?;
        #[cfg(test)]
        PAGES_DECODED.with(|n| n.set(n.get() + 1));
        let damaged = PhotoError::PageDamaged { page: number };
        let photo = contained(|| page_photo(&self.document, number, id), damaged);
        Some((number, photo))
    }

    /// The pages left, exactly: known from the page tree without decoding
    /// a picture.
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.pages.size_hint()
    }
}

#[cfg(test)]
thread_local! {
    /// The pages this thread's tests have had decoded.
    pub(crate) static PAGES_DECODED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// A PDF's pages, to be decoded one at a time ([`PdfPages`]). The whole
/// file is refused when it is no PDF, would cost the parser more than a
/// scan does (`pdf_budget`), or has more than [`PDF_PAGES`] pages.
pub(crate) fn pdf_pages(bytes: &[u8]) -> Result<PdfPages, PhotoError> {
    let document = contained(|| super::pdf_budget::load(bytes), PhotoError::NotAPdf)?;
    // The count the page tree's root declares, then the pages found in it
    // (the declared count may understate them).
    let declared = document
        .catalog()
        .and_then(|c| c.get_deref(b"Pages", &document))
        .and_then(|p| p.as_dict())
        .and_then(|p| p.get(b"Count"))
        .and_then(|c| c.as_i64())
        .ok()
        .and_then(|c| usize::try_from(c).ok());
    if let Some(declared) = declared.filter(|&d| d > PDF_PAGES) {
        return Err(PhotoError::TooManyPages { pages: declared });
    }
    let pages = contained(|| Ok(document.get_pages()), PhotoError::NotAPdf)?;
    if pages.len() > PDF_PAGES {
        return Err(PhotoError::TooManyPages { pages: pages.len() });
    }
    if pages.is_empty() {
        return Err(PhotoError::NotAPdf);
    }
    Ok(PdfPages {
        document,
        pages: pages.into_iter(),
    })
}

/// The largest image drawn on page `number`, decoded; a picture that
/// cannot be decoded is the page's damage.
fn page_photo(document: &Document, number: u32, id: ObjectId) -> Result<Photo, PhotoError> {
    page_picture(document, number, id).map_err(|e| match e {
        PhotoError::NotAnImage => PhotoError::PageDamaged { page: number },
        other => other,
    })
}

/// [`page_photo`], its picture's damage as [`PhotoError::NotAnImage`].
fn page_picture(document: &Document, number: u32, id: ObjectId) -> Result<Photo, PhotoError> {
    let images = document.get_page_images(id).unwrap_or_default();
    let largest = images
        .iter()
        .filter(|i| !matches!(i.origin_dict.get(b"ImageMask"), Ok(Object::Boolean(true))))
        .max_by_key(|i| i.width.max(0).saturating_mul(i.height.max(0)))
        .ok_or(PhotoError::PageWithoutImage { page: number })?;
    let (width, height) = (largest.width, largest.height);
    if width <= 0 || height <= 0 {
        return Err(PhotoError::NotAnImage);
    }
    check_dimensions(width as u64, height as u64)?;
    let filters = largest.filters.clone().unwrap_or_default();
    let unsupported = |filter: &str| PhotoError::PageImageUnsupported {
        page: number,
        filter: filter.to_string(),
    };
    let mut data = std::borrow::Cow::Borrowed(largest.content);
    for (i, filter) in filters.iter().enumerate() {
        match filter.as_str() {
            "FlateDecode" => {
                // Raw pixels at most 4 bytes each (CMYK), a row's predictor
                // byte, or a JPEG no larger than those pixels would be.
                let most = (width as u64 * 4 + 1) * height as u64;
                data = std::borrow::Cow::Owned(inflate(&data, most)?);
            }
            "DCTDecode" if i + 1 == filters.len() => return decode_photo(&data),
            other => return Err(unsupported(other)),
        }
    }
    raw_pixels(
        document,
        largest.origin_dict,
        width as usize,
        height as usize,
        &data,
    )
    .ok_or_else(|| unsupported("its colour space or bit depth"))?
}

/// Inflates a deflated stream, refusing one that would grow past `most`
/// bytes.
fn inflate(data: &[u8], most: u64) -> Result<Vec<u8>, PhotoError> {
    let mut out = Vec::new();
    flate2::read::ZlibDecoder::new(data)
        .take(most + 1)
        .read_to_end(&mut out)
        .map_err(|_| PhotoError::NotAnImage)?;
    if out.len() as u64 > most {
        return Err(PhotoError::NotAnImage);
    }
    Ok(out)
}

/// How many colour components a colour space has: grey, RGB, CMYK, or an
/// ICC-based space's `/N`. `None` for one not read (indexed, separation).
fn components(document: &Document, space: Option<&Object>) -> Option<usize> {
    let resolve = |o: &Object| match o {
        Object::Reference(id) => document.get_object(*id).ok().cloned(),
        other => Some(other.clone()),
    };
    let space = resolve(space?)?;
    let name = match &space {
        Object::Name(n) => n.clone(),
        Object::Array(a) => a.first()?.as_name().ok()?.to_vec(),
        _ => return None,
    };
    match name.as_slice() {
        b"DeviceGray" | b"CalGray" => Some(1),
        b"DeviceRGB" | b"CalRGB" => Some(3),
        b"DeviceCMYK" => Some(4),
        b"ICCBased" => {
            let Object::Array(a) = &space else {
                return None;
            };
            let stream = resolve(a.get(1)?)?;
            let n = stream
                .as_stream()
                .ok()?
                .dict
                .get(b"N")
                .ok()?
                .as_i64()
                .ok()?;
            matches!(n, 1 | 3 | 4).then_some(n as usize)
        }
        _ => None,
    }
}

/// Grey levels from an image's raw samples (8 bits, or 1 bit of grey),
/// undoing a PNG predictor. `None` when the samples are not of a kind read
/// here; `Some(Err)` when they are too few.
fn raw_pixels(
    document: &Document,
    dict: &Dictionary,
    width: usize,
    height: usize,
    data: &[u8],
) -> Option<Result<Photo, PhotoError>> {
    let bits = dict
        .get(b"BitsPerComponent")
        .ok()
        .and_then(|b| b.as_i64().ok())?;
    let colours = components(document, dict.get(b"ColorSpace").ok())?;
    if !(bits == 8 || (bits == 1 && colours == 1)) {
        return None;
    }
    let row_bytes = (width * colours * bits as usize).div_ceil(8);
    let predictor = match dict.get(b"DecodeParms") {
        Ok(Object::Dictionary(p)) => p.get(b"Predictor").ok().and_then(|p| p.as_i64().ok()),
        _ => None,
    }
    .unwrap_or(1);
    let rows = match predictor {
        1 => data.get(..row_bytes * height).map(<[u8]>::to_vec),
        10..=15 => unpredict(data, row_bytes, colours * bits as usize / 8, height),
        _ => return None,
    };
    let Some(rows) = rows else {
        return Some(Err(PhotoError::NotAnImage));
    };
    let mut grey = Vec::with_capacity(width * height);
    for row in rows.chunks_exact(row_bytes) {
        for x in 0..width {
            grey.push(match (bits, colours) {
                (1, _) => {
                    if row[x / 8] & (0x80 >> (x % 8)) != 0 {
                        255
                    } else {
                        0
                    }
                }
                (_, 1) => row[x],
                (_, 3) => {
                    let p = &row[x * 3..x * 3 + 3];
                    ((u32::from(p[0]) * 299 + u32::from(p[1]) * 587 + u32::from(p[2]) * 114) / 1000)
                        as u8
                }
                _ => {
                    // CMYK: the light left by the ink, roughly.
                    let p = &row[x * 4..x * 4 + 4];
                    let ink = (u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2])) / 3;
                    (255u32.saturating_sub(ink + u32::from(p[3]))) as u8
                }
            });
        }
    }
    Some(Photo::from_grey(width, height, grey))
}

/// Undoes the PNG predictors (one filter byte before each row).
fn unpredict(data: &[u8], row_bytes: usize, pixel_bytes: usize, height: usize) -> Option<Vec<u8>> {
    let bpp = pixel_bytes.max(1);
    let mut out = vec![0u8; row_bytes * height];
    for y in 0..height {
        let src = data.get(y * (row_bytes + 1)..(y + 1) * (row_bytes + 1))?;
        let (filter, src) = (src[0], &src[1..]);
        let (before, current) = out.split_at_mut(y * row_bytes);
        let up = if y == 0 {
            None
        } else {
            Some(&before[(y - 1) * row_bytes..])
        };
        let current = &mut current[..row_bytes];
        for x in 0..row_bytes {
            let a = if x >= bpp { current[x - bpp] } else { 0 };
            let b = up.map_or(0, |u| u[x]);
            let c = if x >= bpp {
                up.map_or(0, |u| u[x - bpp])
            } else {
                0
            };
            let add = match filter {
                0 => 0,
                1 => a,
                2 => b,
                3 => ((u16::from(a) + u16::from(b)) / 2) as u8,
                4 => paeth(a, b, c),
                _ => return None,
            };
            current[x] = src[x].wrapping_add(add);
        }
    }
    Some(out)
}

fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let p = i16::from(a) + i16::from(b) - i16::from(c);
    let (pa, pb, pc) = (
        (p - i16::from(a)).abs(),
        (p - i16::from(b)).abs(),
        (p - i16::from(c)).abs(),
    );
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}
