//! What one request may ask of the server, in one place (docs/http.md,
//! "Limits", lists the same numbers).
//!
//! The library's own limits hold as they do on the command line (a spec of
//! at most 1 MiB, 0 to 500 handout copies, …); these are tighter where a
//! page left open in a classroom should not let one request hold the
//! machine: the body size, the handout pages, the games and diagram pages of
//! a check, the time a request may take, and how many documents are made at
//! once.

use std::time::Duration;

/// The server's limits.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Largest request body, bytes.
    pub body: usize,
    /// Longest a request may take, from its first byte to its answer.
    pub deadline: Duration,
    /// Documents made at once (each on a core of its own).
    pub workers: usize,
    /// Requests that may wait for a worker; more are turned away at once.
    pub queue: usize,
    /// Most `set` changes one sheet request may make.
    pub sets: usize,
    /// Most game sheets in one handout.
    pub copies: u64,
    /// Most pages of one document (handout, diagram).
    pub pages: usize,
    /// Most games one check reads.
    pub games: usize,
    /// Most errors listed per game.
    pub errors: usize,
    /// Most uploaded map files with one check.
    pub map_files: usize,
    /// Bytes of rendered documents kept for identical requests (0: none).
    pub cache_bytes: usize,
    /// Longest a connection may take to send a whole request head, from
    /// opening or from its last answer (so also how long an idle
    /// keep-alive connection is kept).
    pub header_read: Duration,
    /// Connections held at once.
    pub connections: usize,
    /// Bytes of request bodies held at once, being received or waiting
    /// for their answer ([`super::admit`]).
    pub body_budget: usize,
    /// The least a body is counted against [`Limits::body_budget`], so
    /// the budget also bounds how many uploads are held at once.
    pub body_charge: usize,
    /// How long a body may take before [`Limits::body_rate`] applies.
    pub body_grace: Duration,
    /// The slowest a body may arrive after [`Limits::body_grace`], in bytes
    /// a second on average since its start.
    pub body_rate: usize,
    /// How long a stopping server lets requests under way finish before
    /// it cancels them.
    pub stop_grace: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            body: 2 << 20,
            deadline: Duration::from_secs(20),
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            queue: 256,
            // The library's own bound: a request may make as many changes
            // as the command line, and no more.
            sets: paperboard_games::limits::SETS,
            copies: 100,
            pages: 250,
            games: 2_000,
            errors: 20,
            map_files: 20,
            cache_bytes: 64 << 20,
            header_read: Duration::from_secs(10),
            connections: 256,
            body_budget: 256 << 20,
            body_charge: 4 << 20,
            body_grace: Duration::from_secs(5),
            body_rate: 32 << 10,
            stop_grace: Duration::from_secs(10),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows of docs/http.md's limits table: first cell, second cell.
    fn rows() -> Vec<(String, String)> {
        let doc = include_str!("../../docs/http.md");
        let start = doc.find("## Limits").expect("a Limits section");
        doc[start..]
            .lines()
            .skip_while(|l| !l.starts_with('|'))
            .take_while(|l| l.starts_with('|'))
            .skip(2)
            .map(|l| {
                let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
                (cells[0].to_string(), cells[1].to_string())
            })
            .collect()
    }

    /// The first number of a cell (`2,000` is 2000; `0.5` is 0.5).
    fn number(cell: &str) -> f64 {
        let text: String = cell
            .chars()
            .skip_while(|c| !c.is_ascii_digit())
            .take_while(|c| c.is_ascii_digit() || *c == ',' || *c == '.')
            .filter(|c| *c != ',')
            .collect();
        text.trim_end_matches('.').parse().expect("a number")
    }

    #[test]
    fn the_docs_limits_table_is_the_servers() {
        let l = Limits::default();
        let rows = rows();
        let expected: [(&str, f64); 13] = [
            ("request bodies held at once", (l.body_budget >> 20) as f64),
            ("speed of a request body", (l.body_rate >> 10) as f64),
            ("time to stop", l.stop_grace.as_secs_f64()),
            ("request body", (l.body >> 20) as f64),
            ("changes (`set=`", l.sets as f64),
            ("game sheets per handout", l.copies as f64),
            ("pages per handout or diagram", l.pages as f64),
            ("games per check", l.games as f64),
            ("map files per check", l.map_files as f64),
            ("requests waiting", l.queue as f64),
            ("time per request", l.deadline.as_secs_f64()),
            ("rendered documents kept", (l.cache_bytes >> 20) as f64),
            (
                "time to send a whole request head",
                l.header_read.as_secs_f64(),
            ),
        ];
        for (row, value) in expected {
            let (_, cell) = rows
                .iter()
                .find(|(first, _)| first.starts_with(row))
                .unwrap_or_else(|| panic!("no row {row:?} in docs/http.md"));
            assert_eq!(number(cell), value, "docs/http.md, {row}: {cell}");
        }
        let (_, cell) = rows
            .iter()
            .find(|(first, _)| first.starts_with("connections held at once"))
            .expect("the connections row");
        assert_eq!(number(cell), l.connections as f64, "{cell}");
        let (_, cell) = rows
            .iter()
            .find(|(first, _)| first.starts_with("errors listed per game"))
            .expect("the errors row");
        assert_eq!(number(cell), l.errors as f64, "{cell}");
    }
}
