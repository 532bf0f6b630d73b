//! The server under a flood of connections that send nothing, or half a
//! request head and then nothing: how many it holds against its cap, how
//! soon it lets them go, and how long a real request waits meanwhile.
//!
//! ```sh
//! cargo bench --bench serve_flood                              # cap 64, 2 s, 256 idle
//! cargo bench --bench serve_flood -- --cap 256 --timeout 10 --flood 1000
//! ```
//!
//! `paperboard serve --max-connections CAP --header-timeout TIMEOUT` is
//! started on a loopback port; FLOOD connections are opened at once (every
//! other one sends `GET / HTTP/1.1\r\nHo` and stops). Every quarter second
//! the bench counts the sockets the server holds (`/proc/PID/fd`, less its
//! listener), and half a second after the flood is open it sends one real
//! request on a fresh connection and times its answer. It prints the most
//! connections held, when the flood's last connection was closed by the
//! server, and the real request's wait and the server's CPU time (docs/http.md, "Limits", has the figures). It only ever
//! talks to 127.0.0.1.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

mod common;

fn option(name: &str, default: f64) -> f64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Sockets the server process holds, its listener included.
fn sockets(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .map(|dir| {
            dir.filter_map(Result::ok)
                .filter(|e| {
                    std::fs::read_link(e.path())
                        .is_ok_and(|t| t.to_string_lossy().starts_with("socket:"))
                })
                .count()
        })
        .unwrap_or(0)
}

/// Whether the server has closed `stream` (a read gives its end).
fn closed(stream: &mut TcpStream) -> bool {
    let mut byte = [0u8; 1];
    match stream.read(&mut byte) {
        Ok(0) => true,
        Ok(_) => false,
        Err(e) => !matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        ),
    }
}

fn main() {
    let cap = option("--cap", 64.0) as usize;
    let timeout = option("--timeout", 2.0);
    let flood = option("--flood", 256.0) as usize;
    let (mut server, addr) = common::start_server(&[
        "--max-connections".into(),
        cap.to_string(),
        "--header-timeout".into(),
        timeout.to_string(),
    ]);
    let pid = server.id();
    let at_rest = sockets(pid);
    println!(
        "serve_flood bench: cap {cap}, header timeout {timeout} s, {flood} idle or half-sent connections"
    );

    let start = Instant::now();
    let mut idle: Vec<TcpStream> = (0..flood)
        .filter_map(|i| {
            let mut s = TcpStream::connect(addr).ok()?;
            if i % 2 == 1 {
                let _ = s.write_all(b"GET / HTTP/1.1\r\nHo");
            }
            s.set_nonblocking(true).ok()?;
            Some(s)
        })
        .collect();
    println!(
        "opened {} connections in {:.2} s",
        idle.len(),
        start.elapsed().as_secs_f64()
    );

    let real = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(500));
        let sent = Instant::now();
        let mut s = TcpStream::connect(addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(120))).ok();
        let head = format!("GET /api/maps HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
        s.write_all(head.as_bytes()).expect("send");
        let mut answer = Vec::new();
        let _ = s.read_to_end(&mut answer);
        let status = String::from_utf8_lossy(answer.get(..12).unwrap_or_default()).into_owned();
        (sent.elapsed(), status)
    });

    let mut most_held = 0;
    let mut all_closed_at = None;
    let limit = Duration::from_secs_f64(timeout * (flood / cap.max(1) + 3) as f64 + 5.0);
    while start.elapsed() < limit {
        let held = sockets(pid).saturating_sub(at_rest);
        most_held = most_held.max(held);
        idle.retain_mut(|s| !closed(s));
        println!(
            "{:6.2} s: server holds {held:4} connections; {:4} of the flood still open",
            start.elapsed().as_secs_f64(),
            idle.len()
        );
        if idle.is_empty() {
            all_closed_at = Some(start.elapsed());
            break;
        }
        std::thread::sleep(Duration::from_millis(250));
    }
    let (waited, status) = real.join().expect("the real request");
    println!("most connections held at once: {most_held} (cap {cap})");
    match all_closed_at {
        Some(t) => println!(
            "the server closed all {flood} flood connections within {:.2} s",
            t.as_secs_f64()
        ),
        None => println!(
            "{} flood connections still open after {:?}",
            idle.len(),
            limit
        ),
    }
    println!(
        "a real request sent 0.5 s after the flood was opened: `{}` after {:.2} s",
        status.trim(),
        waited.as_secs_f64()
    );
    println!(
        "the server's CPU time over the whole run: {:.2} s",
        common::cpu_seconds(&format!("/proc/{pid}/stat"), false)
    );
    let _ = server.kill();
    let _ = server.wait();
}
