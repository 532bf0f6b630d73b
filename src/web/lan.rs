//! The addresses students type to reach a server listening on every
//! interface (`serve --host 0.0.0.0`).
//!
//! The server cannot know which of the machine's addresses a classroom
//! network reaches, and asking the network (a connection "out" to learn the
//! route) would send traffic from a program that promises to send none. The
//! kernel already lists the machine's own addresses: on Linux,
//! `/proc/net/fib_trie` holds every local IPv4 address as a `/32 host LOCAL`
//! entry. Those that are not loopback are the candidates, printed all; where
//! the list cannot be read, the start-up message says how to find the
//! address instead.

use std::net::Ipv4Addr;

/// The machine's own IPv4 addresses other than loopback, sorted, or none
/// where the kernel does not list them (not Linux, no `/proc`).
pub fn addresses() -> Vec<Ipv4Addr> {
    std::fs::read_to_string("/proc/net/fib_trie")
        .map(|text| local_addresses(&text))
        .unwrap_or_default()
}

/// How to find the address by hand, for when [`addresses`] finds none.
pub const HOW_TO_FIND: &str = "this computer's network address: `hostname -I` or `ip -4 addr` on Linux, `ipconfig getifaddr en0` on macOS, `ipconfig` on Windows";

/// The local addresses in the text of `/proc/net/fib_trie`: each
/// `|-- ADDRESS` leaf followed by a `/32 host LOCAL` line.
fn local_addresses(fib_trie: &str) -> Vec<Ipv4Addr> {
    let mut found = Vec::new();
    let mut leaf: Option<Ipv4Addr> = None;
    for line in fib_trie.lines() {
        let line = line.trim();
        if let Some(address) = line.strip_prefix("|-- ") {
            leaf = address.trim().parse().ok();
        } else if line.starts_with("/32 host LOCAL")
            && let Some(address) = leaf
            && !address.is_loopback()
            && !address.is_unspecified()
        {
            found.push(address);
        } else if !line.starts_with('/') {
            leaf = None;
        }
    }
    found.sort();
    found.dedup();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIB_TRIE: &str = "Main:
  +-- 0.0.0.0/0 3 0 5
     |-- 0.0.0.0
        /0 universe UNICAST
     +-- 127.0.0.0/8 2 0 2
        +-- 127.0.0.0/31 1 0 0
           |-- 127.0.0.0
              /8 host LOCAL
           |-- 127.0.0.1
              /32 host LOCAL
        |-- 127.255.255.255
           /32 link BROADCAST
     +-- 192.168.1.0/24 2 0 2
        |-- 192.168.1.0
           /24 link UNICAST
        |-- 192.168.1.20
           /32 host LOCAL
        |-- 192.168.1.255
           /32 link BROADCAST
     |-- 10.0.0.7
        /32 host LOCAL
Local:
  +-- 0.0.0.0/0 3 0 5
        |-- 192.168.1.20
           /32 host LOCAL
";

    #[test]
    fn the_local_addresses_are_the_host_local_leaves_without_loopback() {
        assert_eq!(
            local_addresses(FIB_TRIE),
            [Ipv4Addr::new(10, 0, 0, 7), Ipv4Addr::new(192, 168, 1, 20)]
        );
        assert!(local_addresses("").is_empty());
        assert!(local_addresses("|-- not an address\n/32 host LOCAL\n").is_empty());
    }
}
