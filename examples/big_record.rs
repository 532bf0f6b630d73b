//! Writes a large record file of random, legal games for the checker's
//! streaming benchmark: Strategic (functional, map34; long games), or with
//! `--ultimate` Ultimate (the authors' rules; many short games):
//!
//! ```sh
//! cargo run --release --example big_record -- big.txt 50   # 50 MB, seed 1
//! cargo run --release --example big_record -- --ultimate ultimate.txt 50
//! ```
//!
//! Arguments: the output file, the size in MB (10^6 bytes, default 50) and
//! the seed (default 1); the same arguments give the same bytes.

use std::io::{BufWriter, Write};

use paperboard_games::internals::{random_strategic_record, random_ultimate_record};

fn main() -> std::io::Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let ultimate = args.iter().any(|a| a == "--ultimate");
    args.retain(|a| a != "--ultimate");
    let Some(path) = args.first() else {
        eprintln!("usage: big_record [--ultimate] OUT.txt [MEGABYTES [SEED]]");
        std::process::exit(2);
    };
    let megabytes: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(50);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut out = BufWriter::new(std::fs::File::create(path)?);
    let bytes = megabytes * 1_000_000;
    let (games, moves) = if ultimate {
        random_ultimate_record(&mut out, bytes, seed)?
    } else {
        random_strategic_record(&mut out, bytes, seed)?
    };
    out.flush()?;
    eprintln!("{path}: {games} games, {moves} moves");
    Ok(())
}
