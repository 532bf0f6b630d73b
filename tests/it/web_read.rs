//! `POST /api/read` against the real `paperboard serve`: the example photo
//! read back through the route gives what `paperboard read --json` prints,
//! with every box and cell drawn where the layout puts it and read as the
//! game played; photos that are not images, too large, or of no sheet are
//! refused with JSON that says why.

use crate::common;

use std::path::Path;

use common::web::Server;
use serde_json::Value;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn photo() -> Vec<u8> {
    std::fs::read(Path::new(ROOT).join("examples/photos/ultimate.jpg")).unwrap()
}

#[test]
fn the_example_photo_reads_back_through_the_route_as_on_the_command_line() {
    let s = Server::start(&[]);
    let jpeg = photo();
    // The photo and a text file in one request: one game, one refusal.
    let mut body = jpeg.clone();
    body.extend_from_slice(b"not a photo");
    let r = s.post(
        &format!(
            "/api/read?sizes={},11&name=ultimate.jpg&name=notes.txt",
            jpeg.len()
        ),
        "application/octet-stream",
        &body,
    );
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(
        r.header("content-type")
            .unwrap()
            .starts_with("application/json")
    );
    let doc = r.json();
    let unread = doc["unread"].as_array().unwrap();
    assert_eq!(unread.len(), 1, "{unread:?}");
    assert_eq!(unread[0]["code"], "not-an-image");
    assert_eq!(unread[0]["image"], "notes.txt");
    assert_eq!(unread[0]["photo"], 2);

    // What the command line reads from the same photo.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ultimate.jpg"), &jpeg).unwrap();
    let out = crate::common::paperboard()
        .args(["read", "ultimate.jpg", "--json"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let cli: Value = serde_json::from_slice(&out.stdout).expect("read --json");
    let game = &doc["games"][0];
    let theirs = &cli["games"][0];
    assert_eq!(game["record"], theirs["record"]);
    assert_eq!(game["sheet"], theirs["sheet"]);
    assert_eq!(game["check"], theirs["check"]);
    assert_eq!(game["check"]["status"], "legal");
    let moves = game["moves"].as_array().unwrap();
    assert!(moves.len() >= 30, "{}", moves.len());
    for (mine, cli) in moves.iter().zip(theirs["moves"].as_array().unwrap()) {
        assert_eq!(mine["text"], cli["text"]);
        assert_eq!(mine["confidence"], cli["confidence"]);
        assert_eq!(mine["uncertain"], cli["uncertain"]);
        // The ranked alternatives hold the move itself.
        let alternatives = mine["alternatives"].as_array().unwrap();
        assert!((1..=5).contains(&alternatives.len()));
        assert!(alternatives.iter().any(|a| a["text"] == mine["text"]));
    }
    assert_eq!(game["sheets"], serde_json::json!([1]));
    assert_eq!(doc["photos"], serde_json::json!([1]));
    // A photo not read: exit 2, as the command line's would be.
    assert_eq!(doc["exit"], 2);

    // The sheet as drawn: the layout's geometry, the SVG the renderer
    // makes, and every box and cell read as the game played it.
    let sheet = &doc["sheets"][0];
    let svg = sheet["svg"].as_str().unwrap();
    common::parse_svg(svg);
    assert!(svg.contains("viewBox=\"0 0 210 297\""), "{}", &svg[..200]);
    assert_eq!(sheet["page"]["width_mm"], 210.0);
    let layout = crate::common::paperboard()
        .args(["layout", "ultimate", "--json"])
        .output()
        .unwrap();
    let layout: Value = serde_json::from_slice(&layout.stdout).unwrap();
    let layout_boxes: Vec<&Value> = layout["parts"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p["boxes"].as_array().into_iter().flatten())
        .collect();
    let boxes = sheet["boxes"].as_array().unwrap();
    assert_eq!(boxes.len(), layout_boxes.len());
    for (b, l) in boxes.iter().zip(&layout_boxes) {
        assert_eq!(b["rect_mm"], l["rect_mm"]);
        assert_eq!(b["ply"], l["ply"]);
    }
    for (i, m) in moves.iter().enumerate() {
        let mut read: Vec<(u64, &str)> = boxes
            .iter()
            .filter(|b| b["ply"] == i + 1)
            .map(|b| (b["digit"].as_u64().unwrap(), b["read"].as_str().unwrap()))
            .collect();
        read.sort();
        let digits: Vec<&str> = read.iter().map(|r| r.1).collect();
        assert_eq!(
            digits.join("."),
            m["text"].as_str().unwrap(),
            "ply {}",
            i + 1
        );
    }
    assert!(
        boxes
            .iter()
            .filter(|b| b["ply"].as_u64().unwrap() > moves.len() as u64)
            .all(|b| b["read"] == ""),
        "boxes after the last move are empty"
    );
    let cells = sheet["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 81);
    for c in cells {
        let played = moves.iter().position(|m| m["text"] == c["path"]);
        let want = match played {
            Some(i) if i % 2 == 0 => "X",
            Some(_) => "O",
            None => "",
        };
        assert_eq!(c["read"], want, "cell {}", c["path"]);
    }
}

#[test]
fn photos_that_cannot_be_read_are_refused_with_reasons() {
    let s = Server::start(&[]);
    let error = |r: &common::web::Reply, status: u16, code: &str| {
        assert_eq!(r.status, status, "{}", r.text());
        let e = r.json();
        assert_eq!(e["status"], status);
        assert_eq!(e["code"], code, "{e}");
        e
    };
    // Not an image.
    let r = s.post("/api/read", "text/plain", b"1. 5.5 5.1 2. 1.5");
    let e = error(&r, 415, "not-an-image");
    assert_eq!(e["origin"], "photo 1");
    // No photo at all.
    error(&s.post("/api/read", "image/jpeg", b""), 400, "bad-request");
    // A white page: an image, but no sheet on it.
    let e = error(
        &s.post(
            "/api/read?name=wall.png",
            "image/png",
            &common::grey_png(900, 700, 230),
        ),
        422,
        "no-code",
    );
    assert_eq!(e["origin"], "wall.png");
    // Too small to read.
    error(
        &s.post("/api/read", "image/png", &common::grey_png(300, 900, 230)),
        422,
        "photo-too-small",
    );
    // The body over the route's limit: refused before it is read.
    let big = vec![0u8; (48 << 20) + 1];
    let e = error(&s.post("/api/read", "image/jpeg", &big), 413, "too-large");
    assert!(e["message"].as_str().unwrap().contains("48 MiB"), "{e}");
    // Sizes that do not add up, too many photos, names not one per photo.
    let jpeg = photo();
    let e = error(
        &s.post("/api/read?sizes=10,20", "image/jpeg", &jpeg),
        400,
        "bad-request",
    );
    assert_eq!(e["key"], "sizes");
    error(
        &s.post("/api/read?sizes=1,1,1,1,1,1,1,1,1", "image/jpeg", &[0; 9]),
        413,
        "too-large",
    );
    error(
        &s.post("/api/read?sizes=x", "image/jpeg", &jpeg),
        400,
        "bad-request",
    );
    error(
        &s.post("/api/read?name=a&name=b", "image/jpeg", &jpeg),
        400,
        "bad-request",
    );
    let e = error(
        &s.post("/api/read?spec=x", "image/jpeg", &jpeg),
        400,
        "bad-request",
    );
    assert_eq!(e["key"], "spec");
}

#[test]
fn when_no_photo_is_read_every_photo_comes_back_with_why_as_on_the_command_line() {
    // Three photos, none a sheet: the answer is the first's error, and
    // `unread` holds all three (before, only the first was answered, and
    // the page could not say what became of the other two). Each entry is
    // the one `read --json` prints for the same file, in the same words.
    let s = Server::start(&[]);
    let wall = common::grey_png(900, 700, 230);
    let small = common::grey_png(300, 900, 230);
    let mut body = b"not a photo".to_vec();
    body.extend_from_slice(&wall);
    body.extend_from_slice(&small);
    let r = s.post(
        &format!(
            "/api/read?sizes=11,{},{}&name=notes.jpg&name=wall.png&name=small.png&language=de",
            wall.len(),
            small.len()
        ),
        "application/octet-stream",
        &body,
    );
    assert_eq!(r.status, 415, "{}", r.text());
    let e = r.json();
    assert_eq!(e["code"], "not-an-image", "{e}");
    assert_eq!(e["origin"], "notes.jpg", "{e}");
    assert_eq!(
        e["says"],
        "notes.jpg: dies ist kein JPEG- oder PNG-Bild (oder es ist beschädigt)"
    );
    let unread = e["unread"].as_array().expect("every photo in `unread`");
    let codes: Vec<(&Value, &Value, &Value)> = unread
        .iter()
        .map(|u| (&u["photo"], &u["image"], &u["code"]))
        .collect();
    assert_eq!(
        format!("{codes:?}"),
        r#"[(Number(1), String("notes.jpg"), String("not-an-image")), (Number(2), String("wall.png"), String("no-code")), (Number(3), String("small.png"), String("photo-too-small"))]"#
    );
    // Where on the sheet: no code found is the code's fault.
    assert_eq!(unread[1]["key"], "code", "{unread:?}");
    assert!(unread[0].get("key").is_none(), "{unread:?}");

    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.jpg"), b"not a photo").unwrap();
    std::fs::write(dir.path().join("wall.png"), &wall).unwrap();
    std::fs::write(dir.path().join("small.png"), &small).unwrap();
    let out = crate::common::paperboard()
        .args(["read", "--json", "--language", "de"])
        .args(["notes.jpg", "wall.png", "small.png"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let cli: Value = serde_json::from_slice(&out.stdout).expect("read --json");
    let mut route = unread.clone();
    for entry in &mut route {
        entry.as_object_mut().unwrap().remove("photo");
    }
    assert_eq!(cli["unread"], Value::Array(route));
    // The text report's lines are the same words, each photo named once.
    let out = crate::common::paperboard()
        .args(["read", "--language", "de"])
        .args(["notes.jpg", "wall.png", "small.png"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    for u in unread {
        let line = format!(
            "{}: {}",
            u["image"].as_str().unwrap(),
            u["says"].as_str().unwrap()
        );
        assert!(text.lines().any(|l| l == line), "{line} in {text}");
    }
}

#[test]
fn a_refused_photo_is_said_in_the_language_the_page_asks_for() {
    let s = Server::start(&[]);
    let jpeg = photo();
    // One photo read, a text file and a white page refused: each refusal
    // says why in German, its `error` stays English for scripts.
    let wall = common::grey_png(900, 700, 230);
    let mut body = jpeg.clone();
    body.extend_from_slice(b"not a photo");
    body.extend_from_slice(&wall);
    let r = s.post(
        &format!(
            "/api/read?sizes={},11,{}&name=a.jpg&name=notes.txt&name=wall.png&language=de",
            jpeg.len(),
            wall.len()
        ),
        "application/octet-stream",
        &body,
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let doc = r.json();
    let unread = doc["unread"].as_array().unwrap();
    assert_eq!(unread.len(), 2, "{unread:?}");
    assert_eq!(
        unread[0]["says"],
        "dies ist kein JPEG- oder PNG-Bild (oder es ist beschädigt)"
    );
    assert_eq!(
        unread[0]["error"],
        "this is not a JPEG or PNG image (or it is damaged)"
    );
    assert!(
        unread[1]["says"]
            .as_str()
            .unwrap()
            .starts_with("auf dem Foto wurde kein Bogencode von paperboard gefunden"),
        "{unread:?}"
    );
    // Nothing read: the error's `says`, in Russian and Thai.
    for (language, starts) in [
        ("ru", "wall.png: на снимке не найден код бланка"),
        ("th", "wall.png: ไม่พบรหัสแผ่นของ paperboard ในรูป"),
    ] {
        let r = s.post(
            &format!("/api/read?name=wall.png&language={language}"),
            "image/png",
            &wall,
        );
        assert_eq!(r.status, 422, "{}", r.text());
        let e = r.json();
        assert!(e["says"].as_str().unwrap().starts_with(starts), "{e}");
        assert!(
            e["message"]
                .as_str()
                .unwrap()
                .starts_with("wall.png: no paperboard sheet code")
        );
    }
    // No photo at all, in German; a language that is none is refused.
    let e = s.post("/api/read?language=de", "image/jpeg", b"").json();
    assert!(
        e["says"]
            .as_str()
            .unwrap()
            .starts_with("die Anfrage enthält kein Foto"),
        "{e}"
    );
    let r = s.post("/api/read?language=xx", "image/png", &wall);
    assert_eq!(r.status, 400);
    assert_eq!(r.json()["key"], "language");
}

/// A photo of a played sheet printed from a spec of one's own.
pub(crate) struct CustomPhoto {
    /// The spec's text.
    pub spec: String,
    /// The sheet's code (its spec's hash, not a template's name).
    pub code: String,
    /// The moves written on it.
    pub moves: Vec<paperboard_games::games::ttt::Move>,
    /// The photo, JPEG.
    pub jpeg: Vec<u8>,
    /// The record boxes the sheet has.
    pub boxes: usize,
}

/// A sheet printed from a spec of one's own (an Ultimate sheet with its own
/// title, whose code holds only the spec's hash), played and photographed.
pub(crate) fn custom_sheet_photo(dir: &Path) -> CustomPhoto {
    use crate::read_photo::photos::{Shot, photograph, play_on, spec_page};
    use paperboard_games::GameSetup;
    use paperboard_games::games::random::random_ttt_game;
    use paperboard_games::games::ttt::Options;
    use paperboard_games::rng::SplitMix64;
    let text = paperboard_sheets::spec::Template::Ultimate
        .text()
        .replace("title = \"{ultimate}\"", "title = \"Class 5b\"");
    assert!(text.contains("Class 5b"));
    let path = dir.join("class-5b.toml");
    std::fs::write(&path, &text).unwrap();
    let spec = paperboard_sheets::spec::Spec::load(path.to_str().unwrap(), &[], &common::TestFiles)
        .unwrap();
    let (mut sheet, geometry) = spec_page(&spec);
    let code = geometry.code.as_ref().unwrap().text.clone();
    assert!(code.contains(" h="), "{code}");
    let mut rng = SplitMix64::new(41);
    let moves = random_ttt_game(
        GameSetup::ultimate(Options::default()).ttt_game().unwrap(),
        &mut rng,
        Some(16),
    )
    .0;
    play_on(&mut sheet, &geometry, &moves, true, &mut rng);
    let jpeg = photograph(&sheet, Shot::plain(), &mut rng);
    let boxes = geometry.parts.iter().map(|p| p.boxes.len()).sum();
    CustomPhoto {
        spec: text,
        code,
        moves,
        jpeg,
        boxes,
    }
}

#[test]
fn a_custom_sheet_reads_with_its_spec_sent_before_the_photos() {
    let s = Server::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let CustomPhoto {
        spec,
        code,
        moves,
        jpeg,
        boxes,
    } = custom_sheet_photo(dir.path());

    // Without its spec: refused, saying a spec is needed.
    let r = s.post("/api/read?name=custom.jpg", "image/jpeg", &jpeg);
    assert_eq!(r.status, 422, "{}", r.text());
    assert_eq!(r.json()["code"], "spec-needed", "{}", r.text());

    // With it: the spec's bytes first, then the photo.
    let mut body = spec.as_bytes().to_vec();
    body.extend_from_slice(&jpeg);
    let r = s.post(
        &format!(
            "/api/read?spec={}&spec_name=class-5b.toml&sizes={}&name=custom.jpg",
            spec.len(),
            jpeg.len()
        ),
        "application/octet-stream",
        &body,
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let doc = r.json();
    let game = &doc["games"][0];
    assert_eq!(game["sheet"], code.as_str());
    let read = game["moves"].as_array().unwrap();
    assert_eq!(read.len(), moves.len(), "{game}");
    for (m, truth) in read.iter().zip(&moves) {
        assert!(
            m["text"] == truth.to_string().as_str() || m["uncertain"] == true,
            "{m} for {truth}"
        );
    }
    // The sheet drawn is the custom one, laid out from the spec sent.
    let sheet = &doc["sheets"][0];
    assert_eq!(sheet["sheet"], code.as_str());
    assert!(sheet["svg"].as_str().unwrap().contains("Class 5b"));
    assert_eq!(
        sheet["boxes"].as_array().unwrap().len(),
        boxes,
        "every box of the record"
    );

    // A spec naming a file of its own: a request names no file; refused
    // before any photo is read, with the key.
    let naming = paperboard_sheets::spec::Template::StrategicFunctional
        .text()
        .replace("row-numbers = \"map34\"", "row-numbers = \"my-map.toml\"");
    assert!(naming.contains("my-map.toml"));
    let mut body = naming.as_bytes().to_vec();
    body.extend_from_slice(&jpeg);
    let r = s.post(
        &format!("/api/read?spec={}&spec_name=mine.toml", naming.len()),
        "application/octet-stream",
        &body,
    );
    assert_eq!(r.status, 400, "{}", r.text());
    let e = r.json();
    assert_eq!(e["key"], "spec", "{e}");
    let message = e["message"].as_str().unwrap();
    assert!(message.contains("my-map.toml"), "{message}");
    assert!(message.contains("mine.toml"), "{message}");
    // Not TOML, larger than the body, larger than a spec may be.
    let mut body = b"[page\n".to_vec();
    body.extend_from_slice(&jpeg);
    let r = s.post("/api/read?spec=6", "application/octet-stream", &body);
    assert_eq!(r.status, 400, "{}", r.text());
    assert_eq!(r.json()["key"], "spec");
    let r = s.post(
        &format!("/api/read?spec={}", jpeg.len() + 1),
        "image/jpeg",
        &jpeg,
    );
    assert_eq!(r.status, 400, "{}", r.text());
    assert_eq!(r.json()["key"], "spec");
    let r = s.post(&format!("/api/read?spec={}", 2 << 20), "image/jpeg", &jpeg);
    assert_eq!(r.status, 413, "{}", r.text());
    assert_eq!(r.json()["key"], "spec");
}

/// A spec the read route refuses points where in it, typed (its
/// diagnostic's line, column and reason, not its text), and says what is
/// wrong in the page's language; its code, key and message stay as scripts
/// read them.
#[test]
fn a_refused_spec_says_where_and_in_the_pages_language() {
    use paperboard_sheets::language::Language;
    let s = Server::start(&[]);
    let spec = "[[tracking-grid]]\ngap = 30\n";
    let mut body = spec.as_bytes().to_vec();
    body.extend_from_slice(&photo());
    let r = s.post(
        &format!(
            "/api/read?spec={}&spec_name=mine.toml&language=de",
            spec.len()
        ),
        "application/octet-stream",
        &body,
    );
    assert_eq!(r.status, 400, "{}", r.text());
    let e = r.json();
    let refused = paperboard_sheets::spec::Spec::parse("mine.toml", spec, None).unwrap_err();
    assert_eq!(e["code"], "bad-request", "{e}");
    assert_eq!(e["key"], "spec", "{e}");
    assert_eq!(e["message"], refused.to_string(), "{e}");
    assert_eq!(
        (&e["origin"], &e["line"], &e["column"]),
        (&"mine.toml".into(), &2.into(), &7.into()),
        "{e}"
    );
    assert_eq!(e["reason"], refused.says(Language::En), "{e}");
    assert_eq!(e["says"], refused.says(Language::De), "{e}");
    assert_ne!(e["says"], e["reason"], "{e}");
}
