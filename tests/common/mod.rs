//! Helpers shared by the integration tests: loading games from the repository.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use tavoliere::diag::{render, Diagnostic, Sources};
use tavoliere::rules::{Rules, State};
use tavoliere::{compile, notation};

pub mod trials;

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Reads `extends` bases relative to the file that names them.
pub fn read_base(from: &str, path: &str) -> Result<(String, String), String> {
    let base = Path::new(from).parent().unwrap_or(Path::new("")).join(path);
    let name = base.to_string_lossy().into_owned();
    std::fs::read_to_string(&base)
        .map(|t| (name, t))
        .map_err(|e| e.to_string())
}

/// Compiles a game file; the name it reports is relative to the repository.
pub fn load_with_warnings(rel: &str) -> Result<(Rules, Vec<Diagnostic>), String> {
    let text = std::fs::read_to_string(root().join(rel)).map_err(|e| format!("{rel}: {e}"))?;
    let mut sources = Sources::new();
    let id = sources.add(root().join(rel).to_string_lossy(), text);
    compile::load(&mut sources, id, &mut read_base).map_err(|d| render(&sources, &d))
}

/// Every shipped game file, as `games/NAME.toml`, sorted.
pub fn game_files() -> Vec<String> {
    toml_files("games")
}

/// The `.toml` files of a folder of the repository, as `DIR/NAME.toml`,
/// sorted.
pub fn toml_files(dir: &str) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(root().join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| format!("{dir}/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    files.sort();
    files
}

pub fn load(rel: &str) -> Rules {
    match load_with_warnings(rel) {
        Ok((rules, _)) => rules,
        Err(report) => panic!("{rel} does not compile:\n{report}"),
    }
}

/// Positions of `games` random games from the start, each of `plies`
/// plies at most, drawn from `seed`: every `every`th ply's position, and
/// each game's last.
pub fn random_positions(
    rules: &Rules,
    seed: u64,
    games: usize,
    plies: usize,
    every: usize,
) -> Vec<State> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut states = Vec::new();
    let mut legal = Vec::new();
    for _ in 0..games {
        let mut st = rules.initial();
        for ply in 1..=plies {
            rules.legal_moves(&st, &mut legal);
            if legal.is_empty() {
                break;
            }
            rules.play(&mut st, legal[rng.usize(..legal.len())]);
            if ply % every == 0 {
                states.push(st.clone());
            }
        }
        states.push(st);
    }
    states
}

/// Plays moves in notation from `st`.
pub fn play_all(rules: &Rules, mut st: State, moves: &str) -> State {
    for word in moves.split_whitespace() {
        let mv =
            notation::parse_move(rules, &st, word).unwrap_or_else(|e| panic!("move `{word}`: {e}"));
        rules.play(&mut st, mv);
    }
    st
}

pub fn position(rules: &Rules, text: &str) -> State {
    let mut sources = Sources::new();
    let id = sources.add("position", text);
    notation::parse_position(rules, text, id)
        .unwrap_or_else(|d| panic!("bad position:\n{}", render(&sources, &d)))
}

/// A position read from FEN.
pub fn fen(rules: &Rules, text: &str) -> State {
    let mut sources = Sources::new();
    let id = sources.add("fen", text);
    notation::parse_fen(rules, text, id)
        .unwrap_or_else(|d| panic!("bad FEN:\n{}", render(&sources, &d)))
}

/// The largest perft count a test computes (TAVOLIERE_PERFT_LIMIT).
pub fn perft_limit() -> u64 {
    std::env::var("TAVOLIERE_PERFT_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000_000)
}
