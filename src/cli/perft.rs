//! `perft`: count the legal move sequences to a depth, per depth or per
//! first move.

use super::progress::Patient;
use super::{bounded, out, rules_at, At};
use anyhow::Result;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use tavoliere::notation;
use tavoliere::perft;
use tavoliere::rules::{Move, Rules, State};

#[derive(clap::Args)]
pub struct Args {
    file: PathBuf,
    /// At most 64: deeper counts would not finish.
    #[arg(long, value_parser = clap::value_parser!(u32).range(..=64))]
    depth: u32,
    #[command(flatten)]
    at: At,
    /// One line per first move with its count, then a blank line and the
    /// total: "total N".
    #[arg(long)]
    divide: bool,
}

pub fn run(
    Args {
        file,
        depth,
        at,
        divide,
    }: Args,
) -> Result<ExitCode> {
    let (rules, st) = match rules_at(&file, &at)? {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    let (rules, st) = (&rules, &st);
    let mut out = out();
    if divide {
        let rows = bounded(rules, || {
            let counts = by_first_move(rules, st, depth);
            let moves: Vec<_> = counts.iter().map(|&(mv, _)| mv).collect();
            let texts = notation::move_texts(rules, st, &moves);
            let counts = counts.iter().map(|&(_, n)| n);
            texts
                .into_iter()
                .zip(counts)
                .collect::<Vec<(String, u64)>>()
        });
        let Ok(mut rows) = rows else {
            return Ok(ExitCode::from(1));
        };
        rows.sort();
        for (mv, n) in &rows {
            writeln!(out, "{mv} {n}")?;
        }
        writeln!(out, "\ntotal {}", rows.iter().map(|(_, n)| n).sum::<u64>())?;
    } else {
        for d in 1..=depth {
            let start = std::time::Instant::now();
            // Each depth is checked before it is printed.
            let n = bounded(rules, || match d {
                1 => perft::perft(rules, st, d),
                _ => by_first_move(rules, st, d).iter().map(|(_, n)| n).sum(),
            });
            let Ok(n) = n else {
                return Ok(ExitCode::from(1));
            };
            let secs = start.elapsed().as_secs_f64();
            writeln!(out, "{d} {n}")?;
            eprintln!("  ({secs:.2}s, {:.0} nodes/s)", n as f64 / secs.max(1e-9));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// perft(depth - 1) after each legal first move, with a progress bar over
/// the first moves when the count takes more than a second.
fn by_first_move(rules: &Rules, st: &State, depth: u32) -> Vec<(Move, u64)> {
    let mut bar = Patient::new(&format!(
        "depth {depth} [{{bar:30}}] {{pos}}/{{len}} first moves, {{elapsed}}"
    ));
    let rows = perft::divide_telling(rules, st, depth, &mut |done, of| bar.set(done, of));
    bar.finish();
    rows
}
