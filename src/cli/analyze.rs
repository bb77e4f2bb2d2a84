//! `analyze`: self-play between seats, for who wins, how long games last,
//! branching and first-move advantage.

use super::{every_core, out, progress, rules_or_exit, seat_sides};
use anyhow::Result;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use tavoliere::agent::Agent;
use tavoliere::analyze;

#[derive(clap::Args)]
pub struct Args {
    file: PathBuf,
    /// How many games.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Who plays a seat (or side): `NAME=random`, `NAME=mcts`,
    /// `NAME=mcts:ITERATIONS`; repeatable; random by default.
    #[arg(long = "seat", value_name = "NAME=PLAYER")]
    seats: Vec<String>,
    /// Games played at once (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// A game reaching this many plies is counted as a draw.
    #[arg(long, default_value_t = 1000)]
    max_plies: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn run(
    Args {
        file,
        games,
        seats,
        threads,
        max_plies,
        seed,
        json,
    }: Args,
) -> Result<ExitCode> {
    let rules = match rules_or_exit(&file)? {
        Ok(r) => r,
        Err(code) => return Ok(code),
    };
    let threads = threads.unwrap_or_else(every_core);
    let mut players = vec![Agent::Random; rules.sides.len()];
    let mut names = vec!["random".to_string(); rules.sides.len()];
    for spec in &seats {
        let (name, who) = spec.split_once('=').unwrap_or((spec.as_str(), ""));
        let mut agent = Agent::parse(who)
            .map_err(|e| anyhow::anyhow!("--seat {name}: {e}"))?
            .for_game(&rules);
        // The games run in parallel: each search keeps to one thread.
        if let Agent::Mcts { threads, .. } = &mut agent {
            *threads = 1;
        }
        for s in seat_sides(&rules, name)? {
            players[s as usize] = agent.clone();
            names[s as usize] = who.to_string();
        }
    }
    let bar = progress::bar(games as u64, "[{bar:30}] {pos}/{len} games, {elapsed}");
    let progress = |done: usize| bar.set_position(done as u64);
    let result = analyze::run(&rules, &players, games, threads, max_plies, seed, &progress);
    bar.finish_and_clear();
    let result = match result {
        Ok(result) => result,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    if json {
        writeln!(out(), "{}", result.to_json(&rules, &names))?;
    } else {
        write!(out(), "{}", result.to_text(&rules, &names))?;
    }
    Ok(ExitCode::SUCCESS)
}
