//! tavoliere's chess perft beside shakmaty's, in one run, on one thread.
//!
//! shakmaty is a hand-written chess move generator (bitboards, magic
//! tables); tavoliere reads `games/chess.toml` and plays it through its
//! generic engine. Both count the same positions to the same depth; the
//! counts must agree, and the ratio of their times is the price of being
//! generic.
//!
//!     cargo run --release --manifest-path benches/chess-perft/Cargo.toml -- [DEPTH]
//!
//! DEPTH (default 5) applies to the start position; the other positions run
//! one ply less, as their trees are wider. Each count runs [`RUNS`] times
//! on each side, and the fastest run of each is compared, so that a busy
//! machine's noise does not decide the ratio.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};
use std::path::Path;
use std::time::Instant;
use tavoliere::diag::Sources;
use tavoliere::rules::{Rules, State};
use tavoliere::{compile, notation, perft};

/// The standard perft positions (chessprogramming.org, "Perft Results").
const POSITIONS: &[(&str, &str, u32)] = &[
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 1),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 0),
    ("position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 1),
    ("position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 1),
];

/// Runs of each count; the fastest is kept.
const RUNS: usize = 3;

/// The count `f` returns, and the fastest of [`RUNS`] runs' seconds.
fn fastest(mut f: impl FnMut() -> u64) -> (u64, f64) {
    let mut best = (0, f64::INFINITY);
    for _ in 0..RUNS {
        let t = Instant::now();
        let n = f();
        best = (n, best.1.min(t.elapsed().as_secs_f64()));
    }
    best
}

fn main() -> anyhow::Result<()> {
    let depth: u32 = match std::env::args().nth(1) {
        Some(d) => d.parse()?,
        None => 5,
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let rules = load(&root.join("games/chess.toml"))?;
    println!(
        "{:<12} {:>5} {:>12} {:>14} {:>14} {:>7}",
        "position", "depth", "nodes", "tavoliere n/s", "shakmaty n/s", "ratio"
    );
    let (mut ours_total, mut theirs_total) = (0.0, 0.0);
    for &(name, fen, less) in POSITIONS {
        let d = depth.saturating_sub(less).max(1);
        let st = position(&rules, fen)?;
        let (ours, ours_s) = fastest(|| perft::perft(&rules, &st, d));
        let pos: Chess = fen.parse::<Fen>()?.into_position(CastlingMode::Standard)?;
        let (theirs, theirs_s) = fastest(|| shakmaty::perft(&pos, d));
        anyhow::ensure!(
            ours == theirs,
            "{name}: perft({d}) is {ours} in tavoliere, {theirs} in shakmaty"
        );
        ours_total += ours_s;
        theirs_total += theirs_s;
        println!(
            "{name:<12} {d:>5} {ours:>12} {:>14.0} {:>14.0} {:>6.1}x",
            ours as f64 / ours_s,
            theirs as f64 / theirs_s,
            ours_s / theirs_s
        );
    }
    println!("all positions: tavoliere takes {:.1}x shakmaty's time", ours_total / theirs_total);
    Ok(())
}

fn load(path: &Path) -> anyhow::Result<Rules> {
    let text = std::fs::read_to_string(path)?;
    let mut sources = Sources::new();
    let file = sources.add(path.to_string_lossy(), text);
    compile::load(&mut sources, file, &mut |_, p| Err(format!("`{p}`: chess.toml extends nothing")))
        .map(|(rules, _)| rules)
        .map_err(|diags| anyhow::anyhow!("games/chess.toml: {} errors", diags.len()))
}

/// The position of a FEN in tavoliere's rules, read by `--fen`'s reader.
fn position(rules: &Rules, fen: &str) -> anyhow::Result<State> {
    let mut sources = Sources::new();
    let file = sources.add("FEN", fen.to_string());
    notation::parse_fen(rules, fen, file)
        .map_err(|diags| anyhow::anyhow!("{fen}: {} errors", diags.len()))
}
