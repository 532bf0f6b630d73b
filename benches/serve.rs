//! Load on the real server: `paperboard serve` started on a loopback port,
//! and a client of its own (tokio + hyper, one keep-alive connection per
//! simulated user) asking for the default Strategic sheet as a PDF.
//!
//! ```sh
//! cargo bench --bench serve                          # 32 clients, 10,000 requests, cache on
//! cargo bench --bench serve -- --no-cache            # every sheet made again
//! cargo bench --bench serve -- --varied              # every request a different sheet
//! cargo bench --bench serve -- --clients 8 --requests 2000
//! ```
//!
//! Prints requests per second, latency percentiles (p50, p90, p99, max), the
//! share of answers that were not 200, and the server's resident memory
//! (VmRSS) and threads after start, after a warm-up and after each fifth of
//! the run, so a leak shows as a rising line, and the server's CPU time per
//! request, which other work on the machine hardly changes (docs/http.md,
//! "Speed", has the figures). The run is bounded by its request count and
//! by a time limit of two minutes; it only ever talks to 127.0.0.1.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;

mod common;

struct Options {
    clients: usize,
    requests: usize,
    cache: bool,
    varied: bool,
}

fn options() -> Options {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str, default: usize| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    Options {
        clients: value("--clients", 32),
        requests: value("--requests", 10_000),
        cache: !args.iter().any(|a| a == "--no-cache"),
        varied: args.iter().any(|a| a == "--varied"),
    }
}

/// A number field of the server's `/proc/PID/status` (`VmRSS` in KiB,
/// `Threads`), 0 where there is none.
fn status_field(pid: u32, name: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.split(':').next() == Some(name))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

/// The CPU time the server has used, user and system, seconds: divided
/// by the requests, the cost of one answer whatever else the machine is
/// doing.
fn cpu_seconds(pid: u32) -> f64 {
    common::cpu_seconds(&format!("/proc/{pid}/stat"), false)
}

/// The server's resident memory and threads, for a line of the report.
fn memory(pid: u32) -> String {
    format!(
        "{} KiB resident, {} threads",
        status_field(pid, "VmRSS"),
        status_field(pid, "Threads")
    )
}

/// The path of request `i`: the same sheet, or (varied) a sheet of its own,
/// every one different: its title names the request. (The template fills
/// the page with record rows, so the title is what is left to vary.)
fn path(i: usize, varied: bool) -> String {
    if varied {
        format!("/api/render/strategic-functional.pdf?set=title.text%3DGroup%20{i}")
    } else {
        "/api/render/strategic-functional.pdf".to_string()
    }
}

/// One simulated user: a keep-alive connection asking until the work is done.
async fn client(
    addr: SocketAddr,
    next: Arc<AtomicUsize>,
    total: usize,
    varied: bool,
    deadline: Instant,
) -> (Vec<Duration>, usize, Option<String>) {
    let stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    stream.set_nodelay(true).ok();
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .expect("handshake");
    tokio::spawn(conn);
    let mut latencies = Vec::new();
    let mut failures = 0;
    let mut first_failure = None;
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= total || Instant::now() > deadline {
            break;
        }
        let request = hyper::Request::get(path(i, varied))
            .header("host", addr.to_string())
            .body(Empty::<Bytes>::new())
            .expect("a request");
        let started = Instant::now();
        match sender.send_request(request).await {
            Ok(response) => {
                let status = response.status();
                let body = response.into_body().collect().await.map(|b| b.to_bytes());
                latencies.push(started.elapsed());
                let pdf = body.as_ref().is_ok_and(|b| b.starts_with(b"%PDF"));
                if status != 200 || !pdf {
                    failures += 1;
                    first_failure.get_or_insert_with(|| {
                        let text = body.map_or_else(
                            |e| e.to_string(),
                            |b| String::from_utf8_lossy(&b[..b.len().min(300)]).into_owned(),
                        );
                        format!("{status}: {text}")
                    });
                }
            }
            Err(e) => {
                failures += 1;
                first_failure.get_or_insert_with(|| format!("no answer: {e}"));
                break;
            }
        }
    }
    (latencies, failures, first_failure)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

fn main() {
    let o = options();
    let cache: &[&str] = if o.cache { &[] } else { &["--cache-mb", "0"] };
    let (mut server, addr) =
        common::start_server(&cache.iter().map(|a| a.to_string()).collect::<Vec<_>>());
    let pid = server.id();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "serve bench: {} clients, {} requests, cache {}, {} sheets; load before: {}",
        o.clients,
        o.requests,
        if o.cache { "on" } else { "off" },
        if o.varied { "varied" } else { "identical" },
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!("memory after start: {}", memory(pid));

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    // Requests `start..start + requests`; in varied mode each index is a
    // sheet of its own, so no run asks for a sheet an earlier one made.
    let run = |start: usize, requests: usize| {
        runtime.block_on(async {
            let next = Arc::new(AtomicUsize::new(start));
            let end = start + requests;
            let deadline = Instant::now() + Duration::from_secs(120);
            let started = Instant::now();
            let tasks: Vec<_> = (0..o.clients)
                .map(|_| tokio::spawn(client(addr, next.clone(), end, o.varied, deadline)))
                .collect();
            let mut all = Vec::new();
            let mut failures = 0;
            let mut first = None;
            for t in tasks {
                let (l, f, why) = t.await.expect("a client");
                all.extend(l);
                failures += f;
                first = first.or(why);
            }
            (all, failures, first, started.elapsed())
        })
    };
    // Warm-up: every worker thread touched; identical sheets: the cache
    // filled (varied sheets: ones the measured run never asks for).
    run(1 << 30, 200);
    println!("memory after warm-up: {}", memory(pid));
    let mut all = Vec::new();
    let mut failures = 0;
    let mut first_failure = None;
    let mut elapsed = Duration::ZERO;
    let fifth = o.requests.div_ceil(5);
    let cpu_before = cpu_seconds(pid);
    for step in 1..=5 {
        let (l, f, why, e) = run((step - 1) * fifth, fifth);
        all.extend(l);
        failures += f;
        first_failure = first_failure.or(why);
        elapsed += e;
        println!("memory after {:>6} requests: {}", step * fifth, memory(pid));
    }
    let cpu = cpu_seconds(pid) - cpu_before;
    all.sort_unstable();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{} requests in {:.2} s: {:.0} requests/s; latency p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {} not 200",
        all.len(),
        elapsed.as_secs_f64(),
        all.len() as f64 / elapsed.as_secs_f64(),
        ms(percentile(&all, 0.50)),
        ms(percentile(&all, 0.90)),
        ms(percentile(&all, 0.99)),
        ms(percentile(&all, 1.0)),
        failures
    );
    println!(
        "server CPU time: {:.2} s, {:.3} ms per request (on {} cores: at most {:.0} requests/s with the machine to itself)",
        cpu,
        cpu * 1000.0 / all.len().max(1) as f64,
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        std::thread::available_parallelism().map_or(1, |n| n.get()) as f64 * all.len() as f64
            / cpu.max(1e-9)
    );
    if let Some(why) = first_failure {
        println!("first answer that was not a PDF: {why}");
    }
    let _ = server.kill();
    let _ = server.wait();
}
