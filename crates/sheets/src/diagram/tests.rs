//! The diagrams of checked games, drawn and looked at: marks, won fields,
//! SOS lines, captions, and every board size on its sheet.

use crate::check::{Status, check_source};
use crate::diagram;

/// The text items of a page, in drawing order.
fn page_texts(page: &crate::display::Page) -> Vec<&str> {
    page.items
        .iter()
        .filter_map(|i| match i {
            crate::display::Item::Text(t) => Some(t.content.as_str()),
            _ => None,
        })
        .collect()
}

#[test]
fn diagram_draws_marks_won_fields_and_sos_lines() {
    use crate::display::Item;
    let f = check_source(
        "d.txt",
        b"[Game \"ultimate\"]\n1.1 1.5 5.1 1.4 4.1 1.6 6.1\n",
        None,
    );
    let doc = diagram::diagram(&f.games.iter().collect::<Vec<_>>()).unwrap();
    assert_eq!(doc.pages.len(), 1);
    let items = &doc.pages[0].items;
    let circles = items
        .iter()
        .filter(|i| matches!(i, Item::Circle { .. }))
        .count();
    // O played 1.5 1.4 1.6 and so won tactical cell 1: three marks, and one
    // O in the sheet's "Won boards" grid.
    assert_eq!(circles, 4);
    let tinted: Vec<_> = items
        .iter()
        .filter_map(|i| match i {
            Item::Rect {
                rect,
                fill: Some(c),
                stroke: None,
            } => Some((rect.w, *c)),
            _ => None,
        })
        .collect();
    assert_eq!(tinted.len(), 1, "only tactical cell 1 is decided");
    let on_sheet = items
        .iter()
        .any(|i| matches!(i, Item::Text(t) if t.content == "Ultimate tic-tac-toe"));
    assert!(on_sheet, "drawn on the ultimate sheet");
    // O's fill: a mid-light tone, told from X's nearly white one in grey.
    assert_eq!(tinted[0].1, crate::display::Color::rgb(238, 162, 120));

    let f = check_source(
        "s.txt",
        b"[Game \"sos\"]\n[Size \"4\"]\na1S c1S b1O a3S d4O a2O\n",
        None,
    );
    let report = &f.games[0].report;
    assert_eq!(report.lines.len(), 2);
    let doc = diagram::diagram(&f.games.iter().collect::<Vec<_>>()).unwrap();
    let texts = page_texts(&doc.pages[0]);
    // Bold in the grid; the record tables repeat them in regular weight.
    let bold: Vec<&str> = doc.pages[0]
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) if t.weight == crate::display::FontWeight::Bold => {
                Some(t.content.as_str())
            }
            _ => None,
        })
        .collect();
    assert_eq!(bold.iter().filter(|t| ["S", "O"].contains(t)).count(), 6);
    assert_eq!(texts.iter().filter(|t| ["S", "O"].contains(t)).count(), 12);
    // On the sos sheet, A's score of 2 and B's 0 written in the tally (bold,
    // after the grid's letters).
    assert!(texts.contains(&"Points"), "{texts:?}");
    let after_letters = bold.iter().rposition(|t| ["S", "O"].contains(t)).unwrap();
    assert_eq!(
        bold[after_letters + 1..after_letters + 3],
        ["2", "0"],
        "{bold:?}"
    );
    // A's two SOS lines, in A's colour, plus A's legend sample.
    let a_lines = doc.pages[0]
        .items
        .iter()
        .filter(|i| matches!(i, Item::Line { stroke, .. } if stroke.color == crate::display::Color::rgb(25, 60, 140)))
        .count();
    assert_eq!(a_lines, 3);
    // An unusable game has no page.
    let f = check_source("u.txt", b"[Game \"chess\"]\n", None);
    assert!(
        diagram::diagram(&f.games.iter().collect::<Vec<_>>())
            .unwrap()
            .pages
            .is_empty()
    );
}

#[test]
fn strategic_diagram_is_drawn_on_the_game_sheet_of_its_ruleset() {
    use crate::display::Item;
    let record = b"[Game \"strategic\"]\n5.5.5 6.5.1 5.1.5 2.5.4\n";
    let f = check_source("s.txt", record, None);
    assert_eq!(f.games[0].report.status, Status::Legal);
    let doc = diagram::diagram(&f.games.iter().collect::<Vec<_>>()).unwrap();
    let items = &doc.pages[0].items;
    let texts = page_texts(&doc.pages[0]);
    assert!(
        texts.contains(&"Strategic tic-tac-toe"),
        "the sheet's title"
    );
    assert!(
        texts.iter().any(|t| t.starts_with("map34 · ")),
        "the sheet's footer"
    );
    let circles = items
        .iter()
        .filter(|i| matches!(i, Item::Circle { .. }))
        .count();
    assert_eq!(circles, 2, "O's two moves");
    // Another map: the same sheet, printed with that map's numbers.
    let record = b"[Game \"strategic\"]\n[Map \"map67\"]\n5.5.5\n";
    let f = check_source("s.txt", record, None);
    let doc = diagram::diagram(&f.games.iter().collect::<Vec<_>>()).unwrap();
    let footer = doc.pages[0]
        .items
        .iter()
        .any(|i| matches!(i, Item::Text(t) if t.content.starts_with("map67 · ")));
    assert!(footer, "the footer names the game's map");
}

/// O holds tactical cells 1 and 5 and O's last move draws tactical cell 9:
/// with drawn cells counting for both the field is O's, and the diagram draws
/// it won (an O badge at the field's corner) and says which rules it shows.
#[test]
fn a_field_won_through_a_drawn_cell_is_drawn_won_and_the_caption_names_the_rules() {
    use crate::display::Item;
    let moves = "9.1 1.8 8.8 8.6 6.1 1.2 2.4 4.8 8.9 9.4 4.2 2.1 1.5 5.5 5.1 1.7 7.9 9.3 3.3 3.7 7.1 1.3 3.9 9.8 8.5 5.3 3.6 6.9 9.6 6.3 3.1 1.4 4.5 5.6 6.2 2.9 9.5 5.9 9.7 7.8 8.1 1.1 1.9 9.9 9.2";
    let page = |tags: &str| {
        let f = check_source(
            "w.txt",
            format!("[Game \"ultimate\"]\n{tags}{moves}\n").as_bytes(),
            None,
        );
        let doc = diagram::diagram(&f.games.iter().collect::<Vec<_>>()).unwrap();
        doc.pages.into_iter().next().unwrap()
    };
    let circles = |p: &crate::display::Page| {
        p.items
            .iter()
            .filter(|i| matches!(i, Item::Circle { .. }))
            .count()
    };
    // The caption's verdict, however it is wrapped.
    let caption = |p: &crate::display::Page| {
        let texts = page_texts(p);
        let start = texts.iter().position(|t| t.starts_with("moves:")).unwrap();
        // The legend follows the caption.
        let end = texts.iter().position(|t| *t == "won by X").unwrap();
        texts[start..end].join(" ")
    };
    let wild = page("");
    let none = page("[Draws \"none\"]\n");
    assert!(
        page_texts(&wild).contains(&"Game 1 of w.txt, line 1"),
        "{:?}",
        page_texts(&wild)
    );
    assert_eq!(circles(&wild), circles(&none) + 1, "the field's O badge");
    assert!(
        caption(&wild).ends_with("final position: O won. Rules in force: the authors' rules."),
        "{}",
        caption(&wild)
    );
    assert!(
        caption(&none).ends_with(
            "final position: unfinished. Rules in force: drawn cells count for nobody, decided cells stay open."
        ),
        "{}",
        caption(&none)
    );
}

#[test]
fn every_sos_size_and_player_count_fits_its_sheet() {
    for size in ["3x3", "26x26", "3x26", "26x3", "12x7"] {
        for players in ["Ann, Ben", "Ann, Ben, Cy, Dee, Eve, Fay, Gus, Hal"] {
            let text = format!(
                "[Game \"sos\"]\n[Size \"{size}\"]\n[Players \"{players}\"]\na1S b1O c1S\n"
            );
            let f = check_source("s.txt", text.as_bytes(), None);
            let doc = diagram::diagram(&f.games.iter().collect::<Vec<_>>()).unwrap();
            let texts = page_texts(&doc.pages[0]);
            assert!(
                texts.contains(&"Points"),
                "{size}, {players} players: {texts:?}"
            );
            assert!(!texts.iter().any(|t| t.contains("could not be laid out")));
        }
    }
}

#[test]
fn diagram_caption_names_the_file_not_its_path_and_stays_printable() {
    let folder = "class-7b-autumn-term".repeat(8);
    let name = format!("{folder}/game.txt");
    for record in [
        &b"[Game \"tictactoe\"]\n1 4 2 5 3\n"[..],
        b"[Game \"ultimate\"]\n5.5 5.1\n",
        b"[Game \"sos\"]\n[Size \"5\"]\na1S b1O c1S\n",
    ] {
        let f = check_source(&name, record, None);
        let doc = diagram::diagram(&f.games.iter().collect::<Vec<_>>()).unwrap();
        let page = &doc.pages[0];
        let texts = page_texts(page);
        assert!(texts.iter().any(|t| t.contains("game.txt")), "{texts:?}");
        assert!(
            !texts.iter().any(|t| t.contains(&folder[..20])),
            "{texts:?}"
        );
        // Every text of the page inside the printable area, none under 6 pt.
        for item in &page.items {
            let crate::display::Item::Text(t) = item else {
                continue;
            };
            let w = crate::fonts::text_width(&t.content, t.weight, t.size);
            let left = match t.anchor {
                crate::display::Anchor::Start => t.pos.x,
                crate::display::Anchor::Middle => t.pos.x - w / 2.0,
                crate::display::Anchor::End => t.pos.x - w,
            };
            let top = t.pos.y - crate::fonts::ascent(t.size);
            assert!(
                left >= 7.0 - 1e-6 && left + w <= page.width - 7.0 + 1e-6 && top >= 7.0 - 1e-6,
                "{:?} at {left}, {top}",
                t.content
            );
            // What the diagram writes (the caption over the sheet, the
            // moves and names in ink) is 6 pt at least.
            let written = top < 12.0 || t.color == crate::display::Color::rgb(25, 60, 140);
            assert!(
                !written || crate::display::mm_to_pt(t.size) >= 6.0 - 1e-6,
                "{:?} {} mm",
                t.content,
                t.size
            );
        }
    }
}

#[test]
fn every_sos_board_size_and_player_count_fits_its_diagram_sheet() {
    for (size, players) in [("26x26", "A,B,C,D,E,F,G,H"), ("3x3", ""), ("26x3", "A,B,C")] {
        let players = if players.is_empty() {
            String::new()
        } else {
            format!("[Players \"{players}\"]\n")
        };
        let record = format!("[Game \"sos\"]\n[Size \"{size}\"]\n{players}a1S\n");
        let f = check_source("s.txt", record.as_bytes(), None);
        let doc = diagram::diagram(&f.games.iter().collect::<Vec<_>>())
            .unwrap_or_else(|e| panic!("{size}: {e}"));
        assert_eq!(doc.pages.len(), 1, "{size}");
        assert!(page_texts(&doc.pages[0]).contains(&"S"), "{size}");
    }
}
