//! Legal-move sets against Fairy-Stockfish (tests/refdata/ffish/*.json,
//! written by tests/perft/ffish_sets.py from pyffish): each seeded random
//! game is replayed from the start, and at every position tavoliere's
//! legal moves, written in its notation, must be exactly pyffish's.

mod common;

use serde::Deserialize;
use std::collections::BTreeSet;
use tavoliere::notation::{move_to_string, parse_move};
use tavoliere::rules::Outcome;

#[derive(Deserialize)]
struct Reference {
    source: String,
    game: String,
    walks: Vec<Walk>,
}

#[derive(Deserialize)]
struct Walk {
    /// The moves played, space-separated.
    moves: String,
    /// The legal moves of each position along the walk, space-separated.
    legal: Vec<String>,
}

fn check(file: &str, at_least: usize) {
    let path = common::root().join("tests/refdata/ffish").join(file);
    let data: Reference = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let rules = common::load(&data.game);
    let mut positions = 0;
    for (w, walk) in data.walks.iter().enumerate() {
        let mut st = rules.initial();
        let played: Vec<&str> = walk.moves.split_whitespace().collect();
        for (i, expected) in walk.legal.iter().enumerate() {
            let mut moves = Vec::new();
            rules.legal_moves(&st, &mut moves);
            let ours: BTreeSet<String> = moves
                .iter()
                .map(|&m| move_to_string(&rules, &st, m))
                .collect();
            let theirs: BTreeSet<String> = expected.split_whitespace().map(String::from).collect();
            assert_eq!(
                ours,
                theirs,
                "{file}, walk {w}, after {:?} ({})",
                &played[..i],
                data.source
            );
            positions += 1;
            let Some(text) = played.get(i) else { break };
            let mv = parse_move(&rules, &st, text).unwrap();
            rules.play(&mut st, mv);
        }
    }
    assert!(positions >= at_least, "{file}: only {positions} positions");
}

#[test]
fn sittuyin_matches_fairy_stockfish() {
    check("sittuyin.json", 200);
}

#[test]
fn janggi_matches_fairy_stockfish() {
    check("janggi.json", 200);
}

#[test]
fn grand_matches_fairy_stockfish() {
    check("grand.json", 200);
}

/// Games that Fairy-Stockfish's `janggi` decides by counting the material
/// (tests/refdata/ffish/janggi-counting.json, written by
/// tests/perft/ffish_results.py): each is replayed, goes on to its last
/// move, and then has pyffish's winner.
#[test]
fn janggi_counting_matches_fairy_stockfish_results() {
    #[derive(Deserialize)]
    struct Results {
        source: String,
        game: String,
        games: Vec<Ended>,
    }
    #[derive(Deserialize)]
    struct Ended {
        moves: String,
        winner: String,
        why: String,
    }
    let path = common::root().join("tests/refdata/ffish/janggi-counting.json");
    let data: Results = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let rules = common::load(&data.game);
    let mut whys = BTreeSet::new();
    for (g, game) in data.games.iter().enumerate() {
        let mut st = rules.initial();
        for text in game.moves.split_whitespace() {
            assert_eq!(
                rules.outcome(&st),
                Outcome::Ongoing,
                "game {g} ended before {text} ({})",
                data.source
            );
            let mv = parse_move(&rules, &st, text).unwrap();
            rules.play(&mut st, mv);
        }
        let winner = match rules.outcome(&st) {
            Outcome::Win(s) => rules.sides[s as usize].name.clone(),
            other => format!("{other:?}"),
        };
        assert_eq!(winner, game.winner, "game {g}, ended by {}", game.why);
        whys.insert(game.why.as_str());
    }
    assert!(data.games.len() >= 20 && whys.len() >= 3, "{whys:?}");
}
