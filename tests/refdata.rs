//! Differential test against OpenSpiel's Quoridor (tests/refdata/quoridor.json):
//! each listed position's legal move set and perft counts.

mod common;

use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use tavoliere::notation::move_to_short;
use tavoliere::perft::perft;

#[derive(Deserialize)]
struct RefData {
    start_perft: BTreeMap<String, BTreeMap<String, u64>>,
    positions: Vec<Position>,
}

#[derive(Deserialize)]
struct Position {
    tag: String,
    game: String,
    moves: Vec<String>,
    legal: Vec<String>,
    perft: BTreeMap<String, u64>,
}

fn game_file(name: &str) -> &'static str {
    match name {
        "9x9 2 players 10 walls each" => "games/quoridor.toml",
        "7x7 2 players 6 walls each" => "tests/games/quoridor-kid-6-walls.toml",
        "11x11 2 players 21 walls each" => "games/pinko-pallino-orthogonal.toml",
        "9x9 4 players 5 walls each" => "games/quoridor-4p-no-double-jump.toml",
        other => panic!("no game file for refdata game `{other}`"),
    }
}

fn refdata() -> RefData {
    let text = std::fs::read_to_string(common::root().join("tests/refdata/quoridor.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn every_refdata_game_has_start_counts_in_the_perft_files() {
    let perft_file =
        std::fs::read_to_string(common::root().join("tests/perft/start.toml")).unwrap();
    for (game, counts) in refdata().start_perft {
        let file = game_file(&game);
        for n in counts.values() {
            assert!(
                perft_file.contains(&n.to_string()) && perft_file.contains(file),
                "tests/perft/start.toml lacks {game}'s count {n}"
            );
        }
    }
}

#[test]
fn positions_match_openspiel() {
    let limit = common::perft_limit();
    let data = refdata();
    assert_eq!(data.positions.len(), 28);
    for p in &data.positions {
        let rules = common::load(game_file(&p.game));
        let st = common::play_all(&rules, rules.initial(), &p.moves.join(" "));
        let mut moves = Vec::new();
        rules.legal_moves(&st, &mut moves);
        let ours: BTreeSet<String> = moves
            .iter()
            .map(|&m| move_to_short(&rules, &st, m, &moves))
            .collect();
        let theirs: BTreeSet<String> = p.legal.iter().cloned().collect();
        assert_eq!(ours, theirs, "legal moves of `{}`", p.tag);
        for (depth, &expected) in &p.perft {
            if expected > limit {
                continue;
            }
            let depth: u32 = depth.parse().unwrap();
            assert_eq!(
                perft(&rules, &st, depth),
                expected,
                "perft({depth}) of `{}`",
                p.tag
            );
        }
    }
}
