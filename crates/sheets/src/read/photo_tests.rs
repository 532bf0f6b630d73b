//! Photos that are no readable sheet, and a code too fine to read
//! directly: synthetic photos of real sheets (the photographer of
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
