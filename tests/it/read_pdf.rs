//! `paperboard read scan.pdf`: a scanner's PDF (one picture on each page)
//! reads like the photos inside it; a PDF drawn without a picture (a sheet
//! as paperboard exports it) is refused with a message, never read. How
//! each page's pixels are taken out, and the limits on a PDF, are the
//! library's unit tests (`read::pdf_tests` in paperboard-sheets).

use lopdf::{Stream, dictionary};

use crate::common::scan_pdf::pdf_of;

fn read_json(args: &[&std::ffi::OsStr]) -> (Option<i32>, serde_json::Value) {
    let out = crate::common::paperboard()
        .arg("read")
        .arg("--json")
        .args(args)
        .output()
        .unwrap();
    let doc = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    (out.status.code(), doc)
}

#[test]
fn a_scanned_pdf_reads_like_its_pictures_and_a_drawn_one_is_refused() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let jpeg_path = root.join("examples/photos/ultimate.jpg");
    let jpeg = std::fs::read(&jpeg_path).unwrap();
    let grey = image::load_from_memory(&jpeg).unwrap().to_luma8();
    let (w, h) = (i64::from(grey.width()), i64::from(grey.height()));
    // Page 1: the JPEG as a scanning app stores it; page 2: the same photo
    // as deflated grey pixels.
    let as_jpeg = Stream::new(
        dictionary! {"Type" => "XObject", "Subtype" => "Image", "Width" => w, "Height" => h,
        "ColorSpace" => "DeviceRGB", "BitsPerComponent" => 8, "Filter" => "DCTDecode"},
        jpeg.clone(),
    );
    let mut as_pixels = Stream::new(
        dictionary! {"Type" => "XObject", "Subtype" => "Image", "Width" => w, "Height" => h,
        "ColorSpace" => "DeviceGray", "BitsPerComponent" => 8},
        grey.into_raw(),
    );
    as_pixels.compress().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let scan = dir.path().join("scan.pdf");
    std::fs::write(&scan, pdf_of(vec![Some(as_jpeg), Some(as_pixels)])).unwrap();

    let (_, direct) = read_json(&[jpeg_path.as_os_str()]);
    let (status, from_pdf) = read_json(&[scan.as_os_str()]);
    assert_ne!(status, Some(2), "{from_pdf}");
    let direct = &direct["games"][0];
    assert!(!direct["moves"].as_array().unwrap().is_empty(), "{direct}");
    // Each page is a game (nothing proves two pages one game), read as
    // the photo itself reads.
    let games = from_pdf["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{from_pdf}");
    let s = scan.display();
    for (game, page) in games.iter().zip(1..) {
        assert_eq!(game["image"], format!("{s}#page={page}"));
        assert_eq!(game["moves"], direct["moves"]);
        assert_eq!(game["record"], direct["record"]);
    }

    // Our own sheet exported as PDF is drawing, not a picture.
    let drawn = dir.path().join("sheet.pdf");
    let out = crate::common::paperboard()
        .args(["render", "ultimate", "-o"])
        .arg(&drawn)
        .output()
        .unwrap();
    crate::common::assert_ran("render", &out);
    let (status, doc) = read_json(&[drawn.as_os_str()]);
    assert_eq!(status, Some(2));
    assert_eq!(doc["games"].as_array().unwrap().len(), 0);
    assert_eq!(doc["unread"][0]["code"], "pdf-page-without-image", "{doc}");
    assert!(
        doc["unread"][0]["image"]
            .as_str()
            .unwrap()
            .ends_with("sheet.pdf#page=1"),
        "{doc}"
    );
    assert!(
        doc["unread"][0]["error"]
            .as_str()
            .unwrap()
            .contains("no photo or scan"),
        "{doc}"
    );
}
