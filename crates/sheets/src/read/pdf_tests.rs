//! How a scanner's PDF becomes pictures: the pixels of each page in every
//! encoding a scan comes in, and the limits that refuse a hostile file
//! before anything is decoded. Unit tests, as `pdf_pages` and `is_pdf` are
//! the reader's own steps (what the command line sees of them is tested
//! with the program, in the integration tests).

use lopdf::{Document, Stream, dictionary};

use super::pdf::{PAGES_DECODED, is_pdf, pdf_pages};
use super::photo::{Photo, PhotoError};
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
    let pages = photos(&bytes);
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
    let pages = photos(&pdf_of(vec![Some(stream)]));
    assert_eq!(pages[0].as_ref().unwrap().grey, grey);
}

/// Every page of a PDF, decoded.
fn photos(bytes: &[u8]) -> Vec<Result<Photo, PhotoError>> {
    let pages = pdf_pages(bytes).unwrap_or_else(|e| panic!("{e}"));
    pages.map(|(_, photo)| photo).collect()
}

/// Why a whole PDF is refused.
fn refusal(bytes: &[u8]) -> PhotoError {
    match pdf_pages(bytes) {
        Ok(_) => panic!("the PDF is read"),
        Err(e) => e,
    }
}

/// Why the first page of a PDF of the one picture `image` is not read.
fn first_page_error(image: Stream) -> PhotoError {
    photos(&pdf_of(vec![Some(image)]))[0].clone().unwrap_err()
}

#[test]
fn limits_are_checked_before_decoding() {
    // 20,000 × 20,000 pixels claimed by a few bytes.
    let huge = image(20_000, 20_000, "DeviceGray", 8, vec![0; 16]);
    let err = first_page_error(huge);
    assert_eq!(err.code(), "photo-too-large", "{err}");
    let many = pdf_of((0..=PDF_PAGES).map(|_| None).collect());
    assert_eq!(refusal(&many).code(), "pdf-pages");
    // A page tree declaring more pages than the limit is refused from its
    // declared count, before any page is decoded (the one page it holds
    // would pass the count of the pages found).
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
    let err = refusal(&bytes);
    assert_eq!(err.code(), "pdf-pages", "{err}");
    assert!(err.to_string().contains(&declared.to_string()), "{err}");
    assert_eq!(refusal(b"%PDF-1.4 junk").code(), "not-a-pdf");
    // Too few bytes for the pixels the dictionary claims: the page is
    // damaged (not "a JPEG or PNG").
    let short = image(700, 700, "DeviceGray", 8, vec![200; 1000]);
    let err = first_page_error(short);
    assert_eq!(err.code(), "pdf-page-damaged", "{err}");
    assert_eq!(
        err.to_string(),
        "page 1 of the PDF is damaged: its picture cannot be decoded"
    );
    let mut broken = Stream::new(
        dictionary! {
            "Type" => "XObject", "Subtype" => "Image", "Width" => 700, "Height" => 700,
            "ColorSpace" => "DeviceGray", "BitsPerComponent" => 8, "Filter" => "DCTDecode",
        },
        b"\xff\xd8\xff\xe0 not the rest of a JPEG".to_vec(),
    );
    broken.allows_compression = false;
    assert_eq!(first_page_error(broken).code(), "pdf-page-damaged");
    // A stream in a filter not read here is named.
    let mut jpx = image(700, 700, "DeviceGray", 8, vec![0; 10]);
    jpx.dict.set("Filter", "JPXDecode");
    let err = first_page_error(jpx);
    assert!(err.to_string().contains("JPXDecode"), "{err}");
}

#[test]
fn pages_are_decoded_one_at_a_time() {
    let (w, h) = (700i64, 650i64);
    let pages: Vec<Option<Stream>> = (0..3)
        .map(|_| Some(image(w, h, "DeviceGray", 8, vec![200; (w * h) as usize])))
        .collect();
    let bytes = pdf_of(pages);
    PAGES_DECODED.with(|n| n.set(0));
    let mut pages = pdf_pages(&bytes).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(PAGES_DECODED.with(|n| n.get()), 0, "decoded before asked");
    let (number, first) = pages.next().unwrap();
    assert_eq!((number, first.unwrap().width), (1, 700));
    assert_eq!(
        PAGES_DECODED.with(|n| n.get()),
        1,
        "later pages decoded with the first"
    );
    // What `read` is given: one sheet's result at a time.
    PAGES_DECODED.with(|n| n.set(0));
    let mut sheets = super::sheet::read_file(&bytes, None);
    let (page, sheet) = sheets.next().unwrap();
    assert_eq!(page, Some(1));
    // A grey page has no code to find.
    assert!(sheet.is_err());
    assert_eq!(PAGES_DECODED.with(|n| n.get()), 1);
    assert_eq!(sheets.count(), 2);
    assert_eq!(PAGES_DECODED.with(|n| n.get()), 3);
}

/// A PDF written by hand: the catalog (object 1), a page tree of no pages
/// (2) and `objects` from number 3 on, each given as its text after `obj`,
/// with a cross-reference table and trailer.
fn raw_pdf(objects: &[Vec<u8>]) -> Vec<u8> {
    let mut out = b"%PDF-1.5\n".to_vec();
    let mut offsets = Vec::new();
    let mut all = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [] /Count 0 >>".to_vec(),
    ];
    all.extend_from_slice(objects);
    for (i, text) in all.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
        out.extend_from_slice(text);
        out.extend_from_slice(b"\nendobj\n");
    }
    let xref = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", all.len() + 1).as_bytes());
    for o in offsets {
        out.extend_from_slice(format!("{o:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            all.len() + 1
        )
        .as_bytes(),
    );
    out
}

/// A stream object's text: `dict` and its data.
fn stream_text(dict: &str, data: &[u8]) -> Vec<u8> {
    let mut text = format!("<< {dict} /Length {} >>\nstream\n", data.len()).into_bytes();
    text.extend_from_slice(data);
    text.extend_from_slice(b"\nendstream");
    text
}

fn deflated(data: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    z.write_all(data).unwrap();
    z.finish().unwrap()
}

#[test]
fn an_object_stream_inflating_to_a_long_array_is_refused_before_it_is_parsed() {
    // 6 MiB of `0 ` in one array: 3 million values for the parser (over
    // 300 MB), from a file of a few kilobytes.
    let mut content = b"5 0 [".to_vec();
    content.extend(std::iter::repeat_n(*b"0 ", 3 << 20).flatten());
    content.push(b']');
    let data = deflated(&content);
    let bytes = raw_pdf(&[stream_text(
        "/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode",
        &data,
    )]);
    assert!(bytes.len() < 20_000, "{}", bytes.len());
    let err = refusal(&bytes);
    assert_eq!(err.code(), "pdf-too-complex", "{err}");
    assert!(err.to_string().contains("inflate"), "{err}");
    // Inside the inflation limit, an object stream of many objects at one
    // offset (each parsed again from there) is refused by their count.
    let index: String = (10..2_010).map(|n| format!("{n} 0 ")).collect();
    let mut content = index.clone().into_bytes();
    content.extend(std::iter::repeat_n(*b"0 ", 2_000).flatten());
    let mut array = b"[".to_vec();
    array.extend_from_slice(&content[index.len()..]);
    array.push(b']');
    let mut content = index.clone().into_bytes();
    content.extend_from_slice(&array);
    let first = index.len();
    let bytes = raw_pdf(&[stream_text(
        &format!("/Type /ObjStm /N 2000 /First {first} /Filter /FlateDecode"),
        &deflated(&content),
    )]);
    assert_eq!(refusal(&bytes).code(), "pdf-too-complex");
}

#[test]
fn a_long_array_written_out_and_overlapping_streams_are_refused() {
    // 3 MiB of `0 ` as an object of the file itself.
    let mut array = b"[".to_vec();
    array.extend(std::iter::repeat_n(*b"0 ", 3 << 19).flatten());
    array.push(b']');
    let err = refusal(&raw_pdf(&[array]));
    assert_eq!(err.code(), "pdf-too-complex", "{err}");
    assert!(err.to_string().contains("objects hold more than"), "{err}");
    // Streams whose lengths run to the same `endstream` through each
    // other's headers: each copied whole by the parser.
    let tail = 200_000;
    let mut objects = Vec::new();
    for i in 0..100 {
        let number = i + 3;
        let rest = tail + (99 - i) * 60;
        objects.push(format!("{number} 0 obj\n<< /Length {rest} >>\nstream\n").into_bytes());
    }
    let mut bytes = b"%PDF-1.5\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n".to_vec();
    for o in &objects {
        // Each header padded to 60 bytes, so each length reaches the end.
        let mut o = o.clone();
        o.resize(60, b' ');
        *o.last_mut().unwrap() = b'\n';
        bytes.extend_from_slice(&o);
    }
    bytes.extend(std::iter::repeat_n(b'x', tail as usize));
    bytes.extend_from_slice(b"\nendstream\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    let err = refusal(&bytes);
    assert_eq!(err.code(), "pdf-too-complex", "{err}");
    assert!(err.to_string().contains("overlap"), "{err}");
}

#[test]
fn a_panic_in_a_dependency_is_the_one_file_s_damage() {
    let failed = super::photo::contained::<()>(
        || panic!("inside a decoder"),
        PhotoError::PageDamaged { page: 3 },
    );
    assert_eq!(failed.unwrap_err().code(), "pdf-page-damaged");
}

#[test]
fn a_sheet_paperboard_writes_passes_the_parser_budget() {
    // Our own PDF (fonts, compressed objects) is well inside the budget,
    // and refused only for holding no picture.
    let spec = crate::Spec::template(crate::Template::StrategicFunctional, &[]).unwrap();
    let sheet = crate::layout(&spec).unwrap();
    let pdf = crate::render(sheet.document(), crate::Format::Pdf).unwrap();
    super::pdf_budget::check(&pdf[0]).unwrap();
    let pages: Vec<_> = photos(&pdf[0]);
    assert_eq!(pages.len(), 1);
    assert_eq!(
        pages[0].as_ref().unwrap_err().code(),
        "pdf-page-without-image"
    );
}
