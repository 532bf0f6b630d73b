//! Writing output files safely.
//!
//! Every file paperboard writes goes through [`write_atomic`]: the bytes are
//! written to a temporary file in the target's directory and renamed over the
//! target only once complete, so a failed run never leaves a half-written file
//! or clobbers the previous one.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` atomically (temporary file in the same directory,
/// then rename).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".paperboard-").suffix(".tmp");
    // Temporary files are private (0600) by default; the output should get
    // the mode any new file gets (0666 less the umask), like `cp` would give.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut tmp = builder.tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
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
    fn output_gets_the_mode_of_an_ordinary_new_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let ordinary = dir.path().join("ordinary.txt");
        std::fs::write(&ordinary, b"x").unwrap();
        let p = dir.path().join("out.txt");
        write_atomic(&p, b"x").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&p), mode(&ordinary));
    }

    #[test]
    fn missing_directory_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("no/such/dir/out.txt");
        assert!(write_atomic(&p, b"x").is_err());
    }
}
