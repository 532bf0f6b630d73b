//! Handouts printed on both sides of the paper, through the command line:
//! the page plan as JSON, the blank pages the PDF prints where the plan
//! says, and the answer key written as a file of its own. (The parity of
//! every page in every language is the sheets crate's own test.)

use crate::common;

use common::*;

/// What an English blank page says, as the rules file the program embeds
/// has it.
fn blank_page_en() -> String {
    let path = format!("{}/templates/rules/en.toml", env!("CARGO_MANIFEST_DIR"));
    let value: toml::Value = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    value["blank_page"].as_str().unwrap().to_string()
}

#[test]
fn the_command_prints_the_page_plan_as_json() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("lesson.toml");
    std::fs::write(
        &spec,
        "[handout]\ngame = \"ultimate\"\ncopies = 2\n[worksheet]\nexercises = 2\n",
    )
    .unwrap();
    let run = |args: &[&str]| {
        crate::common::paperboard()
            .arg("handout")
            .arg(&spec)
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    // The plan alone, or the plan and the PDF it describes.
    for args in [&["--json"][..], &["--json", "-o", "lesson.pdf"]] {
        let out = run(args);
        crate::common::assert_ran("handout", &out);
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["version"], 1);
        let pages = json["pages"].as_array().unwrap();
        let roles: Vec<(u64, String, Option<u64>)> = pages
            .iter()
            .map(|p| {
                (
                    p["page"].as_u64().unwrap(),
                    p["role"].as_str().unwrap().to_string(),
                    p["copy"].as_u64(),
                )
            })
            .collect();
        let expected = [
            (1, "rules", None),
            (2, "blank", None),
            (3, "sheet", Some(1)),
            (4, "blank", None),
            (5, "sheet", Some(2)),
            (6, "blank", None),
            (7, "worksheet", None),
            (8, "blank", None),
            (9, "key", None),
        ]
        .map(|(p, r, c)| (p, r.to_string(), c));
        assert_eq!(roles, expected);
        if args.len() > 1 {
            let pdf = std::fs::read(dir.path().join("lesson.pdf")).unwrap();
            assert_eq!(page_count(&pdf), pages.len());
            let blank = blank_page_en();
            for (i, (_, role, _)) in roles.iter().enumerate() {
                let text = pdftotext_page(&pdf, i + 1);
                assert_eq!(
                    text.split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ")
                        .contains(&blank),
                    role == "blank",
                    "page {}: {text}",
                    i + 1
                );
            }
        }
    }
    // The plan and the handout cannot both go to standard output.
    let refused = run(&["--json", "-o", "-"]);
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(refused.stdout.is_empty());
}

#[test]
fn the_command_writes_a_separate_key_beside_the_handout() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("lesson.toml");
    std::fs::write(
        &spec,
        "[handout]\ngame = \"ultimate\"\nlanguage = \"de\"\ncopies = 2\n\
         [worksheet]\nexercises = 4\nkey = \"separate\"\n",
    )
    .unwrap();
    let run = |out: &str| {
        crate::common::paperboard()
            .arg("handout")
            .arg(&spec)
            .args(["--format", "pdf", "-o"])
            .arg(out)
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    let ok = run("lesson.pdf");
    crate::common::assert_ran("handout", &ok);
    let main = std::fs::read(dir.path().join("lesson.pdf")).unwrap();
    let key = std::fs::read(dir.path().join("lesson-key.pdf")).unwrap();
    // Rules, two sheets and the worksheet, each with a blank back but the last.
    assert_eq!(page_count(&main), 2 + 2 + 2 + 1);
    assert!(!pdftotext_layout(&main).contains("Lösungen"));
    assert!(pdftotext_page(&key, 1).contains("Lösungen"));
    // Standard output cannot carry two files: refused, nothing written.
    let refused = run("-");
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(refused.stdout.is_empty());
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(message.contains("key = \"separate\""), "{message}");
}
