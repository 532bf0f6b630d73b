//! The server under many large uploads at once: the most memory it holds,
//! and how the uploads are answered.
//!
//! ```sh
//! cargo bench --bench serve_uploads                    # 24 uploads of 47 MiB
//! cargo bench --bench serve_uploads -- --uploads 64
//! ```
//!
//! `paperboard serve` is started on a loopback port and UPLOADS clients
//! send `POST /api/read` bodies of 47 MiB at once (junk bytes, so each
//! admitted one is answered as soon as it is read: what is measured is
//! what the bodies cost while they are held). Every 50 ms the bench reads
//! the server's peak resident memory (`VmHWM` in `/proc/PID/status`); it
//! prints that peak and how many uploads got which status (docs/http.md,
//! "Limits", has the figures). It only ever talks to 127.0.0.1.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

mod common;

/// The peak resident memory of process `pid`, in MiB.
fn peak_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// One upload of `size` bytes; the status it was answered with.
fn upload(addr: std::net::SocketAddr, size: usize) -> String {
    let Ok(mut s) = TcpStream::connect(addr) else {
        return "no connection".into();
    };
    s.set_read_timeout(Some(Duration::from_secs(120))).ok();
    let head = format!(
        "POST /api/read HTTP/1.1\r\nHost: {addr}\r\nContent-Length: {size}\r\nConnection: close\r\n\r\n"
    );
    let chunk = vec![0xffu8; 1 << 20];
    // A refused upload is answered and closed before it is all sent.
    let _ = s
        .write_all(head.as_bytes())
        .and_then(|()| (0..size / chunk.len()).try_for_each(|_| s.write_all(&chunk)));
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer)
        .split_whitespace()
        .nth(1)
        .unwrap_or("none")
        .to_string()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let uploads = args
        .iter()
        .position(|a| a == "--uploads")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(24usize);
    let size = 47 << 20;
    let (mut server, addr) = common::start_server(&[]);
    let pid = server.id();
    let at_rest = peak_mib(pid);
    println!("serve_uploads bench: {uploads} uploads of 47 MiB at once to /api/read");
    let start = Instant::now();
    let clients: Vec<_> = (0..uploads)
        .map(|_| std::thread::spawn(move || upload(addr, size)))
        .collect();
    let mut peak = at_rest;
    while clients.iter().any(|c| !c.is_finished()) {
        peak = peak.max(peak_mib(pid));
        std::thread::sleep(Duration::from_millis(50));
    }
    peak = peak.max(peak_mib(pid));
    let mut answers: BTreeMap<String, usize> = BTreeMap::new();
    for c in clients {
        *answers.entry(c.join().unwrap_or_default()).or_default() += 1;
    }
    println!("peak resident memory: {peak:.0} MiB ({at_rest:.0} MiB at rest)");
    println!(
        "answers: {answers:?}, all within {:.1} s",
        start.elapsed().as_secs_f64()
    );
    println!(
        "the server's CPU time over the whole run: {:.2} s",
        common::cpu_seconds(&format!("/proc/{pid}/stat"), false)
    );
    let _ = server.kill();
    let _ = server.wait();
}
