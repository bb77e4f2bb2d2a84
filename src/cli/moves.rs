//! `moves`: list the legal moves, or say why one move is not legal.

use super::{bounded, out, rules_at, At};
use anyhow::Result;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use tavoliere::rules::{Rules, State};
use tavoliere::{notation, render};

#[derive(clap::Args)]
pub struct Args {
    file: PathBuf,
    #[command(flatten)]
    at: At,
    /// Write steps by their destination where unambiguous.
    #[arg(long, conflicts_with = "san")]
    short: bool,
    /// Write moves in the game's notation: SAN, WXF or Hodges's (games
    /// with `[notation] style`).
    #[arg(long, visible_alias = "notation")]
    san: bool,
    /// Instead of listing the moves, say why this move is not legal
    /// (or that it is); exits 1 when it is not.
    #[arg(long, value_name = "MOVE")]
    why: Option<String>,
}

pub fn run(
    Args {
        file,
        at,
        short,
        san,
        why,
    }: Args,
) -> Result<ExitCode> {
    let (rules, st) = match rules_at(&file, &at)? {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    if let Some(text) = why {
        return Ok(match bounded(&rules, || why_not(&rules, &st, &text)) {
            Ok((line, code)) => {
                writeln!(out(), "{line}")?;
                code
            }
            Err(code) => code,
        });
    }
    let listed = bounded(&rules, || {
        let mut moves = Vec::new();
        rules.legal_moves(&st, &mut moves);
        let style = match (short, san) {
            (true, _) => render::MoveStyle::Short,
            (_, true) => render::MoveStyle::San,
            _ => render::MoveStyle::Full,
        };
        let lines = render::move_list(&rules, &st, &moves, style);
        (lines, render::nothing_to_play(&rules, &st, &moves))
    });
    let (lines, nothing) = match listed {
        Ok(listed) => listed,
        Err(code) => return Ok(code),
    };
    let mut out = out();
    for line in lines {
        writeln!(out, "{line}")?;
    }
    // Standard output stays a list of moves; why it is empty (or only
    // `pass`) goes beside it.
    if let Some(why) = nothing {
        eprintln!("{why}");
    }
    Ok(ExitCode::SUCCESS)
}

/// `--why`: whether the move is legal, and the rule that refuses it if
/// not: the line to print and the exit code.
fn why_not(rules: &Rules, st: &State, text: &str) -> (String, ExitCode) {
    let text = text.trim();
    match notation::read_any_move(rules, st, text) {
        Ok(mv) if rules.why_not(st, mv).is_none() => (
            notation::explain_typed(rules, st, mv, text),
            ExitCode::SUCCESS,
        ),
        Ok(mv) => (
            format!(
                "`{text}` is not legal: {}",
                notation::explain_typed(rules, st, mv, text)
            ),
            ExitCode::from(1),
        ),
        Err(e) => (format!("`{text}` is not legal: {e}"), ExitCode::from(1)),
    }
}
