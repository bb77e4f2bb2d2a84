//! Game records: tavoliere's own (`# tavoliere game record`, `game PATH`,
//! one move per line) and PGN, chosen by the file's extension `.pgn`.

use anyhow::{Context, Result};
use std::path::Path;
use tavoliere::notation;
use tavoliere::rules::{Rules, State};

/// The moves of a loaded record, each with where it is written (for the
/// error that refuses it), and the FEN a PGN record starts from.
pub(crate) struct Loaded {
    pub moves: Vec<(String, String)>,
    pub fen: Option<String>,
}

/// Whether `path` is written as PGN.
pub(crate) fn is_pgn(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
}

/// Reads the record at `path`, a record of the game `file`: its moves, or
/// (the outer error) an unreadable file, or (the inner) what is wrong.
pub(crate) fn load(path: &Path, file: &Path) -> Result<Result<Loaded, String>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the record {}", path.display()))?;
    let shown = path.display();
    if !is_pgn(path) {
        return Ok(read_record(&text, file)
            .map(|moves| Loaded {
                moves: (moves.into_iter().enumerate())
                    .map(|(i, m)| (m, format!("{shown}: move {}", i + 1)))
                    .collect(),
                fen: None,
            })
            .map_err(|why| format!("{shown}: {why}")));
    }
    Ok(match notation::read_pgn(&text) {
        Ok(pgn) => Ok(Loaded {
            fen: pgn.tag("FEN").map(str::to_string),
            moves: (pgn.moves.into_iter())
                .map(|(m, line, col)| (m, format!("{shown}:{line}:{col}")))
                .collect(),
        }),
        Err((line, col, why)) => Err(format!("{shown}:{line}:{col}: {why}")),
    })
}

/// The text of the record at `path` of a game of `file` played from
/// `start` with `moves` (as written), now at `now`.
pub(crate) fn text(
    path: &Path,
    file: &Path,
    rules: &Rules,
    start: &State,
    moves: &[String],
    now: &State,
) -> String {
    if is_pgn(path) {
        notation::pgn_text(rules, start, moves, notation::pgn_result(rules, now))
    } else {
        record_text(file, moves)
    }
}

/// A game record: `# tavoliere game record`, `game PATH`, then one move
/// per line.
pub(crate) fn record_text(file: &Path, moves: &[String]) -> String {
    let mut text = format!("# tavoliere game record\ngame {}\n", file.display());
    for m in moves {
        text.push_str(m);
        text.push('\n');
    }
    text
}

/// The moves of a record, checking it is a record of `file`.
pub(crate) fn read_record(text: &str, file: &Path) -> Result<Vec<String>, String> {
    let mut moves = Vec::new();
    let mut game = None;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match line.strip_prefix("game ") {
            Some(g) if game.is_none() => game = Some(g.trim().to_string()),
            Some(_) => return Err(format!("line {}: a second `game` line", i + 1)),
            None if game.is_none() => {
                return Err(format!("line {}: a record starts with `game FILE`", i + 1))
            }
            None => moves.push(line.to_string()),
        }
    }
    let game = game.ok_or("the record names no game (`game FILE`)")?;
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    };
    if !same(Path::new(&game), file) {
        return Err(format!(
            "this is a record of {game}, not of {}",
            file.display()
        ));
    }
    Ok(moves)
}
