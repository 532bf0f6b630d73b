//! `POST /api/read` takes a scanned PDF as `paperboard read` does: a sheet
//! on each page, every page accounted for (a game, or an entry in
//! `unread` named `NAME#page=N`), the pages counted against what one
//! request reads before any is decoded.

use lopdf::{Stream, dictionary};
use paperboard_games::GameSetup;
use paperboard_games::games::random::random_ttt_game;
use paperboard_games::games::ttt::Options;
use paperboard_games::rng::SplitMix64;
use serde_json::json;

use crate::common::scan_pdf::pdf_of;
use crate::common::web::Server;
use crate::read_photo::photos::{Shot, page, photograph, play_on};

/// A PDF page holding `jpeg` as a scanner stores it.
pub(crate) fn scanned(jpeg: &[u8]) -> Option<Stream> {
    let img = image::load_from_memory(jpeg).unwrap();
    Some(Stream::new(
        dictionary! {"Type" => "XObject", "Subtype" => "Image",
        "Width" => i64::from(img.width()), "Height" => i64::from(img.height()),
        "ColorSpace" => "DeviceRGB", "BitsPerComponent" => 8, "Filter" => "DCTDecode"},
        jpeg.to_vec(),
    ))
}

#[test]
fn a_scanned_pdf_is_read_a_sheet_on_each_page_every_page_accounted_for() {
    let mut rng = SplitMix64::new(60);
    let mut games = Vec::new();
    let mut pages = Vec::new();
    for _ in 0..2 {
        let moves = random_ttt_game(
            GameSetup::ultimate(Options::default()).ttt_game().unwrap(),
            &mut rng,
            Some(8),
        )
        .0;
        let (mut sheet, g) = page("ultimate", &[]);
        play_on(&mut sheet, &g, &moves, true, &mut rng);
        pages.push(scanned(&photograph(&sheet, Shot::plain(), &mut rng)));
        games.push(moves);
    }
    // A page between them with no picture (a sheet saved as PDF).
    pages.insert(1, None);
    let pdf = pdf_of(pages);

    // The PDF and a text file after it in one request.
    let s = Server::start(&[]);
    let mut body = pdf.clone();
    body.extend_from_slice(b"not a photo");
    let r = s.post(
        &format!(
            "/api/read?sizes={},11&name=class.pdf&name=notes.txt",
            pdf.len()
        ),
        "application/octet-stream",
        &body,
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let doc = r.json();
    let read = doc["games"].as_array().unwrap();
    assert_eq!(read.len(), 2, "{doc}");
    for (game, (moves, page)) in read.iter().zip(games.iter().zip([1, 3])) {
        let name = format!("class.pdf#page={page}");
        assert_eq!(game["image"], name.as_str(), "{game}");
        assert_eq!(game["images"], json!([name]));
        assert_eq!(game["photos"], json!([page]));
        let record = game["record"].as_str().unwrap().replace(" {?}", "");
        let written = paperboard_games::internals::ttt_moves_text(moves);
        assert!(record.ends_with(&written), "{record}");
    }
    assert_eq!(doc["photos"], json!([1, 3]), "{doc}");
    let unread = doc["unread"].as_array().unwrap();
    assert_eq!(unread.len(), 2, "{doc}");
    assert_eq!(unread[0]["photo"], 2);
    assert_eq!(unread[0]["image"], "class.pdf#page=2");
    assert_eq!(unread[0]["code"], "pdf-page-without-image");
    assert_eq!(unread[1]["photo"], 4);
    assert_eq!(unread[1]["image"], "notes.txt");
    assert_eq!(unread[1]["code"], "not-an-image");
    assert_eq!(doc["exit"], 2);
}

#[test]
fn a_pdf_of_more_pages_than_a_request_reads_is_refused_before_a_page_is_decoded() {
    let s = Server::start(&[]);
    // 17 pages of drawing, one more than a request reads (16): were they
    // decoded, each would be refused on its own; the count refuses the
    // file first.
    let pdf = pdf_of(vec![None; 17]);
    let r = s.post("/api/read?name=class.pdf", "application/pdf", &pdf);
    assert_eq!(r.status, 413, "{}", r.text());
    let doc = r.json();
    assert_eq!(doc["code"], "too-many-sheets", "{doc}");
    page_says_in_every_language("too-many-sheets");
    let message = doc["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("17 pages") && message.contains("paperboard read"),
        "{doc}"
    );
    // A file that starts as a PDF and is none: its reason, not a crash.
    let r = s.post(
        "/api/read?name=scan.pdf",
        "application/pdf",
        b"%PDF-1.5\nnothing else",
    );
    assert_eq!(r.status, 422, "{}", r.text());
    assert_eq!(r.json()["code"], "not-a-pdf");
}

/// The page words a refusal by its code (the server's message is English):
/// the code has a sentence in the page's table, and words.js has it in
/// German, Russian and Thai.
fn page_says_in_every_language(code: &str) {
    let page = |file: &str| {
        std::fs::read_to_string(format!(
            "{}/src/web/page/{file}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
    };
    let app = page("app.js");
    let table = app
        .split_once("function photoProblem(")
        .and_then(|(_, rest)| rest.split_once("}[code];"))
        .map(|(table, _)| table)
        .expect("the page's table of refusals");
    let english = table
        .lines()
        .find_map(|l| l.trim().strip_prefix(&format!("'{code}': '")))
        .and_then(|l| l.strip_suffix("',"))
        .unwrap_or_else(|| panic!("the page has no words for {code}"))
        .replace("\\'", "'");
    let words = page("words.js");
    let entry = format!("\"{english}\": ");
    assert_eq!(
        words.matches(&entry).count(),
        3,
        "{english} is not in words.js in de, ru and th"
    );
}
