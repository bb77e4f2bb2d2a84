//! perft from the start of each game against the counts in `tests/perft/*.toml`.
//!
//! Each case is a test of its own, named `FILE::NN_GAME_FROM` (its number in
//! the file, the game's file name, and `start`, `position` or `fen`):
//! `cargo test --test perft -- chess::02_` runs Kiwipete. Counts above
//! `TAVOLIERE_PERFT_LIMIT` (10,000,000 unless set) are skipped.

mod common;

use serde::Deserialize;
use tavoliere::perft::perft;

#[derive(Deserialize)]
struct Case {
    game: String,
    /// A position to start from instead of the start.
    position: Option<String>,
    /// The same, as FEN.
    fen: Option<String>,
    #[serde(default)]
    moves: String,
    counts: Vec<u64>,
    #[allow(dead_code)]
    source: String,
}

/// A case's name: its number in the file, the game's file name, and where
/// it starts (`start`, `position`, `fen`, `moves` when moves are played).
fn name(file: &str, i: usize, case: &Case) -> String {
    let game = std::path::Path::new(&case.game);
    let from = match (&case.position, &case.fen) {
        (Some(_), _) => "position",
        (None, Some(_)) => "fen",
        (None, None) => "start",
    };
    let moves = if case.moves.trim().is_empty() {
        ""
    } else {
        "_moves"
    };
    format!(
        "{file}::{:02}_{}_{from}{moves}",
        i + 1,
        common::trials::stem(game)
    )
}

fn check(case: &Case, limit: u64) {
    let rules = common::load(&case.game);
    let start = match (&case.position, &case.fen) {
        (Some(p), _) => common::position(&rules, p),
        (None, Some(f)) => common::fen(&rules, f),
        (None, None) => rules.initial(),
    };
    let st = common::play_all(&rules, start, &case.moves);
    for (i, &expected) in case.counts.iter().enumerate() {
        if expected > limit {
            continue;
        }
        let depth = i as u32 + 1;
        assert_eq!(
            perft(&rules, &st, depth),
            expected,
            "{} after `{}`: perft({depth})",
            case.game,
            case.moves
        );
    }
}

fn main() {
    let limit = common::perft_limit();
    let (files, mut trials) = common::trials::case_files::<Case>("tests/perft");
    let checked = files
        .iter()
        .flat_map(|(_, cases)| cases)
        .flat_map(|case| &case.counts)
        .filter(|&&expected| expected <= limit)
        .count();
    trials.push(common::trials::trial("enough_counts", move || {
        assert!(checked >= 20, "only {checked} counts checked");
    }));
    for (file, cases) in files {
        for (i, case) in cases.into_iter().enumerate() {
            let name = name(&file, i, &case);
            trials.push(common::trials::trial(name, move || check(&case, limit)));
        }
    }
    common::trials::run(trials)
}
