//! `scenario`: print a rule-behaviour scenario step by step.

use super::{out, read_base};
use anyhow::{Context, Result};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use tavoliere::diag::{self, Sources};
use tavoliere::scenario;

#[derive(clap::Args)]
pub struct Args {
    file: PathBuf,
}

pub fn run(Args { file }: Args) -> Result<ExitCode> {
    let text = std::fs::read_to_string(&file)
        .with_context(|| format!("cannot read {}", file.display()))?;
    let mut sources = Sources::new();
    let id = sources.add(file.to_string_lossy(), text);
    match scenario::run(&mut sources, id, &mut read_base) {
        Ok(text) => {
            write!(out(), "{text}")?;
            Ok(ExitCode::SUCCESS)
        }
        Err(diags) => {
            eprint!("{}", diag::render(&sources, &diags));
            Ok(ExitCode::from(1))
        }
    }
}
