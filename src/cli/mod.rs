//! The commands of the command line, one module each, and what they share:
//! loading a game file, reaching a position, naming seats, and writing to
//! standard output.

pub mod analyze;
pub mod bench;
pub mod engine;
pub mod lsp;
pub mod moves;
pub mod perft;
pub mod play;
pub mod scenario;
pub mod serve;
pub mod show;
pub mod validate;

mod progress;
mod record;

use anyhow::{bail, Context, Result};
use std::path::Path;
use std::process::ExitCode;
use tavoliere::diag::{self, Diagnostic, Sources};
use tavoliere::rules::{Rules, State};
use tavoliere::{analyze as stats, compile, notation};

/// Where to look: the start, a position, and moves played from it.
#[derive(clap::Args)]
pub struct At {
    /// Moves played from the start (or from --position), separated by spaces.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// A position in the textual form printed by `show`.
    #[arg(long, conflicts_with = "fen")]
    pub position: Option<String>,
    /// A position as FEN, for grid games (`show FILE --fen` alone prints
    /// the position's FEN).
    #[arg(long, num_args = 0..=1, default_missing_value = "", value_name = "FEN")]
    pub fen: Option<String>,
    /// Whether `--fen` alone asks for the FEN to be written (`show`).
    #[arg(skip)]
    pub fen_writes: bool,
}

/// Standard output, for `writeln!(out(), ...)?`: a write that fails (a
/// reader that went away) is an error the command returns, not a panic.
pub fn out() -> std::io::StdoutLock<'static> {
    std::io::stdout().lock()
}

/// Whether an error is standard output's reader having gone away, which
/// ends a command quietly.
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Reads `extends` bases relative to the file that names them.
pub fn read_base(from: &str, path: &str) -> std::result::Result<(String, String), String> {
    let base = Path::new(from).parent().unwrap_or(Path::new("")).join(path);
    let name = base.to_string_lossy().into_owned();
    std::fs::read_to_string(&base)
        .map(|text| (name, text))
        .map_err(|e| e.to_string())
}

/// Loads and compiles a game, printing diagnostics; `None` if it has errors.
pub fn load(path: &Path, json: bool) -> Result<(Option<Rules>, Vec<Diagnostic>, Sources)> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut sources = Sources::new();
    let file = sources.add(path.to_string_lossy(), text);
    let (rules, diags) = match compile::load(&mut sources, file, &mut read_base) {
        Ok((rules, warnings)) => (Some(rules), warnings),
        Err(diags) => (None, diags),
    };
    if json {
        let mut out = out();
        for d in diag::to_json_list(&sources, &diags) {
            use std::io::Write;
            writeln!(out, "{d}")?;
        }
    } else if !diags.is_empty() {
        eprint!("{}", diag::render(&sources, &diags));
    }
    Ok((rules, diags, sources))
}

pub fn rules_or_exit(path: &Path) -> Result<std::result::Result<Rules, ExitCode>> {
    let (rules, _, _) = load(path, false)?;
    Ok(rules.ok_or(ExitCode::from(1)))
}

/// The rules of a game file and the position reached from `at`, or the exit
/// code after the errors were printed.
pub fn rules_at(path: &Path, at: &At) -> Result<std::result::Result<(Rules, State), ExitCode>> {
    let rules = match rules_or_exit(path)? {
        Ok(r) => r,
        Err(code) => return Ok(Err(code)),
    };
    Ok(position(&rules, at).map(|st| (rules, st)))
}

/// The position reached from `at`, or an error already printed.
pub fn position(rules: &Rules, at: &At) -> std::result::Result<State, ExitCode> {
    type Parse<'p> = &'p dyn Fn(diag::FileId) -> std::result::Result<State, Vec<Diagnostic>>;
    let read = |name: &str, text: &str, parse: Parse| {
        let mut sources = Sources::new();
        let file = sources.add(name, text.to_string());
        parse(file).map_err(|diags| {
            eprint!("{}", diag::render(&sources, &diags));
            ExitCode::from(1)
        })
    };
    let mut st = match (&at.position, &at.fen) {
        (Some(text), _) => read("--position", text, &|f| {
            notation::parse_position(rules, text, f)
        })?,
        // `show --fen` with no FEN prints the FEN of the start.
        (None, Some(text)) if !text.is_empty() || !at.fen_writes => {
            read("--fen", text, &|f| notation::parse_fen(rules, text, f))?
        }
        _ => rules.initial(),
    };
    bounded(rules, || {
        for (i, word) in at.moves.split_whitespace().enumerate() {
            match notation::parse_move(rules, &st, word) {
                Ok(mv) => rules.play(&mut st, mv),
                Err(e) => {
                    eprintln!(
                        "error: move {} `{}`: {e}",
                        i + 1,
                        tavoliere::diag::escape(word)
                    );
                    return Err(ExitCode::from(1));
                }
            }
        }
        Ok(st)
    })?
}

/// `f`'s answer, or (printed, exit code 1) the error of a move listing
/// that stopped at the chain budget ([`Rules::bounded`]).
pub fn bounded<R>(rules: &Rules, f: impl FnOnce() -> R) -> std::result::Result<R, ExitCode> {
    rules.bounded(f).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(1)
    })
}

/// The sides of a seat, or a side by its own name.
pub fn seat_sides(rules: &Rules, name: &str) -> Result<Vec<u8>> {
    match stats::sides_named(rules, name) {
        Some(sides) => Ok(sides),
        None => {
            let mut known: Vec<&str> = rules.seats.iter().map(|s| s.name.as_str()).collect();
            for s in &rules.sides {
                if !known.contains(&s.name.as_str()) {
                    known.push(&s.name);
                }
            }
            bail!(
                "unknown seat or side `{name}`: they are {}",
                known.join(", ")
            )
        }
    }
}

/// The number of threads `0` or nothing stands for: every core.
pub fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Replaces the regular file `path` (or creates it) so that a crash leaves
/// the old text or the new one whole: written to a fresh temporary file
/// beside it (created exclusively, so never through a planted link, and
/// with a random name, so two writers do not share it), flushed to disk,
/// then renamed over it. A `path` that is a symbolic link or not a regular
/// file is refused.
pub(crate) fn write_replacing(path: &Path, text: &[u8]) -> std::io::Result<()> {
    use std::io::{Error, ErrorKind, Write};
    let old = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => return Err(Error::other("it is a symbolic link")),
        Ok(m) if !m.is_file() => return Err(Error::other("it is not a regular file")),
        Ok(m) => Some(m),
        Err(e) if e.kind() == ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let name = path
        .file_name()
        .ok_or_else(|| Error::other("no file name"))?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let tmp = dir.join(format!(
        ".{}.{:016x}.tmp",
        name.to_string_lossy(),
        fastrand::u64(..)
    ));
    let write = || -> std::io::Result<()> {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        if let Some(old) = &old {
            file.set_permissions(old.permissions())?;
        }
        file.write_all(text)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&tmp, path)
    };
    let result = write();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    } else if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    result
}
