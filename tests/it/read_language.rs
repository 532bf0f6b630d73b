//! `paperboard read --language`: the report on a photo read, and why a
//! photo was not read, in the teacher's language (else the locale's), as
//! `check` speaks it; JSON keeps `error` in English and adds `says`.

use std::process::Output;

fn read(args: &[&std::ffi::OsStr], locale: &str) -> Output {
    crate::common::paperboard()
        .env("LC_ALL", locale)
        .arg("read")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_photo_read_and_a_photo_refused_are_said_in_the_language_asked_for() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let photo = root.join("examples/photos/ultimate.jpg");
    let dir = tempfile::tempdir().unwrap();
    let not_a_photo = dir.path().join("notes.jpg");
    std::fs::write(&not_a_photo, "not a photo").unwrap();
    let both = [photo.as_os_str(), not_a_photo.as_os_str()];

    let german = read(
        &[&["--language".as_ref()][..], &["de".as_ref()], &both].concat(),
        "C",
    );
    let text = String::from_utf8_lossy(&german.stdout);
    assert_eq!(german.status.code(), Some(2), "{text}");
    assert!(text.contains("; gelesen aus "), "{text}");
    assert!(text.contains("kein JPEG- oder PNG-Bild"), "{text}");
    assert!(
        text.contains("2 Fotos oder Seiten: 1 Spiel, 1 nicht gelesen"),
        "{text}"
    );
    for english in [
        "read from",
        "moves",
        "doubtful",
        "not an image",
        "photos or pages",
        "checked:",
    ] {
        assert!(!text.contains(english), "`{english}` in {text}");
    }

    // The locale's language without the option; the option wins over it.
    // (A photo refused is enough to tell the language: reading one costs.)
    let russian = read(&[not_a_photo.as_os_str()], "ru_RU.UTF-8");
    let text = String::from_utf8_lossy(&russian.stdout);
    assert!(text.contains("это не изображение JPEG или PNG"), "{text}");
    let english = read(
        &[
            "--language".as_ref(),
            "en".as_ref(),
            not_a_photo.as_os_str(),
        ],
        "ru_RU.UTF-8",
    );
    let text = String::from_utf8_lossy(&english.stdout);
    assert!(text.contains("not a JPEG or PNG"), "{text}");

    // JSON: the English error for scripts, and `says` in the language.
    let json = read(
        &[
            &["--json".as_ref(), "--language".as_ref(), "th".as_ref()][..],
            &[not_a_photo.as_os_str()],
        ]
        .concat(),
        "C",
    );
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let unread = &doc["unread"][0];
    assert!(
        unread["error"].as_str().unwrap().contains("not a JPEG"),
        "{doc}"
    );
    assert_eq!(unread["code"], "not-an-image", "{doc}");
    assert!(
        !unread["says"].as_str().unwrap().contains("JPEG or"),
        "{doc}"
    );
}
