//! `show`: draw the board in the terminal, and optionally as an SVG picture.

use super::{out, rules_at, At};
use anyhow::{Context, Result};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use tavoliere::{notation, render, svg};

#[derive(clap::Args)]
pub struct Args {
    file: PathBuf,
    #[command(flatten)]
    at: At,
    /// Also draw the position as an SVG picture into this file.
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
}

pub fn run(Args { file, mut at, svg }: Args) -> Result<ExitCode> {
    at.fen_writes = true;
    let (rules, st) = match rules_at(&file, &at)? {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    if let Some(path) = svg {
        std::fs::write(&path, svg::position(&rules, &st))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    let mut out = out();
    write!(out, "{}", render::board(&rules, &st))?;
    writeln!(out, "{}", render::status(&rules, &st))?;
    writeln!(
        out,
        "position: {}",
        notation::position_to_string(&rules, &st)
    )?;
    if at.fen.is_some() || rules.fen.given() {
        match notation::fen_string(&rules, &st) {
            Ok(fen) => writeln!(out, "fen: {fen}")?,
            Err(why) => {
                eprintln!("error: no FEN for this position: {why}");
                return Ok(ExitCode::from(1));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
