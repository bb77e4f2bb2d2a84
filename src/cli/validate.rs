//! `validate`: check game files, printing every error and warning.

use super::{load, out};
use anyhow::{bail, Result};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    files: Vec<PathBuf>,
    /// `human` (default) or `json` (one JSON object per line).
    #[arg(long, default_value = "human")]
    format: String,
}

pub fn run(Args { files, format }: Args) -> Result<ExitCode> {
    let json = match format.as_str() {
        "human" => false,
        "json" => true,
        other => bail!("unknown format `{other}`: expected `human` or `json`"),
    };
    if files.is_empty() {
        bail!("give at least one game file");
    }
    let mut failed = false;
    for f in &files {
        let (rules, diags, _) = load(f, json)?;
        failed |= rules.is_none();
        if !json {
            let warnings = diags.iter().filter(|d| !d.is_error()).count();
            match (&rules, warnings) {
                (Some(_), 0) => writeln!(out(), "{}: ok", f.display())?,
                (Some(_), n) => writeln!(out(), "{}: ok, {n} warning(s)", f.display())?,
                (None, _) => writeln!(
                    out(),
                    "{}: {} error(s)",
                    f.display(),
                    diags.iter().filter(|d| d.is_error()).count()
                )?,
            }
        }
    }
    Ok(ExitCode::from(u8::from(failed)))
}
