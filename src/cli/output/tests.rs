use std::fs::Permissions;
use std::path::Path;

use paperboard_sheets::backend::Format;

use super::door::names_a_descriptor;
use super::parts::{
    MANIFEST_HEADER, Written, manifest_path, manifest_text, parse_manifest, part_path,
};
use super::*;

#[test]
fn replaces_content_and_leaves_no_temporary() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("out.txt");
    write_atomic(&p, b"one").unwrap();
    write_atomic(&p, b"two").unwrap();
    assert_eq!(std::fs::read(&p).unwrap(), b"two");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[cfg(unix)]
#[test]
fn output_gets_the_mode_of_an_ordinary_new_file_and_keeps_an_existing_one() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let ordinary = dir.path().join("ordinary.txt");
    std::fs::write(&ordinary, b"x").unwrap();
    let p = dir.path().join("out.txt");
    write_atomic(&p, b"x").unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&p), mode(&ordinary));
    std::fs::set_permissions(&p, Permissions::from_mode(0o640)).unwrap();
    write_atomic(&p, b"y").unwrap();
    assert_eq!(mode(&p), 0o640);
}

#[test]
fn missing_folder_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("no/such/dir/out.txt");
    let e = write_atomic(&p, b"x").unwrap_err();
    assert!(matches!(e, OutputError::NoFolder { .. }), "{e}");
}

#[test]
fn formats_from_names_and_flags() {
    let p = Path::new("a.pdf");
    assert_eq!(format_for(p, None).unwrap(), Format::Pdf);
    assert_eq!(format_for(p, Some(Format::Pdf)).unwrap(), Format::Pdf);
    let e = format_for(p, Some(Format::Svg)).unwrap_err();
    assert!(e.to_string().contains("contradicts"), "{e}");
    assert!(format_for(Path::new("-"), None).is_err());
    assert_eq!(
        format_for(Path::new("-"), Some(Format::Svg)).unwrap(),
        Format::Svg
    );
    assert_eq!(
        format_for(Path::new("/dev/null"), Some(Format::Svg)).unwrap(),
        Format::Svg
    );
}

#[test]
fn a_list_of_parts_names_numbers_only_and_ignores_what_it_cannot_read() {
    let w = Written {
        size: 10,
        modified: 1_700_000_000_123_456_789,
        inode: 42,
    };
    let parts = vec![(1, w), (2, w), (0, w)];
    assert_eq!(parse_manifest(&manifest_text(&parts)), parts);
    // Not a list, or lines that are no part: nothing to remove.
    assert!(parse_manifest("1 10 1 42\n").is_empty());
    let hostile = format!(
        "{MANIFEST_HEADER}\n../../etc/passwd 1 1 1\n-1 10 1 42\n3 10 1 42 extra\n4 x 1 42\n5 10 1 42\n"
    );
    let w5 = Written {
        size: 10,
        modified: 1,
        inode: 42,
    };
    assert_eq!(parse_manifest(&hostile), [(5, w5)]);
    assert_eq!(part_path(Path::new("d/s.svg"), 5), Path::new("d/s-5.svg"));
    assert_eq!(
        manifest_path(Path::new("d/s.svg")),
        Path::new("d/.s.svg.pages")
    );
}

#[test]
fn descriptor_paths_are_recognised() {
    for p in [
        "/dev/stdout",
        "/dev/fd/63",
        "/proc/self/fd/1",
        "/proc/123/fd/4",
    ] {
        assert!(names_a_descriptor(Path::new(p)), "{p}");
    }
    for p in ["/dev/null", "out.pdf", "/proc/cpuinfo", "/tmp/fd/x"] {
        assert!(!names_a_descriptor(Path::new(p)), "{p}");
    }
}
