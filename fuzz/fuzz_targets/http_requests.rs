//! The `http_requests` target: generated requests (see `http.rs`) through
//! the real server — the binary's own `web` module, its layers, routes and
//! connection handling — on a loopback port of this process, so the
//! fuzzer's coverage counts the server's code and a crash or abort in it
//! stops the run.
//!
//! The server lives in the binary, not in a library, so this target
//! compiles the binary's `cli` and `web` modules from their files as they
//! are (the same source, no copy and no hook in them): a request goes over
//! a real socket, through the HTTP library's parser and the connection
//! code that replaces its own refusals, exactly as `paperboard serve`
//! reads it.
#![no_main]

#[path = "http.rs"]
mod http;

#[allow(dead_code, unused_imports, clippy::all)]
#[path = "../../src/cli/mod.rs"]
mod cli;

#[allow(dead_code, unused_imports, clippy::all)]
#[path = "../../src/console.rs"]
mod console;

#[allow(dead_code, unused_imports, clippy::all)]
#[path = "../../src/reading.rs"]
mod reading;

#[allow(dead_code, unused_imports, clippy::all)]
#[path = "../../src/web/mod.rs"]
mod web;

use std::net::SocketAddr;
use std::sync::OnceLock;

/// The server, started once for the whole run.
fn server() -> SocketAddr {
    static ADDR: OnceLock<SocketAddr> = OnceLock::new();
    *ADDR.get_or_init(|| {
        let (tell, told) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            // As `paperboard serve` builds it, with a larger stack: the
            // address sanitizer's frames are several times larger than a
            // release build's, and the depth bounds are sized for those.
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .thread_stack_size(64 << 20)
                .max_blocking_threads(2)
                .enable_all()
                .build()
                .expect("a runtime");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                    .await
                    .expect("a loopback port");
                let addr = listener.local_addr().expect("its address");
                let limits = web::limits::Limits {
                    workers: 2,
                    ..web::limits::Limits::default()
                };
                let state = web::AppState::new(limits.clone(), addr);
                tell.send(addr).expect("the fuzzer waits");
                // Never stopped, so nothing is ever cancelled.
                web::conn::serve(
                    listener,
                    web::app(state),
                    &limits,
                    std::future::pending(),
                    || {},
                )
                .await;
            });
        });
        told.recv().expect("the server starts")
    })
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let addr = server();
    let request = http::request(data, &addr.to_string());
    let reply = http::exchange(addr, &request);
    if let Err(why) = http::check(&request, &reply) {
        let answer = reply.bytes();
        panic!(
            "{why}\nrequest: {:?}\nanswer: {:?}",
            String::from_utf8_lossy(&request.bytes[..request.bytes.len().min(2_000)]),
            String::from_utf8_lossy(&answer[..answer.len().min(2_000)])
        );
    }
});
