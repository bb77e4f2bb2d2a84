//! `bench`: uniform random playouts, for speed, game length and outcomes.

use super::{every_core, out, progress, rules_or_exit};
use anyhow::Result;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use tavoliere::playout::{self, Budget, Report};
use tavoliere::rules::{Rules, TooManyChains};

#[derive(clap::Args)]
pub struct Args {
    file: PathBuf,
    #[arg(long, default_value_t = 5.0)]
    seconds: f64,
    /// Play exactly this many playouts per thread instead of playing for
    /// `--seconds`: the same games on every run, to compare builds.
    #[arg(long)]
    playouts: Option<u64>,
    /// A game reaching this many plies is counted as a draw.
    #[arg(long, default_value_t = 10_000)]
    max_plies: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Playouts run on this many threads at once (`0`: every core).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn run(
    Args {
        file,
        seconds,
        playouts,
        max_plies,
        seed,
        threads,
        json,
    }: Args,
) -> Result<ExitCode> {
    let rules = match rules_or_exit(&file)? {
        Ok(r) => r,
        Err(code) => return Ok(code),
    };
    let threads = match threads {
        0 => every_core(),
        n => n,
    };
    let report = match playouts {
        Some(n) => playout::bench(&rules, Budget::Playouts(n.max(1)), max_plies, seed, threads),
        None => timed(&rules, seconds, max_plies, seed, threads),
    };
    let report = match report {
        Ok(report) => report,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    if json {
        writeln!(out(), "{}", report.to_json(&rules))?;
    } else {
        write!(out(), "{}", report.to_text(&rules))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Playouts for `seconds`, with a bar of the time gone by on a terminal.
fn timed(
    rules: &Rules,
    seconds: f64,
    max_plies: u32,
    seed: u64,
    threads: usize,
) -> Result<Report, TooManyChains> {
    let tenths = (seconds * 10.0).ceil().max(1.0) as u64;
    let bar = progress::bar(tenths, "[{bar:30}] {elapsed} of the bench's time");
    let start = Instant::now();
    let report = std::thread::scope(|scope| {
        let bench = scope
            .spawn(|| playout::bench(rules, Budget::Seconds(seconds), max_plies, seed, threads));
        while !bench.is_finished() {
            bar.set_position((start.elapsed().as_secs_f64() * 10.0) as u64);
            std::thread::sleep(Duration::from_millis(100));
        }
        bench.join()
    });
    bar.finish_and_clear();
    match report {
        Ok(report) => report,
        Err(panic) => std::panic::resume_unwind(panic),
    }
}
