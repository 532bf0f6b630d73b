//! Photos that are no readable sheet, a code too fine to read directly,
//! and a second sheet whose code the first search misses: synthetic photos of real sheets (the photographer of
//! `tests/read/photos.rs`, which the integration tests and the benchmark
//! use too) read step by step. Unit tests, as decoding the photo
//! (`decode_photo`), reading a decoded one (`read_decoded`) and finding the
//! code (`find_codes`, `codes_unmagnified`) are the reader's own steps; the
//! library user reads a photo's bytes with `read_photo`.

use paperboard_games::games::random::random_ttt_game;
use paperboard_games::rng::SplitMix64;

use super::locate::{SearchCopy, codes_unmagnified, find_codes};
use super::photo::{Photo, decode_photo};
use super::sheet::{game_of, join_games, read_decoded, read_photo};
use photos::{Shot, assert_read, page, photograph, play_on};

// The photographer the integration tests and the benchmark share (`pub`
// there, for their other modules).
#[allow(unreachable_pub)]
#[path = "../../../../tests/read/photos.rs"]
mod photos;

fn photo_error(jpeg: &[u8]) -> (String, &'static str) {
    let e = read_photo(jpeg, None).map(|_| ()).unwrap_err();
    (e.to_string(), e.code())
}

#[test]
fn what_is_no_readable_sheet_says_why() {
    let mut rng = SplitMix64::new(4);
    let (blank, _) = page("ultimate", &[]);
    let jpeg = photograph(&blank, Shot::plain(), &mut rng);
    // A blank sheet: found, read, and nothing written.
    let sheet = read_photo(&jpeg, None).unwrap();
    let games = join_games(std::slice::from_ref(&sheet));
    let err = games[0].1.as_ref().unwrap_err();
    assert_eq!(err.code(), "blank-sheet");
    assert!(err.to_string().contains("nothing is written"), "{err}");

    // Half a sheet: the top half has no code.
    let photo = decode_photo(&jpeg).unwrap();
    let half = Photo::from_grey(
        photo.width,
        photo.height / 2,
        photo.grey[..photo.width * (photo.height / 2)].to_vec(),
    )
    .unwrap();
    let e = read_decoded(&half, None).map(|_| ()).unwrap_err();
    assert_eq!(e.code(), "no-code", "{e}");
    // The bottom half has the code but not the top marks.
    let start = photo.width * (photo.height / 2);
    let bottom = Photo::from_grey(
        photo.width,
        photo.height - photo.height / 2,
        photo.grey[start..].to_vec(),
    )
    .unwrap();
    let e = read_decoded(&bottom, None).map(|_| ()).unwrap_err();
    assert_eq!(e.code(), "no-mark", "{e}");
    assert!(e.to_string().contains("top-"), "{e}");

    // Too dark: the same photo at a tenth of the light.
    let dark: Vec<u8> = photo.grey.iter().map(|g| g / 10).collect();
    let e = Photo::from_grey(photo.width, photo.height, dark).unwrap_err();
    assert_eq!(e.code(), "photo-too-dark");

    // Too small: a thumbnail.
    let small = image::GrayImage::from_pixel(400, 560, image::Luma([200]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    small.write_to(&mut bytes, image::ImageFormat::Png).unwrap();
    let (message, code) = photo_error(bytes.get_ref());
    assert_eq!(code, "photo-too-small", "{message}");

    // Not a sheet: a photo of the table alone; and not an image.
    let table = Photo::from_grey(
        1200,
        900,
        (0..1200 * 900).map(|i| (100 + (i % 37)) as u8).collect(),
    )
    .unwrap();
    assert_eq!(
        read_decoded(&table, None).map(|_| ()).unwrap_err().code(),
        "no-code"
    );
    let (message, code) = photo_error(b"%PDF-1.7 not a photo");
    assert_eq!(code, "not-an-image");
    assert!(message.contains("JPEG or PNG"), "{message}");
}

#[test]
fn a_strategic_code_too_fine_to_read_directly_is_read_magnified() {
    // The Strategic sheet's code text is long, so its modules are small:
    // in a clean photo of 2,200 pixels on the long side they are about
    // three pixels each, too few for the decoder to sample directly.
    let spec = crate::spec::Spec::template(
        crate::Template::from_name("strategic-functional").unwrap(),
        &[],
    )
    .unwrap();
    let setup = game_of(&spec, None).expect("a tic-tac-toe family sheet");
    let mut rng = SplitMix64::new(5);
    let truth = random_ttt_game(setup.ttt_game().unwrap(), &mut rng, Some(20)).0;
    let (mut sheet, geometry) = page("strategic-functional", &[]);
    let code = geometry.code.as_ref().unwrap().text.clone();
    play_on(&mut sheet, &geometry, &truth, true, &mut rng);
    let shot = Shot {
        long_side: 2200,
        ..Shot::plain()
    };
    let jpeg = photograph(&sheet, shot, &mut rng);
    let photo = decode_photo(&jpeg).unwrap();
    // Read directly, at every threshold, the code is not found ...
    assert!(codes_unmagnified(&photo).is_empty());
    // ... and from the magnified region it is, the sheet's own.
    let never = std::sync::atomic::AtomicBool::new(false);
    let meter = super::search::Meter::for_photo(photo.width * photo.height, &never);
    let found = find_codes(&photo, &SearchCopy::of(&photo), &meter).unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, code);
    // The whole sheet then reads as its game.
    let sheet = read_decoded(&photo, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(sheet.code, code);
    let games = join_games(std::slice::from_ref(&sheet));
    let read = &games[0].1.as_ref().unwrap_or_else(|e| panic!("{e}")).moves;
    let right = assert_read(&truth, read);
    assert!(right >= 19, "{right} of 20 right");
}

/// A photo of a table `w × h` pixels with rendered `pages` lying on it:
/// each page, the pixels of the photo one of its pixels spans, and where
/// its top-left corner lies.
fn table_with(w: usize, h: usize, pages: &[(&photos::Grey, f64, (f64, f64))]) -> Photo {
    let mut grey = vec![100u8; w * h];
    for &(page, scale, (left, top)) in pages {
        for y in 0..h {
            for x in 0..w {
                let (u, v) = ((x as f64 - left) / scale, (y as f64 - top) / scale);
                if u < 0.0
                    || v < 0.0
                    || u >= (page.width - 1) as f64
                    || v >= (page.height - 1) as f64
                {
                    continue;
                }
                let (i, j) = (u as usize, v as usize);
                let (tx, ty) = (u.fract(), v.fract());
                let at = |i: usize, j: usize| f64::from(page.pixels[j * page.width + i]);
                let g = (at(i, j) * (1.0 - tx) + at(i + 1, j) * tx) * (1.0 - ty)
                    + (at(i, j + 1) * (1.0 - tx) + at(i + 1, j + 1) * tx) * ty;
                grey[y * w + x] = (g * 0.9) as u8;
            }
        }
    }
    Photo::from_grey(w, h, grey).unwrap()
}

#[test]
fn a_second_sheet_whose_code_shows_only_in_the_whole_photo_is_not_lost() {
    // A small sheet near the camera, its code large, and a sheet further
    // away beside it, its code's modules three pixels: read from the
    // whole photo, but not from a copy half its size, which is where a
    // code is looked for first.
    let a5: crate::spec::Set = "page.size=A5".parse().unwrap();
    let (near, _) = page("ultimate", std::slice::from_ref(&a5));
    let (near_code, far_code) = (
        "PB1 t=ultimate p=A5 o=p l=en r=1 c=1",
        "PB1 t=ultimate p=A4 o=p l=en r=1 c=1",
    );
    let (far, _) = page("ultimate", &[]);
    let (far_scale, near_scale) = (0.7, 1.5);
    let alone = |half: f64| {
        let photo = table_with(
            (1300.0 * half) as usize,
            (1800.0 * half) as usize,
            &[(&far, far_scale * half, (60.0 * half, 60.0 * half))],
        );
        codes_unmagnified(&photo)
    };
    assert_eq!(alone(1.0).len(), 1, "the far sheet's code reads");
    assert_eq!(
        alone(0.5).len(),
        0,
        "the far sheet's code shows at half size"
    );
    let both = table_with(
        3100,
        2600,
        &[
            (&near, near_scale, (60.0, 60.0)),
            (&far, far_scale, (1880.0, 60.0)),
        ],
    );
    // Both are accounted for: the photo is refused, naming both.
    let e = read_decoded(&both, None).map(|s| s.code).unwrap_err();
    assert_eq!(e.code(), "two-sheets", "{e}");
    let super::sheet::ReadError::Locate(super::locate::LocateError::TwoSheets(first, second)) = &e
    else {
        panic!("{e:?}");
    };
    let second = second.as_deref().expect("the far sheet's code is read");
    let mut codes = [first.as_str(), second];
    codes.sort_unstable();
    assert_eq!(codes, [far_code, near_code]);
    // What the class reads: the sheets, not their codes' texts.
    assert!(!e.to_string().contains("PB1"), "{e}");
}

/// `page` with the squares `(x, y, side)` (mm, from the page's top-left
/// corner, as its `geometry` gives them) covered with paper: a code or a
/// mark under a scrap of paper, a sticker or a thumb.
fn covered(page: &photos::Grey, page_mm: f64, squares: &[(f64, f64, f64)]) -> photos::Grey {
    let per_mm = page.width as f64 / page_mm;
    let mut pixels = page.pixels.clone();
    for &(x, y, side) in squares {
        let (x0, y0) = (((x - 2.0) * per_mm) as usize, ((y - 2.0) * per_mm) as usize);
        let reach = ((side + 4.0) * per_mm) as usize;
        for row in y0..(y0 + reach).min(page.height) {
            for column in x0..(x0 + reach).min(page.width) {
                pixels[row * page.width + column] = 255;
            }
        }
    }
    photos::Grey {
        width: page.width,
        height: page.height,
        pixels,
    }
}

#[test]
fn a_second_sheet_whose_code_does_not_read_is_told_and_one_sheet_is_read() {
    // A small sheet near the camera, and beside it a sheet whose code is
    // covered: its four marks show, or three (one covered too).
    let a5: crate::spec::Set = "page.size=A5".parse().unwrap();
    let (near, _) = page("ultimate", std::slice::from_ref(&a5));
    let (far, geometry) = page("ultimate", &[]);
    let code = geometry.code.as_ref().unwrap();
    let code = (code.x_mm, code.y_mm, code.size_mm);
    let mark = &geometry.marks[1];
    let width_mm = geometry.page.width_mm;
    let (near_scale, far_scale) = (0.75, 0.35);
    let photo_of = |far: Option<&photos::Grey>| {
        let mut pages = vec![(&near, near_scale, (30.0, 30.0))];
        pages.extend(far.map(|far| (far, far_scale, (940.0, 30.0))));
        table_with(1550, 1300, &pages)
    };
    // The near sheet alone reads, and no second sheet is said.
    let alone = read_decoded(&photo_of(None), None).unwrap_or_else(|e| panic!("{e}"));
    assert!(alone.code.contains("p=A5"), "{}", alone.code);
    for hidden in [vec![code], vec![code, (mark.x_mm, mark.y_mm, mark.size_mm)]] {
        let far = covered(&far, width_mm, &hidden);
        let e = read_decoded(&photo_of(Some(&far)), None)
            .map(|s| s.code)
            .unwrap_err();
        assert_eq!(e.code(), "two-sheets", "{} covered: {e}", hidden.len());
        let super::sheet::ReadError::Locate(super::locate::LocateError::TwoSheets(first, None)) =
            &e
        else {
            panic!("{e:?}");
        };
        assert!(first.contains("p=A5"), "{first}");
    }
}
