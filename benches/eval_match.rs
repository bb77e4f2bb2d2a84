//! Two evaluations of the alpha-beta player against each other, at equal
//! nodes (or milliseconds) a move: the default [`Weights`] against the same without
//! mobility (or other weights given), to decide what the evaluation reads.
//! Not run by `cargo test` or CI.
//!
//!     cargo bench --bench eval_match -- [--pairs 10] [--nodes 20000 | --ms 100] \
//!         [--mobility 0] [--step 25] GAME ...
//!
//! Each pair of games starts from the same opening, 4 random plies from
//! the start (seeded by the pair's number), with the seats swapped; a game
//! longer than 300 plies is a draw. It prints the default's score (wins
//! and half the draws) with a 95% Wilson interval.

use std::path::Path;
use std::time::{Duration, Instant};
use tavoliere::diag::Sources;
use tavoliere::rules::{Outcome, Rules};
use tavoliere::search::{best_move_weighing, Budget, Weights};

fn load(rel: &str) -> Rules {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join(rel)).expect("the game file");
    let mut sources = Sources::new();
    let id = sources.add(root.join(rel).to_string_lossy(), text);
    let mut read = |from: &str, path: &str| {
        let p = Path::new(from).parent().unwrap().join(path);
        std::fs::read_to_string(&p)
            .map(|t| (p.to_string_lossy().into_owned(), t))
            .map_err(|e| e.to_string())
    };
    tavoliere::compile::load(&mut sources, id, &mut read)
        .expect("the game compiles")
        .0
}

/// The outcome for the seat that plays `first` first: 1, ½ or 0.
fn game(rules: &Rules, seed: u64, first: Weights, second: Weights, nodes: u64, ms: u64) -> f64 {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut st = rules.initial();
    for _ in 0..4 {
        if let Some(mv) = rules.random_move(&st, &mut rng) {
            rules.play(&mut st, mv);
        }
    }
    let opener = rules.to_move(&st);
    for _ in 0..300 {
        if rules.outcome(&st) != Outcome::Ongoing {
            break;
        }
        let budget = Budget {
            nodes,
            deadline: (ms > 0).then(|| Instant::now() + Duration::from_millis(ms)),
            stop: None,
        };
        let weights = if rules.to_move(&st) == opener {
            first
        } else {
            second
        };
        let Some(found) = best_move_weighing(rules, &st, &budget, weights) else {
            break;
        };
        rules.play(&mut st, found.mv);
    }
    match rules.outcome(&st) {
        Outcome::Win(side) if side == opener => 1.0,
        Outcome::Win(_) => 0.0,
        _ => 0.5,
    }
}

fn main() {
    let (mut pairs, mut nodes, mut ms) = (10u64, 20_000u64, 0u64);
    let mut other = Weights {
        mobility: 0.0,
        ..Weights::default()
    };
    let mut games = Vec::new();
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .expect("a value")
                .parse::<f64>()
                .expect("a number")
        };
        match arg.as_str() {
            "--pairs" => pairs = value() as u64,
            "--nodes" => nodes = value() as u64,
            "--ms" => (ms, nodes) = (value() as u64, u64::MAX),
            "--mobility" => other.mobility = value(),
            "--step" => other.step = value(),
            game => games.push(game.to_string()),
        }
    }
    let ours = Weights::default();
    for name in games {
        let rules = load(&format!("games/{name}.toml"));
        let mut score = 0.0;
        for pair in 0..pairs {
            score += game(&rules, pair, ours, other, nodes, ms);
            score += 1.0 - game(&rules, pair, other, ours, nodes, ms);
        }
        let n = (2 * pairs) as f64;
        let (low, high) = wilson(score, n);
        println!(
            "{name:<16} {ours:?} vs {other:?}: {:.1}% ({low:.1}-{high:.1}) over {n} games",
            100.0 * score / n
        );
    }
}

fn wilson(k: f64, n: f64) -> (f64, f64) {
    let z: f64 = 1.96;
    let p = k / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    (100.0 * (c - h), 100.0 * (c + h))
}
