//! The move tables (`src/engine/table.rs`) lay out the simple patterns per
//! kind, side and site; the pattern walk reads the patterns themselves.
//! Both must give the same legal moves and the same positions after every
//! move: checked along random games of every game file, and of the test
//! games, against the same rules with every pattern walked. The order may
//! differ: the tables merge two patterns' steps to the same site into one
//! (`src/engine/lone_steps.rs`), given where the first pattern's is.

mod common;

use tavoliere::notation::move_to_string;
use tavoliere::rules::{Outcome, Rules};

/// At most this many legal moves are listed per game file: the games
/// with hundreds of moves a position (Go 19x19) stop early, so that the
/// debug build checks every game in seconds.
const MOVES_LISTED: usize = 100_000;

/// Plays `games` random games of at most `plies` plies with `rules`, and
/// compares every position with `walked`, until [`MOVES_LISTED`] moves
/// have been listed.
fn compare(name: &str, rules: &Rules, games: u64, plies: usize) {
    let walked = rules.without_move_tables();
    let (mut with, mut without) = (Vec::new(), Vec::new());
    let mut listed = 0;
    for seed in 0..games {
        if listed >= MOVES_LISTED {
            break;
        }
        let mut rng = fastrand::Rng::with_seed(seed);
        let (mut a, mut b) = (rules.initial(), walked.initial());
        for ply in 0..plies {
            rules.legal_moves(&a, &mut with);
            walked.legal_moves(&b, &mut without);
            listed += with.len();
            let text = |r: &Rules, st, ms: &[_]| -> Vec<String> {
                let mut texts: Vec<String> = ms.iter().map(|&m| move_to_string(r, st, m)).collect();
                texts.sort();
                texts
            };
            assert_eq!(
                text(rules, &a, &with),
                text(&walked, &b, &without),
                "{name}, game {seed}, ply {ply}: the legal moves differ"
            );
            if with.is_empty() || rules.outcome(&a) != Outcome::Ongoing {
                break;
            }
            let mv = with[rng.usize(..with.len())];
            rules.play(&mut a, mv);
            walked.play(&mut b, mv);
            assert_eq!(a, b, "{name}, game {seed}, ply {ply}: the positions differ");
        }
    }
}

#[test]
fn tables_agree_with_the_walk_in_every_game() {
    for game in common::game_files() {
        compare(&game, &common::load(&game), 6, 400);
    }
}

#[test]
fn tables_agree_with_the_walk_in_the_test_games() {
    for game in common::toml_files("tests/games") {
        compare(&game, &common::load(&game), 4, 300);
    }
}
