//! Helpers for the hostile-input suite (`tests/hostile_*.rs`): run the
//! binary as a user would, in a temporary folder, with a time limit, and
//! check what every hostile test must: no panic (exit code never 101, no
//! "panicked" on standard error), and that files which should not change did
//! not ([`Snapshot`]).

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a run of the binary gave.
#[derive(Debug)]
pub struct Run {
    /// The exit code.
    pub code: i32,
    /// Standard output, as bytes.
    pub stdout: Vec<u8>,
    /// Standard error, as text.
    pub stderr: String,
}

impl Run {
    /// Standard output as text (lossy).
    pub fn out(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    /// Asserts the exit code, showing both streams if it differs.
    pub fn expect_code(&self, code: i32) -> &Run {
        assert_eq!(
            self.code,
            code,
            "stdout: {}\nstderr: {}",
            self.out(),
            self.stderr
        );
        self
    }

    /// Asserts that standard error contains `needle`.
    pub fn expect_err(&self, needle: &str) -> &Run {
        assert!(
            self.stderr.contains(needle),
            "expected {needle:?} on stderr:\n{}",
            self.stderr
        );
        self
    }

    /// Asserts that standard output contains `needle`.
    pub fn expect_out(&self, needle: &str) -> &Run {
        let out = self.out();
        assert!(
            out.contains(needle),
            "expected {needle:?} on stdout:\n{out}"
        );
        self
    }
}

/// How long any run may take before the test fails (a hang is a failure).
pub const TIME_LIMIT: Duration = Duration::from_secs(60);

/// Runs `paperboard ARGS` in `dir`, feeding `stdin`, with standard output
/// going to `stdout` (a pipe read whole when `None`). Fails the test on a
/// hang or a panic.
pub fn run_with(dir: &Path, args: &[&str], stdin: Option<&[u8]>, stdout: Option<Stdio>) -> Run {
    let piped = stdout.is_none();
    let mut child = crate::common::paperboard()
        .args(args)
        .current_dir(dir)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(stdout.unwrap_or_else(Stdio::piped))
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    if let (Some(bytes), Some(mut input)) = (stdin, child.stdin.take()) {
        let bytes = bytes.to_vec();
        std::thread::spawn(move || {
            let _ = input.write_all(&bytes);
        });
    }
    let mut out_pipe = child.stdout.take();
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(p) = out_pipe.as_mut() {
            let _ = p.read_to_end(&mut buf);
        }
        buf
    });
    let mut err_pipe = child.stderr.take().expect("stderr piped");
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = err_pipe.read_to_end(&mut buf);
        buf
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            panic!("paperboard {args:?} did not finish in {TIME_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let stdout = if piped {
        reader.join().unwrap_or_default()
    } else {
        Vec::new()
    };
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap_or_default()).into_owned();
    let code = status.code().unwrap_or(-1);
    assert_ne!(code, 101, "paperboard {args:?} panicked:\n{stderr}");
    assert!(
        !stderr.contains("panicked"),
        "paperboard {args:?} panicked:\n{stderr}"
    );
    Run {
        code,
        stdout,
        stderr,
    }
}

/// Runs `paperboard ARGS` in `dir` (see [`run_with`]).
pub fn run(dir: &Path, args: &[&str]) -> Run {
    run_with(dir, args, None, None)
}

/// Runs `paperboard ARGS` in `dir` with `stdin` (see [`run_with`]).
pub fn run_stdin(dir: &Path, args: &[&str], stdin: &[u8]) -> Run {
    run_with(dir, args, Some(stdin), None)
}

/// Every entry under a folder: its kind, permissions and (for files) bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot(BTreeMap<PathBuf, (String, u32, Vec<u8>)>);

impl Snapshot {
    /// Takes a snapshot of `dir` (not following symlinks; FIFOs are not read).
    pub fn of(dir: &Path) -> Snapshot {
        let mut entries = BTreeMap::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).expect("readable folder") {
                let path = e.expect("entry").path();
                let meta = std::fs::symlink_metadata(&path).expect("metadata");
                let t = meta.file_type();
                let mode = mode_of(&meta);
                let (kind, bytes) = if t.is_symlink() {
                    let target = std::fs::read_link(&path).expect("link");
                    (
                        "link".to_string(),
                        target.to_string_lossy().into_owned().into_bytes(),
                    )
                } else if t.is_dir() {
                    stack.push(path.clone());
                    ("dir".to_string(), Vec::new())
                } else if t.is_file() {
                    (
                        "file".to_string(),
                        std::fs::read(&path).expect("readable file"),
                    )
                } else {
                    ("special".to_string(), Vec::new())
                };
                let rel = path.strip_prefix(dir).expect("inside").to_path_buf();
                entries.insert(rel, (kind, mode, bytes));
            }
        }
        Snapshot(entries)
    }

    /// The names in the snapshot.
    pub fn names(&self) -> Vec<String> {
        self.0
            .keys()
            .map(|p| p.to_string_lossy().into_owned())
            .collect()
    }

    /// Asserts that `dir` is exactly as in this snapshot.
    pub fn assert_unchanged(&self, dir: &Path) {
        let now = Snapshot::of(dir);
        assert_eq!(self.names(), now.names(), "the folder's entries changed");
        for (path, before) in &self.0 {
            assert_eq!(Some(before), now.0.get(path), "{} changed", path.display());
        }
    }
}

fn mode_of(meta: &std::fs::Metadata) -> u32 {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.permissions().mode() & 0o7777
    }
    #[cfg(not(unix))]
    {
        u32::from(meta.permissions().readonly())
    }
}

/// Makes a FIFO at `path` with `mkfifo`.
pub fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs")
        .success();
    assert!(ok, "mkfifo {}", path.display());
}

/// Sets a file's permission bits.
#[cfg(unix)]
pub fn chmod(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// The file's permission bits.
#[cfg(unix)]
pub fn mode(path: &Path) -> u32 {
    mode_of(&std::fs::metadata(path).expect("metadata"))
}

/// Writes a file in `dir` and returns its path.
pub fn write(dir: &Path, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write");
    path
}

/// A short legal tic-tac-toe game won by X.
pub const TICTACTOE: &str = "[Game \"tictactoe\"]\n[Result \"X\"]\n1. 1 4 2. 2 5 3. 3\n";
