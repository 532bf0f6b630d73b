//! How a scanner's PDF becomes pictures: the pixels of each page in every
//! encoding a scan comes in, and the limits that refuse a hostile file
//! before anything is decoded. Unit tests, as `pdf_pages` and `is_pdf` are
//! the reader's own steps (what the command line sees of them is tested
//! with the program, in the integration tests).

use lopdf::{Document, Stream, dictionary};

use super::pdf::{is_pdf, pdf_pages};
use super::photo::PhotoError;
use crate::limits::PDF_PAGES;
use scan_pdf::pdf_of;

// The scanner's PDF the integration tests build too: one home for it
// (`pub` there, for the integration tests' other modules).
#[allow(unreachable_pub)]
#[path = "../../../../tests/it/common/scan_pdf.rs"]
mod scan_pdf;

fn image(width: i64, height: i64, space: &str, bits: i64, data: Vec<u8>) -> Stream {
    let mut s = Stream::new(
        dictionary! {
            "Type" => "XObject", "Subtype" => "Image", "Width" => width,
            "Height" => height, "ColorSpace" => space, "BitsPerComponent" => bits,
        },
        data,
    );
    s.compress().unwrap();
    s
}

#[test]
fn deflated_grey_rgb_and_one_bit_pages_give_their_pixels() {
    let (w, h) = (700usize, 650usize);
    let grey: Vec<u8> = (0..w * h).map(|i| (i % 251) as u8 | 0x40).collect();
    let rgb: Vec<u8> = grey.iter().flat_map(|&g| [g, g, g]).collect();
    // One bit: the left half black, the right white.
    let row: Vec<u8> = (0..w.div_ceil(8))
        .map(|i| if i * 8 < w / 2 { 0 } else { 0xff })
        .collect();
    let bits: Vec<u8> = row.iter().copied().cycle().take(row.len() * h).collect();
    let bytes = pdf_of(vec![
        Some(image(w as i64, h as i64, "DeviceGray", 8, grey.clone())),
        Some(image(w as i64, h as i64, "DeviceRGB", 8, rgb)),
        Some(image(w as i64, h as i64, "DeviceGray", 1, bits)),
        None,
    ]);
    assert!(is_pdf(&bytes));
    let pages = pdf_pages(&bytes).unwrap();
    assert_eq!(pages.len(), 4);
    let first = pages[0].as_ref().unwrap();
    assert_eq!((first.width, first.height), (w, h));
    assert_eq!(first.grey, grey);
    assert_eq!(pages[1].as_ref().unwrap().grey, grey);
    let third = pages[2].as_ref().unwrap();
    assert_eq!((third.at(10, 10), third.at(w - 10, 10)), (0, 255));
    let err = pages[3].as_ref().unwrap_err();
    assert_eq!(err.code(), "pdf-page-without-image");
    assert!(err.to_string().contains("page 4"), "{err}");
}

#[test]
fn a_png_predicted_stream_is_undone() {
    let (w, h) = (640usize, 610usize);
    let grey: Vec<u8> = (0..w * h).map(|i| ((i * 7) % 200) as u8 + 50).collect();
    // Each row filtered with "Up" (2), the first with "Sub" (1).
    let mut data = Vec::new();
    for y in 0..h {
        data.push(if y == 0 { 1 } else { 2 });
        for x in 0..w {
            let v = grey[y * w + x];
            let pred = if y == 0 {
                if x > 0 { grey[x - 1] } else { 0 }
            } else {
                grey[(y - 1) * w + x]
            };
            data.push(v.wrapping_sub(pred));
        }
    }
    let mut stream = image(w as i64, h as i64, "DeviceGray", 8, data);
    stream.dict.set(
        "DecodeParms",
        dictionary! {"Predictor" => 15, "Colors" => 1, "Columns" => w as i64},
    );
    let pages = pdf_pages(&pdf_of(vec![Some(stream)])).unwrap();
    assert_eq!(pages[0].as_ref().unwrap().grey, grey);
}

/// Why the first page of a PDF of the one picture `image` is not read.
fn first_page_error(image: Stream) -> PhotoError {
    pdf_pages(&pdf_of(vec![Some(image)])).unwrap()[0]
        .clone()
        .unwrap_err()
}

#[test]
fn limits_are_checked_before_decoding() {
    // 20,000 × 20,000 pixels claimed by a few bytes.
    let huge = image(20_000, 20_000, "DeviceGray", 8, vec![0; 16]);
    let err = first_page_error(huge);
    assert_eq!(err.code(), "photo-too-large", "{err}");
    let many = pdf_of((0..=PDF_PAGES).map(|_| None).collect());
    assert_eq!(pdf_pages(&many).unwrap_err().code(), "pdf-pages");
    // A page tree declaring more pages than the limit is refused from its
    // declared count, before the objects are parsed (the one page it holds
    // would pass the count taken after parsing).
    let mut liar = Document::load_mem(&pdf_of(vec![None])).unwrap();
    let pages = liar
        .catalog()
        .unwrap()
        .get(b"Pages")
        .unwrap()
        .as_reference()
        .unwrap();
    let declared = PDF_PAGES as i64 * 1000;
    liar.get_dictionary_mut(pages)
        .unwrap()
        .set("Count", declared);
    let mut bytes = Vec::new();
    liar.save_to(&mut bytes).unwrap();
    let err = pdf_pages(&bytes).unwrap_err();
    assert_eq!(err.code(), "pdf-pages", "{err}");
    assert!(err.to_string().contains(&declared.to_string()), "{err}");
    assert_eq!(pdf_pages(b"%PDF-1.4 junk").unwrap_err().code(), "not-a-pdf");
    // Too few bytes for the pixels the dictionary claims.
    let short = image(700, 700, "DeviceGray", 8, vec![200; 1000]);
    let err = first_page_error(short);
    assert_eq!(err.code(), "not-an-image", "{err}");
    // A stream in a filter not read here is named.
    let mut jpx = image(700, 700, "DeviceGray", 8, vec![0; 10]);
    jpx.dict.set("Filter", "JPXDecode");
    let err = first_page_error(jpx);
    assert!(err.to_string().contains("JPXDecode"), "{err}");
}
