//! The HTTP API against the real `paperboard serve`: every route, every
//! class of error, the limits, the security headers, and the same bytes as
//! the command line for the same request.

use crate::common;

use std::path::Path;

use common::web::{Reply, Server, escape, request};
use common::{media_box, page_count, parse_svg, pdftotext_layout};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs the command line in `dir`; its standard output.
fn cli(args: &[&str], dir: &Path) -> Vec<u8> {
    let out = crate::common::paperboard()
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs");
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The file the command line writes for `args` (which end in `-o`).
fn cli_file(args: &[&str], name: &str) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let mut all = args.to_vec();
    all.push(name);
    cli(&all, dir.path());
    std::fs::read(dir.path().join(name)).unwrap()
}

/// Posts `file` (its name, its text) to `path` and checks that the answer
/// is a download of the file's PDF holding the very bytes the command line
/// writes from the same file with `args` (to which `-o` is added).
fn posted_as_the_command_line_writes(
    s: &Server,
    path: &str,
    (name, text): (&str, &str),
    args: &[&str],
) -> Reply {
    let posted = s.post(path, "text/plain", text.as_bytes());
    assert_eq!(posted.status, 200, "{}", posted.text());
    let pdf = name.replace(".toml", ".pdf");
    let disposition = format!("attachment; filename=\"{pdf}\"");
    assert_eq!(
        posted.header("content-disposition"),
        Some(disposition.as_str())
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(name), text).unwrap();
    let mut all = args.to_vec();
    all.extend(["-o", &pdf]);
    cli(&all, dir.path());
    assert!(
        posted.body == std::fs::read(dir.path().join(&pdf)).unwrap(),
        "{path}: the answer differs from the command line's file"
    );
    posted
}

fn example(path: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(path)).unwrap()
}

#[test]
fn the_page_is_served_whole_from_the_binary_with_security_headers() {
    let s = Server::start(&[]);
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/app.css", "text/css"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let r = s.get(path);
        assert_eq!(r.status, 200, "{path}");
        assert!(
            r.header("content-type").unwrap().starts_with(kind),
            "{path}"
        );
        let csp = r.header("content-security-policy").unwrap();
        assert!(csp.contains("default-src 'self'"), "{csp}");
        assert!(
            !csp.contains("unsafe-inline") && !csp.contains("http"),
            "{csp}"
        );
        assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(r.header("x-frame-options"), Some("DENY"));
        // Nothing from the network: no address but the page's own.
        let text = r.text();
        let text = text.replace("http://www.w3.org/2000/svg", "");
        assert!(
            !text.contains("http://") && !text.contains("https://"),
            "{path} names another site"
        );
        assert!(
            !text.contains("//cdn") && !text.contains("@import"),
            "{path}"
        );
    }
    let html = s.get("/").text();
    for id in [
        "tab-sheets",
        "tab-handouts",
        "tab-check",
        "tab-analysis",
        "sheet-preview",
        "check-text",
    ] {
        assert!(html.contains(&format!("id=\"{id}\"")), "{id}");
    }
}

#[test]
fn a_sheet_is_byte_for_byte_the_command_lines() {
    let s = Server::start(&[]);
    // The default Strategic sheet.
    let r = s.get("/api/render/strategic-functional.pdf");
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.header("content-type"), Some("application/pdf"));
    assert_eq!(
        r.header("content-disposition"),
        Some("attachment; filename=\"strategic-functional.pdf\"")
    );
    let cli_pdf = cli_file(&["render", "strategic-functional", "-o"], "s.pdf");
    assert!(
        r.body == cli_pdf,
        "the API's PDF differs from the command line's"
    );
    let [_, _, w, h] = media_box(&r.body, 1);
    assert!(
        (w - 595.28).abs() < 0.1 && (h - 841.89).abs() < 0.1,
        "A4: {w} x {h}"
    );
    assert!(pdftotext_layout(&r.body).contains("Strategic tic-tac-toe"));

    // Paper, orientation and changes, as --page, --landscape and --set.
    let sets = ["sos.size=10x10", "sos.players=[\"Ann\", \"Ben\", \"Cy\"]"];
    let mut query = String::from("page=A3&landscape=1");
    let mut args = vec!["render", "sos", "--page", "A3", "--landscape"];
    for set in sets {
        query += &format!("&set={}", escape(set));
        args.extend(["--set", set]);
    }
    let api = s.get(&format!("/api/render/sos.pdf?{query}"));
    assert_eq!(api.status, 200, "{}", api.text());
    args.push("-o");
    let cli_pdf = cli_file(&args, "sos.pdf");
    assert!(api.body == cli_pdf, "sos A3 landscape differs");
    let [_, _, w, h] = media_box(&api.body, 1);
    assert!(
        (w - 1190.55).abs() < 0.1 && (h - 841.89).abs() < 0.1,
        "A3 landscape: {w} x {h}"
    );
    assert!(pdftotext_layout(&api.body).contains("Cy"));

    // SVG, as the preview shows it.
    let svg = s.get("/api/render/ultimate.svg?page=A5");
    assert_eq!(svg.status, 200);
    assert_eq!(svg.header("content-type"), Some("image/svg+xml"));
    parse_svg(&svg.text());
    assert!(svg.body == cli_file(&["render", "ultimate", "--page", "A5", "-o"], "u.svg"));

    // A posted spec, as a spec file on the command line.
    let text = example("templates/tictactoe.toml");
    let posted = posted_as_the_command_line_writes(
        &s,
        "/api/render.pdf?name=mine.toml&set=boards.boards%3D4",
        ("mine.toml", &text),
        &["render", "mine.toml", "--set", "boards.boards=4"],
    );
    // Asked again: the same bytes (from the cache, or made again).
    assert!(
        s.post(
            "/api/render.pdf?name=mine.toml&set=boards.boards%3D4",
            "text/plain",
            text.as_bytes()
        )
        .body
            == posted.body
    );
}

#[test]
fn the_same_bytes_with_the_cache_off() {
    let s = Server::start(&["--cache-mb", "0"]);
    let a = s.get("/api/render/sos.pdf?set=sos.size%3D5x5");
    let b = s.get("/api/render/sos.pdf?set=sos.size%3D5x5");
    assert_eq!(a.status, 200);
    assert!(a.body == b.body, "made twice, the bytes differ");
}

#[test]
fn templates_and_their_forms_and_specs() {
    let s = Server::start(&[]);
    let list = s.get("/api/templates").json();
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    let expected: Vec<&str> = paperboard_sheets::Template::ALL
        .iter()
        .map(|t| t.name())
        .collect();
    assert_eq!(names, expected);
    // Titles as the sheets print them: placeholders filled in.
    for t in list.as_array().unwrap() {
        let title = t["form"]["title"].as_str().unwrap();
        assert!(
            !title.is_empty() && !title.contains('{'),
            "{}: {title}",
            t["name"]
        );
    }
    let strategic = &list[0]["form"]["title"];
    assert_eq!(strategic, "Strategic tic-tac-toe", "{}", list[0]["name"]);
    let sos = list
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "sos")
        .unwrap();
    let board = sos["form"]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["table"] == "sos-board")
        .unwrap();
    assert_eq!(board["prefix"], "sos");
    assert_eq!(board["values"]["size"], "8x8");
    assert!(sos["description"].as_str().unwrap().contains("SOS"));

    // A built-in template's text, as `templates --show` prints it.
    let shown = s.get("/api/templates/sos.toml");
    assert_eq!(shown.status, 200);
    assert_eq!(shown.text(), example("templates/sos.toml"));
    assert_eq!(
        shown.body,
        cli(&["templates", "--show", "sos"], Path::new(ROOT))
    );
    assert_eq!(s.get("/api/templates/nope.toml").status, 404);

    // The schema has a control for every option.
    let schema = s.get("/api/schema").json();
    let field = schema["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["table"] == "strategic-field")
        .unwrap();
    let cell = field["keys"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["key"] == "cell")
        .unwrap();
    assert_eq!(cell["control"]["kind"], "number");
    assert_eq!(cell["control"]["fit"], true);
    assert!(schema["maps"]["functional"].as_array().unwrap().len() == 64);

    // The spec with the changes written in keeps the template's comments,
    // and reads back as the same sheet.
    let spec = s.get("/api/spec/sos.toml?page=A5&set=sos.size%3D6x6");
    assert_eq!(spec.status, 200, "{}", spec.text());
    assert_eq!(
        spec.header("content-disposition"),
        Some("attachment; filename=\"sos.toml\"")
    );
    let text = spec.text();
    assert!(
        text.contains("size = \"6x6\"") && text.contains("size = \"A5\""),
        "{text}"
    );
    assert!(text.starts_with("# The SOS game sheet"), "{text}");
    let again = s.post(
        "/api/render.pdf?name=sos.toml",
        "text/plain",
        text.as_bytes(),
    );
    let direct = s.get("/api/render/sos.pdf?page=A5&set=sos.size%3D6x6");
    assert!(
        again.body == direct.body,
        "the saved spec renders differently"
    );
    // An uploaded spec's form, and the spec written again with a change.
    let form = s
        .post(
            "/api/spec/form?name=mine.toml",
            "text/plain",
            text.as_bytes(),
        )
        .json();
    assert_eq!(form["origin"], "mine.toml");
    let edited = s.post(
        "/api/spec.toml?name=mine.toml&set=sos.players%3D3",
        "text/plain",
        text.as_bytes(),
    );
    assert!(edited.text().contains("players = 3"), "{}", edited.text());
}

#[test]
fn bad_input_is_a_400_with_the_located_message() {
    let s = Server::start(&[]);
    // A value out of range in the spec's text: its line, column and key.
    let spec = "[page]\nsize = \"A4\"\n\n[[sos-board]]\nsize = \"40x40\"\n";
    let r = s.post(
        "/api/render.svg?name=bad.toml",
        "text/plain",
        spec.as_bytes(),
    );
    assert_eq!(r.status, 400);
    let e = r.json();
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(5), Some(8)),
        "{e}"
    );
    assert_eq!(e["key"], "sos-board.size");
    assert_eq!(e["origin"], "bad.toml");
    assert!(
        e["message"].as_str().unwrap().starts_with("bad.toml:5:8:"),
        "{e}"
    );
    assert!(e["reason"].as_str().unwrap().contains("3 to 26"), "{e}");
    // A change out of range: its key, as the form names it.
    let e = s.get("/api/render/sos.svg?set=sos.size%3D99x99").json();
    assert_eq!(e["status"], 400);
    assert_eq!(e["key"], "sos.size");
    // A sheet that does not fit: the part.
    let e = s.get("/api/render/strategic-functional.pdf?page=A5").json();
    assert_eq!(e["status"], 400);
    assert_eq!(e["code"], "paperboard::layout::does_not_fit", "{e}");
    assert!(e["key"].is_string(), "{e}");
    // Not UTF-8: where.
    let r = s.post(
        "/api/render.pdf",
        "text/plain",
        b"[page]\nsize = \"A\xff4\"\n",
    );
    assert_eq!(r.status, 400);
    assert_eq!(
        (r.json()["line"].as_u64(), r.json()["column"].as_u64()),
        (Some(2), Some(10))
    );
    // Unknown template, format, parameter, route, method.
    assert_eq!(s.get("/api/render/nope.pdf").status, 404);
    assert_eq!(s.get("/api/render/sos.png").status, 404);
    let e = s.get("/api/render/sos.pdf?colour=red").json();
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("unknown parameter `colour`"),
        "{e}"
    );
    let e = s.get("/api/nothing").json();
    assert_eq!(e["status"], 404);
    let e = s.post("/api/templates", "text/plain", b"").json();
    assert_eq!(e["status"], 405);
    let e = s.get("/api/render/sos.pdf?landscape=maybe").json();
    assert_eq!(e["key"], "page.orientation");
    // A sheet's language is `document.language`: German words, and a
    // language it does not know is refused under that key.
    let r = s.get("/api/render/sos.pdf?language=de");
    assert_eq!(r.status, 200);
    assert!(pdftotext_layout(&r.body).contains("Datum"));
    let e = s.get("/api/render/sos.pdf?language=fr").json();
    assert_eq!(e["status"], 400);
    assert_eq!(e["key"], "document.language", "{e}");
}

#[test]
fn nothing_a_request_sends_reaches_the_file_system() {
    let s = Server::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("secret.toml");
    std::fs::write(&map, example("examples/maps/free-8-3.toml")).unwrap();
    for path in [
        map.display().to_string(),
        "../../../etc/passwd".into(),
        "secret.toml".into(),
    ] {
        // A spec naming a map file.
        let spec = format!("[[strategic-field]]\nrow-numbers = \"{path}\"\n");
        let r = s.post("/api/render.pdf", "text/plain", spec.as_bytes());
        assert_eq!(r.status, 400, "{path}: {}", r.text());
        assert!(
            !r.text().contains("free-8-3") && !r.text().contains("root:"),
            "{}",
            r.text()
        );
        // A change naming one.
        let r = s.get(&format!(
            "/api/render/strategic-functional.pdf?set={}",
            escape(&format!("field.row-numbers={path}"))
        ));
        assert_eq!(r.status, 400, "{path}: {}", r.text());
        // A handout naming a sheet file.
        let handout = format!("[handout]\ngame = \"sos\"\nsheet = \"{path}\"\n");
        assert_eq!(
            s.post("/api/handout.pdf", "text/plain", handout.as_bytes())
                .status,
            400
        );
        // A record naming a map file.
        let record =
            format!("[Game \"strategic\"]\n[Ruleset \"functional\"]\n[Map \"{path}\"]\n1. 5.5.5\n");
        let report = s.post("/api/check", "text/plain", record.as_bytes()).json();
        assert_eq!(report["games"][0]["status"], "unusable", "{report}");
        // An analysis naming one.
        let r = s.get(&format!("/api/analyze/functional?map={}", escape(&path)));
        assert_eq!(r.status, 400, "{}", r.text());
    }
}

#[test]
fn limits_are_answered_with_a_message_never_a_hang() {
    let s = Server::start(&[]);
    // The body.
    let big = vec![b'#'; 3 << 20];
    let r = s.post("/api/render.pdf", "text/plain", &big);
    assert_eq!(r.status, 413, "{}", r.text());
    assert!(
        r.json()["message"].as_str().unwrap().contains("2 MiB"),
        "{}",
        r.text()
    );
    // A spec over the spec limit, under the body limit.
    let r = s.post("/api/render.pdf", "text/plain", &vec![b'#'; (1 << 20) + 10]);
    assert_eq!(r.status, 413, "{}", r.text());
    // Changes per request.
    let sets: Vec<String> = (0..201).map(|_| "set=sos.cell%3D9".to_string()).collect();
    let r = s.get(&format!("/api/render/sos.pdf?{}", sets.join("&")));
    assert_eq!(r.status, 413, "{}", r.text());
    // Handout copies.
    let r = s.post(
        "/api/handout.pdf",
        "text/plain",
        b"[handout]\ngame = \"sos\"\ncopies = 101\n",
    );
    assert_eq!(r.status, 413);
    assert_eq!(r.json()["key"], "handout.copies");
    // Games per check.
    let games = "[Game \"tictactoe\"]\n1. 5\n".repeat(2001);
    let r = s.post("/api/check", "text/plain", games.as_bytes());
    assert_eq!(r.status, 413, "{}", r.text());
    assert!(r.text().contains("2000 games"), "{}", r.text());
    // Errors per game: 20 by default, as the command line.
    let moves: String = (1..=60).map(|i| format!("{i}. 5 ")).collect();
    let record = format!("[Game \"tictactoe\"]\n{moves}\n");
    let report = s
        .post("/api/check?max-errors=3", "text/plain", record.as_bytes())
        .json();
    assert_eq!(
        report["games"][0]["errors"].as_array().unwrap().len(),
        3,
        "{report}"
    );
    assert!(report["games"][0]["more_errors"].as_u64().unwrap() > 0);
    let e = s
        .post("/api/check?max-errors=0", "text/plain", record.as_bytes())
        .json();
    assert_eq!(e["key"], "max-errors");
}

#[test]
fn hosts_and_other_sites_are_refused() {
    let s = Server::start(&[]);
    let r = request(
        s.addr,
        "GET",
        "/api/templates",
        &[("Host", "attacker.example:80")],
        b"",
    );
    assert_eq!(r.status, 421);
    assert!(
        r.json()["message"]
            .as_str()
            .unwrap()
            .contains(&s.addr.to_string())
    );
    let r = request(
        s.addr,
        "GET",
        "/",
        &[("Host", &format!("localhost:{}", s.addr.port()))],
        b"",
    );
    assert_eq!(r.status, 200);
    let own = s.url();
    let r = request(
        s.addr,
        "POST",
        "/api/check",
        &[
            ("Origin", "http://attacker.example"),
            ("Content-Type", "text/plain"),
        ],
        b"x",
    );
    assert_eq!(r.status, 403);
    let r = request(
        s.addr,
        "POST",
        "/api/check",
        &[("Origin", &own), ("Content-Type", "text/plain")],
        b"[Game \"tictactoe\"]\n1. 5\n",
    );
    assert_eq!(r.status, 200, "{}", r.text());
}

#[test]
fn check_gives_the_command_lines_json_and_diagrams() {
    let s = Server::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let records = example("examples/records/tictactoe.txt")
        + "\n"
        + &example("examples/records/illegal/occupied-cell.txt");
    std::fs::write(dir.path().join("games.txt"), &records).unwrap();
    let cli_json = cli(&["check", "games.txt", "--json"], dir.path());
    let api = s.post(
        "/api/check?name=games.txt",
        "text/plain",
        records.as_bytes(),
    );
    assert_eq!(api.status, 200);
    assert!(
        api.header("content-type")
            .unwrap()
            .starts_with("application/json")
    );
    assert_eq!(
        api.text(),
        String::from_utf8_lossy(&cli_json),
        "the API's report differs from check --json"
    );
    let report = api.json();
    let games = report["games"].as_array().unwrap();
    assert!(games.iter().any(|g| g["status"] == "illegal"));
    let illegal = games.iter().find(|g| g["status"] == "illegal").unwrap();
    let suggestion = &illegal["errors"][0]["suggestions"][0];
    assert!(
        suggestion["says"].as_str().unwrap().contains("then"),
        "{suggestion}"
    );

    // Diagrams: every game as PDF, one game as SVG.
    let pdf = s.post(
        "/api/check?name=games.txt&diagram=pdf",
        "text/plain",
        records.as_bytes(),
    );
    assert_eq!(pdf.status, 200);
    // The same pages as `check --diagram` (tic-tac-toe games share a page).
    cli(
        &["check", "games.txt", "--diagram", "games.pdf"],
        dir.path(),
    );
    let cli_pdf = std::fs::read(dir.path().join("games.pdf")).unwrap();
    assert!(page_count(&pdf.body) >= 1 && page_count(&pdf.body) <= games.len());
    assert_eq!(page_count(&pdf.body), page_count(&cli_pdf));
    assert!(
        pdf.body == cli_pdf,
        "the API's diagrams differ from check --diagram"
    );
    // The API's diagrams with `query` added, and the command line's with
    // `flags`, written to `out`: the same bytes.
    let same_as_cli = |query: &str, flags: &[&str], out: &str| {
        let api = s.post(
            &format!("/api/check?name=games.txt&diagram=pdf&{query}"),
            "text/plain",
            records.as_bytes(),
        );
        assert_eq!(api.status, 200, "{}", api.text());
        let mut args = vec!["check", "games.txt", "--diagram", out];
        args.extend(flags);
        cli(&args, dir.path());
        let from_cli = std::fs::read(dir.path().join(out)).unwrap();
        assert!(
            api.body == from_cli,
            "{query}: the API's diagrams differ from the CLI's"
        );
        api.body
    };
    // In German, as `check --diagram --language de`.
    let de = same_as_cli("language=de", &["--language", "de"], "de.pdf");
    assert!(de != cli_pdf, "the language changed nothing");
    // At a move, as `check --diagram --at`.
    let at = same_as_cli("at=3", &["--at", "3"], "at.pdf");
    assert!(pdftotext_layout(&at).contains("Position after 3 of"));
    let bad = s.post(
        "/api/check?diagram=pdf&at=x",
        "text/plain",
        records.as_bytes(),
    );
    assert_eq!((bad.status, bad.json()["key"].as_str()), (400, Some("at")));
    let bad = s.post(
        "/api/check?diagram=pdf&language=xx",
        "text/plain",
        records.as_bytes(),
    );
    assert_eq!(bad.status, 400);
    assert_eq!(bad.json()["key"], "language");
    assert_eq!(
        pdf.header("content-disposition"),
        Some("attachment; filename=\"games-diagrams.pdf\"")
    );
    let svg = s.post(
        "/api/check?diagram=svg&game=2",
        "text/plain",
        records.as_bytes(),
    );
    assert_eq!(svg.status, 200, "{}", svg.text());
    parse_svg(&svg.text());
    let e = s
        .post("/api/check?diagram=svg", "text/plain", records.as_bytes())
        .json();
    assert_eq!(e["key"], "game");
    let e = s
        .post(
            "/api/check?diagram=svg&game=99",
            "text/plain",
            records.as_bytes(),
        )
        .json();
    assert_eq!(e["status"], 400);

    // Map files posted with the records, named by a record's tag.
    let map = example("examples/maps/free-8-3.toml");
    let record = "[Game \"strategic\"]\n[Ruleset \"functional\"]\n[Map \"free-8-3\"]\n1. 5.5.5\n";
    let body = serde_json::json!({"records": record, "name": "mine.txt", "maps": [{"name": "free-8-3.toml", "text": map}]});
    let r = s.post_json("/api/check", &body).json();
    assert_eq!(r["games"][0]["status"], "legal", "{r}");
    let unnamed = s.post("/api/check", "text/plain", record.as_bytes()).json();
    assert_eq!(unnamed["games"][0]["status"], "unusable");
    // A bad map file: where it is wrong.
    let body = serde_json::json!({"records": record, "maps": [{"name": "bad.toml", "text": "kind = \"functional\"\ncolumns = [[1]]\n"}]});
    let e = s.post_json("/api/check", &body).json();
    assert_eq!(e["status"], 400, "{e}");
    assert_eq!(e["line"], 2, "{e}");
}

#[test]
fn a_suggestion_applied_mends_the_record() {
    let s = Server::start(&[]);
    let record = "[Game \"tictactoe\"]\n1. 5 1 2. 5 3\n";
    let report = s.post("/api/check", "text/plain", record.as_bytes()).json();
    assert_eq!(report["games"][0]["status"], "illegal");
    let body =
        serde_json::json!({"records": record, "picks": [{"game": 1, "error": 0, "suggestion": 0}]});
    let fixed = s.post_json("/api/check/fix", &body).json();
    let text = fixed["text"].as_str().unwrap();
    assert_ne!(text, record);
    assert_eq!(fixed["changes"][0]["line"], 2, "{fixed}");
    let again = s.post("/api/check", "text/plain", text.as_bytes()).json();
    assert_eq!(again["games"][0]["status"], "legal", "{text}");
    // All at once, as check --fix: only what is sure. 2, 4 and 6 for the
    // second 5 are equally good (neighbouring keys, each then legal), so the
    // record stays as written and `left` says why.
    let body = serde_json::json!({"records": record, "all": true});
    let all = s.post_json("/api/check/fix", &body).json();
    assert_eq!(all["text"], record, "{all}");
    assert_eq!(all["changes"].as_array().unwrap().len(), 0, "{all}");
    assert_eq!(all["left"][0]["line"], 2, "{all}");
    assert!(
        all["left"][0]["why"].as_str().unwrap().starts_with(
            "the best suggestions are equally good: 2 (one digit, a neighbouring key)? "
        ),
        "{all}"
    );
    assert_eq!(
        report["games"][0]["errors"][0]["suggestions"][0]["tie"],
        true
    );
    // A sure one is applied: 2.1 in cell 1 is one neighbouring key from 1.1.
    let sure = "[Game \"ultimate\"]\n1. 5.7 7.1 2. 1.7 7.5 3. 5.1 2.1\n";
    let body = serde_json::json!({"records": sure, "all": true});
    let all = s.post_json("/api/check/fix", &body).json();
    assert_eq!(all["changes"].as_array().unwrap().len(), 1, "{all}");
    assert!(all["left"].as_array().unwrap().is_empty(), "{all}");
    // A pick that is not there.
    let body =
        serde_json::json!({"records": record, "picks": [{"game": 1, "error": 5, "suggestion": 0}]});
    assert_eq!(s.post_json("/api/check/fix", &body).status, 400);
}

#[test]
fn analysis_gives_the_command_lines_json_and_heat_maps() {
    let s = Server::start(&[]);
    for (path, args) in [
        (
            "/api/analyze/functional?map=map67",
            vec!["analyze", "functional", "--map", "map67", "--json"],
        ),
        (
            "/api/analyze/tactical",
            vec!["analyze", "tactical", "--json"],
        ),
        (
            "/api/analyze/hyperfunctional?hypermap=hmap1&matrix=1",
            vec![
                "analyze",
                "hyperfunctional",
                "--hypermap",
                "hmap1",
                "--json",
                "--matrix",
            ],
        ),
    ] {
        let r = s.get(path);
        assert_eq!(r.status, 200, "{path}: {}", r.text());
        assert_eq!(r.body, cli(&args, Path::new(ROOT)), "{path}");
    }
    // A posted map file.
    let file = "examples/maps/free-8-3.toml";
    let body = serde_json::json!({"map": {"name": "free-8-3.toml", "text": example(file)}});
    let r = s.post_json("/api/analyze/functional", &body);
    assert_eq!(r.status, 200, "{}", r.text());
    let cli_json = cli(
        &["analyze", "functional", "--map", file, "--json"],
        Path::new(ROOT),
    );
    assert_eq!(r.body, cli_json);
    // Heat maps.
    let svg = s.get("/api/analyze/functional/heatmap.svg?map=map34");
    assert_eq!(svg.status, 200);
    parse_svg(&svg.text());
    let pdf = s.post_json("/api/analyze/functional/heatmap.pdf", &body);
    assert_eq!(pdf.status, 200, "{}", pdf.text());
    assert!(pdftotext_layout(&pdf.body).contains("Transition distances"));
    // Errors.
    assert_eq!(s.get("/api/analyze/nope").status, 404);
    assert_eq!(
        s.get("/api/analyze/functional?map=map99").json()["key"],
        "map"
    );
    assert_eq!(s.get("/api/analyze/tactical?map=map34").status, 400);
    assert_eq!(s.get("/api/analyze/functional/heatmap.png").status, 404);
    let maps = s.get("/api/maps").json();
    assert_eq!(
        maps["hyperfunctional"],
        serde_json::json!(["hmap1", "hmap2"])
    );
}

#[test]
fn a_handout_is_the_command_lines_and_its_pages_are_shown() {
    let s = Server::start(&[]);
    let text = example("examples/handouts/sos-class.toml");
    let r = posted_as_the_command_line_writes(
        &s,
        "/api/handout.pdf?name=sos-class.toml",
        ("sos-class.toml", &text),
        &["handout", "sos-class.toml"],
    );
    let pages = s
        .post("/api/handout/pages", "text/plain", text.as_bytes())
        .json();
    let total = pages["pages"].as_u64().unwrap() as usize;
    assert_eq!(total, page_count(&r.body));
    let runs = pages["runs"].as_array().unwrap();
    // The 15 game sheets are one picture, each on a sheet of paper of its
    // own (a blank back between them), as the page plan says.
    let spans: Vec<(u64, u64, u64)> = runs
        .iter()
        .map(|r| {
            let n = |k: &str| r[k].as_u64().unwrap();
            (n("first"), n("last"), n("copies"))
        })
        .collect();
    // Each game sheet's code names its copy, so no two are one picture:
    // the 15 sheets are pages 3, 5, …, 31, each a run of its own.
    for copy in 0..15 {
        let page = 3 + 2 * copy;
        assert!(spans.contains(&(page, page, 1)), "{spans:?}");
    }
    let plan = pages["plan"].as_array().unwrap();
    assert_eq!(plan.len(), total);
    for (i, p) in plan.iter().enumerate() {
        let role = p["role"].as_str().unwrap();
        let expected = match i + 1 {
            1 => "rules",
            3..=31 if i % 2 == 0 => "sheet",
            _ => role,
        };
        assert_eq!((p["page"].as_u64(), role), (Some(i as u64 + 1), expected));
    }
    assert_eq!(plan[2]["copy"], 1);
    assert_eq!(plan[30]["copy"], 15);
    assert!(spans.len() <= total, "{spans:?}");
    assert_eq!(
        runs.last().unwrap()["last"].as_u64().unwrap() as usize,
        total
    );
    for run in runs {
        parse_svg(run["svg"].as_str().unwrap());
    }
    // A bad key: where.
    let e = s
        .post(
            "/api/handout.pdf?name=h.toml",
            "text/plain",
            b"[handout]\ngame = \"chess\"\n",
        )
        .json();
    assert_eq!(
        (e["line"].as_u64(), e["origin"].as_str()),
        (Some(2), Some("h.toml")),
        "{e}"
    );
}

/// The page's Check tab annotates the games (`annotate=1`), draws a
/// moment with its winning line, and its Handout tab makes the `win`
/// worksheet from the records posted with the spec: the command line's
/// handout, byte for byte; too few positions say how many there are.
#[test]
fn the_page_annotates_games_and_makes_a_worksheet_from_them() {
    let s = Server::start(&[]);
    let records = example("examples/handouts/class-games.txt");
    let report = s
        .post(
            "/api/check?annotate=1&name=class-games.txt",
            "text/plain",
            records.as_bytes(),
        )
        .json();
    let games = report["games"].as_array().unwrap();
    let annotated = games
        .iter()
        .position(|g| g["annotations"].as_array().is_some_and(|a| !a.is_empty()))
        .expect("a game with moments")
        + 1;
    let moment = s.post(
        &format!("/api/check?annotate=1&diagram=svg&game={annotated}&moment=1"),
        "text/plain",
        records.as_bytes(),
    );
    assert_eq!(moment.status, 200, "{}", moment.text());
    let svg = moment.text();
    assert!(svg.contains("fill=\"#ffffff\"") && svg.contains(">1</text>"));
    let none = s.post(
        "/api/check?annotate=1&diagram=svg&game=1&moment=99",
        "text/plain",
        records.as_bytes(),
    );
    assert_eq!(none.status, 400);

    let spec = example("examples/handouts/ultimate-win.toml");
    let body = |spec: &str| {
        serde_json::json!({"spec": spec, "records": records, "name": "class-games.txt"}).to_string()
    };
    let r = s.post(
        "/api/handout.pdf?name=ultimate-win.toml",
        "application/json",
        body(&spec).as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ultimate-win.toml"), &spec).unwrap();
    std::fs::write(dir.path().join("class-games.txt"), &records).unwrap();
    cli(&["handout", "ultimate-win.toml", "-o", "h.pdf"], dir.path());
    assert!(
        r.body == std::fs::read(dir.path().join("h.pdf")).unwrap(),
        "the worksheet differs from the command line's"
    );
    let too_many = spec.replace("exercises = 6", "exercises = 60");
    let r = s.post(
        "/api/handout/pages",
        "application/json",
        body(&too_many).as_bytes(),
    );
    assert_eq!(r.status, 400);
    assert!(r.text().contains("hold only"), "{}", r.text());
}

/// The words the page shows in its own language: what a fix changed and
/// why it left an error, the check's sentences, and the heat map — the
/// same as the command line's with `--language`.
#[test]
fn fixes_checks_and_heat_maps_speak_the_language_asked_for() {
    let s = Server::start(&[]);
    let record = "[Game \"tictactoe\"]\n1. 5 1 2. 5 3\n";
    let fix = |body: serde_json::Value| s.post_json("/api/check/fix", &body);
    let all = fix(serde_json::json!({"records": record, "all": true, "language": "de"})).json();
    assert!(
        all["left"][0]["why"].as_str().unwrap().starts_with(
            "die besten Vorschläge sind gleich gut: 2 (eine Ziffer, eine Nachbartaste)? "
        ),
        "{all}"
    );
    let r = fix(serde_json::json!({"records": record, "all": true, "language": "fr"}));
    assert_eq!(r.status, 400, "{}", r.text());
    let report = s
        .post("/api/check?language=ru", "text/plain", record.as_bytes())
        .json();
    assert_eq!(
        report["games"][0]["errors"][0]["says"],
        "клетка 5 уже занята: там X"
    );
    assert_eq!(report["games"][0]["what"], "крестики-нолики");
    let r = s.get("/api/analyze/tactical/heatmap.svg?language=de");
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(
        r.body,
        cli_file(
            &["analyze", "tactical", "--language", "de", "--heatmap"],
            "h.svg"
        )
    );
    assert!(
        r.text().contains("Übergangsabstände: taktisch"),
        "{}",
        r.text()
    );
    assert_eq!(
        s.get("/api/analyze/tactical/heatmap.svg?language=fr")
            .status,
        400
    );
}

/// Why the print tab's sheet is refused, in the page's language: `says`
/// words the reason in the language `says=` asks for (the page's, which
/// the sheet's `language` need not be), while `message`, `reason` and
/// `code` stay the English scripts read.
#[test]
fn a_refused_sheet_is_said_in_the_language_the_page_asks_for() {
    let s = Server::start(&[]);
    // A change out of range, on a German page.
    let e = s
        .get("/api/render/sos.svg?set=sos.size%3D99x99&says=de")
        .json();
    assert_eq!(e["status"], 400, "{e}");
    assert_eq!(e["code"], "paperboard::spec::set", "{e}");
    assert_eq!(e["key"], "sos.size", "{e}");
    assert!(e["message"].as_str().unwrap().contains("must be"), "{e}");
    let says = e["says"].as_str().unwrap();
    assert!(says.contains("muss") && says.contains("99x99"), "{e}");
    for english in ["must", "columns", "rows", "each", "number", "from"] {
        assert!(!says.contains(english), "{english} in {says}");
    }
    // A sheet that does not fit, on a Russian page: the margin in Russian.
    let e = s
        .get("/api/render/strategic-functional.pdf?page=A5&says=ru")
        .json();
    assert_eq!(e["code"], "paperboard::layout::does_not_fit", "{e}");
    let says = e["says"].as_str().unwrap();
    assert!(says.contains("поле"), "{e}");
    for english in ["layout", "reaches", "past", "margin", "fit"] {
        assert!(!says.contains(english), "{english} in {says}");
    }
    // A posted spec with a misspelt key, its form asked for on a Thai page.
    let spec = "[page]\nsise = \"A4\"\n";
    let e = s
        .post(
            "/api/spec/form?name=mine.toml&says=th",
            "text/plain",
            spec.as_bytes(),
        )
        .json();
    assert_eq!(e["line"], 2, "{e}");
    let says = e["says"].as_str().unwrap();
    assert!(says.contains("sise") && says.contains("คีย์"), "{e}");
    assert!(!says.contains("unknown"), "{e}");
    // Without `says=` no `says`; a language with no texts is refused.
    let e = s.get("/api/render/sos.svg?set=sos.size%3D99x99").json();
    assert!(e.get("says").is_none(), "{e}");
    let e = s.get("/api/render/sos.svg?says=fr").json();
    assert_eq!(
        (e["status"].as_u64(), e["key"].as_str()),
        (Some(400), Some("says"))
    );
}

/// A request refused as a whole (too large a body, more games than a
/// check takes, too many copies) says why in the language the page names
/// in `Accept-Language`; `message` and `code` stay the English scripts read.
#[test]
fn a_request_refused_as_a_whole_is_said_in_the_language_the_page_accepts() {
    let s = Server::start(&[]);
    let post = |path: &str, language: &str, body: &[u8]| {
        request(
            s_addr(&s),
            "POST",
            path,
            &[
                ("Content-Type", "text/plain"),
                ("Accept-Language", language),
            ],
            body,
        )
    };
    let big = vec![b'#'; 3 << 20];
    let e = post("/api/render.pdf", "de-DE,de;q=0.9", &big).json();
    assert_eq!(
        (e["status"].as_u64(), e["code"].as_str()),
        (Some(413), Some("too-large"))
    );
    assert!(
        e["message"].as_str().unwrap().contains("larger than 2 MiB"),
        "{e}"
    );
    assert!(
        e["says"].as_str().unwrap().contains("größer als 2 MiB"),
        "{e}"
    );
    let games = "[Game \"tictactoe\"]\n1. 5\n".repeat(2001);
    let e = post("/api/check", "ru", games.as_bytes()).json();
    assert_eq!(e["code"], "too-large", "{e}");
    let says = e["says"].as_str().unwrap();
    assert!(says.contains("больше 2000 партий"), "{e}");
    assert!(!says.contains("games") && !says.contains("larger"), "{e}");
    let e = post(
        "/api/handout.pdf",
        "th",
        b"[handout]\ngame = \"sos\"\ncopies = 101\n",
    )
    .json();
    assert_eq!(e["key"], "handout.copies", "{e}");
    assert!(
        e["says"].as_str().unwrap().contains("แผ่นเกม 101 แผ่น"),
        "{e}"
    );
    // No language asked for, or one without texts: no `says`.
    let e = post("/api/render.pdf", "fr", &big).json();
    assert!(e.get("says").is_none(), "{e}");
}

fn s_addr(s: &Server) -> std::net::SocketAddr {
    s.url().trim_start_matches("http://").parse().unwrap()
}
