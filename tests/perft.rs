//! perft from the start of each game against the counts in `tests/perft/*.toml`.

mod common;

use serde::Deserialize;
use tavoliere::perft::perft;

#[derive(Deserialize)]
struct File {
    case: Vec<Case>,
}

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

#[test]
fn perft_files() {
    let limit = common::perft_limit();
    let mut checked = 0;
    for entry in std::fs::read_dir(common::root().join("tests/perft")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let file: File = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for case in file.case {
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
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "only {checked} counts checked");
}
