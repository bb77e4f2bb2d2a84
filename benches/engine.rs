//! `cargo bench`: move generation, play, perft, random moves and random
//! playouts of every game, with divan.
//!
//! Positions and counts come from `tests/perft/*.toml` (each count checked
//! against another implementation or by hand), and every benchmark asserts
//! the count it times, so a fast wrong answer fails. perft runs at the
//! deepest depth of at most `PERFT_NODES` nodes; divan reports its rate as
//! items (nodes) per second. Playouts report plies per second.
//!
//!     cargo bench                     # everything
//!     cargo bench -- perft            # one group
//!     cargo bench -- tamerlane        # one game

use divan::counter::ItemsCount;
use divan::Bencher;
use std::path::Path;
use tavoliere::diag::Sources;
use tavoliere::rules::{Move, Outcome, Rules, State};
use tavoliere::{compile, notation, perft, playout};

fn main() {
    divan::main();
}

/// One game of each family, as in `tests/perft/*.toml`.
const GAMES: &[&str] = &[
    "quoridor",
    "quoridor-4p",
    "blockade",
    "pinko-pallino-orthogonal",
    "asalto",
    "siege-of-paris",
    "cerco-de-paris",
    "tamerlane",
    "draughts",
    "international-draughts",
];

/// The largest perft a benchmark runs.
const PERFT_NODES: u64 = 2_500_000;

/// A game, the position its first perft case starts from, and the counts.
struct Case {
    rules: Rules,
    start: State,
    counts: Vec<u64>,
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn load(rel: &str) -> Rules {
    let text = std::fs::read_to_string(root().join(rel)).unwrap();
    let mut sources = Sources::new();
    let id = sources.add(root().join(rel).to_string_lossy(), text);
    let mut read = |from: &str, path: &str| {
        let p = Path::new(from).parent().unwrap().join(path);
        std::fs::read_to_string(&p)
            .map(|t| (p.to_string_lossy().into_owned(), t))
            .map_err(|e| e.to_string())
    };
    compile::load(&mut sources, id, &mut read)
        .expect("the game compiles")
        .0
}

/// The first case of `tests/perft/` for `games/NAME.toml` that starts from
/// the start (after its `moves`).
fn case(name: &str) -> Case {
    let game = format!("games/{name}.toml");
    let mut files: Vec<_> = std::fs::read_dir(root().join("tests/perft"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    for path in files {
        let file: toml::Table = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        for c in file["case"].as_array().unwrap() {
            if c["game"].as_str() != Some(game.as_str()) || c.get("position").is_some() {
                continue;
            }
            let rules = load(&game);
            let mut start = rules.initial();
            for word in c
                .get("moves")
                .and_then(|m| m.as_str())
                .unwrap_or("")
                .split_whitespace()
            {
                let mv = notation::parse_move(&rules, &start, word).expect("a legal move");
                rules.play(&mut start, mv);
            }
            let counts = c["counts"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_integer().unwrap() as u64)
                .collect();
            return Case {
                rules,
                start,
                counts,
            };
        }
    }
    panic!("no perft case for {game}")
}

/// Every legal move of the start position, listed.
#[divan::bench(args = GAMES)]
fn legal_moves(bencher: Bencher, game: &str) {
    let c = case(game);
    let mut buf = Vec::new();
    bencher
        .counter(ItemsCount::new(c.counts[0]))
        .bench_local(|| {
            c.rules.legal_moves(&c.start, &mut buf);
            assert_eq!(buf.len() as u64, c.counts[0]);
        });
}

/// Every legal move of the start position, played on a copy.
#[divan::bench(args = GAMES)]
fn play(bencher: Bencher, game: &str) {
    let c = case(game);
    let mut moves = Vec::new();
    c.rules.legal_moves(&c.start, &mut moves);
    assert_eq!(moves.len() as u64, c.counts[0]);
    let mut st = c.start.clone();
    bencher
        .counter(ItemsCount::new(moves.len()))
        .bench_local(|| {
            for &mv in &moves {
                st.clone_from(&c.start);
                c.rules.play(&mut st, mv);
            }
        });
}

/// One uniformly random legal move of the start position, drawn without
/// listing them all; it must be one of the legal moves.
#[divan::bench(args = GAMES)]
fn random_move(bencher: Bencher, game: &str) {
    let c = case(game);
    let mut legal = Vec::new();
    c.rules.legal_moves(&c.start, &mut legal);
    let mut rng = fastrand::Rng::with_seed(1);
    bencher.bench_local(|| {
        let mv: Move = c.rules.random_move(&c.start, &mut rng).expect("a move");
        assert!(legal.contains(&mv));
    });
}

/// perft at the deepest depth of at most `PERFT_NODES` nodes.
#[divan::bench(args = GAMES, sample_count = 5, sample_size = 1)]
fn perft(bencher: Bencher, game: &str) {
    let c = case(game);
    let (depth, expected) = (c.counts.iter().enumerate())
        .filter(|&(_, &n)| n <= PERFT_NODES)
        .map(|(i, &n)| (i as u32 + 1, n))
        .next_back()
        .expect("a small enough count");
    bencher.counter(ItemsCount::new(expected)).bench_local(|| {
        assert_eq!(perft::perft(&c.rules, &c.start, depth), expected);
    });
}

/// 20 random playouts from the start, capped at 2,000 plies (Siege and
/// Tamerlane games need not end), counted in plies. Each playout must end
/// or reach the cap, and each sample replays the same seeded games: the
/// same number of plies as the first run.
#[divan::bench(args = GAMES, sample_count = 10, sample_size = 1)]
fn playouts(bencher: Bencher, game: &str) {
    let c = case(game);
    let run = |c: &Case| {
        const CAP: u32 = 2_000;
        let mut rng = fastrand::Rng::with_seed(1);
        let mut st = c.start.clone();
        let mut plies = 0u64;
        for _ in 0..20 {
            st.clone_from(&c.start);
            let n = playout::random_playout(&c.rules, &mut st, CAP, &mut rng);
            assert!(n == CAP || c.rules.outcome(&st) != Outcome::Ongoing);
            plies += u64::from(n);
        }
        plies
    };
    let plies = run(&c);
    bencher
        .counter(ItemsCount::new(plies))
        .bench_local(|| assert_eq!(run(&c), plies));
}
