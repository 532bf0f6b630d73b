//! What more than one bench reads from `/proc`.

/// User plus system CPU seconds from a `/proc/…/stat` file: the process's
/// own (`children: false`, fields 14 and 15) or its waited-for children's
/// (`children: true`, fields 16 and 17). The kernel counts in clock ticks
/// of 1/100 s, so a figure is only as fine as the work is long: divide the
/// time of many requests or runs, not one.
pub fn cpu_seconds(stat_path: &str, children: bool) -> f64 {
    let stat = std::fs::read_to_string(stat_path).unwrap_or_default();
    // The fields after the command name, which is in parentheses: the
    // state (field 3) is index 0 here.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let field = |n: usize| -> f64 {
        rest.split_whitespace()
            .nth(n)
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0)
    };
    let first = if children { 13 } else { 11 };
    (field(first) + field(first + 1)) / 100.0
}

/// Starts `paperboard serve --port 0` with `args` added (output to a pipe
/// it reads its address from, errors dropped); the child and its address.
/// Only the server benches start one.
#[allow(dead_code)]
pub fn start_server(args: &[String]) -> (std::process::Child, std::net::SocketAddr) {
    use std::io::BufRead;
    let mut server = std::process::Command::new(env!("CARGO_BIN_EXE_paperboard"))
        .args(["serve", "--port", "0"])
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("paperboard serve starts");
    let mut line = String::new();
    std::io::BufReader::new(server.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the address");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .and_then(|a| a.parse().ok())
        .expect("an address");
    (server, addr)
}
