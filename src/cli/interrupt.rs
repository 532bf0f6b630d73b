//! What an interrupted run leaves behind: nothing.
//!
//! Outputs are written to temporary files and renamed into place only when
//! complete (see [`crate::cli::output`]), and a temporary file is removed
//! again when its run fails. But a signal that ends the process (Ctrl-C,
//! `kill`, a closed terminal) runs no destructors, so without this module
//! `.paperboard-….tmp` files would stay beside the outputs of every run
//! stopped half-way.
//!
//! Each temporary file is watched from the moment it is [`create`]d. The first watch
//! starts one thread that waits for SIGINT, SIGTERM and SIGHUP; when one
//! comes it removes every file still watched and ends the process with the
//! shell's status for that signal (130, 143, 129). Files already renamed into
//! place are no longer watched, so an output either is complete or was never
//! written. Runs that write no file never start the thread.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once};

/// The temporary files of this process that exist now, by path.
static WATCHED: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());

/// Starts the signal thread once.
static LISTEN: Once = Once::new();

/// A temporary file's registration: removed from the watch list when
/// dropped (after the file was renamed into place or removed).
#[derive(Debug)]
pub struct Watch {
    path: PathBuf,
}

impl Drop for Watch {
    fn drop(&mut self) {
        if let Ok(mut set) = WATCHED.lock() {
            set.remove(&self.path);
        }
    }
}

/// Makes a temporary file with `make` and watches it (its path given by
/// `path`) until the returned [`Watch`] is dropped: a signal that ends the
/// process meanwhile removes it. The list stays locked while the file is
/// made, so a signal can never fall between the file appearing and its
/// being watched.
pub fn create<T>(
    make: impl FnOnce() -> std::io::Result<T>,
    path: fn(&T) -> &Path,
) -> std::io::Result<(T, Watch)> {
    LISTEN.call_once(listen);
    let mut set = WATCHED.lock().unwrap_or_else(|e| e.into_inner());
    let made = make()?;
    let path = path(&made).to_path_buf();
    set.insert(path.clone());
    Ok((made, Watch { path }))
}

/// Removes every watched file; what a signal does before the process ends.
fn remove_watched() {
    // A panicked holder cannot leave the list half-changed (insert and remove
    // are single steps), so a poisoned lock's contents are still right.
    let set = WATCHED.lock().unwrap_or_else(|e| e.into_inner());
    for path in set.iter() {
        let _ = std::fs::remove_file(path);
    }
    // The lock is kept until the process ends, so no new temporary file is
    // registered (or renamed into place unseen) after the clean-up.
    std::mem::forget(set);
}

/// Starts the thread that waits for the signals that end a run, and waits
/// until it listens, so no signal after the first watch is missed.
#[cfg(unix)]
fn listen() {
    let (ready, listening) = std::sync::mpsc::channel::<()>();
    let started = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                .enable_io()
                .build()
            else {
                return;
            };
            runtime.block_on(async {
                use tokio::signal::unix::{SignalKind, signal};
                let (Ok(mut int), Ok(mut term), Ok(mut hup)) = (
                    signal(SignalKind::interrupt()),
                    signal(SignalKind::terminate()),
                    signal(SignalKind::hangup()),
                ) else {
                    return;
                };
                let _ = ready.send(());
                let status = tokio::select! {
                    _ = int.recv() => 130,
                    _ = term.recv() => 143,
                    _ = hup.recv() => 129,
                };
                remove_watched();
                std::process::exit(status);
            });
        });
    // Without the thread the signals keep their default action: the run
    // still ends, only the clean-up is lost. (A thread that could not listen
    // drops its sender, which ends the wait.)
    if started.is_ok() {
        let _ = listening.recv();
    }
}

/// Other systems end the process on Ctrl-C without a clean-up hook here.
#[cfg(not(unix))]
fn listen() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_watch_lasts_as_long_as_its_file() {
        let dir = tempfile::tempdir().unwrap();
        let (file, watch) = create(
            || tempfile::NamedTempFile::new_in(dir.path()),
            tempfile::NamedTempFile::path,
        )
        .unwrap();
        let path = file.path().to_path_buf();
        assert!(WATCHED.lock().unwrap().contains(&path));
        drop(file);
        drop(watch);
        assert!(!WATCHED.lock().unwrap().contains(&path));
    }
}
