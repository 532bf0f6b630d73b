//! Outputs written through, never replaced: standard output, devices,
//! FIFOs and paths that name a file descriptor. A FIFO that no program is
//! reading is refused ("no program is reading out.svg") after a short grace
//! for a reader started just before, rather than waiting for ever. Standard
//! output closed by its reader (`| head`) is [`OutputError::Closed`];
//! [`crate::console::stdout_closed`] tells the program to end quietly.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::Path;

use super::{OutputError, shown};
use crate::console::stdout_error;

/// Writes bytes to standard output and flushes them.
pub fn write_stdout(bytes: &[u8]) -> Result<(), OutputError> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| stdout_error(e).into())
}

/// Whether `path` names this process's standard output.
pub(super) fn stdout_alias(path: &Path) -> bool {
    [
        Path::new("/dev/stdout"),
        Path::new("/proc/self/fd/1"),
        Path::new("/dev/fd/1"),
    ]
    .contains(&path)
}

pub(super) fn write_through(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let err = |source| OutputError::Write {
        path: shown(path),
        cause: source,
    };
    if stdout_alias(path) {
        // The same descriptor the shell set up, so `>>` keeps appending.
        return write_stdout(bytes);
    }
    let mut file = open_through(path)?;
    file.write_all(bytes)
        .and_then(|()| file.flush())
        .map_err(err)
}

/// How long a FIFO output may wait for its reader to open it: a reader
/// started in the background just before paperboard may not have opened
/// the pipe yet.
const READER_GRACE: std::time::Duration = std::time::Duration::from_secs(1);

/// Opens a device, FIFO or descriptor path for writing, in append mode
/// (a regular file behind a descriptor path is written where the shell left
/// it; devices and pipes ignore the mode), never creating or truncating.
///
/// A FIFO with no reader would block the open for ever, so it is opened
/// non-blocking first: the kernel answers ENXIO at once when no program has
/// it open for reading. Once open, the descriptor is made blocking again so
/// a slow reader is waited for, not lost.
pub(super) fn open_through(path: &Path) -> Result<fs::File, OutputError> {
    let err = |source| OutputError::Write {
        path: shown(path),
        cause: source,
    };
    #[cfg(unix)]
    {
        use rustix::fs::{OFlags, fcntl_getfl, fcntl_setfl};
        use std::os::unix::fs::OpenOptionsExt;
        let waited = std::time::Instant::now();
        loop {
            let opened = OpenOptions::new()
                .append(true)
                .custom_flags(OFlags::NONBLOCK.bits() as i32)
                .open(path);
            match opened {
                Ok(file) => {
                    let flags = fcntl_getfl(&file).map_err(|e| err(e.into()))?;
                    fcntl_setfl(&file, flags - OFlags::NONBLOCK).map_err(|e| err(e.into()))?;
                    return Ok(file);
                }
                Err(e) if e.raw_os_error() == Some(rustix::io::Errno::NXIO.raw_os_error()) => {
                    let fifo = fs::metadata(path)
                        .is_ok_and(|m| std::os::unix::fs::FileTypeExt::is_fifo(&m.file_type()));
                    if !fifo {
                        return Err(err(e));
                    }
                    if waited.elapsed() >= READER_GRACE {
                        return Err(OutputError::NoReader { path: shown(path) });
                    }
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                Err(e) => return Err(err(e)),
            }
        }
    }
    #[cfg(not(unix))]
    OpenOptions::new().append(true).open(path).map_err(err)
}
